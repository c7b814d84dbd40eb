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

    /// A port on 127.0.0.1 below the system's ephemeral range (/proc/sys/net/ipv4/ip_local_port_range), free a
    /// moment ago: for a server that is stopped and started again on the same port (PostgreSQL in the restart
    /// tests). A port from `free()` is an ephemeral one, and while its server is down another test's server or
    /// client connection can be given it.
    public static func freeOutsideEphemeralRange() throws -> Int {
        let range = (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8)) ?? ""
        let low = range.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).first.flatMap { Int($0) }
        let top = min(low ?? 32768, 32768)
        guard top > 20000 else { return try free() }
        for _ in 0..<200 {
            let port = Int.random(in: 20000..<top)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { throw POSIXError(.EIO) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            close(fd)
            if bound == 0 { return port }
        }
        return try free()
    }

    /// A port on 127.0.0.1 that was free a moment ago (bound, then closed).
    public static func free() throws -> Int {
        let (fd, port) = try bound()
        close(fd)
        return port
    }
}
