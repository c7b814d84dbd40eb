import HometownViewport

/// Places the names of a `LabelCatalog` at one zoom, for the whole world at once: greedy in the catalog's
/// priority order (countries, capitals, states, other cities; more people first, a capital ranked with its
/// country's largest city: `LabelCandidate.before`), each name at the first position where its
/// box, from `TextWidth`'s estimate, keeps `LabelRules.spacing` pixels from every box placed before it, and
/// only while its 256-pixel tile holds fewer than `maxPerTile` names. Countries and states are centred on their
/// point; a city's name is tried right, left, above and below its dot, first on the sides where it would not
/// cover the dot of a city of comparable size (`LabelRules.rivalShare`, by `rankPopulation`) named or not yet
/// named.
///
/// Because the placement is global, it does not depend on how the world is cut into tiles or views: two tiles
/// that share a label show it at the same place, and no label is cut at a tile's edge. Deterministic: the same
/// catalog and rules give the same placement.
public enum LabelPlacer {
    /// The placement of `catalog` at `zoom` (0...`rules.maxZoom`).
    /// - Complexity: O(n) grid look-ups for the n candidates shown at that zoom (at zoom 12 about 200,000).
    public static func place(_ catalog: LabelCatalog, zoom: Int, rules: LabelRules = LabelRules()) -> LabelPlacement {
        let z = max(0, min(zoom, rules.maxZoom))
        let world = 256 * Double(1 << z)
        let tiles = 1 << z
        var grid = LabelGrid(worldWidth: world)
        var perTile: [Int: Int] = [:]
        var placed: [MapLabel] = []
        var dots = CityDots(worldWidth: world)
        for c in catalog.candidates where c.kind == .city && rules.shows(c, zoom: z) {
            dots.insert(
                x: WebMercator.worldX(longitude: c.longitude) * world,
                y: WebMercator.worldY(latitude: c.latitude) * world,
                population: c.rankPopulation, id: c.id)
        }
        for c in catalog.candidates where rules.shows(c, zoom: z) {
            let x = WebMercator.worldX(longitude: c.longitude) * world
            let y = WebMercator.worldY(latitude: c.latitude) * world
            let font = rules.font(c)
            let width = TextWidth.estimate(c.name, fontSize: font.size, bold: font.bold)
            let height = font.size * rules.lineHeight
            guard rules.fits(c, width: width, height: height, worldPixels: world) else { continue }
            let tx = min(tiles - 1, max(0, Int(x / 256)))
            let ty = min(tiles - 1, max(0, Int(y / 256)))
            let tile = ty * tiles + tx
            guard perTile[tile, default: 0] < rules.maxPerTile else { continue }
            var sides = c.kind == .city ? LabelAnchor.citySides : [.center]
            if c.kind == .city {
                // Sides that would cover the dot of a city of comparable size go last.
                let rival = Int(Double(c.rankPopulation) * rules.rivalShare)
                let clear = sides.filter { side in
                    !dots.covers(
                        textBox(side, width: width, height: height, rules: rules).offset(x, y),
                        radius: rules.dotRadius, population: rival, except: c.id)
                }
                sides = clear + sides.filter { !clear.contains($0) }
            }
            for side in sides {
                let text = textBox(side, width: width, height: height, rules: rules)
                let label = MapLabel(
                    id: c.id, kind: c.kind, name: c.name, latitude: c.latitude, longitude: c.longitude,
                    rank: placed.count, fontSize: font.size, bold: font.bold, anchor: side, text: text, x: x, y: y)
                let box = label.footprint(dotRadius: rules.dotRadius).offset(x, y)
                // Never over the world's top or bottom edge, where it could not be shown whole.
                guard box.minY >= 0, box.maxY <= world else { continue }
                guard !grid.collides(box.padded(rules.spacing)) else { continue }
                grid.insert(box)
                placed.append(label)
                perTile[tile, default: 0] += 1
                break
            }
        }
        return LabelPlacement(zoom: z, labels: placed, dotRadius: rules.dotRadius)
    }

    /// The text's box relative to the point for a side (see `LabelAnchor`).
    static func textBox(_ side: LabelAnchor, width w: Double, height h: Double, rules: LabelRules) -> PixelBox {
        let off = rules.dotRadius + rules.dotGap
        let box: PixelBox
        switch side {
        case .center: box = PixelBox(minX: -w / 2, minY: -h / 2, maxX: w / 2, maxY: h / 2)
        case .right: box = PixelBox(minX: off, minY: -h / 2, maxX: off + w, maxY: h / 2)
        case .left: box = PixelBox(minX: -off - w, minY: -h / 2, maxX: -off, maxY: h / 2)
        case .above:
            box = PixelBox(minX: -w / 2, minY: -rules.dotRadius - 1 - h, maxX: w / 2, maxY: -rules.dotRadius - 1)
        case .below: box = PixelBox(minX: -w / 2, minY: rules.dotRadius + 1, maxX: w / 2, maxY: rules.dotRadius + 1 + h)
        }
        return rounded(box)
    }

    /// A box with its sides at tenths of a pixel, outwards (the JSON carries one decimal).
    static func rounded(_ b: PixelBox) -> PixelBox {
        PixelBox(
            minX: (b.minX * 10).rounded(.down) / 10, minY: (b.minY * 10).rounded(.down) / 10,
            maxX: (b.maxX * 10).rounded(.up) / 10, maxY: (b.maxY * 10).rounded(.up) / 10)
    }
}
