import HometownCore

/// A JSON text read twice over with one `JSONCursor` walk, once keeping the first value of a repeated member
/// name and once the last: RFC 8259 (section 4) leaves the choice to the reader; `JSONValue.parse` keeps the
/// first, Foundation's `JSONSerialization` on Linux the last. Names count as repeated when their bytes are the
/// same or Swift's dictionaries take them for the same key (canonically equivalent).
enum DuplicateReadings {
    /// The first-wins and last-wins readings of `bytes`, or nil when the cursor refuses the text.
    static func read(_ bytes: [UInt8]) -> (first: JSONValue, last: JSONValue)? {
        try? JSONCursor.read(bytes) { (c: inout JSONCursor) throws -> (first: JSONValue, last: JSONValue) in
            let v = try value(&c)
            try c.end()
            return v
        }
    }

    private static func value(_ c: inout JSONCursor) throws -> (first: JSONValue, last: JSONValue) {
        switch c.peek() {
        case UInt8(ascii: "{")?:
            try c.enterObject()
            var first: [String: JSONValue] = [:]
            var last: [String: JSONValue] = [:]
            while let name = try c.nextMember() {
                let v = try value(&c)
                if first[name] == nil { first[name] = v.first }
                // A later name replaces both the value and the spelling of the key kept.
                last.removeValue(forKey: name)
                last[name] = v.last
            }
            return (.object(first), .object(last))
        case UInt8(ascii: "[")?:
            try c.enterArray()
            var first: [JSONValue] = []
            var last: [JSONValue] = []
            while try c.nextElement() {
                let v = try value(&c)
                first.append(v.first)
                last.append(v.last)
            }
            return (.array(first), .array(last))
        default:
            let v = try c.value()
            return (v, v)
        }
    }
}
