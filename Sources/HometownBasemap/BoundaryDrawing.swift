/// Boundaries ready to draw in a `MapFrame`: flat coordinate lists `[x0, y0, x1, y1, ...]` in the frame's whole
/// units, relative to its top-left corner (y down).
public struct BoundaryDrawing: Hashable, Sendable {
    /// Land rings, implicitly closed. Fill them together, as one path, with the even-odd rule: holes are rings
    /// too, and neighbouring states' rings share their edges.
    public var land: [[Int32]] = []
    /// Lakes (`WaterMap`): rings filled together with the even-odd rule over the land, in the sea's colour (islands
    /// are rings too, and stay land); their outlines are shores, stroked like coasts. Clipped rings gain edges
    /// along the frame's buffer, outside what is shown.
    public var water: [[Int32]] = []
    /// Coastlines (land on one side only).
    public var coasts: [[Int32]] = []
    /// Borders between countries.
    public var borders: [[Int32]] = []
    /// Borders between states or provinces of one country (empty when they were not asked for).
    public var states: [[Int32]] = []

    public init() {}

    /// Number of vertices over all lists (a measure of size).
    public var vertexCount: Int { (land + water + coasts + borders + states).reduce(0) { $0 + $1.count / 2 } }

    /// The tile's JSON: `{"z","x","y","extent","land","water","coasts","borders","states"}` (keys in that order).
    public func tileJSON(z: Int, x: Int, y: Int, extent: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(16 + vertexCount * 10)
        out += Array("{\"z\":\(z),\"x\":\(x),\"y\":\(y),\"extent\":\(extent)".utf8)
        let layers = [("land", land), ("water", water), ("coasts", coasts), ("borders", borders), ("states", states)]
        for (name, lists) in layers {
            out += Array(",\"\(name)\":[".utf8)
            for (k, list) in lists.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                out.append(UInt8(ascii: "["))
                for (i, v) in list.enumerated() {
                    if i > 0 { out.append(UInt8(ascii: ",")) }
                    BoundaryDrawing.appendInteger(v, to: &out)
                }
                out.append(UInt8(ascii: "]"))
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "}"))
        return out
    }

    static func appendInteger(_ v: Int32, to out: inout [UInt8]) {
        var m = Int64(v)
        if m < 0 {
            out.append(UInt8(ascii: "-"))
            m = -m
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
        )
        var n = 0
        withUnsafeMutableBytes(of: &digits) { d in
            repeat {
                d[n] = UInt8(ascii: "0") + UInt8(m % 10)
                m /= 10
                n += 1
            } while m > 0
            for k in stride(from: n - 1, through: 0, by: -1) { out.append(d[k]) }
        }
    }
}
