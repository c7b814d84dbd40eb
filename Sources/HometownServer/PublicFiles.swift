import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NIOPosix

/// The files served as they are: `openapi.yaml` (the protocol and the extra endpoints, OpenAPI 3.1) and the web
/// app. They are read once at start-up from the public folder: `ServerConfiguration.publicDirectory`, else
/// `$HOMETOWN_PUBLIC`, else the `Public` folder SwiftPM copies beside the executable
/// (`Hometown_HometownServer.resources/Public`), else `../share/hometown/public` beside the executable, else the
/// package's own `Sources/HometownServer/Public` (for a build folder inside the package).
///
/// The web app's map library, Leaflet, is not part of the repository: Debian's `libjs-leaflet` installs it in
/// `/usr/share/javascript/leaflet`, and its files are served under `/vendor/leaflet/` (the folder can be given
/// with `--leaflet` or `$HOMETOWN_LEAFLET`). Without it the app still lists and posts, and says the map is missing.
///
/// Leaflet is sent minified: Debian's `leaflet.min.js` is served as `/vendor/leaflet/leaflet.js` (140 KB instead
/// of 431 KB; upstream Leaflet names its files so, and calls the readable one `leaflet-src.js`, which is where
/// Debian's `leaflet.js` is served).
///
/// Every file carries an entity tag of its content (`If-None-Match` gets 304) and goes out gzipped to a client
/// that accepts it, when its type shrinks and it has at least 1 KiB (`AnswerDelivery`'s rules): from the `.gz`
/// beside it when there is one that inflates to exactly the file (Debian ships Leaflet's), else compressed once,
/// on first use, and kept within `gzipCacheBytes` (`--file-gzip-cache-mb`; least recently used first out).
///
/// Neither folder serves dotfiles, nor symbolic links whose real path leaves it (links staying inside are
/// served), nor anything but regular files (`ContainedFiles`); a request's path is looked up exactly among the
/// files found, never joined to a folder, so `..` and percent-encoded traversal reach nothing.
struct PublicFiles: Sendable {
    /// The files by request path.
    private let files: [String: PublicFile]
    let directory: String
    /// Where Leaflet was found, or nil.
    let leafletDirectory: String?
    /// What the folders hold but is not served, and why (dotfiles, links leaving the folder), for the log.
    let skipped: [String]
    /// The gzip forms made on first use, by request path.
    private let gzipForms: SharedCache<ByteBuffer>

    /// Debian's place for Leaflet (package libjs-leaflet).
    static let debianLeaflet = "/usr/share/javascript/leaflet"

    /// The default of `gzipCacheBytes`: `WorkLimits`' (16 MiB; the web app's first load needs about 60 KiB of them).
    static let defaultGzipCacheBytes = WorkLimits().fileGzipCacheBytes

    init(
        directory explicit: String?, leaflet explicitLeaflet: String? = nil, gzipCacheBytes: Int = defaultGzipCacheBytes
    )
        throws
    {
        guard let dir = PublicFiles.locate(explicit) else {
            if let explicit {
                throw ServerError.cannotLoad(
                    "--public", "\(explicit) holds no openapi.yaml (the folder of the web app and openapi.yaml)")
            }
            throw ServerError.cannotLoad(
                "the public folder (openapi.yaml, the web app)",
                "not found; give --public DIR or set HOMETOWN_PUBLIC")
        }
        directory = dir
        gzipForms = SharedCache(budget: gzipCacheBytes)
        var files: [String: PublicFile] = [:]
        let fm = FileManager.default
        /// A found file as served at `path`, with the `.gz` beside it (among `found`) as its gzip form.
        func add(_ path: String, _ file: ContainedFiles.File, found: [String: ContainedFiles.File], cache: String) {
            guard let data = fm.contents(atPath: file.real) else { return }
            let gz = found[file.relative + ".gz"].flatMap { fm.contents(atPath: $0.real) }.map { Array($0) }
            files[path] = PublicFile(
                bytes: Array(data), type: PublicFiles.contentType(file.relative), cacheControl: cache, gzipBeside: gz)
        }
        // No dotfiles, no links leaving the folder, only regular files (see ContainedFiles).
        let own = ContainedFiles(folder: dir)
        let ownFound = Dictionary(own.files.map { ($0.relative, $0) }, uniquingKeysWith: { a, _ in a })
        // The app's own files change with every deployment: revalidated before reuse.
        for file in own.files { add("/" + file.relative, file, found: ownFound, cache: "no-cache") }
        if let index = files["/index.html"] { files["/"] = index }
        var skipped = own.skipped
        let leaflet = PublicFiles.locateLeaflet(explicitLeaflet)
        if let leaflet {
            // Debian may install leaflet.js as a link into another package's folder: links may lead there too.
            let real = ContainedFiles.realPath(leaflet + "/leaflet.js").map {
                ($0 as NSString).deletingLastPathComponent
            }
            let vendor = ContainedFiles(folder: leaflet, alsoInside: real.map { [$0] } ?? [])
            let found = Dictionary(vendor.files.map { ($0.relative, $0) }, uniquingKeysWith: { a, _ in a })
            // Leaflet changes only with its Debian package.
            let cache = "public, max-age=86400"
            for file in vendor.files {
                // The plain files only (the .gz beside them are their gzip forms; Debian also ships .brotli).
                guard ["js", "css", "png", "map"].contains((file.relative as NSString).pathExtension.lowercased())
                else { continue }
                add("/vendor/leaflet/" + file.relative, file, found: found, cache: cache)
            }
            // Minified under upstream's names: leaflet.js the minified library, leaflet-src.js the readable one.
            if let minified = files["/vendor/leaflet/leaflet.min.js"],
                let readable = files["/vendor/leaflet/leaflet.js"]
            {
                files["/vendor/leaflet/leaflet.js"] = minified
                files["/vendor/leaflet/leaflet-src.js"] = readable
            }
            skipped += vendor.skipped.map { "Leaflet's " + $0 }
        }
        leafletDirectory = leaflet
        self.files = files
        self.skipped = skipped
    }

