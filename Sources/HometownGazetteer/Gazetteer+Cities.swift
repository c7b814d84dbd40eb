extension Gazetteer {
    /// Every city entry with at least `minimumPopulation` people, and every national capital whatever its people
    /// (a map names a capital from the zoom of its country's largest city), most people first (ties by entry
    /// number), each with its country entry and whether it is a capital (`isCapital(entry:)`).
    /// - Complexity: one pass over the entries (about 250,000) and a sort of those kept.
    public func cities(minimumPopulation: Int) -> [GazetteerCity] {
        var out: [GazetteerCity] = []
        for e in 0..<entryCount where kind(e) == .city {
            let people = population(e)
            guard people >= minimumPopulation || capitals.contains(e) else { continue }
            let b = e * GazetteerLayout.f64PerEntry
            out.append(
                GazetteerCity(
                    entry: e, name: name(e), population: people, latitude: f64[b], longitude: f64[b + 1],
                    country: link(e, .country), isCapital: capitals.contains(e)))
        }
        out.sort { $0.population != $1.population ? $0.population > $1.population : $0.entry < $1.entry }
        return out
    }

    /// Whether entry `e` is a national capital: a city GeoNames marks with feature code PPLC (Canberra, Ottawa,
    /// Washington, D.C., Brasília; not Sydney or Toronto), counted under the country the gazetteer files it in
    /// (Flying Fish Cove, capital of Christmas Island, which the gazetteer files under Australia, is not one).
    /// False for every entry of a file without section CAPITALS.
    public func isCapital(entry e: Int) -> Bool { capitals.contains(e) }

    /// How many city entries are national capitals (about the 241 PPLC places of GeoNames' cities15000).
    public var capitalCount: Int { capitals.count }
}
