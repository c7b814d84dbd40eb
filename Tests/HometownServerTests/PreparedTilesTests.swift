import CompressNIO
import Foundation
import HTTPTypes
import HometownTestSupport
import HometownTiles
import HummingbirdTesting
import NIOCore
import Testing

@testable import HometownServer

/// The web map's tiles drawn ahead (`tiles.bin`, `hometown prepare-tiles`) in a server: the bundled file is used
/// whole with the bundled data; tiles of other data are left out by kind; a server sends them (and every tile it
/// drew) gzipped without compressing per request.
@Suite struct PreparedTilesTests {
    static let bundled = try! TilePreparation.defaultPath()

    static func gunzip(_ buffer: ByteBuffer) throws -> ByteBuffer {
        var b = buffer
        return try b.decompress(with: .gzip())
    }

    /// Every tile of zooms 0-2, of both kinds, is served from the bundled file when drawn from the server's data;
    /// a tile large enough to be sent compressed keeps its stored gzip form. (`PreparedTilesFileTests` holds the
    /// file to what `TileDrawer` draws.)
    @Test func theBundledFileIsUsedWholeWithTheServersData() throws {
        let shipped = try PreparedTilesFile.read(path: Self.bundled)
        let data = try Fixture.data.get()
        let (tiles, leftOut) = try PreparedTiles.load(path: Self.bundled, sources: data.bundled.tileSources())
        #expect(leftOut.isEmpty)
        #expect(shipped.metadata.sources == data.bundled.tileSources())
        for z in 0..<3 {
            #expect(tiles.covers(.boundaries, zoom: z) && tiles.covers(.labels, zoom: z))
        }
        #expect(!tiles.covers(.boundaries, zoom: 3))
        #expect(tiles.usage.tiles == 42)
        let world = try #require(tiles.tile(.boundaries, z: 0, x: 0, y: 0))
        #expect(try Self.gunzip(try #require(world.gzip)) == world.plain)
        for e in shipped.tiles {
            let served = try #require(tiles.tile(e.kind, z: e.z, x: e.x, y: e.y))
            #expect(served.plain == e.plain)
            #expect((served.gzip != nil) == (e.plain.readableBytes >= AnswerDelivery.minimumGzipBytes))
        }
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
