/// A second reader of query strings, from `QueryString`'s documentation.
enum ReferenceQuery {
    static func parse(_ q: [UInt8]) -> [[[UInt8]]]? {
        var out: [[[UInt8]]] = []
        var piece: [UInt8] = []
        for b in q + [UInt8(ascii: "&")] {
            guard b == UInt8(ascii: "&") else {
                piece.append(b)
                continue
            }
            defer { piece = [] }
            if piece.isEmpty { continue }
            let eq = piece.firstIndex(of: UInt8(ascii: "=")) ?? piece.count
            guard let name = decode(piece[0..<eq]),
                let value = decode(eq < piece.count ? piece[(eq + 1)...] : [])
            else { return nil }
            out.append([name, value])
        }
        return out
    }

    static func decode(_ s: ArraySlice<UInt8>) -> [UInt8]? {
        let s = Array(s)
        var out: [UInt8] = []
        var i = 0
        while i < s.count {
            switch s[i] {
            case UInt8(ascii: "+"):
                out.append(0x20)
                i += 1
            case UInt8(ascii: "%"):
                guard i + 2 < s.count, let v = UInt8(String(decoding: s[(i + 1)...(i + 2)], as: UTF8.self), radix: 16),
                    s[(i + 1)...(i + 2)].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
                else { return nil }
                out.append(v)
                i += 3
            default:
                out.append(s[i])
                i += 1
            }
        }
        return String(validating: out, as: UTF8.self) == nil ? nil : out
    }
}
