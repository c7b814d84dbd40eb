import HometownBasemap
import HometownGazetteer
import HometownTestSupport
import Testing

/// "The capital and the largest first": each country's capital is named from the zoom its country's
/// first city is named at, and before that city.
@Suite("Capitals first among a country's names", .onComputeThreads)
struct CapitalLabelTests {
    typealias F = LabelFixtures

    /// The bundled city named `name` (the capital when `capital`, else the most populous of that name).
    static func city(_ name: String, capital: Bool) throws -> GazetteerCity {
        try #require(
            F.gazetteer.cities(minimumPopulation: 100_000).first { $0.name == name && $0.isCapital == capital })
    }

    /// The placed city labels whose gazetteer entry lies in the country of entry `country`, in placement order.
    static func placedCities(_ p: LabelPlacement, country: Int) -> [MapLabel] {
        let inCountry = Set(
            F.gazetteer.cities(minimumPopulation: 500).filter { $0.country == country }.map { "city:\($0.entry)" })
        return p.labels.filter { $0.kind == .city && inCountry.contains($0.id) }
    }

    @Test("at the first zoom Australia shows a city, Canberra is shown, before Sydney")
    func canberra() throws {
        let canberra = try Self.city("Canberra", capital: true)
        let australia = try #require(canberra.country)
        let first = try #require(F.placements.first { !Self.placedCities($0, country: australia).isEmpty })
        let shown = Self.placedCities(first, country: australia)
        #expect(shown.first?.name == "Canberra", "zoom \(first.zoom): \(shown.map(\.name))")
        #expect(shown.count <= 3, "zoom \(first.zoom): \(shown.map(\.name))")
        // Canberra (368,000 people) alone would wait for zoom 6 (200,000); Sydney is named from zoom 3.
        #expect(first.zoom <= 4)
        #expect(first.labels.contains { $0.name == "Sydney" } || first.zoom < 4)
    }

    @Test("Ottawa, Washington, Brasília, Ankara, Canberra: at every zoom with their largest city, and before it")
    func beforeTheLargest() throws {
        var covered = 0
        var uncovered = 0
        for (capital, largest) in [
            ("Ottawa", "Toronto"), ("Washington", "New York City"), ("Brasília", "São Paulo"),
            ("Ankara", "Istanbul"), ("Canberra", "Sydney"),
        ] {
            let cap = try Self.city(capital, capital: true)
            let big = try Self.city(largest, capital: false)
            #expect(big.population > cap.population && big.country == cap.country, "\(largest) vs \(capital)")
            var seen = 0
            for p in F.placements {
                guard let b = p.labels.first(where: { $0.id == "city:\(big.entry)" }) else { continue }
                seen += 1
                if let c = p.labels.first(where: { $0.id == "city:\(cap.entry)" }) {
                    #expect(c.rank < b.rank, "\(capital) after \(largest) at zoom \(p.zoom)")
                } else {
                    // Only a country's name, placed before every city, may keep the capital out: its box, grown by
                    // the spacing, covers the capital's dot (Ankara under "Turkey" at zoom 4).
                    let px = F.pixel(latitude: cap.latitude, longitude: cap.longitude, zoom: p.zoom)
                    let dot = PixelBox(
                        minX: px.x - F.rules.dotRadius, minY: px.y - F.rules.dotRadius, maxX: px.x + F.rules.dotRadius,
                        maxY: px.y + F.rules.dotRadius)
                    let country = p.labels.first {
                        $0.kind == .country
                            && $0.footprint(dotRadius: p.dotRadius).offset($0.x, $0.y).padded(F.rules.spacing).overlaps(
                                dot)
                    }
                    #expect(country != nil, "\(largest) without \(capital) at zoom \(p.zoom)")
                    uncovered += country == nil ? 1 : 0
                    covered += 1
                }
            }
            #expect(seen >= 5, "\(largest) placed at only \(seen) zooms")
        }
        // Of the 5 pairs over 13 zooms, at most a couple of times is a capital under its country's name.
        #expect(covered <= 3 && uncovered == 0)
    }

    @Test("a capital ranks with its country's largest city, before the other cities; its name keeps its own weight")
    func catalogOrder() {
        let cities = [
            GazetteerCity(entry: 10, name: "Bigport", population: 3_000_000, latitude: 0, longitude: 0, country: 1),
            GazetteerCity(
                entry: 20, name: "Seat", population: 300_000, latitude: 5, longitude: 5, country: 1, isCapital: true),
            GazetteerCity(entry: 15, name: "Midtown", population: 2_500_000, latitude: -5, longitude: -5, country: 1),
            GazetteerCity(entry: 30, name: "Elsewhere", population: 4_000_000, latitude: 40, longitude: 40, country: 2),
            GazetteerCity(
                entry: 40, name: "Bigseat", population: 900_000, latitude: 50, longitude: 50, country: 3,
                isCapital: true),
        ]
        // No country or state names: the catalog holds these cities only.
        let catalog = LabelCatalog(geocoder: Fixtures.geocoder, cities: cities, countryNames: [], stateNames: [])
        // Capitals first (by their rank), then the other cities.
        #expect(catalog.candidates.map(\.name) == ["Seat", "Bigseat", "Elsewhere", "Bigport", "Midtown"])
        let seat = catalog.candidates[0]
        #expect(seat.rankPopulation == 3_000_000 && seat.population == 300_000)
        // Named from zoom 4 (2,000,000) with Bigport, not zoom 6; in regular weight (under 1,000,000 people).
        #expect(F.rules.shows(seat, zoom: 4) && !F.rules.shows(seat, zoom: 3))
        #expect(F.rules.font(seat).bold == false)
        let z4 = LabelPlacer.place(catalog, zoom: 4, rules: F.rules).labels.map(\.name)
        #expect(z4 == ["Seat", "Elsewhere", "Bigport", "Midtown"])
    }
}
