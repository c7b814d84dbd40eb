/// A state's or a country's row of `hometown.bin`'s STATEF64 and CTRYF64 sections: `stride` `Float64`, in the
/// order of the STATEU32 or CTRYU32 rows: its bounding box in degrees (west, south, east, north from `box`; west >
/// east when it crosses the antimeridian), then a point inside it. Written by the data builder with `row(...)`,
/// read by `ReverseGeocoder.stateExtent` and `countryExtent`.
public enum ExtentRecordLayout {
    /// Numbers per row.
    public static let stride = 6
    /// Where the box begins, and the point's longitude and latitude.
    public static let box = 0, pointLongitude = 4, pointLatitude = 5

    /// A row: the box (degrees) and the point (longitude, latitude).
    public static func row(
        west: Double, south: Double, east: Double, north: Double, longitude: Double, latitude: Double
    ) -> [Double] {
        [west, south, east, north, longitude, latitude]
    }
}
