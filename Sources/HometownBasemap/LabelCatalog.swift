import HometownBoundaries
import HometownCore
import HometownGazetteer
import HometownViewport

/// Every name a map may show, in placement order (`LabelCandidate.before`): the bundled countries and states
/// at their stored points on their surfaces, and the gazetteer's cities at their points (capitals before states
/// and the other cities, from the zoom their country's largest city is named at).
///
/// Immutable and `Sendable`. Building it from the bundled data reads the countries, states and every city once
/// (a fraction of a second).
public struct LabelCatalog: Sendable {
    public let candidates: [LabelCandidate]

    /// A catalog of `candidates` (sorted here).
    public init(candidates: [LabelCandidate]) {
        self.candidates = candidates.sorted(by: LabelCandidate.before)
    }

    /// The catalog of the bundled data.
    /// - Parameters:
    ///   - geocoder: the bundled countries and states (points, boxes; people counted from its city table).
    ///   - cities: the gazetteer's cities to name (`Gazetteer.cities(minimumPopulation:)`, which adds every
    ///     capital); a capital is ranked with its country's largest city among them.
    ///   - countryNames, stateNames: the name of each bundled country and state, indexed as the geocoder numbers
    ///     them: the server's spellings (`Vocabulary.mapNames`), never a copy.
    public init(geocoder: ReverseGeocoder, cities: [GazetteerCity], countryNames: [String], stateNames: [String]) {
        var statePeople = [Int](repeating: 0, count: geocoder.stateCount)
        var countryPeople = [Int](repeating: 0, count: geocoder.countryCount)
        for i in 0..<geocoder.cityCount {
            let r = geocoder.cityRecord(i)
            guard let s = r.state, s < statePeople.count else { continue }
            statePeople[s] += r.population
            let c = geocoder.countryIndex(ofState: s)
            if c < countryPeople.count { countryPeople[c] += r.population }
        }
        var all: [LabelCandidate] = []
        func region(
            _ id: String, _ kind: LabelKind, _ name: String, _ e: (bbox: BoundingBox, point: Coordinate), _ people: Int
        ) {
            guard !name.isEmpty else { return }
            var degrees = e.bbox.east - e.bbox.west
            if degrees < 0 { degrees += 360 }
            let height = WebMercator.worldY(latitude: e.bbox.south) - WebMercator.worldY(latitude: e.bbox.north)
            all.append(
                LabelCandidate(
                    id: id, kind: kind, name: name, latitude: e.point.latitude, longitude: e.point.longitude,
                    population: people, regionWidth: degrees / 360, regionHeight: max(0, height)))
        }
        for c in 0..<min(geocoder.countryCount, countryNames.count) {
            region("country:\(c)", .country, countryNames[c], geocoder.countryExtent(c), countryPeople[c])
        }
        for s in 0..<min(geocoder.stateCount, stateNames.count) {
            region("state:\(s)", .state, stateNames[s], geocoder.stateExtent(s), statePeople[s])
        }
        // A capital ranks with its country's largest city among `cities` (`LabelCandidate.rankPopulation`).
        var largest: [Int: Int] = [:]
        for city in cities where !city.name.isEmpty {
            if let c = city.country { largest[c] = max(largest[c] ?? 0, city.population) }
        }
        for city in cities where !city.name.isEmpty {
            let rank =
                city.isCapital ? max(city.population, city.country.flatMap { largest[$0] } ?? 0) : city.population
            all.append(
                LabelCandidate(
                    id: "city:\(city.entry)", kind: .city, name: city.name, latitude: city.latitude,
                    longitude: city.longitude, population: city.population, isCapital: city.isCapital,
                    rankPopulation: rank))
        }
        self.init(candidates: all)
    }
}
