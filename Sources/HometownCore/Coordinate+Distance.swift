#if canImport(Glibc)
    import Glibc
#endif

extension Coordinate {
    /// Mean Earth radius (IUGG), km: the sphere of every great-circle distance Hometown reports.
    public static let earthRadiusKm = 6371.0088

    /// Great-circle distance to `other` in km on a sphere of radius `earthRadiusKm` (haversine formula).
    public func distanceKm(to other: Coordinate) -> Double {
        let r = Double.pi / 180
        let dLat = (other.latitude - latitude) * r
        let dLon = (other.longitude - longitude) * r
        let h =
            sin(dLat / 2) * sin(dLat / 2) + cos(latitude * r) * cos(other.latitude * r) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * Coordinate.earthRadiusKm * asin(min(1, h.squareRoot()))
    }
}
