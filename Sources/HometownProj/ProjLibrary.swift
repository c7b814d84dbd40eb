import CPROJ

/// Facts about the PROJ library this module is linked with.
public enum ProjLibrary {
    /// PROJ's release text, e.g. "Rel. 9.1.1, December 1st, 2022".
    public static var release: String { String(cString: proj_info().release) }
    /// PROJ's version, e.g. "9.1.1".
    public static var version: String { String(cString: proj_info().version) }
}
