import CPrefetch

extension ReverseGeocoder {
    /// A city of the bundled table, for tools that build on it (the gazetteer builder, the accuracy report).
    public struct CityRecord: Hashable, Sendable {
        public let name: String
        public let geonameID: Int
        public let population: Int
        public let latitude: Double
        public let longitude: Double
        /// The state the builder gave the place: the one whose polygon holds it, or the nearest for a place
        /// just off the coast; nil when no state is within 0.25 degrees.
        public let state: Int?
    }

    /// The name of city `i` (0..<cityCount), without the rest of its record.
    public func cityName(_ i: Int) -> String {
        text(cities.u32, at: CityRecordLayout.stride * i + CityRecordLayout.name)
    }

    /// The UTF-8 bytes of city `i`'s name as the data file holds them (the text `cityName(_:)` decodes), for a
    /// writer that copies them out without making a String. They point into the memory-mapped file: valid while
    /// this geocoder lives. Empty for an entry beyond the string table (only in a damaged file).
    package func cityNameBytes(_ i: Int) -> UnsafeRawBufferPointer {
        let b = CityRecordLayout.stride * i + CityRecordLayout.name
        return bytes(cities.u32[b], cities.u32[b + 1])
    }

    /// Asks the CPU to start loading what `cityNameBytes(i)` reads, for a writer that knows which names it will
    /// copy a few rows ahead: `.record` the city's entry (where its name lies), then, once that is likely in
    /// cache, `.name` the name's first bytes. A hint only, with no effect on results; an `i` out of range is ignored.
    package func prefetchCityName(_ i: Int, _ part: CityNamePart) {
        guard i >= 0, i < cities.count, let table = cities.u32.baseAddress else { return }
        switch part {
        case .record:
            hometown_prefetch(table + CityRecordLayout.stride * i)
        case .name:
            let offset = Int(table[CityRecordLayout.stride * i + CityRecordLayout.name])
            if offset < strings.count, let base = strings.baseAddress { hometown_prefetch(base + offset) }
        }
    }

    /// What `prefetchCityName` asks for.
    package enum CityNamePart { case record, name }

    /// The GeoNames id of city `i` (0..<cityCount), without the rest of its record.
    public func cityGeonameID(_ i: Int) -> Int { Int(cities.geonameIDs[i]) }

    /// City `i` (0..<cityCount).
    public func cityRecord(_ i: Int) -> CityRecord {
        let p = cities.point(i)
        return CityRecord(
            name: cityName(i), geonameID: Int(cities.geonameIDs[i]), population: cities.population(i),
            latitude: p.latitude, longitude: p.longitude, state: cities.state(i))
    }
}
