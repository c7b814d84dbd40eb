import Foundation
import HometownCore

extension MapPicture {
    /// The label colours, the same as the web app's (`.ht-label-*` in `Public/app.css`).
    enum LabelStyle {
        static let country = "#4a3b2f", state = "#7a6652", city = "#222222", dot = "#333333", halo = "#ffffff"
    }

    /// The names of `labels` that lie wholly inside the picture and clear of every marker, as SVG: a city's dot,
    /// then each name as a `<text>` with a white halo (a stroke painted under the fill). `u`: drawing units per
    /// pixel.
    func labelsSVG(u: Double) -> String {
        guard let labels else { return "" }
        // The markers' discs (as `svg()` draws them), which no name may hide.
        let markerBoxes = markers.map { m -> PixelBox in
            let p = place(latitude: m.latitude, longitude: m.longitude)
            let r = (m.count <= 1 ? 6.5 : min(30, 11 + 5 * log10(Double(m.count))) + 1) * u
            return PixelBox(minX: p.x - r, minY: p.y - r, maxX: p.x + r, maxY: p.y + r)
        }
        var dots = ""
        var texts = ""
        for (l, x, y) in labels.labels(inside: frame, unitsPerPixel: u) {
            let box = l.footprint(dotRadius: labels.dotRadius).scaled(u).offset(x, y)
            guard !markerBoxes.contains(where: { $0.overlaps(box) }) else { continue }
            if l.hasDot {
                dots +=
                    "<circle cx=\"\(fmt(x))\" cy=\"\(fmt(y))\" r=\"\(fmt(labels.dotRadius * u))\" fill=\"\(LabelStyle.dot)\" stroke=\"\(LabelStyle.halo)\" stroke-width=\"\(fmt(u))\"/>\n"
            }
            let t = l.text.scaled(u).offset(x, y)
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
}
