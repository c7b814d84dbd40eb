#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Instants as milliseconds since 1970-01-01T00:00:00Z, written and read as UTC ISO 8601 with milliseconds
/// ("2017-03-01T20:31:00.632Z"), on the proleptic Gregorian calendar. Used by the protocol's `time-stamp` and the
/// server's log lines.
public enum UTCTime {
    /// Now, in milliseconds since 1970-01-01T00:00:00Z (the real-time clock).
    public static func nowMilliseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
    }

    /// `ms` (milliseconds since 1970-01-01T00:00:00Z) as "YYYY-MM-DDThh:mm:ss.sssZ".
    public static func iso8601(milliseconds ms: Int64) -> String {
        let millis = Int((ms % 1000 + 1000) % 1000)
        let seconds = (ms - Int64(millis)) / 1000
        let days = Int(seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400)
        let secOfDay = Int(seconds - Int64(days) * 86400)
        let (y, m, d) = civil(daysSinceEpoch: days)
        func pad(_ v: Int, _ width: Int) -> String {
            let s = String(v)
            return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
        }
        return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(secOfDay / 3600, 2)):\(pad(secOfDay / 60 % 60, 2)):"
            + "\(pad(secOfDay % 60, 2)).\(pad(millis, 3))Z"
    }

    /// The UTC year of an instant (milliseconds since 1970-01-01T00:00:00Z).
    public static func year(milliseconds ms: Int64) -> Int {
        let days = Int((ms >= 0 ? ms : ms - 86_399_999) / 86_400_000)
        return civil(daysSinceEpoch: days).0
    }

    /// Proleptic Gregorian (year, month, day) of a day count from 1970-01-01 (Howard Hinnant's civil-from-days
    /// algorithm).
    public static func civil(daysSinceEpoch z0: Int) -> (year: Int, month: Int, day: Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (the inverse of `civil`).
    public static func daysSinceEpoch(year y0: Int, month m: Int, day d: Int) -> Int {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
