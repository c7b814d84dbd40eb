import ArgumentParser
import Foundation
import HometownClustering
import HometownCore
import HometownMarkers

/// `hometown cluster`: supercluster-compatible clusters of markers for a tile, a zoom level and box, a
/// cluster's children or leaves, or a cluster's expansion zoom. Prints JSON on standard output.
struct ClusterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cluster",
        abstract: "Cluster markers per zoom level, as mapbox/supercluster does.",
        discussion: """
        Give exactly one of --tile, --zoom, --children, --leaves, --expansion-zoom.
        --tile prints {"features": [...]} in supercluster's getTile form; --zoom, --children and --leaves print
        GeoJSON FeatureCollections (clusters carry cluster, cluster_id, point_count, point_count_abbreviated,
        PROP_sum for each --sum PROP, and a bbox); --expansion-zoom prints {"zoom": N}.
        Invalid input exits with status 2 and a message naming the file and row.
        """)

    @OptionGroup var input: MarkerInputOptions

    @Option(help: "Cluster radius in pixels.") var radius: Double = 40
    @Option(help: "Tile extent in pixels (the radius refers to it).") var extent: Double = 512
    @Option(name: .customLong("min-points"), help: "Fewest points that form a cluster.") var minPoints: Int = 2
    @Option(name: .customLong("min-zoom"), help: "Lowest zoom that gets clusters.") var minZoom: Int = 0
    @Option(name: .customLong("max-zoom"), help: "Highest zoom that gets clusters (at most 30).") var maxZoom: Int = 16
    @Option(name: .customLong("sum"), help: "Numeric property to sum over each cluster's points, as PROP_sum (repeatable).")
    var sums: [String] = []

    @Option(help: "Tile Z/X/Y to print in getTile form.") var tile: String?
    @Option(help: "Zoom level of the clusters to print (with --bbox).") var zoom: Double?
    @Option(parsing: .unconditional, help: ArgumentHelp("Box W,S,E,N in degrees for --zoom (default: the world; may cross 180); negative numbers need no quoting.", valueName: "W,S,E,N")) var bbox: String?
    @Option(help: "Cluster id whose children to print.") var children: Int?
    @Option(help: "Cluster id whose points to print (with --limit, --offset).") var leaves: Int?
    @Option(help: "Most leaves to print.") var limit: Int = 10
    @Option(help: "Leaves to skip.") var offset: Int = 0
    @Option(name: .customLong("expansion-zoom"), help: "Cluster id whose expansion zoom to print.") var expansionZoom: Int?

    func validate() throws {
        let modes = [tile != nil, zoom != nil, children != nil, leaves != nil, expansionZoom != nil].filter { $0 }.count
        guard modes == 1 else {
            throw ValidationError("give exactly one of --tile, --zoom, --children, --leaves, --expansion-zoom (got \(modes))")
        }
        if bbox != nil && zoom == nil { throw ValidationError("--bbox goes with --zoom") }
    }

    func run() throws {
        let progress = StageProgress(quiet: input.quiet)
        defer { progress.finish() }
        do {
            let markers = try input.load(progress: progress)
            var options = ClusterOptions(minZoom: minZoom, maxZoom: maxZoom, minPoints: minPoints, radius: radius, extent: extent)
            if !sums.isEmpty {
                try MarkerInputOptions.checkNumeric(markers, properties: sums, file: input.input)
                options.sum(properties: sums)
            }
            let zooms = minZoom == maxZoom ? "zoom \(minZoom)" : "zoom \(minZoom)-\(maxZoom)"
            progress.stage { "clustering \(markers.count) markers, \(zooms): \(BatchProgress.clock($0))" }
            // No copy inside the index: it keeps the list as given (nil = a feature without geometry).
            let index = try ClusterIndex(points: markers.map { m in
                m.coordinate.map { ClusterPoint($0, id: m.id, properties: m.properties) }
            }, options: options)
            progress.finish()
            try printResult(index)
        } catch let e as MarkersError {
            throw CLIFailure.exit(e.description)
        } catch let e as ClusteringError {
            throw CLIFailure.exit(e.description)
        } catch let e as CoreError {
            throw CLIFailure.exit(e.description)
        }
    }

    private func printResult(_ index: ClusterIndex) throws {
        if let tile {
            let parts = tile.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
            guard parts.count == 3, let z = parts[0], let x = parts[1], let y = parts[2] else {
                throw CLIFailure.exit("--tile \(tile) is not Z/X/Y with three integers, e.g. 0/0/0")
            }
            try CLIOutput.printJSON(try index.tile(z: z, x: x, y: y))
        } else if let zoom {
            var box = [-180.0, -90, 180, 90]
            if let bbox {
                let values = bbox.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
                guard values.count == 4, values.allSatisfy({ $0?.isFinite == true }) else {
                    throw CLIFailure.exit("--bbox \(bbox) is not W,S,E,N with four numbers, e.g. -10,35,30,60")
                }
                box = values.map { $0! }
            }
            let items = try index.clusters(west: box[0], south: box[1], east: box[2], north: box[3], zoom: zoom)
            try CLIOutput.printJSON(GeoJSONFeatureCollection(features: index.features(items)))
        } else if let children {
            try CLIOutput.printJSON(GeoJSONFeatureCollection(features: index.features(try index.children(of: children))))
        } else if let leaves {
            let points = try index.leaves(of: leaves, limit: limit, offset: offset)
            try CLIOutput.printJSON(GeoJSONFeatureCollection(features: index.features(points.map { .point($0) })))
        } else if let expansionZoom {
            try CLIOutput.printJSON(["zoom": try index.expansionZoom(of: expansionZoom)])
        }
    }
}

