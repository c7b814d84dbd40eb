import CompressNIO
import Foundation
import HTTPTypes
import HometownCore
import HometownProtocol
import HometownServer
import HometownStore
import HometownStoreTestSupport
import HummingbirdTesting
import NIOCore
import Testing

/// Entity tags and 304, gzip, HEAD, and answers read from the in-memory view (streamed when large).
@Suite struct AnswerDeliveryTests {
    /// A database holding `n` users (stored in one transaction), and the users as stored.
    static func seededDatabase(_ n: Int) async throws -> (path: String, users: [User]) {
        let path = Fixture.freshDatabase()
        let store = try await SQLiteUserStore.open(path: path)
        var rng = SeededRandom(seed: 11)
        let states = ["Minnesota", "Texas", "Ohio", "North Dakota"]
        var batch: [(user: NewUser, passwordHash: String, createdMilliseconds: Int64)] = []
        for i in 0..<n {
            let point =
                i % 10 == 3
                ? nil : Coordinate(uncheckedLatitude: 30 + rng.unit() * 15, longitude: -100 + rng.unit() * 20)
            batch.append(
                (
                    NewUser(
                        nickname: "user\(i)", password: "x", country: "USA", state: states[i % 4],
                        city: "City \(i % 7)",
                        year: 1990 + i % 20, coordinate: point), "h", 1_600_000_000_000 + Int64(i)
                ))
        }
        try await store.insertBatch(batch)
        let users = try await store.users(UsersQuery())
        try await store.close()
        return (path, users)
    }

    static func gunzip(_ buffer: ByteBuffer) throws -> String {
        var b = buffer
        return String(buffer: try b.decompress(with: .gzip()))
    }

