import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A throwaway PostgreSQL server for tests: a new cluster (`initdb -A trust`) in a temporary folder, listening on
/// 127.0.0.1 only, on a free port, with its Unix socket in that folder; started and stopped with `pg_ctl`. When the
/// tests run as root the cluster belongs to the `postgres` user (PostgreSQL refuses to run as root) and its tools
/// run through `runuser -u postgres --`.
///
/// The binaries come from `$HOMETOWN_PG_BIN`, else Debian's `/usr/lib/postgresql/<newest>/bin` (package
/// postgresql, installed by tools/install-deps.sh), else `pg_config --bindir`. The superuser is `postgres`, and
/// `trust` authentication lets it in without a password. `stop()` (also called by `deinit`, at process exit, and
/// by a watchdog process should the test process die) stops the server and removes the folder.
///
/// A server may have a small file system of its own (`started(smallDisk:spare:)`): a tmpfs mounted in a mount namespace
/// of the server's (`unshare`), so that a tablespace there fills up for real while nothing else does.
public final class PostgresServer: @unchecked Sendable {
    /// The TCP port on 127.0.0.1.
    public let port: Int
    /// The temporary folder: `data/` (the cluster), the socket, `server.log`.
    public let folder: String
    /// The superuser every URL logs in as.
    public let user = "postgres"
    /// A role that must give a password (scram-sha-256; every other role is trusted), owner of no database.
    public let passwordRole = "hometown_pw"
    /// `passwordRole`'s password.
    public let password = "pw-\(UUID().uuidString.prefix(12))"
    /// The small file system's size and the bytes of its spare file, when the server has one.
    private let smallDisk: (bytes: Int, spare: Int)?
    private let bin: String
    private let lock = NSLock()
    private var stopped = false
    private var databaseCounter = 0

    /// The one cluster shared by a test process's suites (started on first use); tests get a database each.
    /// - Throws: why it could not start (the same error to every caller), so that each test fails with the reason
    ///   rather than the whole test process stopping.
    ///
    /// Waits off the task pool (the first caller starts the cluster; the others wait for it).
    public static func shared() async throws -> PostgresServer {
        if let started = sharedLock.withLock({ sharedServer }) { return try started.get() }
        return try await ProcessSlots.shared.withSlot {
            try await offThePool {
                try sharedLock.withLock {
                    if sharedServer == nil { sharedServer = Result { try PostgresServer(blocking: ()) } }
                    return try sharedServer!.get()
                }
            }
        }
    }
    nonisolated(unsafe) private static var sharedServer: Result<PostgresServer, any Error>?
    private static let sharedLock = NSLock()

    /// What went wrong running one of PostgreSQL's tools.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Creates and starts a new cluster of its own (about 1-2 s), waiting off the task pool.
    public static func started() async throws -> PostgresServer {
        try await ProcessSlots.shared.withSlot { try await offThePool { try PostgresServer(blocking: ()) } }
    }

    /// Creates and starts a new cluster whose server has a file system of `bytes` of its own at
    /// `smallDiskFolder`, seen by the server only: a tmpfs holding a spare file of `spare` bytes
    /// (`removeSpareFile()` frees them) and an empty folder for a tablespace, `smallDiskFolder + "/space"`.
    /// The file system lives as long as the server process: such a server cannot be stopped and started again.
    /// Needs root, or user namespaces for unprivileged users (as `unshare --user` does).
    public static func started(smallDisk bytes: Int, spare: Int) async throws -> PostgresServer {
        try await ProcessSlots.shared.withSlot {
            try await offThePool { try PostgresServer(blocking: (), smallDisk: (bytes, spare)) }
        }
    }

    /// Where the small file system is mounted, in the server's view.
    public var smallDiskFolder: String { folder + "/small" }

    /// Removes the spare file from the small file system.
    public func removeSpareFile() throws {
        try FileManager.default.removeItem(atPath: try smallDiskSeenFromHere() + "/spare")
    }

    /// Writes a file (`fill`) on the small file system that leaves about `bytes` free, so that filling the rest
    /// takes little.
    public func fillSmallDisk(leaving bytes: Int) throws {
        let path = try smallDiskSeenFromHere()
        var info = statvfs()
        guard statvfs(path, &info) == 0 else {
            throw Failure(description: "statvfs \(path): \(String(cString: strerror(errno)))")
        }
        let free = Int(info.f_bavail) * Int(info.f_frsize)
        guard free > bytes else { return }
        try Data(count: free - bytes).write(to: URL(fileURLWithPath: path + "/fill"))
    }

    /// The small file system's folder through the server's view of it (`/proc/PID/root`): the test's mount
    /// namespace does not have it.
    private func smallDiskSeenFromHere() throws -> String {
        let pidFile = try String(contentsOfFile: folder + "/data/postmaster.pid", encoding: .utf8)
        guard let pid = pidFile.split(separator: "\n").first.flatMap({ Int($0) }) else {
            throw Failure(description: "no process id in \(folder)/data/postmaster.pid")
        }
        return "/proc/\(pid)/root" + smallDiskFolder
    }

