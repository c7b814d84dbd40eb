import HometownBoundaries

extension Vocabulary {
    /// The names a map shows for every bundled country and state (indexed as the `ReverseGeocoder` numbers
    /// them): a served country or state under the name GET countries and GET states give it; any other under
    /// the name a server serving every country would give it (`servedName`, the bundled state name). So the
    /// map and the lists never spell one place two ways.
    public func mapNames(geocoder: ReverseGeocoder) -> (countries: [String], states: [String]) {
        var served: [Int: Country] = [:]
        for c in countries { if let b = c.bundledIndex, served[b] == nil { served[b] = c } }
        let countryNames = (0..<geocoder.countryCount).map { c in
            served[c]?.name ?? Vocabulary.servedName(geocoder.countryInfo(c))
        }
        let stateNames = (0..<geocoder.stateCount).map { s in
            let info = geocoder.stateInfo(s)
            guard let country = served[geocoder.countryIndex(ofState: s)] else { return info.name }
            return stateName(bundled: info, in: country) ?? info.name
        }
        return (countryNames, stateNames)
    }
}
