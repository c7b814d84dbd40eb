import Foundation
import HometownClient
import HometownCore
import HometownProtocol
import HometownTestSupport
import Testing

/// The owner's typed calls, `update(id:password:change:)` and `delete(id:password:)`, against the real
/// `hometown serve` on loopback (and, for the mapping of codes and answers, a canned server).
@Suite struct OwnerRequestTests {
    /// Posts `ann` (Austin, Texas, with a point) and `bob` (Houston, without one): ids 1 and 2.
    static func twoPosts(_ client: HometownClient) async throws {
        try await client.addUser(
            nickname: "ann", password: "ann-secret", coordinate: .init(uncheckedLatitude: 30.27, longitude: -97.74))
        try await client.addUser(nickname: "bob", password: "bob-secret", city: "Houston", year: 2001)
    }

    @Test func theRightPasswordChangesThePostInPlace() async throws {
        let (server, client) = try await LiveServer.start()
        defer { server.stop() }
        try await Self.twoPosts(client)
        let before = try await client.users()
        let changed = try await client.update(
            id: 1, password: "ann-secret",
            change: UserChange(
                state: "Minnesota", city: "Minneapolis", year: 1990,
                coordinate: Coordinate(uncheckedLatitude: 44.9661, longitude: -93.2938)))
        #expect(changed.id == 1 && changed.nickname == "ann")
        #expect(changed.country == "USA" && changed.state == "Minnesota" && changed.city == "Minneapolis")
        #expect(changed.year == 1990)
        #expect(changed.coordinate?.latitude == 44.9661 && changed.coordinate?.longitude == -93.2938)
        #expect(changed.timestampMilliseconds == before[0].timestampMilliseconds)
        // Every answer shows it in place: same position in the list, the other post untouched.
        let after = try await client.users()
        #expect(after == [changed, before[1]])
        #expect(try await client.count() == 2)
        #expect(try await client.nextID() == 3)
        // A change of one field keeps the rest, the point too.
        let year = try await client.update(id: 1, password: "ann-secret", change: UserChange(year: 1991))
        #expect(year.year == 1991 && year.city == "Minneapolis" && year.coordinate == changed.coordinate)
    }

