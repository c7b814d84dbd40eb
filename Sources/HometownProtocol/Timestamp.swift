import HometownCore

/// The protocol's `time-stamp`: UTC, ISO 8601 with milliseconds ("2017-03-01T20:31:00.632Z"), as `UTCTime`
/// writes it.
public enum Timestamp {
    /// Formats milliseconds since 1970-01-01T00:00:00Z.
    public static func iso8601(milliseconds ms: Int64) -> String { UTCTime.iso8601(milliseconds: ms) }

    /// Parses the form `iso8601(milliseconds:)` writes (also without milliseconds); nil for anything else.
    public static func milliseconds(iso8601 text: String) -> Int64? {
        let b = Array(text.utf8)
        guard b.count == 20 || b.count == 24, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"),
            b[10] == UInt8(ascii: "T"), b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
            b.last == UInt8(ascii: "Z")
        else { return nil }
        func num(_ r: Range<Int>) -> Int? {
            var v = 0
            for i in r {
                guard b[i] >= 48, b[i] <= 57 else { return nil }
                v = v * 10 + Int(b[i] - 48)
            }
            return v
        }
        guard let y = num(0..<4), let mo = num(5..<7), let d = num(8..<10), let h = num(11..<13), let mi = num(14..<16),
            let s = num(17..<19), (1...12).contains(mo), (1...31).contains(d), h < 24, mi < 60, s < 60
        else { return nil }
        var ms = 0
        if b.count == 24 {
            guard b[19] == UInt8(ascii: "."), let f = num(20..<23) else { return nil }
            ms = f
        }
        let days = UTCTime.daysSinceEpoch(year: y, month: mo, day: d)
        return (Int64(days) * 86400 + Int64(h * 3600 + mi * 60 + s)) * 1000 + Int64(ms)
    }

    /// Now, in milliseconds since 1970-01-01T00:00:00Z (the real-time clock).
    public static func nowMilliseconds() -> Int64 { UTCTime.nowMilliseconds() }

    /// The UTC year of an instant.
    public static func year(milliseconds ms: Int64) -> Int { UTCTime.year(milliseconds: ms) }
}
