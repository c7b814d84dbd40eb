import HometownClustering
import HometownCore

/// An order of points in which points near one another on the map mostly come near one another: the Z-order
/// (Morton) curve over their Web Mercator position, 16 bits an axis (a cell of about 600 m at the equator).
/// The cluster answers' features are stored in it, so that an answer's users, which a range search of the map
/// gives region by region, are read from memory nearly in sequence.
enum MapOrder {
    /// The indices of `coordinates`, sorted by their place on the curve (ties in index order).
    static func indices(of coordinates: [Coordinate]) -> [Int] {
        var keyed = coordinates.enumerated().map { (key: key(of: $0.element), index: $0.offset) }
        keyed.sort { $0.key != $1.key ? $0.key < $1.key : $0.index < $1.index }
        return keyed.map(\.index)
    }

    /// The curve's key of `c`: the bits of its unit Mercator x and y (`UnitMercator`, each scaled to 0..<65,536)
    /// interleaved.
    static func key(of c: Coordinate) -> UInt32 {
        let x = UnitMercator.x(longitude: c.longitude)
        let y = UnitMercator.y(latitude: c.latitude)
        return spread(cell(x)) | (spread(cell(y)) << 1)
    }

    private static func cell(_ v: Double) -> UInt32 { UInt32(max(0, min(65_535, (v * 65_536).rounded(.down)))) }

    /// The 16 bits of `v` moved to the even bit positions.
    private static func spread(_ v: UInt32) -> UInt32 {
        var x = v & 0xFFFF
        x = (x | (x << 8)) & 0x00FF_00FF
        x = (x | (x << 4)) & 0x0F0F_0F0F
        x = (x | (x << 2)) & 0x3333_3333
        x = (x | (x << 1)) & 0x5555_5555
        return x
    }
}
