import Foundation
import HometownClient
import HometownProtocol
import HometownTestSupport
import Testing

/// The real `hometown serve` on loopback, driven by the real `hometown post` and `hometown users`, and by the library.
@Suite struct EndToEndTests {
    @Test func aClickedPointBecomesAPost() async throws {
        let (server, client) = try await LiveServer.start()
        defer { server.stop() }
        let post = try await HometownBinary.run(
            [
                "post", "--at", "44.9661,-93.2938", "--nickname", "rew2", "--password-stdin", "--year", "1985",
                "--server", server.url, "--json",
            ], stdin: "guess\n")
        #expect(post.status == 0, "\(post.err)")
        let o = try #require(try JSONSerialization.jsonObject(with: Data(post.out.utf8)) as? [String: Any])
        let posted = try #require(o["posted"] as? [String: Any])
        #expect(
            posted["country"] as? String == "USA" && posted["state"] as? String == "Minnesota"
                && posted["city"] as? String == "Minneapolis")
        #expect(posted["password"] == nil)

        let place = try await HometownBinary.run(
            ["post", "--place", "Devils Lake, ND", "--nickname", "rew", "--year", "1985", "--server", server.url],
            environment: ["HOMETOWN_PASSWORD": "catman"])
        #expect(place.status == 0, "\(place.err)")
        #expect(
            place.out.contains("North Dakota") && place.out.contains("Devils Lake")
                && place.out.contains("chose Devils Lake"))

        let mexico = try await HometownBinary.run(
            [
                "post", "--at", "19.4326,-99.1332", "--nickname", "chilango", "--year", "2001",
                "--city", "Coyoacán",
            ], environment: ["HOMETOWN_PASSWORD": "pwd", "HOMETOWN_SERVER": server.url])
        #expect(mexico.status == 0, "\(mexico.err)")

        let users = try await client.users()
        #expect(users.map(\.nickname) == ["rew2", "rew", "chilango"])
        #expect(users[2].state == "Ciudad de México" && users[2].city == "Coyoacán")
        let count = try await client.count()
        let next = try await client.nextID()
        #expect(count == 3 && next == 4)

        // Refusals, each with its exit status, before or by the server.
        let taken = try await HometownBinary.run(
            ["post", "--at", "44.9661,-93.2938", "--nickname", "REW2", "--year", "1985", "--server", server.url],
            environment: ["HOMETOWN_PASSWORD": "guess"])
        #expect(taken.status == 9 && taken.err.contains("taken"))
        let sydney = try await HometownBinary.run(
            ["post", "--at", "-33.87,151.21", "--nickname", "aussie", "--year", "1985", "--server", server.url],
            environment: ["HOMETOWN_PASSWORD": "guess"])
        #expect(sydney.status == 2 && sydney.err.contains("Australia") && sydney.err.contains("USA"))
        let sea = try await HometownBinary.run(
            ["post", "--at", "0,-30", "--nickname", "fish", "--year", "1985", "--server", server.url],
            environment: ["HOMETOWN_PASSWORD": "guess"])
        #expect(sea.status == 2 && sea.err.contains("sea"))
        let year = try await HometownBinary.run(
            ["post", "--at", "44.9661,-93.2938", "--nickname", "old", "--year", "1950", "--server", server.url],
            environment: ["HOMETOWN_PASSWORD": "guess"])
        // The server judges the year by the range it was started with (the client no longer refuses it by a range
        // of its own): a refusal by the server, exit status 8, naming the field.
        #expect(year.status == 8 && year.err.contains("at 'year'") && year.err.contains("1950"), "\(year.err)")
        let short = try await HometownBinary.run([
            "post", "--at", "44.9661,-93.2938", "--nickname", "pw", "--year", "1990", "--server", server.url,
            "--password", "ab",
        ])
        #expect(short.status == 2 && short.err.contains("password"))
        let nowhere = try await HometownBinary.run(
            ["post", "--place", "Qwxzzy Plkk", "--nickname", "q", "--year", "1990", "--server", server.url],
            environment: ["HOMETOWN_PASSWORD": "guess"])
        #expect(nowhere.status == 2)
        let badAt = try await HometownBinary.run(
            ["post", "--at", "91,0", "--nickname", "q", "--year", "1990"], environment: ["HOMETOWN_PASSWORD": "guess"])
        #expect(badAt.status == 2 && badAt.err.contains("latitude"))
        let prefix = try await HometownBinary.run(
            ["post", "--at", "44.9661,-93.2938", "--nickname", "q", "--year", "1990", "--server", server.base],
            environment: ["HOMETOWN_PASSWORD": "guess"])
        #expect(prefix.status == 10 && prefix.err.contains("without /hometown"))
        #expect(try await client.count() == 3)

        // The user list, in every format.
        let table = try await HometownBinary.run(["users", "--server", server.url, "--country", "us", "--state", "MN"])
        #expect(
            table.status == 0 && table.out.contains("rew2") && !table.out.contains("chilango")
                && table.out.contains("(1 user)"))
        let csv = try await HometownBinary.run([
            "users", "--server", server.url, "--format", "csv", "--all", "--reverse", "--page-size", "1",
        ])
        let firstColumn: [String] = csv.out.split(separator: "\n").map { line in
            String(line.split(separator: ",").first ?? "")
        }
        #expect(firstColumn == ["id", "3", "2", "1"])
        let geo = try await HometownBinary.run(["users", "--server", server.url, "--format", "geojson"])
        let fc = try #require(try JSONSerialization.jsonObject(with: Data(geo.out.utf8)) as? [String: Any])
        #expect((fc["features"] as? [Any])?.count == 3)
        let json = try await HometownBinary.run([
            "users", "--server", server.url, "--format", "json", "--page", "0", "--page-size", "2",
        ])
        #expect(try UserJSON.decode(Array(json.out.utf8)).map(\.id) == [1, 2])
        let badFilter = try await HometownBinary.run(["users", "--server", server.url, "--state", "Narnia"])
        #expect(badFilter.status == 8 && badFilter.err.contains("Narnia"))

        // The same users as a static map: three places, two in the USA (one with its nickname as the label).
        let map = try await HometownBinary.run(["map", "--server", server.url, "--size", "640x400"])
        #expect(map.status == 0, "\(map.err)")
        #expect(map.out.hasPrefix("<svg") && map.out.contains("<title>fitted region</title>"))
        let usa = try await HometownBinary.run([
            "map", "--server", server.url, "--country", "USA", "--zoom", "3", "--center", "40,-100",
        ])
        #expect(usa.status == 0 && usa.out.contains("rew2: Minneapolis, Minnesota, USA (1985)"))
        #expect(!usa.out.contains("chilango"))
        let refused = try await HometownBinary.run(["map", "--server", server.base + "/nothing", "--country", "USA"])
        #expect(refused.status == 10, "\(refused.err)")
    }

    @Test func dryRunPrintsTheBodyWithoutAServer() async throws {
        let run = try await HometownBinary.run(
            ["post", "--at", "19.4326,-99.1332", "--nickname", "quote\"d", "--year", "2001", "--dry-run"],
            environment: ["HOMETOWN_PASSWORD": "p\\w\"d"])
        #expect(run.status == 0, "\(run.err)")
        let o = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        #expect(o["nickname"] as? String == "quote\"d" && o["password"] as? String == "p\\w\"d")
        #expect(o["country"] as? String == "Mexico" && o["state"] as? String == "Ciudad de México")
        #expect(Set(o.keys) == ["nickname", "password", "country", "state", "city", "year", "latitude", "longitude"])
    }

    /// Deletes while the pages are read move no user the list has not reached onto a page already read: every
    /// user there from start to end is in the list once, in order (reading by page number lost users here).
    @Test(arguments: [false, true])
    func allUsersLosesNoUserToDeletesWhileItReads(reverse: Bool) async throws {
        let (server, client) = try await LiveServer.start()
        defer { server.stop() }
        for i in 1...40 { try await client.addUser(nickname: "u\(i)", password: "pwd") }
        // The odd ids go while the list is read two users a request; the even ones stay throughout.
        @Sendable func deleteOdd() async throws {
            for id in stride(from: 1, through: 39, by: 2) { try await client.delete(id: id, password: "pwd") }
        }
        async let deleted: Void = deleteOdd()
        var rounds = 0
        var read: [Int] = []
        repeat {
            read = try await client.allUsers(UsersQuery(reverse: reverse), pageSize: 2).map(\.id)
            let kept = Set(read)
            #expect(stride(from: 2, through: 40, by: 2).allSatisfy(kept.contains), "missing from \(read)")
            #expect(read == (reverse ? read.sorted(by: >) : read.sorted()) && kept.count == read.count)
            rounds += 1
        } while read.count > 20
        try await deleted
        #expect(rounds >= 1)
    }

    @Test func allUsersFollowsPagesStably() async throws {
        let (server, client) = try await LiveServer.start()
        defer { server.stop() }
        for i in 0..<7 { try await client.addUser(nickname: "u\(i)", password: "pwd", country: "usa") }
        #expect(try await client.allUsers(UsersQuery(reverse: true), pageSize: 3).map(\.id) == [7, 6, 5, 4, 3, 2, 1])
        #expect(try await client.allUsers(UsersQuery(), pageSize: 7).map(\.id) == Array(1...7))
        await #expect(throws: ClientError.nicknameTaken("U1")) {
            try await client.addUser(nickname: "U1", password: "pwd")
        }
        do {
            try await client.addUser(nickname: "x", password: "pwd", year: 1800)
            Issue.record("year 1800 accepted")
        } catch ClientError.refused(let status, let code, _, let field, _) {
            #expect(status == 400 && field == "year" && code == .outOfRange)
        }
        // These users have no point: no region to fit (a 404 with the server's JSON message).
        do {
            _ = try await client.region(width: 800, height: 600)
            Issue.record("a region was fitted to users without points")
        } catch ClientError.refused(let status, let code, let message, _, _) {
            #expect(status == 404 && code == .noRegion && message.contains("no user with a point"))
        }
        let reverse = try await client.reverse(.init(uncheckedLatitude: 44.9661, longitude: -93.2938))
        #expect(reverse.state == "Minnesota" && reverse.country == "USA" && reverse.supported)
        #expect(reverse.place.country?.iso3 == "USA" && reverse.place.state?.iso == "US-MN")
        let forward = try await client.forward("Devils Lake, ND", limit: 1)
        #expect(forward.results.first?.state == "North Dakota" && forward.results.first?.country == "USA")
        // One mapping: `hometown forward` prints, for each result, the object the server's result carries as `place`
        // (and `hometown reverse` the object /reverse carries as `place`).
        struct Printed: Decodable { let results: [ForwardPlace] }
        let printed = try await HometownBinary.run(["forward", "Devils Lake, ND", "--limit", "1"])
        let cli = try JSONDecoder().decode(Printed.self, from: Data(printed.out.utf8))
        #expect(cli.results.count == 1 && cli.results.first == forward.results.first?.place)
        #expect(
            forward.results.first?.place.state?.iso == "US-ND" && forward.results.first?.place.country?.iso2 == "US")
        let printedPlace = try await HometownBinary.run(["reverse", "44.9661", "-93.2938"])
        let cliPlace = try JSONDecoder().decode(PlaceDescription.self, from: Data(printedPlace.out.utf8))
        #expect(cliPlace == reverse.place)
    }
}
