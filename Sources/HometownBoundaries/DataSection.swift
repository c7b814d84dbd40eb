/// One section of a data file (`DataFile`, `DataFileWriter`): its tag, and in its type what it holds: `UInt8` for
/// bytes (UTF-8 text, JSON, gzip members), else the element of its array (`UInt32`, `Int32` or `Float64`,
/// little-endian). Each file's layout (`BoundariesLayout`, `GazetteerLayout`, `WaterFile`, ...) names its sections
/// once, for its builder and its readers alike, so the two cannot disagree on a tag or on what it holds.
public struct DataSection<Element>: Sendable, Hashable, CustomStringConvertible {
    /// The tag in the section table: 1 to 8 ASCII characters.
    public let tag: String

    /// A section named `tag` that holds `Element`s.
    public init(_ tag: String) { self.tag = tag }

    public var description: String { tag }
}

extension DataFile {
    /// Checks one section's checksum. - Throws: `missingSection`, or `dataFileCorrupted` naming the section.
    public func verify<T>(_ section: DataSection<T>) throws { try verify(section.tag) }

    /// The bytes of a section. - Throws: `missingSection`.
    public func bytes(_ section: DataSection<UInt8>) throws -> UnsafeRawBufferPointer { try bytes(section.tag) }

    /// A section as a typed array view (no copy). - Throws: `missingSection`, or `dataFileCorrupted` when the
    /// section's length is not a whole number of elements.
    public func array<T>(_ section: DataSection<T>) throws -> UnsafeBufferPointer<T> {
        try array(section.tag, of: T.self)
    }

    /// A section as a typed array view, or an empty one where the file has no such section (see `has(_:)`).
    public func arrayIfPresent<T>(_ section: DataSection<T>) throws -> UnsafeBufferPointer<T> {
        has(section) ? try array(section) : UnsafeBufferPointer(start: nil, count: 0)
    }
}

extension DataFileWriter {
    /// Adds a section of bytes. - Precondition: as `add(_:bytes:)`.
    public mutating func add(_ section: DataSection<UInt8>, _ bytes: [UInt8]) { add(section.tag, bytes: bytes) }
    /// Adds a section of `UInt32`s. - Precondition: as `add(_:bytes:)`.
    public mutating func add(_ section: DataSection<UInt32>, _ values: [UInt32]) { add(section.tag, uint32: values) }
    /// Adds a section of `Int32`s. - Precondition: as `add(_:bytes:)`.
    public mutating func add(_ section: DataSection<Int32>, _ values: [Int32]) { add(section.tag, int32: values) }
    /// Adds a section of `Float64`s. - Precondition: as `add(_:bytes:)`.
    public mutating func add(_ section: DataSection<Double>, _ values: [Double]) { add(section.tag, float64: values) }
}
