import HometownCore

/// Exact equality of JSON values for the oracles: strings (and member names) byte for byte in UTF-8, not by
/// Swift's canonical equivalence ("é" precomposed and decomposed are different texts to a JSON reader);
/// numbers by `==` (so 0 and -0 are equal, see `FoundationJSON`), or within a relative `tolerance`.
enum JSONSame {
    static func same(
        _ a: JSONValue, _ b: JSONValue, tolerance: Double = 0
    ) -> Bool {
        func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
            JSONSame.same(a, b, tolerance: tolerance)
        }
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y || abs(x - y) <= tolerance * max(abs(x), abs(y))
        case (.string(let x), .string(let y)):
            return x.utf8.elementsEqual(y.utf8)
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case (.object(let x), .object(let y)):
            let xk = x.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            let yk = y.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            return xk.count == yk.count
                && zip(xk, yk).allSatisfy { $0.utf8.elementsEqual($1.utf8) && same(x[$0]!, y[$1]!) }
        default: return false
        }
    }

    /// Where `a` and `b` first differ (a path such as `[3].geometry.coordinates[0]`, with both values), or nil.
    static func difference(
        _ a: JSONValue, _ b: JSONValue, tolerance: Double = 0,
        at path: String = ""
    ) -> String? {
        if same(a, b, tolerance: tolerance) { return nil }
        switch (a, b) {
        case (.array(let x), .array(let y)) where x.count == y.count:
            for (k, (p, q)) in zip(x, y).enumerated() {
                if let d = difference(p, q, tolerance: tolerance, at: path + "[\(k)]") {
                    return d
                }
            }
        case (.object(let x), .object(let y)) where x.count == y.count:
            for (k, p) in x {
                guard let q = y[k] else { break }
                if let d = difference(p, q, tolerance: tolerance, at: path + ".\(k)") {
                    return d
                }
            }
        default: break
        }
        return "at \(path.isEmpty ? "the top" : path): \(a) and \(b)"
    }
}
