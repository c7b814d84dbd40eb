/// A state or region (a subdivision of a country) as the bundled data names it: in GET reverse's `place` (its
/// `state`) and in GET forward's `place` (its `state` and `region`).
public struct Subdivision: Hashable, Sendable, Codable {
    /// The English name of the bundled data.
    public var name: String
    /// ISO 3166-2 code ("US-MN"), when it has one.
    @NullWhenAbsent public var iso: String?

    /// A subdivision with every member given.
    public init(name: String, iso: String?) {
        self.name = name
        self.iso = iso
    }
}
