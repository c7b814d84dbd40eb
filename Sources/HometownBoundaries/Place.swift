import HometownCore

/// What reverse geocoding says about a point.
public struct Place: Hashable, Sendable {
    /// A country: English name, ISO 3166-1 alpha-2 and alpha-3 (nil for areas without one, e.g. Somaliland).
    ///
    /// A value, compared and hashed by its fields; its fields live in one shared, immutable box, so that a `Place`
    /// holds one reference for them (a batch of places shares each country's box: one retain per place instead of
    /// one per string, and a `Place` half the size).
    public struct Country: Hashable, Sendable {
        private final class Fields: Sendable {
            let name: String
            let iso2: String?
            let iso3: String?
            let aliases: [String]
            init(name: String, iso2: String?, iso3: String?, aliases: [String]) {
                (self.name, self.iso2, self.iso3, self.aliases) = (name, iso2, iso3, aliases)
            }
        }
        private let fields: Fields

        public var name: String { fields.name }
        public var iso2: String? { fields.iso2 }
        public var iso3: String? { fields.iso3 }
        public var aliases: [String] { fields.aliases }

        init(name: String, iso2: String?, iso3: String?, aliases: [String]) {
            fields = Fields(name: name, iso2: iso2, iso3: iso3, aliases: aliases)
        }

        public static func == (a: Country, b: Country) -> Bool {
            a.fields === b.fields
                || (a.name == b.name && a.iso2 == b.iso2 && a.iso3 == b.iso3 && a.aliases == b.aliases)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(name)
            hasher.combine(iso2)
            hasher.combine(iso3)
            hasher.combine(aliases)
        }
    }
    /// A state or province: current name, ISO 3166-2 code (nil where none), other names (outdated NE names...).
    /// A value with its fields in one shared box, as `Country`.
    public struct State: Hashable, Sendable {
        private final class Fields: Sendable {
            let name: String
            let iso: String?
            let aliases: [String]
            init(name: String, iso: String?, aliases: [String]) {
                (self.name, self.iso, self.aliases) = (name, iso, aliases)
            }
        }
        private let fields: Fields

        public var name: String { fields.name }
        public var iso: String? { fields.iso }
        public var aliases: [String] { fields.aliases }

        init(name: String, iso: String?, aliases: [String]) { fields = Fields(name: name, iso: iso, aliases: aliases) }

        public static func == (a: State, b: State) -> Bool {
            a.fields === b.fields || (a.name == b.name && a.iso == b.iso && a.aliases == b.aliases)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(name)
            hasher.combine(iso)
            hasher.combine(aliases)
        }
    }
    /// The city named for the point (see `ReverseGeocoder` for the rule), with its distance in kilometres.
    public struct City: Hashable, Sendable {
        public let name: String
        public let population: Int
        public let geonameID: Int
        public let latitude: Double
        public let longitude: Double
        public let distanceKm: Double
    }

    /// The point asked about.
    public let coordinate: Coordinate
    public let country: Country?
    public let state: State?
    public let city: City?
    /// True when the point is in no state polygon. With `state` set it is within the at-sea radius of that state.
    public let atSea: Bool
    /// Kilometres from the point to the nearest state polygon: 0 on land, and 0 in the open sea (no state within
    /// `ReverseGeocoder.atSeaRadiusKm`, `state` nil).
    public let distanceKm: Double
}
