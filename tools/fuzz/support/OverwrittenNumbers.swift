import Foundation

/// Foundation's `JSONSerialization` (Linux, Swift 6.3) converts a member's number only when the member is kept:
/// `{"a": 1e999, "a": 1}` reads as `["a": 1]`, while `{"a": 1e999}` is refused ("Number 1e999 is not
/// representable"). We refuse both: the text holds a number out of Double's range. For the JSON oracle: when we
/// refuse a text for a number out of range and Foundation reads it, the number we named (at our error's offset)
/// must be one that Foundation refuses on its own, in `[...]`.
enum OverwrittenNumbers {
    /// Whether `bytes` at `offset` start a JSON number that Foundation refuses when it stands alone.
    static func foundationRefusesNumber(in bytes: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset < bytes.count else { return false }
        var end = offset
        while end < bytes.count, "0123456789+-.eE".utf8.contains(bytes[end]) { end += 1 }
        guard end > offset else { return false }
        let alone = [UInt8(ascii: "[")] + bytes[offset..<end] + [UInt8(ascii: "]")]
        return (try? JSONSerialization.jsonObject(with: Data(alone), options: [.fragmentsAllowed])) == nil
    }
}
