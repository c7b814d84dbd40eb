import Foundation
import HometownServer
import HometownTestSupport
import HummingbirdTesting
import Testing

/// `--public` serves the folder's regular files and nothing else: no dotfiles, no symbolic link leaving the
/// folder, nothing through `..` or percent-encoded traversal.
@Suite struct PublicFolderTests {
    /// A public folder with files that must be served and files that must not, and a folder beside it.
    struct Folder {
        let root: URL
        let publicDir: String
        /// Bytes that must never appear in an answer (the contents of every file that must not be served).
        let secrets: [String]

        init() throws {
            let fm = FileManager.default
            root = fm.temporaryDirectory.appendingPathComponent("hometown-public-\(UUID().uuidString)")
            let pub = root.appendingPathComponent("public")
            publicDir = pub.path
            let outside = root.appendingPathComponent("outside")
            for dir in [
                pub, pub.appendingPathComponent("js"), pub.appendingPathComponent(".git"),
                pub.appendingPathComponent("real"), outside,
            ] {
                try fm.createDirectory(at: dir, withIntermediateDirectories: true)
            }
            func write(_ text: String, _ path: URL) throws { try Data(text.utf8).write(to: path) }
            try write("openapi: 3.1.0\n", pub.appendingPathComponent("openapi.yaml"))
            try write("<!doctype html><title>t</title>", pub.appendingPathComponent("index.html"))
            try write("console.log('app');\n", pub.appendingPathComponent("js/app.js"))
            try write("p { color: red }\n", pub.appendingPathComponent("real/page.css"))
            try write("SECRET-ENV-7f3a\n", pub.appendingPathComponent(".env"))
            try write("SECRET-JS-91c2\n", pub.appendingPathComponent("js/.secret"))
            try write("SECRET-GIT-4be0\n", pub.appendingPathComponent(".git/config"))
            try write("SECRET-OUTSIDE-d5e1\n", outside.appendingPathComponent("secret.txt"))
            try write("SECRET-BESIDE-0a9b\n", root.appendingPathComponent("beside.txt"))
            // Links leaving the folder: to a system file, to a folder outside, to a file beside it, relative and absolute.
            try fm.createSymbolicLink(atPath: pub.path + "/passwd", withDestinationPath: "/etc/passwd")
            try fm.createSymbolicLink(atPath: pub.path + "/outside", withDestinationPath: outside.path)
            try fm.createSymbolicLink(atPath: pub.path + "/js/beside.txt", withDestinationPath: "../../beside.txt")
            // A link inside to a dotfile inside, a loop, and a broken link.
            try fm.createSymbolicLink(atPath: pub.path + "/env.txt", withDestinationPath: ".env")
            try fm.createSymbolicLink(atPath: pub.path + "/js/up", withDestinationPath: "..")
            try fm.createSymbolicLink(atPath: pub.path + "/gone.js", withDestinationPath: "nothing-here.js")
            // Links staying inside are served: a file and a folder.
            try fm.createSymbolicLink(atPath: pub.path + "/main.js", withDestinationPath: "js/app.js")
            try fm.createSymbolicLink(atPath: pub.path + "/styles", withDestinationPath: pub.path + "/real")
            secrets = [
                "SECRET-ENV-7f3a", "SECRET-JS-91c2", "SECRET-GIT-4be0", "SECRET-OUTSIDE-d5e1", "SECRET-BESIDE-0a9b",
                "root:x:0:0",
            ]
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    /// Requests that must all get the 404 page.
    static let refused = [
        "/.env", "/js/.secret", "/.git/config", "/.git", "/passwd", "/outside/secret.txt", "/js/beside.txt",
        "/env.txt", "/js/up/index.html", "/js/up/js/app.js", "/gone.js",
        "/js/../.env", "/js/../../beside.txt", "/../beside.txt", "/../../../../etc/passwd",
        "/%2e%2e/beside.txt", "/js/%2e%2e/.env", "/js/%2E%2E/%2Eenv", "/%2e%2e%2fbeside.txt", "/js%2f..%2f.env",
        "/..%2f..%2f..%2fetc%2fpasswd", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/js/app.js/../../.env", "/js//../.env",
        "/js/app.js%00.html", "/.%2fenv", "/%2eenv",
    ]

    /// Requests that must be served, with the bytes expected.
    static let served: [(String, String)] = [
        ("/", "<!doctype html><title>t</title>"), ("/index.html", "<!doctype html><title>t</title>"),
        ("/js/app.js", "console.log('app');\n"), ("/main.js", "console.log('app');\n"),
        ("/real/page.css", "p { color: red }\n"), ("/styles/page.css", "p { color: red }\n"),
        ("/openapi.yaml", "openapi: 3.1.0\n"),
    ]

    @Test func onlyTheFolderItselfIsServed() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        var c = Fixture.configuration()
        c.publicDirectory = folder.publicDir
        try await Fixture.withServer(c) { client in
            for (path, bytes) in Self.served {
                let r = try await client.get(path)
                #expect(r.status == .ok && r.text == bytes, "\(path): \(r.status)")
            }
            for path in Self.refused {
                let r = try await client.get(path)
                #expect(r.status == .notFound, "\(path): \(r.status)")
                for secret in folder.secrets { #expect(!r.text.contains(secret), "\(path) gave away \(secret)") }
            }
            // Leaflet is still there (Debian's folder, found as before).
            #expect(try await client.get("/vendor/leaflet/leaflet.js").status == .ok)
        }
    }

    @Test func aFifoOrALinkToADeviceIsNotReadAtStartUp() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        // A FIFO would block the read at start-up; a link to /dev/zero would never end. Neither is a regular file.
        #expect(mkfifo(folder.publicDir + "/pipe.js", 0o600) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: folder.publicDir + "/zero.js", withDestinationPath: "/dev/zero")
        var c = Fixture.configuration()
        c.publicDirectory = folder.publicDir
        try await Fixture.withServer(c) { client in
            let pipe = try await client.get("/pipe.js")
            let zero = try await client.get("/zero.js")
            #expect(pipe.status == .notFound && zero.status == .notFound)
            #expect(try await client.get("/js/app.js").status == .ok)
        }
    }

