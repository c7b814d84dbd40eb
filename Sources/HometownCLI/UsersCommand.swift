import ArgumentParser
import Foundation
import HometownClient
import HometownCore
import HometownProtocol

/// `hometown users`: the posted users of a server, as a table, JSON, CSV or GeoJSON.
struct UsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users",
        abstract: "List the users posted on a Hometown server.",
        discussion: """
            Filters are the protocol's (combinable; country and state also by code or
            alias, e.g. --country us --state MN). Without --page the server returns every
            match; --all reads page after page instead (--page-size each; a --reverse list
            is read the stable way: nextid first, then beforeid=nextid, so users posted
            meanwhile do not shift the pages).

              hometown users --country USA --state Minnesota --format csv
              hometown users --reverse --page 0 --page-size 10
              hometown users --all --format geojson > users.geojson

            Formats: table (for a person), json (the server's objects), csv (header row,
            RFC 4180 quoting), geojson (a FeatureCollection of the users that have a
            point; properties are the other fields).
            Exit status as for `hometown post` (0 done, 2 invalid input, 3-12 server and
            network failures).
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case table, json, csv, geojson }

    @OptionGroup var client: ClientOptions
    @Option(help: "Only users of this country.") var country: String?
    @Option(help: "Only users of this state or province.") var state: String?
    @Option(help: "Only users of this city (exact).") var city: String?
    @Option(help: "Only users who started in this year.") var year: Int?
    @Option(help: "Only ids greater than this.") var afterID: Int?
    @Option(help: "Only ids less than this.") var beforeID: Int?
    @Flag(help: "Most recent first.") var reverse = false
    @Option(help: "One page (from 0).") var page: Int?
    @Option(help: "Users per page (1-1000; default 25 with --page, 1000 with --all).")
    var pageSize: Int?
    @Flag(help: "Follow the pages to the end.") var all = false
    @Option(help: "table, json, csv or geojson.") var format: Format = .table

    func run() async throws {
        try await ClientCommandSupport.reportingErrors {
            guard !(all && page != nil) else { throw CLIError("give --all or --page, not both") }
            if let page, page < 0 { throw CLIError("--page must be 0 or more") }
            if pageSize != nil && page == nil && !all { throw CLIError("--page-size needs --page or --all") }
            if let pageSize, !(1...ProtocolLimits.maxPageSize).contains(pageSize) {
                throw CLIError("--page-size must be from 1 to \(ProtocolLimits.maxPageSize)")
            }
            let client = try self.client.client()
            var q = UsersQuery(
                country: country, states: state.map { [$0] }, city: city, year: year, afterID: afterID,
                beforeID: beforeID,
                reverse: reverse, page: page)
            let users: [User]
            if all {
                users = try await client.allUsers(q, pageSize: pageSize ?? ProtocolLimits.maxPageSize)
            } else {
                if let pageSize { q.pageSize = pageSize }
                users = try await client.users(q)
            }
            try CLIOutput.line(Self.render(users, format), terminator: "")
        }
    }

    static func render(_ users: [User], _ format: Format) -> String {
        switch format {
        case .json:
            var out: [UInt8] = []
            UserJSON.append(users, to: &out)
            return String(decoding: out, as: UTF8.self) + "\n"
        case .csv:
            return csvRow(csvColumns.map(\.key)) + users.map(csvRow).joined()
        case .geojson:
            let features: [JSONValue] = users.compactMap { u in
                guard let c = u.coordinate else { return nil }
                return .object([
                    "type": .string("Feature"), "id": .number(Double(u.id)),
                    "geometry": .object([
                        "type": .string("Point"), "coordinates": .array([.number(c.longitude), .number(c.latitude)]),
                    ]),
                    // Every field but the point, which is the geometry.
                    "properties": .object(
                        UserField.members(UserField.allCases.filter { $0 != .latitude && $0 != .longitude }, of: u)),
                ])
            }
            return JSONValue.object(["type": .string("FeatureCollection"), "features": .array(features)]).compactText
                + "\n"
        case .table:
            let columns: [UserField] = [.id, .nickname, .country, .state, .city, .year, .latitude, .longitude]
            let rows =
                [columns.map(\.key)]
                + users.map { u in
                    columns.map { f in (f == .latitude || f == .longitude) && u.coordinate == nil ? "-" : f.text(of: u)
                    }
                }
            // Columns line up in a terminal: each cell is padded to its column's width in terminal columns
            // (`TerminalWidth`), never cut.
            let widths = (0..<8).map { i in rows.map { TerminalWidth.columns(of: $0[i]) }.max() ?? 0 }
            let lines = rows.map { r in
                r.enumerated().map { cell in
                    cell.element
                        + String(repeating: " ", count: widths[cell.offset] - TerminalWidth.columns(of: cell.element))
                }
                .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
            }
            return lines.joined(separator: "\n") + "\n(\(users.count) user\(users.count == 1 ? "" : "s"))\n"
        }
    }

    /// The columns of `--format csv`, in order (the header row names them).
    static let csvColumns: [UserField] = [
        .id, .nickname, .country, .state, .city, .year, .latitude, .longitude, .timestamp,
    ]

    /// One user as a CSV row (`csvColumns`), line feed included.
    static func csvRow(_ u: User) -> String { csvRow(csvColumns.map { $0.text(of: u) }) }

    /// One CSV row of `fields`, line feed included, as `CSVRecords.appendRow` writes it (byte tests, so a comma or
    /// quote that a combining mark follows is still quoted).
    static func csvRow(_ fields: [String]) -> String {
        var out = ""
        CSVRecords.appendRow(fields, to: &out)
        return out
    }
}
