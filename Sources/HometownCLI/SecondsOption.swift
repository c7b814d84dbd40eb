import ArgumentParser

/// The one rule for `serve`'s options given in seconds (timeouts): a finite number in range, kept to the
/// millisecond.
enum SecondsOption {
    /// `seconds` as a duration, rounded to whole milliseconds.
    /// - Parameters:
    ///   - name: the option as typed, e.g. `--idle-timeout`, for the message.
    ///   - allowZero: whether 0 s is allowed (else the value must be more than 0).
    ///   - maximum: the most seconds allowed.
    /// - Throws: `ValidationError` naming the option and its range.
    static func duration(_ seconds: Double, _ name: String, allowZero: Bool, atMost maximum: Int) throws -> Duration {
        guard seconds.isFinite, allowZero ? seconds >= 0 : seconds > 0, seconds <= Double(maximum) else {
            let least = allowZero ? "0 or more" : "more than 0"
            throw ValidationError("\(name) must be \(least) and at most \(maximum) seconds")
        }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }
}
