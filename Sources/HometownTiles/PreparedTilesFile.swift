import CompressNIO
import Foundation
import HometownBoundaries
import NIOCore

/// `tiles.bin`: the web map's first zooms drawn ahead (`hometown prepare-tiles`), so that a server serves them the
/// moment it listens instead of after building its boundaries (about 0.7 s of work in a release build). The same
/// container as `hometown.bin` (`DataFileLayout`: magic, version, size, header checksum, a checksum per section),
/// with a format version of its own.
///
/// | section | contents |
/// |---|---|
/// | META | JSON (`Metadata`): zooms, the checksums of the data the tiles were drawn from (`TileSources`), counts |
/// | INDEX | 6 `UInt32` per tile: kind (0 boundaries, 1 names), z, x, y, offset in GZIP, length |
/// | GZIP | each tile's JSON as one gzip member (zlib level 9), one after another |
///
/// Every tile of each zoom in `0..<zooms` is in it, once per kind. A tile is the exact bytes `TileDrawer` draws
/// from the same data; the test `PreparedTilesFileTests` holds the bundled file to that.
public enum PreparedTilesFile {
    /// The container version of `tiles.bin`.
    public static let version: UInt32 = 1
    /// The sections: the metadata (JSON), the tiles' index and their gzip members back to back.
    static let meta = DataSection<UInt8>("META"), index = DataSection<UInt32>("INDEX"),
        gzip = DataSection<UInt8>("GZIP")
    /// The largest tile JSON accepted when reading (the zoom-0 boundary tile has about 90 KB).
    public static let maxTileBytes = 4 << 20

    /// What META holds.
    public struct Metadata: Codable, Equatable, Sendable {
        /// Zooms 0 to `zooms` - 1 are in the file, every tile of both kinds.
        public var zooms: Int
        /// The data the tiles were drawn from.
        public var sources: TileSources
        /// Tiles in the file (both kinds).
        public var tiles: Int
        /// Bytes of their JSON, uncompressed.
        public var plainBytes: Int
        public var attribution: String
    }

    /// One tile as read: its JSON, and the gzip member it was stored as (which inflates to exactly that JSON).
    public struct Entry: Sendable {
        public var kind: TileKind
        public var z: Int
        public var x: Int
        public var y: Int
        public var plain: ByteBuffer
        public var gzip: ByteBuffer
    }

    /// The file's bytes for `tiles` (their JSON, compressed here at zlib level 9) drawn from `sources`.
    public static func bytes(
        zooms: Int, sources: TileSources, tiles: [(kind: TileKind, z: Int, x: Int, y: Int, json: ByteBuffer)]
    )
        throws -> [UInt8]
    {
        var offsets: [UInt32] = []
        var packed: [UInt8] = []
        var plainBytes = 0
        for t in tiles {
            var input = t.json
            let gz = try input.compress(
                with: .gzip, configuration: .init(windowSize: 15, compressionLevel: 9, memoryLevel: 8))
            offsets += [
                t.kind.rawValue, UInt32(t.z), UInt32(t.x), UInt32(t.y), UInt32(packed.count), UInt32(gz.readableBytes),
            ]
            packed += gz.readableBytesView
            plainBytes += t.json.readableBytes
        }
        let metadata = Metadata(
            zooms: zooms, sources: sources, tiles: tiles.count, plainBytes: plainBytes,
            attribution: "Made with Natural Earth. Contains data from GeoNames (geonames.org), CC BY 4.0.")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var w = DataFileWriter(version: version)
        w.add(meta, Array(try encoder.encode(metadata)))
        w.add(index, offsets)
        w.add(Self.gzip, packed)
        return w.bytes()
    }

