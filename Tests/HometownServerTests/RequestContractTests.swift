import HTTPTypes
import HometownServer
import HummingbirdTesting
import NIOCore
import Testing

/// Corners of the request contract (docs/protocol.md): every endpoint refuses parameters it does not take, POSTs
/// included; a refusal names the parameter at fault; `If-None-Match: *` never hides an error; any id up to 2^63 - 1
/// that no post has is an unknown id like any other.
@Suite struct RequestContractTests {
    @Test func thePostsRefuseQueryParameters() async throws {
        try await Fixture.withServer(try await OwnerEndpointTests.configuration(.sqlite)) { client in
            let added = try await client.post(Fixture.rew2, to: "/hometown/adduser?x=1")
            #expect(added.status == .badRequest && added.errorField == "x", "\(added.text)")
            #expect(try await client.get("/hometown/count").text == "0", "nothing stored")
            #expect(try await client.post(Fixture.rew2).status == .ok)
            for action in ["update", "delete"] {
                let r = try await client.post(#"{"password": "guess"}"#, to: "/hometown/users/1/\(action)?x=1")
                #expect(r.status == .badRequest && r.errorField == "x", "\(action): \(r.text)")
            }
            #expect(try await client.get("/hometown/count").text == "1", "not deleted")
        }
    }

    @Test func aRegionRefusalNamesTheSideAtFault() async throws {
        try await Fixture.withServer { client in
            #expect(try await client.post(Fixture.rew2).status == .ok)
            for (query, field) in [
                ("width=0&height=0", "width"), ("width=0&height=600", "width"), ("width=800&height=0", "height"),
                ("width=800&height=600&padding=300", "padding"), ("width=100&height=600&padding=50", "padding"),
                ("width=1e9&height=600", "width"), ("width=800&height=-1", "height"),
            ] {
                let r = try await client.get("/hometown/region?\(query)")
                #expect(r.status == .badRequest && r.errorField == field, "\(query): \(r.text)")
                // A side too large and a side of 0 are told the same rule.
                if field != "padding" {
                    #expect(r.text.contains("must be more than 0 and at most 100000 pixels"), "\(query): \(r.text)")
                }
            }
            #expect(try await client.get("/hometown/region?width=800&height=600").status == .ok)
        }
    }

    @Test func anyTagMatchesOnlyAnAnswerThatExists() async throws {
        try await Fixture.withServer { client in
            #expect(try await client.post(Fixture.rew2).status == .ok)
            let star: HTTPFields = [.ifNoneMatch: "*"]
            let none = try await client.execute(
                uri: "/hometown/region?width=800&height=600&year=1999", method: .get, headers: star)
            #expect(none.status == .notFound && none.headers[.eTag] == nil, "\(none.status)")
            let some = try await client.execute(
                uri: "/hometown/region?width=800&height=600", method: .get, headers: star)
            #expect(some.status == .notModified && some.headers[.eTag] != nil)
            let refused = try await client.execute(
                uri: "/hometown/states?country=Atlantis", method: .get, headers: star)
            #expect(refused.status == .badRequest)
            #expect(
                try await client.execute(uri: "/hometown/countries", method: .get, headers: star).status == .notModified
            )
        }
    }

    @Test func anIdBeyondEveryPostIsAnUnknownId() async throws {
        try await Fixture.withServer(try await OwnerEndpointTests.configuration(.sqlite)) { client in
            for id in ["9223372036854775807", "1000000000000000000", "0007"] {
                let r = try await client.post(#"{"password": "guess"}"#, to: "/hometown/users/\(id)/update")
                #expect(r.status == .forbidden && r.errorField == "password", "\(id): \(r.text)")
            }
            for id in ["0", "000", "-1", "1.0", "1e3", "%31", "9223372036854775808", "+1"] {
                let r = try await client.post(#"{"password": "guess"}"#, to: "/hometown/users/\(id)/update")
                #expect(r.status == .badRequest && r.errorField == "id", "\(id): \(r.text)")
            }
        }
    }
}
