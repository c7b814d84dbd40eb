extension Gazetteer {
    /// Every city entry with at least `minimumPopulation` people, most people first (ties by entry number).
    /// - Complexity: one pass over the entries (about 250,000) and a sort of those kept.
    public func cities(minimumPopulation: Int) -> [GazetteerCity] {
        var out: [GazetteerCity] = []
        for e in 0..<entryCount where kind(e) == .city {
            let people = population(e)
            guard people >= minimumPopulation else { continue }
            let b = e * GazetteerLayout.f64PerEntry
            out.append(
                GazetteerCity(entry: e, name: name(e), population: people, latitude: f64[b], longitude: f64[b + 1]))
        }
        out.sort { $0.population != $1.population ? $0.population > $1.population : $0.entry < $1.entry }
        return out
    }
}
