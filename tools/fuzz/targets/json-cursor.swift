// fuzz-build: modules=HometownCore support=Oracle,FuzzBytes,JSONSame
@testable import HometownCore

/// `JSONCursor` against `JSONValue.parse`: walking the whole text with the cursor, using each of its ways to
/// read (member names plain or among known names with `rewind`, numbers, strings, null, whole values, skipping),
/// chosen by the input's hash, rebuilds exactly the value the parser reads, and refuses exactly what it refuses.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONCursor(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let buffer = UnsafeBufferPointer(start: data, count: size)
    var choices = FuzzBytes(buffer)
    let bytes = Array(buffer)
    let parsed = try? JSONValue.parse(bytes)
    var skipped = false
    let walked = try? JSONCursor.read(bytes) { (c: inout JSONCursor) throws -> JSONValue in
        let v = try CursorWalk.value(&c, &choices, skipped: &skipped)
        try c.end()
        return v
    }
    switch (parsed, walked) {
    case (nil, nil): break
    case (let p?, let w?):
        // A skipped value is checked for grammar only; the rest must be equal.
        if !skipped { Oracle.check(JSONSame.same(p, w), "cursor read \(w), parser read \(p)") }
    case (let p?, nil): Oracle.fail("the cursor refuses what the parser reads as \(p)")
    case (nil, let w?): Oracle.fail("the cursor reads \(w) where the parser refuses")
    }
    return 0
}

/// A walk of a JSON text through `JSONCursor`'s reading methods, rebuilding the value.
enum CursorWalk {
    static let names: [StaticString] = ["type", "id", "a", "", "coordinates", "\u{e9}"]

    static func value(_ c: inout JSONCursor, _ choices: inout FuzzBytes, skipped: inout Bool) throws -> JSONValue {
        switch c.peek() {
        case UInt8(ascii: "{")?:
            if choices.next() % 8 == 0 { return try c.value() }
            try c.enterObject()
            var members: [String: JSONValue] = [:]
            while true {
                let name: String
                if choices.next() % 2 == 0 {
                    guard let n = try c.nextMember() else { break }
                    name = n
                } else {
                    let mark = c.mark
                    guard let k = try c.nextMember(among: names) else { break }
                    if k < names.count {
                        name = names[k].description
                    } else {
                        c.rewind(to: mark)
                        name = try c.nextMember()!
                    }
                }
                let v = try value(&c, &choices, skipped: &skipped)
                if members[name] == nil { members[name] = v }
            }
            return .object(members)
        case UInt8(ascii: "[")?:
            if choices.next() % 8 == 0 { return try c.value() }
            try c.enterArray()
            var items: [JSONValue] = []
            while try c.nextElement() { items.append(try value(&c, &choices, skipped: &skipped)) }
            return .array(items)
        default:
            switch choices.next() % 6 {
            case 0:
                if let d = try c.number() { return .number(d) }
            case 1:
                if let s = try c.string() { return .string(s) }
            case 2:
                if try c.null() { return .null }
            case 3:
                let mark = c.mark
                if let k = try c.string(among: names) {
                    if k < names.count { return .string(names[k].description) }
                    c.rewind(to: mark)
                    return .string(try c.string()!)
                }
            case 4:
                try c.skipValue()
                skipped = true
                return .null
            default: break
            }
            return try c.value()
        }
    }
}
