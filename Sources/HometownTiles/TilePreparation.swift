import Foundation
import HometownCore
import HometownVocabulary
import NIOCore

/// Draws the web map's first zooms ahead into `tiles.bin` (`PreparedTilesFile`) with `TileDrawer`, for
/// `hometown prepare-tiles`: a server that finds the file beside `hometown.bin` serves those tiles the moment it
/// listens.
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

    /// Draws every boundary and name tile of zooms 0 to `zooms` - 1, on the caller's thread, and writes them to
    /// `path` (replaced whole: a temporary file beside it is renamed over it).
    /// - Parameters:
    ///   - boundariesPath: `hometown.bin` (nil: the default); `water.bin` and `gazetteer.bin` as `hometown serve`
    ///     finds them when `waterPath` or `gazetteerPath` is nil.
    ///   - countries: the countries served, whose names the map shows in the server's spelling.
    /// - Throws: `TilePreparationError` for zooms out of range or a file that could not be written;
    ///   `BundledDataError` naming what could not be loaded.
    public static func write(
        to path: String, zooms: Int, boundariesPath: String? = nil, gazetteerPath: String? = nil,
        waterPath: String? = nil, countries: Vocabulary.Selection = .defaults
    ) throws -> Report {
        guard (1...maxZooms).contains(zooms) else { throw TilePreparationError.zooms(zooms, maxZooms) }
        // A path that cannot be a file is refused before the drawing (seconds), not after it. A link is followed:
        // the file it points to is replaced, not the link.
        let target: String
        switch FileTarget(path) {
        case .file(let resolved) where !path.hasSuffix("/"): target = resolved
        case .file, .folder:
            let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
            throw TilePreparationError.cannotWrite(
                path, "it is a folder; name the file to write in it (\(folder)/tiles.bin)")
        case .special:
            throw TilePreparationError.cannotWrite(
                path, "it is a device, a pipe or a socket, not a file; name the file to write (tiles.bin)")
        case .unusable(let why): throw TilePreparationError.cannotWrite(path, why)
        }
        let parent = (target as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        if !parent.isEmpty,
            !(FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder) && isFolder.boolValue)
        {
            throw TilePreparationError.cannotWrite(path, "its folder \(parent) does not exist")
        }
        let data = try BundledData(
            boundariesPath: boundariesPath, gazetteerPath: gazetteerPath, waterPath: waterPath, countries: countries)
        let sources = data.tileSources()
        let drawer = TileDrawer(data)
        var tiles: [(kind: TileKind, z: Int, x: Int, y: Int, json: ByteBuffer)] = []
        for z in 0..<zooms {
            let placement = drawer.placement(zoom: z)
            for x in 0..<(1 << z) {
                for y in 0..<(1 << z) {
                    tiles.append((.boundaries, z, x, y, try drawer.boundaryTile(z: z, x: x, y: y)))
                    tiles.append((.labels, z, x, y, TileDrawer.labelTile(placement, z: z, x: x, y: y)))
                }
            }
        }
        let bytes = try PreparedTilesFile.bytes(zooms: zooms, sources: sources, tiles: tiles)
        let temporary = target + ".partial"
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: temporary))
            guard rename(temporary, target) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw TilePreparationError.cannotWrite(path, "\(error.localizedDescription)")
        }
        return Report(
            path: path, zooms: zooms, tilesPerKind: tiles.count / 2,
            plainBytes: tiles.reduce(0) { $0 + $1.json.readableBytes }, fileBytes: bytes.count)
    }
}
