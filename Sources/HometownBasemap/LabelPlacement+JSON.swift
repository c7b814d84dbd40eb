import HometownCore

extension LabelPlacement {
    /// The JSON answer for tile `z`/`x`/`y` (see `labels(meetingTile:x:y:)`):
    /// `{"z","x","y","zoom","labels":[{"id","kind","name","lat","lon","rank","size","bold","anchor","box"}]}`, where
    /// `zoom` is the zoom the labels were placed at, `lat`/`lon` the point in degrees, `size` the font size in
    /// pixels and `box` the text's [minX, minY, maxX, maxY] in pixels relative to the point.
    public func tileJSON(z: Int, x: Int, y: Int) -> [UInt8] {
        var out: [UInt8] = []
        out += Array("{\"z\":\(z),\"x\":\(x),\"y\":\(y),\"zoom\":\(zoom),\"labels\":[".utf8)
        for (k, l) in labels(meetingTile: z, x: x, y: y).enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            out += Array("{\"id\":".utf8)
            JSONWriter.appendString(l.id, to: &out)
            out += Array(",\"kind\":\"\(l.kind.name)\",\"name\":".utf8)
            JSONWriter.appendString(l.name, to: &out)
            out += Array(",\"lat\":\(JSONWriter.number(l.latitude, digits: 6))".utf8)
            out += Array(",\"lon\":\(JSONWriter.number(l.longitude, digits: 6))".utf8)
            out += Array(",\"rank\":\(l.rank),\"size\":\(JSONWriter.number(l.fontSize, digits: 1))".utf8)
            out += Array(",\"bold\":\(l.bold),\"anchor\":\"\(l.anchor.name)\",\"box\":[".utf8)
            let b = l.text
            out += Array(
                [b.minX, b.minY, b.maxX, b.maxY].map { JSONWriter.number($0, digits: 1) }.joined(separator: ",").utf8)
            out += Array("]}".utf8)
        }
        out += Array("]}".utf8)
        return out
    }
}
