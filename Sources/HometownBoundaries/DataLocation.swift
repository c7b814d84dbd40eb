#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where Hometown's data files (`hometown.bin`, `gazetteer.bin` and the map files beside them) are found when a
/// caller gives no path. The folders, in this order:
///
/// 1. `$HOMETOWN_DATA`: the folder holding the files, or the path of `hometown.bin` (its folder then holds the
///    others). When it is set, nothing else is looked in.
/// 2. `../share/hometown/` beside the executable: an installed package (`/usr/bin/hometown` reads
///    `/usr/share/hometown/`, a `.tar.gz` unpacked under any prefix the same).
/// 3. `data/` of the Hometown checkout the executable was built in, only when the executable lies inside that
///    checkout's build folder (`.build`, `.build-tsan`, ...): `swift run`, `swift test`, `.build/debug/hometown`.
///
/// Nothing else: no path of the machine that built the binary is kept in it, and the current folder is not
/// looked in. Library users who ship the files elsewhere pass the path to each loader
/// (`ReverseGeocoder(path:)`, `Gazetteer(path:)`).
public enum DataLocation {
    /// A folder looked in, and why.
    public struct Place: Sendable, Equatable, CustomStringConvertible {
        /// The folder, without a trailing slash.
        public let folder: String
        /// Why it is looked in ("$HOMETOWN_DATA", "beside the executable", "the checkout it was built in").
        public let reason: String

        public init(folder: String, reason: String) {
            self.folder = folder
            self.reason = reason
        }

        public var description: String { "\(folder)/ (\(reason))" }
    }

    /// The folders to look in, in order, for a process whose `HOMETOWN_DATA` is `environment` (nil or empty: not
    /// set) and whose executable is at `executable` (nil: unknown).
    public static func places(environment: String?, executable: String?) -> [Place] {
        if let env = environment, !env.isEmpty {
            let folder = env.hasSuffix(".bin") ? parent(of: env) : trimmed(env)
            return [Place(folder: folder, reason: "$HOMETOWN_DATA")]
        }
        guard let executable, executable.hasPrefix("/") else { return [] }
        let exeFolder = parent(of: executable)
        var result = [Place(folder: exeFolder + "/../share/hometown", reason: "beside the executable")]
        // The checkout: the folder holding the last `.build*` component of the executable's path.
        let parts = executable.split(separator: "/", omittingEmptySubsequences: false)
        if let i = parts.lastIndex(where: { $0 == ".build" || $0.hasPrefix(".build-") }), i > 0 {
            let root = parts[..<i].joined(separator: "/")
            result.append(Place(folder: root + "/data", reason: "the checkout it was built in"))
        }
        return result
    }

    /// The folders this process looks in: `places(environment:executable:)` with its own `HOMETOWN_DATA` and
    /// executable.
    public static func defaultPlaces() -> [Place] {
        places(environment: getenv("HOMETOWN_DATA").map { String(cString: $0) }, executable: executablePath())
    }

    /// `file` (a name such as `hometown.bin`) in the first of `places` that holds a readable one; nil when none
    /// does.
    public static func find(_ file: String, in places: [Place]) -> String? {
        for p in places where access(p.folder + "/" + file, R_OK) == 0 { return p.folder + "/" + file }
        return nil
    }

    /// `file` in the first of this process's places that holds it.
    /// - Throws: `BoundariesError.dataNotFound` naming every place looked in.
    public static func locate(_ file: String) throws -> String {
        let places = defaultPlaces()
        if let found = find(file, in: places) { return found }
        throw BoundariesError.dataNotFound(file: file, looked: places.map(\.description))
    }

    /// The running executable's absolute path (from `/proc/self/exe`); nil when it cannot be read.
    public static func executablePath() -> String? {
        var buf = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buf, buf.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "" : String(path[..<slash])
    }

    private static func trimmed(_ folder: String) -> String {
        var f = Substring(folder)
        while f.count > 1, f.hasSuffix("/") { f = f.dropLast() }
        return String(f)
    }
}
