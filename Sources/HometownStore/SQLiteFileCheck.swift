import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What a path holds, looked at before SQLite opens it: SQLite opened read-write makes a database of an empty or
/// missing file, and names another file only "not a database" once it reads it.
public enum SQLiteFileCheck {
    /// Why `path` is not an existing SQLite database to read, or nil when it is a file that begins as every SQLite
    /// database does ("SQLite format 3" and a NUL): "no such file", "it is a folder, not a database file", "it is
    /// not a regular file", "an empty file", "not a SQLite database", or the system's reason.
    public static func problem(readingFrom path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0 else {
            return errno == ENOENT ? "no such file" : String(cString: strerror(errno))
        }
        switch st.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return "it is a folder, not a database file"
        default: return "it is not a regular file"
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { return String(cString: strerror(errno)) }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 16)) ?? Data()
        if head.isEmpty { return "an empty file" }
        return head == Data("SQLite format 3\u{0}".utf8) ? nil : "not a SQLite database"
    }

    /// Whether a file, folder or link (even a link to nothing) has the name `path`: a name a new file must not
    /// take.
    public static func nameIsTaken(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0
    }
}
