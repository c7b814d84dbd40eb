import Foundation
import HometownTestSupport
import Testing

/// One whole picture of `hometown map`, compared byte for byte with the file kept in Golden/: the land, the
/// state lines, the lakes as water and the names. A change to any of them shows here as a diff to
/// look at. After a deliberate change, write the file again with `HOMETOWN_UPDATE_GOLDEN=1 swift test --filter
/// MapGoldenTests` and review the difference before committing it.
@Suite struct MapGoldenTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden/map-minneapolis-zoom7.svg")

    @Test func minneapolisAtZoom7IsTheGoldenPicture() async throws {
        let r = try await HometownBinary.run(["map", "--center", "44.97,-93.26", "--zoom", "7"])
        #expect(r.status == 0, "\(r.err)")
        if ProcessInfo.processInfo.environment["HOMETOWN_UPDATE_GOLDEN"] == "1" {
            try r.out.write(to: Self.golden, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: Self.golden, encoding: .utf8)
        if r.out != expected {
            let actual = FileManager.default.temporaryDirectory.appendingPathComponent("map-minneapolis-zoom7.svg")
            try r.out.write(to: actual, atomically: true, encoding: .utf8)
            Issue.record("the picture differs from \(Self.golden.path); this run's is at \(actual.path)")
        }
        // What the golden file is meant to show, so that a regenerated one cannot lose it unnoticed.
        for name in [">Minneapolis<", ">Saint Paul<", ">Minnesota<", ">Wisconsin<"] {
            #expect(expected.contains(name), "\(name)")
        }
        #expect(expected.contains("class=\"water\""))
    }
}
