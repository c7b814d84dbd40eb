// swift-tools-version:6.0
// A package outside Hometown that depends on it, as another tool would: reverse-geocodes a point, clusters
// markers and fits a map region. `Examples/run.sh` builds and runs it against this checkout (part of the tests).
import PackageDescription

let package = Package(
    name: "HometownExample",
    dependencies: [
        // Another project names the repository instead: .package(url: "https://github.com/OWNER/Hometown", from: "...").
        .package(name: "Hometown", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "HometownExample",
            dependencies: [
                .product(name: "HometownCore", package: "Hometown"),
                .product(name: "HometownBoundaries", package: "Hometown"),
                .product(name: "HometownClustering", package: "Hometown"),
                .product(name: "HometownViewport", package: "Hometown"),
            ])
    ],
    swiftLanguageModes: [.v6]
)
