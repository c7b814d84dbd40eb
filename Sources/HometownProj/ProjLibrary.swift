import CPROJ

/// Facts about the PROJ library this module uses. PROJ is opened when first needed (see `ProjSymbols`).
public enum ProjLibrary {
    /// Opens PROJ now, so that a command can refuse to start with a clear reason instead of failing at its
    /// first geodesic. Later calls return at once.
    /// - Throws: `ProjError.libraryUnavailable` naming the library names tried and the loader's reason.
    public static func load() throws { _ = try ProjSymbols.get() }

    /// PROJ's release text, e.g. "Rel. 9.1.1, December 1st, 2022".
    /// - Throws: `ProjError.libraryUnavailable` when PROJ cannot be opened.
    public static func release() throws -> String { String(cString: try ProjSymbols.get().info().release) }
    /// PROJ's version, e.g. "9.1.1".
    /// - Throws: `ProjError.libraryUnavailable` when PROJ cannot be opened.
    public static func version() throws -> String { String(cString: try ProjSymbols.get().info().version) }
}
