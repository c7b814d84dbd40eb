import ArgumentParser

/// A map tile on the command line as `Z/X/Y`, three integers (`cluster --tile 0/0/0`). Whether the tile exists
/// at its zoom is the index's to say.
struct TileArgument: ExpressibleByArgument, Equatable, Sendable {
    /// Why a text is not a tile.
    struct Failure: Error, Equatable, CustomStringConvertible {
        var description: String { "expected Z/X/Y with three integers, e.g. 0/0/0" }
    }

    /// Zoom.
    let z: Int
    /// Column from the west, from 0.
    let x: Int
    /// Row from the north, from 0.
    let y: Int

    /// Parses `Z/X/Y`.
    /// - Throws: `Failure` unless the text is three integers joined by `/`.
    init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 3, let z = parts[0], let x = parts[1], let y = parts[2] else { throw Failure() }
        self.z = z
        self.x = x
        self.y = y
    }

    init?(argument: String) {
        guard let tile = try? TileArgument(parsing: argument) else { return nil }
        self = tile
    }
}