    private init(blocking: Void, smallDisk: (bytes: Int, spare: Int)? = nil) throws {
        self.smallDisk = smallDisk
        bin = try Self.binaries()
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent(
                "hometown-pg-\(UUID().uuidString.prefix(8))"
            ).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if smallDisk != nil {
            try FileManager.default.createDirectory(atPath: folder + "/small", withIntermediateDirectories: false)
        }
        port = try LoopbackPort.freeOutsideEphemeralRange()
        if getuid() == 0 {
            try Self.run("/bin/chown", ["-R", "postgres:postgres", folder])
        }
        try runTool(
            "initdb", ["-D", folder + "/data", "-A", "trust", "-U", user, "-E", "UTF8", "--locale=C", "--no-sync"])
        // Before initdb's "trust" lines, so that this one role must give its password.
        let hba = folder + "/data/pg_hba.conf"
        let rules = try String(contentsOfFile: hba, encoding: .utf8)
        try ("host all \(passwordRole) 127.0.0.1/32 scram-sha-256\n" + rules).write(
            toFile: hba, atomically: false, encoding: .utf8)
        Self.watch(folder: folder, bin: bin, asPostgres: getuid() == 0)
        ExitActions.add { [weak self] in self?.stop() }
        try startBlocking()
        try psqlBlocking("postgres", "CREATE ROLE \(passwordRole) LOGIN SUPERUSER PASSWORD '\(password)'")
    }

    deinit { stop() }

    /// `postgres://postgres@127.0.0.1:PORT/DATABASE`.
    public func url(_ database: String) -> String { "postgres://\(user)@127.0.0.1:\(port)/\(database)" }

    /// Creates a new empty database with a name of its own and returns the name.
    public func createDatabase() async throws -> String {
        let n = lock.withLock {
            databaseCounter += 1
            return databaseCounter
        }
        let name = "t\(n)_\(UUID().uuidString.prefix(8).lowercased())"
        let arguments = ["-h", "127.0.0.1", "-p", String(port), "-U", user, name]
        try await ProcessSlots.shared.withSlot { [bin] in
            try await offThePool { try Self.run(bin + "/createdb", arguments) }
        }
        return name
    }

    /// Runs SQL with `psql` (as the superuser) in `database`; returns its output (unaligned, tuples only).
    @discardableResult
    public func psql(_ database: String, _ sql: String) async throws -> String {
        try await offThePool { try self.psqlBlocking(database, sql) }
    }

    @discardableResult
    private func psqlBlocking(_ database: String, _ sql: String) throws -> String {
        try Self.run(
            bin + "/psql",
            [
                "-h", "127.0.0.1", "-p", String(port), "-U", user, "-d", database, "-X", "-A", "-t", "-v",
                "ON_ERROR_STOP=1",
                "-c", sql,
            ])
    }

    /// Starts the server (after `init` it runs already; for `stopServer()`/`restart()`).
    public func start() async throws {
        try await offThePool { try self.startBlocking() }
    }

    private func startBlocking() throws {
        let arguments = [
            "-D", folder + "/data", "-l", folder + "/server.log", "-w", "-t", "30", "-o",
            "-p \(port) -k \(folder) -c listen_addresses=127.0.0.1 -c max_connections=400 -c shared_buffers=32MB",
            "start",
        ]
        do {
            if let smallDisk {
                try startWithSmallDisk(smallDisk, arguments)
            } else {
                try runTool("pg_ctl", arguments)
            }
        } catch let failure as Failure {
            // pg_ctl only says "Examine the log output": the end of the server's log says why.
            throw Failure(description: failure.description + "\nserver.log ends:\n" + String(log.suffix(3000)))
        }
    }

    /// `pg_ctl ARGUMENTS` in a mount namespace of its own where a tmpfs is mounted on `smallDiskFolder`; the server
    /// that pg_ctl starts stays in it. As root the namespace is the system's (pg_ctl then runs as `postgres`);
    /// otherwise a user namespace maps this user to root to mount, and a second one maps it back to this user,
    /// since PostgreSQL refuses to run as root.
    private func startWithSmallDisk(_ disk: (bytes: Int, spare: Int), _ arguments: [String]) throws {
        let root = getuid() == 0
        // Unprivileged, the namespace's root is this user already: the folder is this user's.
        let prepare = [
            "mount -t tmpfs -o size=\(disk.bytes) hometown-pg \"$0\"",
            "mkdir \"$0/space\"",
            root ? "chown postgres:postgres \"$0/space\"" : "true",
            "head -c \(disk.spare) /dev/zero > \"$0/spare\"",
            "exec \"$@\"",
        ].joined(separator: " && ")
        let tool = bin + "/pg_ctl"
        let run =
            root
            ? asPostgres(tool)
            : ["/usr/bin/unshare", "--user", "--map-user=\(getuid())", "--map-group=\(getgid())", tool]
        let namespaces = root ? ["--mount"] : ["--user", "--map-root-user", "--mount"]
        try Self.run(
            "/usr/bin/unshare",
            namespaces + ["--propagation", "private", "/bin/sh", "-c", prepare, smallDiskFolder] + run + arguments)
    }

