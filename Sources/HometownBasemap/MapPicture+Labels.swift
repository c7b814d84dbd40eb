import Foundation
import HometownCore

extension MapPicture {
    /// The label colours, the same as the web app's (`.ht-label-*` in `Public/app.css`).
    enum LabelStyle {
        static let country = "#4a3b2f", state = "#7a6652", city = "#222222", dot = "#333333", halo = "#ffffff"
    }

    /// The names of `labels` that lie wholly inside the picture, kept readable around the markers and clear of
    /// the corners the picture writes in (`MarkerClearance`: a name a marker would cover moves beside it), as SVG:
    /// a city's dot, then each name as a `<text>` with a white halo (a stroke painted under the fill). Drawn before
    /// the markers, so that a marker covers the dot of the place it stands on. `u`: drawing units per pixel.
    func labelsSVG(u: Double) -> String {
        guard let labels else { return "" }
        let r = labels.dotRadius * u
        var dots = ""
        var texts = ""
        for (l, x, y, t) in placedNames(u: u) {
            if l.hasDot {
                dots +=
                    "<circle cx=\"\(fmt(x))\" cy=\"\(fmt(y))\" r=\"\(fmt(r))\" fill=\"\(LabelStyle.dot)\" stroke=\"\(LabelStyle.halo)\" stroke-width=\"\(fmt(u))\"/>\n"
            }
            let (tx, anchor): (Double, String)
            switch l.anchor {
            case .right: (tx, anchor) = (t.minX, "start")
            case .left: (tx, anchor) = (t.maxX, "end")
            case .center, .above, .below: (tx, anchor) = ((t.minX + t.maxX) / 2, "middle")
            }
            let colour = l.kind == .country ? LabelStyle.country : l.kind == .state ? LabelStyle.state : LabelStyle.city
            texts +=
                "<text class=\"label-\(l.kind.name)\" x=\"\(fmt(tx))\" y=\"\(fmt((t.minY + t.maxY) / 2))\" dy=\"0.35em\" text-anchor=\"\(anchor)\" font-size=\"\(fmt(l.fontSize * u))\"\(l.bold ? " font-weight=\"bold\"" : "") fill=\"\(colour)\" stroke=\"\(LabelStyle.halo)\" stroke-width=\"\(fmt(2.5 * u))\" stroke-linejoin=\"round\" paint-order=\"stroke\">\(MarkupText.escape(l.name))</text>\n"
        }
        return dots + texts
    }

    /// The names drawn, in rank order: each label with its point and its text's box where it ends up, in drawing
    /// units (`u` per pixel).
    func placedNames(u: Double) -> [(label: MapLabel, x: Double, y: Double, text: PixelBox)] {
        guard let labels else { return [] }
        let shown = labels.labels(inside: frame, unitsPerPixel: u)
        let r = labels.dotRadius * u
        let names = shown.map { (l, x, y) in
            MarkerClearance.Name(
                text: l.text.scaled(u).offset(x, y),
                dot: l.hasDot ? PixelBox(minX: x - r, minY: y - r, maxX: x + r, maxY: y + r) : nil)
        }
        let offsets = MarkerClearance.offsets(
            for: names, obstacles: markerBoxes(u: u) + reservedCorners(u: u), gap: 2 * u,
            bounds: PixelBox(minX: 0, minY: 0, maxX: frame.width, maxY: frame.height))
        return shown.indices.compactMap { i in
            offsets[i].map { (shown[i].label, shown[i].x, shown[i].y, names[i].text.offset($0.dx, $0.dy)) }
        }
    }

    /// The markers' discs (as `svg()` draws them, with their white ring), as boxes in drawing units.
    func markerBoxes(u: Double) -> [PixelBox] {
        markers.map { m in
            let p = place(latitude: m.latitude, longitude: m.longitude)
            // The disc and its ring (1.5 pixels wide for one place, 2 for a cluster), and half a pixel around one place.
            let r = (Self.discRadius(count: m.count) + (m.count <= 1 ? 1.5 : 1)) * u
            return PixelBox(minX: p.x - r, minY: p.y - r, maxX: p.x + r, maxY: p.y + r)
        }
    }

    /// The corners `svg()` writes in, kept free of names: the attribution at the bottom right and the title at
    /// the top left (their text's estimated width, halo included), in drawing units.
    func reservedCorners(u: Double) -> [PixelBox] {
        let w = frame.width
        let h = frame.height
        let credit = TextWidth.estimate(attribution, fontSize: 10) + 10
        var corners = [PixelBox(minX: w - credit * u, minY: h - 18 * u, maxX: w, maxY: h)]
        if let title {
            let width = TextWidth.estimate(title, fontSize: 15, bold: true) + 14
            corners.append(PixelBox(minX: 0, minY: 0, maxX: width * u, maxY: 28 * u))
        }
        return corners
    }
}
