import HometownBasemap
import HometownBoundaries
import HometownGazetteer
import HometownVocabulary

/// The bundled data a server and `hometown prepare-tiles` work from, loaded and checked in one place: boundaries
/// (`hometown.bin`), gazetteer, lakes (`water.bin`) and the names served. Immutable and safe to share between
/// threads.
public struct BundledData: Sendable {
    public let geocoder: ReverseGeocoder
    public let gazetteer: Gazetteer
    public let water: WaterMap
    /// The lakes file loaded (`water.bin` beside `hometown.bin` unless given).
    public let waterPath: String
    /// That file's header checksum, from the reading the lakes came from.
    let waterChecksum: UInt64
    public let vocabulary: Vocabulary

    /// Loads every file with full verification.
    /// - Parameters:
    ///   - boundariesPath, gazetteerPath: nil for the defaults; `waterPath` nil for `water.bin` beside the
    ///     boundaries.
    ///   - countries: the countries served (`--countries`).
    /// - Throws: `BundledDataError.cannotLoad` naming the file and the problem; `.countries` when the
    ///   selection names no country of the data. The lakes are required: without them the Great Lakes would be
    ///   drawn as land.
    public init(boundariesPath: String?, gazetteerPath: String?, waterPath: String?, countries: Vocabulary.Selection)
        throws(BundledDataError)
    {
        let lakes: String
        do {
            geocoder = try ReverseGeocoder(path: boundariesPath, verification: .full)
            gazetteer = try Gazetteer(path: gazetteerPath, verify: true)
            lakes = try waterPath ?? WaterFile.path(besideBoundaries: boundariesPath)
            (water, waterChecksum) = try WaterMap.load(path: lakes)
        } catch {
            throw .cannotLoad("\(error)")
        }
        self.waterPath = lakes
        do {
            vocabulary = try Vocabulary.bundled(geocoder: geocoder, gazetteer: gazetteer, selection: countries)
        } catch {
            throw .countries(error.description)
        }
    }

    /// The checksums of what the map tiles are drawn from (`PreparedTilesFile` keeps them to tell a stale file).
    public func tileSources() -> TileSources {
        TileSources(geocoder: geocoder, gazetteer: gazetteer, waterChecksum: waterChecksum, vocabulary: vocabulary)
    }
}
