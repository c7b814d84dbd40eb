/// Reads polygon records (shape types 5, 15, 25) from a .shp file into rings of (longitude, latitude).
/// Null shapes give an empty record; other shape types are an error naming the record.
struct ShapefileReader {
    /// One entry per record; each a list of rings with the closing point repeated.
    let records: [[[(Double, Double)]]]

    init(path: String) throws {
        let r = try BinaryReader(path: path)
        guard try r.u32be(0) == 9994 else {
            throw BuildError.malformed(path: path, detail: "not a shapefile (file code)")
        }
        var records: [[[(Double, Double)]]] = []
        var o = 100
        while o + 8 <= r.bytes.count {
            let number = try r.u32be(o)
            let contentBytes = Int(try r.u32be(o + 4)) * 2
            let c = o + 8
            try r.check(c, contentBytes)
            let type = try r.u32le(c)
            if type == 0 {
                records.append([])
            } else if type == 5 || type == 15 || type == 25 {
                let numParts = Int(try r.u32le(c + 36))
                let numPoints = Int(try r.u32le(c + 40))
                var parts: [Int] = []
                for k in 0..<numParts { parts.append(Int(try r.u32le(c + 44 + 4 * k))) }
                let pts = c + 44 + 4 * numParts
                var rings: [[(Double, Double)]] = []
                for k in 0..<numParts {
                    let a = parts[k]
                    let b = k + 1 < numParts ? parts[k + 1] : numPoints
                    guard a <= b, b <= numPoints else {
                        throw BuildError.malformed(
                            path: path, detail: "record \(number): part \(k) has bad point range \(a)..<\(b)")
                    }
                    var ring: [(Double, Double)] = []
                    ring.reserveCapacity(b - a)
                    for i in a..<b { ring.append((try r.f64le(pts + 16 * i), try r.f64le(pts + 16 * i + 8))) }
                    rings.append(ring)
                }
                records.append(rings)
            } else {
                throw BuildError.malformed(
                    path: path, detail: "record \(number) has shape type \(type), expected polygons")
            }
            o = c + contentBytes
        }
        self.records = records
    }

    /// Groups shapefile rings into polygons: clockwise rings are shells, counter-clockwise rings are holes,
    /// each hole going to the smallest shell that contains its first vertex.
    static func polygons(from rings: [[(Double, Double)]]) -> [[[(Double, Double)]]] {
        func inside(_ p: (Double, Double), _ r: [(Double, Double)]) -> Bool {
            var c = false
            var j = r.count - 1
            for i in 0..<r.count {
                if (r[i].1 > p.1) != (r[j].1 > p.1),
                    p.0 < (r[j].0 - r[i].0) * (p.1 - r[i].1) / (r[j].1 - r[i].1) + r[i].0
                {
                    c.toggle()
                }
                j = i
            }
            return c
        }
        var shells: [(ring: [(Double, Double)], area: Double, holes: [[(Double, Double)]])] = []
        var holes: [[(Double, Double)]] = []
        for r in rings where r.count >= 4 {
            let a = StateCatalog.ringArea(r)
            if a < 0 { shells.append((r, -a, [])) } else if a > 0 { holes.append(r) }
        }
        for h in holes {
            var best = -1
            for (i, s) in shells.enumerated() where inside(h[0], s.ring) {
                if best < 0 || s.area < shells[best].area { best = i }
            }
            if best >= 0 {
                shells[best].holes.append(h)
            } else {
                // A counter-clockwise ring outside every shell: treat it as a shell (mis-oriented data).
                shells.append((h.reversed(), 0, []))
            }
        }
        return shells.map { [$0.ring] + $0.holes }
    }
}
