import CPROJ

/// Owns one `PJ_CONTEXT`. PROJ contexts are not thread-safe: a context and every object made in it stay on
/// one thread at a time (the types that hold one are not `Sendable`).
final class ProjContext {
    let handle: OpaquePointer

    init() throws {
        guard let h = proj_context_create() else { throw ProjError.contextCreationFailed }
        handle = h
        // Network access for grids is off: Hometown works offline with proj-data.
        proj_context_set_enable_network(h, 0)
        // PROJ's own log lines on stderr are off: every failure reaches the caller as a `ProjError` with PROJ's reason.
        proj_log_level(h, PJ_LOG_NONE)
    }

    /// PROJ's text for the context's last error, or a fallback.
    var lastErrorText: String {
        let code = proj_context_errno(handle)
        if let cstr = proj_context_errno_string(handle, code) { return String(cString: cstr) }
        return "PROJ error \(code)"
    }

    deinit { proj_context_destroy(handle) }
}
