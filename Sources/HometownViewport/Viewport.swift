/// The map view markers must fit in: its size and padding in pixels, the tile size that defines the zoom
/// scale, and an optional upper bound on the zoom.
public struct Viewport: Hashable, Sendable {
    /// Width and height of the view in pixels.
    public var width: Double
    public var height: Double
    /// Margin in pixels kept free on every side.
    public var padding: Double
    /// Tile size in pixels: 256 (raster tiles, Google/Apple/OSM zooms) or 512 (Mapbox GL zooms, one less).
    public var tileSize: Int
    /// Largest zoom the fit may return (nil: no bound).
    public var maxZoom: Double?

    public init(width: Double, height: Double, padding: Double = 0, tileSize: Int = 256, maxZoom: Double? = nil) {
        self.width = width
        self.height = height
        self.padding = padding
        self.tileSize = tileSize
        self.maxZoom = maxZoom
    }

    /// - Throws: `ViewportError` naming the bad value.
    func validate() throws {
        guard width.isFinite, height.isFinite, padding.isFinite, padding >= 0,
            width > 2 * padding, height > 2 * padding
        else {
            throw ViewportError.invalidSize(width: width, height: height, padding: padding)
        }
        guard tileSize == 256 || tileSize == 512 else { throw ViewportError.invalidTileSize(tileSize) }
        if let z = maxZoom, !(z.isFinite && z >= 0) { throw ViewportError.invalidMaxZoom(z) }
    }
}
