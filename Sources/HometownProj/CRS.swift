import HometownCore

/// A coordinate reference system as PROJ understands it: an EPSG code or any PROJ/WKT text, or a CRS's name
/// ("WGS 84"; `Transformation` refuses a name PROJ matches only loosely: "foo" would be Amersfoort).
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

    /// Whether the definition is only a name: not a code (`EPSG:4326`, a URN), a PROJ string, WKT or PROJJSON.
    /// PROJ takes a name as the object whose name it matches, loosely.
    var isName: Bool {
        let t = definition.trimmingSpaces()
        guard let first = t.unicodeScalars.first, first != "+", first != "{",
            !t.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
        else { return false }
        return !t.contains(":") && !t.contains("=") && !t.contains("[") && !t.contains("(")
    }

    /// A name as compared with the one PROJ found: letters and digits only, without case ("WGS84" is "WGS 84").
    static func nameKey(_ name: String) -> String {
        String(
            String.UnicodeScalarView(
                name.lowercased().unicodeScalars.filter {
                    $0.properties.isAlphabetic || $0.properties.numericType != nil
                }))
    }
}
