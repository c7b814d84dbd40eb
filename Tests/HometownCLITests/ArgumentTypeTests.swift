import HometownCore
import HometownTestSupport
import Testing

@testable import HometownCLI

/// The argument types ArgumentParser parses for the commands (`PointArgument`, `CountriesArgument`,
/// `LogLevelArgument`): what they accept, and the exact words of a refusal, in the type and on the command line.
@Suite struct ArgumentTypeTests {
    /// A negative value of a numeric option is read as its value and refused by the option's own rule, on every
    /// command; it was taken for an option, and the value said to be missing.
    @Test(arguments: [
        (["region", "--input", "-", "--size", "-800x600"], "expected WxH in pixels"),
        (["cluster", "--input", "-", "--tile", "-1/0/0"], "tile zoom -1 must be in 0...30"),
        (["forward", "--limit", "-1", "Paris"], "--limit -1 is out of range: use 1 to 100"),
        (["prepare-tiles", "--zooms", "-1"], "--zooms must be from 1 to 6"),
        (["map", "--size", "-800x600"], "expected WxH in pixels"),
    ])
    func negativeValuesAreValues(_ args: [String], _ message: String) async throws {
        let r = try await CLI.run(args, stdin: "id,latitude,longitude\n1,45,-93\n")
        #expect(r.status == 2, "\(args): \(r.err)")
        #expect(r.err.contains(message) && !r.err.contains("Missing value"), "\(args): \(r.err)")
    }

    @Test(arguments: [
        ("44.9661,-93.2938", 44.9661, -93.2938),
        (" -33.87 , 151.21 ", -33.87, 151.21),
        ("90,180", 90, -180),  // longitude 180 is the meridian of -180
        ("+1e1,-180", 10, -180),
    ])
    func pointsAreLatitudeFirst(text: String, latitude: Double, longitude: Double) throws {
        let point = try PointArgument(parsing: text)
        #expect(point.coordinate == Coordinate(uncheckedLatitude: latitude, longitude: longitude))
        #expect(PointArgument(argument: text) == point)
    }

    @Test(arguments: [
        ("95,0", "latitude 95.0 is out of range: a latitude must be a finite number of degrees in [-90, 90]"),
        ("0,-180.5", "longitude -180.5 is out of range: a longitude must be a finite number of degrees in [-180, 180]"),
        ("nan,0", "latitude \"nan\" is not a number: expected decimal degrees such as 47.6062"),
        ("1,0x10", "longitude \"0x10\" is not a number: expected decimal degrees such as 47.6062"),
        ("1,", "longitude \"\" is not a number: expected decimal degrees such as 47.6062"),
        ("44.9661", "expected LAT,LON in decimal degrees, latitude first, e.g. 44.9661,-93.2938"),
        ("1,2,3", "expected LAT,LON in decimal degrees, latitude first, e.g. 44.9661,-93.2938"),
    ])
    func badPointsSayWhy(text: String, message: String) {
        let error = #expect(throws: PointArgument.Failure.self) { try PointArgument(parsing: text) }
        #expect(error?.description == message)
        #expect(PointArgument(argument: text) == nil)
    }

    @Test func countries() throws {
        #expect(try CountriesArgument(parsing: "all") == .all)
        #expect(try CountriesArgument(parsing: " USA , mx,,") == .list(["USA", "mx"]))
        #expect(CountriesArgument.defaults.defaultValueDescription == "China,India,Mexico,USA")
        let error = #expect(throws: CountriesArgument.Failure.self) { try CountriesArgument(parsing: " , ") }
        #expect(error?.description == "needs at least one country, or 'all'")
        #expect(CountriesArgument(argument: "") == nil)
    }

