import HometownCore
import HometownProtocol
import SQLKit

/// The queries on the `users` table, written once in SQLKit's dialect-neutral builders so that every SQL
/// backend (SQLite, PostgreSQL) shares them. Each backend adds only what its dialect does its own way:
/// opening, schema, the next id, and recognising a unique-index violation.
public enum SQLUserQueries {
    /// The table and its columns.
    public static let table = "users"
    static let columns = ["id", "nickname", "country", "state", "city", "year", "latitude", "longitude", "created_ms"]

    /// Up to `limit` users with ids above `afterID`, in id order, with their nickname keys.
    public static func usersWithKeys(afterID: Int, limit: Int, on db: any SQLDatabase) async throws -> [(
        user: User, nicknameKey: String
    )] {
        let rows = try await db.select().columns((columns + ["nickname_key"]).map { SQLColumn($0) }).from(table)
            .where("id", .greaterThan, SQLBind(afterID)).orderBy("id", .ascending).limit(limit).all()
        return try rows.map { (try user($0), try $0.decode(column: "nickname_key", as: String.self)) }
    }

    /// The number of users.
    public static func count(on db: any SQLDatabase) async throws -> Int {
        let row = try await db.select().column(SQLFunction("count", args: SQLLiteral.all), as: "n").from(table).first()
        return try row?.decode(column: "n", as: Int.self) ?? 0
    }

    /// Inserts a user; the time-stamp is the larger of `now` and the last user's, in the same statement.
    public static func insert(_ u: NewUser, passwordHash: String, now: Int64, on db: any SQLDatabase) async throws
        -> User
    {
        let lat: Double? = u.coordinate?.latitude
        let lon: Double? = u.coordinate?.longitude
        let sql: SQLQueryString = """
            INSERT INTO users (nickname, nickname_key, password_hash, country, state, city, year, latitude, longitude, created_ms)
            VALUES (\(bind: u.nickname), \(bind: u.nicknameKey), \(bind: passwordHash), \(bind: u.country), \(bind: u.state),
                    \(bind: u.city), \(bind: u.year), \(bind: lat), \(bind: lon),
                    COALESCE((SELECT CASE WHEN created_ms > \(bind: now) THEN created_ms END FROM users ORDER BY id DESC LIMIT 1),
                             \(bind: now)))
            RETURNING id, created_ms
            """
        guard let row = try await db.raw(sql).first() else { throw StoreError.failed("the insert returned no row") }
        return User(
            id: try row.decode(column: "id", as: Int.self), nickname: u.nickname, country: u.country, state: u.state,
            city: u.city, year: u.year, coordinate: u.coordinate,
            timestampMilliseconds: try row.decode(column: "created_ms", as: Int64.self))
    }

    /// The user with this id, or nil.
    public static func user(id: Int, on db: any SQLDatabase) async throws -> User? {
        try await db.select().columns(columns.map { SQLColumn($0) }).from(table).where("id", .equal, SQLBind(id))
            .first().map(user)
    }

    /// The password hash of user `id`, or nil.
    public static func passwordHash(id: Int, on db: any SQLDatabase) async throws -> String? {
        try await db.select().column("password_hash").from(table).where("id", .equal, SQLBind(id)).first()?
            .decode(column: "password_hash", as: String.self)
    }

    /// Sets the fields an owner may change of user `id` to what `change` makes of the stored user, and logs the
    /// change; the caller holds the transaction and the write lock.
    /// - Returns: the changed user, or nil when no user has the id or `change` gave nil (nothing is written then).
    public static func update(id: Int, on db: any SQLDatabase, _ change: (User) -> NewUser?) async throws -> User? {
        guard let stored = try await user(id: id, on: db), let u = change(stored) else { return nil }
        let lat: Double? = u.coordinate?.latitude
        let lon: Double? = u.coordinate?.longitude
        let sql: SQLQueryString = """
            UPDATE users SET country = \(bind: u.country), state = \(bind: u.state), city = \(bind: u.city),
                year = \(bind: u.year), latitude = \(bind: lat), longitude = \(bind: lon)
            WHERE id = \(bind: id)
            RETURNING \(unsafeRaw: columns.joined(separator: ", "))
            """
        guard let row = try await db.raw(sql).first() else { return nil }
        try await logChange(id: id, on: db)
        return try user(row)
    }

