import Foundation
import HometownBasemap
import HometownTestSupport
import Testing

@Suite("Placing names on the map", .onComputeThreads)
struct LabelPlacerTests {
    typealias F = LabelFixtures

    /// Pairs of placed labels whose footprints (grown by half the spacing) overlap, over the whole world and
    /// across the antimeridian: a sweep over the boxes sorted by their left side.
    static func overlaps(_ p: LabelPlacement, spacing: Double) -> [(String, String)] {
        let world = 256 * Double(1 << p.zoom)
        var boxes: [(PixelBox, String)] = []
        for l in p.labels {
            let b = l.footprint(dotRadius: p.dotRadius).offset(l.x, l.y).padded(spacing / 2 - 0.01)
            boxes.append((b, l.name))
            // A copy one world east, for boxes that meet across the antimeridian.
            if b.minX < 300 { boxes.append((b.offset(world, 0), l.name + " (east copy)")) }
        }
        boxes.sort { $0.0.minX < $1.0.minX }
        var found: [(String, String)] = []
        for i in boxes.indices {
            var j = i + 1
            while j < boxes.count, boxes[j].0.minX < boxes[i].0.maxX {
                if boxes[i].0.overlaps(boxes[j].0) { found.append((boxes[i].1, boxes[j].1)) }
                j += 1
            }
        }
        return found
    }

    @Test("no two names overlap, or come nearer than the spacing, at any zoom", arguments: 0...12)
    func noOverlap(zoom: Int) {
        let p = F.placements[zoom]
        let bad = Self.overlaps(p, spacing: F.rules.spacing)
        #expect(bad.isEmpty, "zoom \(zoom): \(bad.prefix(5))")
        // Each label's rank is its place in the list, and no id is placed twice.
        #expect(p.labels.enumerated().allSatisfy { $0.offset == $0.element.rank })
        #expect(Set(p.labels.map(\.id)).count == p.labels.count)
    }

    @Test("a view of the map holds a readable number of names at every zoom", arguments: 1...12)
    func readableNumber(zoom: Int) {
        // 1280 x 800 views over the US Midwest, Europe and India: some names (in Europe, always ten or more),
        // never a crowd (at most 10 to each 256-pixel tile, about 200 in such a view).
        for (lat, lon) in [(42.0, -92.0), (48.5, 9.0), (22.0, 79.0)] {
            let c = F.pixel(latitude: lat, longitude: lon, zoom: zoom)
            let n = F.placements[zoom].labels.filter { abs($0.x - c.x) < 640 && abs($0.y - c.y) < 400 }.count
            #expect(n >= (lat == 48.5 ? 10 : 1) && n <= 200, "zoom \(zoom) at \(lat),\(lon): \(n) names")
        }
    }

    @Test("priority is kept: countries, then states, then cities by falling population; a name left out could not fit")
    func priority() {
        let order = Dictionary(uniqueKeysWithValues: F.catalog.candidates.enumerated().map { ($1.id, $0) })
        for p in F.placements {
            let positions = p.labels.map { order[$0.id]! }
            #expect(positions == positions.sorted(), "zoom \(p.zoom): ranks follow the catalog's order")
        }
        // At zoom 6 over the Midwest, every city shown at that zoom whose tile had room and that was left out
        // meets a better-ranked name on every side.
        let z = 6
        let p = F.placements[z]
        let placed = Set(p.labels.map(\.id))
        let region = F.catalog.candidates.filter {
            $0.kind == .city && F.rules.shows($0, zoom: z) && (35...50).contains($0.latitude)
                && (-105 ... -80).contains($0.longitude)
        }
        #expect(region.count > 20)
        var skipped = 0
        for c in region where !placed.contains(c.id) {
            skipped += 1
            let px = F.pixel(latitude: c.latitude, longitude: c.longitude, zoom: z)
            let font = F.rules.font(c)
            let w = TextWidth.estimate(c.name, fontSize: font.size, bold: font.bold)
            let h = font.size * F.rules.lineHeight
            let before = p.labels.filter { order[$0.id]! < order[c.id]! }
            let sameTile = before.filter { Int($0.x / 256) == Int(px.x / 256) && Int($0.y / 256) == Int(px.y / 256) }
            if sameTile.count >= F.rules.maxPerTile { continue }
            for side in LabelAnchor.citySides {
                let probe = MapLabel(
                    id: c.id, kind: .city, name: c.name, latitude: c.latitude, longitude: c.longitude, rank: 0,
                    fontSize: font.size, bold: font.bold, anchor: side, text: Self.box(side, w, h), x: px.x, y: px.y)
                let box = probe.footprint(dotRadius: F.rules.dotRadius).offset(px.x, px.y).padded(F.rules.spacing)
                let blocker = before.first {
                    $0.footprint(dotRadius: p.dotRadius).offset($0.x, $0.y).padded(0.2).overlaps(box)
                }
                #expect(blocker != nil, "\(c.name) could have gone \(side.name) at zoom \(z)")
            }
        }
        #expect(skipped > 0, "the test saw no name left out")
    }

