/// An axis-aligned box in screen pixels (x right, y down); `minX <= maxX`, `minY <= maxY`.
public struct PixelBox: Hashable, Sendable {
    public var minX: Double
    public var minY: Double
    public var maxX: Double
    public var maxY: Double

    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    public var width: Double { maxX - minX }
    public var height: Double { maxY - minY }

    /// The box moved by (`dx`, `dy`) pixels.
    public func offset(_ dx: Double, _ dy: Double) -> PixelBox {
        PixelBox(minX: minX + dx, minY: minY + dy, maxX: maxX + dx, maxY: maxY + dy)
    }

    /// The box grown by `margin` pixels on every side.
    public func padded(_ margin: Double) -> PixelBox {
        PixelBox(minX: minX - margin, minY: minY - margin, maxX: maxX + margin, maxY: maxY + margin)
    }

    /// The box scaled by `factor` about the origin (pixels to drawing units).
    public func scaled(_ factor: Double) -> PixelBox {
        PixelBox(minX: minX * factor, minY: minY * factor, maxX: maxX * factor, maxY: maxY * factor)
    }

    /// The smallest box holding both.
    public func union(_ o: PixelBox) -> PixelBox {
        PixelBox(minX: min(minX, o.minX), minY: min(minY, o.minY), maxX: max(maxX, o.maxX), maxY: max(maxY, o.maxY))
    }

    /// Whether the two boxes share more than an edge.
    public func overlaps(_ o: PixelBox) -> Bool {
        minX < o.maxX && o.minX < maxX && minY < o.maxY && o.minY < maxY
    }

    /// Whether `o` lies wholly inside this box.
    public func contains(_ o: PixelBox) -> Bool {
        o.minX >= minX && o.maxX <= maxX && o.minY >= minY && o.maxY <= maxY
    }
}
