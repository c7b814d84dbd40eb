import Foundation
import Hummingbird
import NIOCore

/// The files served as they are: `openapi.yaml` (the protocol and the extra endpoints, OpenAPI 3.1) and the web
/// app. They are read once at start-up from the public folder: `ServerConfiguration.publicDirectory`, else
/// `$HOMETOWN_PUBLIC`, else the `Public` folder SwiftPM copies beside the executable
/// (`Hometown_HometownServer.resources/Public`), else `../share/hometown/public` beside the executable, else the
/// package's own `Sources/HometownServer/Public` (for a build folder inside the package).
struct PublicFiles: Sendable {
    /// Path to bytes and content type.
    private let files: [String: (bytes: [UInt8], type: String)]
    let directory: String

    init(directory explicit: String?) throws {
        guard let dir = PublicFiles.locate(explicit) else {
            throw ServerError.cannotLoad("the public folder (openapi.yaml, the web app)",
                                         "not found; give --public DIR or set HOMETOWN_PUBLIC")
        }
        directory = dir
        var files: [String: (bytes: [UInt8], type: String)] = [:]
        let fm = FileManager.default
        if let walker = fm.enumerator(atPath: dir) {
            while let rel = walker.nextObject() as? String {
                var isDir: ObjCBool = false
                let full = dir + "/" + rel
                guard fm.fileExists(atPath: full, isDirectory: &isDir), !isDir.boolValue,
                      let data = fm.contents(atPath: full) else { continue }
                files["/" + rel] = (Array(data), PublicFiles.contentType(rel))
            }
        }
        if let index = files["/index.html"] { files["/"] = index }
        self.files = files
    }

    /// The file at a request path, or nil.
    func response(for path: String) -> Response? {
        guard let f = files[path] else { return nil }
        return Response(status: .ok, headers: [.contentType: f.type, .cacheControl: "no-cache"],
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
            candidates += [dir + "/Hometown_HometownServer.resources/Public", dir + "/../share/hometown/public",
                           dir + "/../../Sources/HometownServer/Public", dir + "/../../../Sources/HometownServer/Public"]
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
        default: return "application/octet-stream"
        }
    }
}
