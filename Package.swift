// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Hometown",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "hometown", targets: ["hometown"]),
        .library(name: "HometownCore", targets: ["HometownCore"]),
        .library(name: "HometownProj", targets: ["HometownProj"]),
        .library(name: "HometownGEOS", targets: ["HometownGEOS"]),
        .library(name: "HometownBoundaries", targets: ["HometownBoundaries"]),
        .library(name: "HometownGazetteer", targets: ["HometownGazetteer"]),
        .library(name: "HometownMarkers", targets: ["HometownMarkers"]),
        .library(name: "HometownClustering", targets: ["HometownClustering"]),
        .library(name: "HometownViewport", targets: ["HometownViewport"]),
        .library(name: "HometownProtocol", targets: ["HometownProtocol"]),
        .library(name: "HometownVocabulary", targets: ["HometownVocabulary"]),
        .library(name: "HometownStore", targets: ["HometownStore"]),
        .library(name: "HometownPostgres", targets: ["HometownPostgres"]),
        .library(name: "HometownBasemap", targets: ["HometownBasemap"]),
        .library(name: "HometownTiles", targets: ["HometownTiles"]),
        .library(name: "HometownServer", targets: ["HometownServer"]),
        .library(name: "HometownClient", targets: ["HometownClient"]),
    ],
    dependencies: [
        // API documentation (tools/docs.sh); a plugin only, not linked into anything.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/vapor/sqlite-kit", from: "4.5.2"),
        .package(url: "https://github.com/vapor/sql-kit", from: "3.36.0"),
        // The PostgreSQL backend: PostgresKit's SQLKit dialect on PostgresNIO's pooled client.
        .package(url: "https://github.com/vapor/postgres-kit", from: "2.17.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // ByteBuffer and the event loops, which Hummingbird is built on; named here for the modules that use them.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // Named for the modules that use their types directly (TLS errors in the client, PostgreSQL's error codes,
        // SQLite's in the server tests); each is already a dependency of a package above.
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        // gzip of the server's answers (zlib through a maintained wrapper, streaming into ByteBuffers).
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        // GET /metrics: swift-metrics' API, exported in Prometheus' text format by a registry the server owns.
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    ],
    targets: [
        // C libraries from Debian: libproj-dev + proj-data, libgeos-dev, libsqlite3-dev (tools/install-deps.sh).
        // CPROJ gives PROJ's headers only (no pkg-config, so no -lproj): HometownProj opens the library when a
        // command first needs it (ProjSymbols), so the other commands do not pay for loading it at start-up.
        .systemLibrary(name: "CPROJ", providers: [.apt(["libproj-dev", "proj-data"])]),
        .systemLibrary(name: "CGEOS", pkgConfig: "geos", providers: [.apt(["libgeos-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // zlib1g-dev: gzip for the batch commands' input and output.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),

        // Pure-Swift value types: Coordinate, BoundingBox, GeoJSON.
        .target(name: "HometownCore", linkerSettings: [.linkedLibrary("m")]),
        // The only modules that import the C libraries.
        .target(name: "HometownProj", dependencies: ["CPROJ", "HometownCore"]),
        .target(name: "HometownGEOS", dependencies: ["CGEOS", "HometownCore"]),
        // A cache-prefetch hint (a compiler builtin, no library) for the batch lookups.
        .target(name: "CPrefetch"),
        // Bundled boundary data (runtime format) and reverse geocoding; no C library at run time.
        .target(name: "HometownBoundaries", dependencies: ["HometownCore", "CPrefetch"]),
        // Forward geocoding from the bundled gazetteer; no C library at run time.
        .target(name: "HometownGazetteer", dependencies: ["HometownCore", "HometownBoundaries"]),
        // Marker views: markers + filters, supercluster-compatible clustering, fitting a viewport.
        .target(name: "HometownMarkers", dependencies: ["HometownCore"]),
        .target(name: "HometownClustering", dependencies: ["HometownCore", "CPrefetch"]),
        .target(name: "HometownViewport", dependencies: ["HometownCore", "HometownProtocol"]),
        // The map's base layer: the bundled boundaries simplified per zoom as vector tiles, and static
        // SVG maps; the names on them, placed per zoom from the boundaries and the gazetteer. Pure Swift
        // at run time.
        .target(
            name: "HometownBasemap",
            dependencies: ["HometownCore", "HometownBoundaries", "HometownGazetteer", "HometownViewport"]),
        // The Hometown protocol: the wire contract (users, queries, answers, validation, error codes);
        // shared by the server and the client. No networking, no geography.
        .target(name: "HometownProtocol", dependencies: ["HometownCore"]),
        // The server's vocabulary of country and state names from the bundled data, and the mapping of a bundled
        // place to the protocol's reverse and forward answers (shared by the server and the CLI).
        .target(
            name: "HometownVocabulary",
            dependencies: [
                "HometownCore", "HometownBoundaries", "HometownGazetteer", "HometownProtocol",
            ]),
        // Durable storage of users behind one protocol (UserStore); SQLite through SQLKit/SQLiteKit.
        .target(
            name: "HometownStore",
            dependencies: [
                "HometownCore", "HometownProtocol",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // The PostgreSQL backend of UserStore, sharing SQLUserQueries through SQLKit.
        .target(
            name: "HometownPostgres",
            dependencies: [
                "HometownCore", "HometownStore", "HometownProtocol",
                .product(name: "PostgresKit", package: "postgres-kit"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]),
        // The web map's tiles: drawn from the bundled data (which it loads and checks), and drawn ahead into
        // tiles.bin (`hometown prepare-tiles`, which then needs no HTTP server).
        .target(
            name: "HometownTiles",
            dependencies: [
                "HometownCore", "HometownBoundaries", "HometownGazetteer", "HometownBasemap", "HometownVocabulary",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "CompressNIO", package: "compress-nio"),
            ]),
        // `hometown serve`: the protocol over HTTP (Hummingbird 2), password hashing, the extra endpoints.
        .target(
            name: "HometownServer",
            dependencies: [
                "HometownCore", "HometownProtocol", "HometownVocabulary", "HometownStore", "HometownPostgres",
                "HometownBoundaries", "HometownGazetteer", "HometownClustering", "HometownViewport", "HometownBasemap",
                "HometownTiles",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ], resources: [.copy("Public")]),
        // A typed async client of the protocol on AsyncHTTPClient.
        .target(
            name: "HometownClient",
            dependencies: [
                "HometownCore", "HometownProtocol",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]),
        // The CLI: a thin ArgumentParser layer.
        .target(
            name: "HometownCLI",
            dependencies: [
                "HometownCore", "HometownBoundaries", "HometownGazetteer", "HometownMarkers", "HometownClustering",
                "HometownViewport",
                "HometownBasemap", "HometownTiles", "HometownServer", "HometownClient", "HometownProtocol",
                "HometownVocabulary",
                "HometownProj", "HometownStore", "HometownPostgres", "CZlib",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .executableTarget(name: "hometown", dependencies: ["HometownCLI"]),

        // Offline tools: the data builder, the accuracy report, the benchmark driver.
        .executableTarget(
            name: "hometown-data",
            dependencies: [
                "HometownCore", "HometownGEOS", "HometownBoundaries", "CSQLite",
                // water.bin (`--water`): the lakes' file format and Web Mercator.
                "HometownBasemap", "HometownViewport",
            ], path: "tools/databuilder"),
        .executableTarget(
            name: "hometown-gazetteer",
            dependencies: ["HometownCore", "HometownBoundaries", "HometownGazetteer", "CSQLite"],
            path: "tools/gazetteerbuilder"),
        // Compiles Unicode's confusables.txt into Sources/HometownProtocol/ConfusablesTable.swift (nickname keys).
        .executableTarget(
            name: "hometown-confusables", dependencies: ["HometownProtocol"], path: "tools/confusablesbuilder"),
        .executableTarget(
            name: "hometown-forward-accuracy",
            dependencies: ["HometownCore", "HometownBoundaries", "HometownGazetteer"],
            path: "tools/forwardaccuracy", exclude: ["README.md"]),
        .executableTarget(
            name: "hometown-accuracy", dependencies: ["HometownCore", "HometownBoundaries"],
            path: "tools/accuracy"),
        .executableTarget(
            name: "hometown-bench", dependencies: ["HometownCore", "HometownBoundaries", "HometownGEOS"],
            path: "tools/bench/swift"),
        .executableTarget(
            name: "hometown-bench-forward", dependencies: ["HometownGazetteer"], path: "tools/bench/forward/swift"),
        .executableTarget(
            name: "hometown-bench-hello",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"), .product(name: "NIOCore", package: "swift-nio"),
            ],
            path: "tools/bench/server/hello"),
        .executableTarget(
            name: "hometown-bench-markers", dependencies: ["HometownClustering", "HometownCore"],
            path: "tools/bench/markers/swift"),
        .executableTarget(name: "hometown-bench-proj", dependencies: ["HometownProj"], path: "tools/bench/proj/swift"),

        .testTarget(name: "HometownCoreTests", dependencies: ["HometownCore", "HometownTestSupport"]),
        .testTarget(name: "HometownProjTests", dependencies: ["HometownProj", "HometownCore"]),
        .testTarget(name: "HometownGEOSTests", dependencies: ["HometownGEOS", "HometownCore"]),
        .testTarget(
            name: "HometownBoundariesTests",
            dependencies: ["HometownBoundaries", "HometownGEOS", "HometownCore", "HometownTestSupport"]),
        .testTarget(
            name: "HometownGazetteerTests",
            dependencies: ["HometownGazetteer", "HometownBoundaries", "HometownCore", "HometownTestSupport"]),
        .testTarget(
            name: "HometownMarkersTests", dependencies: ["HometownMarkers", "HometownCore", "HometownTestSupport"]),
        .testTarget(
            name: "HometownClusteringTests",
            dependencies: ["HometownClustering", "HometownCore", "HometownTestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "HometownViewportTests",
            dependencies: ["HometownViewport", "HometownProtocol", "HometownProj", "HometownCore"]),
        .testTarget(
            name: "HometownBasemapTests",
            dependencies: [
                "HometownBasemap", "HometownBoundaries", "HometownGazetteer", "HometownCore", "HometownTestSupport",
            ]),
        .testTarget(
            name: "HometownCLITests",
            dependencies: [
                "HometownCLI", "HometownBoundaries", "HometownCore", "HometownProtocol", "HometownTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Golden pictures are read by path (MapGoldenTests), not bundled.
            exclude: ["Golden"]),
        .testTarget(
            name: "HometownProtocolTests",
            dependencies: [
                "HometownProtocol", "HometownVocabulary", "HometownBoundaries", "HometownGazetteer", "HometownCore",
            ]),
        .testTarget(
            name: "HometownVocabularyTests",
            dependencies: [
                "HometownVocabulary", "HometownProtocol", "HometownBoundaries", "HometownGazetteer", "HometownCore",
                "HometownTestSupport",
            ]),
        .testTarget(
            name: "HometownStoreTests",
            dependencies: [
                "HometownStore", "HometownProtocol", "HometownCore", "HometownStoreTestSupport", "HometownTestSupport",
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]),
        // The users query and nickname check in SQL, run on a store's own database: the oracle the in-memory
        // answers are compared with in the store, PostgreSQL and server tests.
        .target(
            name: "HometownStoreTestSupport",
            dependencies: [
                "HometownStore", "HometownPostgres", "HometownProtocol",
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            path: "Tests/HometownStoreTestSupport"),
        // Helpers shared by the test targets: `hometown` as a process, misbehaving servers, threads for long computation.
        .target(
            name: "HometownTestSupport",
            dependencies: ["HometownCore", .product(name: "AsyncHTTPClient", package: "async-http-client")],
            path: "Tests/HometownTestSupport"),
        .testTarget(
            name: "HometownClientTests",
            dependencies: [
                "HometownClient", "HometownProtocol", "HometownViewport", "HometownCore", "HometownTestSupport",
            ]),
        .testTarget(
            name: "HometownPostgresTests",
            dependencies: [
                "HometownPostgres", "HometownStore", "HometownProtocol", "HometownClient", "HometownStoreTestSupport",
                "HometownCore", "HometownTestSupport",
                "HometownVocabulary", "HometownBoundaries", "HometownGazetteer",
                .product(name: "PostgresKit", package: "postgres-kit"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]),
        .testTarget(
            name: "HometownTilesTests",
            dependencies: [
                "HometownTiles", "HometownBasemap", "HometownBoundaries", "HometownVocabulary", "HometownTestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "CompressNIO", package: "compress-nio"),
            ]),
        .testTarget(
            name: "HometownServerTests",
            dependencies: [
                "HometownServer", "HometownProtocol", "HometownStore", "HometownCore", "HometownTestSupport",
                "HometownTiles", "HometownStoreTestSupport", "HometownClustering", "HometownBasemap",
                "HometownGazetteer",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "CompressNIO", package: "compress-nio"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