    /// Stops the server fast (`-m fast`: sessions are ended, as by an operator's restart), keeping the cluster.
    public func stopServer() async throws {
        try await offThePool {
            try self.runTool("pg_ctl", ["-D", self.folder + "/data", "-w", "-t", "30", "-m", "fast", "stop"])
        }
    }

    /// Stops and starts the server: every open connection is ended.
    public func restart() async throws {
        try await stopServer()
        try await start()
    }

    /// Stops the server (immediately) and removes the folder; later calls do nothing.
    public func stop() {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        _ = try? runTool("pg_ctl", ["-D", folder + "/data", "-w", "-t", "30", "-m", "immediate", "stop"])
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The server's log (for failure messages).
    public var log: String { (try? String(contentsOfFile: folder + "/server.log", encoding: .utf8)) ?? "" }

    // MARK: Processes

    /// Runs one of PostgreSQL's server tools, as `postgres` when we are root.
    @discardableResult
    private func runTool(_ tool: String, _ args: [String]) throws -> String {
        let command = asPostgres(bin + "/" + tool)
        return try Self.run(command[0], Array(command.dropFirst()) + args)
    }

    /// The command that runs `path` as `postgres` when we are root (through `runuser`), else as it is.
    private func asPostgres(_ path: String) -> [String] {
        getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--", path] : [path]
    }

    /// Runs `path ARGS`, waits, and returns its output (standard output, then standard error).
    /// - Throws: `Failure` with the output when the status is not 0.
    ///
    /// The output goes to a temporary file rather than a pipe: the watchdog shell that `setsid --fork` leaves
    /// running keeps the descriptors it was given, so a pipe would not end before the test process does.
    @discardableResult
    static func run(_ path: String, _ args: [String]) throws -> String {
        let outPath = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hometown-pg-out-\(UUID().uuidString)"
        ).path
        defer { unlink(outPath) }
        let out = open(outPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard out >= 0 else {
            throw Failure(description: "cannot create \(outPath): \(String(cString: strerror(errno)))")
        }
        var env = ProcessInfo.processInfo.environment
        env["PGPASSWORD"] = nil
        env["LC_ALL"] = "C"
        let child: Spawned
        do {
            child = try Spawned(path, args, environment: env, stdout: out, stderr: out)
            close(out)
        } catch {
            close(out)
            throw Failure(description: "\(error)")
        }
        let end = child.wait()
        let output = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
        guard end == Spawned.End.success else {
            let how = end.bySignal ? "signal \(end.status)" : "status \(end.status)"
            throw Failure(
                description:
                    "\((path as NSString).lastPathComponent) \(args.joined(separator: " ")) failed (\(how)): \(output)"
            )
        }
        return output
    }

    /// The folder of PostgreSQL's binaries.
    static func binaries() throws -> String {
        if let env = ProcessInfo.processInfo.environment["HOMETOWN_PG_BIN"], !env.isEmpty { return env }
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).compactMap(Int.init)
            .sorted()
        for v in versions.reversed() where FileManager.default.isExecutableFile(atPath: "\(root)/\(v)/bin/initdb") {
            return "\(root)/\(v)/bin"
        }
        if let dir = try? run("/usr/bin/env", ["pg_config", "--bindir"]).trimmingCharacters(
            in: .whitespacesAndNewlines),
            FileManager.default.isExecutableFile(atPath: dir + "/initdb")
        {
            return dir
        }
        throw Failure(description: "PostgreSQL's initdb not found: install Debian's postgresql (tools/install-deps.sh)")
    }

    /// Starts a detached shell that stops the cluster and removes its folder once this process is gone (a crash
    /// or a kill of the test runner must not leave a server behind).
    private static func watch(folder: String, bin: String, asPostgres: Bool) {
        let ctl = (asPostgres ? "/usr/sbin/runuser -u postgres -- " : "") + "'\(bin)/pg_ctl'"
        let script = """
            while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done
            if [ -d '\(folder)' ]; then \(ctl) -D '\(folder)/data' -m immediate stop >/dev/null 2>&1; rm -rf '\(folder)'; fi
            """
        // setsid forks the shell into a session of its own and returns at once.
        _ = try? run("/usr/bin/setsid", ["--fork", "/bin/sh", "-c", script])
    }
}
