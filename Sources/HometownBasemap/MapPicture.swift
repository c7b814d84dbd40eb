import Foundation
import HometownCore

/// A static map as SVG: the boundaries of a frame, markers (clusters with their counts, single places), an
/// optional box (the fitted region) and a title. For reports and READMEs: the same view as the web app,
/// without a browser. The SVG is self-contained (no fonts, images or scripts from elsewhere).
public struct MapPicture: Sendable {
    /// A marker: a cluster of `count` places, or one place (`count` 1) with an optional label.
    public struct Marker: Sendable, Hashable {
        public var latitude: Double
        public var longitude: Double
        public var count: Int
        public var label: String?
        /// - Parameters: degrees; `count` >= 1; `label` shown on hover (the SVG `title`).
        public init(latitude: Double, longitude: Double, count: Int, label: String? = nil) {
            self.latitude = latitude
            self.longitude = longitude
            self.count = count
            self.label = label
        }
    }

    /// The view, in drawing units (see `MapFrame.view`).
    public var frame: MapFrame
    /// The picture's size in pixels.
    public var width: Int
    public var height: Int
    public var boundaries: BoundaryDrawing
    public var markers: [Marker]
    /// A box to outline, in degrees (west > east crosses 180°).
    public var region: BoundingBox?
    public var title: String?
    /// The names placed at the view's zoom (or a shallower one); those inside the picture are drawn, moved beside
    /// a marker that would cover them and kept out of the title's and attribution's corners (`labelsSVG`). Nil:
    /// no names.
    public var labels: LabelPlacement?
    public var attribution = "Boundaries: Natural Earth. Places: GeoNames."

    public init(
        frame: MapFrame, width: Int, height: Int, boundaries: BoundaryDrawing, markers: [Marker] = [],
        region: BoundingBox? = nil, title: String? = nil
    ) {
        self.frame = frame
        self.width = width
        self.height = height
        self.boundaries = boundaries
        self.markers = markers
        self.region = region
        self.title = title
    }

    /// The colours, the same as the web app's map (`--sea` in `Public/app.css`, `STYLE` in `Public/js/map.js`); the
    /// lakes are filled with `sea` (`--water` in `app.css`).
    enum Style {
        static let sea = "#a9c8dc", land = "#f3efe3", coast = "#5d87a6", border = "#7d5f4a", state = "#b3a58d"
    }

