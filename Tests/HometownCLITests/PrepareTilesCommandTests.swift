import Foundation
import HometownTestSupport
import Testing

/// `hometown prepare-tiles`: writes tiles.bin that a server then uses, and refuses what it cannot do with a clear
/// message and exit status.
@Suite struct PrepareTilesCommandTests {
    @Test func itWritesTheFileAServerThenServesFrom() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hometown-tiles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("tiles.bin").path
        let r = try await CLI.run(["prepare-tiles", "--zooms", "1", "--out", out])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("wrote \(out): 1 boundary tiles and 1 name tiles of zooms 0-0"), "\(r.out)")
        #expect(!FileManager.default.fileExists(atPath: out + ".partial"))
        // A server given it uses both tiles of zoom 0 (same data, same names).
        let server = try await ServerProcess(
            database: dir.appendingPathComponent("users.sqlite").path,
            extra: ["--prepared-tiles", out, "--log-level", "info", "--prepare-map-zooms", "0"])
        defer { server.stop() }
        #expect(await server.waitForOutput("map tiles drawn ahead: 2 from \(out)"), "\(server.errorOutput)")
    }

    @Test func badZoomsAnUnwritablePlaceAndAMissingFileAreRefused() async throws {
        let zooms = try await CLI.run(["prepare-tiles", "--zooms", "7"])
        #expect(zooms.status == 2 && zooms.err.contains("--zooms must be from 1 to 6"), "\(zooms.err)")
        let nowhere = try await CLI.run(["prepare-tiles", "--zooms", "1", "--out", "/nonexistent/dir/tiles.bin"])
        #expect(
            nowhere.status == 1 && nowhere.err.contains("cannot write /nonexistent/dir/tiles.bin"), "\(nowhere.err)")
        let countries = try await CLI.run(["prepare-tiles", "--zooms", "1", "--countries", "Narnia"])
        #expect(countries.status == 2 && countries.err.contains("--countries"), "\(countries.err)")
        let serve = try await CLI.run(["serve", "--port", "0", "--prepared-tiles", "/nonexistent/tiles.bin"])
        #expect(serve.status == 2 && serve.err.contains("--prepared-tiles"), "\(serve.err)")
    }
}