    @Test func logLevels() {
        #expect(LogLevelArgument(argument: "warning")?.level == .warning)
        #expect(
            LogLevelArgument.allCases.map(\.level) == [.trace, .debug, .info, .notice, .warning, .error, .critical])
        #expect(LogLevelArgument(argument: "Warning") == nil)
    }

    /// On the command line: status 2 and ArgumentParser's sentence with the type's reason.
    @Test(arguments: [
        (
            ["map", "--input", "-", "--zoom", "3", "--center", "95,0"],
            "Error: The value '95,0' is invalid for '--center <LAT,LON>': latitude 95.0 is out of range: "
                + "a latitude must be a finite number of degrees in [-90, 90]"
        ),
        (
            ["map", "--input", "-", "--zoom", "3", "--center", "20"],
            "Error: The value '20' is invalid for '--center <LAT,LON>': "
                + "expected LAT,LON in decimal degrees, latitude first, e.g. 44.9661,-93.2938"
        ),
        (
            ["serve", "--countries", ","],
            "Error: The value ',' is invalid for '--countries <list|all>': needs at least one country, or 'all'"
        ),
        (
            ["serve", "--log-level", "loud"],
            "Error: The value 'loud' is invalid for '--log-level <log-level>'. Please provide one of the following:"
        ),
    ])
    func refusedOnTheCommandLine(args: [String], message: String) async throws {
        let r = try await CLI.run(args, stdin: #"{"type":"FeatureCollection","features":[]}"#)
        #expect(r.status == 2)
        #expect(r.err.contains(message), "\(r.err)")
    }

    @Test func aNegativeCentreNeedsNoQuoting() async throws {
        let r = try await CLI.run(
            ["map", "--input", "-", "--zoom", "3", "--center", "-33.87,151.21"],
            stdin: #"{"type":"FeatureCollection","features":[]}"#)
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.hasPrefix("<svg") || r.out.hasPrefix("<?xml"))
    }

    @Test func seconds() throws {
        #expect(Seconds(argument: "0.0004")?.duration == .zero)
        #expect(Seconds(argument: "2.5")?.duration == .milliseconds(2500))
        #expect(Seconds(argument: "1e-3")?.duration == .milliseconds(1))
        #expect(Seconds(argument: "86400")?.duration == .seconds(86_400))
        for bad in ["-1", "nan", "inf", "86401", "", "10s", "0x10"] { #expect(Seconds(argument: bad) == nil, "\(bad)") }
        #expect((30 as Seconds).defaultValueDescription == "30" && (0.1 as Seconds).defaultValueDescription == "0.1")
    }

    /// Each option's range is the library's rule, named in the message (exit status 2).
    @Test(arguments: [
        (["--idle-timeout", "0"], "--idle-timeout: must be more than 0"),
        (["--queue-timeout", "3601"], "--queue-timeout: must be more than 0 and at most 3600 seconds"),
        (["--health-timeout", "61"], "--health-timeout: must be more than 0 and at most 60 seconds"),
        (["--db-connect-timeout", "0"], "--db-connect-timeout: must be more than 0"),
        (["--db-connections", "0"], "--db-connections: must be from 1 to 1000"),
        (["--cluster-cache-mb", "99999999999999"], "--cluster-cache-mb: must be from 0 to 1048576"),
        (["--read-timeout", "-1"], "--read-timeout"),
        (["--cluster-answer-cache-mb=-1"], "--cluster-answer-cache-mb: must be from 0 to 1048576"),
        (["--owner-free-failures", "1001"], "--owner-free-failures: must be from 0 to 1000"),
        (["--owner-max-backoff", "0.5"], "--owner-max-backoff: must be from 1 to 86400 seconds"),
        (
            ["--trusted-proxy", "127.0.0.1", "--trusted-proxy", "nginx"],
            "--trusted-proxy: 'nginx' is not an IP address"
        ),
        (["--trusted-proxy", "10.0.0.0/33"], "--trusted-proxy: '10.0.0.0/33' is not an IP address or network"),
        (["--port", "65536"], "--port must be from 0 to 65535"),
        (
            ["--metrics", "maybe"],
            "The value 'maybe' is invalid for '--metrics <on|off>'. Please provide one of 'on' and 'off'"
        ),
    ])
    func serveOptionsOutOfRange(_ option: [String], _ says: String) async throws {
        let r = try await CLI.run(["serve", "--port", "0", "--db", "/nonexistent/x.sqlite"] + option)
        #expect(r.status == 2)
        #expect(r.err.contains(says), "\(r.err)")
        // Where a help is pointed to, it is serve's, whether the parser or the command found the error.
        #expect(!r.err.contains("See 'hometown --help'") && !r.err.contains("<subcommand>"), "\(r.err)")
    }

    @Test func sizes() throws {
        let size = try SizeArgument(parsing: "800X500.5")
        #expect(size == SizeArgument(width: 800, height: 500.5))
        #expect(size.wholePixels(in: 16...8192) == nil)
        #expect(try SizeArgument(parsing: "16x8192").wholePixels(in: 16...8192)! == (16, 8192))
        #expect(try SizeArgument(parsing: "8x600").wholePixels(in: 16...8192) == nil)
        #expect(MapCommand.defaultSize.description == "800x500")
        for bad in ["800", "0x600", "-1x600", "800x", "x", "infx600", "800x600x2"] {
            let error = #expect(throws: SizeArgument.Failure.self, "\(bad)") { try SizeArgument(parsing: bad) }
            #expect(error?.description == "expected WxH in pixels, two numbers more than 0, e.g. 800x500")
        }
    }

    @Test func tilesAndBoxes() throws {
        #expect(try TileArgument(parsing: "3/2/-1") == TileArgument(argument: "3/2/-1"))
        let tile = try TileArgument(parsing: "3/2/1")
        #expect([tile.z, tile.x, tile.y] == [3, 2, 1])
        for bad in ["0/0", "0/0/0/0", "a/0/0", "0.5/0/0", ""] {
            let error = #expect(throws: TileArgument.Failure.self, "\(bad)") { try TileArgument(parsing: bad) }
            #expect(error?.description == "expected Z/X/Y with three integers, e.g. 0/0/0")
        }
        let box = try BoxArgument(parsing: " 170, -10 ,-170,10")
        #expect(box == BoxArgument(west: 170, south: -10, east: -170, north: 10))
        for bad in ["1,2,3", "1,2,3,4,5", "1,,3,4", "1,2,3,nan", "w,s,e,n"] {
            let error = #expect(throws: BoxArgument.Failure.self, "\(bad)") { try BoxArgument(parsing: bad) }
            #expect(error?.description == "expected W,S,E,N with four numbers, e.g. -10,35,30,60")
        }
        // Four numbers that are no box, by the rule the server's bbox has: a query would find nothing in them.
        for (bad, says) in [
            ("-10,60,30,35", "south 60.0 is north of north 35.0"),
            ("-10,-1000,30,1000", "south -1000.0 must be finite and within ±90"),
            ("-200,35,30,60", "west -200.0 must be finite and within ±180"),
        ] {
            let error = #expect(throws: BoxArgument.Failure.self, "\(bad)") { try BoxArgument(parsing: bad) }
            #expect(error?.description == "invalid bounding box: " + says, "\(bad)")
        }
        #expect(try BoxArgument(parsing: "-180,-90,180,90") == .world)
    }

    @Test func sizeTileAndBoxRefusedOnTheCommandLine() async throws {
        let size = try await CLI.run(["region", "--input", "-", "--size", "800"])
        #expect(size.status == 2)
        #expect(
            size.err.contains(
                "Error: The value '800' is invalid for '--size <size>': "
                    + "expected WxH in pixels, two numbers more than 0, e.g. 800x500"))
        let small = try await CLI.run(["map", "--input", "-", "--size", "8x8"])
        #expect(small.status == 2)
        #expect(small.err.contains("Error: --size 8x8 is not WxH in whole pixels from 16 to 8192, e.g. 800x500"))
        // Found by the command, not the parser, and said in the parser's words: one "Error:", no second prefix.
        #expect(small.err.hasPrefix("Error: --size 8x8"), "\(small.err)")
        let tile = try await CLI.run(["cluster", "--input", "-", "--tile", "0/0"])
        #expect(tile.status == 2)
        #expect(
            tile.err.contains(
                "Error: The value '0/0' is invalid for '--tile <tile>': "
                    + "expected Z/X/Y with three integers, e.g. 0/0/0"))
        let box = try await CLI.run(["cluster", "--input", "-", "--zoom", "3", "--bbox", "-10,60,30,35"])
        #expect(box.status == 2)
        #expect(
            box.err.contains(
                "Error: The value '-10,60,30,35' is invalid for '--bbox <W,S,E,N>': "
                    + "invalid bounding box: south 60.0 is north of north 35.0"), "\(box.err)")
    }

    /// The address `serve` says it serves on is a URL: an IPv6 host in brackets (`http://::1:8080/` is none).
    @Test func theServingURLBracketsAnIPv6Host() {
        #expect(ServeCommand.urlHost("::1") == "[::1]")
        #expect(ServeCommand.urlHost("fe80::1%eth0") == "[fe80::1%eth0]")
        #expect(ServeCommand.urlHost("127.0.0.1") == "127.0.0.1")
        #expect(ServeCommand.urlHost("localhost") == "localhost")
    }
}
