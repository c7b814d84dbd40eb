import CompressNIO
import Foundation
import HometownTestSupport
import NIOCore
import Testing

@testable import HometownTiles

/// `tiles.bin` (`hometown prepare-tiles`): the bundled file holds exactly what `TileDrawer` draws now from the
/// bundled data; a damaged or truncated file, or a stored member that is not one tile's gzip form, is refused
/// naming the problem.
@Suite(.onComputeThreads) struct PreparedTilesFileTests {
    static let bundled = try! TilePreparation.defaultPath()

    static func temporaryFile(_ name: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hometown-tiles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent(name).path
    }

    static func gzip(_ bytes: ByteBuffer) throws -> ByteBuffer {
        var input = bytes
        return try input.compress(
            with: .gzip, configuration: .init(windowSize: 15, compressionLevel: 6, memoryLevel: 8))
    }

    /// The staleness guard: drawing the tiles again (as `hometown prepare-tiles` does) gives the bundled file's
    /// metadata and every tile's bytes. When drawing changes, this fails until the file is rebuilt.
    @Test func theBundledFileHoldsWhatTheDrawerDrawsNow() throws {
        let fresh = try Self.temporaryFile("tiles.bin")
        defer { try? FileManager.default.removeItem(atPath: (fresh as NSString).deletingLastPathComponent) }
        let report = try TilePreparation.write(to: fresh, zooms: 3)
        #expect(report.tilesPerKind == 21 && report.zooms == 3 && report.path == fresh)
        let drawn = try PreparedTilesFile.read(path: fresh)
        let shipped = try PreparedTilesFile.read(path: Self.bundled)
        let rebuild = "\(Self.bundled) is stale: rebuild it (swift build && .build/debug/hometown prepare-tiles)"
        #expect(drawn.metadata == shipped.metadata, "\(rebuild)")
        #expect(drawn.metadata.zooms == 3 && drawn.metadata.tiles == 42)
        #expect(drawn.tiles.count == 42 && shipped.tiles.count == 42)
        for (a, b) in zip(drawn.tiles, shipped.tiles) {
            #expect(a.kind == b.kind && a.z == b.z && a.x == b.x && a.y == b.y)
            #expect(a.plain == b.plain, "tile \(a.kind) \(a.z)/\(a.x)/\(a.y) differs: \(rebuild)")
            #expect(try PreparedTilesFile.inflate(b.gzip, maxPlainBytes: PreparedTilesFile.maxTileBytes) == b.plain)
        }
        // Both kinds, every tile of zooms 0-2, once each.
        for kind in TileKind.allCases {
            let keys = shipped.tiles.filter { $0.kind == kind }.map { "\($0.z)/\($0.x)/\($0.y)" }
            #expect(keys.count == 21 && Set(keys).count == 21)
        }
        #expect(report.fileBytes == (try FileManager.default.attributesOfItem(atPath: fresh)[.size] as? Int))
        let world = try #require(shipped.tiles.first { $0.kind == .boundaries && $0.z == 0 })
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
    }

    @Test func aStoredMemberIsOneGzipMemberOfATilesSize() throws {
        let plain = ByteBuffer(repeating: UInt8(ascii: "a"), count: 5000)
        let member = try Self.gzip(plain)
        #expect(try PreparedTilesFile.inflate(member, maxPlainBytes: 5000) == plain)
        #expect(throws: (any Error).self) { try PreparedTilesFile.inflate(member, maxPlainBytes: 4999) }
        #expect(throws: (any Error).self) {
            try PreparedTilesFile.inflate(ByteBuffer(string: "not gzip"), maxPlainBytes: 1000)
        }
        var two = member
        two.writeImmutableBuffer(member)
        #expect(throws: (any Error).self) { try PreparedTilesFile.inflate(two, maxPlainBytes: 10_000) }
        // The trailer's size is checked: a member that says less or more than it holds is refused.
        for said: UInt32 in [4999, 5001, 100_000] {
            var lying = member
            lying.setInteger(said, at: lying.writerIndex - 4, endianness: .little)
            #expect(throws: (any Error).self) { try PreparedTilesFile.inflate(lying, maxPlainBytes: 10_000) }
        }
        // The JSON is held in a buffer of about its own size (ByteBuffer rounds capacities up to a power of two),
        // not in one of the largest a tile may take.
        let held = try PreparedTilesFile.inflate(member, maxPlainBytes: PreparedTilesFile.maxTileBytes)
        #expect(held == plain)
        #expect(held.capacity <= 2 * plain.readableBytes, "\(held.capacity)")
    }

    @Test func zoomsOutOfRangeAndAnUnwritablePathAreRefusedNamingThem() throws {
        #expect(throws: TilePreparationError.zooms(0, TilePreparation.maxZooms)) {
            try TilePreparation.write(to: "/nonexistent/tiles.bin", zooms: 0)
        }
        #expect {
            try TilePreparation.write(to: "/nonexistent/tiles.bin", zooms: 1)
        } throws: { error in
            guard case .cannotWrite(let path, _) = error as? TilePreparationError else { return false }
            return path == "/nonexistent/tiles.bin" && "\(error)".hasPrefix("cannot write /nonexistent/tiles.bin")
        }
        #expect(!FileManager.default.fileExists(atPath: "/nonexistent/tiles.bin.partial"))
        #expect(
            throws: TilePreparationError.cannotWrite("/nonexistent/tiles.bin", "its folder /nonexistent does not exist")
        ) {
            try TilePreparation.write(to: "/nonexistent/tiles.bin", zooms: 1)
        }
        // A folder, named with or without its slash, is not a file to write: said before anything is drawn.
        let folder = (try Self.temporaryFile("tiles.bin") as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for path in [folder, folder + "/"] {
            #expect(
                throws: TilePreparationError.cannotWrite(
                    path, "it is a folder; name the file to write in it (\(folder)/tiles.bin)")
            ) { try TilePreparation.write(to: path, zooms: 1) }
        }
    }

    @Test func dataThatCannotBeLoadedIsNamed() throws {
        #expect {
            try BundledData(
                boundariesPath: "/nonexistent/hometown.bin", gazetteerPath: nil, waterPath: nil, countries: .defaults)
        } throws: { error in
            guard case .cannotLoad = error as? BundledDataError else { return false }
            return "\(error)".contains("/nonexistent/hometown.bin")
        }
        #expect {
            try BundledData(boundariesPath: nil, gazetteerPath: nil, waterPath: nil, countries: .list(["Atlantis"]))
        } throws: { error in
            guard case .countries = error as? BundledDataError else { return false }
            return "\(error)".hasPrefix("--countries: ") && "\(error)".contains("Atlantis")
        }
    }
}