/// The input file and the marker filters shared by `cluster` and `region`.
struct MarkerInputOptions: ParsableArguments {
    @Option(help: "Markers: GeoJSON FeatureCollection, CSV, NDJSON, or a Hometown users JSON array ('-' for stdin).")
    var input: String
    @Option(help: "Only markers with this country.") var country: String?
    @Option(help: "Only markers with this state.") var state: String?
    @Option(help: "Only markers with this city.") var city: String?
    @Option(help: "Only markers with this year.") var year: Int?
    @Option(name: .customLong("after-id"), help: "Only ids greater than this.") var afterId: Int?
    @Option(name: .customLong("before-id"), help: "Only ids less than this.") var beforeId: Int?
    @Option(help: "Only the N most recent markers (highest ids).") var last: Int?
    @Flag(name: .shortAndLong, help: "No progress line on standard error (it shows only on a terminal, for inputs that take more than half a second).")
    var quiet = false

    /// Reads and filters the markers. Unlocated GeoJSON features (null geometry) are kept; callers say so.
    func load(progress: StageProgress? = nil) throws -> [Marker] {
        try MarkerInputOptions.load(path: input, filter: MarkerFilter(country: country, state: state, city: city, year: year,
                                                                      afterId: afterId, beforeId: beforeId, mostRecent: last),
                                    progress: progress)
    }

    /// The markers of a file that pass `filter`; a note on standard error counts those without a point.
    static func load(path: String, filter: MarkerFilter, progress: StageProgress? = nil) throws -> [Marker] {
        let all = try MarkerReader.read(path: path, progress: progress?.reading(path))
        progress?.stage { "filtering \(all.count) markers: \(BatchProgress.clock($0))" }
        let kept = try filter.apply(all, file: path)
        progress?.finish()
        let unlocated = kept.filter { $0.coordinate == nil }
        if let first = unlocated.first {
            CLIOutput.note("\(path): \(unlocated.count) feature(s) without geometry (first: \(first.location)) cannot be placed on the map")
        }
        return kept
    }

    /// - Throws: a failure naming the first located marker whose property is missing or not a number.
    static func checkNumeric(_ markers: [Marker], properties: [String], file: String) throws {
        for m in markers where m.coordinate != nil {
            for p in properties {
                guard case .number? = m[p] else {
                    let got = m[p].flatMap { v in (try? JSONEncoder().encode(v)).map { String(decoding: $0, as: UTF8.self) } } ?? "missing"
                    throw CLIFailure.exit("\(file), \(m.location): property \"\(p)\" is \(got), not a number; --sum \(p) needs a number on every marker")
                }
            }
        }
    }
}

/// A failure already described for the user: printed on standard error, exit status 2.
enum CLIFailure {
    static func exit(_ message: String) -> ExitCode {
        printError(message)
        return ExitCode(2)
    }
}

/// JSON on standard output, notes on standard error.
enum CLIOutput {
    static func printJSON<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(value)
        data.append(0x0A)
        FileHandle.standardOutput.write(data)
    }

    static func note(_ message: String) {
        FileHandle.standardError.write(Data("note: \(message)\n".utf8))
    }
}
