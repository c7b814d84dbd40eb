import Foundation
import HometownProtocol
import Testing

@testable import HometownCLI

/// `hometown users` (the default table): every cell whole, and the columns lined up in a terminal whatever the
/// script (`TerminalWidth`).
@Suite struct UsersTableTests {
    @Test func wideCellsAreWholeAndLinedUp() throws {
        let json = #"""
            [{"id":1,"nickname":"李小龍","country":"China","state":"Guangdong","city":"🏠🏠🏠🏠🏠🏠🏠🏠🏠🏠🏠🏠🏠🏠🏠🏠",
            "year":1958,"latitude":23.1,"longitude":113.3,"time-stamp":"2017-03-01T20:31:00.632Z"},
            {"id":22,"nickname":"Ann","country":"USA","state":"Minnesota","city":"Saint Paul","year":2017,
            "latitude":44.95,"longitude":-93.09,"time-stamp":"2017-03-01T20:31:00.632Z"}]
            """#
        let users = try UserJSON.decode(Array(json.utf8))
        let lines = UsersCommand.render(users, .table).split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[1].contains("🏠🏠🏠🏠🏠🏠🏠🏠🏠🏠🏠🏠🏠🏠🏠🏠") && lines[1].contains("李小龍"), "\(lines[1])")
        // The year column starts at the same terminal column on every row.
        func yearColumn(_ line: String, _ year: String) throws -> Int {
            let r = try #require(line.range(of: year))
            return TerminalWidth.columns(of: String(line[..<r.lowerBound]))
        }
        let at = try yearColumn(lines[0], "year")
        #expect(try yearColumn(lines[1], "1958") == at && yearColumn(lines[2], "2017") == at, "\(lines)")
    }

    @Test func widthsFollowTheScript() {
        #expect(TerminalWidth.columns(of: "abc") == 3)
        #expect(TerminalWidth.columns(of: "李小龍") == 6)
        #expect(TerminalWidth.columns(of: "🏠") == 2)
        #expect(TerminalWidth.columns(of: "e\u{301}") == 1)
        #expect(TerminalWidth.columns(of: "Ｍ") == 2)
        #expect(TerminalWidth.columns(of: "Zoë") == 3)
    }
}