    /// The SVG document.
    public func svg() -> String {
        let u = frame.width / Double(max(width, 1))  // units per pixel
        var s = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(fmt(frame.width)) \(fmt(frame.height))" font-family="DejaVu Sans, Verdana, sans-serif">

            """
        if let title { s += "<title>\(MarkupText.escape(title))</title>\n" }
        s += "<rect width=\"100%\" height=\"100%\" fill=\"\(Style.sea)\"/>\n"
        s += path(
            boundaries.land, closed: true, attributes: "fill=\"\(Style.land)\" fill-rule=\"evenodd\" stroke=\"none\"")
        s += waterLayer(unitsPerPixel: u)
        s += path(
            boundaries.states, closed: false,
            attributes:
                "fill=\"none\" stroke=\"\(Style.state)\" stroke-width=\"\(fmt(0.8 * u))\" stroke-dasharray=\"\(fmt(3 * u)) \(fmt(2 * u))\" stroke-linejoin=\"round\""
        )
        s += path(
            boundaries.borders, closed: false,
            attributes:
                "fill=\"none\" stroke=\"\(Style.border)\" stroke-width=\"\(fmt(1.2 * u))\" stroke-linejoin=\"round\"")
        s += path(
            boundaries.coasts, closed: false,
            attributes:
                "fill=\"none\" stroke=\"\(Style.coast)\" stroke-width=\"\(fmt(0.9 * u))\" stroke-linejoin=\"round\"")
        s += labelsSVG(u: u)
        if let region {
            let nw = place(latitude: region.north, longitude: region.west)
            var se = place(latitude: region.south, longitude: region.east)
            if se.x < nw.x { se.x += frame.worldSize }
            // One marker (or several at one point) has no region to outline.
            if se.x - nw.x >= 2 * u || se.y - nw.y >= 2 * u {
                s +=
                    "<rect x=\"\(fmt(nw.x))\" y=\"\(fmt(nw.y))\" width=\"\(fmt(se.x - nw.x))\" height=\"\(fmt(se.y - nw.y))\" fill=\"none\" stroke=\"#c0392b\" stroke-width=\"\(fmt(1.5 * u))\" stroke-dasharray=\"\(fmt(6 * u)) \(fmt(4 * u))\"><title>fitted region</title></rect>\n"
            }
        }
        for m in markers.sorted(by: { $0.count < $1.count }) {
            let p = place(latitude: m.latitude, longitude: m.longitude)
            if m.count <= 1 {
                s +=
                    "<circle cx=\"\(fmt(p.x))\" cy=\"\(fmt(p.y))\" r=\"\(fmt(Self.discRadius(count: m.count) * u))\" fill=\"#2f6db5\" stroke=\"#ffffff\" stroke-width=\"\(fmt(1.5 * u))\">"
                s += m.label.map { "<title>\(MarkupText.escape($0))</title>" } ?? ""
                s += "</circle>\n"
            } else {
                let r = Self.discRadius(count: m.count) * u
                let colour = m.count < 10 ? "#51a6d8" : m.count < 100 ? "#f1b53b" : "#e8663d"
                s +=
                    "<g><circle cx=\"\(fmt(p.x))\" cy=\"\(fmt(p.y))\" r=\"\(fmt(r))\" fill=\"\(colour)\" fill-opacity=\"0.85\" stroke=\"#ffffff\" stroke-width=\"\(fmt(2 * u))\"/>"
                s +=
                    "<text x=\"\(fmt(p.x))\" y=\"\(fmt(p.y))\" dy=\"0.35em\" text-anchor=\"middle\" font-size=\"\(fmt(11 * u))\" font-weight=\"bold\" fill=\"#1d1d1d\">\(MapPicture.abbreviated(m.count))</text>"
                s += "<title>\(m.count) places</title></g>\n"
            }
        }
        if let title {
            s +=
                "<text x=\"\(fmt(10 * u))\" y=\"\(fmt(22 * u))\" font-size=\"\(fmt(15 * u))\" font-weight=\"bold\" fill=\"#1d1d1d\" stroke=\"#ffffff\" stroke-width=\"\(fmt(3 * u))\" paint-order=\"stroke\">\(MarkupText.escape(title))</text>\n"
        }
        s +=
            "<text x=\"\(fmt(frame.width - 6 * u))\" y=\"\(fmt(frame.height - 6 * u))\" text-anchor=\"end\" font-size=\"\(fmt(10 * u))\" fill=\"#333333\" stroke=\"#ffffff\" stroke-width=\"\(fmt(2.5 * u))\" paint-order=\"stroke\">\(MarkupText.escape(attribution))</text>\n"
        s += "</svg>\n"
        return s
    }

    /// The lakes (`BoundaryDrawing.water`): one path of class `water`, filled in the sea's colour over the land
    /// with the even-odd rule (islands stay land), its shores stroked like the coasts.
    func waterLayer(unitsPerPixel u: Double) -> String {
        path(
            boundaries.water, closed: true,
            attributes:
                "class=\"water\" fill=\"\(Style.sea)\" fill-rule=\"evenodd\" stroke=\"\(Style.coast)\" stroke-width=\"\(fmt(0.9 * u))\" stroke-linejoin=\"round\""
        )
    }

    /// A point's position in the frame, on the world copy nearest the frame's centre.
    func place(latitude: Double, longitude: Double) -> (x: Double, y: Double) {
        var p = frame.position(latitude: latitude, longitude: longitude)
        let centre = frame.width / 2
        while p.x - centre > frame.worldSize / 2 { p.x -= frame.worldSize }
        while centre - p.x > frame.worldSize / 2 { p.x += frame.worldSize }
        return p
    }

    private func path(_ lists: [[Int32]], closed: Bool, attributes: String) -> String {
        guard !lists.isEmpty else { return "" }
        var d = ""
        d.reserveCapacity(lists.reduce(0) { $0 + $1.count * 5 })
        for list in lists where list.count >= 4 {
            d += "M"
            for k in stride(from: 0, to: list.count, by: 2) {
                if k > 0 { d += " " }
                d += "\(list[k]),\(list[k + 1])"
            }
            if closed { d += "Z" }
        }
        return "<path \(attributes) d=\"\(d)\"/>\n"
    }

    func fmt(_ v: Double) -> String {
        ((v * 100).rounded() / 100).plainText
    }

    /// The radius in pixels of a marker's disc, its white ring not included: 5 for one place, growing with the
    /// logarithm of a cluster's count up to 30.
    static func discRadius(count: Int) -> Double {
        count <= 1 ? 5 : min(30, 11 + 5 * log10(Double(count)))
    }

    /// 1234 -> "1.2k", as supercluster abbreviates counts.
    static func abbreviated(_ n: Int) -> String {
        if n >= 10_000 { return "\(Int((Double(n) / 1000).rounded()))k" }
        if n >= 1000 { return "\((Double(n) / 100).rounded() / 10)k" }
        return "\(n)"
    }
}
