import Foundation
import HometownBoundaries
import HometownCore
import HometownTestSupport
import Testing

@testable import HometownCLI

/// Plain CSV rows are answered from their bytes (`PlainCSVChunk`, `ReverseJob.processPlain`): the output must be,
/// byte for byte, what the record path (`process(csv:)`) writes for the same rows; every chunk the shortcut
/// cannot answer exactly must go back to that path.
@Suite struct PlainCSVChunkTests {
    static let geocoder: ReverseGeocoder? = try? ReverseGeocoder(verification: .header)

    /// A job that has read `header`, and the header's byte length.
    static func job(_ header: String) throws -> ReverseJob {
        let geocoder = try #require(geocoder)
        let input = BatchPointInput(of: ReverseJob.self, source: "test.csv", format: .csv, chosen: nil, nil)
        var job = ReverseJob(geocoder: geocoder, input: input, outputFormat: .csv)
        var reader = CSVRecords.Reader(Array((header + "\n").utf8), firstLine: 1)
        _ = try job.begin(header: reader.next())
        return job
    }

    /// Both paths on `body` (rows after the header, starting on line 2).
    static func both(_ job: inout ReverseJob, _ body: [UInt8]) -> (plain: (out: [UInt8], rows: Int)?, records: [UInt8])
    {
        let plain = job.processPlain(csv: body[...]).map { (Array($0.parts.joined()), $0.rows) }
        let records = Array(IteratorSequence(CSVRecords.Reader(body, firstLine: 2)))[...]
        return (plain, job.process(csv: records).out)
    }

    /// Coordinates in the forms files hold: integers, decimals of every length, exponents, a minus zero; some
    /// with a plus sign or spaces (which only the String path reads), all within range.
    static func number(_ v: Double, _ rng: inout SeededRandom) -> String {
        switch Int(rng.unit() * 8) {
        case 0: return String(Int(v))
        case 1: return String(format: "%.2f", v)
        case 2: return "\(v)"
        case 3: return String(format: "%.6e", v)
        case 4: return v >= 0 ? "+\(v)" : "\(v)"
        case 5: return " \(String(format: "%.4f", v)) "
        case 6: return v == 0 ? "-0" : String(format: "%.9f", v)
        default: return String(format: "%.5f", v)
        }
    }

    @Test(arguments: [1, 500, 20_000])
    func plainRowsGiveWhatTheRecordPathGives(rows: Int) throws {
        var job = try Self.job("id,latitude,name,longitude")
        var rng = SeededRandom(seed: UInt64(rows))
        let names = ["Ålesund", "São Paulo", "東京", "", "x y", "Zürich;1", "=SUM(A1)"]
        var text = ""
        for i in 0..<rows {
            let lat = rng.unit() * 180 - 90
            let lon = rng.unit() * 360 - 180
            text += "\(i),\(Self.number(lat, &rng)),\(names[i % names.count]),\(Self.number(lon, &rng))"
            if i < rows - 1 || rows % 2 == 0 { text += "\n" }  // the last row sometimes without its line feed
        }
        let r = Self.both(&job, Array(text.utf8))
        let plain = try #require(r.plain)
        #expect(plain.rows == rows)
        #expect(plain.out == r.records)
        // A second chunk uses the bytes made for the first (the per-city cache): still the same.
        let second = job.processPlain(csv: Array(text.utf8)[...])
        let again = try #require(second)
        #expect(Array(again.parts.joined()) == r.records)
    }

    @Test(arguments: [
        "1,\"45.5\",a,-93.2\n",  // a quoted field
        "1,45.5,a,-93.2\r\n",  // a carriage return
        "1,45.5,\u{FEFF}a,-93.2\n",  // U+FEFF, which a field may not start with unquoted
        "1,45.5,a,-93.2\n\n2,45.5,a,-93.2\n",  // a blank line
        "1,45.5,a\n",  // a short row
        "1,45.5,a,-93.2,extra\n",  // a long row
        "1,abc,a,-93.2\n",  // not a number
        "1,91,a,-93.2\n",  // out of range
        "1,0x10,a,-93.2\n",  // hex
        "1,45.5,a,inf\n",  // a word
    ])
    func otherChunksGoToTheRecordPath(body: String) throws {
        var job = try Self.job("id,latitude,name,longitude")
        let plain = job.processPlain(csv: Array(body.utf8)[...])
        #expect(plain == nil)
    }

    /// A chunk large enough to be cut into parts, with one row that is not plain in the last part: the whole
    /// chunk goes to the record path, not only that part.
    @Test(arguments: ["1,91,a,2\n", "\n", "1,\"45\",a,2\n"])
    func aLaterPartThatIsNotPlainSendsTheWholeChunkBack(bad: String) throws {
        var job = try Self.job("id,latitude,name,longitude")
        var body = String(repeating: "7,45.5,some name,-93.25\n", count: 40_000)
        body += bad + "8,45.5,x,-93.25\n"
        #expect(body.utf8.count > 1 << 19)  // at least two parts on two cores
        let plain = job.processPlain(csv: Array(body.utf8)[...])
        #expect(plain == nil)
    }

    @Test func bytesThatAreNotUTF8GoToTheRecordPath() throws {
        var job = try Self.job("id,latitude,name,longitude")
        let body: [UInt8] = Array("1,45.5,".utf8) + [0xC3, 0x28] + Array(",-93.2\n".utf8)
        let plain = job.processPlain(csv: body[...])
        #expect(plain == nil)
    }

    @Test func theWholeCommandGivesTheSameFileWithAndWithoutPlainChunks() async throws {
        // 70,000 rows: more than one chunk (65,536 rows); the same rows again with one quoted field in the
        // middle, which sends its chunk to the record path; the answers must be the same apart from that field.
        var rng = SeededRandom(seed: 9)
        var plain = "latitude,longitude,note\n"
        var quoted = plain
        for i in 0..<70_000 {
            let row =
                "\(String(format: "%.5f", rng.unit() * 180 - 90)),\(String(format: "%.5f", rng.unit() * 360 - 180))"
            plain += row + ",n\(i)\n"
            quoted += row + (i == 30_000 ? ",\"n\(i)\"\n" : ",n\(i)\n")
        }
        let a = try await HometownBinary.run(["reverse", "--input", "-", "--quiet"], stdin: plain)
        let b = try await HometownBinary.run(["reverse", "--input", "-", "--quiet"], stdin: quoted)
        #expect(a.status == 0 && b.status == 0)
        #expect(a.out.split(separator: "\n").count == 70_001)
        #expect(a.out == b.out)
    }
}
