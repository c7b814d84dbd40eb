import ArgumentParser
import HometownCore

/// A box on the command line as `W,S,E,N` in degrees (`cluster --bbox -10,35,30,60`): four numbers, spaces around
/// each allowed, by the rule of every box Hometown reads (`BoundingBox`, as the server's `bbox`): longitudes in
/// [-180, 180], latitudes in [-90, 90], south not north of north. The box may cross 180° (W > E).
struct BoxArgument: ExpressibleByArgument, Equatable, Sendable {
    /// Why a text is not a box: not four numbers, or (`range`) four that break `BoundingBox`'s rule.
    struct Failure: Error, Equatable, CustomStringConvertible {
        /// `BoundingBox`'s reason, for four numbers that are no box.
        var range: String? = nil
        var description: String {
            guard let range else { return "expected W,S,E,N with four numbers, e.g. -10,35,30,60" }
            return range
        }
    }

    /// West, south, east, north in degrees.
    let west: Double, south: Double, east: Double, north: Double

    /// The whole world: -180,-90,180,90.
    static let world = BoxArgument(west: -180, south: -90, east: 180, north: 90)

    /// A box from degrees (not checked: for defaults).
    init(west: Double, south: Double, east: Double, north: Double) {
        (self.west, self.south, self.east, self.north) = (west, south, east, north)
    }

    /// Parses `W,S,E,N`.
    /// - Throws: `Failure` unless the text is four finite numbers joined by commas that make a `BoundingBox`.
    init(parsing text: String) throws {
        let values = text.split(separator: ",", omittingEmptySubsequences: false).map {
            Double(ProjCommandSupport.trimmed(String($0)))
        }
        guard values.count == 4, let w = values[0], let s = values[1], let e = values[2], let n = values[3],
            [w, s, e, n].allSatisfy(\.isFinite)
        else { throw Failure() }
        do { _ = try BoundingBox(west: w, south: s, east: e, north: n) } catch {
            throw Failure(range: String(describing: error))
        }
        self.init(west: w, south: s, east: e, north: n)
    }

    init?(argument: String) {
        guard let box = try? BoxArgument(parsing: argument) else { return nil }
        self = box
    }
}
