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
/// - Foundation drops a byte order mark (EF BB BF) at the start of a string value: `"\u{FEFF}a"` sent as those
///   bytes reads as "a" (a string made from UTF-8 bytes loses a leading BOM), where RFC 8259 (and we) keep the
///   text as sent; found by the post-body target (corpus/post-body/regression-bom-in-password). Compared with
///   `droppedByteOrderMark`.
/// - Foundation takes the top level as any value only with `.fragmentsAllowed` (RFC 8259 allows any value
///   there): that option is always given.
enum FoundationJSON {
    /// Relative difference allowed between Foundation's numbers and ours (about 450 units in the last place).
    static let numberTolerance = 1e-13

    /// Whether Foundation's string is ours without the byte order mark ours starts with (see above).
    @Sendable static func droppedByteOrderMark(ours: String, foundation: String) -> Bool {
        ours.utf8.starts(with: [0xEF, 0xBB, 0xBF]) && ours.utf8.dropFirst(3).elementsEqual(foundation.utf8)
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
            let any = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
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
