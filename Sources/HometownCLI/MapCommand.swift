import ArgumentParser
import Foundation
import HometownBasemap
import HometownBoundaries
import HometownClient
import HometownClustering
import HometownCore
import HometownMarkers
import HometownProtocol
import HometownViewport

/// `hometown map`: the web app's view as a static SVG (boundaries, clusters with counts, the fitted region).
struct MapCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "map",
        abstract: "Draw markers on the bundled boundaries as an SVG map (no browser needed).",
        discussion: """
            The markers come from a file (--input: GeoJSON, CSV, NDJSON or a users JSON
            array) or from a Hometown server (--server: every user matching the filters);
            with neither, a --zoom view is drawn without markers. They are clustered as
            the web app clusters them (supercluster, radius 40 px) at the view's zoom; a
            cluster shows its count, a single place its label on hover. --fit (the
            default) zooms to the region of the markers and outlines it; --zoom Z draws
            that zoom around --center. Boundaries: countries always, states and provinces
            from zoom 4. Names (--no-labels leaves them out): countries, states and cities
            placed as the web map places them at the view's zoom, none over another or
            over a marker.

              hometown map --input users.geojson --out map.svg
              hometown map --server http://127.0.0.1:8080 --country USA --size 1000x600
              hometown map --input m.csv --zoom 2 --center 20,0 --out world.svg
              hometown map --center 44.97,-93.26 --zoom 7 --out minnesota.svg

            --out replaces a file whole (written beside it and renamed over it), follows
            a link to the file it points to, writes into a device or a pipe, and never
            takes the --input file.

            Exit status: 0 done, 2 invalid input, 1 the map could not be written or the
            data read; with --server, 3-12 as for `hometown users`.
            """)

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "Markers: GeoJSON FeatureCollection, CSV, NDJSON or a users JSON array ('-' for stdin).", valueName: "FILE")
    )
    var input: String?
    /// `--server` (or $HOMETOWN_SERVER) names the server to read the users from; `--timeout` limits each answer.
    @OptionGroup var client: ClientOptions
    @OptionGroup var filter: MarkerFilterOptions
    @Option(
        parsing: .unconditional,
        help: "Picture size WxH in pixels, 16 to 8192 each. (default: \(MapCommand.defaultSize))",
        transform: SizeArgument.init(parsing:))
    var size = MapCommand.defaultSize
    // Unconditional: a negative value is read as the value (and refused by its rule), not as an option.
    @Option(
        parsing: .unconditional, help: "Web Mercator zoom of the view (0-20, fractions allowed); the default is --fit.")
    var zoom: Double?
    @Flag(help: "Zoom to the region of the markers and outline it (the default without --zoom).") var fit = false
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Largest zoom --fit goes to (0-20; default 18, the deepest the maps go).",
            discussion:
                "--fit is as tight as the markers allow; one marker, or markers within 500 m, get a city-scale view (zoom 11). A smaller value shows more around them: 6 shows a marker's state and its neighbours."
        ))
    var maxZoom: Double?
    @Option(point: "Centre of a --zoom view, LAT,LON in degrees (default: the markers' region, else 20,0).")
    var center: PointArgument?
    @Option(
        parsing: .unconditional,
        help:
            "Free margin around the fitted region in pixels, under half the shorter side (default 40; 1/8 of a smaller side)."
    )
    var padding: Double?
    @Option(help: "A title drawn in the top-left corner.") var title: String?
    @Flag(inversion: .prefixedNo, help: "Draw country, state and city names (as the web map does).")
    var labels = true
    @Option(help: ArgumentHelp("Where to write the SVG (default, or -: standard output).", valueName: "FILE"))
    var out: String?
    @Option(help: ArgumentHelp("The data file (hometown.bin) to use; water.bin beside it.", valueName: "PATH"))
    var data: String?

    static let defaultSize = SizeArgument(width: 800, height: 500)

    func validate() throws {
        guard size.wholePixels(in: 16...8192) != nil else {
            throw ValidationError("--size \(size) is not WxH in whole pixels from 16 to 8192, e.g. 800x500")
        }
        // The users come from a file, or from the server named by --server or $HOMETOWN_SERVER, never both; a
        // --zoom view may have none (a base map with its names).
        let fromFile = input != nil && client.server == nil
        let fromServer = input == nil && client.serverGiven
        guard fromFile || fromServer || (input == nil && client.server == nil && zoom != nil) else {
            throw ValidationError(
                "give --input FILE or --server URL (one of them), or --zoom Z for a map without markers")
        }
        if fit && zoom != nil { throw ValidationError("give --fit or --zoom, not both") }
        if let zoom, !(0...20).contains(zoom) { throw ValidationError("--zoom must be from 0 to 20, not \(zoom)") }
        if let maxZoom, !(0...20).contains(maxZoom) {
            throw ValidationError("--max-zoom must be from 0 to 20, not \(maxZoom)")
        }
        if maxZoom != nil && zoom != nil { throw ValidationError("--max-zoom goes with --fit, not --zoom") }
        if center != nil && zoom == nil { throw ValidationError("--center goes with --zoom") }
        if let last = filter.last, last < 1 { throw ValidationError("--last must be 1 or more") }
        if let padding {
            let (width, height) = size.wholePixels(in: 16...8192)!  // checked above
            guard padding >= 0, 2 * padding < Double(min(width, height)) else {
                throw ValidationError(
                    "--padding \(padding) leaves no room in a \(width)x\(height) picture: give 0 or more, less than \(Double(min(width, height)) / 2)"
                )
            }
        }
    }

    /// `--padding`, else 40 pixels, or an eighth of the shorter side of a smaller picture.
    /// The most times a fitted view has the world across its width (a fit below that zoom is drawn at it).
    static let maxWorldCopies = 4

    func margin(width: Int, height: Int) -> Double { padding ?? min(40, Double(min(width, height)) / 8) }

    func run() async throws {
        let (width, height) = size.wholePixels(in: 16...8192)!  // checked in validate()
        // Where the map goes is looked at before any work: a folder or an unusable name is refused at once.
        let target = try outputTarget()
        let located: [(coordinate: Coordinate, label: String?)]
        if input == nil && !client.serverGiven {
            located = []
        } else if input == nil {
            var users: [User] = []
            try await ClientCommandSupport.reportingErrors {
                let http = try client.client()
                let q = UsersQuery(
                    country: filter.country, states: filter.state.map { [$0] }, city: filter.city,
                    year: filter.year)
                users = try await http.allUsers(q)
            }
            if let last = filter.last { users = Array(users.sorted { $0.id > $1.id }.prefix(last)) }
            located = users.compactMap { u in
                u.coordinate.map { ($0, "\(u.nickname): \(u.city), \(u.state), \(u.country) (\(u.year))") }
            }
        } else {
            let markers = try MapCommand.read(input!, filter.filter())
            located = markers.compactMap { m in m.coordinate.map { ($0, MapCommand.label(m)) } }
        }
        if located.isEmpty && (input != nil || client.serverGiven) {
            FileHandle.standardError.write(
                Data(
                    "hometown: no markers to draw (none matches the filters, or none has a point): the map has none\n"
                        .utf8))
        }
        let svg = try CLIFailure.reportingInputErrors { try draw(located, width: width, height: height) }
        switch target {
        case nil: try CLIOutput.line(svg, terminator: "")
        case .file(let path)?:
            // Written beside and renamed over, so that no reader sees half a map.
            do { try svg.write(toFile: path, atomically: true, encoding: .utf8) } catch {
                throw SystemFailure("cannot write \(out ?? path): \(error.localizedDescription)")
            }
        case .special(let path)?: try BatchOutput(path: path).write(Array(svg.utf8))
        case .folder?, .unusable?: preconditionFailure("refused by outputTarget()")
        }
    }

    /// Where `--out` writes: nil for standard output; otherwise a file (links followed) or a device or pipe.
    /// - Throws: `SystemFailure` (status 1) for a folder or a name that cannot be written; `CLIError` (status 2)
    ///   when it is the `--input` file, which the map would replace.
    private func outputTarget() throws -> FileTarget? {
        guard let out, out != "-" else { return nil }
        let target = FileTarget(out)
        switch target {
        case .folder: throw SystemFailure("cannot write \(out): it is a folder; name the file to write in it")
        case .unusable(let why): throw SystemFailure("cannot write \(out): \(why)")
        case .file, .special: break
        }
        if let input, input != "-", FileTarget.same(input, out) {
            throw CLIError(
                "--out \(out) is the input file \(input): the map would replace it; write it to another file")
        }
        return target
    }

    private func draw(_ located: [(coordinate: Coordinate, label: String?)], width: Int, height: Int) throws -> String {
        var region: FittedRegion?
        if !located.isEmpty {
            region = try RegionFitter.fit(
                located.map(\.coordinate),
                in: Viewport(
                    width: Double(width), height: Double(height), padding: margin(width: width, height: height),
                    maxZoom: maxZoom ?? RegionFitter.mapMaxZoom(tileSize: 256)))
        }
        let viewZoom: Double
        var centre = (latitude: 20.0, longitude: 0.0)
        if let zoom {
            viewZoom = zoom
            if let center {
                centre = (center.coordinate.latitude, center.coordinate.longitude)
            } else if let region {
                centre = (region.center.latitude, region.center.longitude)
            }
        } else if let region {
            // Below the zoom at which the world is a `maxWorldCopies`th of the picture's width, it is copied
            // across the picture more times than that, and each copy is drawn: markers that fit a wide, thin
            // picture only there (2000x16) took minutes. They are drawn at that zoom instead, around their centre.
            let least = log2(Double(width) / (256 * Double(MapCommand.maxWorldCopies)))
            if region.zoom < least {
                printError(
                    "note: the markers fit \(width)x\(height) with a \(String(format: "%g", margin(width: width, height: height)))-pixel padding only at zoom \(String(format: "%.1f", region.zoom)), where the world is \(String(format: "%.0f", 256 * pow(2, region.zoom))) pixels wide; drawn at zoom \(String(format: "%.1f", least)), the world a \(MapCommand.maxWorldCopies)th of the width, around their centre"
                )
            }
            viewZoom = max(least, region.zoom)
            centre = (region.center.latitude, region.center.longitude)
        } else {
            // Nothing to fit: the whole world across the width.
            viewZoom = max(0, log2(Double(width) / 256))
        }
        let frame = MapFrame.view(
            latitude: centre.latitude, longitude: centre.longitude, zoom: viewZoom,
            width: Double(width), height: Double(height))
        let geocoder: ReverseGeocoder
        do { geocoder = try ReverseGeocoder(path: data, verification: .header) } catch {
            throw CLIFailure.exit("cannot load the boundary data: \(error)")
        }
        var boundaries = try BoundaryMap(geocoder: geocoder).draw(frame, includeStates: viewZoom >= 4)
        boundaries.water = try MapCommand.water(besideBoundaries: data).draw(frame)
        var markers: [MapPicture.Marker] = []
        if !located.isEmpty {
            let points = located.map { ClusterPoint($0.coordinate) }
            let index = try ClusterIndex(points: points, options: ClusterOptions())
            let items = try index.clusters(in: MapCommand.box(of: frame), zoom: viewZoom.rounded(.down))
            for item in items {
                switch item {
                case .point(let i):
                    let c = located[i].coordinate
                    markers.append(
                        .init(latitude: c.latitude, longitude: c.longitude, count: 1, label: located[i].label))
                case .cluster(let c):
                    markers.append(.init(latitude: c.latitude, longitude: c.longitude, count: c.pointCount))
                }
            }
        }
        var picture = MapPicture(
            frame: frame, width: width, height: height, boundaries: boundaries, markers: markers,
            region: zoom == nil ? region?.bbox : nil, title: title)
        if labels {
            picture.labels = try MapCommand.labelPlacement(geocoder: geocoder, dataPath: data, zoom: viewZoom)
        }
        return picture.svg()
    }

    /// The lakes, from `water.bin` beside the boundary data (`--data`, else the default `hometown.bin`). A missing or
    /// damaged file stops the command: without it the map would show the Great Lakes as land.
    static func water(besideBoundaries data: String?) throws -> WaterMap {
        do { return try WaterMap(path: WaterFile.path(besideBoundaries: data)) } catch {
            throw CLIFailure.exit("\(error)")
        }
    }

    /// The markers of a file that pass `filter`.
    static func read(_ path: String, _ filter: MarkerFilter) throws -> [Marker] {
        do {
            return try MarkerInputOptions.load(path: path, filter: filter)
        } catch {
            throw CLIFailure.exit("\(error)")
        }
    }

    /// The frame's extent in degrees (the whole world's longitudes when it is wider than the world).
    static func box(of frame: MapFrame) -> BoundingBox {
        func lon(_ x: Double) -> Double { (x / frame.worldSize - 0.5) * 360 }
        func lat(_ y: Double) -> Double { WebMercator.latitude(worldY: y / frame.worldSize) }
        let north = lat(frame.originY)
        let south = lat(frame.originY + frame.height)
        guard frame.width < frame.worldSize else {
            return BoundingBox(uncheckedWest: -180, south: south, east: 180, north: north)
        }
        var west = lon(frame.originX)
        var east = lon(frame.originX + frame.width)
        while west < -180 { west += 360 }
        while west >= 180 { west -= 360 }
        while east > 180 { east -= 360 }
        while east <= -180 { east += 360 }
        return BoundingBox(uncheckedWest: west, south: south, east: east, north: north)
    }

    /// "nickname: city, state, country (year)" from whichever of those properties a marker has.
    static func label(_ m: Marker) -> String? {
        func text(_ k: String) -> String? { m[k]?.text }
        let place = ["city", "state", "country"].compactMap(text).joined(separator: ", ")
        let name = text("nickname") ?? text("name")
        var out = [name, place.isEmpty ? nil : place].compactMap { $0 }.joined(separator: ": ")
        if let y = text("year") { out += " (\(y))" }
        return out.isEmpty ? nil : out
    }
}
