/// Foundation's `JSONSerialization` (Linux, Swift 6.3) accepts a comma before a closing `}` or `]`, which RFC 8259
/// does not allow (and we refuse). For the JSON oracle: the text with such commas taken out, or nil if it has
/// none (commas inside strings are text and stay).
enum TrailingCommas {
    static func removed(_ b: [UInt8]) -> [UInt8]? {
        var out: [UInt8] = []
        var inString = false
        var escaped = false
        var found = false
        for (k, c) in b.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if c == 0x5C {
                    escaped = true
                } else if c == 0x22 {
                    inString = false
                }
                out.append(c)
                continue
            }
            if c == 0x22 { inString = true }
            if c == 0x2C {
                var j = k + 1
                while j < b.count, b[j] == 0x20 || b[j] == 0x0A || b[j] == 0x0D || b[j] == 0x09 { j += 1 }
                if j < b.count, b[j] == 0x7D || b[j] == 0x5D {
                    found = true
                    continue
                }
            }
            out.append(c)
        }
        return found ? out : nil
    }
}
