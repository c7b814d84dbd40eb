import Foundation
import HometownClient
import HometownProtocol
import HometownTestSupport
import Testing

/// Every problem the server lists in a refusal reaches the library's caller (`ClientError.refusals`) and the
/// person at the terminal (`hometown post` and `update` print one line per problem, naming its field); against
/// the real `hometown serve` on loopback.
@Suite struct EveryRefusalClientTests {
    @Test func theLibraryGetsEveryRefusal() async throws {
        let (server, client) = try await LiveServer.start(retries: 0)
        defer { server.stop() }
        let first = await #expect(throws: ClientError.self, "the post was accepted") {
            try await client.addUser(nickname: "ann", password: "ab", state: "Narnia", year: 1800)
        }
        if let e = first {
            #expect(e.refusals.map(\.field) == ["password", "state", "year"])
            #expect(e.refusals.map(\.code) == [.length, .unsupportedState, .outOfRange])
            guard case .refused(400, .length?, _, "password", let others) = e else {
                Issue.record("not a refusal at 'password': \(e)")
                return
            }
            #expect(others.count == 2)
            let lines = e.description.split(separator: "\n")
            #expect(lines.count == 4, "\(e.description)")
            #expect(lines.dropFirst().map { $0.hasPrefix("  at '") } == [true, true, true], "\(e.description)")
        }
        // A taken nickname with another problem stays one refusal among the others.
        try await client.addUser(nickname: "ann", password: "abc")
        let second = await #expect(throws: ClientError.self, "the post was accepted") {
            try await client.addUser(nickname: "ANN", password: "abc", year: 1800)
        }
        if let e = second {
            #expect(e.refusals.map(\.code) == [.nicknameTaken, .outOfRange], "\(e)")
        }
        // Alone, it is still its own error.
        await #expect(throws: ClientError.nicknameTaken("Ann")) {
            try await client.addUser(nickname: "Ann", password: "abc")
        }
    }

    @Test func theCommandsPrintEveryRefusal() async throws {
        let server = try await ServerProcess(database: TestBackend.freshSQLitePath())
        defer { server.stop() }
        // The city is blank and the year out of range: both checked by the server only.
        let post = try await HometownBinary.run(
            [
                "post", "--at", "44.9661,-93.2938", "--nickname", "rew2", "--year", "1800", "--city", "  ",
                "--server", server.url,
            ], environment: ["HOMETOWN_PASSWORD": "guess"])
        #expect(post.status == 8, "\(post.err)")
        #expect(post.err.contains("for 2 reasons"), "\(post.err)")
        #expect(post.err.contains("\n  at 'city': ") && post.err.contains("\n  at 'year': "), "\(post.err)")
        let ok = try await HometownBinary.run(
            ["post", "--at", "44.9661,-93.2938", "--nickname", "rew2", "--year", "1985", "--server", server.url],
            environment: ["HOMETOWN_PASSWORD": "guess"])
        #expect(ok.status == 0, "\(ok.err)")
        let update = try await HometownBinary.run(
            ["update", "--id", "1", "--state", "Narnia", "--year", "1800", "--password-stdin", "--server", server.url],
            stdin: "guess\n")
        #expect(update.status == 8, "\(update.err)")
        #expect(update.err.contains("\n  at 'state': ") && update.err.contains("\n  at 'year': "), "\(update.err)")
    }
}
