import HometownProtocol
import SQLKit

@testable import HometownPostgres
@testable import HometownStore

/// The users query and the nickname check written in SQL (SQLKit's dialect-neutral builders), run on a store's
/// own database: the oracle that the server's in-memory answers (`UserView`, `UsersAnswer`) are compared with in
/// tests, on SQLite and PostgreSQL. The server never runs these: it answers from memory.
public enum SQLUsersOracle {
    /// The users matching `query`: filters as WHERE clauses with bound values, id order, LIMIT/OFFSET paging.
    public static func users(_ query: UsersQuery, on db: any SQLDatabase) async throws -> [User] {
        var select = db.select().columns(SQLUserQueries.columns.map { SQLColumn($0) }).from(SQLUserQueries.table)
        if let c = query.country { select = select.where("country", .equal, SQLBind(c)) }
        if let s = query.states {
            select =
                s.count == 1
                ? select.where("state", .equal, SQLBind(s[0])) : select.where("state", .in, SQLBind.group(s))
        }
        if let c = query.city { select = select.where("city", .equal, SQLBind(c)) }
        if let y = query.year { select = select.where("year", .equal, SQLBind(y)) }
        if let a = query.afterID { select = select.where("id", .greaterThan, SQLBind(a)) }
        if let b = query.beforeID { select = select.where("id", .lessThan, SQLBind(b)) }
        select = select.orderBy("id", query.reverse ? .descending : .ascending)
        if let page = query.page {
            let (offset, overflow) = page.multipliedReportingOverflow(by: query.pageSize)
            if overflow { return [] }
            select = select.limit(query.pageSize).offset(offset)
        }
        return try await select.all().map(SQLUserQueries.user)
    }

    /// Whether a stored user has `nickname`'s key (`NicknameKey`).
    public static func nicknameExists(_ nickname: String, on db: any SQLDatabase) async throws -> Bool {
        try await db.select().column("id").from(SQLUserQueries.table)
            .where("nickname_key", .equal, SQLBind(NicknameKey.key(nickname))).limit(1).first() != nil
    }
}

extension UserStore {
    /// The store's users matching `query`, by `SQLUsersOracle` on its own database (SQLite or PostgreSQL).
    public func users(_ query: UsersQuery) async throws -> [User] {
        try await onDatabase { db in try await SQLUsersOracle.users(query, on: db) }
    }

    /// Whether the store holds a user with `nickname`'s key, by `SQLUsersOracle`.
    public func nicknameExists(_ nickname: String) async throws -> Bool {
        try await onDatabase { db in try await SQLUsersOracle.nicknameExists(nickname, on: db) }
    }

    private func onDatabase<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T)
        async throws -> T
    {
        if let s = self as? SQLiteUserStore { return try await body(s.readDB) }
        if let p = self as? PostgresUserStore { return try await p.withDatabase(body) }
        fatalError("SQLUsersOracle: no SQL database behind \(type(of: self))")
    }
}
