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
            --tile prints {"features": [...]} in supercluster's getTile form; --zoom,
            --children and --leaves print GeoJSON FeatureCollections (clusters carry
            cluster, cluster_id, point_count, point_count_abbreviated, PROP_sum for each
            --sum PROP, and a bbox); --expansion-zoom prints {"zoom": N}.
            Invalid input exits with status 2 and a message naming the file and row.
            """)

    @OptionGroup var input: MarkerInputOptions

    // Unconditional: a negative value is read as the value (and refused by its rule), not as an option.
    @Option(parsing: .unconditional, help: "Cluster radius in pixels.") var radius: Double = 40
    @Option(parsing: .unconditional, help: "Tile extent in pixels (the radius refers to it).") var extent: Double = 512
    @Option(parsing: .unconditional, help: "Fewest points that form a cluster.") var minPoints: Int = 2
    @Option(parsing: .unconditional, help: "Lowest zoom that gets clusters.") var minZoom: Int = 0
    @Option(parsing: .unconditional, help: "Highest zoom that gets clusters (at most 30).") var maxZoom: Int = 16
    @Option(
        name: .customLong("sum"), help: "Numeric property to sum over each cluster's points, as PROP_sum (repeatable).")
    var sums: [String] = []

    @Option(
        parsing: .unconditional, help: ArgumentHelp("Tile Z/X/Y to print in getTile form.", valueName: "tile"),
        transform: TileArgument.init(parsing:))
    var tile: TileArgument?
    @Option(parsing: .unconditional, help: "Zoom level of the clusters to print (with --bbox).") var zoom: Double?
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Box W,S,E,N in degrees for --zoom (default: the world; may cross 180, W > E; longitudes within ±180, latitudes within ±90, S <= N); negative numbers need no quoting.",
            valueName: "W,S,E,N"),
        transform: BoxArgument.init(parsing:))
    var bbox: BoxArgument?
    @Option(parsing: .unconditional, help: "Cluster id whose children to print.") var children: Int?
    @Option(parsing: .unconditional, help: "Cluster id whose points to print (with --limit, --offset).")
    var leaves: Int?
    /// How many leaves `--leaves` prints without `--limit`.
    static let defaultLeafLimit = 10
    // Optional, so that one given without --leaves is refused rather than ignored; the defaults are the leaves'.
    @Option(parsing: .unconditional, help: "Most leaves to print, with --leaves (default: \(defaultLeafLimit)).")
    var limit: Int?
    @Option(parsing: .unconditional, help: "Leaves to skip, with --leaves (default: 0).") var offset: Int?
    @Option(parsing: .unconditional, help: "Cluster id whose expansion zoom to print.") var expansionZoom: Int?

    func validate() throws {
        let modes = [tile != nil, zoom != nil, children != nil, leaves != nil, expansionZoom != nil].filter { $0 }.count
        guard modes == 1 else {
            throw ValidationError(
                "give exactly one of --tile, --zoom, --children, --leaves, --expansion-zoom (got \(modes))")
        }
        if bbox != nil && zoom == nil { throw ValidationError("--bbox goes with --zoom") }
        if leaves == nil && (limit != nil || offset != nil) {
            throw ValidationError("--\(limit != nil ? "limit" : "offset") goes with --leaves")
        }
    }

    func run() throws {
        let progress = StageProgress(quiet: input.quiet)
        defer { progress.finish() }
        try CLIFailure.reportingInputErrors {
            let markers = try input.load(progress: progress)
            var options = ClusterOptions(
                minZoom: minZoom, maxZoom: maxZoom, minPoints: minPoints, radius: radius, extent: extent)
            if !sums.isEmpty {
                try MarkerInputOptions.checkNumeric(markers, properties: sums, file: input.input)
                options.sum(properties: sums, value: MarkerInputOptions.summand)
            }
            let zooms = minZoom == maxZoom ? "zoom \(minZoom)" : "zoom \(minZoom)-\(maxZoom)"
            progress.stage { "clustering \(markers.count) markers, \(zooms): \(BatchProgress.clock($0))" }
            // No copy inside the index: it keeps the list as given (nil = a feature without geometry).
            let index = try ClusterIndex(
                points: markers.map { m in
                    m.coordinate.map { ClusterPoint($0, id: m.id, properties: m.properties) }
                }, options: options)
            progress.finish()
            try printResult(index)
        }
    }

    private func printResult(_ index: ClusterIndex) throws {
        if let tile {
            try CLIOutput.printJSON(try index.tile(z: tile.z, x: tile.x, y: tile.y))
        } else if let zoom {
            let box = bbox ?? .world
            let items = try index.clusters(
                west: box.west, south: box.south, east: box.east, north: box.north,
                zoom: zoom)
            try CLIOutput.printJSON(GeoJSONFeatureCollection(features: index.features(items)))
        } else if let children {
            try CLIOutput.printJSON(
                GeoJSONFeatureCollection(features: index.features(try index.children(of: children))))
        } else if let leaves {
            let points = try index.leaves(of: leaves, limit: limit ?? Self.defaultLeafLimit, offset: offset ?? 0)
            try CLIOutput.printJSON(GeoJSONFeatureCollection(features: index.features(points.map { .point($0) })))
        } else if let expansionZoom {
            try CLIOutput.printJSON(["zoom": try index.expansionZoom(of: expansionZoom)])
        }
    }
}
