#if canImport(Glibc)
    import Glibc
#endif

/// The verdict of a fuzz target's oracle: a mismatch prints what disagreed and aborts, so that libFuzzer keeps
/// the input as a reproducer (`crash-<sha1>` under `.build-fuzz/findings/<target>/`) and the run fails.
enum Oracle {
    /// Stops the run when `condition` is false, printing `message()` (what was expected and what came out).
    static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fail(message()) }
    }

    /// Stops the run with `message`.
    static func fail(_ message: String) -> Never {
        // At most 2,000 characters of it: enough to see the difference, not a whole document.
        let shown = message.count > 2_000 ? message.prefix(2_000) + "..." : Substring(message)
        let line = Array("ORACLE MISMATCH: \(shown)\n".utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        abort()
    }
}
