/// An optional member of an answer that JSON writes as `null` when it has no value, so that every key of the
/// protocol's answers is always present (synthesized `Codable` would leave the key out). Reading takes `null` and
/// an absent key alike. Used by `PlaceDescription`, `ForwardPlace` and `Subdivision`.
@propertyWrapper
public struct NullWhenAbsent<Value: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    public var wrappedValue: Value?

    public init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        wrappedValue = c.decodeNil() ? nil : try c.decode(Value.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        if let wrappedValue { try c.encode(wrappedValue) } else { try c.encodeNil() }
    }
}

// Internal: the conformances that use it are synthesized in this module (a public extension of a standard type
// would also be a page without a summary in the documentation).
extension KeyedDecodingContainer {
    /// A `NullWhenAbsent` member whose key is missing reads as no value (rather than failing the whole answer).
    func decode<V>(_ type: NullWhenAbsent<V>.Type, forKey key: Key) throws -> NullWhenAbsent<V> {
        try decodeIfPresent(type, forKey: key) ?? NullWhenAbsent(wrappedValue: nil)
    }
}
