import ArgumentParser
import Foundation
import HometownCore
import HometownMarkers
import HometownViewport

/// `hometown region`: the map region (box, centre, span, zoom) that shows all (filtered) markers.
struct RegionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "region",
        abstract: "Print the map region that fits the markers.",
        discussion: """
            Prints {"bbox": [w, s, e, n], "center": {"latitude", "longitude"}, "span":
            {"latitudeDelta", "longitudeDelta"}, "zoom": z}. The box has the smallest
            longitude span (it crosses 180° when that is narrower); the zoom is the
            largest fractional Web Mercator zoom at which every marker lies inside the
            padded view, at most --max-zoom, as web maps fit; one marker, or markers
            within 500 m of each other, get a city-scale view (zoom 11, 10 with
            512-pixel tiles). span is the whole view's extent in degrees at that zoom.
            No markers: status 2.
            """)

    @OptionGroup var input: MarkerInputOptions
    // Unconditional, as every numeric option: "-800x600" is read as the value and refused by its rule.
    @Option(
        parsing: .unconditional, help: "View size WxH in pixels, e.g. 800x600.", transform: SizeArgument.init(parsing:))
    var size: SizeArgument
    // Unconditional: a negative value is read as the value (and refused by its rule), not as an option.
    @Option(parsing: .unconditional, help: "Free margin on each side, in pixels.") var padding: Double = 0
    @Option(parsing: .unconditional, help: "256 or 512.") var tileSize: Int = 256
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Largest zoom to return (default: 18, 17 with 512-pixel tiles: the deepest the maps go).",
            discussion: "A smaller value shows more around the markers: 6 shows a marker's state and its neighbours."))
    var maxZoom: Double?

    func run() throws {
        let progress = StageProgress(quiet: input.quiet)
        defer { progress.finish() }
        try CLIFailure.reportingInputErrors {
            let markers = try input.load(progress: progress).compactMap(\.coordinate)
            let view = Viewport(
                width: size.width, height: size.height, padding: padding, tileSize: tileSize,
                maxZoom: maxZoom ?? RegionFitter.mapMaxZoom(tileSize: tileSize))
            let region = try RegionFitter.fit(markers, in: view)
            try CLIOutput.printJSON(region)
        }
    }
}
