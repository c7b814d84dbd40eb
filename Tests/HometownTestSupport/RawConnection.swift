import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A plain TCP connection to 127.0.0.1 (POSIX sockets), for tests that must see what clients like curl hide:
/// exactly which bytes a server sends, when it closes, and what it does with half-sent requests.
public final class RawConnection: @unchecked Sendable {
    public let fd: Int32
    private var closed = false

    /// Connects to 127.0.0.1:`port` (blocking, at most `timeout` seconds).
    public init(port: Int, timeout: Double = 5) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RawError.failed("socket: errno \(errno)") }
        var tv = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let r = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard r == 0 else {
            let e = errno
            Glibc.close(fd)
            throw RawError.failed("connect: errno \(e)")
        }
    }

    public enum RawError: Error { case failed(String) }

    /// Sends all of `text` (no SIGPIPE; false when the server has closed).
    @discardableResult
    public func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            sent += n
        }
        return true
    }

    /// What a read finds within a time: bytes, the server's end of file, or nothing yet.
    public enum ReadResult: Equatable {
        case bytes([UInt8])
        case eof, timeout, reset
    }

    /// One read, waiting at most `timeout` seconds.
    public func read(timeout: Double) -> ReadResult {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&p, 1, Int32(max(0, timeout * 1000)))
        if ready <= 0 { return .timeout }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n == 0 { return .eof }
        if n < 0 { return errno == ECONNRESET ? .reset : .eof }
        return .bytes(Array(buffer[0..<n]))
    }

    /// Everything until the server closes (or resets), or until `timeout` seconds pass; and whether it closed.
    public func readToEnd(timeout: Double) -> (text: String, closed: Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        var all: [UInt8] = []
        while true {
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return (String(decoding: all, as: UTF8.self), false) }
            switch read(timeout: left) {
            case .bytes(let b): all += b
            case .eof, .reset: return (String(decoding: all, as: UTF8.self), true)
            case .timeout: return (String(decoding: all, as: UTF8.self), false)
            }
        }
    }

    /// Reads until `marker` has arrived (e.g. the end of a response), at most `timeout` seconds.
    public func readUntil(_ marker: String, timeout: Double) -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var all: [UInt8] = []
        while !String(decoding: all, as: UTF8.self).contains(marker) {
            let left = deadline.timeIntervalSinceNow
            guard left > 0, case .bytes(let b) = read(timeout: left) else { break }
            all += b
        }
        return String(decoding: all, as: UTF8.self)
    }

    /// Whether the server has closed the connection (a read finds end of file or a reset at once).
    public var isClosedByServer: Bool {
        switch read(timeout: 0) {
        case .eof, .reset: return true
        default: return false
        }
    }

    /// Ends the sending side (a FIN), as a client that stops in the middle of a request and waits.
    public func finishSending() { shutdown(fd, Int32(SHUT_WR)) }

    public func close() {
        guard !closed else { return }
        closed = true
        Glibc.close(fd)
    }

    deinit { close() }
}

/// The process's limit on open files.
public enum OpenFiles {
    /// Raises this process's soft limit on open files to `wanted` (at most the hard limit); returns the soft limit.
    @discardableResult
    public static func raise(to wanted: Int) -> Int {
        var l = rlimit()
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        guard getrlimit(resource, &l) == 0 else { return 0 }
        if l.rlim_cur < rlim_t(wanted) {
            l.rlim_cur = min(rlim_t(wanted), l.rlim_max)
            _ = setrlimit(resource, &l)
            _ = getrlimit(resource, &l)
        }
        return Int(l.rlim_cur)
    }
}

/// CPU time (user + system) a process has used, from /proc/PID/stat, in seconds.
public func processCPUSeconds(_ pid: Int32) -> Double? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = text.lastIndex(of: ")")
    else { return nil }
    // Fields after "(comm)": state is field 3; utime and stime are fields 14 and 15.
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
}
