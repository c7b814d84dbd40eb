import HometownStore
import Testing

/// `--db` values: SQLite paths as they are, PostgreSQL URLs parsed, passwords and parameters refused.
@Suite struct StoreLocationTests {
    @Test func pathsAreSQLite() throws {
        #expect(try StoreLocation(parsing: "posts.sqlite") == .sqlite(path: "posts.sqlite"))
        #expect(
            try StoreLocation(parsing: "/var/lib/hometown/x:y@z.sqlite")
                == .sqlite(path: "/var/lib/hometown/x:y@z.sqlite"))
        #expect(throws: StoreLocation.ParseError.self) { try StoreLocation(parsing: "") }
    }

    @Test func postgresURLs() throws {
        let full = try StoreLocation(parsing: "postgres://hometown@db.example:6543/posts")
        #expect(full == .postgres(.init(host: "db.example", port: 6543, user: "hometown", database: "posts")))
        #expect(full.description == "postgres://hometown@db.example:6543/posts")
        #expect(
            try StoreLocation(parsing: "postgresql://u@127.0.0.1/d")
                == .postgres(.init(host: "127.0.0.1", port: 5432, user: "u", database: "d")))
        #expect(
            try StoreLocation(parsing: "POSTGRES://u@[::1]:5433/d")
                == .postgres(.init(host: "::1", port: 5433, user: "u", database: "d")))
        let escaped = try StoreLocation(parsing: "postgres://us%40er@h/my%20db")
        #expect(escaped == .postgres(.init(host: "h", user: "us@er", database: "my db")))
        #expect(escaped.description == "postgres://us%40er@h:5432/my%20db")
        #expect(try StoreLocation(parsing: escaped.description) == escaped)
    }

    @Test func aPasswordInTheURLIsRefusedWithWhatToDo() {
        #expect {
            try StoreLocation(parsing: "postgres://hometown:s3cret@127.0.0.1:5432/posts")
        } throws: { e in
            let m = (e as? StoreLocation.ParseError)?.message ?? ""
            return m.contains("password") && m.contains("PGPASSWORD") && m.contains("--db-password-file")
                && !m.contains("s3cret")
        }
    }

    @Test(arguments: [
        ("postgres://127.0.0.1/posts", "no user"),
        ("postgres://u@127.0.0.1", "no database"),
        ("postgres://u@127.0.0.1/", "no single database"),
        ("postgres://u@127.0.0.1/a/b", "no single database"),
        ("postgres://u@/posts", "no host"),
        ("postgres://u@h:0/posts", "port"),
        ("postgres://u@h:99999/posts", "port"),
        ("postgres://u@h:54x/posts", "port"),
        ("postgres://u@h/posts?sslmode=require", "parameters"),
        ("postgres://u@h b/posts", "host"),
        ("postgres://u@[::1/posts", "]"),
        ("postgres://u%zz@h/posts", "%"),
        ("mysql://u@h/posts", "mysql://"),
    ])
    func malformedURLsAreRefusedByName(_ text: String, _ named: String) {
        #expect {
            try StoreLocation(parsing: text)
        } throws: { e in
            ((e as? StoreLocation.ParseError)?.message ?? "").contains(named)
        }
    }
}