    @Test func deleteRemovesThePostAndFreesTheNickname() async throws {
        let (server, client) = try await LiveServer.start()
        defer { server.stop() }
        try await Self.twoPosts(client)
        #expect(try await client.nicknameExists("BOB"))
        try await client.delete(id: 2, password: "bob-secret")
        #expect(try await client.count() == 1)
        #expect(try await client.users().map(\.nickname) == ["ann"])
        #expect(try await client.nicknameExists("bob") == false)
        #expect(try await client.nextID() == 3, "nextid does not move back")
        // Deleted twice: the id is no post's now, the same answer as a wrong password.
        await #expect(throws: ClientError.wrongPassword(id: 2)) {
            try await client.delete(id: 2, password: "bob-secret")
        }
        // The nickname is free again, and the new post gets a new id.
        try await client.addUser(nickname: "Bob", password: "new-secret", city: "Dallas", year: 2002)
        #expect(try await client.users().map(\.id) == [1, 3])
    }

    @Test func aWrongPasswordAndAnUnknownIDAreTheSameError() async throws {
        let (server, client) = try await LiveServer.start()
        defer { server.stop() }
        try await Self.twoPosts(client)
        let before = try await client.users()
        await #expect(throws: ClientError.wrongPassword(id: 1)) {
            _ = try await client.update(id: 1, password: "bob-secret", change: UserChange(year: 1999))
        }
        await #expect(throws: ClientError.wrongPassword(id: 99)) {
            _ = try await client.update(id: 99, password: "ann-secret", change: UserChange(year: 1999))
        }
        await #expect(throws: ClientError.wrongPassword(id: 2)) {
            try await client.delete(id: 2, password: "Bob-secret")
        }
        await #expect(throws: ClientError.wrongPassword(id: 1234)) {
            try await client.delete(id: 1234, password: "bob-secret")
        }
        #expect(try await client.users() == before, "nothing changed")
        #expect(
            ClientError.wrongPassword(id: 99).description.contains("no post has id 99 with this password"))
    }

    @Test func aChangeThatBreaksAPostRuleIsRefusedAtItsField() async throws {
        let (server, client) = try await LiveServer.start()
        defer { server.stop() }
        try await Self.twoPosts(client)
        let before = try await client.users()
        do {
            _ = try await client.update(id: 1, password: "ann-secret", change: UserChange(state: "Bavaria"))
            Issue.record("a state of no served country was accepted")
        } catch ClientError.refused(let status, let code, let message, let field, _) {
            #expect(status == 400 && code == .unsupportedState && field == "state" && message.contains("Bavaria"))
        }
        do {
            // A new country whose states do not hold the stored one.
            _ = try await client.update(id: 2, password: "bob-secret", change: UserChange(country: "Mexico"))
            Issue.record("Texas was accepted as a state of Mexico")
        } catch ClientError.refused(let status, let code, _, let field, _) {
            #expect(status == 400 && code == .unsupportedState && field == "state")
        }
        do {
            _ = try await client.update(id: 1, password: "ann-secret", change: UserChange(year: 1800))
            Issue.record("year 1800 accepted")
        } catch ClientError.refused(let status, let code, _, let field, _) {
            #expect(status == 400 && code == .outOfRange && field == "year")
        }
        #expect(try await client.users() == before, "nothing changed")
    }

    /// A first wait of 10 s (not the default 1 s), times `TestSlowdown` (under ThreadSanitizer on two busy cores the
    /// right password once arrived after 10 s had passed), so that a loaded machine cannot let it pass between two
    /// tries; the wait's end and doubling are tested in-process (`OwnerEndpointTests`).
    @Test func wrongPasswordsBackOffWithRetryAfter() async throws {
        let firstWait = 10 * TestSlowdown.factor
        let (server, client) = try await LiveServer.start(extra: [
            "--owner-free-failures", "2", "--owner-first-backoff", String(firstWait),
        ])
        defer { server.stop() }
        try await Self.twoPosts(client)
        // The two free wrong passwords are answered; then an attempt waits, the right password too.
        var answered = 0
        var waited: Int?
        while waited == nil, answered < 10 {
            do {
                try await client.delete(id: 1, password: "nope")
                Issue.record("a wrong password deleted the post")
            } catch ClientError.wrongPassword(let id) {
                #expect(id == 1)
                answered += 1
            } catch ClientError.tooManyAttempts(let seconds) {
                waited = try #require(seconds, "no Retry-After read")
            }
        }
        #expect(answered == 2, "\(answered) wrong passwords answered with --owner-free-failures 2")
        // What is left of the first wait (less than all of it when the machine stalled between the tries).
        #expect(
            waited.map { (1...firstWait).contains($0) } == true,
            "the first wait is \(firstWait) s, not \(String(describing: waited))")
        do {
            try await client.delete(id: 1, password: "ann-secret")
            Issue.record("the right password went through during the wait")
        } catch ClientError.tooManyAttempts(let seconds) {
            #expect(seconds.map { (1...firstWait).contains($0) } == true)
        }
        #expect(ClientError.tooManyAttempts(retryAfter: 1).description.contains("try again in 1 s"))
        #expect(try await client.count() == 2, "the right password during the back-off deleted nothing")
    }

    // MARK: Codes, never words; answers checked

    @Test func theOwnersRefusalsComeFromTheirCodes() async throws {
        let wrong = try FakeServer(
            .respond(
                status: 403, type: "application/json",
                body: #"{"error":"mot de passe incorrect","field":"password","code":"wrong_password"}"#))
        defer { wrong.stop() }
        let a = try HometownClient(baseURL: wrong.url, timeout: 2, retries: 0)
        await #expect(throws: ClientError.wrongPassword(id: 5)) { try await a.delete(id: 5, password: "pw") }
        await #expect(throws: ClientError.wrongPassword(id: 6)) {
            _ = try await a.update(id: 6, password: "pw", change: UserChange(year: 1999))
        }

        let slow = try FakeServer(
            .respond(status: 429, type: "application/json", body: #"{"error":"attendez","code":"too_many_attempts"}"#))
        defer { slow.stop() }
        let b = try HometownClient(baseURL: slow.url, timeout: 2, retries: 0)
        await #expect(throws: ClientError.tooManyAttempts(retryAfter: nil)) {
            try await b.delete(id: 5, password: "pw")
        }

        // Words that say "wrong password" without the code are an ordinary refusal.
        let prose = try FakeServer(
            .respond(status: 403, type: "application/json", body: #"{"error":"wrong password","field":"password"}"#))
        defer { prose.stop() }
        let c = try HometownClient(baseURL: prose.url, timeout: 2, retries: 0)
        await #expect(throws: ClientError.refused(status: 403, code: nil, message: "wrong password", field: "password"))
        {
            try await c.delete(id: 5, password: "pw")
        }
    }

    @Test func answersThatAreNotTheProtocolsAreMalformed() async throws {
        // A delete acknowledged for another id, or without "deleted": true.
        for body in [#"{"id":6,"deleted":true}"#, #"{"id":5,"deleted":false}"#, #"{"id":5}"#, "[]"] {
            let server = try FakeServer(.respond(status: 200, type: "application/json", body: body))
            defer { server.stop() }
            let client = try HometownClient(baseURL: server.url, timeout: 2, retries: 0)
            do {
                try await client.delete(id: 5, password: "pw")
                Issue.record("\(body) taken as a delete of 5")
            } catch ClientError.malformedResponse(_, let detail) {
                #expect(detail.contains("deleted"))
            }
        }
        // An update answered with a list, or an object without the user's keys.
        for body in ["[]", #"{"id":5,"nickname":"ann"}"#] {
            let server = try FakeServer(.respond(status: 200, type: "application/json", body: body))
            defer { server.stop() }
            let client = try HometownClient(baseURL: server.url, timeout: 2, retries: 0)
            do {
                _ = try await client.update(id: 5, password: "pw", change: UserChange(year: 1999))
                Issue.record("\(body) taken as a changed user")
            } catch ClientError.malformedResponse(_, let detail) {
                #expect(!detail.isEmpty)
            }
        }
        let page = try FakeServer(.respond(status: 200, type: "text/html", body: "<html></html>"))
        defer { page.stop() }
        let client = try HometownClient(baseURL: page.url, timeout: 2, retries: 0)
        await #expect(throws: ClientError.notAHometownServer(url: page.url + "/hometown/users/5/delete", status: 200)) {
            try await client.delete(id: 5, password: "pw")
        }
    }
}
