import CompressNIO
import Foundation
import HTTPTypes
import HometownTestSupport
import HummingbirdTesting
import NIOCore
import Testing

@testable import HometownServer

/// The web map's tiles drawn ahead (`tiles.bin`, `hometown prepare-tiles`): the bundled file holds exactly what the
/// server draws now from the bundled data; a damaged file is refused naming the problem; tiles of other data are
/// left out; a server sends them (and every tile it drew) gzipped without compressing per request.
@Suite struct PreparedTilesTests {
    static let bundled = try! TilePreparation.defaultPath()

    static func temporaryFile(_ name: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hometown-tiles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent(name).path
    }

    static func gunzip(_ buffer: ByteBuffer) throws -> ByteBuffer {
        var b = buffer
        return try b.decompress(with: .gzip())
    }

    /// The staleness guard: drawing the tiles again (as `hometown prepare-tiles` does) gives the bundled file's
    /// metadata and every tile's bytes. When drawing changes, this fails until the file is rebuilt.
    @Test func theBundledFileHoldsWhatTheServerDrawsNow() async throws {
        let fresh = try Self.temporaryFile("tiles.bin")
        defer { try? FileManager.default.removeItem(atPath: (fresh as NSString).deletingLastPathComponent) }
        let report = try await TilePreparation.write(to: fresh, zooms: 3)
        #expect(report.tilesPerKind == 21 && report.zooms == 3)
        let drawn = try PreparedTilesFile.read(path: fresh)
        let shipped = try PreparedTilesFile.read(path: Self.bundled)
        let rebuild = "\(Self.bundled) is stale: rebuild it (swift build && .build/debug/hometown prepare-tiles)"
        #expect(drawn.metadata == shipped.metadata, "\(rebuild)")
        #expect(drawn.tiles.count == 42 && shipped.tiles.count == 42)
        for (a, b) in zip(drawn.tiles, shipped.tiles) {
            #expect(a.kind == b.kind && a.z == b.z && a.x == b.x && a.y == b.y)
            #expect(a.answer.plain == b.answer.plain, "tile \(a.kind) \(a.z)/\(a.x)/\(a.y) differs: \(rebuild)")
        }
        // Every tile of zooms 0-2, of both kinds, as served: the bundled data's sources.
        let (tiles, leftOut) = try PreparedTiles.load(path: Self.bundled, sources: drawn.metadata.sources)
        #expect(leftOut.isEmpty)
        for z in 0..<3 {
            #expect(tiles.covers(.boundaries, zoom: z) && tiles.covers(.labels, zoom: z))
        }
        #expect(!tiles.covers(.boundaries, zoom: 3))
        // A stored gzip form inflates to the tile's JSON; the zoom-0 boundary tile is large enough to have one.
        let world = try #require(tiles.tile(.boundaries, z: 0, x: 0, y: 0))
        #expect(try Self.gunzip(try #require(world.gzip)) == world.plain)
        let o = try JSONSerialization.jsonObject(with: Data(world.plain.readableBytesView)) as? [String: Any]
        #expect((o?["land"] as? [Any])?.isEmpty == false)
    }