    @Test func tagsAnswerNotModifiedUntilAPost() async throws {
        try await Fixture.withServer { client in
            _ = try await client.post(Fixture.rew)
            for path in [
                "/hometown/users", "/hometown/count", "/hometown/nextid", "/hometown/countries",
                "/hometown/states?country=USA", "/hometown/users?country=USA&page=0",
            ] {
                let first = try await client.get(path)
                let tag = try #require(first.headers[.eTag], "\(path)")
                #expect(first.headers[.cacheControl] == "no-cache")
                let again = try await client.execute(uri: path, method: .get, headers: [.ifNoneMatch: tag])
                #expect(
                    again.status == .notModified && again.body.readableBytes == 0 && again.headers[.eTag] == tag,
                    "\(path)")
                let weak = try await client.execute(
                    uri: path, method: .get, headers: [.ifNoneMatch: "\"other\", W/\(tag)"])
                #expect(weak.status == .notModified, "\(path)")
                let other = try await client.execute(uri: path, method: .get, headers: [.ifNoneMatch: "\"other\""])
                #expect(other.status == .ok && other.body == first.body, "\(path)")
            }
            let users = try await client.get("/hometown/users")
            let countries = try await client.get("/hometown/countries")
            _ = try await client.post(Fixture.rew2)
            // The users changed: the old tag no longer matches, and the new answer has the new post.
            let after = try await client.execute(
                uri: "/hometown/users", method: .get, headers: [.ifNoneMatch: users.headers[.eTag]!])
            #expect(after.status == .ok && after.text.contains("rew2") && after.headers[.eTag] != users.headers[.eTag])
            // What does not depend on users keeps its tag.
            let same = try await client.execute(
                uri: "/hometown/countries", method: .get, headers: [.ifNoneMatch: countries.headers[.eTag]!])
            #expect(same.status == .notModified)
        }
    }

    @Test func largeAnswersStreamTheDatabasesBytesAndGzipWhenAsked() async throws {
        let (path, stored) = try await Self.seededDatabase(2_600)
        try await Fixture.withServer(Fixture.configuration(database: path)) { client in
            var want: [UInt8] = []
            UserJSON.append(stored, to: &want)
            let plain = try await client.get("/hometown/users")
            #expect(plain.status == .ok && Array(buffer: plain.body) == want)
            #expect(plain.headers[.contentEncoding] == nil)
            let zipped = try await client.execute(
                uri: "/hometown/users", method: .get, headers: [.acceptEncoding: "br;q=1, gzip;q=0.5"])
            #expect(zipped.headers[.contentEncoding] == "gzip" && zipped.headers[.vary] == "Accept-Encoding")
            #expect(zipped.body.readableBytes < want.count / 3)
            #expect(try Self.gunzip(zipped.body) == String(decoding: want, as: UTF8.self))
            // The gzip form has its own tag, and If-None-Match with it is honoured.
            let zTag = try #require(zipped.headers[.eTag])
            #expect(zTag.hasSuffix("-gzip\"") && zTag != plain.headers[.eTag])
            let again = try await client.execute(
                uri: "/hometown/users", method: .get, headers: [.acceptEncoding: "gzip", .ifNoneMatch: zTag])
            #expect(again.status == .notModified && again.headers[.eTag] == zTag)
            // gzip;q=0 and small answers are sent as they are.
            let refused = try await client.execute(
                uri: "/hometown/users", method: .get, headers: [.acceptEncoding: "gzip;q=0"])
            #expect(refused.headers[.contentEncoding] == nil)
            // gzip's own entry decides over "*"; "*" alone takes gzip.
            let refusedByName = try await client.execute(
                uri: "/hometown/users", method: .get, headers: [.acceptEncoding: "gzip;q=0, *"])
            #expect(refusedByName.headers[.contentEncoding] == nil)
            let anyCoding = try await client.execute(
                uri: "/hometown/users", method: .get, headers: [.acceptEncoding: "*"])
            #expect(anyCoding.headers[.contentEncoding] == "gzip")
            let small = try await client.execute(
                uri: "/hometown/count", method: .get, headers: [.acceptEncoding: "gzip"])
            #expect(small.headers[.contentEncoding] == nil && small.text == "2600")
            // Pages and filters come from the view too, as the database would answer them.
            let page = try await client.get("/hometown/users?state=Ohio&year=1992&reverse=true&page=1&pagesize=7")
            var wantPage: [UInt8] = []
            UserJSON.append(
                Array(stored.filter { $0.state == "Ohio" && $0.year == 1992 }.reversed().dropFirst(7).prefix(7)),
                to: &wantPage)
            #expect(Array(buffer: page.body) == wantPage)
            #expect(try await client.get("/hometown/nicknameexists?name=USER2599").text == "true")
            #expect(try await client.get("/hometown/nextid").text == "2601")
        }
    }

    @Test func headAnswersEveryGetWithItsHeadersAndNoBody() async throws {
        let (path, _) = try await Self.seededDatabase(1_500)
        try await Fixture.withServer(Fixture.configuration(database: path)) { client in
            for (path, gzip) in [
                ("/hometown/users", false), ("/hometown/users", true), ("/hometown/countries", false),
                ("/hometown/users?page=0", false), ("/", false), ("/openapi.yaml", true),
            ] {
                let headers: HTTPFields = gzip ? [.acceptEncoding: "gzip"] : [:]
                let get = try await client.execute(uri: path, method: .get, headers: headers)
                let head = try await client.execute(uri: path, method: .head, headers: headers)
                #expect(get.status == .ok && head.status == .ok, "\(path)")
                #expect(head.body.readableBytes == 0, "\(path)")
                #expect(head.headers[.contentLength] == String(get.body.readableBytes), "\(path) gzip \(gzip)")
                #expect(head.headers[.contentType] == get.headers[.contentType], "\(path)")
                #expect(head.headers[.contentEncoding] == get.headers[.contentEncoding], "\(path)")
            }
            let missing = try await client.execute(uri: "/nope", method: .head)
            #expect(missing.status == .notFound && missing.body.readableBytes == 0)
        }
    }

    @Test func clusterIndexesComeFromTheViewAndFollowPosts() async throws {
        try await Fixture.withServer { client in
            _ = try await client.post(Fixture.rew2)
            let one = try await client.get("/hometown/clusters?zoom=3")
            let features = try #require((one.json as? [String: Any])?["features"] as? [[String: Any]])
            #expect(features.count == 1)
            let props = try #require(features[0]["properties"] as? [String: Any])
            #expect(
                props["nickname"] as? String == "rew2" && props["city"] as? String == "Minneapolis"
                    && props["id"] as? Int == 1)
            #expect(features[0]["id"] as? Int == 1)
            let tag = try #require(one.headers[.eTag])
            #expect(
                try await client.execute(uri: "/hometown/clusters?zoom=3", method: .get, headers: [.ifNoneMatch: tag])
                    .status == .notModified)
            _ = try await client.post(
                body([
                    "nickname": "near", "password": "pwd", "country": "USA", "state": "Minnesota",
                    "city": "Saint Paul", "year": 2001, "latitude": 44.95, "longitude": -93.1,
                ]))
            let two = try await client.get("/hometown/clusters?zoom=3")
            let f2 = try #require((two.json as? [String: Any])?["features"] as? [[String: Any]])
            #expect(f2.count == 1 && (f2[0]["properties"] as? [String: Any])?["point_count"] as? Int == 2)
            let region = try await client.get("/hometown/region?width=800&height=600&state=Minnesota")
            #expect(region.status == .ok && region.headers[.eTag] != nil)
        }
    }
}
