import Foundation

/// How many times slower than an ordinary debug build the code under test runs: 1, or the whole number in
/// `HOMETOWN_TEST_SLOWDOWN` (tools/sanitizers/run.sh sets 4 under ThreadSanitizer, which makes code 5-15 times
/// slower, and 2 under AddressSanitizer).
///
/// Time bounds that catch a hang or a wait far too long (a post that never ends, a refusal that is not prompt) are
/// multiplied by it, so that the same test runs under a sanitizer instead of being skipped there. Bounds that
/// measure speed are not: those tests (ServerLoadTests) do not run under a sanitizer at all.
public enum TestSlowdown {
    public static let factor: Int = {
        let text = ProcessInfo.processInfo.environment["HOMETOWN_TEST_SLOWDOWN"] ?? ""
        return max(1, Int(text) ?? 1)
    }()

    /// `duration` times the factor.
    public static func scaled(_ duration: Duration) -> Duration { duration * factor }

    /// `seconds` times the factor.
    public static func seconds(_ seconds: Double) -> Double { seconds * Double(factor) }
}
