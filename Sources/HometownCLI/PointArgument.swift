import ArgumentParser
import HometownCore

/// A point on the command line as `LAT,LON` in decimal degrees, latitude first (`map --center 20,0`,
/// `post --at 44.9661,-93.2938`): two numbers as `Coordinate.parseDegrees` reads them (spaces around each
/// allowed; words such as "nan", hex and empty text refused), checked and normalised as `Coordinate` does.
///
/// Declare an option as `@Option(point: "help") var at: PointArgument?` (the initializer below) so that a
/// negative latitude is taken as the value and a refusal says why (ArgumentParser prints "The value 'TEXT' is
/// invalid for '--OPTION <LAT,LON>': REASON"); `init?(argument:)` is the same parse without the reason.
struct PointArgument: ExpressibleByArgument, Equatable, Sendable, CustomStringConvertible {
    /// The name to show for the value in help: `<LAT,LON>`.
    static let valueName = "LAT,LON"

    /// Why a text is not a point.
    enum Failure: Error, Equatable, CustomStringConvertible {
        /// Not two values separated by one comma.
        case notAPair
        /// A value that is not a number of degrees or is out of range (the core type's own message).
        case degrees(CoreError)

        var description: String {
            switch self {
            case .notAPair: return "expected LAT,LON in decimal degrees, latitude first, e.g. 44.9661,-93.2938"
            case .degrees(let e): return e.description
            }
        }
    }

    /// The point: latitude in [-90, 90], longitude in [-180, 180) (180 becomes -180).
    let coordinate: Coordinate

    /// Parses `LAT,LON`.
    /// - Throws: `Failure.notAPair`, or `Failure.degrees` with `CoreError.malformedNumber` (naming latitude or
    ///   longitude), `.invalidLatitude` or `.invalidLongitude`.
    init(parsing text: String) throws {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw Failure.notAPair }
        do {
            coordinate = try Coordinate(latitudeText: String(parts[0]), longitudeText: String(parts[1]))
        } catch let e as CoreError {
            throw Failure.degrees(e)
        }
    }

    init?(argument: String) {
        guard let point = try? PointArgument(parsing: argument) else { return nil }
        self = point
    }

    /// `LAT,LON` as given back by `Coordinate` (shortest decimal texts).
    var description: String { "\(coordinate.latitude),\(coordinate.longitude)" }

    var defaultValueDescription: String { description }
}

extension Option where Value == PointArgument? {
    /// An optional `LAT,LON` option (`@Option(point: "The point clicked.") var at: PointArgument?`): parsed
    /// unconditionally, so that a negative latitude is the value and not an option, and by
    /// `PointArgument(parsing:)`, so that a refusal says why.
    /// - Parameters:
    ///   - help: one line of help; the value shows as `<LAT,LON>`.
    ///   - name: the flag (default: the property's name).
    init(name: NameSpecification = .long, point help: String) {
        self.init(
            name: name, parsing: .unconditional, help: ArgumentHelp(help, valueName: PointArgument.valueName),
            completion: nil, transform: PointArgument.init(parsing:))
    }
}
