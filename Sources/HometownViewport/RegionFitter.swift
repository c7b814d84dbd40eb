import Foundation
import HometownCore

/// Fits a map view to a set of markers: the tightest bounding box (crossing the antimeridian when that is
/// narrower), its Web Mercator centre, and the largest fractional zoom at which every marker lies inside the
/// padded viewport.
public enum RegionFitter {
    /// Zoom used for a single marker (or markers all at one place), for 256-pixel tiles: a few streets
    /// around it. With 512-pixel tiles it is one less (the same scale), and never above `maxZoom`.
    public static let singleMarkerZoom = 15.0

    /// The zoom the command line's fits stop at unless `--max-zoom` says otherwise (`hometown map`, `hometown
    /// region`): 6 for 256-pixel tiles, 5 for 512 (the same scale), where an 800-pixel view is about 17 degrees of
    /// longitude wide, so one marker, or markers close together, still show their state or province and its
    /// neighbours (the bundled boundaries have no streets: at zoom 15 a single marker showed no line at all).
    public static func contextZoom(tileSize: Int) -> Double { tileSize == 512 ? 5 : 6 }

    /// - Parameters:
    ///   - markers: positions (latitude, longitude in degrees); latitudes beyond ±85.0511 are clamped for
    ///     the Mercator computations (the returned bbox keeps the true latitudes).
    ///   - viewport: the view's size, padding, tile size and optional maximum zoom.
    /// - Returns: the region; its zoom may be below 0 when the viewport is smaller than one tile.
    /// - Throws: `ViewportError.noMarkers` for an empty list; `ViewportError` for a bad viewport.
    public static func fit(_ markers: [Coordinate], in viewport: Viewport) throws -> FittedRegion {
        try viewport.validate()
        guard let bbox = BoundingBox.enclosing(markers) else { throw ViewportError.noMarkers }

        // The box in world units: x from the west edge eastwards (across 180° if it crosses), y southwards.
        let dx = bbox.longitudeSpan / 360
        let yNorth = WebMercator.worldY(latitude: bbox.north)
        let ySouth = WebMercator.worldY(latitude: bbox.south)
        let dy = ySouth - yNorth
        let availableWidth = viewport.width - 2 * viewport.padding
        let availableHeight = viewport.height - 2 * viewport.padding
        let tile = Double(viewport.tileSize)

        var zoom = Double.infinity
        if dx > 0 { zoom = min(zoom, log2(availableWidth / (dx * tile))) }
        if dy > 0 { zoom = min(zoom, log2(availableHeight / (dy * tile))) }
        if zoom == .infinity { zoom = singleMarkerZoom - (viewport.tileSize == 512 ? 1 : 0) }
        if let maxZoom = viewport.maxZoom { zoom = min(zoom, maxZoom) }

        let centerY = (yNorth + ySouth) / 2
        let center = Coordinate(
            uncheckedLatitude: WebMercator.latitude(worldY: centerY),
            longitude: Coordinate.wrapLongitude(bbox.west + bbox.longitudeSpan / 2))
        let world = WebMercator.worldSize(zoom: zoom, tileSize: viewport.tileSize)
        let halfHeight = viewport.height / 2 / world
        let top = max(0, centerY - halfHeight)
        let bottom = min(1, centerY + halfHeight)
        let span = FittedRegion.Span(
            latitudeDelta: WebMercator.latitude(worldY: top) - WebMercator.latitude(worldY: bottom),
            longitudeDelta: min(360, viewport.width / world * 360))
        return FittedRegion(bbox: bbox, center: center, span: span, zoom: zoom)
    }
}
