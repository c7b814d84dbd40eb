/// A `Duration` in the units the server's options, log lines, metrics and database calls use: the one place that
/// turns one into seconds, milliseconds or nanoseconds.
public enum DurationUnits {
    /// `d` in seconds, with fractions.
    public static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    /// `d` in whole nanoseconds, rounded down.
    public static func wholeNanoseconds(_ d: Duration) -> Int64 {
        d.components.seconds * 1_000_000_000 + d.components.attoseconds / 1_000_000_000
    }

    /// `d` in whole milliseconds, rounded down.
    public static func wholeMilliseconds(_ d: Duration) -> Int64 {
        d.components.seconds * 1000 + d.components.attoseconds / 1_000_000_000_000_000
    }
}
