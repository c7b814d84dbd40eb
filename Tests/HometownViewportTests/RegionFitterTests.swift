import Foundation
import HometownCore
import HometownProtocol
import HometownViewport
import Testing

@Suite struct RegionFitterTests {
    static func c(_ lat: Double, _ lon: Double) -> Coordinate { Coordinate(uncheckedLatitude: lat, longitude: lon) }

    /// Pixel offset of a marker from the view's centre at the fitted zoom (x wrapped to the nearer copy of the world).
    static func offset(_ m: Coordinate, _ r: FittedRegion, tileSize: Int) -> (Double, Double) {
        let world = WebMercator.worldSize(zoom: r.zoom, tileSize: tileSize)
        var dx = WebMercator.worldX(longitude: m.longitude) - WebMercator.worldX(longitude: r.center.longitude)
        if dx > 0.5 { dx -= 1 } else if dx < -0.5 { dx += 1 }
        let dy = WebMercator.worldY(latitude: m.latitude) - WebMercator.worldY(latitude: r.center.latitude)
        return (dx * world, dy * world)
    }

    static func fits(_ markers: [Coordinate], _ r: FittedRegion, _ v: Viewport, slack: Double = 1e-6) -> Bool {
        markers.allSatisfy { m in
            let (x, y) = offset(m, r, tileSize: v.tileSize)
            return abs(x) <= v.width / 2 - v.padding + slack && abs(y) <= v.height / 2 - v.padding + slack
        }
    }

    @Test(
        "boxes across the antimeridian",
        arguments: [
            ("Fiji", [c(-17.8, 177.4), c(-16.6, 179.4), c(-18.1, -178.4), c(-16.2, -179.9)]),
            ("Aleutians", [c(52.9, 172.9), c(51.9, 176.6), c(51.8, -176.6), c(53.9, -166.5), c(54.8, -163.4)]),
            ("New Zealand + Chatham", [c(-36.85, 174.76), c(-41.29, 174.78), c(-46.41, 168.35), c(-43.95, -176.56)]),
        ])
    func antimeridian(name: String, markers: [Coordinate]) throws {
        let v = Viewport(width: 800, height: 600, padding: 20)
        let r = try RegionFitter.fit(markers, in: v)
        #expect(r.bbox.crossesAntimeridian, "\(name)")
        #expect(r.bbox.longitudeSpan < 30, "\(name)")
        #expect(markers.allSatisfy { r.bbox.contains($0) })
        #expect(Self.fits(markers, r, v))
        #expect(r.zoom > 2, "\(name): a crossing box is narrow, so the zoom is not a world view")
    }

    @Test func fijiExactBox() throws {
        let r = try RegionFitter.fit(
            [Self.c(-17.8, 177.4), Self.c(-18.1, -178.4)], in: Viewport(width: 512, height: 512))
        #expect(r.bbox.array == [177.4, -18.1, -178.4, -17.8])
        #expect(abs(r.center.longitude - 179.5) < 1e-9)
    }

    @Test(
        "fitted region holds every marker and is the largest such zoom",
        arguments: [(21 as UInt64, 256), (22, 512), (23, 256), (24, 512), (25, 256)])
    func containsAllAndMaximal(seed: UInt64, tileSize: Int) throws {
        var g = SeededRandom(seed: seed)
        for _ in 0..<40 {
            let lon0 = Double.random(in: -180..<180, using: &g)
            let lat0 = Double.random(in: -80...80, using: &g)
            let spread = Double.random(in: 0.001...60, using: &g)
            let markers = (0..<Int.random(in: 2...50, using: &g)).map { _ in
                Self.c(
                    max(-90, min(90, lat0 + Double.random(in: -spread...spread, using: &g))),
                    Coordinate.wrapLongitude(lon0 + Double.random(in: -spread...spread, using: &g)))
            }
            let v = Viewport(
                width: Double.random(in: 200...2000, using: &g), height: Double.random(in: 200...2000, using: &g),
                padding: Double.random(in: 0...40, using: &g), tileSize: tileSize)
            let r = try RegionFitter.fit(markers, in: v)
            #expect(markers.allSatisfy { r.bbox.contains($0) })
            #expect(r.bbox.longitudeSpan <= 2 * spread + 1e-9)
            #expect(Self.fits(markers, r, v), "seed \(seed)")
            // One hundredth of a zoom more and some marker is outside.
            let closer = FittedRegion(bbox: r.bbox, center: r.center, span: r.span, zoom: r.zoom + 0.01)
            #expect(!Self.fits(markers, closer, v, slack: 0))
        }
    }

    @Test func singleMarker() throws {
        let m = Self.c(44.966060, -93.293753)
        let r = try RegionFitter.fit([m], in: Viewport(width: 400, height: 300))
        #expect(r.zoom == RegionFitter.cityZoom)
        #expect(abs(r.center.latitude - m.latitude) < 1e-9 && abs(r.center.longitude - m.longitude) < 1e-9)
        #expect(try RegionFitter.fit([m, m], in: Viewport(width: 400, height: 300, tileSize: 512)).zoom == 10)
        #expect(try RegionFitter.fit([m], in: Viewport(width: 400, height: 300, maxZoom: 8)).zoom == 8)
    }

