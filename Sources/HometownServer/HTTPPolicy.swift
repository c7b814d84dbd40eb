import HTTPTypes
import Hummingbird

/// The server's HTTP policy, in one place: the security headers every answer carries, and who else may read the
/// API (CORS). `PolicyHeadersMiddleware` passes every answer through `apply(to:path:)`; `PreflightMiddleware`
/// answers `OPTIONS` on the API with `preflight(path:)`.
///
/// **The web app** (every path outside `/hometown/`, and any HTML page, such as the 404 page) gets a
/// Content-Security-Policy that allows only this server's own scripts, style sheets, images and fetches, with no
/// inline script or style (the page has none: its scripts and styles are files, Leaflet sets styles through the
/// DOM's style properties, which CSP does not govern), no plugins, no `<base>`, forms posting only here, and no
/// framing by any page (`frame-ancestors 'none'`, and `X-Frame-Options: DENY` for browsers that predate it).
/// `img-src` also allows `data:` URLs: the page's empty icon is one (`<link rel="icon" href="data:,">`, so that
/// browsers do not ask for `/favicon.ico`). Beside it: `Referrer-Policy: no-referrer` (the page's URL holds the
/// filters, no business of anyone else), `Cross-Origin-Opener-Policy: same-origin` (a page that opens ours gets
/// no handle on it) and `Cross-Origin-Resource-Policy: same-origin` (other sites cannot embed our files).
///
/// **The API** (`/hometown/...`) is public data with no cookies or any other ambient credential: what a
/// cross-origin page could read through a visitor's browser it can read with any HTTP client. So every answer
/// under `/hometown/` (errors included, so that a client on another origin can show the server's words) says
/// `Access-Control-Allow-Origin: *` and exposes `ETag` and `Retry-After`; never
/// `Access-Control-Allow-Credentials`. `OPTIONS` on any path under `/hometown/` is the CORS preflight:
/// 204 with the methods (`GET, HEAD, POST`), the request headers a client may send (`Content-Type`,
/// `If-None-Match`) and how long a browser may keep that answer (600 s). Private Network Access preflights are
/// not granted, so a public web site cannot drive a Hometown server on a visitor's private network through the
/// visitor's browser. `/openapi.yaml` is readable cross-origin too (API tools on other origins load it); the
/// web app's own files are not. Every answer, API or not, says `X-Content-Type-Options: nosniff`.
///
/// **The connection layer's own answers** (`LimitReplies`: a limit reached, a malformed request), which may come
/// before a request's path is known, are JSON errors that hold nothing but the error: they say `nosniff` and, as
/// the API's errors do, may be read from any origin (`connectionLayerFields`).
enum HTTPPolicy {
    /// The path prefix of the protocol's API and the extra endpoints.
    static let apiPrefix = "/hometown/"

    /// The web app's Content-Security-Policy.
    static let contentSecurityPolicy = [
        "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:",
        "connect-src 'self'", "font-src 'self'", "object-src 'none'", "base-uri 'none'", "form-action 'self'",
        "frame-ancestors 'none'",
    ].joined(separator: "; ")

    /// The methods the API takes (a given path takes some of them; the others get 404).
    static let allowedMethods = "GET, HEAD, POST"
    /// The request headers a cross-origin client may send beyond CORS's safelisted ones.
    static let allowedHeaders = "Content-Type, If-None-Match"
    /// The response headers a cross-origin client may read beyond CORS's safelisted ones.
    static let exposedHeaders = "ETag, Retry-After"
    /// How long a browser may keep a preflight answer, in seconds.
    static let preflightMaxAgeSeconds = 600

    /// The policy's headers on an answer of the connection layer's own, as (name, value) pairs.
    static let connectionLayerFields: [(name: String, value: String)] = [
        (HTTPField.Name.xContentTypeOptions.canonicalName, "nosniff"),
        (HTTPField.Name.accessControlAllowOrigin.canonicalName, "*"),
        (HTTPField.Name.accessControlExposeHeaders.canonicalName, exposedHeaders),
    ]

    static let xFrameOptions = HTTPField.Name("X-Frame-Options")!
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    static let crossOriginOpenerPolicy = HTTPField.Name("Cross-Origin-Opener-Policy")!

    /// Whether cross-origin pages may read the answers at `path`.
    static func isCrossOriginReadable(_ path: String) -> Bool {
        path.hasPrefix(apiPrefix) || path == "/openapi.yaml"
    }

    /// The answer to `OPTIONS path`: the CORS preflight (also a plain `OPTIONS`) for paths under `/hometown/`,
    /// nil elsewhere (the caller answers 404 as for any other method a path does not take).
    static func preflight(path: String) -> Response? {
        guard path.hasPrefix(apiPrefix) else { return nil }
        return Response(
            status: .noContent,
            headers: [
                .allow: allowedMethods,
                .accessControlAllowMethods: allowedMethods,
                .accessControlAllowHeaders: allowedHeaders,
                .accessControlMaxAge: String(preflightMaxAgeSeconds),
            ])
    }

    /// `response` with the headers of this policy for a request of `path` (headers already set are replaced).
    static func apply(to response: Response, path: String) -> Response {
        var r = response
        r.headers[.xContentTypeOptions] = "nosniff"
        let isHTML = r.headers[.contentType]?.hasPrefix("text/html") ?? false
        if isHTML || !path.hasPrefix(apiPrefix) {
            r.headers[.contentSecurityPolicy] = contentSecurityPolicy
            r.headers[xFrameOptions] = "DENY"
            r.headers[referrerPolicy] = "no-referrer"
            r.headers[crossOriginOpenerPolicy] = "same-origin"
        }
        if isCrossOriginReadable(path) {
            r.headers[.accessControlAllowOrigin] = "*"
            r.headers[.accessControlExposeHeaders] = exposedHeaders
        } else {
            r.headers[.crossOriginResourcePolicy] = "same-origin"
        }
        return r
    }
}
