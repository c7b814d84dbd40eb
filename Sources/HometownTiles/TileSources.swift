import HometownBasemap
import HometownBoundaries
import HometownGazetteer
import HometownVocabulary

/// What the web map's tiles are drawn from, each part named by a checksum (hexadecimal): a tile drawn ahead
/// is served only when it was drawn from the same data the server has loaded.
///
/// Boundary tiles are drawn from `hometown.bin` and `water.bin`; name tiles from `hometown.bin`, `gazetteer.bin` and
/// the names in the server's spelling (which the served countries may change).
public struct TileSources: Codable, Equatable, Sendable {
    /// `hometown.bin`'s header checksum (`DataFile.headerChecksum`: it covers every section's checksum).
    public var boundaries: String
    /// `water.bin`'s header checksum.
    public var water: String
    /// `gazetteer.bin`'s header checksum.
    public var gazetteer: String
    /// A checksum of the country and state names the map shows (`Vocabulary.mapNames`), one per line.
    public var names: String

    /// Whether boundary tiles drawn from `self` are the ones `other` would draw.
    public func sameBoundaries(as other: TileSources) -> Bool { boundaries == other.boundaries && water == other.water }

    /// Whether name tiles drawn from `self` are the ones `other` would draw.
    public func sameNames(as other: TileSources) -> Bool {
        boundaries == other.boundaries && gazetteer == other.gazetteer && names == other.names
    }

    /// The sources of a server (or of `hometown prepare-tiles`) with these data and this vocabulary.
    /// - Parameter waterChecksum: the header checksum of the `water.bin` the tiles' lakes were read from
    ///   (`WaterMap.load`).
    init(geocoder: ReverseGeocoder, gazetteer: Gazetteer, waterChecksum: UInt64, vocabulary: Vocabulary) {
        func hex(_ v: UInt64) -> String { String(v, radix: 16) }
        boundaries = hex(geocoder.file.headerChecksum)
        self.gazetteer = hex(gazetteer.file.headerChecksum)
        water = hex(waterChecksum)
        let map = vocabulary.mapNames(geocoder: geocoder)
        let text = Array((map.countries + map.states).joined(separator: "\n").utf8)
        names = hex(text.withUnsafeBytes { Checksum64.hash($0) })
    }
}