    /// Deletes user `id` (its row, hash included) and logs it; the caller holds the transaction.
    /// - Returns: whether a user was deleted (nothing is logged otherwise).
    public static func delete(id: Int, on db: any SQLDatabase) async throws -> Bool {
        guard try await db.raw("DELETE FROM users WHERE id = \(bind: id) RETURNING id").first() != nil else {
            return false
        }
        try await logChange(id: id, on: db)
        return true
    }

    /// The change log: one row per change or deletion of a user, the sequence assigned by the database (`sequence`:
    /// the backend's words for an increasing key), the user's id, nothing else of the user.
    public static func createChangesTable(sequence: String) -> SQLQueryString {
        "CREATE TABLE IF NOT EXISTS \(unsafeRaw: changesTable) (seq \(unsafeRaw: sequence), user_id BIGINT NOT NULL)"
    }

    /// The change log's table.
    public static let changesTable = "user_changes"

    static func logChange(id: Int, on db: any SQLDatabase) async throws {
        try await db.raw("INSERT INTO \(unsafeRaw: changesTable) (user_id) VALUES (\(bind: id))").run()
    }

    /// Up to `limit` logged changes after `sequence`, in order.
    public static func changes(after sequence: Int64, limit: Int, on db: any SQLDatabase) async throws -> [(
        sequence: Int64, id: Int
    )] {
        try await db.select().columns(SQLColumn("seq"), SQLColumn("user_id")).from(changesTable)
            .where("seq", .greaterThan, SQLBind(sequence)).orderBy("seq", .ascending).limit(limit).all()
            .map { (try $0.decode(column: "seq", as: Int64.self), try $0.decode(column: "user_id", as: Int.self)) }
    }

    /// The newest logged sequence, or 0.
    public static func lastChange(on db: any SQLDatabase) async throws -> Int64 {
        try await db.raw("SELECT COALESCE(MAX(seq), 0) AS last FROM \(unsafeRaw: changesTable)").first()?
            .decode(column: "last", as: Int64.self) ?? 0
    }

    /// Up to `limit` rows with ids above `afterID`, in id order, as stored (hashes and keys included).
    public static func storedRows(afterID: Int, limit: Int, on db: any SQLDatabase) async throws -> [StoredUserRow] {
        let rows = try await db.select().columns((columns + ["nickname_key", "password_hash"]).map { SQLColumn($0) })
            .from(table).where("id", .greaterThan, SQLBind(afterID)).orderBy("id", .ascending).limit(limit).all()
        return try rows.map { row in
            StoredUserRow(
                id: try row.decode(column: "id", as: Int.self),
                nickname: try row.decode(column: "nickname", as: String.self),
                nicknameKey: try row.decode(column: "nickname_key", as: String.self),
                passwordHash: try row.decode(column: "password_hash", as: String.self),
                country: try row.decode(column: "country", as: String.self),
                state: try row.decode(column: "state", as: String.self),
                city: try row.decode(column: "city", as: String.self),
                year: try row.decode(column: "year", as: Int.self),
                latitude: try row.decode(column: "latitude", as: Double?.self),
                longitude: try row.decode(column: "longitude", as: Double?.self),
                createdMilliseconds: try row.decode(column: "created_ms", as: Int64.self))
        }
    }

    /// Rows per INSERT statement of `insertStored` (11 bound values each, far below every backend's limit).
    static let rowsPerStatement = 500

