import HometownBasemap
import HometownBoundaries
import HometownGazetteer
import HometownVocabulary

/// The bundled data a server (and `hometown prepare-tiles`, which draws with the server's code) works from, loaded
/// and checked in one place: boundaries (`hometown.bin`), gazetteer, lakes (`water.bin`) and the names served.
struct BundledData {
    let geocoder: ReverseGeocoder
    let gazetteer: Gazetteer
    let water: WaterMap
    /// The lakes file loaded (`water.bin` beside `hometown.bin` unless given).
    let waterPath: String
    let vocabulary: Vocabulary

    /// Loads every file with full verification.
    /// - Parameters:
    ///   - boundariesPath, gazetteerPath: nil for the defaults; `waterPath` nil for `water.bin` beside the
    ///     boundaries.
    ///   - countries: the countries served (`--countries`).
    /// - Throws: `ServerError.cannotLoad` naming the file and the problem; `.badConfiguration("--countries", ...)`
    ///   when the selection names no country of the data. The lakes are required: without them the Great Lakes
    ///   would be drawn as land.
    init(boundariesPath: String?, gazetteerPath: String?, waterPath: String?, countries: Vocabulary.Selection)
        throws(ServerError)
    {
        let lakes: String
        do {
            geocoder = try ReverseGeocoder(path: boundariesPath, verification: .full)
            gazetteer = try Gazetteer(path: gazetteerPath, verify: true)
            lakes = try waterPath ?? WaterFile.path(besideBoundaries: boundariesPath)
            water = try WaterMap(path: lakes)
        } catch {
            throw ServerError.cannotLoad("the bundled data", "\(error)")
        }
        self.waterPath = lakes
        do {
            vocabulary = try Vocabulary.bundled(geocoder: geocoder, gazetteer: gazetteer, selection: countries)
        } catch {
            throw ServerError.badConfiguration("--countries", error.description)
        }
    }

    /// The checksums of what the map tiles are drawn from (`PreparedTilesFile` keeps them to tell a stale file).
    func tileSources() throws -> TileSources {
        try TileSources(geocoder: geocoder, gazetteer: gazetteer, waterPath: waterPath, vocabulary: vocabulary)
    }
}
