import Foundation
import HometownCore

/// A program run to its end, its output collected: the tests' one way to run a tool and wait for it.
public enum ChildProcess {
    /// An ended run: its exit status (or signal number, for a run ended by a signal) and what it printed.
    public typealias Result = (status: Int32, out: String, err: String)

    /// Runs `path ARGS` with `environment` (nil: ours) and `stdin` (nil: an empty standard input) and waits, off
    /// the task pool and holding one of the `ProcessSlots`, until it ends.
    ///
    /// Standard input is written, and standard error read, on threads of their own while standard output is read:
    /// a child filling one pipe while we wait on another would otherwise never end.
    public static func run(
        _ path: String, _ args: [String], environment: [String: String]? = nil, stdin: String? = nil
    ) async throws -> Result {
        _ = ignoreBrokenPipes
        return try await ProcessSlots.shared.withSlot {
            try await offThePool { try runBlocking(path, args, environment: environment, stdin: stdin) }
        }
    }

    /// A child that exits before reading all its input must fail our write (EPIPE), not end the test process.
    private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    private static func runBlocking(
        _ path: String, _ args: [String], environment: [String: String]?, stdin: String?
    ) throws -> Result {
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        let p = try Spawned(
            path, args, environment: environment, stdin: input.fileHandleForReading.fileDescriptor,
            stdout: out.fileHandleForWriting.fileDescriptor, stderr: err.fileHandleForWriting.fileDescriptor)
        // The child's ends are the child's now: ours closed, so that its exit ends our reads.
        try? input.fileHandleForReading.close()
        try? out.fileHandleForWriting.close()
        try? err.fileHandleForWriting.close()
        let errText = Locked(Data())
        let ended = DispatchGroup()
        let errHandle = err.fileHandleForReading
        ended.enter()
        startThread {
            let e = errHandle.readDataToEndOfFile()
            errText.withLock { $0 = e }
            ended.leave()
        }
        let inHandle = input.fileHandleForWriting
        let bytes = Data((stdin ?? "").utf8)
        ended.enter()
        startThread {
            // A child that exits without reading all of it is not our error.
            try? inHandle.write(contentsOf: bytes)
            try? inHandle.close()
            ended.leave()
        }
        let o = out.fileHandleForReading.readDataToEndOfFile()
        ended.wait()
        let end = p.wait()
        let e = errText.withLock { $0 }
        return (end.status, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }
}
