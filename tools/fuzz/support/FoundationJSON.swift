import Foundation
import HometownCore

/// The oracle for JSON: what Foundation's `JSONSerialization` reads from the same bytes, as a `JSONValue`.
///
/// Where Foundation and RFC 8259 part ways, the difference is written here, each with its rule, so that the
/// comparison stays exact everywhere else:
/// - Foundation guesses UTF-16 or UTF-32 from NUL bytes and byte order marks at the start (RFC 8259 section 8.1
///   allows only UTF-8 between systems): for such input (`utf8Only`) our reader must refuse on its own, since a
///   NUL byte can be neither white space nor unescaped string content, and FE/FF start no JSON value.
/// - Foundation reads every number without a fraction or exponent that fits into an Int64 as that integer; "-0"
///   thus becomes 0 where RFC 8259's (and our) reading is the double -0.0: numbers are compared with `==`, which
///   holds for 0 == -0 and for nothing else that differs.
/// - Foundation (swift-corelibs-foundation of Swift 6.3) reads some decimal numbers a few units in the last place
///   off the nearest Double: "-79.04411780507252" as -79.04411780507255, where `Double(String)`, Python and we give
///   -79.04411780507252. Numbers are therefore compared within `numberTolerance` (relative); that our numbers are
///   the nearest Doubles, bit for bit, is the `decimal` target's oracle (against `Double(String)`).
/// - A member name given twice keeps its last value in Foundation (on Linux), its first with us: see
///   `DuplicateReadings`.
/// - Foundation drops a byte order mark (EF BB BF) that starts a run of unescaped bytes in a string or member
///   name: at the opening quote and right after each escape (`"\n\u{FEFF}a"` sent as those bytes reads as "\na"),
///   one mark a run; an escaped `\uFEFF` it keeps. RFC 8259 (and we) keep the text as sent. Found by the post-body
///   target (corpus/post-body/regression-bom-in-password), after escapes and in names by the json target
///   (corpus/json/regression-bom-after-escape, regression-bom-in-name). `read` therefore gives Foundation the same
///   JSON text with those marks written as escapes (`keepingByteOrderMarks`), which it reads as sent.
/// - Foundation takes the top level as any value only with `.fragmentsAllowed` (RFC 8259 allows any value
///   there): that option is always given.
enum FoundationJSON {
    /// Relative difference allowed between Foundation's numbers and ours (about 450 units in the last place).
    static let numberTolerance = 1e-13

    /// The same JSON text (by RFC 8259) with every raw byte order mark that Foundation would drop (see above)
    /// written as the escape `\uFEFF` instead; bytes outside strings, and invalid text, are left as they are.
    static func keepingByteOrderMarks(_ bytes: [UInt8]) -> [UInt8] {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let escape = Array("\\uFEFF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var k = 0
        var inString = false
        var runStart = false
        while k < bytes.count {
            let c = bytes[k]
            if !inString {
                out.append(c)
                k += 1
                if c == 0x22 {
                    inString = true
                    runStart = true
                }
                continue
            }
            if runStart, bytes[k...].starts(with: mark) {
                out += escape
                k += 3
                continue
            }
            runStart = false
            if c == 0x22 {
                inString = false
                out.append(c)
                k += 1
            } else if c == 0x5C {
                // An escape: `\uXXXX` is six bytes, any other two; a new run of unescaped bytes follows.
                let length = k + 1 < bytes.count && bytes[k + 1] == 0x75 ? 6 : 2
                let end = min(k + length, bytes.count)
                out += bytes[k..<end]
                k = end
                runStart = true
            } else {
                out.append(c)
                k += 1
            }
        }
        return out
    }

    /// What Foundation made of some bytes.
    enum Verdict {
        case value(JSONValue)
        case refused(String)
        /// Foundation reads these bytes as another encoding than UTF-8 (see above); not compared.
        case notUTF8
    }

    /// Foundation's reading of `bytes`.
    static func read(_ bytes: [UInt8]) -> Verdict {
        if bytes.contains(0) || bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            return .notUTF8
        }
        do {
            let any = try JSONSerialization.jsonObject(
                with: Data(keepingByteOrderMarks(bytes)), options: [.fragmentsAllowed])
            guard let v = value(any) else { return .refused("Foundation gave a value of type \(type(of: any))") }
            return .value(v)
        } catch {
            return .refused("\(error)")
        }
    }

    /// A value Foundation made, as a `JSONValue` (nil for a type JSON has no place for).
    static func value(_ any: Any) -> JSONValue? {
        if any is NSNull { return .null }
        if let s = any as? String { return .string(s) }
        if let n = any as? NSNumber {
            // Booleans come as NSNumbers too, told apart by their type code ("c" for a C char, i.e. BOOL).
            if type(of: any) == Bool.self || String(cString: n.objCType) == "c" { return .bool(n.boolValue) }
            return .number(n.doubleValue)
        }
        if let a = any as? [Any] {
            var out: [JSONValue] = []
            for e in a {
                guard let v = value(e) else { return nil }
                out.append(v)
            }
            return .array(out)
        }
        if let o = any as? [String: Any] {
            var out: [String: JSONValue] = [:]
            for (k, e) in o {
                guard let v = value(e) else { return nil }
                out[k] = v
            }
            return .object(out)
        }
        return nil
    }
}
