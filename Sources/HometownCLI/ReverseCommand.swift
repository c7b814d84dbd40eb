import ArgumentParser
import HometownBoundaries
import HometownCore

struct ReverseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reverse",
        abstract: "Find the country, state and city of a point, or of every row of a file.",
        discussion: """
            One point:   hometown reverse 47.6062 -122.3321
              prints {"latitude", "longitude", "country": {"name","iso2","iso3"} | null,
                      "state": {"name","iso"} | null,
                      "city": {"name","population","distance_km"} | null,
                      "at_sea": bool, "distance_km": number}
              Latitude first, in [-90, 90]; longitude in [-180, 180] (180 is the same
              meridian as -180).
              A point in the sea within 22.2 km (12 nautical miles) of a state gets that
              state with "at_sea": true and the distance; farther out, country and state
              are null.
              --language LANG names the country, state and city in that language
              where the data has names in it (--language ru on 55.7558 37.6173:
              "Россия", "Москва"); English otherwise. It reads gazetteer.bin, from
              the folder of --data when given.

            A file:      hometown reverse --input points.csv > places.csv   (- = stdin)
              CSV with a header row: columns latitude/longitude or lat/lon (any case), or
              name them with --lat-column/--lon-column. NDJSON: one JSON object per line
              (chosen by a .ndjson/.jsonl name, --input-format, or a first character "{"),
              the point under the same keys or the ones named. .gz inputs are gunzipped
              (--input-compression).
              Output (--format, default the input's): csv = the input columns plus
              country, country_iso2, state, state_iso, city, error; ndjson = each object
              (or CSV row as an object), its members as written, with those keys
              added; an input column or key of one of those names moves to
              "<name>_input", in every format; geojson = a
              FeatureCollection, one Point feature per row (null geometry for a row with
              no point). One output row per input row, in order, always: a bad row (not a
              number, out of range, broken quoting, bytes that are not UTF-8, a line cut
              short) gets its message in "error" and the run goes on.
              The input is streamed: memory stays flat, and rows piped in are answered as
              they arrive. --output FILE writes there (FILE.gz: gzip), a chunk at a time;
              --resume continues a killed run (it keeps the complete rows in FILE, skips
              as many input rows, appends the rest).
              A progress line shows on standard error when it is a terminal (--quiet:
              none, nor the summary).

            Exit status: 0 done; 3 done, but some rows carry an error or the input was cut
            short (a truncated .gz); 2 invalid input (message on stderr); 1 data or system
            failure.
            Data: hometown.bin from --data, else from $HOMETOWN_DATA, else from
            ../share/hometown beside the program (or from the data folder of the checkout
            it was built in, when run from there).
            """)

    @OptionGroup var points: PointFileOptions<Self>

    @OptionGroup var batch: BatchOptions

    @Option(help: ArgumentHelp("The data file (hometown.bin) to use.", valueName: "PATH"))
    var data: String?

    @Option(help: LanguageArgument.help)
    var language: LanguageArgument?

    func run() throws {
        try runReportingErrors {
            switch try points.given() {
            case .file(let input):
                let geocoder = try ReverseGeocoder(path: data, verification: .lookups)
                let gazetteer = try language.map { _ in try ReverseCommand.gazetteer(beside: data) }
                let l = gazetteer.flatMap { language?.resolve(in: $0) }
                try batch.run(input: input, points: points) {
                    ReverseJob(geocoder: geocoder, input: $0, outputFormat: $1, gazetteer: gazetteer, language: l)
                }
            case .point(let latitude, let longitude):
                try BatchOptions.refuseWithoutInput(
                    points.givenForInputOnly + batch.givenForInputOnly, command: Self.command)
                try ReverseCommand.answer(latitude: latitude, longitude: longitude, data: data, language: language)
            }
        }
    }
}

extension ReverseCommand: PointFileNames {
    typealias Output = ReverseJob.OutputFormat
    static let command = "reverse"
    static let help = "LAT LON of one point (decimal degrees)."
    static let coordinates = (first: (name: "LAT", holds: "latitudes"), second: (name: "LON", holds: "longitudes"))
}
