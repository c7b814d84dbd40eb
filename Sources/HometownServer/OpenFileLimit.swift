#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's limit on open files (`RLIMIT_NOFILE`), which bounds the connections the server can hold.
enum OpenFileLimit {
    #if os(Linux)
        private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
        private static let resource = RLIMIT_NOFILE
    #endif
    /// `RLIM_INFINITY` (all bits set; the C macro does not import).
    private static let infinity = rlim_t.max

    /// Raises the soft limit to the hard limit (capped at 1,048,576) when it is lower, and returns the soft limit
    /// in force afterwards. A limit that cannot be read counts as 1,024, the usual default.
    static func raise() -> Int {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return 1024 }
        let cap: rlim_t = 1 << 20
        let wanted = limit.rlim_max == Self.infinity ? cap : min(limit.rlim_max, cap)
        if limit.rlim_cur != Self.infinity, limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = wanted
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        return limit.rlim_cur == Self.infinity ? Int(cap) : Int(limit.rlim_cur)
    }
}
