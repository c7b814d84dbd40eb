import CPROJ
import HometownCore

/// Owns one `PJ_CONTEXT`. PROJ contexts are not thread-safe: a context and every object made in it stay on
/// one thread at a time (the types that hold one are not `Sendable`).
final class ProjContext {
    let handle: OpaquePointer
    /// PROJ's functions (opened on first use).
    let proj: ProjSymbols

    /// PROJ's error lines for this context since `forgetErrors()`, kept here instead of printed on stderr.
    private let errors = ProjErrorLines()

    /// - Throws: `ProjError.libraryUnavailable` when PROJ cannot be opened, `contextCreationFailed`.
    init() throws {
        proj = try ProjSymbols.get()
        guard let h = proj.contextCreate() else { throw ProjError.contextCreationFailed }
        handle = h
        // Network access for grids is off: Hometown works offline with proj-data.
        _ = proj.contextSetEnableNetwork(h, 0)
        // PROJ's error lines come here, not to stderr: a failure's `ProjError` carries them, since its error code
        // alone often says only "Unknown error" (an unknown CRS). `errors` lives as long as the context.
        proj.logFunc(h, Unmanaged.passUnretained(errors).toOpaque()) { sink, _, line in
            guard let sink, let line else { return }
            Unmanaged<ProjErrorLines>.fromOpaque(sink).takeUnretainedValue().add(String(cString: line))
        }
        _ = proj.logLevel(h, PJ_LOG_ERROR)
    }

    /// Forgets PROJ's earlier error lines: called before a call whose failure is to be explained.
    func forgetErrors() { errors.clear() }

    /// PROJ's text for the context's last error: its error lines since `forgetErrors()`, else the text of its error
    /// code, else the code.
    var lastErrorText: String {
        if let lines = errors.text { return lines }
        let code = proj.contextErrno(handle)
        if let cstr = proj.contextErrnoString(handle, code) { return String(cString: cstr) }
        return "PROJ error \(code)"
    }

    /// Whether PROJ finds its database (proj.db, from proj-data), without which no CRS code is known. Asking may
    /// log lines of its own: read `lastErrorText` first.
    var hasDatabase: Bool { proj.contextGetDatabasePath(handle) != nil }

    deinit { _ = proj.contextDestroy(handle) }
}

/// The error lines PROJ logged for one context: at most `maxLines`, each cut to `maxCharacters`.
final class ProjErrorLines {
    static let maxLines = 4
    static let maxCharacters = 300
    private var lines: [String] = []

    /// Keeps `line` without the name of the PROJ function that logged it ("proj_create: crs not found").
    func add(_ line: String) {
        guard lines.count < Self.maxLines else { return }
        var text = line.trimmingSpaces()
        if text.hasPrefix("proj_"), let colon = text.firstIndex(of: ":"),
            text[..<colon].allSatisfy({ $0 == "_" || ("a"..."z").contains($0) })
        {
            text = String(text[text.index(after: colon)...]).trimmingSpaces()
        }
        let trimmed = String(text.prefix(Self.maxCharacters))
        if !trimmed.isEmpty, lines.last != trimmed { lines.append(trimmed) }
    }

    func clear() { lines = [] }

    /// The lines joined by "; ", or nil when there are none.
    var text: String? { lines.isEmpty ? nil : lines.joined(separator: "; ") }
}