    @Test func aDamagedOrTruncatedFileIsRefusedNamingItsPathAndTheProblem() throws {
        let copy = try Self.temporaryFile("tiles.bin")
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.bundled)))
        bytes[bytes.count - 100] ^= 0x40
        try Data(bytes).write(to: URL(fileURLWithPath: copy))
        #expect {
            try PreparedTilesFile.read(path: copy)
        } throws: { error in
            "\(error)".contains(copy) && "\(error)".contains("GZIP")
        }
        try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: copy))
        #expect {
            try PreparedTilesFile.read(path: copy)
        } throws: { error in
            "\(error)".contains(copy) && "\(error)".lowercased().contains("truncated")
        }
        // A stored member that is not gzip, or inflates beyond a tile's size, is no tile.
        #expect(throws: (any Error).self) { try TileAnswer(gzip: ByteBuffer(string: "not gzip"), maxPlainBytes: 1000) }
        let big = try TileAnswer(plain: ByteBuffer(repeating: UInt8(ascii: "a"), count: 5000))
        #expect(throws: (any Error).self) { try TileAnswer(gzip: try #require(big.gzip), maxPlainBytes: 4999) }
        #expect(try TileAnswer(gzip: try #require(big.gzip), maxPlainBytes: 5000).plain == big.plain)
    }

    @Test func tilesDrawnFromOtherDataAreLeftOutByKind() throws {
        let shipped = try PreparedTilesFile.read(path: Self.bundled).metadata.sources
        var names = shipped
        names.names = "0"
        let (a, whyA) = try PreparedTiles.load(path: Self.bundled, sources: names)
        #expect(a.covers(.boundaries, zoom: 2) && !a.covers(.labels, zoom: 0))
        #expect(a.tile(.labels, z: 0, x: 0, y: 0) == nil && a.tile(.boundaries, z: 0, x: 0, y: 0) != nil)
        #expect(whyA.count == 1 && whyA[0].contains("name tiles"))
        var water = shipped
        water.water = "0"
        let (b, whyB) = try PreparedTiles.load(path: Self.bundled, sources: water)
        #expect(!b.covers(.boundaries, zoom: 0) && b.covers(.labels, zoom: 2))
        #expect(whyB.count == 1 && whyB[0].contains("water.bin"))
    }

    @Test func aServerSendsTilesGzippedFromWhatItKeepsAndPlainToOthers() async throws {
        var c = Fixture.configuration()
        c.preparedTiles = .file(Self.bundled)
        try await Fixture.withServer(c) { client in
            // Drawn ahead (zoom 0) and drawn on demand (zoom 3, then kept with its gzip form).
            for uri in ["/hometown/boundaries?z=0&x=0&y=0", "/hometown/boundaries?z=3&x=2&y=3"] {
                let plain = try await client.execute(uri: uri, method: .get)
                #expect(plain.status == .ok && plain.headers[.contentEncoding] == nil)
                for _ in 0..<2 {
                    let zipped = try await client.execute(uri: uri, method: .get, headers: [.acceptEncoding: "gzip"])
                    #expect(zipped.headers[.contentEncoding] == "gzip", "\(uri)")
                    #expect(zipped.headers[.vary] == "Accept-Encoding")
                    #expect(zipped.headers[.cacheControl]?.hasPrefix("public") == true)
                    #expect(try Self.gunzip(zipped.body) == plain.body, "\(uri)")
                    #expect(zipped.body.readableBytes * 2 < plain.body.readableBytes)
                }
                let head = try await client.execute(uri: uri, method: .head, headers: [.acceptEncoding: "gzip"])
                #expect(head.status == .ok && head.body.readableBytes == 0 && head.headers[.contentEncoding] == "gzip")
            }
            let labels = try await client.execute(uri: "/hometown/labels?z=2&x=1&y=1", method: .get)
            #expect(labels.status == .ok && (labels.text.contains("\"labels\"")))
        }
        // --max-compressing 0 turns gzip off, kept forms included.
        c.work.maxCompressing = 0
        try await Fixture.withServer(c) { client in
            let r = try await client.execute(
                uri: "/hometown/boundaries?z=0&x=0&y=0", method: .get, headers: [.acceptEncoding: "gzip"])
            #expect(r.status == .ok && r.headers[.contentEncoding] == nil)
        }
    }

    @Test func aNamedFileThatCannotBeReadStopsTheStartNamingTheOption() async throws {
        var c = Fixture.configuration()
        c.preparedTiles = .file("/nonexistent/tiles.bin")
        await #expect {
            try await buildApplication(configuration: c, data: try Fixture.data.get())
        } throws: { error in
            "\(error)".contains("--prepared-tiles") && "\(error)".contains("/nonexistent/tiles.bin")
        }
        // Without any (none), the tiles are drawn.
        c.preparedTiles = .none
        try await Fixture.withServer(c) { client in
            let r = try await client.get("/hometown/boundaries?z=0&x=0&y=0")
            #expect(r.status == .ok)
        }
    }
}
