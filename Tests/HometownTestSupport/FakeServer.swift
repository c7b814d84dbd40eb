import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A deliberately misbehaving HTTP server on loopback, for testing clients: it accepts connections on a free
/// port, reads each request's head, then does what it is told (close at once, wait, or send canned bytes).
public final class FakeServer: @unchecked Sendable {
    public enum Behaviour: Sendable {
        /// Close the connection without answering.
        case close
        /// Wait this many seconds, then answer 200 `[]`.
        case slow(Double)
        /// Answer with this status, content type and body.
        case respond(status: Int, type: String, body: String)
        /// Answer with a redirect of this status to `location` (a Location header and an empty body).
        case redirect(status: Int, location: String)
    }

    public let port: Int
    private let fd: Int32
    private let behaviour: Behaviour

    public init(_ behaviour: Behaviour) throws {
        self.behaviour = behaviour
        let (fd, port) = try LoopbackPort.bound()
        guard listen(fd, 64) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        self.fd = fd
        self.port = port
        let stopped = self.stopped
        let counter = self.counter
        startThread { FakeServer.serve(fd, behaviour, stopped, counter) }
    }

    /// The base URL ("http://127.0.0.1:PORT").
    public var url: String { "http://127.0.0.1:\(port)" }

    private final class StopFlag: Sendable {
        let value = Atomic<Bool>(false)
    }
    private let stopped = StopFlag()

    private final class Counter: Sendable {
        let value = Atomic<Int>(0)
    }
    private let counter = Counter()

    /// How many requests have come in (heads read whole).
    public var requests: Int { counter.value.load(ordering: .sequentiallyConsistent) }

    /// Stops accepting. The socket is shut down here and closed by the accepting thread once `accept` returns: closed
    /// here, its number could go to another server's new socket while that thread still calls `accept` with it, and
    /// this server's behaviour would answer the other's clients.
    public func stop() {
        guard !stopped.value.exchange(true, ordering: .sequentiallyConsistent) else { return }
        shutdown(fd, Int32(SHUT_RDWR))
    }

    private static func serve(_ fd: Int32, _ behaviour: Behaviour, _ stopped: StopFlag, _ counter: Counter) {
        defer { close(fd) }
        while !stopped.value.load(ordering: .sequentiallyConsistent) {
            let c = accept(fd, nil, nil)
            if c < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            startThread { handle(c, behaviour, counter) }
        }
    }

    private static func handle(_ c: Int32, _ behaviour: Behaviour, _ counter: Counter) {
        defer { close(c) }
        var head = [UInt8]()
        var buf = [UInt8](repeating: 0, count: 4096)
        while !head.ends(with: Array("\r\n\r\n".utf8)) && head.count < 65536 {
            let n = read(c, &buf, 1)
            if n <= 0 { return }
            head.append(buf[0])
        }
        counter.value.add(1, ordering: .sequentiallyConsistent)
        // The body too (a POST's), so that closing never finds unread bytes: the kernel would answer them with a
        // reset, which can reach the client before it has read the answer.
        var remaining = contentLength(head)
        while remaining > 0 {
            let n = read(c, &buf, min(remaining, buf.count))
            if n <= 0 { return }
            remaining -= n
        }
        switch behaviour {
        case .close:
            return
        case .slow(let s):
            Thread.sleep(forTimeInterval: s)
            write(c, status: 200, type: "application/json", body: "[]")
        case .respond(let status, let type, let body):
            write(c, status: status, type: type, body: body)
        case .redirect(let status, let location):
            write(c, status: status, type: "text/plain", body: "", extraHeaders: "Location: \(location)\r\n")
        }
    }

    /// The value of the request head's Content-Length (0 without one), at most 1 MiB.
    private static func contentLength(_ head: [UInt8]) -> Int {
        let text = String(decoding: head, as: UTF8.self).lowercased()
        guard let line = text.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }) else {
            return 0
        }
        let value = line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)
        return min(Int(value) ?? 0, 1 << 20)
    }

    private static func write(_ c: Int32, status: Int, type: String, body: String, extraHeaders: String = "") {
        let b = Array(body.utf8)
        let text =
            "HTTP/1.1 \(status) X\r\nContent-Type: \(type)\r\nContent-Length: \(b.count)\r\n\(extraHeaders)Connection: close\r\n\r\n"
        let bytes = Array(text.utf8) + b
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(c, $0.baseAddress! + done, bytes.count - done) }
            if n <= 0 { return }
            done += n
        }
    }
}

extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
