import HometownCore

/// A map region that shows a set of markers. Encodes as
/// `{"bbox": [w, s, e, n], "center": {"latitude", "longitude"}, "span": {"latitudeDelta", "longitudeDelta"}, "zoom": z}`.
public struct FittedRegion: Hashable, Sendable, Codable {
    /// The markers' bounding box with the smallest longitude span (west > east when it crosses 180°), degrees.
    public let bbox: BoundingBox
    /// The centre of the view: the box's centre in Web Mercator (its latitude is the Mercator midpoint,
    /// not the mean of south and north), longitude wrapped into [-180, 180).
    public let center: Coordinate
    /// The extent of the whole view (not only the markers) at `zoom`, in degrees, like MapKit's
    /// `MKCoordinateSpan`: `latitudeDelta` from the view's top to its bottom edge, `longitudeDelta` across.
    public let span: Span
    /// Fractional Web Mercator zoom for the viewport's tile size.
    public let zoom: Double

    /// Degrees of latitude and longitude.
    public struct Span: Hashable, Sendable, Codable {
        public let latitudeDelta: Double
        public let longitudeDelta: Double
        public init(latitudeDelta: Double, longitudeDelta: Double) {
            self.latitudeDelta = latitudeDelta
            self.longitudeDelta = longitudeDelta
        }
    }

    public init(bbox: BoundingBox, center: Coordinate, span: Span, zoom: Double) {
        self.bbox = bbox
        self.center = center
        self.span = span
        self.zoom = zoom
    }

    private enum Keys: String, CodingKey { case bbox, center, span, zoom }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let b = try c.decode([Double].self, forKey: .bbox)
        guard b.count == 4 else { throw CoreError.invalidBoundingBox("bbox needs 4 numbers, got \(b.count)") }
        bbox = try BoundingBox(west: b[0], south: b[1], east: b[2], north: b[3])
        center = try c.decode(Coordinate.self, forKey: .center)
        span = try c.decode(Span.self, forKey: .span)
        zoom = try c.decode(Double.self, forKey: .zoom)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(bbox.array, forKey: .bbox)
        try c.encode(center, forKey: .center)
        try c.encode(span, forKey: .span)
        try c.encode(zoom, forKey: .zoom)
    }
}
