/// Why the store could not do what was asked.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The nickname (compared by `NicknameKey`) belongs to another user.
    case nicknameTaken(String)
    /// The database could not be opened or prepared (path, detail).
    case cannotOpen(path: String, detail: String)
    /// The database file holds another program's data or a newer schema.
    case incompatible(path: String, detail: String)
    /// A query failed (detail from the database).
    case failed(String)
    /// The database stayed locked by another connection (another process) for the whole busy timeout, in seconds.
    case busy(timeoutSeconds: Double)
    /// The database server could not be reached, or went away during the call (refused connection, restart,
    /// no connection free within the wait); the call may succeed when tried again (detail from the driver).
    case unavailable(String)
    /// The database's storage cannot take a write now: the file system is full, or writing to it failed (detail
    /// from the database). Nothing of the failed write is stored; writes may succeed once space is freed.
    case storageUnavailable(String)

    public var description: String {
        switch self {
        case .nicknameTaken(let n): return "nickname '\(n)' is taken"
        case .cannotOpen(let p, let d): return "cannot open the database \(p): \(d)"
        case .incompatible(let p, let d): return "the database \(p) cannot be used: \(d)"
        case .failed(let d): return "database query failed: \(d)"
        case .busy(let t): return "the database stayed locked by another program for \(t) s"
        case .unavailable(let d): return "the database server is unavailable: \(d)"
        case .storageUnavailable(let d): return "the database's storage cannot take writes: \(d)"
        }
    }
}
