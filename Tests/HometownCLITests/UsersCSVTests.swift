import HometownCore
import HometownTestSupport
import Testing

@testable import HometownCLI

/// `hometown users --format csv`: RFC 4180 quoting decided on the bytes, so that a comma or quote a combining mark
/// follows (one Character with it) is still quoted and the row keeps its number of fields.
@Suite struct UsersCSVTests {
    @Test func aCommaOrQuoteBeforeACombiningMarkIsQuoted() throws {
        let city = "St. Paul,\u{301} MN"
        let nickname = "a\"\u{301}b"
        let fields = ["7", nickname, "USA", "Minnesota", city, "2017", "44.95", "-93.09", "2017-03-01T20:31:00.632Z"]
        let row = UsersCommand.csvRow(fields)
        #expect(
            Array(row.utf8)
                == Array(
                    "7,\"a\"\"\u{301}b\",USA,Minnesota,\"St. Paul,\u{301} MN\",2017,44.95,-93.09,2017-03-01T20:31:00.632Z\n"
                        .utf8))
        let records = CSVRecords.parse(row)
        #expect(records.count == 1)
        let record = try #require(records.first)
        #expect(record.problem == nil)
        #expect(record.fields.count == fields.count)
        #expect(record.fields.map { Array($0.utf8) } == fields.map { Array($0.utf8) })
    }

    @Test func plainFieldsStayUnquoted() {
        #expect(
            UsersCommand.csvRow(["1", "Ann", "USA", "Minnesota", "Saint Paul", "2017"])
                == "1,Ann,USA,Minnesota,Saint Paul,2017\n")
        #expect(
            UsersCommand.csvRow(["a,b", "say \"hi\"", "two\nlines"]) == "\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\"\n")
    }

    /// The same through the command: a server's users as `--format csv`, parsed back field for field.
    @Test func theCommandWritesRowsThatParseBack() async throws {
        let body = #"""
            [{"id":7,"nickname":"a\"\u0301b","country":"USA","state":"Minnesota","city":"St. Paul,\u0301 MN",
            "year":2017,"latitude":44.95,"longitude":-93.09,"time-stamp":"2017-03-01T20:31:00.632Z"}]
            """#
        let server = try FakeServer(.respond(status: 200, type: "application/json", body: body))
        defer { server.stop() }
        let r = try await HometownBinary.run(["users", "--server", server.url, "--format", "csv"])
        #expect(r.status == 0, "\(r.err)")
        let records = CSVRecords.parse(r.out)
        #expect(records.allSatisfy { $0.problem == nil })
        #expect(
            records.map { $0.fields.map { Array($0.utf8) } }
                == [
                    ["id", "nickname", "country", "state", "city", "year", "latitude", "longitude", "time-stamp"],
                    [
                        "7", "a\"\u{301}b", "USA", "Minnesota", "St. Paul,\u{301} MN", "2017", "44.95", "-93.09",
                        "2017-03-01T20:31:00.632Z",
                    ],
                ].map { $0.map { Array($0.utf8) } })
    }
}
