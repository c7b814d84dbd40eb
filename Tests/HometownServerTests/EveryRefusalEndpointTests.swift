import Foundation
import HTTPTypes
import HometownProtocol
import HometownServer
import HummingbirdTesting
import Testing

/// A refused post (and an owner's refused change) answers with every problem at once: the first as the body's
/// `error`, `field` and `code`, as before, and all of them in `errors`, in the protocol's key order.
@Suite struct EveryRefusalEndpointTests {
    /// The body's top-level error and its `errors`, each as (field, code, error).
    static func problems(_ r: TestResponse) throws -> (top: [String?], all: [[String?]]) {
        let o = try #require(r.json as? [String: Any], "\(r.text)")
        func parts(_ e: [String: Any]) -> [String?] {
            [e["field"] as? String, e["code"] as? String, e["error"] as? String]
        }
        let all = try #require(o["errors"] as? [[String: Any]], "\(r.text)")
        #expect(Set(o.keys).isSubset(of: ["error", "field", "code", "errors"]), "\(r.text)")
        return (parts(o), all.map(parts))
    }

    @Test func aPostWithThreeBadFieldsGetsThemAll() async throws {
        try await Fixture.withServer { client in
            let r = try await client.post(
                #"{"nickname": "ann", "password": "ab", "country": "USA", "state": "Narnia", "city": "Austin", "year": 1800}"#
            )
            #expect(r.status == .badRequest)
            print("a post with three bad fields is refused with: \(r.text)")
            let (top, all) = try Self.problems(r)
            #expect(all.map { $0[0] } == ["password", "state", "year"])
            #expect(all.map { $0[1] } == ["length", "unsupported_state", "out_of_range"])
            #expect(all.first == top)
            #expect(all.allSatisfy { ($0[2]?.isEmpty ?? true) == false })
            // Nothing was stored.
            #expect(try await client.get("/hometown/count").text == "0")
        }
    }

    @Test func aTakenNicknameIsListedWithTheOtherProblems() async throws {
        try await Fixture.withServer { client in
            #expect(try await client.post(Fixture.rew).status == .ok)
            let r = try await client.post(
                #"{"nickname": "REW", "password": "catman", "country": "USA", "state": "ND", "city": "", "year": 2100}"#
            )
            let (top, all) = try Self.problems(r)
            #expect(r.status == .badRequest)
            #expect(all.map { $0[0] } == ["nickname", "city", "year"])
            #expect(all.map { $0[1] } == ["nickname_taken", "length", "out_of_range"])
            #expect(top == all[0])
            // A refused nickname is not looked up: its own problem stands.
            let bad = try await client.post(
                #"{"nickname": "\u200Brew", "password": "catman", "country": "USA", "state": "ND", "city": "", "year": 1985}"#
            )
            #expect(try Self.problems(bad).all.map { $0[1] } == ["invalid_character", "length"])
        }
    }

    @Test func aProblemWithTheBodyStandsAlone() async throws {
        try await Fixture.withServer { client in
            for (body, code) in [
                ("not json", "malformed_body"), (#"{"nickname": 1, "year": 1, "lattitude": 1}"#, "unknown_key"),
                (#"{"year": 1, "year": 2}"#, "repeated"),
            ] {
                let r = try await client.post(body)
                let (top, all) = try Self.problems(r)
                #expect(r.status == .badRequest && top[1] == code && all == [top], "\(body): \(r.text)")
            }
            let big = try await client.post(String(repeating: " ", count: ProtocolLimits.maxBodyBytes + 1) + "{}")
            let (top, all) = try Self.problems(big)
            #expect(big.status == .contentTooLarge && top[1] == "body_too_large" && all == [top])
            // A query's refusal carries the list too, of its one problem.
            let q = try await client.get("/hometown/users?year=abc")
            #expect(try Self.problems(q).all == [try Self.problems(q).top])
        }
    }

    @Test func theOwnersChangeGetsEveryProblem() async throws {
        try await Fixture.withServer { client in
            #expect(try await client.post(Fixture.rew).status == .ok)
            let r = try await client.post(
                #"{"password": "catman", "state": "Narnia", "year": 1800, "latitude": 95, "longitude": 0}"#,
                to: "/hometown/users/1/update")
            #expect(r.status == .badRequest, "\(r.text)")
            let (top, all) = try Self.problems(r)
            #expect(all.map { $0[0] } == ["state", "year", "latitude"])
            #expect(top == all[0])
        }
    }
}
