/// Keeps names readable around a map's markers, the rule the web app follows too (`declutter` in
/// `Public/js/labels.js`): in rank order, a name whose text a marker (or a reserved corner, such as the
/// attribution's) would cover moves beside that obstacle — right, left, below, above, `gap` from its edge — to the
/// first place where it meets no obstacle and no name kept before it; a name with no such place is left out. A
/// dot under a marker is covered by it (the marker stands for the same place); a dot in the open is kept clear of
/// later names. So the city under a cluster keeps its name, and the marker hides only its dot.
public enum MarkerClearance {
    /// A name to place: its text's box and its dot's box (nil: no dot), both where the placement put them.
    public struct Name: Sendable, Equatable {
        public var text: PixelBox
        public var dot: PixelBox?

        public init(text: PixelBox, dot: PixelBox?) {
            self.text = text
            self.dot = dot
        }
    }

    /// For each of `names` (in rank order, best first), how far to move its text, or nil to leave it out.
    /// - Parameters:
    ///   - obstacles: the markers' discs as boxes, and any corner kept free (the attribution).
    ///   - gap: the space between a moved text and the obstacle it moved beside, in the boxes' units.
    ///   - bounds: where every text must stay whole (the picture).
    public static func offsets(for names: [Name], obstacles: [PixelBox], gap: Double, bounds: PixelBox)
        -> [(dx: Double, dy: Double)?]
    {
        var kept: [PixelBox] = []
        var result: [(dx: Double, dy: Double)?] = []
        result.reserveCapacity(names.count)
        for name in names {
            let text = name.text
            let openDot = name.dot.flatMap { dot in obstacles.contains { $0.overlaps(dot) } ? nil : dot }
            func free(_ box: PixelBox) -> Bool {
                bounds.contains(box) && !obstacles.contains { $0.overlaps(box) } && !kept.contains { $0.overlaps(box) }
                    && !(openDot.map { dot in kept.contains { $0.overlaps(dot) } } ?? false)
            }
            var candidates: [(dx: Double, dy: Double)] = [(0, 0)]
            for o in obstacles where o.overlaps(text) {
                let midY = (o.minY + o.maxY) / 2 - (text.minY + text.maxY) / 2
                let midX = (o.minX + o.maxX) / 2 - (text.minX + text.maxX) / 2
                candidates += [
                    (o.maxX + gap - text.minX, midY), (o.minX - gap - text.maxX, midY),
                    (midX, o.maxY + gap - text.minY), (midX, o.minY - gap - text.maxY),
                ]
            }
            guard let place = candidates.first(where: { free(text.offset($0.dx, $0.dy)) }) else {
                result.append(nil)
                continue
            }
            kept.append(text.offset(place.dx, place.dy))
            if let openDot { kept.append(openDot) }
            result.append(place)
        }
        return result
    }
}
