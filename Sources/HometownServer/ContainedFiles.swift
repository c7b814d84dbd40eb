import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The regular files under a folder that may be served from it, found once at start-up.
///
/// The rules (the same for `--public` and `--leaflet`):
/// - Nothing whose name starts with `.` is served, and no folder whose name starts with `.` is entered: no
///   `.git/config`, `.env`, `js/.secret`.
/// - A symbolic link is followed only when its real path (every link in it resolved) lies inside one of the
///   allowed roots (the folder's own real path, and any `alsoInside` folders) and no part of that real path below
///   the root starts with `.`. So `app.js -> build/app.js` is served, `passwd -> /etc/passwd` and
///   `docs -> ../elsewhere` are not. A link to a folder inside is followed unless it leads back into a folder
///   being walked (a loop); depth is limited to `maxDepth` folders.
/// - Only regular files: no devices, FIFOs (which would block the read) or sockets.
///
/// Requests never touch the file system: the server looks a request's path up, exactly, among the paths found
/// here, so `..`, `%2e%2e` or `%2f` in a request can name nothing else.
struct ContainedFiles {
    /// One file that may be served.
    struct File {
        /// Its path below the folder, `/`-separated, without a leading `/` (e.g. `js/app.js`).
        let relative: String
        /// The real path to read it from.
        let real: String
    }

    /// The files, in the order found (folders sorted by name).
    private(set) var files: [File] = []
    /// What was left out and why, e.g. `.git (a dotfile)`, for the start-up log.
    private(set) var skipped: [String] = []

    /// Folders entered at most, below the root.
    static let maxDepth = 32

    /// Walks `folder`; a folder that does not exist gives no files.
    /// - Parameters:
    ///   - folder: the folder served.
    ///   - alsoInside: further folders that links may lead into (e.g. where Debian's Leaflet files really are).
    init(folder: String, alsoInside: [String] = []) {
        guard let root = ContainedFiles.realPath(folder) else { return }
        let roots = [root] + alsoInside.compactMap(ContainedFiles.realPath)
        walk(directory: root, relative: "", roots: roots, walking: [root], depth: 0)
    }

    /// The real path of `path` (every symbolic link resolved), or nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `real` lies in one of `roots` with no `.`-named part below it.
    static func isContained(_ real: String, in roots: [String]) -> Bool {
        roots.contains { root in
            let prefix = root.hasSuffix("/") ? root : root + "/"
            guard real == root || real.hasPrefix(prefix) else { return false }
            return !real.dropFirst(prefix.count).split(separator: "/").contains { $0.hasPrefix(".") }
        }
    }

    /// The kind of the file at `path` (without following a final symbolic link when `follow` is false).
    private static func kind(_ path: String, follow: Bool) -> mode_t? {
        var s = stat()
        let result = follow ? stat(path, &s) : lstat(path, &s)
        return result == 0 ? s.st_mode & S_IFMT : nil
    }

    private mutating func walk(directory: String, relative: String, roots: [String], walking: Set<String>, depth: Int) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            skipped.append("\(relative.isEmpty ? "." : relative) (a folder that cannot be read)")
            return
        }
        for name in names.sorted() {
            let rel = relative.isEmpty ? name : relative + "/" + name
            if name.hasPrefix(".") {
                skipped.append("\(rel) (a dotfile)")
                continue
            }
            let path = directory + "/" + name
            guard var mode = ContainedFiles.kind(path, follow: false) else { continue }
            var real = path
            if mode == S_IFLNK {
                guard let target = ContainedFiles.realPath(path),
                    let targetMode = ContainedFiles.kind(target, follow: true)
                else {
                    skipped.append("\(rel) (a broken symbolic link)")
                    continue
                }
                guard ContainedFiles.isContained(target, in: roots) else {
                    skipped.append("\(rel) (a symbolic link leaving the folder or into a dotfile)")
                    continue
                }
                real = target
                mode = targetMode
            }
            switch mode {
            case S_IFREG:
                files.append(File(relative: rel, real: real))
            case S_IFDIR:
                guard !walking.contains(real) else {
                    skipped.append("\(rel) (a symbolic link loop)")
                    continue
                }
                guard depth < ContainedFiles.maxDepth else {
                    skipped.append("\(rel) (more than \(ContainedFiles.maxDepth) folders deep)")
                    continue
                }
                walk(directory: real, relative: rel, roots: roots, walking: walking.union([real]), depth: depth + 1)
            default:
                skipped.append("\(rel) (not a regular file)")
            }
        }
    }
}
