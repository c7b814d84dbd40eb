import ArgumentParser
import Foundation
import HometownCore
import HometownMarkers

/// The input file and the marker filters of `cluster` and `region`.
struct MarkerInputOptions: ParsableArguments {
    @Option(help: "Markers: GeoJSON FeatureCollection, CSV, NDJSON, or a Hometown users JSON array ('-' for stdin).")
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

    /// - Throws: a failure naming the first located marker whose property is missing or not a number.
    static func checkNumeric(_ markers: [Marker], properties: [String], file: String) throws {
        for m in markers where m.coordinate != nil {
            for p in properties {
                guard case .number? = m[p] else {
                    var got = "missing"
                    if let v = m[p] {
                        got = ""
                        v.write(to: &got)
                    }
                    throw CLIFailure.exit(
                        "\(file), \(m.location): property \"\(p)\" is \(got), not a number; --sum \(p) needs a number on every marker"
                    )
                }
            }
        }
    }
}
