import Foundation
import HometownBoundaries
import HometownCore
import HometownTestSupport
import Testing

@testable import HometownCLI

/// `hometown reverse LAT LON` is answered before the parser is built (`ReverseCommand.answeredDirectly`): only
/// for exactly that shape, and with the parsed command's answer, errors and exit status, byte for byte.
@Suite struct ReverseOnePointTests {
    @Test func onlyTwoPlainNumbersAfterReverseAreAnsweredDirectly() {
        for args in [["reverse", "47.6062", "-122.3321"], ["reverse", "-33", "151.25"], ["reverse", "91", "0"]] {
            #expect(ReverseCommand.directPoint(args) != nil, "\(args)")
        }
        for args in [
            ["reverse", "1e1", "5"], ["reverse", "+1", "5"], ["reverse", " 1", "5"], ["reverse", "1", "nan"],
            ["reverse", "--", "1", "2"], ["reverse", "1", "2", "--data", "x"], ["reverse", "-h", "1"],
            ["reverse", "1.2.3", "4"], ["reverse", "-", "4"], ["reverse", "1--2", "4"], ["forward", "1", "2"],
            ["reverse", "1"], [],
        ] {
            #expect(ReverseCommand.directPoint(args) == nil, "\(args)")
        }
    }

    /// Options that say where or how a run over `--input` writes are refused for one answer (printed to standard
    /// output), naming them, rather than passed unread: `reverse`, `transform` and `forward` alike. `--quiet`
    /// changes nothing there and is let pass.
    @Test func optionsOfAnInputRunAreRefusedForOneAnswer() async throws {
        let out = TestScratch.newPath("one-answer", suffix: ".out")
        for (args, named) in [
            (["reverse", "45", "90", "--output", out], "--output"),
            (["reverse", "45", "90", "--format", "csv", "--lat-column", "y"], "--format, --lat-column"),
            (["transform", "--from", "EPSG:4326", "--to", "EPSG:3857", "1", "2", "-o", out], "--output"),
            (["forward", "Paris", "--output", out, "--resume"], "--output, --resume"),
            (["forward", "--autocomplete", "Seat", "-o", out], "--output"),
        ] {
            let r = try await CLI.run(args)
            #expect(r.status == 2 && r.out.isEmpty, "\(args): \(r.err)")
            #expect(r.err.contains("\(named) ") && r.err.contains("for --input FILE only"), "\(args): \(r.err)")
            #expect(!FileManager.default.fileExists(atPath: out), "\(args)")
        }
        for args in [["reverse", "45", "90", "-q"], ["forward", "Paris", "--quiet"]] {
            let r = try await CLI.run(args)
            #expect(r.status == 0 && r.out.hasPrefix("{"), "\(args): \(r.err)")
        }
    }

    /// The same points through the parser (`--data` with the default file makes the command line another shape)
    /// and directly: the same bytes on both streams, the same status; errors included.
    @Test func theDirectAnswerIsTheParsedOne() async throws {
        let data = URL(fileURLWithPath: try ReverseGeocoder.defaultDataPath()).standardized.path
        var rng = SeededRandom(seed: 77)
        var points = [
            ("47.6062", "-122.3321"), ("-33.86", "151.2"), ("0", "0"), ("90", "180"), ("-90", "-180"),
            ("30.66", "104.06"), ("91", "0"), ("0", "181"), ("-0", "-0.0"), ("45.5", "-180"),
        ]
        for _ in 0..<12 {
            points.append(
                (String(format: "%.4f", rng.unit() * 180 - 90), String(format: "%.4f", rng.unit() * 360 - 180)))
        }
        for (lat, lon) in points {
            let direct = try await CLI.run(["reverse", lat, lon])
            let parsed = try await CLI.run(["reverse", lat, lon, "--data", data])
            #expect(
                direct.status == parsed.status && direct.out == parsed.out && direct.err == parsed.err, "\(lat) \(lon)")
        }
        let outOfRange = try await CLI.run(["reverse", "91", "0"])
        #expect(outOfRange.status == 2 && outOfRange.err.contains("latitude"), "\(outOfRange.err)")
    }
}
