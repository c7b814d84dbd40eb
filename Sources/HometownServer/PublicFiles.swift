import Foundation
import Hummingbird
import NIOCore

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
/// Neither folder serves dotfiles, nor symbolic links whose real path leaves it (links staying inside are
/// served), nor anything but regular files (`ContainedFiles`); a request's path is looked up exactly among the
/// files found, never joined to a folder, so `..` and percent-encoded traversal reach nothing.
struct PublicFiles: Sendable {
    /// Path to bytes and content type.
    private let files: [String: (bytes: [UInt8], type: String)]
    let directory: String
    /// Where Leaflet was found, or nil.
    let leafletDirectory: String?
    /// What the folders hold but is not served, and why (dotfiles, links leaving the folder), for the log.
    let skipped: [String]

    /// Debian's place for Leaflet (package libjs-leaflet).
    static let debianLeaflet = "/usr/share/javascript/leaflet"

    init(directory explicit: String?, leaflet explicitLeaflet: String? = nil) throws {
        guard let dir = PublicFiles.locate(explicit) else {
            throw ServerError.cannotLoad(
                "the public folder (openapi.yaml, the web app)",
                "not found; give --public DIR or set HOMETOWN_PUBLIC")
        }
        directory = dir
        var files: [String: (bytes: [UInt8], type: String)] = [:]
        let fm = FileManager.default
        // No dotfiles, no links leaving the folder, only regular files (see ContainedFiles).
        let own = ContainedFiles(folder: dir)
        for file in own.files {
            guard let data = fm.contents(atPath: file.real) else { continue }
            files["/" + file.relative] = (Array(data), PublicFiles.contentType(file.relative))
        }
        if let index = files["/index.html"] { files["/"] = index }
        var skipped = own.skipped
        let leaflet = PublicFiles.locateLeaflet(explicitLeaflet)
        if let leaflet {
            // Debian may install leaflet.js as a link into another package's folder: links may lead there too.
            let real = ContainedFiles.realPath(leaflet + "/leaflet.js").map {
                ($0 as NSString).deletingLastPathComponent
            }
            let vendor = ContainedFiles(folder: leaflet, alsoInside: real.map { [$0] } ?? [])
            for file in vendor.files {
                // The plain files only (Debian also ships .gz and .brotli copies).
                guard ["js", "css", "png", "map"].contains((file.relative as NSString).pathExtension.lowercased()),
                    let data = fm.contents(atPath: file.real)
                else { continue }
                files["/vendor/leaflet/" + file.relative] = (Array(data), PublicFiles.contentType(file.relative))
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
    func response(for path: String) -> Response? {
        guard let f = files[path] else { return nil }
        // Leaflet changes only with its Debian package; the app's own files with every deployment.
        let cache = path.hasPrefix("/vendor/") ? "public, max-age=86400" : "no-cache"
        return Response(
            status: .ok, headers: [.contentType: f.type, .cacheControl: cache],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: f.bytes)))
    }

    /// The bytes of a served file (for tests).
    func bytes(_ path: String) -> [UInt8]? { files[path]?.bytes }

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
