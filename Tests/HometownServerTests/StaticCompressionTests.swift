import CompressNIO
import Foundation
import HTTPTypes
import HometownServer
import HummingbirdTesting
import NIOCore
import Testing

/// The web app's first load: every file the page names goes out gzipped to a client that accepts it (from the
/// `.gz` beside it, or compressed once), decompressing to exactly the file; plain otherwise; with entity tags of
/// the content and 304; Leaflet minified. Prints what the first load weighs.
@Suite struct StaticCompressionTests {
    static func gunzip(_ buffer: ByteBuffer) throws -> [UInt8] {
        var b = buffer
        return Array(try b.decompress(with: .gzip()).readableBytesView)
    }

    /// The paths the page loads: itself and every local `src` and `href`.
    static func firstLoad(_ page: String) throws -> [String] {
        let refs = try NSRegularExpression(pattern: #"(?:src|href)\s*=\s*["'](/[^"']+)["']"#)
        let found = refs.matches(in: page, range: NSRange(page.startIndex..., in: page)).map {
            String(page[Range($0.range(at: 1), in: page)!])
        }
        return ["/"] + found
    }

    @Test func theFirstLoadIsCompressedAndDecompressesToTheFiles() async throws {
        try await Fixture.withServer { client in
            let page = try await client.get("/")
            let paths = try Self.firstLoad(page.text)
            #expect(paths.contains("/vendor/leaflet/leaflet.js") && paths.count >= 5, "\(paths)")
            var plainTotal = 0
            var sentTotal = 0
            var lines: [String] = []
            for path in paths {
                let plain = try await client.get(path)
                let zipped = try await client.execute(uri: path, method: .get, headers: [.acceptEncoding: "gzip"])
                #expect(plain.status == .ok && zipped.status == .ok, "\(path)")
                #expect(plain.headers[.contentEncoding] == nil, "\(path)")
                #expect(plain.headers[.vary] == "Accept-Encoding" && zipped.headers[.vary] == "Accept-Encoding")
                let tag = try #require(plain.headers[.eTag], "\(path) has no tag")
                let plainBytes = Array(plain.body.readableBytesView)
                if zipped.headers[.contentEncoding] == "gzip" {
                    #expect(try Self.gunzip(zipped.body) == plainBytes, "\(path) decompresses to the file")
                    #expect(zipped.headers[.eTag] == String(tag.dropLast()) + "-gzip\"", "\(path)")
                    #expect(zipped.body.readableBytes < plainBytes.count, "\(path)")
                } else {
                    // Only what does not shrink or is too small goes plain.
                    #expect(plainBytes.count < 1024, "\(path) (\(plainBytes.count) bytes) was not compressed")
                    #expect(Array(zipped.body.readableBytesView) == plainBytes)
                }
                // The tag names the content: either form revalidates to 304, with the file's own cache header.
                for t in [tag, zipped.headers[.eTag] ?? tag] {
                    let again = try await client.execute(
                        uri: path, method: .get, headers: [.acceptEncoding: "gzip", .ifNoneMatch: t])
                    #expect(again.status == .notModified && again.body.readableBytes == 0, "\(path)")
                    #expect(again.headers[.eTag] == t && again.headers[.cacheControl] == plain.headers[.cacheControl])
                }
                // HEAD: GET's headers and length, no body.
                let head = try await client.execute(uri: path, method: .head, headers: [.acceptEncoding: "gzip"])
                #expect(head.headers[.contentLength] == String(zipped.body.readableBytes), "\(path)")
                #expect(head.body.readableBytes == 0)
                plainTotal += plainBytes.count
                sentTotal += zipped.body.readableBytes
                lines.append("  \(path): \(plainBytes.count) bytes, \(zipped.body.readableBytes) sent with gzip")
            }
            print("the web app's first load (\(paths.count) files; the map's tiles and the API's answers aside):")
            print(lines.joined(separator: "\n"))
            print("  total: \(plainTotal) bytes, \(sentTotal) sent with gzip")
            #expect(sentTotal < 200_000)
        }
    }

    @Test func leafletIsSentMinifiedWithDebiansGzip() async throws {
        let dir = "/usr/share/javascript/leaflet"
        let minified = try #require(FileManager.default.contents(atPath: dir + "/leaflet.min.js"))
        let minifiedGzip = try #require(FileManager.default.contents(atPath: dir + "/leaflet.min.js.gz"))
        let readable = try #require(FileManager.default.contents(atPath: dir + "/leaflet.js"))
        try await Fixture.withServer { client in
            let js = try await client.get("/vendor/leaflet/leaflet.js")
            #expect(Array(js.body.readableBytesView) == Array(minified))
            // Debian's .gz is sent as it is: the same bytes, not compressed again.
            let zipped = try await client.execute(
                uri: "/vendor/leaflet/leaflet.js", method: .get, headers: [.acceptEncoding: "gzip, deflate, br"])
            #expect(zipped.headers[.contentEncoding] == "gzip")
            #expect(Array(zipped.body.readableBytesView) == Array(minifiedGzip))
            #expect(zipped.headers[.cacheControl] == "public, max-age=86400")
            // The readable one under upstream's name.
            let src = try await client.get("/vendor/leaflet/leaflet-src.js")
            #expect(Array(src.body.readableBytesView) == Array(readable))
            #expect(try await client.get("/vendor/leaflet/leaflet.min.js").body.readableBytes == minified.count)
        }
    }

    @Test func aStaleGzipBesideIsNotSentAndEveryGzipIsMadeRight() async throws {
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("hometown-gzip-\(UUID().uuidString)").path
        defer { try? fm.removeItem(atPath: root) }
        try fm.createDirectory(atPath: root, withIntermediateDirectories: true)
        let app = String(repeating: "console.log('the app, long enough to be worth compressing');\n", count: 40)
        try Data("openapi: 3.1.0\n".utf8).write(to: URL(fileURLWithPath: root + "/openapi.yaml"))
        try Data(app.utf8).write(to: URL(fileURLWithPath: root + "/app.js"))
        // A .gz of an older app.js: never sent in its place.
        var old = ByteBuffer(string: "console.log('old');\n")
        let stale = try old.compress(with: .gzip())
        try Data(stale.readableBytesView).write(to: URL(fileURLWithPath: root + "/app.js.gz"))
        for (budget, compressing) in [(16 << 20, 2), (0, 2), (16 << 20, 0)] {
            var c = Fixture.configuration()
            c.publicDirectory = root
            c.work.fileGzipCacheBytes = budget
            c.work.maxCompressing = compressing
            try await Fixture.withServer(c) { client in
                for _ in 0..<2 {
                    let r = try await client.execute(uri: "/app.js", method: .get, headers: [.acceptEncoding: "gzip"])
                    if compressing == 0 {
                        #expect(r.headers[.contentEncoding] == nil && String(buffer: r.body) == app)
                    } else {
                        #expect(r.headers[.contentEncoding] == "gzip", "budget \(budget)")
                        #expect(try Self.gunzip(r.body) == Array(app.utf8), "budget \(budget)")
                    }
                }
                // The .gz itself is a file of the folder like any other.
                #expect(try await client.get("/app.js.gz").status == .ok)
            }
        }
    }
}
