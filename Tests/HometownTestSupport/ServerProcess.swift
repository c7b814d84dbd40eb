import Foundation
import HometownCore

/// `hometown serve` as a real process on loopback, driven over real sockets.
public final class ServerProcess: @unchecked Sendable {
    let process: Spawned
    public let port: Int

    /// Starts the built `hometown` beside the test bundle on a free port and waits (off the task pool, holding one
    /// of the `ProcessSlots` while it loads) until it listens.
    /// - Parameter launcher: a program and its arguments that run `hometown serve ...` (given after them) in the
    ///   same process by `exec`, such as `unshare`; empty: `hometown` itself.
    public init(database: String, extra: [String] = [], launcher: [String] = []) async throws {
        let stderrPipe = Pipe()
        let (process, port, seen) = try await ProcessSlots.shared.withSlot {
            try await offThePool { try Self.start(stderrPipe, arguments: database, extra, launcher: launcher) }
        }
        self.process = process
        self.port = port
        // Keep reading what it logs (a pipe nobody reads fills up), keeping the last 256 KiB for messages.
        let tail = self.tail
        tail.add(seen)
        let handle = stderrPipe.fileHandleForReading
        startThread {
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                tail.add(chunk)
            }
        }
    }

    /// Starts `hometown serve` and reads its standard error until the line naming the bound port.
    private static func start(_ stderrPipe: Pipe, arguments database: String, _ extra: [String], launcher: [String])
        throws -> (process: Spawned, port: Int, seen: Data)
    {
        // The map is prepared on first use unless a test asks for it at start: most tests never draw a tile, and
        // the preparation would take a core for seconds of every server started.
        let prepare = extra.contains("--prepare-map-zooms") ? [] : ["--prepare-map-zooms", "0"]
        let command =
            [try HometownBinary.path()]
            + ["serve", "--port", "0", "--db", database, "--scrypt-log-n", "4", "--log-level", "warning"] + prepare
            + extra
        let program = launcher.first ?? command[0]
        let process = try Spawned(
            program, launcher.isEmpty ? Array(command.dropFirst()) : Array(launcher.dropFirst()) + command,
            stderr: stderrPipe.fileHandleForWriting.fileDescriptor)
        try? stderrPipe.fileHandleForWriting.close()
        // The first line on stderr names the bound port: "hometown: serving on http://127.0.0.1:PORT/hometown/ ...".
        var seen = Data()
        let handle = stderrPipe.fileHandleForReading
        var found: Int?
        let deadline = Date().addingTimeInterval(60)
        while found == nil, Date() < deadline {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            seen.append(chunk)
            let text = String(decoding: seen, as: UTF8.self)
            if let r = text.range(of: #"127\.0\.0\.1:(\d+)/hometown/"#, options: .regularExpression) {
                found = Int(text[r].split(separator: ":")[1].split(separator: "/")[0])
            }
        }
        guard let found else {
            process.signal(SIGTERM)
            Self.reapLater(process)
            throw ServerStartError(output: String(decoding: seen, as: UTF8.self))
        }
        return (process, found, seen)
    }

    /// The last 256 KiB of a stream.
    final class Tail: Sendable {
        private let bytes = Locked(Data())
        func add(_ chunk: Data) {
            bytes.withLock {
                $0.append(chunk)
                if $0.count > 256 << 10 { $0.removeFirst($0.count - (256 << 10)) }
            }
        }
        var text: String { bytes.withLock { String(decoding: $0, as: UTF8.self) } }
    }

    private let tail = Tail()

    /// The end of what the server wrote on standard error (at most 256 KiB).
    public var errorOutput: String { tail.text }

    /// Whether `text` appears in the standard error kept so far within `seconds`, polled (the server's log lines are
    /// buffered and written a moment after what they tell: a line printed before another may arrive after it).
    public func waitForOutput(_ text: String, seconds: Double = 10) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while !errorOutput.contains(text) {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return true
    }

    public struct ServerStartError: Error { public let output: String }

    /// The server's process id.
    public var pid: Int32 { process.pid }

    /// The protocol's root: http://127.0.0.1:PORT/hometown
    public var base: String { "http://127.0.0.1:\(port)/hometown" }
    /// The service's base URL: http://127.0.0.1:PORT
    public var url: String { "http://127.0.0.1:\(port)" }

    /// A line of /proc/PID/status in kilobytes ("VmRSS", "VmHWM": resident now, peak resident), or nil.
    public func statusKilobytes(_ name: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            return Int(line.dropFirst(name.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
        }
        return nil
    }

    /// Kills the server (SIGKILL) and waits until it is gone.
    public func kill9() async {
        process.signal(SIGKILL)
        _ = await offThePool { [process] in process.wait() }
    }

    /// Asks the server to stop (SIGTERM) and waits for its exit status (or the signal that ended it).
    public func terminate() async -> Int32 {
        process.signal(SIGTERM)
        return await offThePool { [process] in process.wait().status }
    }

    /// Asks the server to stop (SIGTERM) without waiting: for `defer`, where nothing can be awaited. A thread
    /// reaps it once it has ended.
    public func stop() {
        guard process.isRunning else { return }
        process.signal(SIGTERM)
        Self.reapLater(process)
    }

    /// Waits for `process` on a thread of its own, so that an ended server leaves no zombie behind.
    static func reapLater(_ process: Spawned) {
        startThread { process.wait() }
    }
}

/// The `hometown` executable built beside the test bundle.
public enum HometownBinary {
    public static func path() throws -> String {
        URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            .deletingLastPathComponent().appendingPathComponent("hometown").path
    }

    /// Runs `hometown ARGS` with `environment` added (HOMETOWN_SERVER and HOMETOWN_PASSWORD removed) and `stdin`
    /// as standard input; returns status, stdout, stderr. Waits off the task pool.
    public static func run(_ args: [String], environment: [String: String] = [:], stdin: String? = nil) async throws
        -> ChildProcess.Result
    {
        var env = ProcessInfo.processInfo.environment
        env["HOMETOWN_SERVER"] = nil
        env["HOMETOWN_PASSWORD"] = nil
        for (k, v) in environment { env[k] = v }
        return try await ChildProcess.run(try path(), args, environment: env, stdin: stdin)
    }
}
