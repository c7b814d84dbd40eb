import ArgumentParser
import HometownStore

/// A `--db`, `--from` or `--to` value: a SQLite file path or `postgres://USER@HOST:PORT/DATABASE`
/// (`StoreLocation`); a URL holding a password is refused with what to do instead. The refusal comes from the
/// command's `validate()` (`check()`), not from parsing: ArgumentParser repeats a value it could not parse in its
/// message, and a password would go on to a terminal or a service's journal.
struct DbLocationArgument: ExpressibleByArgument, Sendable {
    private let parsed: Result<StoreLocation, StoreLocation.ParseError>

    init(_ location: StoreLocation) { parsed = .success(location) }

    init?(argument: String) {
        guard let l = try? StoreLocation(parsing: argument) else { return nil }
        parsed = .success(l)
    }

    /// Reads `text` for a `transform:`; what cannot be used is kept, without the text, for `check()`.
    static func parse(_ text: String) -> DbLocationArgument {
        DbLocationArgument(parsed: Result { () throws(StoreLocation.ParseError) in try StoreLocation(parsing: text) })
    }

    private init(parsed: Result<StoreLocation, StoreLocation.ParseError>) { self.parsed = parsed }

    /// Refuses a value that is no usable location, naming `option` and the reason (never the value).
    /// - Throws: `ValidationError`.
    func check(_ option: String) throws {
        if case .failure(let e) = parsed { throw ValidationError("\(option): \(e.message)") }
    }

    /// The location (after `check(_:)`: a value it refuses is a SQLite file named "" here).
    var location: StoreLocation {
        switch parsed {
        case .success(let l): return l
        case .failure: return .sqlite(path: "")
        }
    }

    var defaultValueDescription: String { location.description }
}
