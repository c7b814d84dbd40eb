import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Debian's nginx as a TLS proxy on loopback in front of a server the test started, configured from the
/// documented `docs/deploy/nginx.conf` (so that the deployment's file is the one tested): its paths moved into a
/// temporary folder, its ports replaced by free loopback ports, its upstream by the test's server, its
/// certificate by a self-signed one for 127.0.0.1 and localhost made with `openssl req -x509`.
///
/// Started with `nginx -p DIR -c DIR/nginx.conf -g 'daemon off;'` (pid, logs and temporary files all in DIR);
/// stopped by `stop()` or when released. A missing nginx or openssl is an error, never a skipped test.
public final class NginxProxy: @unchecked Sendable {
    /// The folder holding the configuration, certificate, key, pid, logs and temporary files.
    public let directory: String
    /// The https port on 127.0.0.1.
    public let port: Int
    /// The self-signed certificate (PEM) the proxy presents: what a client must trust.
    public let certificate: String
    private var process: Spawned?
    private var stopped = false

    /// Makes a certificate, writes the configuration, starts nginx and waits (at most 15 s, off the task pool)
    /// until it listens.
    /// - Parameter upstreamPort: the loopback port of the `hometown serve` behind it.
    public static func started(upstreamPort: Int) async throws -> NginxProxy {
        try await offThePool { try NginxProxy(upstreamPort: upstreamPort) }
    }

    private init(upstreamPort: Int) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hometown-nginx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        directory = dir.path
        certificate = directory + "/cert.pem"
        let key = directory + "/key.pem"
        try Self.makeCertificate(certificate: certificate, key: key)
        port = try LoopbackPort.free()
        var redirectPort = try LoopbackPort.free()
        while redirectPort == port { redirectPort = try LoopbackPort.free() }
        let template = try String(contentsOfFile: Self.templatePath, encoding: .utf8)
        let config = try Self.configuration(
            template: template, directory: directory, port: port, redirectPort: redirectPort,
            upstreamPort: upstreamPort, certificate: certificate, key: key)
        try config.write(toFile: directory + "/nginx.conf", atomically: true, encoding: .utf8)

        FileManager.default.createFile(atPath: directory + "/stderr.log", contents: nil)
        let stderr = try FileHandle(forWritingTo: URL(fileURLWithPath: directory + "/stderr.log"))
        let process = try Spawned(
            try Self.executable("nginx"), ["-p", directory, "-c", directory + "/nginx.conf", "-g", "daemon off;"],
            stderr: stderr.fileDescriptor)
        self.process = process
        try? stderr.close()
        let deadline = Date().addingTimeInterval(15)
        while true {
            if let end = process.end {
                throw ProxyError.failed("nginx exited at start (status \(end.status)): \(log())")
            }
            if (try? RawConnection(port: port, timeout: 1)) != nil { break }
            guard Date() < deadline else {
                stop()
                throw ProxyError.failed("nginx did not listen on 127.0.0.1:\(port) within 15 s: \(log())")
            }
            usleep(50_000)
        }
    }

    deinit { stop() }

    /// Why the proxy could not be set up.
    public enum ProxyError: Error, CustomStringConvertible {
        case failed(String)
        public var description: String {
            switch self {
            case .failed(let s): return s
            }
        }
    }

    /// The https base URL: https://127.0.0.1:PORT
    public var url: String { "https://127.0.0.1:\(port)" }

    /// Stops nginx (SIGTERM, then SIGKILL after 5 s) and removes the folder. Safe to call twice.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        if let process, process.isRunning {
            process.signal(SIGTERM)
            let deadline = Date().addingTimeInterval(5)
            while process.isRunning, Date() < deadline { usleep(20_000) }
            process.signal(SIGKILL)
            process.wait()
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// nginx's error log and standard error, for messages.
    public func log() -> String {
        let parts = ["stderr.log", "error.log"].compactMap {
            try? String(contentsOfFile: directory + "/" + $0, encoding: .utf8)
        }
        return parts.joined(separator: "\n")
    }

    /// docs/deploy/nginx.conf of this checkout.
    public static var templatePath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/deploy/nginx.conf").path
    }

    /// The documented configuration made to run unprivileged on loopback: every line replaced must be in the
    /// template exactly once, so a change to the documented file that the test no longer covers fails loudly.
    public static func configuration(
        template: String, directory: String, port: Int, redirectPort: Int, upstreamPort: Int, certificate: String,
        key: String
    ) throws -> String {
        let temporary = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map {
            "    \($0)_temp_path \(directory)/\($0)_temp;"
        }
        let replacements: [(String, String?)] = [
            ("user www-data;", nil),
            ("pid /run/nginx.pid;", "pid \(directory)/nginx.pid;"),
            ("error_log /var/log/nginx/error.log;", "error_log \(directory)/error.log;"),
            ("http {", "http {\n" + temporary.joined(separator: "\n")),
            ("access_log /var/log/nginx/access.log;", "access_log \(directory)/access.log;"),
            ("server 127.0.0.1:8081 max_fails=1 fail_timeout=5s;", "server 127.0.0.1:\(upstreamPort);"),
            ("server 127.0.0.1:8082 max_fails=1 fail_timeout=5s;", nil),
            ("listen 80;", "listen 127.0.0.1:\(redirectPort);"),
            ("listen [::]:80;", nil),
            ("listen 443 ssl http2;", "listen 127.0.0.1:\(port) ssl http2;"),
            ("listen [::]:443 ssl http2;", nil),
            ("ssl_certificate /etc/ssl/hometown/fullchain.pem;", "ssl_certificate \(certificate);"),
            ("ssl_certificate_key /etc/ssl/hometown/privkey.pem;", "ssl_certificate_key \(key);"),
        ]
        var lines = template.components(separatedBy: "\n")
        for (old, new) in replacements {
            let found = lines.indices.filter { lines[$0].trimmingCharacters(in: .whitespaces) == old }
            guard found.count == 1, let i = found.first else {
                throw ProxyError.failed("docs/deploy/nginx.conf has the line '\(old)' \(found.count) times, not once")
            }
            if let new {
                let indent = String(lines[i].prefix { $0 == " " })
                lines[i] = new.hasPrefix(" ") ? new : indent + new
            } else {
                lines.remove(at: i)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Writes a self-signed certificate for 127.0.0.1 and localhost (P-256 key, valid 2 days) with
    /// `openssl req -x509`.
    public static func makeCertificate(certificate: String, key: String) throws {
        let err = Pipe()
        let p = try Spawned(
            try executable("openssl"),
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                "-keyout", key, "-out", certificate, "-days", "2", "-subj", "/CN=127.0.0.1",
                "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
            ], stderr: err.fileHandleForWriting.fileDescriptor)
        try? err.fileHandleForWriting.close()
        let message = err.fileHandleForReading.readDataToEndOfFile()
        guard p.wait() == Spawned.End.success else {
            throw ProxyError.failed("openssl req failed: \(String(decoding: message, as: UTF8.self))")
        }
    }

    /// The path of `name` in /usr/sbin, /usr/bin or $PATH.
    /// - Throws: naming the Debian package to install (tools/install-deps.sh installs both).
    public static func executable(_ name: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = ["/usr/sbin", "/usr/bin"] + path.split(separator: ":").map(String.init)
        for folder in folders where FileManager.default.isExecutableFile(atPath: folder + "/" + name) {
            return folder + "/" + name
        }
        throw ProxyError.failed("\(name) is not installed: run tools/install-deps.sh (Debian package \(name))")
    }
}
