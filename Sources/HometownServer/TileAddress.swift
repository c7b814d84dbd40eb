import HometownProtocol
import HometownTiles

/// The tile an XYZ Web Mercator request names (`boundaries?z=&x=&y=`, `labels?z=&x=&y=`), read from its query
/// and checked: `z` from 0 to `TileDrawer.maxZoom`, `x` and `y` from 0 to 2^z - 1, no other parameter.
struct TileAddress: Sendable {
    let z: Int
    let x: Int
    let y: Int

    /// - Throws: the protocol's coded error naming the parameter and its allowed range.
    init(query: String?) throws {
        let p = try QueryParameters(query, allowed: ["z", "x", "y"])
        z = try p.requiredInteger("z", range: 0...TileDrawer.maxZoom)
        let n = 1 << z
        let rule = "from 0 to \(n - 1) at zoom \(z)"
        x = try p.requiredInteger("x", range: 0...(n - 1), rule: rule)
        y = try p.requiredInteger("y", range: 0...(n - 1), rule: rule)
    }
}
