import HometownBasemap
import HometownBoundaries
import HometownGazetteer

/// The catalog of names of this checkout's bundled data (bundled country and state names, the gazetteer's
/// cities), and its placements, built once for all label tests.
enum LabelFixtures {
    static let rules = LabelRules()
    static let gazetteer: Gazetteer = {
        let path = Fixtures.dataPath.replacingOccurrences(of: "hometown.bin", with: "gazetteer.bin")
        do { return try Gazetteer(path: path, verify: false) } catch { fatalError("cannot load \(path): \(error)") }
    }()
    static let catalog: LabelCatalog = {
        let g = Fixtures.geocoder
        return LabelCatalog(
            geocoder: g, cities: gazetteer.cities(minimumPopulation: 500),
            countryNames: (0..<g.countryCount).map { g.countryInfo($0).name },
            stateNames: (0..<g.stateCount).map { g.stateInfo($0).name })
    }()
    /// The placement at every zoom 0...12.
    static let placements: [LabelPlacement] = (0...12).map { LabelPlacer.place(catalog, zoom: $0, rules: rules) }

    /// Web Mercator pixel of a point at `zoom` (256-pixel tiles).
    static func pixel(latitude: Double, longitude: Double, zoom: Int) -> (x: Double, y: Double) {
        let n = 256 * Double(1 << zoom)
        let s = sin(latitude * .pi / 180)
        return ((longitude / 360 + 0.5) * n, (0.5 - log((1 + s) / (1 - s)) / (4 * .pi)) * n)
    }
}

#if canImport(Glibc)
    import Glibc
#endif
