import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// TCP sockets bound to 127.0.0.1 on a port the system chooses: the fake servers' listening sockets, and ports for
/// real servers (nginx, PostgreSQL) that must be told one before they start.
public enum LoopbackPort {
    /// A new TCP socket bound to 127.0.0.1 on a free port, with that port. The caller closes it.
    /// - Throws: `POSIXError` when no socket can be made or bound.
    public static func bound() throws -> (fd: Int32, port: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { a -> Int32 in
                guard bind(fd, a, length) == 0 else { return -1 }
                return getsockname(fd, a, &length)
            }
        }
        guard bound == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// A port on 127.0.0.1 that was free a moment ago (bound, then closed).
    public static func free() throws -> Int {
        let (fd, port) = try bound()
        close(fd)
        return port
    }
}
