/// Errors from fitting a region. Each message names the value and the rule.
public enum ViewportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No markers to fit.
    case noMarkers
    /// Width or height not a positive finite number of pixels, or padding that leaves no room.
    case invalidSize(width: Double, height: Double, padding: Double)
    /// A tile size other than 256 or 512.
    case invalidTileSize(Int)
    /// A maximum zoom that is negative or not finite.
    case invalidMaxZoom(Double)

    public var description: String {
        switch self {
        case .noMarkers:
            return "no markers to fit: a region needs at least one marker (check the input and the filters)"
        case .invalidSize(let w, let h, let p):
            return "viewport \(w)x\(h) pixels with padding \(p) is invalid: width and height must be positive and "
                + "larger than twice the padding (padding >= 0)"
        case .invalidTileSize(let t):
            return "tile size \(t) is invalid: use 256 or 512"
        case .invalidMaxZoom(let z):
            return "maximum zoom \(z) is invalid: use a finite number >= 0"
        }
    }
}
