/// One copy of the world as a frame sees it. The world repeats east and west of itself, so a frame that crosses
/// the antimeridian, or is wider than the world, sees two or more copies; geometry stored once in world units
/// (0...1, x east from 180° W, y south from 85.05° N) is drawn once per copy.
///
/// Owns the two tests the drawings make on a ring's box (`WorldRings.boxes`): whether the ring can show in the
/// frame at all, and whether it lies inside the clip rectangle so that it needs no clipping.
struct WorldCopy {
    /// Units across the world (`MapFrame.worldSize`).
    let world: Double
    /// Added to a vertex's x in units of the whole world to give its x in the frame.
    let shift: Double
    /// Subtracted from a vertex's y in units of the whole world to give its y in the frame.
    let originY: Double
    /// The frame and its buffer, in frame units: what a ring is clipped to.
    let clip: ClipRect
    /// The same rectangle in world units (0...1) of this copy.
    private let window: ClipRect

    /// Every copy of the world that `frame` and its buffer meet, west to east.
    static func all(in frame: MapFrame) -> [WorldCopy] {
        let world = frame.worldSize
        let left = frame.originX - frame.buffer
        let right = frame.originX + frame.width + frame.buffer
        let clip = ClipRect(
            minX: -frame.buffer, minY: -frame.buffer, maxX: frame.width + frame.buffer,
            maxY: frame.height + frame.buffer)
        return (Int((left / world).rounded(.down))...Int((right / world).rounded(.down))).map { copy in
            let start = Double(copy) * world
            return WorldCopy(
                world: world, shift: start - frame.originX, originY: frame.originY, clip: clip,
                window: ClipRect(
                    minX: (left - start) / world, minY: (frame.originY - frame.buffer) / world,
                    maxX: (right - start) / world, maxY: (frame.originY + frame.height + frame.buffer) / world))
        }
    }

    /// Whether ring `r` of `rings` (its box) meets the frame and its buffer in this copy.
    @inline(__always)
    func meets(_ rings: WorldRings, _ r: Int) -> Bool {
        let boxes = rings.boxes
        return boxes[4 * r] <= window.maxX && boxes[4 * r + 2] >= window.minX && boxes[4 * r + 1] <= window.maxY
            && boxes[4 * r + 3] >= window.minY
    }

    /// Whether ring `r` of `rings`, placed in the frame, lies inside `clip` (by its box): it needs no clipping.
    @inline(__always)
    func holds(_ rings: WorldRings, _ r: Int) -> Bool {
        let boxes = rings.boxes
        return boxes[4 * r] * world + shift >= clip.minX && boxes[4 * r + 2] * world + shift <= clip.maxX
            && boxes[4 * r + 1] * world - originY >= clip.minY && boxes[4 * r + 3] * world - originY <= clip.maxY
    }
}
