/// One lake of the water layer (`data/water.bin`): a shore and the islands in it, in degrees.
public struct Lake: Hashable, Sendable {
    /// The Natural Earth record it comes from (the `FID` of `ne_10m_lakes`); the parts of one record share it.
    public var record: Int
    /// The area of this part (shore minus islands) on the sphere, in whole square kilometres.
    public var areaSquareKilometres: Int
    /// The rings: the shore first, then its islands. Each is flat, `[lon0, lat0, lon1, lat1, ...]` in degrees,
    /// with at least three vertices and the first not repeated at the end.
    public var rings: [[Double]]

    public init(record: Int, areaSquareKilometres: Int, rings: [[Double]]) {
        self.record = record
        self.areaSquareKilometres = areaSquareKilometres
        self.rings = rings
    }

    /// Number of vertices over all rings.
    public var vertexCount: Int { rings.reduce(0) { $0 + $1.count / 2 } }
}
