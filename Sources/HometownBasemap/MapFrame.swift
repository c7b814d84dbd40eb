import Foundation
import HometownViewport

/// A rectangle of the Web Mercator plane to draw, in integer drawing units.
///
/// The world is `worldSize` units wide and high, x growing east from 180° W and y growing south from
/// 85.05° N. The frame starts at (`originX`, `originY`) and is `width` by `height` units; geometry within
/// `buffer` units outside it is kept, so that strokes and fills clipped there never show their cut edges.
/// Coordinates of the drawing are relative to the origin and rounded to whole units: the unit is the finest
/// detail drawn (half a pixel for the tiles and the SVG). The frame may extend beyond the world's east or
/// west edge; the world repeats there, as on a web map.
public struct MapFrame: Hashable, Sendable {
    /// Units across the whole world (Mercator square).
    public let worldSize: Double
    /// The frame's top-left corner, in units from the world's top-left corner.
    public let originX: Double
    public let originY: Double
    /// The frame's size in units.
    public let width: Double
    public let height: Double
    /// Units kept beyond each side.
    public let buffer: Double

    public init(worldSize: Double, originX: Double, originY: Double, width: Double, height: Double, buffer: Double) {
        self.worldSize = worldSize
        self.originX = originX
        self.originY = originY
        self.width = width
        self.height = height
        self.buffer = buffer
    }

    /// The frame of XYZ tile `z/x/y` (the OpenStreetMap scheme: x east from 180° W, y south from 85.05° N),
    /// `extent` units wide.
    /// - Throws: `BasemapError.invalidTile` when z is outside 0...`maxZoom` or x, y outside 0..<2^z.
    public static func tile(z: Int, x: Int, y: Int, extent: Int = 512, buffer: Int = 8, maxZoom: Int = 20)
        throws(BasemapError) -> MapFrame
    {
        guard (0...maxZoom).contains(z) else {
            throw .invalidTile(z: z, x: x, y: y, reason: "zoom must be from 0 to \(maxZoom)")
        }
        let n = 1 << z
        guard (0..<n).contains(x), (0..<n).contains(y) else {
            throw .invalidTile(z: z, x: x, y: y, reason: "x and y must be from 0 to \(n - 1) at zoom \(z)")
        }
        let e = Double(extent)
        return MapFrame(
            worldSize: e * Double(n), originX: Double(x) * e, originY: Double(y) * e, width: e, height: e,
            buffer: Double(buffer))
    }

    /// The frame of a view `width` x `height` pixels centred on (`latitude`, `longitude`) degrees at Web Mercator
    /// `zoom` (fractional allowed; 256-pixel tiles), with `unitsPerPixel` drawing units per pixel.
    public static func view(
        latitude: Double, longitude: Double, zoom: Double, width: Double, height: Double,
        unitsPerPixel: Double = 2, buffer: Double = 8
    ) -> MapFrame {
        let world = WebMercator.worldSize(zoom: zoom, tileSize: 256) * unitsPerPixel
        let cx = WebMercator.worldX(longitude: longitude) * world
        let cy = WebMercator.worldY(latitude: latitude) * world
        let w = width * unitsPerPixel
        let h = height * unitsPerPixel
        return MapFrame(
            worldSize: world, originX: (cx - w / 2).rounded(), originY: (cy - h / 2).rounded(), width: w, height: h,
            buffer: buffer)
    }

    /// A point (degrees) in the frame's units (not rounded; x not wrapped).
    public func position(latitude: Double, longitude: Double) -> (x: Double, y: Double) {
        (
            WebMercator.worldX(longitude: longitude) * worldSize - originX,
            WebMercator.worldY(latitude: latitude) * worldSize - originY
        )
    }
}
