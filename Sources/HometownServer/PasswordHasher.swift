import CryptoExtras
import Foundation
import HometownCore
import NIOCore
import NIOPosix

/// Hashes passwords with scrypt (RFC 7914) on a pool of its own threads, never on an event loop.
///
/// Each hash is stored with its parameters and salt in PHC string form, `$scrypt$ln=17,r=8,p=1$<salt>$<hash>`
/// (base64 without padding), so the cost can be raised later while old hashes still verify. The default cost is
/// OWASP's (N = 2^17, r = 8, p = 1: 128 MiB and about 0.4 s per hash on this project's machine).
///
/// Concurrency is bounded: `threads` hashes run at once, and at most `maxQueued` more wait; beyond that `hash`
/// throws `PasswordHasher.Busy` (the server answers 503), so a burst of posts cannot exhaust memory while GETs,
/// which never wait for this pool, stay fast.
public final class PasswordHasher: Sendable {
    /// The scrypt cost.
    public struct Cost: Hashable, Sendable {
        /// log2 of N, the CPU/memory cost (N = 2^logN).
        public var logN: Int
        /// Block size r.
        public var r: Int
        /// Parallelism p.
        public var p: Int

        public init(logN: Int, r: Int = 8, p: Int = 1) {
            self.logN = logN
            self.r = r
            self.p = p
        }

        /// OWASP's recommendation: N = 2^17, r = 8, p = 1.
        public static let production = Cost(logN: 17)
        /// Memory one hash takes, in bytes (128 * r * N * p).
        public var memoryBytes: Int { 128 * r * (1 << logN) * p }
    }

    /// Thrown when more than `maxQueued` hashes wait.
    public struct Busy: Error {}

    public let cost: Cost
    public let threads: Int
    public let maxQueued: Int
    private let pool: NIOThreadPool
    private let inFlight = Locked(0)

    /// - Parameters:
    ///   - cost: the scrypt parameters for new hashes.
    ///   - threads: hashes computed at once (default: the number of cores).
    ///   - maxQueued: hashes allowed to wait beyond those running.
    public init(cost: Cost = .production, threads: Int = System.coreCount, maxQueued: Int = 64) {
        self.cost = cost
        self.threads = max(1, threads)
        self.maxQueued = max(0, maxQueued)
        pool = NIOThreadPool(numberOfThreads: self.threads)
        pool.start()
    }

    /// Hashes running or waiting now (at most `threads + maxQueued`); read for `GET /metrics`.
    public var hashesInFlight: Int { inFlight.withLock { $0 } }

    /// Stops the pool's threads after the hashes already queued.
    public func shutdown() async throws { try await pool.shutdownGracefully() }

    /// A new salted hash of `password` in PHC string form.
    /// - Throws: `Busy` when too many hashes wait; a CryptoKit error if scrypt refuses the parameters.
    public func hash(_ password: String) async throws -> String {
        let cost = self.cost
        return try await admitted { try PasswordHasher.hashNow(password, cost: cost) }
    }

    /// Whether `password` matches a hash made by `hash` (any cost), computed on the pool in the time of one hash at
    /// the stored cost whatever the outcome (the comparison is constant-time). Checks wait in the same queue as
    /// hashes.
    /// - Throws: `Busy` when too many hashes wait.
    public func verify(_ password: String, against phc: String) async throws -> Bool {
        try await admitted { PasswordHasher.verifyNow(password, against: phc) }
    }

    /// `work` on the pool, if fewer than `threads + maxQueued` hashes run or wait.
    private func admitted<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        let admitted = inFlight.withLock { n -> Bool in
            guard n < threads + maxQueued else { return false }
            n += 1
            return true
        }
        guard admitted else { throw Busy() }
        defer { inFlight.withLock { $0 -= 1 } }
        return try await pool.run(nice: ThreadNice.hashing, work)
    }

    /// A hash in PHC form at this hasher's cost that no password matches (random salt, random key): checking a
    /// password against it takes the time of checking one against a real hash of that cost, without the cost of
    /// making one. What an unknown owner id is checked against.
    public func unmatchableHash() -> String {
        var rng = SystemRandomNumberGenerator()
        let salt = (0..<16).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let key = (0..<32).map { _ in UInt8.random(in: 0...255, using: &rng) }
        return "$scrypt$ln=\(cost.logN),r=\(cost.r),p=\(cost.p)$\(Self.base64(salt))$\(Self.base64(key))"
    }

    /// Hashes on the calling thread (the pool's).
    static func hashNow(_ password: String, cost: Cost) throws -> String {
        var salt = [UInt8](repeating: 0, count: 16)
        var rng = SystemRandomNumberGenerator()
        for i in salt.indices { salt[i] = rng.next() }
        let key = try derive(password, salt: salt, cost: cost)
        return "$scrypt$ln=\(cost.logN),r=\(cost.r),p=\(cost.p)$\(base64(salt))$\(base64(key))"
    }

    /// Verifies on the calling thread; false for a malformed hash.
    static func verifyNow(_ password: String, against phc: String) -> Bool {
        let parts = phc.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0].isEmpty, parts[1] == "scrypt" else { return false }
        var values: [Substring: Int] = [:]
        for kv in parts[2].split(separator: ",") {
            let pair = kv.split(separator: "=")
            guard pair.count == 2, let v = Int(pair[1]) else { return false }
            values[pair[0]] = v
        }
        guard let ln = values["ln"], let r = values["r"], let p = values["p"], (1...30).contains(ln),
            let salt = unbase64(String(parts[3])), let expected = unbase64(String(parts[4])),
            let key = try? derive(password, salt: salt, cost: Cost(logN: ln, r: r, p: p), length: expected.count)
        else { return false }
        // Constant-time comparison.
        guard key.count == expected.count else { return false }
        var diff: UInt8 = 0
        for (a, b) in zip(key, expected) { diff |= a ^ b }
        return diff == 0
    }

    private static func derive(_ password: String, salt: [UInt8], cost: Cost, length: Int = 32) throws -> [UInt8] {
        let key = try KDF.Scrypt.deriveKey(
            from: Array(password.utf8), salt: salt, outputByteCount: length,
            rounds: 1 << cost.logN, blockSize: cost.r, parallelism: cost.p)
        return key.withUnsafeBytes { Array($0) }
    }

    private static func base64(_ bytes: [UInt8]) -> String {
        var s = Data(bytes).base64EncodedString()
        while s.hasSuffix("=") { s.removeLast() }
        return s
    }

    private static func unbase64(_ s: String) -> [UInt8]? {
        let padded = s + String(repeating: "=", count: (4 - s.count % 4) % 4)
        return Data(base64Encoded: padded).map { Array($0) }
    }
}