    /// Markers kilometres apart on one meridian beyond ±85.0511 lie at one point of a Mercator map: they get the
    /// view of one marker, a finite zoom (not infinity, which no JSON can carry).
    @Test func markersAtOnePointOfTheMapGetTheViewOfOne() throws {
        for markers in [[Self.c(86, 10), Self.c(89, 10)], [Self.c(-90, 0), Self.c(-89.99, 0)]] {
            let r = try RegionFitter.fit(markers, in: Viewport(width: 800, height: 500))
            #expect(r.zoom == RegionFitter.cityZoom, "\(markers)")
            #expect(r.center.latitude.isFinite && r.span.latitudeDelta.isFinite && r.span.longitudeDelta.isFinite)
        }
    }

    /// Markers within a few hundred metres of each other get the city-scale view one marker gets; further apart,
    /// the tightest fit.
    @Test func closeMarkersGetACityViewAndOthersTheTightestFit() throws {
        let v = Viewport(width: 800, height: 600)
        let close = [Self.c(44.9660, -93.2937), Self.c(44.9680, -93.2910)]  // about 300 m apart
        #expect(try RegionFitter.fit(close, in: v).zoom == RegionFitter.cityZoom)
        let apart = [Self.c(44.9660, -93.2937), Self.c(44.9900, -93.2500)]  // about 4 km apart
        let r = try RegionFitter.fit(apart, in: v)
        #expect(r.zoom > 14 && r.zoom < 15, "\(r.zoom)")
        #expect(Self.fits(apart, r, v, slack: 1e-9))
    }

    /// A group of markers 3 degrees wide in Fiji gets a view about as wide as the group (the tightest fit), not
    /// the 17.6 degrees of a fit stopped at zoom 6.
    @Test func aGroupIsFittedTightly() throws {
        let fiji = [Self.c(-17.8, 177.0), Self.c(-16.5, 178.5), Self.c(-18.1, 179.9), Self.c(-17.0, 178.0)]
        let v = Viewport(width: 800, height: 600, maxZoom: RegionFitter.mapMaxZoom(tileSize: 256))
        let r = try RegionFitter.fit(fiji, in: v)
        #expect(r.span.longitudeDelta < 3.5, "\(r.span.longitudeDelta) degrees wide")
        #expect(r.span.longitudeDelta >= 2.89)
        #expect(Self.fits(fiji, r, v, slack: 1e-9))
    }

    @Test func poleToPoleFillsTheHeight() throws {
        let r = try RegionFitter.fit([Self.c(-90, 0), Self.c(90, 0)], in: Viewport(width: 4096, height: 512))
        #expect(abs(r.zoom - 1) < 1e-12)
        #expect(abs(r.center.latitude) < 1e-9)
        #expect(abs(r.span.latitudeDelta - 2 * WebMercator.maxLatitude) < 1e-9)
    }

    @Test func maxZoomCaps() throws {
        let markers = [Self.c(47.6, -122.3), Self.c(47.61, -122.31)]  // 1.3 km apart: a tight fit is about zoom 15
        #expect(try RegionFitter.fit(markers, in: Viewport(width: 800, height: 600, maxZoom: 12)).zoom == 12)
    }

    @Test func errors() {
        #expect(throws: ViewportError.noMarkers) { try RegionFitter.fit([], in: Viewport(width: 100, height: 100)) }
        #expect(throws: ViewportError.invalidSize(width: 100, height: 100, padding: 50)) {
            try RegionFitter.fit([Self.c(0, 0)], in: Viewport(width: 100, height: 100, padding: 50))
        }
        #expect(throws: ViewportError.invalidTileSize(300)) {
            try RegionFitter.fit([Self.c(0, 0)], in: Viewport(width: 100, height: 100, tileSize: 300))
        }
        #expect(throws: ViewportError.invalidMaxZoom(-1)) {
            try RegionFitter.fit([Self.c(0, 0)], in: Viewport(width: 100, height: 100, maxZoom: -1))
        }
    }

    @Test func encodesTheDocumentedShape() throws {
        let r = try RegionFitter.fit([Self.c(10, 20), Self.c(12, 24)], in: Viewport(width: 800, height: 600))
        let enc = JSONEncoder()
        enc.outputFormatting = .sortedKeys
        let obj = try JSONSerialization.jsonObject(with: enc.encode(r)) as? [String: Any]
        #expect(Set(obj?.keys.map { $0 } ?? []) == ["bbox", "center", "span", "zoom"])
        #expect((obj?["bbox"] as? [Double]) == [20, 10, 24, 12])
        #expect(Set((obj?["span"] as? [String: Any])?.keys.map { $0 } ?? []) == ["latitudeDelta", "longitudeDelta"])
        #expect(try JSONDecoder().decode(FittedRegion.self, from: enc.encode(r)) == r)
    }
}
