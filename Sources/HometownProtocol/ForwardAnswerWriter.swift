import HometownCore

/// Writes a `ForwardAnswer` straight into bytes: the text `AnswerEncoder` makes of it through the `Codable`
/// conformances (members in the order of their keys' UTF-8 bytes, strings and numbers by Core's `JSONWriter`,
/// absent names as `null`, `region`, `geonameid` and `unmatched` of `place` left out when absent), without the
/// encoder's tree of nodes and sorted members.
///
/// The conformances stay the definition of the format: `AnswerEncoder` takes this path for a `ForwardAnswer` only
/// because the answer is written at every keystroke of a place box, where building the tree was a third of the
/// server's time; `ForwardAnswerWriterTests` holds the two texts equal over seeded random answers and the real
/// ones of the bundled gazetteer.
enum ForwardAnswerWriter {
    /// Appends `answer` as compact JSON.
    /// - Throws: `EncodingError.invalidValue` for a number that is not finite, as the encoder does.
    static func write(_ answer: ForwardAnswer, to out: inout [UInt8]) throws {
        out.append(contentsOf: #"{"query":"#.utf8)
        JSONWriter.appendString(answer.query, to: &out)
        out.append(contentsOf: #","results":["#.utf8)
        for (n, result) in answer.results.enumerated() {
            if n > 0 { out.append(UInt8(ascii: ",")) }
            try write(result, to: &out)
        }
        out.append(contentsOf: "]}".utf8)
    }

    /// One result: `ServedAnswer`'s members (the place's summary, the served names, the place) in key order.
    static func write(_ r: ForwardAnswer.Result, to out: inout [UInt8]) throws {
        let p = r.place
        out.append(contentsOf: #"{"bbox":"#.utf8)
        try numbers(p.bbox, "bbox", to: &out)
        out.append(contentsOf: #","city":"#.utf8)
        string(r.served.city, to: &out)
        out.append(contentsOf: #","country":"#.utf8)
        string(r.served.country, to: &out)
        try kindPointAndName(p, to: &out)
        out.append(contentsOf: #","place":"#.utf8)
        try write(p, to: &out)
        out.append(contentsOf: #","score":"#.utf8)
        try number(p.score, "score", to: &out)
        out.append(contentsOf: #","state":"#.utf8)
        string(r.served.state, to: &out)
        out.append(contentsOf: #","supported":"#.utf8)
        out.append(contentsOf: (r.served.supported ? "true" : "false").utf8)
        out.append(contentsOf: #","unmatched":"#.utf8)
        string(p.unmatched, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// `ForwardPlace`'s members in key order.
    static func write(_ p: ForwardPlace, to out: inout [UInt8]) throws {
        out.append(contentsOf: #"{"bbox":"#.utf8)
        try numbers(p.bbox, "bbox", to: &out)
        out.append(contentsOf: #","country":"#.utf8)
        if let c = p.country {
            out.append(contentsOf: #"{"iso2":"#.utf8)
            string(c.iso2, to: &out)
            out.append(contentsOf: #","name":"#.utf8)
            JSONWriter.appendString(c.name, to: &out)
            out.append(UInt8(ascii: "}"))
        } else {
            out.append(contentsOf: "null".utf8)
        }
        if let id = p.geonameid {
            out.append(contentsOf: #","geonameid":"#.utf8)
            out.append(contentsOf: String(id).utf8)
        }
        try kindPointAndName(p, to: &out)
        out.append(contentsOf: #","population":"#.utf8)
        out.append(contentsOf: String(p.population).utf8)
        if let region = p.region {
            out.append(contentsOf: #","region":"#.utf8)
            subdivision(region, to: &out)
        }
        out.append(contentsOf: #","score":"#.utf8)
        try number(p.score, "score", to: &out)
        out.append(contentsOf: #","state":"#.utf8)
        if let s = p.state { subdivision(s, to: &out) } else { out.append(contentsOf: "null".utf8) }
        if let unmatched = p.unmatched {
            out.append(contentsOf: #","unmatched":"#.utf8)
            JSONWriter.appendString(unmatched, to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    /// `,"kind":…,"latitude":…,"longitude":…,"name":…`, which a result and its place both hold, in this order.
    static func kindPointAndName(_ p: ForwardPlace, to out: inout [UInt8]) throws {
        out.append(contentsOf: #","kind":"#.utf8)
        JSONWriter.appendString(p.kind, to: &out)
        out.append(contentsOf: #","latitude":"#.utf8)
        try number(p.latitude, "latitude", to: &out)
        out.append(contentsOf: #","longitude":"#.utf8)
        try number(p.longitude, "longitude", to: &out)
        out.append(contentsOf: #","name":"#.utf8)
        JSONWriter.appendString(p.name, to: &out)
    }

    static func subdivision(_ s: Subdivision, to out: inout [UInt8]) {
        out.append(contentsOf: #"{"iso":"#.utf8)
        string(s.iso, to: &out)
        out.append(contentsOf: #","name":"#.utf8)
        JSONWriter.appendString(s.name, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    static func string(_ s: String?, to out: inout [UInt8]) {
        if let s { JSONWriter.appendString(s, to: &out) } else { out.append(contentsOf: "null".utf8) }
    }

    static func number(_ d: Double, _ key: String, to out: inout [UInt8]) throws {
        guard d.isFinite else {
            throw EncodingError.invalidValue(
                d, EncodingError.Context(codingPath: [], debugDescription: "\(key): \(d) is not a JSON number"))
        }
        JSONWriter.appendNumber(d, to: &out)
    }

    static func numbers(_ ds: [Double], _ key: String, to out: inout [UInt8]) throws {
        out.append(UInt8(ascii: "["))
        for (n, d) in ds.enumerated() {
            if n > 0 { out.append(UInt8(ascii: ",")) }
            try number(d, key, to: &out)
        }
        out.append(UInt8(ascii: "]"))
    }
}
