import Foundation
import HTTPTypes
import HometownServer
import HummingbirdTesting
import NIOCore
import Testing

/// The server's routes as the protocol states them: exact lower-case paths, HEAD on every GET path, and the 404
/// HTML page for an unknown path or a method the path does not take.
@Suite struct RoutingTests {
    /// A valid GET of every path that takes GET, with the status it answers on a fresh database.
    static let getPaths: [(uri: String, status: HTTPResponse.Status)] = [
        ("/hometown/countries", .ok), ("/hometown/states?country=USA", .ok), ("/hometown/nicknameexists?name=rew", .ok),
        ("/hometown/count", .ok), ("/hometown/nextid", .ok), ("/hometown/users?page=0", .ok),
        ("/hometown/clusters?zoom=1", .ok), ("/hometown/region?width=800&height=600", .notFound),
        ("/hometown/reverse?lat=44.97&lon=-93.26", .ok), ("/hometown/forward?q=Minneapolis", .ok),
        ("/hometown/boundaries?z=0&x=0&y=0", .ok), ("/", .ok), ("/index.html", .ok), ("/openapi.yaml", .ok),
        ("/hometown/count?x=1", .badRequest),
    ]

    /// Whether `r` is the protocol's 404 HTML page (its headers only, for HEAD).
    static func isNotFoundPage(_ r: TestResponse, head: Bool = false) -> Bool {
        r.status == .notFound && r.headers[.contentType] == "text/html; charset=utf-8"
            && (head ? r.body.readableBytes == 0 : r.text.contains("Not found"))
    }

    @Test func headIsAnsweredOnEveryGetPathWithGetsHeadersAndNoBody() async throws {
        try await Fixture.withServer { client in
            #expect(try await client.post(Fixture.rew).status == .ok)
            for (uri, status) in Self.getPaths {
                let get = try await client.get(uri)
                #expect(get.status == status, "GET \(uri): \(get.text)")
                let head = try await client.execute(uri: uri, method: .head)
                #expect(head.status == status, "HEAD \(uri)")
                #expect(head.body.readableBytes == 0, "HEAD \(uri) has a body")
                #expect(head.headers[.contentType] == get.headers[.contentType], "HEAD \(uri)")
                #expect(head.headers[.contentLength] == String(get.body.readableBytes), "HEAD \(uri): length")
                #expect(head.headers[.eTag] == get.headers[.eTag], "HEAD \(uri): tag")
            }
        }
    }

    @Test func aMethodAPathDoesNotTakeIsTheNotFoundPage() async throws {
        try await Fixture.withServer { client in
            for (uri, method) in [
                ("/hometown/count", HTTPRequest.Method.post), ("/hometown/users", .put),
                ("/hometown/adduser", .get), ("/hometown/adduser", .head),
                ("/hometown/adduser", .patch),
                ("/", .post), ("/index.html", .delete), ("/openapi.yaml", .put),
                ("/hometown/boundaries", .post),
            ] {
                let r = try await client.execute(uri: uri, method: method)
                #expect(Self.isNotFoundPage(r, head: method == .head), "\(method) \(uri): \(r.status)")
                if method != .head { #expect(r.text.contains("Cannot \(method.rawValue) \(uri).")) }
            }
        }
    }

    @Test func pathsAreExactAndCaseSensitive() async throws {
        try await Fixture.withServer { client in
            for uri in [
                "/hometown/count/", "//hometown/count", "/hometown//count", "/hometown/count//",
                "/hometown/Count",
                "/HOMETOWN/count", "/Hometown/users?page=0", "/hometown", "/hometown/", "/index.html/",
                "/hometown/count/extra", "/hometown/%63ount", "/hometown/./count", "/hometown/x/../count",
            ] {
                let r = try await client.get(uri)
                #expect(Self.isNotFoundPage(r), "GET \(uri): \(r.status)")
            }
            let post = try await client.post(Fixture.rew, to: "/hometown/adduser/")
            #expect(Self.isNotFoundPage(post))
            #expect(try await client.get("/hometown/count").text == "0", "nothing was posted through the wrong paths")
        }
    }

    @Test func optionsIsThePreflightUnderTheAPIAndNotFoundElsewhere() async throws {
        try await Fixture.withServer { client in
            for uri in ["/hometown/count", "/hometown/adduser", "/hometown/nothing", "/hometown/count/"] {
                let r = try await client.execute(uri: uri, method: .options)
                #expect(r.status == .noContent, "OPTIONS \(uri)")
                #expect(r.headers[.accessControlAllowMethods] == "GET, HEAD, POST", "OPTIONS \(uri)")
                #expect(r.headers[.accessControlAllowOrigin] == "*", "OPTIONS \(uri)")
            }
            for uri in ["/", "/openapi.yaml", "/hometownx/count"] {
                let r = try await client.execute(uri: uri, method: .options)
                #expect(Self.isNotFoundPage(r), "OPTIONS \(uri): \(r.status)")
            }
        }
    }

    @Test func errorsOfEveryEndpointAreJSONWithTheirField() async throws {
        try await Fixture.withServer { client in
            for (uri, field) in [
                ("/hometown/countries?a=1", "a"), ("/hometown/states", "country"),
                ("/hometown/nicknameexists?name=a&name=b", "name"), ("/hometown/users?page=x", "page"),
                ("/hometown/clusters?zoom=1&zoom=2", "zoom"),
                ("/hometown/clusters?zoom=1&bbox=1,2,3,x", "bbox"),
                ("/hometown/region?width=800&height=600&padding=-1", "padding"),
                ("/hometown/forward?q=x&limit=21", "limit"),
                ("/hometown/forward?q=x&limit=1.5", "limit"),
                ("/hometown/boundaries?z=1&x=2&y=0", "x"),
            ] {
                let r = try await client.get(uri)
                #expect(r.status == .badRequest && r.errorField == field, "\(uri): \(r.text)")
                #expect(r.headers[.contentType] == "application/json; charset=utf-8", "\(uri)")
            }
            // Clusters names every parameter it takes, the filters and its own.
            let unknown = try await client.get("/hometown/clusters?zoom=1&page=0")
            #expect(
                unknown.errorMessage
                    == "unknown parameter 'page': this endpoint takes "
                    + "country, state, city, year, afterid, beforeid, zoom, bbox")
            let limit = try await client.get("/hometown/forward?q=x&limit=0")
            #expect(limit.errorMessage == "'limit' must be from 1 to 20, not 0")
            let tile = try await client.get("/hometown/boundaries?z=2&x=0&y=4")
            #expect(tile.errorMessage == "'y' must be from 0 to 3 at zoom 2, not 4")
            let zoom = try await client.get("/hometown/clusters?zoom=24.5")
            #expect(zoom.errorMessage == "'zoom' must be from 0 to 24, not 24.5")
            let lat = try await client.get("/hometown/reverse?lat=-90.5&lon=0")
            #expect(lat.errorMessage == "'lat' must be in [-90, 90] degrees, not -90.5")
        }
    }
}