    /// Reads every tile of the file at `path`, checking every checksum and index and inflating every tile.
    /// - Throws: `BoundariesError` naming the file and what is wrong with it (missing, truncated, corrupted, of another
    ///   version, a tile outside its section or not a gzip member of a tile's size).
    public static func read(path: String) throws -> (metadata: Metadata, tiles: [Entry]) {
        let f = try DataFile(path: path, version: version)
        try f.verifyAll()
        func bad(_ detail: String) -> BoundariesError { .dataFileCorrupted(path: path, detail: detail) }
        let metadata: Metadata
        do {
            metadata = try JSONDecoder().decode(Metadata.self, from: Data(try f.bytes(meta)))
        } catch let e as BoundariesError {
            throw e
        } catch {
            throw bad("its META section is not the expected JSON (\(error))")
        }
        let words = try f.array(index)
        let packed = try f.bytes(Self.gzip)
        guard words.count % 6 == 0 else { throw bad("its INDEX section is not a whole number of tiles") }
        var out: [Entry] = []
        out.reserveCapacity(words.count / 6)
        for t in 0..<(words.count / 6) {
            let w = (0..<6).map { Int(UInt32(littleEndian: words[6 * t + $0])) }
            guard let kind = TileKind(rawValue: UInt32(w[0])) else {
                throw bad("tile \(t) is of kind \(w[0])")
            }
            let (z, x, y, offset, length) = (w[1], w[2], w[3], w[4], w[5])
            guard z <= TileDrawer.maxZoom, x < 1 << z, y < 1 << z else { throw bad("tile \(t) is \(z)/\(x)/\(y)") }
            guard offset <= packed.count, length <= packed.count - offset else {
                throw bad("tile \(t) (\(z)/\(x)/\(y)) lies outside the GZIP section")
            }
            let gzip = ByteBuffer(bytes: UnsafeRawBufferPointer(rebasing: packed[offset..<(offset + length)]))
            let plain: ByteBuffer
            do {
                plain = try inflate(gzip, maxPlainBytes: maxTileBytes)
            } catch {
                throw bad("tile \(t) (\(z)/\(x)/\(y)) is not one gzip member of a tile's size (\(error))")
            }
            out.append(Entry(kind: kind, z: z, x: x, y: y, plain: plain, gzip: gzip))
        }
        return (metadata, out)
    }

    /// Where `tiles.bin` is looked for: beside `hometown.bin` (the file given, or else
    /// `ReverseGeocoder.defaultDataPath()`), without `..` steps.
    /// - Throws: `BoundariesError.dataNotFound` when no file is given and none is found.
    public static func path(besideBoundaries boundaries: String? = nil) throws -> String {
        let reverse = try boundaries ?? ReverseGeocoder.defaultDataPath()
        guard let slash = reverse.lastIndex(of: "/") else { return "tiles.bin" }
        return URL(fileURLWithPath: String(reverse[..<slash]) + "/tiles.bin").standardized.path
    }

    /// The JSON that `gzip`, one stored tile, inflates to, in a buffer of its size: the member's trailer gives
    /// the size (ISIZE, RFC 1952 section 2.3.1), which zlib checks as it inflates.
    /// - Throws: when `gzip` is not one gzip member that inflates to at most `maxPlainBytes`.
    static func inflate(_ gzip: ByteBuffer, maxPlainBytes: Int) throws -> ByteBuffer {
        guard gzip.readableBytes >= 18,
            let size = gzip.getInteger(at: gzip.writerIndex - 4, endianness: .little, as: UInt32.self),
            Int(size) <= maxPlainBytes
        else { throw PreparedTilesFileError.notOneMember }
        var input = gzip
        // Room for a byte more than the trailer says (ByteBuffer rounds it up further): a member holding more than
        // it says is refused, by zlib's check of the size or for want of room, never cut short.
        var inflated = ByteBufferAllocator().buffer(capacity: Int(size) + 1)
        try input.decompress(to: &inflated, with: .gzip)
        guard input.readableBytes == 0, inflated.readableBytes <= maxPlainBytes else {
            throw PreparedTilesFileError.notOneMember
        }
        return inflated
    }
}

/// A stored member that is not one tile's gzip form.
enum PreparedTilesFileError: Error, CustomStringConvertible {
    case notOneMember

    var description: String { "not one gzip member of a tile's size" }
}
