/// A coordinate reference system as PROJ understands it: an EPSG code or any PROJ/WKT text.
public struct CRS: Hashable, Sendable, CustomStringConvertible {
    /// The text handed to PROJ, e.g. `"EPSG:4326"` or `"+proj=merc +datum=WGS84"`.
    public let definition: String

    public init(_ definition: String) { self.definition = definition }
    /// `EPSG:<code>`.
    public static func epsg(_ code: Int) -> CRS { CRS("EPSG:\(code)") }
    /// WGS84 geographic (longitude, latitude after normalisation).
    public static let wgs84 = CRS.epsg(4326)
    /// Web Mercator (metres).
    public static let webMercator = CRS.epsg(3857)

    public var description: String { definition }
}