    static func box(_ side: LabelAnchor, _ w: Double, _ h: Double) -> PixelBox {
        let r = F.rules
        let off = r.dotRadius + r.dotGap
        switch side {
        case .center: return PixelBox(minX: -w / 2, minY: -h / 2, maxX: w / 2, maxY: h / 2)
        case .right: return PixelBox(minX: off, minY: -h / 2, maxX: off + w, maxY: h / 2)
        case .left: return PixelBox(minX: -off - w, minY: -h / 2, maxX: -off, maxY: h / 2)
        case .above: return PixelBox(minX: -w / 2, minY: -r.dotRadius - 1 - h, maxX: w / 2, maxY: -r.dotRadius - 1)
        case .below: return PixelBox(minX: -w / 2, minY: r.dotRadius + 1, maxX: w / 2, maxY: r.dotRadius + 1 + h)
        }
    }

    @Test("the names people expect: countries at zoom 2, US states at zoom 5, the Twin Cities at zoom 8")
    func expectedNames() {
        let names = { (z: Int) in Set(F.placements[z].labels.map(\.name)) }
        for c in ["India", "Mexico", "Brazil", "Canada", "Australia", "Russia"] {
            #expect(names(2).contains(c), "\(c) at zoom 2")
        }
        #expect(!F.placements[2].labels.contains { $0.kind == .city })
        for s in ["Minnesota", "Texas", "California", "Montana", "Iowa"] {
            #expect(names(5).contains(s), "\(s) at zoom 5")
        }
        for n in ["Minneapolis", "Saint Paul", "Minnesota"] { #expect(names(8).contains(n), "\(n) at zoom 8") }
        #expect(names(7).contains("Minneapolis"))
        // States come from about zoom 3-4, not at zoom 2.
        #expect(!F.placements[2].labels.contains { $0.kind == .state })
        #expect(F.placements[4].labels.contains { $0.kind == .state })
    }

    @Test("the same catalog gives the same placement")
    func deterministic() {
        let again = LabelPlacer.place(F.catalog, zoom: 7, rules: F.rules)
        #expect(again.labels == F.placements[7].labels)
        // The catalog's order does not depend on the order it was given.
        let shuffled = LabelCatalog(candidates: F.catalog.candidates.reversed())
        #expect(LabelPlacer.place(shuffled, zoom: 5, rules: F.rules).labels == F.placements[5].labels)
    }

    @Test("tiles give exactly the labels that meet them, and neighbours agree on a label across their edge")
    func tilesAgree() {
        for z in [3, 6, 8, 12] {
            let p = F.placements[z]
            var crossing = 0
            // The tiles around Minneapolis and around Paris.
            for (lat, lon) in [(44.97, -93.26), (48.86, 2.35)] {
                let c = F.pixel(latitude: lat, longitude: lon, zoom: z)
                for tx in (Int(c.x / 256) - 1)...(Int(c.x / 256) + 1) {
                    for ty in (Int(c.y / 256) - 1)...(Int(c.y / 256) + 1) {
                        let tile = PixelBox(
                            minX: Double(tx) * 256, minY: Double(ty) * 256, maxX: Double(tx + 1) * 256,
                            maxY: Double(ty + 1) * 256)
                        let world = 256 * Double(1 << z)
                        let expected = p.labels.filter { l in
                            [0, -world, world].contains {
                                l.footprint(dotRadius: p.dotRadius).offset(l.x + $0, l.y).overlaps(tile)
                            }
                        }
                        let got = p.labels(meetingTile: z, x: tx, y: ty)
                        #expect(got == expected, "tile \(z)/\(tx)/\(ty)")
                        // A label also in the tile to the east is the very same label there.
                        let east = p.labels(meetingTile: z, x: tx + 1, y: ty)
                        for l in got where east.contains(where: { $0.id == l.id }) {
                            crossing += 1
                            #expect(east.first { $0.id == l.id } == l)
                        }
                    }
                }
            }
            #expect(crossing > 0, "no label crossed a tile edge at zoom \(z)")
        }
    }

    @Test("at zooms 0 to 2 every tile gives exactly the labels that meet it, east of 0° as well as west")
    func everyTileOfTheFirstZooms() {
        for z in 0...2 {
            let p = F.placements[z]
            let world = 256 * Double(1 << z)
            var given = Set<String>()
            for tx in 0..<(1 << z) {
                for ty in 0..<(1 << z) {
                    let tile = PixelBox(
                        minX: Double(tx) * 256, minY: Double(ty) * 256, maxX: Double(tx + 1) * 256,
                        maxY: Double(ty + 1) * 256)
                    let expected = p.labels.filter { l in
                        [0, -world, world].contains {
                            l.footprint(dotRadius: p.dotRadius).offset(l.x + $0, l.y).overlaps(tile)
                        }
                    }
                    let got = p.labels(meetingTile: z, x: tx, y: ty)
                    #expect(got == expected, "tile \(z)/\(tx)/\(ty)")
                    given.formUnion(got.map(\.id))
                }
            }
            #expect(given == Set(p.labels.map(\.id)), "zoom \(z): a placed name is in no tile")
        }
        #expect(F.placements[0].labels(meetingTile: 0, x: 0, y: 0).contains { $0.name == "China" })
    }

    @Test("deeper than the last placed zoom, tiles give zoom 12's names at points 2^k farther apart")
    func deeperTiles() {
        let p = F.placements[12]
        for z in [13, 15] {
            let c = F.pixel(latitude: 44.97, longitude: -93.26, zoom: z)
            let scale = Double(1 << (z - 12))
            for tx in (Int(c.x / 256) - 2)...(Int(c.x / 256) + 2) {
                let ty = Int(c.y / 256)
                let tile = PixelBox(
                    minX: Double(tx) * 256, minY: Double(ty) * 256, maxX: Double(tx + 1) * 256,
                    maxY: Double(ty + 1) * 256)
                let expected = p.labels.filter {
                    $0.footprint(dotRadius: p.dotRadius).offset($0.x * scale, $0.y * scale).overlaps(tile)
                }
                #expect(p.labels(meetingTile: z, x: tx, y: ty) == expected, "tile \(z)/\(tx)/\(ty)")
            }
        }
        #expect(p.labels(meetingTile: 11, x: 0, y: 0).isEmpty, "a shallower tile is not this placement's")
    }

    @Test("names near 180° keep clear of names and dots just across it")
    func antimeridian() throws {
        func place(_ east: Double, westPeople: Int) -> LabelPlacement {
            LabelPlacer.place(
                LabelCatalog(candidates: [
                    LabelCandidate(
                        id: "city:1", kind: .city, name: "Eastmost", latitude: 0, longitude: east, population: 9_000_000
                    ),
                    LabelCandidate(
                        id: "city:2", kind: .city, name: "Westmost", latitude: 0, longitude: -179.5,
                        population: westPeople),
                ]), zoom: 5, rules: F.rules)
        }
        // Eastmost at 179° would run right 70 pixels across 180° (zoom 5), over the dot of Westmost 11 pixels
        // east of 180°. A rival (8 of 9 million) keeps its dot: Eastmost goes left, Westmost right.
        let rivals = place(179, westPeople: 8_000_000)
        #expect(rivals.labels.map(\.name) == ["Eastmost", "Westmost"])
        #expect(rivals.labels.map(\.anchor) == [.left, .right])
        #expect(Self.overlaps(rivals, spacing: F.rules.spacing).isEmpty)
        // A small town does not: Eastmost goes right, across 180°, and the town has no room on any side.
        let town = place(179, westPeople: 1_000_000)
        #expect(town.labels.map(\.name) == ["Eastmost"])
        #expect(town.labels.first?.anchor == .right)
        // With Eastmost 10° away both are named, each on its first side.
        #expect(place(169, westPeople: 1_000_000).labels.map(\.anchor) == [.right, .right])
    }

    @Test("a country's or state's name waits until its region is large enough to hold it")
    func regionFit() {
        let z2 = F.placements[2].labels.map(\.name)
        #expect(!z2.contains("Luxembourg") && !z2.contains("Rhode Island"))
        #expect(!F.placements[5].labels.contains { $0.name == "Rhode Island" })
        #expect(F.placements[8].labels.contains { $0.name == "Rhode Island" })
    }

    @Test("estimated widths grow with the text, the size and bold")
    func widths() {
        let w = TextWidth.estimate("Minneapolis", fontSize: 12)
        #expect(w > 60 && w < 90)
        #expect(TextWidth.estimate("Minneapolis", fontSize: 12, bold: true) > w)
        #expect(TextWidth.estimate("Minneapolis", fontSize: 24) == 2 * w)
        #expect(TextWidth.estimate("WWW", fontSize: 10) > TextWidth.estimate("iii", fontSize: 10))
        #expect(TextWidth.estimate("北京", fontSize: 10) == 20)
        #expect(TextWidth.estimate("", fontSize: 10) == 0)
    }
}
