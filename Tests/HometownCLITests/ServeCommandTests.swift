import Foundation
import HometownTestSupport
import Testing

/// `hometown serve` refusing what it cannot serve with, naming the option and why.
@Suite struct ServeCommandTests {
    static func freshDatabase() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString).sqlite").path
    }

    /// A --public folder without openapi.yaml is named as given (the refusal said "give --public DIR" to one who
    /// had), and a --host name nothing resolves is named as the option (a resolver's error type was printed).
    @Test func aFolderOrHostThatCannotServeIsNamed() async throws {
        let db = Self.freshDatabase()
        defer { try? FileManager.default.removeItem(atPath: db) }
        let folder = try await HometownBinary.run([
            "serve", "--port", "0", "--db", db, "--prepare-map-zooms", "0", "--public", "/nonexistent-public",
        ])
        #expect(folder.status == 2, "\(folder.err)")
        #expect(folder.err.contains("--public: /nonexistent-public holds no openapi.yaml"), "\(folder.err)")
        let host = try await HometownBinary.run([
            "serve", "--port", "0", "--db", db, "--prepare-map-zooms", "0", "--host", "bogus.invalid",
        ])
        #expect(host.status == 1, "\(host.err)")
        #expect(host.err.contains("cannot listen: the --host name is no address"), "\(host.err)")
    }
}
