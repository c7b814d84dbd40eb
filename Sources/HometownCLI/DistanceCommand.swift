import ArgumentParser
import HometownCore
import HometownProj

struct DistanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "distance",
        abstract: "Geodesic distance and azimuths between two points on the WGS84 ellipsoid.",
        discussion: """
            Example:
              hometown distance 44.97,-93.26 -33.87,151.21
              prints {"from": {"latitude": 44.97, "longitude": -93.26},
                      "to": {"latitude": -33.87, "longitude": 151.21},
                      "distance_km": 14483.434862510718, "distance_m": 14483434.862510718,
                      "initial_azimuth": 259.51280001241105,
                      "final_azimuth": 236.96813465584947, "ellipsoid": "WGS84"}

            Points are LAT,LON in decimal degrees, latitude first (in [-90, 90]),
            longitude in [-180, 180]; four values LAT LON LAT LON work too.
            Negative numbers need no quoting; `--` before the points works too.
            The distance is along the shortest geodesic on the WGS84 ellipsoid
            (Karney's algorithm, as PROJ's geod), in kilometres and in metres.
            Azimuths are degrees clockwise from north, in [0, 360): initial_azimuth
            is the direction of travel leaving the first point, final_azimuth the
            direction of travel arriving at the second (geod prints the back
            azimuth instead, which is final_azimuth +/- 180).

            Exit status: 0 done, 2 invalid input (message on stderr), 1 system failure.
            """)

    @OptionGroup var points: PointWords<Self>

    func run() throws {
        try runReportingErrors {
            try ProjCommandSupport.requireProj()
            let values = try points.values()
            let (a, b) = try Self.parse(values)
            let r = Geodesic.wgs84.inverse(a, b)
            func point(_ c: Coordinate) -> String {
                JSONText.object([
                    ("latitude", ProjCommandSupport.json(c.latitude)),
                    ("longitude", ProjCommandSupport.json(c.longitude)),
                ])
            }
            try CLIOutput.line(
                JSONText.object([
                    ("from", point(a)), ("to", point(b)),
                    ("distance_km", ProjCommandSupport.json(r.distance / 1000)),
                    ("distance_m", ProjCommandSupport.json(r.distance)),
                    ("initial_azimuth", ProjCommandSupport.json(Self.compass(r.initialAzimuth))),
                    ("final_azimuth", ProjCommandSupport.json(Self.compass(r.finalAzimuth))),
                    ("ellipsoid", JSONText.quote("WGS84")),
                ]))
        }
    }

    /// Two points from `LAT,LON LAT,LON` or `LAT LON LAT LON`.
    static func parse(_ values: [String]) throws -> (Coordinate, Coordinate) {
        if values.count == 2 {
            let points = try values.map { v in
                do { return try PointArgument(parsing: v).coordinate } catch let e as PointArgument.Failure {
                    throw CLIError("point \"\(v)\": \(e)")
                }
            }
            return (points[0], points[1])
        }
        guard values.count == 4, !values.contains(where: { $0.contains(",") }) else {
            throw CLIError(
                "expected two points LAT1,LON1 LAT2,LON2, got \(values.count) value(s); see hometown distance --help")
        }
        let a = try Coordinate(latitudeText: values[0], longitudeText: values[1])
        let b = try Coordinate(latitudeText: values[2], longitudeText: values[3])
        return (a, b)
    }

    /// An azimuth in (-180, 180] as a compass bearing in [0, 360).
    static func compass(_ azimuth: Double) -> Double {
        let a = azimuth < 0 ? azimuth + 360 : azimuth
        return a >= 360 ? a - 360 : a
    }
}

extension DistanceCommand: PointWordNames {
    static let valueName = "LAT1,LON1 LAT2,LON2"
    static let help = "The two points, each LAT,LON (decimal degrees)."
    static let command = "distance"
}
