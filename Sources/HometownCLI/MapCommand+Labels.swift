import Foundation
import HometownBasemap
import HometownBoundaries
import HometownGazetteer
import HometownVocabulary

extension MapCommand {
    /// The names of the bundled data placed at `zoom` (rounded down; at most `LabelRules.maxZoom`), as
    /// `hometown serve` places them for its web map: the same catalog (the served spellings of `hometown serve`'s
    /// default vocabulary, other countries and states under their bundled names, the gazetteer's cities beside
    /// `geocoder`'s data file) and the same `LabelPlacer`.
    static func labelPlacement(geocoder: ReverseGeocoder, dataPath: String?, zoom: Double) throws -> LabelPlacement {
        let gazetteerPath = dataPath.map { path -> String in
            let folder = (path as NSString).deletingLastPathComponent
            return (folder.isEmpty ? "." : folder) + "/gazetteer.bin"
        }
        let gazetteer: Gazetteer
        do { gazetteer = try Gazetteer(path: gazetteerPath, verify: false) } catch {
            throw CLIFailure.exit("cannot load the gazetteer for the map's names: \(error) (or give --no-labels)")
        }
        let vocabulary = try Vocabulary.bundled(geocoder: geocoder, gazetteer: gazetteer)
        let names = vocabulary.mapNames(geocoder: geocoder)
        let rules = LabelRules()
        let minimum = rules.cityMinimum(zoom: Int(zoom.rounded(.down))) ?? Int.max
        let catalog = LabelCatalog(
            geocoder: geocoder, cities: minimum == Int.max ? [] : gazetteer.cities(minimumPopulation: minimum),
            countryNames: names.countries, stateNames: names.states)
        return LabelPlacer.place(catalog, zoom: Int(zoom.rounded(.down)), rules: rules)
    }
}
