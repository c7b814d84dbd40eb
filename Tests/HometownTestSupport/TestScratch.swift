import Foundation

/// The files the tests write: one folder a test process, under the system's temporary folder, removed with all it
/// holds when the process exits normally (after every other `ExitActions` action, so that the servers stopped there
/// are gone first). A crash or a kill leaves it, named `hometown-tests-PID-…`, for a look at what the tests wrote.
public enum TestScratch {
    /// The process's folder, made on first use.
    public static let root: URL = {
        let fm = FileManager.default
        let url = fm.temporaryDirectory.appendingPathComponent("hometown-tests-\(getpid())-\(UUID().uuidString)")
        try! fm.createDirectory(at: url, withIntermediateDirectories: true)
        ExitActions.addLast { try? FileManager.default.removeItem(at: url) }
        return url
    }()

    /// A new empty folder in `root`, its name `prefix` and a UUID.
    public static func newFolder(_ prefix: String) -> URL {
        let url = root.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A path in `root` where nothing is yet, its name `prefix`, a UUID and `suffix` (".geojson").
    public static func newPath(_ prefix: String, suffix: String = "") -> String {
        root.appendingPathComponent("\(prefix)-\(UUID().uuidString)\(suffix)").path
    }
}
