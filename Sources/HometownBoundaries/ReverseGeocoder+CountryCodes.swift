extension ReverseGeocoder {
    /// The country each ISO 3166-1 alpha-2 code stands for (an index into the countries). Natural Earth gives
    /// some units their sovereign's codes (Clipperton Island France's FR and FRA; Ashmore and Cartier Islands, the
    /// Coral Sea Islands and the Indian Ocean Territories Australia's AU and AUS): a code stands for the unit
    /// whose places hold the most people, the first on a tie. The gazetteer's builder and the server's
    /// vocabulary both read codes this way. Reads every city's population once (a few milliseconds).
    public func countryOfISO2Code() -> [String: Int] {
        let countryOfState = (0..<stateCount).map { countryIndex(ofState: $0) }
        var people = [Int](repeating: 0, count: countryCount)
        for i in 0..<cities.count {
            if let s = cities.state(i) { people[countryOfState[s]] += cities.population(i) }
        }
        var owner: [String: Int] = [:]
        for i in 0..<countryCount {
            guard let code = countryNameAndISO2(i).iso2 else { continue }
            if owner[code].map({ people[$0] < people[i] }) ?? true { owner[code] = i }
        }
        return owner
    }
}
