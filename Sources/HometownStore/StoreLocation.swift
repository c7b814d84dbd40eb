/// Where a store lives, as `hometown serve --db` and `hometown db copy --from/--to` take it: a SQLite file path,
/// or a PostgreSQL URL `postgres://USER@HOST[:PORT]/DATABASE` (also `postgresql://`).
///
/// A URL never carries a password: one is refused (a command line is visible to every user of the machine through
/// `ps`), and the password comes from `PGPASSWORD` or a file instead. No query parameters (`?sslmode=...`) are
/// taken. Parsing needs no PostgreSQL library, so the CLI and the server share it.
public enum StoreLocation: Sendable, Equatable, CustomStringConvertible {
    /// A SQLite database file (created on first use).
    case sqlite(path: String)
    /// A database on a PostgreSQL server.
    case postgres(Postgres)

    /// A PostgreSQL database: the server's address, the role to log in as and the database's name.
    public struct Postgres: Sendable, Equatable, CustomStringConvertible {
        /// Host name or IP address (an IPv6 address without its brackets).
        public var host: String
        /// TCP port (1-65535; 5432 when the URL gives none).
        public var port: Int
        /// The role (user) to log in as.
        public var user: String
        /// The database's name.
        public var database: String

        public init(host: String, port: Int = 5432, user: String, database: String) {
            self.host = host
            self.port = port
            self.user = user
            self.database = database
        }

        /// The URL, without a password: `postgres://USER@HOST:PORT/DATABASE`.
        public var description: String {
            let h = host.contains(":") ? "[\(host)]" : host
            return "postgres://\(Self.escaped(user))@\(h):\(port)/\(Self.escaped(database))"
        }

        /// `s` with the bytes a URL's user or path cannot hold as they are percent-encoded.
        static func escaped(_ s: String) -> String {
            var out = ""
            for byte in s.utf8 {
                let c = Character(Unicode.Scalar(byte))
                if byte < 0x80 && (c.isLetter || c.isNumber || "-._~".contains(c)) {
                    out.append(c)
                } else {
                    out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
                }
            }
            return out
        }
    }

    /// Why a `--db` value was refused.
    public struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        /// What is wrong and what to do, in words.
        public let message: String
        public var description: String { message }
    }

    /// The location `text` names: a `postgres://` or `postgresql://` URL, else a SQLite file path.
    /// - Throws: `ParseError` for a URL with a password, query parameters, no user, host or database, a bad port or
    ///   bad percent-escapes; for another scheme (`mysql://...`); for an empty path.
    public init(parsing text: String) throws(ParseError) {
        guard let schemeEnd = text.range(of: "://") else {
            guard !text.isEmpty else { throw ParseError(message: "the database location is empty") }
            self = .sqlite(path: text)
            return
        }
        let scheme = text[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "postgres" || scheme == "postgresql" else {
            throw ParseError(
                message:
                    "'\(scheme)://' is not a database this program opens: give a SQLite file path or postgres://USER@HOST:PORT/DATABASE"
            )
        }
        self = .postgres(try Self.parsePostgres(text[schemeEnd.upperBound...]))
    }

    /// `USER@HOST[:PORT]/DATABASE` (what follows `postgres://`).
    private static func parsePostgres(_ rest: Substring) throws(ParseError) -> Postgres {
        let form = "postgres://USER@HOST:PORT/DATABASE"
        if rest.contains("?") || rest.contains("#") {
            throw ParseError(message: "the URL's parameters ('?...') are not supported: use the form \(form)")
        }
        guard let at = rest.lastIndex(of: "@") else {
            throw ParseError(message: "the URL names no user: use the form \(form)")
        }
        let userInfo = rest[..<at]
        if userInfo.contains(":") {
            throw ParseError(
                message:
                    "the URL holds a password, which other users of this machine can read from the command line: remove it from the URL and give it in the environment (PGPASSWORD) or in a file (--db-password-file FILE)"
            )
        }
        let user = try decoded(userInfo, "user")
        guard !user.isEmpty else { throw ParseError(message: "the URL names no user: use the form \(form)") }
        let afterAt = rest[rest.index(after: at)...]
        guard let slash = afterAt.firstIndex(of: "/") else {
            throw ParseError(message: "the URL names no database: use the form \(form)")
        }
        let database = try decoded(afterAt[afterAt.index(after: slash)...], "database")
        guard !database.isEmpty, !database.contains("/") else {
            throw ParseError(message: "the URL names no single database after the host: use the form \(form)")
        }
        let (host, port) = try hostAndPort(afterAt[..<slash])
        return Postgres(host: host, port: port, user: user, database: database)
    }

    /// `HOST`, `HOST:PORT`, `[IPv6]` or `[IPv6]:PORT`.
    private static func hostAndPort(_ s: Substring) throws(ParseError) -> (String, Int) {
        let host: Substring
        var portText: Substring?
        if s.hasPrefix("[") {
            guard let close = s.firstIndex(of: "]") else {
                throw ParseError(message: "the URL's host '\(s)' lacks its closing ']'")
            }
            host = s[s.index(after: s.startIndex)..<close]
            let after = s[s.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw ParseError(message: "the URL's host '\(s)' is malformed") }
                portText = after.dropFirst()
            }
        } else if let colon = s.firstIndex(of: ":") {
            host = s[..<colon]
            portText = s[s.index(after: colon)...]
        } else {
            host = s
        }
        guard !host.isEmpty else { throw ParseError(message: "the URL names no host (postgres://USER@HOST/DATABASE)") }
        guard host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-._:".contains($0)) }) else {
            throw ParseError(message: "the URL's host '\(host)' is not a host name or IP address")
        }
        var port = 5432
        if let portText {
            guard let p = Int(portText), (1...65535).contains(p), portText.allSatisfy(\.isASCII) else {
                throw ParseError(message: "the URL's port '\(portText)' is not a number from 1 to 65535")
            }
            port = p
        }
        return (host.lowercased(), port)
    }

    /// `s` with its %XX escapes decoded (as UTF-8).
    private static func decoded(_ s: Substring, _ what: String) throws(ParseError) -> String {
        var bytes: [UInt8] = []
        var i = s.utf8.startIndex
        let u = s.utf8
        while i != u.endIndex {
            let b = u[i]
            if b == UInt8(ascii: "%") {
                let h1 = u.index(after: i)
                guard h1 != u.endIndex, u.index(after: h1) != u.endIndex,
                    let v = UInt8(String(decoding: [u[h1], u[u.index(after: h1)]], as: UTF8.self), radix: 16)
                else {
                    throw ParseError(message: "the URL's \(what) has a '%' not followed by two hexadecimal digits")
                }
                bytes.append(v)
                i = u.index(i, offsetBy: 3)
            } else {
                bytes.append(b)
                i = u.index(after: i)
            }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard Array(text.utf8) == bytes else {
            throw ParseError(message: "the URL's \(what) is not UTF-8 once its %-escapes are decoded")
        }
        return text
    }

    /// The SQLite path, or the URL without a password.
    public var description: String {
        switch self {
        case .sqlite(let path): return path
        case .postgres(let p): return p.description
        }
    }
}

extension String {
    fileprivate func leftPadded(to n: Int) -> String {
        count >= n ? self : String(repeating: "0", count: n - count) + self
    }
}
