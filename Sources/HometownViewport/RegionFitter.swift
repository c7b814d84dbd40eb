import Foundation
import HometownCore
import HometownProtocol

/// Fits a map view to a set of markers as web maps do (Leaflet's `fitBounds`, MapKit's `showAnnotations`): the
/// tightest bounding box (crossing the antimeridian when that is narrower), its Web Mercator centre, and the
/// largest fractional zoom at which every marker lies inside the padded viewport, up to the map's own maximum;
/// one marker, or markers all within `closeMarkersKm` of each other, get a city-scale view of their own.
public enum RegionFitter {
    /// The zoom of a city-scale view, for 256-pixel tiles: a city and its suburbs (an 800-pixel view is about
    /// 140 km wide at the equator, 100 km at 45°). With 512-pixel tiles it is one less (the same scale).
    public static let cityZoom = 11.0

    /// Markers whose box is at most this wide (its diagonal, in km on the sphere) are shown at `cityZoom`, as one
    /// marker is: a fit as tight as they are would show a few streets, which the bundled boundaries do not have.
    public static let closeMarkersKm = 0.5

    /// The deepest zoom of the maps Hometown draws (the web map's own maximum), for 256-pixel tiles; one less with
    /// 512-pixel tiles. The command line's fits stop there unless `--max-zoom` says otherwise.
    public static func mapMaxZoom(tileSize: Int) -> Double { tileSize == 512 ? 17 : 18 }

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
        let diagonalKm = Coordinate(uncheckedLatitude: bbox.south, longitude: bbox.west).distanceKm(
            to: Coordinate(uncheckedLatitude: bbox.north, longitude: bbox.east))
        if diagonalKm <= closeMarkersKm {
            zoom = cityZoom - (viewport.tileSize == 512 ? 1 : 0)
        } else {
            if dx > 0 { zoom = min(zoom, log2(availableWidth / (dx * tile))) }
            if dy > 0 { zoom = min(zoom, log2(availableHeight / (dy * tile))) }
            // Markers apart on the sphere but at one point of the map (on one meridian beyond ±85.0511, where
            // Mercator puts every latitude on the edge) are shown as one marker is.
            if zoom == .infinity { zoom = cityZoom - (viewport.tileSize == 512 ? 1 : 0) }
        }
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
