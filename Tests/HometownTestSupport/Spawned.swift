import Foundation

/// A program started with `posix_spawn` and reaped with `waitpid`: how the tests start every child process.
///
/// Not Foundation's `Process`, for two reasons found here:
/// - Under AddressSanitizer, `Process.run()` aborts the test process: swift-corelibs-foundation's
///   `findMaximumOpenFromProcSelfFD` reads 256 bytes past a heap buffer (a report in Foundation, not in our code).
/// - `Process.waitUntilExit` was seen to miss the end of `runuser pg_ctl start` (a zombie never noticed).
///
/// The child gets the given descriptors as its standard input, output and error (/dev/null for those not given)
/// and no other descriptor of ours: every descriptor from 3 up is closed in it (`closefrom`), so a child never
/// holds the write end of another child's pipe (which would keep its reader waiting for an end of file). Its signal
/// dispositions and mask are the defaults, as under a shell (the test process ignores SIGPIPE; its children
/// should not inherit that). Thread-safe: any thread may wait, poll or signal.
public final class Spawned: @unchecked Sendable {
    /// How a child ended.
    public struct End: Sendable, Equatable {
        /// The exit status, or the number of the signal that ended it.
        public let status: Int32
        /// Whether a signal ended it (`status` is then the signal's number).
        public let bySignal: Bool

        public init(status: Int32, bySignal: Bool) {
            self.status = status
            self.bySignal = bySignal
        }

        /// An exit with status 0.
        public static let success = End(status: 0, bySignal: false)
    }

    /// Why a child could not be started.
    public struct SpawnError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The child's process id.
    public let pid: pid_t
    private let lock = NSLock()
    /// Behind `lock`: how it ended, once reaped.
    private var ended: End?

    /// Starts `path ARGS` (`path` absolute: no search of PATH) with `environment` (nil: ours).
    /// - Parameters:
    ///   - stdin: the descriptor the child reads as standard input (nil: /dev/null); ours stays open.
    ///   - stdout: the descriptor it writes as standard output (nil: /dev/null); ours stays open.
    ///   - stderr: the same for standard error.
    /// - Throws: `SpawnError` naming the program and the reason (no such file, not executable).
    public init(
        _ path: String, _ args: [String], environment: [String: String]? = nil, stdin: Int32? = nil,
        stdout: Int32? = nil, stderr: Int32? = nil
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, given) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            if let given {
                posix_spawn_file_actions_adddup2(&actions, given, target)
            } else {
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            }
        }
        guard let closeFrom = Self.addCloseFrom else {
            throw SpawnError(description: "cannot start \(path): posix_spawn_file_actions_addclosefrom_np (glibc 2.34)")
        }
        _ = closeFrom(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigfillset(&defaults)
        sigdelset(&defaults, SIGKILL)
        sigdelset(&defaults, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let env = environment ?? ProcessInfo.processInfo.environment
        let argv = ([path] + args).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for p in argv { free(p) }
            for p in envp { free(p) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw SpawnError(description: "cannot start \(path): \(String(cString: strerror(result)))")
        }
        self.pid = pid
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np`, looked up at run time: Swift's Glibc module does not
    /// declare it.
    private static let addCloseFrom:
        (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
            guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
            return unsafeBitCast(
                symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
        }()

    /// Waits (blocking this thread) until the child has ended and returns how.
    @discardableResult
    public func wait() -> End {
        if let end = lock.withLock({ ended }) { return end }
        var status: Int32 = 0
        while true {
            let r = waitpid(pid, &status, 0)
            if r == pid { return record(status) }
            if r < 0 && errno == EINTR { continue }
            // Reaped by another thread's `wait` or `isRunning` (ECHILD): its record follows at once.
            while true {
                if let end = lock.withLock({ ended }) { return end }
                usleep(1000)
            }
        }
    }

    /// Whether the child is still running (reaping it, without waiting, if it has ended).
    public var isRunning: Bool {
        lock.withLock {
            if ended != nil { return false }
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid else { return true }
            ended = Self.end(of: status)
            return false
        }
    }

    /// How it ended, or nil while it runs (reaping it if it has ended).
    public var end: End? { isRunning ? nil : lock.withLock { ended } }

    /// Sends `signal` (SIGTERM unless told) unless the child has already been reaped.
    public func signal(_ signal: Int32 = SIGTERM) {
        lock.withLock {
            if ended == nil { _ = kill(pid, signal) }
        }
    }

    private func record(_ status: Int32) -> End {
        lock.withLock {
            if ended == nil { ended = Self.end(of: status) }
            return ended!
        }
    }

    private static func end(of status: Int32) -> End {
        // waitpid's status word: the low 7 bits are the signal (0 for a normal exit), the next byte the exit code.
        let signal = status & 0x7f
        return signal == 0 ? End(status: (status >> 8) & 0xff, bySignal: false) : End(status: signal, bySignal: true)
    }
}