    /// The Leaflet folder: the one given (if it holds leaflet.js), else `$HOMETOWN_LEAFLET`, else Debian's.
    static func locateLeaflet(_ explicit: String?) -> String? {
        let fm = FileManager.default
        if let explicit { return fm.fileExists(atPath: explicit + "/leaflet.js") ? explicit : nil }
        var candidates: [String] = []
        if let env = ProcessInfo.processInfo.environment["HOMETOWN_LEAFLET"], !env.isEmpty { candidates.append(env) }
        candidates.append(debianLeaflet)
        return candidates.first { fm.fileExists(atPath: $0 + "/leaflet.js") }
    }

    /// The file at a request path, or nil.
    func file(_ path: String) -> PublicFile? { files[path] }

    /// The answer for `file` to `request` (GET or HEAD): 304 when `If-None-Match` names its tag; else the file,
    /// gzipped when the client accepts gzip, `delivery` compresses at all (`--max-compressing` above 0) and the
    /// file is worth it. `AnswerDelivery.finish` then adds `Vary` and drops the body for HEAD.
    func response(_ file: PublicFile, path: String, for request: Request, delivery: AnswerDelivery) async throws
        -> Response
    {
        if let unchanged = delivery.notModified(request.headers, tag: file.tag, cacheControl: file.cacheControl) {
            return unchanged
        }
        var headers: HTTPFields = [.contentType: file.type, .cacheControl: file.cacheControl, .eTag: file.tag]
        var body = file.bytes
        if file.isCompressible, delivery.sendsKeptGzip(request.headers) {
            body = try await gzipped(file, path: path, on: delivery.bulk)
            headers[.contentEncoding] = "gzip"
            headers[.eTag] = AnswerDelivery.gzipForm(of: file.tag)
        }
        headers[.vary] = "Accept-Encoding"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body))
    }

    /// The gzip form of `file`: the precompressed one, or made once on `threads` and kept within the budget.
    func gzipped(_ file: PublicFile, path: String, on threads: NIOThreadPool) async throws -> ByteBuffer {
        if let ready = file.precompressed { return ready }
        let plain = file.bytes
        return try await gzipForms.value(path, version: 0) {
            let gzip = try await threads.run(nice: ThreadNice.bulk) { try PublicFile.compress(plain) }
            return (gzip, gzip.readableBytes + 64)
        }
    }

    /// The bytes of a served file (for tests).
    func bytes(_ path: String) -> [UInt8]? { files[path].map { Array($0.bytes.readableBytesView) } }

    static func locate(_ explicit: String?) -> String? {
        var candidates: [String] = []
        if let explicit { return FileManager.default.fileExists(atPath: explicit + "/openapi.yaml") ? explicit : nil }
        if let env = ProcessInfo.processInfo.environment["HOMETOWN_PUBLIC"], !env.isEmpty { candidates.append(env) }
        if let real = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            let dir = URL(fileURLWithPath: real).deletingLastPathComponent().path
            candidates += [
                dir + "/Hometown_HometownServer.resources/Public", dir + "/../share/hometown/public",
                dir + "/../../Sources/HometownServer/Public", dir + "/../../../Sources/HometownServer/Public",
            ]
        }
        candidates.append("Sources/HometownServer/Public")
        return candidates.first { FileManager.default.fileExists(atPath: $0 + "/openapi.yaml") }
    }

    static func contentType(_ path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "html": return "text/html; charset=utf-8"
        case "js": return "text/javascript; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "json", "geojson": return "application/json; charset=utf-8"
        case "yaml", "yml": return "application/yaml; charset=utf-8"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "map": return "application/json; charset=utf-8"
        case "ico": return "image/x-icon"
        default: return "application/octet-stream"
        }
    }
}
