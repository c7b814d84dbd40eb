import Foundation
import HometownClient
import HometownProtocol
import HometownTestSupport
import Testing

/// The client reads the server's `code`, never its words; `hometown post` leaves the year range to the server.
@Suite struct ErrorCodeMappingTests {
    static let user = NewUser(
        nickname: "taker", password: "secret", country: "USA", state: "Texas", city: "Austin",
        year: 2000, coordinate: nil)

    @Test func nicknameTakenComesFromTheCode() async throws {
        let coded = try FakeServer(
            .respond(
                status: 400, type: "application/json",
                body: #"{"error":"ce surnom est pris","field":"nickname","code":"nickname_taken"}"#))
        defer { coded.stop() }
        await #expect(throws: ClientError.nicknameTaken("taker")) {
            try await HometownClient(baseURL: coded.url, timeout: 2, retries: 0).addUser(Self.user)
        }
    }

    @Test func aMessageSayingTakenIsNotACode() async throws {
        let body = #"{"error":"nickname 'taker' is taken","field":"nickname","code":"invalid_character"}"#
        let prose = try FakeServer(.respond(status: 400, type: "application/json", body: body))
        defer { prose.stop() }
        do {
            try await HometownClient(baseURL: prose.url, timeout: 2, retries: 0).addUser(Self.user)
            Issue.record("no error")
        } catch let e as ClientError {
            #expect(
                e
                    == .refused(
                        status: 400, code: .invalidCharacter, message: "nickname 'taker' is taken",
                        field: "nickname"))
        }
        let uncoded = try FakeServer(
            .respond(
                status: 400, type: "application/json",
                body: #"{"error":"nickname 'taker' is taken","field":"nickname"}"#))
        defer { uncoded.stop() }
        do {
            try await HometownClient(baseURL: uncoded.url, timeout: 2, retries: 0).addUser(Self.user)
            Issue.record("no error")
        } catch let e as ClientError {
            #expect(e == .refused(status: 400, code: nil, message: "nickname 'taker' is taken", field: "nickname"))
        }
    }

    @Test func theServersYearRangeDecides() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hometown-minyear-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let server = try await ServerProcess(
            database: dir.appendingPathComponent("users.sqlite").path, extra: ["--min-year", "1950"])
        defer { server.stop() }
        let post = try await HometownBinary.run(
            [
                "post", "--at", "44.9661,-93.2938", "--nickname", "elder", "--year", "1960",
                "--server", server.url,
            ], environment: ["HOMETOWN_PASSWORD": "secret"])
        #expect(post.status == 0, "\(post.err)")
        #expect(post.out.contains("Minnesota") && post.out.contains("1960"))
        let early = try await HometownBinary.run(
            [
                "post", "--at", "44.9661,-93.2938", "--nickname", "older", "--year", "1940",
                "--server", server.url,
            ], environment: ["HOMETOWN_PASSWORD": "secret"])
        #expect(early.status == 8 && early.err.contains("year"), "\(early.err)")
        let taken = try await HometownBinary.run(
            [
                "post", "--at", "44.9661,-93.2938", "--nickname", "ELDER", "--year", "1960",
                "--server", server.url,
            ], environment: ["HOMETOWN_PASSWORD": "secret"])
        #expect(taken.status == 9, "\(taken.err)")
    }
}
