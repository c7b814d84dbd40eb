import Foundation
import HometownBasemap
import HometownBoundaries
import HometownGazetteer
import HometownVocabulary
import NIOCore
import NIOPosix

/// Draws the web map's first zooms ahead into `tiles.bin` (`PreparedTilesFile`) with the server's own drawing
/// (`BoundaryTiles.draw`, `LabelTiles.draw`), for `hometown prepare-tiles`: a server that finds the file beside
/// `hometown.bin` serves those tiles the moment it listens.
public enum TilePreparation {
    /// What a run wrote.
    public struct Report: Sendable {
        /// The file written.
        public var path: String
        /// Zooms 0 to `zooms` - 1.
        public var zooms: Int
        /// Tiles of each kind.
        public var tilesPerKind: Int
        /// Bytes of their JSON, and of the file (compressed).
        public var plainBytes: Int
        public var fileBytes: Int
    }

    /// Where `hometown serve` looks for the file by default: `tiles.bin` beside `hometown.bin` (the file given, or
    /// else the default one).
    /// - Throws: `BoundariesError.dataNotFound` when no file is given and none is found.
    public static func defaultPath(besideBoundaries boundaries: String? = nil) throws -> String {
        try PreparedTilesFile.path(besideBoundaries: boundaries)
    }

    /// The most zooms a file may hold (zoom 5 alone is 1,024 tiles of each kind).
    public static let maxZooms = 6

    /// Draws every boundary and name tile of zooms 0 to `zooms` - 1 and writes them to `path` (replaced whole: a
    /// temporary file beside it is renamed over it).
    /// - Parameters:
    ///   - boundariesPath: `hometown.bin` (nil: the default); `water.bin` and `gazetteer.bin` as `hometown serve`
    ///     finds them when `waterPath` or `gazetteerPath` is nil.
    ///   - countries: the countries served, whose names the map shows in the server's spelling.
    /// - Throws: `ServerError` naming what could not be loaded or written.
    public static func write(
        to path: String, zooms: Int, boundariesPath: String? = nil, gazetteerPath: String? = nil,
        waterPath: String? = nil, countries: Vocabulary.Selection = .defaults
    ) async throws -> Report {
        guard (1...maxZooms).contains(zooms) else {
            throw ServerError.badConfiguration("--zooms", "must be from 1 to \(maxZooms)")
        }
        let data = try BundledData(
            boundariesPath: boundariesPath, gazetteerPath: gazetteerPath, waterPath: waterPath, countries: countries)
        let sources: TileSources
        do { sources = try data.tileSources() } catch { throw ServerError.cannotLoad("the bundled data", "\(error)") }
        let (geocoder, gazetteer) = (data.geocoder, data.gazetteer)
        let threads = NIOThreadPool(numberOfThreads: System.coreCount)
        threads.start()
        defer { threads.shutdownGracefully { _ in } }
        let boundaries = BoundaryTiles(geocoder: geocoder, water: data.water, cacheBytes: 0, threads: threads)
        let labels = LabelTiles(
            geocoder: geocoder, gazetteer: gazetteer, vocabulary: data.vocabulary, cacheBytes: 1 << 30,
            expensive: WorkLimiter(running: 1, waiting: 1, maxWait: .seconds(3600)), threads: threads)
        var tiles: [(kind: PreparedTiles.Kind, z: Int, x: Int, y: Int, json: ByteBuffer)] = []
        for z in 0..<zooms {
            for x in 0..<(1 << z) {
                for y in 0..<(1 << z) {
                    let json = try await threads.runIfActive { try boundaries.draw(z: z, x: x, y: y) }
                    tiles.append((.boundaries, z, x, y, json))
                    tiles.append((.labels, z, x, y, try await labels.draw(z: z, x: x, y: y)))
                }
            }
        }
        let bytes = try PreparedTilesFile.bytes(zooms: zooms, sources: sources, tiles: tiles)
        let temporary = path + ".partial"
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: temporary))
            guard rename(temporary, path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw ServerError.cannotWrite(path, "\(error.localizedDescription)")
        }
        return Report(
            path: path, zooms: zooms, tilesPerKind: tiles.count / 2,
            plainBytes: tiles.reduce(0) { $0 + $1.json.readableBytes }, fileBytes: bytes.count)
    }
}
