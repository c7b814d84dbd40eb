import ArgumentParser
import Foundation
import HometownCore
import HometownMarkers

/// The input file and the marker filters of `cluster` and `region`.
struct MarkerInputOptions: ParsableArguments {
    @Option(
        name: .shortAndLong,
        help: "Markers: GeoJSON FeatureCollection, CSV, NDJSON, or a Hometown users JSON array ('-' for stdin).")
    var input: String
    @OptionGroup var filter: MarkerFilterOptions
    @Option(help: "Only ids greater than this.") var afterID: Int?
    @Option(help: "Only ids less than this.") var beforeID: Int?
    @Flag(
        name: .shortAndLong,
        help:
            "No progress line on standard error (it shows only on a terminal, for inputs that take more than half a second)."
    )
    var quiet = false

    /// Reads and filters the markers. Unlocated GeoJSON features (null geometry) are kept; callers say so.
    func load(progress: StageProgress? = nil) throws -> [Marker] {
        try MarkerInputOptions.load(
            path: input, filter: filter.filter(afterID: afterID, beforeID: beforeID),
            progress: progress)
    }

    /// The markers of a file that pass `filter` (its country and state as the markers spell them:
    /// `MarkerPlaceSpelling`); a note on standard error counts those without a point.
    static func load(path: String, filter: MarkerFilter, progress: StageProgress? = nil) throws -> [Marker] {
        let all = try MarkerReader.read(path: path, progress: progress?.reading(path))
        progress?.stage { "filtering \(all.count) markers: \(BatchProgress.clock($0))" }
        let kept = try MarkerPlaceSpelling.resolve(filter, in: all).apply(all, file: path)
        progress?.finish()
        let unlocated = kept.filter { $0.coordinate == nil }
        if let first = unlocated.first {
            CLIOutput.note(
                "\(path): \(unlocated.count) feature(s) without geometry (first: \(first.location)) cannot be placed on the map"
            )
        }
        return kept
    }

    /// The number `value` stands for in `--sum`: a JSON number, or text that is a number as a CSV cell writes one
    /// ("1.50", "+5", "1e3", " 7 ": `Coordinate.parseDegrees`' rule; CSV cells that are not plainly numeric stay
    /// text, `CSVMarkerReader.cellValue`), when finite.
    @Sendable static func summand(_ value: JSONValue) -> Double? {
        switch value {
        case .number(let d): return d
        case .string(let text):
            guard let d = try? Coordinate.parseDegrees(text, field: ""), d.isFinite else { return nil }
            return d
        default: return nil
        }
    }

    /// - Throws: a failure naming the first located marker whose property is missing or not a number, or the
    ///   property whose values add up beyond the largest Double (a cluster's sum would be infinite).
    static func checkNumeric(_ markers: [Marker], properties: [String], file: String) throws {
        var magnitude = [Double](repeating: 0, count: properties.count)
        for m in markers where m.coordinate != nil {
            for (k, p) in properties.enumerated() {
                guard let v = m[p], let d = summand(v) else {
                    var got = "missing"
                    if let v = m[p] {
                        got = ""
                        v.write(to: &got)
                    }
                    throw CLIFailure.exit(
                        "\(file), \(m.location): property \"\(p)\" is \(got), not a number; --sum \(p) needs a number on every marker"
                    )
                }
                magnitude[k] += abs(d)
            }
        }
        // Every cluster's sum is a part of the whole: bounded by the sum of the magnitudes.
        if let k = magnitude.firstIndex(where: { !$0.isFinite }) {
            throw CLIFailure.exit(
                "\(file): --sum \(properties[k]): the values add up beyond the largest number a sum can hold (about 1.8e308)"
            )
        }
    }
}
