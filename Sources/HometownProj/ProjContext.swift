import CPROJ

/// Owns one `PJ_CONTEXT`. PROJ contexts are not thread-safe: a context and every object made in it stay on
/// one thread at a time (the types that hold one are not `Sendable`).
final class ProjContext {
    let handle: OpaquePointer
    /// PROJ's functions (opened on first use).
    let proj: ProjSymbols

    /// - Throws: `ProjError.libraryUnavailable` when PROJ cannot be opened, `contextCreationFailed`.
    init() throws {
        proj = try ProjSymbols.get()
        guard let h = proj.contextCreate() else { throw ProjError.contextCreationFailed }
        handle = h
        // Network access for grids is off: Hometown works offline with proj-data.
        _ = proj.contextSetEnableNetwork(h, 0)
        // PROJ's own log lines on stderr are off: every failure reaches the caller as a `ProjError` with PROJ's reason.
        _ = proj.logLevel(h, PJ_LOG_NONE)
    }

    /// PROJ's text for the context's last error, or a fallback.
    var lastErrorText: String {
        let code = proj.contextErrno(handle)
        if let cstr = proj.contextErrnoString(handle, code) { return String(cString: cstr) }
        return "PROJ error \(code)"
    }

    deinit { _ = proj.contextDestroy(handle) }
}
