import ArgumentParser
import Foundation
import HometownBoundaries
import HometownTiles

/// `hometown prepare-tiles`: the web map's first zooms drawn ahead into `tiles.bin` (`TilePreparation`).
struct PrepareTilesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prepare-tiles",
        abstract: "Draw the web map's first zooms ahead, so that hometown serve sends them the moment it starts.",
        discussion: """
            Draws every boundary tile and name tile of zooms 0 to --zooms - 1 as hometown
            serve draws them, and writes them gzipped to one file (tiles.bin) with the
            checksums of the data they were drawn from. hometown serve finds tiles.bin
            beside hometown.bin (or takes --prepared-tiles FILE) and serves those tiles
            from memory at once, instead of drawing them after it starts (it builds its
            boundaries first, about 0.7 s of work in a release build); the tiles of data
            other than its own it leaves alone, and says so in its log.
            tools/build-data.sh runs this after rebuilding the data.

              hometown prepare-tiles                 # data/tiles.bin, zooms 0-2
              hometown prepare-tiles --zooms 4 --out /srv/hometown/tiles.bin

            Exit status: 0 written, 2 invalid input, 1 the data could not be read
            or the file written.
            """)

    @Option(
        parsing: .unconditional,
        help: "Zooms drawn: 0 to N - 1 (1-\(TilePreparation.maxZooms); 3 is the web app's world view, 21 tiles).")
    var zooms = 3

    @Option(help: ArgumentHelp("The file written (default: tiles.bin beside hometown.bin).", valueName: "PATH"))
    var out: String?

    @Option(help: ArgumentHelp("The data file (hometown.bin) to draw from; water.bin beside it.", valueName: "PATH"))
    var data: String?

    @Option(help: ArgumentHelp("The gazetteer (gazetteer.bin) whose cities the map names.", valueName: "PATH"))
    var gazetteer: String?

    @Option(
        help: ArgumentHelp(
            """
            The countries the server serves, whose names the map shows in its spelling: as for hometown serve \
            --countries. (default: \(CountriesArgument.defaults.defaultValueDescription))
            """, valueName: "list|all"),
        transform: CountriesArgument.init(parsing:))
    var countries = CountriesArgument.defaults

    func validate() throws {
        guard (1...TilePreparation.maxZooms).contains(zooms) else {
            throw ValidationError("--zooms must be from 1 to \(TilePreparation.maxZooms)")
        }
    }

    func run() async throws {
        let path =
            try out ?? URL(fileURLWithPath: TilePreparation.defaultPath(besideBoundaries: data)).standardized.path
        let started = ContinuousClock.now
        do {
            let r = try TilePreparation.write(
                to: path, zooms: zooms, boundariesPath: data, gazetteerPath: gazetteer, countries: countries.selection)
            let seconds = (ContinuousClock.now - started).components
            let elapsed = Double(seconds.seconds) + Double(seconds.attoseconds) / 1e18
            try CLIOutput.line(
                "wrote \(r.path): \(r.tilesPerKind) boundary tiles and \(r.tilesPerKind) name tiles of zooms 0-\(r.zooms - 1), "
                    + "\(r.plainBytes >> 10) KiB of JSON in \(r.fileBytes >> 10) KiB, in \(String(format: "%.1f", elapsed)) s"
            )
        } catch let e as BundledDataError {
            printError(e.description)
            // --countries the data cannot serve is invalid input (as `serve` says it); data that cannot be read is not.
            if case .countries = e { throw ExitCode(ExitStatus.invalidInput) }
            throw ExitCode(ExitStatus.failure)
        } catch let e as TilePreparationError {
            printError(e.description)
            if case .zooms = e { throw ExitCode(ExitStatus.invalidInput) }
            throw ExitCode(ExitStatus.failure)
        }
    }
}