    @Test func leafletLinkedIntoAnotherFolderIsServedButNotLinksLeavingBoth() async throws {
        // Debian may install /usr/share/javascript/leaflet as links into /usr/share/nodejs/leaflet/dist.
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("hometown-leaflet-\(UUID().uuidString)").path
        defer { try? fm.removeItem(atPath: root) }
        let dist = root + "/nodejs/leaflet/dist"
        let linked = root + "/javascript/leaflet"
        for dir in [dist + "/images", linked, root + "/nodejs/other"] {
            try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
        }
        try Data("/* Leaflet 1.7.1 */".utf8).write(to: URL(fileURLWithPath: dist + "/leaflet.js"))
        try Data(".leaflet-pane{}".utf8).write(to: URL(fileURLWithPath: dist + "/leaflet.css"))
        try Data([0x89, 0x50, 0x4e, 0x47]).write(to: URL(fileURLWithPath: dist + "/images/marker-icon.png"))
        try Data("SECRET-OTHER-5c1d".utf8).write(to: URL(fileURLWithPath: root + "/nodejs/other/x.js"))
        try fm.createSymbolicLink(
            atPath: linked + "/leaflet.js", withDestinationPath: "../../nodejs/leaflet/dist/leaflet.js")
        try fm.createSymbolicLink(atPath: linked + "/leaflet.css", withDestinationPath: dist + "/leaflet.css")
        try fm.createSymbolicLink(atPath: linked + "/images", withDestinationPath: "../../nodejs/leaflet/dist/images")
        try fm.createSymbolicLink(atPath: linked + "/other.js", withDestinationPath: root + "/nodejs/other/x.js")
        try fm.createSymbolicLink(atPath: linked + "/passwd.js", withDestinationPath: "/etc/passwd")
        var c = Fixture.configuration()
        c.leafletDirectory = linked
        try await Fixture.withServer(c) { client in
            let js = try await client.get("/vendor/leaflet/leaflet.js")
            #expect(js.status == .ok && js.text == "/* Leaflet 1.7.1 */")
            let css = try await client.get("/vendor/leaflet/leaflet.css")
            let png = try await client.get("/vendor/leaflet/images/marker-icon.png")
            #expect(css.status == .ok && png.status == .ok && png.body.readableBytes == 4)
            for path in ["/vendor/leaflet/other.js", "/vendor/leaflet/passwd.js"] {
                let r = try await client.get(path)
                #expect(
                    r.status == .notFound && !r.text.contains("SECRET-OTHER") && !r.text.contains("root:x:0:0"),
                    "\(path)")
            }
        }
    }

    /// Sends `request` as it is to 127.0.0.1:`port` and returns what comes back until the server closes.
    static func raw(_ request: String, port: Int) throws -> String {
        let connection = try RawConnection(port: port, timeout: 10)
        defer { connection.close() }
        #expect(connection.send(request))
        return connection.readToEnd(timeout: 10).text
    }

    @Test func traversalOverARealSocketReachesNothing() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        let db = Fixture.freshDatabase()
        let server = try await ServerProcess(database: db, extra: ["--public", folder.publicDir])
        defer { server.stop() }
        // Request lines exactly as written (no client library normalises them), one connection each.
        for path in Self.refused {
            let answer = try Self.raw(
                "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", port: server.port)
            #expect(answer.hasPrefix("HTTP/1.1 404"), "\(path): \(answer.prefix(60))")
            for secret in folder.secrets { #expect(!answer.contains(secret), "\(path) gave away \(secret)") }
        }
        let page = try Self.raw(
            "GET /main.js HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", port: server.port)
        #expect(page.hasPrefix("HTTP/1.1 200") && page.hasSuffix("console.log('app');\n"))
        // The headers on the wire: the policy on a file, CORS on the preflight.
        let head = page.lowercased()
        #expect(
            head.contains("\r\nx-content-type-options: nosniff\r\n") && head.contains("\r\nx-frame-options: deny\r\n"))
        #expect(head.contains("\r\ncontent-security-policy: default-src 'self'; script-src 'self'; style-src 'self';"))
        let preflight = try Self.raw(
            "OPTIONS /hometown/adduser HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: https://elsewhere.example\r\n"
                + "Access-Control-Request-Method: POST\r\nConnection: close\r\n\r\n", port: server.port)
        #expect(preflight.hasPrefix("HTTP/1.1 204"), "\(preflight.prefix(60))")
        #expect(preflight.lowercased().contains("\r\naccess-control-allow-origin: *\r\n"))
        #expect(preflight.lowercased().contains("\r\naccess-control-allow-methods: get, head, post\r\n"))
    }
}
