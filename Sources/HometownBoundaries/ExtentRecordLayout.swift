/// A state's or a country's row of `hometown.bin`'s STATEF64 and CTRYF64 sections: `stride` `Float64`, in the
/// order of the STATEU32 or CTRYU32 rows: its bounding box in degrees (west, south, east, north; west > east when
/// it crosses the antimeridian), then a point inside it (longitude, latitude). Written by the data builder with
/// `row(...)`, read by `ReverseGeocoder.stateExtent` and `countryExtent`.
public enum ExtentRecordLayout {
    /// Numbers per row.
    public static let stride = 6
    /// West, south, east, north at `box` to `box + 3`.
    public static let box = 0
    /// The point's longitude and latitude.
    public static let pointLongitude = 4
    public static let pointLatitude = 5

    /// A row: the box (degrees) and the point (longitude, latitude).
    public static func row(
        west: Double, south: Double, east: Double, north: Double, longitude: Double, latitude: Double
    ) -> [Double] {
        [west, south, east, north, longitude, latitude]
    }
}
