#if canImport(Glibc)
    import Glibc
#endif

/// What a path names as the place to write a whole file, its symbolic links followed as a shell's `>` follows them.
///
/// A file written whole is best written beside its place and renamed over it, so that no reader sees half of it;
/// but a rename replaces whatever the name held: the link (not the file it points to), or a device such as
/// /dev/null. The writers ask here first and rename only over a regular file or a new name.
package enum FileTarget: Equatable, Sendable {
    /// A regular file, or no file yet, at this path (links followed): write beside it and rename over it.
    case file(String)
    /// A device, a named pipe or a socket (/dev/null, /dev/stdout): to be written into, never renamed over.
    case special(String)
    /// A folder.
    case folder(String)
    /// A name that cannot be written as a file, with the reason ("it is a symbolic link to nothing").
    case unusable(String)

    /// Looks at `path` (without changing anything).
    package init(_ path: String) {
        var st = stat()
        guard lstat(path, &st) == 0 else {
            // No such name yet: a new file (a missing folder on the way fails where it is written, naming it).
            self = errno == ENOENT ? .file(path) : .unusable(String(cString: strerror(errno)))
            return
        }
        var resolved = path
        if (st.st_mode & S_IFMT) == S_IFLNK {
            guard let real = realpath(path, nil) else {
                self = .unusable("it is a symbolic link to nothing that exists (\(String(cString: strerror(errno))))")
                return
            }
            resolved = String(cString: real)
            free(real)
            guard stat(resolved, &st) == 0 else {
                self = .unusable(String(cString: strerror(errno)))
                return
            }
        }
        switch st.st_mode & S_IFMT {
        case S_IFREG: self = .file(resolved)
        case S_IFDIR: self = .folder(resolved)
        default: self = .special(resolved)
        }
    }

    /// Whether `a` and `b` name one existing file (the same device and inode, links followed).
    package static func same(_ a: String, _ b: String) -> Bool {
        var sa = stat()
        var sb = stat()
        return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }
}
