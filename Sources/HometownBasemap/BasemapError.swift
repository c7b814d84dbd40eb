/// Why a map could not be drawn.
public enum BasemapError: Error, CustomStringConvertible, Equatable, Sendable {
    /// A tile address outside the pyramid (zoom, or x/y not in 0..<2^zoom).
    case invalidTile(z: Int, x: Int, y: Int, reason: String)
    /// A view that cannot be drawn (size, zoom or centre out of range).
    case invalidView(String)
    /// The bundled boundary data could not be read.
    case unreadableData(String)
    /// The lakes' file (`water.bin`) could not be read: the maps would draw the lakes as land.
    case unreadableWater(String)
    /// The work was stopped before it ended (the server is shutting down).
    case stopped

    public var description: String {
        switch self {
        case .invalidTile(let z, let x, let y, let reason): return "tile \(z)/\(x)/\(y) does not exist: \(reason)"
        case .invalidView(let why): return "cannot draw this view: \(why)"
        case .unreadableData(let why): return "cannot read the boundary data: \(why)"
        case .unreadableWater(let why): return "cannot read the lakes (water.bin): \(why)"
        case .stopped: return "stopped: the server is shutting down"
        }
    }
}
