/// A latitude/longitude rectangle that may cross the antimeridian.
///
/// `west`/`east` are longitudes in [-180, 180]; when `west > east` the box crosses 180° (e.g. Fiji:
/// west 177, east -178). `south <= north`, both in [-90, 90]. A box with `west == -180, east == 180` spans the globe.
/// Array form (GeoJSON `bbox`, CLI output) is `[west, south, east, north]`.
public struct BoundingBox: Hashable, Sendable, Codable, CustomStringConvertible {
    public let west: Double
    public let south: Double
    public let east: Double
    public let north: Double

    /// - Throws: `CoreError.invalidBoundingBox` when values are not finite or out of range, or south > north.
    public init(west: Double, south: Double, east: Double, north: Double) throws {
        for (name, v, limit) in [
            ("west", west, 180.0), ("east", east, 180.0), ("south", south, 90.0), ("north", north, 90.0),
        ] {
            guard v.isFinite, abs(v) <= limit else {
                throw CoreError.invalidBoundingBox(
                    "\(name) \(CoreError.show(v)) must be finite and within ±\(Int(limit))")
            }
        }
        guard south <= north else { throw CoreError.invalidBoundingBox("south \(south) is north of north \(north)") }
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    /// Builds a box from values already known to be valid.
    public init(uncheckedWest west: Double, south: Double, east: Double, north: Double) {
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    /// True when the box crosses the antimeridian (its west edge is east of its east edge).
    public var crossesAntimeridian: Bool { west > east }

    /// Longitude extent in degrees, in [0, 360].
    public var longitudeSpan: Double { crossesAntimeridian ? east + 360 - west : east - west }

    /// Latitude extent in degrees.
    public var latitudeSpan: Double { north - south }

    /// The middle of the box; for a box across 180° the centre longitude is wrapped into [-180, 180).
    public var center: Coordinate {
        Coordinate(
            uncheckedLatitude: (south + north) / 2,
            longitude: Coordinate.wrapLongitude(west + longitudeSpan / 2))
    }

    /// True when the point lies inside or on the edge of the box.
    public func contains(_ c: Coordinate) -> Bool {
        guard c.latitude >= south, c.latitude <= north else { return false }
        if crossesAntimeridian { return c.longitude >= west || c.longitude <= east }
        return c.longitude >= west && c.longitude <= east
    }

    /// `[west, south, east, north]`.
    public var array: [Double] { [west, south, east, north] }

    /// The smallest box (by longitude span) that holds every coordinate: the widest empty gap of longitudes is
    /// left outside, so points on both sides of 180° give a box that crosses it.
    /// - Returns: nil for an empty sequence.
    public static func enclosing<S: Sequence>(_ points: S) -> BoundingBox? where S.Element == Coordinate {
        var lons: [Double] = []
        var south = Double.infinity
        var north = -Double.infinity
        for p in points {
            lons.append(p.longitude)
            south = min(south, p.latitude)
            north = max(north, p.latitude)
        }
        guard !lons.isEmpty else { return nil }
        lons.sort()
        // The largest gap between consecutive longitudes (cyclically) is the part of the globe the box leaves out.
        var bestGap = lons[0] + 360 - lons[lons.count - 1]
        var west = lons[0]
        var east = lons[lons.count - 1]
        for i in 1..<lons.count {
            let gap = lons[i] - lons[i - 1]
            if gap > bestGap {
                bestGap = gap
                west = lons[i]
                east = lons[i - 1]
            }
        }
        return BoundingBox(uncheckedWest: west, south: south, east: east, north: north)
    }

    public var description: String { "[\(west), \(south), \(east), \(north)]" }
}
