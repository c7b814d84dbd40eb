import ArgumentParser
import HometownStore

/// A `--db`, `--from` or `--to` value: a SQLite file path or `postgres://USER@HOST:PORT/DATABASE`
/// (`StoreLocation`); a URL holding a password is refused with what to do instead.
struct DbLocationArgument: ExpressibleByArgument, Sendable {
    let location: StoreLocation

    init(_ location: StoreLocation) { self.location = location }

    init?(argument: String) {
        guard let l = try? StoreLocation(parsing: argument) else { return nil }
        location = l
    }

    /// Parses `text` for a `transform:` (so that the refusal's reason reaches the user).
    /// - Throws: `ValidationError` with `StoreLocation.ParseError`'s message.
    static func parse(_ text: String) throws -> DbLocationArgument {
        do {
            return DbLocationArgument(try StoreLocation(parsing: text))
        } catch {
            throw ValidationError(error.message)
        }
    }

    var defaultValueDescription: String { location.description }
}