    /// Inserts `rows` as they are, ids included, a statement per `rowsPerStatement` rows. The caller holds the
    /// transaction.
    public static func insertStored(_ rows: [StoredUserRow], on db: any SQLDatabase) async throws {
        for part in stride(from: 0, to: rows.count, by: rowsPerStatement) {
            var values: [SQLQueryString] = []
            for r in rows[part..<min(part + rowsPerStatement, rows.count)] {
                values.append(
                    "(\(bind: r.id), \(bind: r.nickname), \(bind: r.nicknameKey), \(bind: r.passwordHash), \(bind: r.country), \(bind: r.state), \(bind: r.city), \(bind: r.year), \(bind: r.latitude), \(bind: r.longitude), \(bind: r.createdMilliseconds))"
                )
            }
            try await db.raw(
                "INSERT INTO users (id, nickname, nickname_key, password_hash, country, state, city, year, latitude, longitude, created_ms) VALUES \(values.joined(separator: ", "))"
            ).run()
        }
    }

    /// Inserts many users as given (time-stamps included; ids assigned in order), 500 a statement, inside the
    /// caller's transaction (each backend begins and ends it its own way).
    public static func insertBatch(
        _ users: [(user: NewUser, passwordHash: String, createdMilliseconds: Int64)], on db: any SQLDatabase
    ) async throws {
        for part in stride(from: 0, to: users.count, by: 500) {
            var rows: [SQLQueryString] = []
            for (u, hash, ms) in users[part..<min(part + 500, users.count)] {
                let lat: Double? = u.coordinate?.latitude
                let lon: Double? = u.coordinate?.longitude
                rows.append(
                    "(\(bind: u.nickname), \(bind: u.nicknameKey), \(bind: hash), \(bind: u.country), \(bind: u.state), \(bind: u.city), \(bind: u.year), \(bind: lat), \(bind: lon), \(bind: ms))"
                )
            }
            try await db.raw(
                "INSERT INTO users (nickname, nickname_key, password_hash, country, state, city, year, latitude, longitude, created_ms) VALUES \(rows.joined(separator: ", "))"
            ).run()
        }
    }

    /// `CREATE TABLE IF NOT EXISTS users`, the one list of the table's columns, in a backend's words for the id
    /// column (`id`: its type and how it is assigned), whole numbers (`integer`) and doubles (`real`).
    public static func createTable(id: String, integer: String, real: String) -> SQLQueryString {
        """
        CREATE TABLE IF NOT EXISTS users (
            id \(unsafeRaw: id),
            nickname TEXT NOT NULL,
            nickname_key TEXT NOT NULL,
            password_hash TEXT NOT NULL,
            country TEXT NOT NULL,
            state TEXT NOT NULL,
            city TEXT NOT NULL,
            year \(unsafeRaw: integer) NOT NULL,
            latitude \(unsafeRaw: real),
            longitude \(unsafeRaw: real),
            created_ms \(unsafeRaw: integer) NOT NULL
        )
        """
    }

    /// The indexes of the filters, by name and columns: one per filter, each read in id order (SQLite's indexes end
    /// in the row id implicitly; PostgreSQL's name `id` last), so a filtered page is LIMIT rows of one index walk.
    public static let filterIndexes: [(name: String, columns: String)] = [
        ("users_by_country", "country"), ("users_by_state", "state"), ("users_by_state_year", "state, year"),
        ("users_by_year", "year"), ("users_by_city", "city"),
    ]

    /// A row of `columns` as a `User`.
    static func user(_ row: any SQLRow) throws -> User {
        let lat = try row.decode(column: "latitude", as: Double?.self)
        let lon = try row.decode(column: "longitude", as: Double?.self)
        var coordinate: Coordinate?
        if let lat, let lon { coordinate = Coordinate(uncheckedLatitude: lat, longitude: lon) }
        return User(
            id: try row.decode(column: "id", as: Int.self),
            nickname: try row.decode(column: "nickname", as: String.self),
            country: try row.decode(column: "country", as: String.self),
            state: try row.decode(column: "state", as: String.self),
            city: try row.decode(column: "city", as: String.self), year: try row.decode(column: "year", as: Int.self),
            coordinate: coordinate, timestampMilliseconds: try row.decode(column: "created_ms", as: Int64.self))
    }
}
