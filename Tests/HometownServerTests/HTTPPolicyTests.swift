import Foundation
import HTTPTypes
import HometownServer
import HummingbirdTesting
import Testing

/// The server's HTTP policy: security headers on the web app and the API, and the CORS policy of the API.
@Suite struct HTTPPolicyTests {
    static let csp = HTTPField.Name("Content-Security-Policy")!
    static let frameOptions = HTTPField.Name("X-Frame-Options")!
    static let referrer = HTTPField.Name("Referrer-Policy")!
    static let opener = HTTPField.Name("Cross-Origin-Opener-Policy")!
    static let resource = HTTPField.Name("Cross-Origin-Resource-Policy")!

    /// The directives of a Content-Security-Policy, by name.
    static func directives(_ policy: String?) -> [String: String] {
        var d: [String: String] = [:]
        for part in (policy ?? "").split(separator: ";") {
            let words = part.split(separator: " ", maxSplits: 1).map(String.init)
            if let name = words.first { d[name] = words.count > 1 ? words[1] : "" }
        }
        return d
    }

    /// Checks the web app's headers on one answer.
    static func expectWebAppHeaders(_ r: TestResponse, _ what: String) {
        #expect(r.headers[.xContentTypeOptions] == "nosniff", "\(what): nosniff")
        let d = directives(r.headers[csp])
        #expect(
            d["default-src"] == "'self'" && d["script-src"] == "'self'" && d["style-src"] == "'self'",
            "\(what): CSP \(r.headers[csp] ?? "none")")
        #expect(
            d["frame-ancestors"] == "'none'" && d["object-src"] == "'none'" && d["base-uri"] == "'none'",
            "\(what): CSP \(r.headers[csp] ?? "none")")
        // Nothing inline and nothing from elsewhere, anywhere in the policy.
        let policy = r.headers[csp] ?? ""
        #expect(!policy.contains("unsafe") && !policy.contains("*") && !policy.contains("http"), "\(what): \(policy)")
        #expect(r.headers[frameOptions] == "DENY", "\(what): X-Frame-Options")
        #expect(r.headers[referrer] == "no-referrer", "\(what): Referrer-Policy")
        #expect(r.headers[opener] == "same-origin", "\(what): Cross-Origin-Opener-Policy")
    }

    @Test func theWebAppsAnswersCarryTheSecurityHeaders() async throws {
        try await Fixture.withServer { client in
            let page = try await client.get("/")
            #expect(page.status == .ok)
            Self.expectWebAppHeaders(page, "the page")
            #expect(page.headers[Self.resource] == "same-origin" && page.headers[.accessControlAllowOrigin] == nil)
            for path in [
                "/index.html", "/app.js", "/js/map.js", "/app.css", "/vendor/leaflet/leaflet.js",
                "/vendor/leaflet/images/marker-icon.png",
            ] {
                let r = try await client.get(path)
                #expect(r.status == .ok, "\(path)")
                Self.expectWebAppHeaders(r, path)
                #expect(
                    r.headers[.accessControlAllowOrigin] == nil,
                    "\(path): the web app's files are not for other origins")
            }
            let missing = try await client.get("/no/such/page")
            #expect(missing.status == .notFound && missing.headers[.contentType] == "text/html; charset=utf-8")
            Self.expectWebAppHeaders(missing, "the 404 page")
            // The 404 page of an API path is HTML too: it gets the page's headers, and CORS (it is an API answer).
            let apiMissing = try await client.get("/hometown/nothing")
            #expect(apiMissing.status == .notFound)
            Self.expectWebAppHeaders(apiMissing, "the 404 page under /hometown/")
            #expect(apiMissing.headers[.accessControlAllowOrigin] == "*")
            // The OpenAPI document: the page's headers, and readable by API tools on other origins.
            let yaml = try await client.get("/openapi.yaml")
            Self.expectWebAppHeaders(yaml, "/openapi.yaml")
            #expect(yaml.headers[.accessControlAllowOrigin] == "*")
        }
    }

    @Test func theIndexPageHasNothingInlineThatThePolicyWouldBlock() async throws {
        try await Fixture.withServer { client in
            let text = try await client.get("/").text
            // No inline script or style, no event-handler attributes, no javascript: URLs.
            #expect(try Regex(#"<script(?![^>]*\bsrc=)[^>]*>"#).firstMatch(in: text) == nil, "an inline <script>")
            #expect(!text.contains("<style"), "an inline <style>")
            #expect(try Regex(#"\son[a-z]+\s*="#).firstMatch(in: text) == nil, "an on...= attribute")
            #expect(try Regex(#"\sstyle\s*="#).firstMatch(in: text) == nil, "a style= attribute")
            #expect(!text.lowercased().contains("javascript:"))
        }
    }

    @Test func apiAnswersAreNosniffAndReadableFromAnyOrigin() async throws {
        try await Fixture.withServer { client in
            for path in [
                "/hometown/countries", "/hometown/count", "/hometown/users?page=0",
                "/hometown/count?country=Narnia",
            ] {
                let r = try await client.execute(
                    uri: path, method: .get, headers: [.origin: "https://elsewhere.example"])
                #expect(r.headers[.contentType] == "application/json; charset=utf-8", "\(path)")
                #expect(r.headers[.xContentTypeOptions] == "nosniff", "\(path)")
                #expect(r.headers[.accessControlAllowOrigin] == "*", "\(path)")
                #expect(r.headers[.accessControlExposeHeaders] == "ETag, Retry-After", "\(path)")
                #expect(r.headers[.accessControlAllowCredentials] == nil, "\(path): never credentials")
                #expect(r.headers[Self.csp] == nil && r.headers[Self.resource] == nil, "\(path): JSON is no page")
            }
            #expect(try await client.get("/hometown/count?country=Narnia").status == .badRequest)
            // A post from another origin gets the same header, refusal or not.
            let refused = try await client.post("{}")
            #expect(refused.status == .badRequest && refused.headers[.accessControlAllowOrigin] == "*")
            let posted = try await client.post(Fixture.rew2)
            #expect(posted.status == .ok && posted.headers[.accessControlAllowOrigin] == "*")
            #expect(posted.headers[.xContentTypeOptions] == "nosniff")
        }
    }

    @Test func optionsUnderTheAPIIsThePreflight() async throws {
        try await Fixture.withServer { client in
            for path in ["/hometown/adduser", "/hometown/users", "/hometown/boundaries"] {
                let r = try await client.execute(
                    uri: path, method: .options,
                    headers: [
                        .origin: "https://elsewhere.example", .accessControlRequestMethod: "POST",
                        .accessControlRequestHeaders: "content-type",
                    ])
                #expect(r.status == .noContent, "\(path)")
                #expect(r.body.readableBytes == 0)
                #expect(r.headers[.accessControlAllowOrigin] == "*")
                #expect(r.headers[.accessControlAllowMethods] == "GET, HEAD, POST")
                #expect(r.headers[.accessControlAllowHeaders] == "Content-Type, If-None-Match")
                #expect(r.headers[.accessControlMaxAge] == "600")
                #expect(r.headers[.allow] == "GET, HEAD, POST")
                #expect(r.headers[.accessControlAllowCredentials] == nil)
                #expect(r.headers[.xContentTypeOptions] == "nosniff")
            }
            // The web app's files take no OPTIONS: the 404 page, with no CORS header.
            let page = try await client.execute(uri: "/index.html", method: .options)
            #expect(page.status == .notFound && page.headers[.accessControlAllowOrigin] == nil)
            Self.expectWebAppHeaders(page, "OPTIONS /index.html")
            // Other methods the API does not take are still 404.
            #expect(try await client.execute(uri: "/hometown/users", method: .delete).status == .notFound)
        }
    }
}
