import Foundation
import HometownTestSupport
import Testing

/// `hometown update` and `hometown delete` against the real `hometown serve` on loopback: the password from the
/// places `post` takes it from, the exit statuses of `post`, the printed answers.
@Suite struct OwnerCommandTests {
    static func freshDatabase() -> String {
        TestBackend.freshSQLitePath()
    }

    /// Posts `rew` (Minneapolis; password "catman") and `ann` (Austin; "ann-pw") with `hometown post`: ids 1, 2.
    static func twoPosts(_ server: ServerProcess) async throws {
        let rew = try await HometownBinary.run(
            ["post", "--at", "44.9661,-93.2938", "--nickname", "rew", "--year", "1985", "--server", server.url],
            environment: ["HOMETOWN_PASSWORD": "catman"])
        #expect(rew.status == 0, "\(rew.err)")
        let ann = try await HometownBinary.run(
            ["post", "--at", "30.27,-97.74", "--nickname", "ann", "--year", "2000", "--server", server.url],
            environment: ["HOMETOWN_PASSWORD": "ann-pw"])
        #expect(ann.status == 0, "\(ann.err)")
    }

    /// `hometown users --format json` as objects.
    static func users(_ server: ServerProcess) async throws -> [[String: Any]] {
        let r = try await HometownBinary.run(["users", "--server", server.url, "--format", "json"])
        #expect(r.status == 0, "\(r.err)")
        return try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [[String: Any]])
    }

    @Test func updateWithTheRightPasswordPrintsTheChangedUser() async throws {
        let server = try await ServerProcess(database: Self.freshDatabase())
        defer { server.stop() }
        try await Self.twoPosts(server)
        let before = try await Self.users(server)
        let r = try await HometownBinary.run(
            [
                "update", "--id", "1", "--state", "North Dakota", "--city", "Fargo", "--year", "1986",
                "--at", "46.877,-96.789", "--password-stdin", "--server", server.url,
            ], stdin: "catman\n")
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.hasSuffix("}\n") && r.out.split(separator: "\n").count == 1, "one line of JSON: \(r.out)")
        let printed = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        #expect(printed["id"] as? Int == 1 && printed["nickname"] as? String == "rew")
        #expect(printed["state"] as? String == "North Dakota" && printed["city"] as? String == "Fargo")
        #expect(printed["year"] as? Int == 1986 && printed["country"] as? String == "USA")
        #expect(printed["latitude"] as? Double == 46.877 && printed["longitude"] as? Double == -96.789)
        #expect(printed["time-stamp"] as? String == before[0]["time-stamp"] as? String)
        // In place: `users` shows the same object first, the other post untouched.
        let after = try await Self.users(server)
        #expect(after.count == 2)
        #expect(NSDictionary(dictionary: after[0]) == NSDictionary(dictionary: printed))
        #expect(NSDictionary(dictionary: after[1]) == NSDictionary(dictionary: before[1]))
    }

    @Test func deleteThenTheCountIsLowerAndTheNicknameFree() async throws {
        let server = try await ServerProcess(database: Self.freshDatabase())
        defer { server.stop() }
        try await Self.twoPosts(server)
        let r = try await HometownBinary.run(
            ["delete", "--id", "2", "--password", "ann-pw"], environment: ["HOMETOWN_SERVER": server.url])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out == "deleted 2\n")
        let table = try await HometownBinary.run(["users", "--server", server.url])
        #expect(table.out.contains("(1 user)") && !table.out.contains("ann"), "\(table.out)")
        // Deleted twice: no post has the id now.
        let again = try await HometownBinary.run(
            ["delete", "--id", "2", "--server", server.url], environment: ["HOMETOWN_PASSWORD": "ann-pw"])
        #expect(again.status == 8 && again.err.contains("no post has id 2 with this password"), "\(again.err)")
        // `post` asks nicknameexists before posting (exit 9 when taken): the nickname is free again.
        let repost = try await HometownBinary.run(
            ["post", "--at", "30.27,-97.74", "--nickname", "ANN", "--year", "2001", "--server", server.url],
            environment: ["HOMETOWN_PASSWORD": "other"])
        #expect(repost.status == 0, "\(repost.err)")
        #expect(try await Self.users(server).map { $0["id"] as? Int } == [1, 3])
    }

    @Test func aWrongPasswordOrAnUnknownIDIsARefusal() async throws {
        let server = try await ServerProcess(database: Self.freshDatabase())
        defer { server.stop() }
        try await Self.twoPosts(server)
        let before = try await Self.users(server)
        let runs = [
            (["update", "--id", "1", "--year", "1999"], "ann-pw", 1),
            (["update", "--id", "77", "--year", "1999"], "catman", 77),
            (["delete", "--id", "1"], "ann-pw", 1),
            (["delete", "--id", "77"], "catman", 77),
        ]
        for (args, password, id) in runs {
            let r = try await HometownBinary.run(
                args + ["--server", server.url], environment: ["HOMETOWN_PASSWORD": password])
            #expect(r.status == 8, "\(args): \(r.err)")
            #expect(r.err.contains("no post has id \(id) with this password") && r.out.isEmpty, "\(args): \(r.err)")
        }
        #expect(try await Self.users(server).count == before.count)
        #expect(try await Self.users(server)[0]["year"] as? Int == 1985)
    }

    @Test func anInvalidChangeIsRefusedNamingItsField() async throws {
        let server = try await ServerProcess(database: Self.freshDatabase())
        defer { server.stop() }
        try await Self.twoPosts(server)
        // The server judges the values: a refusal by the server, exit status 8 as for `post`, naming the field.
        let state = try await HometownBinary.run(
            ["update", "--id", "1", "--state", "Bavaria", "--server", server.url],
            environment: ["HOMETOWN_PASSWORD": "catman"])
        #expect(state.status == 8 && state.err.contains("at 'state'") && state.err.contains("Bavaria"), "\(state.err)")
        let year = try await HometownBinary.run(
            ["update", "--id", "1", "--year", "1800", "--server", server.url],
            environment: ["HOMETOWN_PASSWORD": "catman"])
        #expect(year.status == 8 && year.err.contains("at 'year'"), "\(year.err)")
        #expect(try await Self.users(server)[0]["state"] as? String == "Minnesota")
    }

    @Test func inputIsCheckedBeforeSending() async throws {
        // No server listens here: every refusal below comes before a request (exit 2, not 3).
        let nowhere = "http://127.0.0.1:9"
        let env = ["HOMETOWN_PASSWORD": "catman"]
        let nothing = try await HometownBinary.run(["update", "--id", "1", "--server", nowhere], environment: env)
        #expect(nothing.status == 2 && nothing.err.contains("nothing to change"), "\(nothing.err)")
        let zero = try await HometownBinary.run(["delete", "--id", "0", "--server", nowhere], environment: env)
        #expect(zero.status == 2 && zero.err.contains("--id"), "\(zero.err)")
        let word = try await HometownBinary.run(["delete", "--id", "one", "--server", nowhere], environment: env)
        #expect(word.status == 2, "\(word.err)")
        let at = try await HometownBinary.run(
            ["update", "--id", "1", "--at", "91,0", "--server", nowhere], environment: env)
        #expect(at.status == 2 && at.err.contains("latitude"), "\(at.err)")
        let city = try await HometownBinary.run(
            ["update", "--id", "1", "--city", "Fargo\u{7}", "--server", nowhere], environment: env)
        #expect(city.status == 2 && city.err.contains("city"), "\(city.err)")
        let noPassword = try await HometownBinary.run(["delete", "--id", "1", "--server", nowhere])
        #expect(noPassword.status == 2 && noPassword.err.contains("password"), "\(noPassword.err)")
        let twoWays = try await HometownBinary.run(
            ["delete", "--id", "1", "--password", "x", "--password-stdin", "--server", nowhere], stdin: "y\n")
        #expect(twoWays.status == 2 && twoWays.err.contains("one way"), "\(twoWays.err)")
        // A password shorter than any post's (an empty --password among them) is said here: sent, it counted as
        // a failure against the address's tries.
        for (command, extra) in [("delete", [String]()), ("update", ["--city", "Fargo"])] {
            for pw in ["", "ab"] {
                let short = try await HometownBinary.run(
                    [command, "--id", "1", "--password", pw, "--server", nowhere] + extra)
                #expect(short.status == 2 && short.err.contains("password"), "\(command) '\(pw)': \(short.err)")
            }
        }
        // And with valid input, the missing server is exit status 3, as for `post`.
        let refused = try await HometownBinary.run(["delete", "--id", "1", "--server", nowhere], environment: env)
        #expect(refused.status == 3, "\(refused.err)")
    }

    @Test func helpTeachesTheCommands() async throws {
        let root = try await HometownBinary.run(["--help"])
        #expect(root.out.contains("delete") && root.out.contains("update"))
        for command in ["delete", "update"] {
            let help = try await HometownBinary.run([command, "--help"])
            #expect(help.status == 0)
            for text in [
                "--id", "--password-stdin", "HOMETOWN_PASSWORD", "--server", "--timeout", "--ca-file", "Exit status",
                "hometown \(command) --id 42", "8  the server refused", "3  connection refused", "12  the server's",
                "tell them apart", "2  invalid input",
            ] {
                #expect(help.out.contains(text), "hometown \(command) --help lacks '\(text)'")
            }
        }
        let update = try await HometownBinary.run(["update", "--help"])
        for option in ["--country", "--state", "--city", "--year", "--at <LAT,LON>", "nothing to change"] {
            #expect(update.out.contains(option), "hometown update --help lacks '\(option)'")
        }
    }
}
