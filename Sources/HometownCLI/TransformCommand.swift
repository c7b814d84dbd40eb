import ArgumentParser
import HometownCore
import HometownProj

struct TransformCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transform",
        abstract: "Transform a point, or every row of a file, from one coordinate reference system to another (PROJ).",
        discussion: """
            CRS: an EPSG code (EPSG:3857, or just 3857), another authority code
            (ESRI:102003), a PROJ string ("+proj=utm +zone=15 +datum=WGS84"), WKT, or a
            CRS's name as PROJ writes it ("WGS 84"; case and spaces aside), as PROJ
            reads them. A name PROJ would match only loosely ("foo" for Amersfoort) is
            refused, naming PROJ's nearest. Grids are never downloaded.

            Axis order: X first, then Y, for every CRS, whatever its definition says:
            longitude then latitude (decimal degrees) for a geographic CRS such as
            EPSG:4326, easting then northing (usually metres) for a projected one.
            (PROJ's cs2cs follows the EPSG definition: latitude first for EPSG:4326.)

            One point:
              hometown transform --from EPSG:4326 --to EPSG:3857 -93.26 44.97
              prints {"from": "EPSG:4326", "to": "EPSG:3857",
                      "x": -10381655.711380694, "y": 5616799.835984551}
              x and y in the units of the target CRS, every digit a double holds.
              Negative numbers need no quoting; `--` before X Y works too.

            A file (- = standard input; .gz is unpacked):
              hometown transform --from 4326 --to 32615 --input points.csv > utm.csv
              CSV with a header row. X and Y columns: the first column named x, lon,
              longitude, lng, long or easting, and y, lat, latitude or northing (any
              case), or name them with --x-column and --y-column. Output: the input
              rows, same order, with the columns to_x, to_y and error added.
              NDJSON (one object per line; a .ndjson/.jsonl name, a first "{", or
              --input-format ndjson): each object, its members as written (every
              digit of a number kept), gets to_x, to_y (numbers or null)
              and error (a message or null). An input column or key of one of
              those names moves to "<name>_input", in both formats. --format
              ndjson writes CSV rows as NDJSON.
              A bad row (not a number, a point PROJ cannot transform, broken quoting,
              bytes that are not UTF-8) keeps its place with empty to_x/to_y and its
              message in error, and the run goes on; a summary goes to stderr.
              The input is streamed: memory stays flat, rows piped in are answered
              as they arrive. --output FILE[.gz] writes a file (gzip for .gz);
              --resume continues a killed run into the same --output; progress
              shows on a terminal (--quiet: none, and no summary).

            Exit status: 0 done; 3 done, but some rows carry an error or the input
            was cut short (a truncated .gz); 2 invalid input (an unknown CRS, a bad
            point, a missing column; message on stderr); 1 system failure (PROJ not
            installed, output not written).
            """)

    @Option(help: ArgumentHelp("Source CRS of the input (EPSG code, PROJ string, WKT).", valueName: "CRS"))
    var from: String

    @Option(help: ArgumentHelp("Target CRS of the output.", valueName: "CRS"))
    var to: String

    @OptionGroup var points: PointFileOptions<Self>

    @OptionGroup var batch: BatchOptions

    func run() throws {
        try runReportingErrors {
            try ProjCommandSupport.mappingProjErrors {
                let source = try ProjCommandSupport.crs(from, option: "--from")
                let target = try ProjCommandSupport.crs(to, option: "--to")
                let given = try points.given()
                let transformation = try Transformation(from: source, to: target)
                let x: Double
                let y: Double
                switch given {
                case .file(let input):
                    try batch.run(input: input, points: points) {
                        TransformJob(transformation: transformation, input: $0, outputFormat: $1)
                    }
                    return
                case .point(let xText, let yText):
                    try BatchOptions.refuseWithoutInput(
                        points.givenForInputOnly + batch.givenForInputOnly, command: Self.command)
                    x = try ProjCommandSupport.number(xText, field: "X")
                    y = try ProjCommandSupport.number(yText, field: "Y")
                }
                let out = try transformation.transform(x: x, y: y)
                try CLIOutput.line(
                    JSONText.object([
                        ("from", JSONText.quote(source.definition)), ("to", JSONText.quote(target.definition)),
                        ("x", ProjCommandSupport.json(out.x)), ("y", ProjCommandSupport.json(out.y)),
                    ]))
            }
        }
    }
}

extension TransformCommand: PointFileNames {
    typealias Output = TransformJob.OutputFormat
    static let command = "transform"
    static let help = "X Y of one point: longitude latitude, or easting northing."
    static let coordinates = (
        first: (name: "X", holds: "X: longitude or easting"), second: (name: "Y", holds: "Y: latitude or northing")
    )
}
