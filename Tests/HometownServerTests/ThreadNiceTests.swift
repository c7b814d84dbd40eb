import NIOPosix
import Testing

@testable import HometownServer

/// Work handed to the server's own pools at a lower priority comes back to the caller whole, or with its error.
@Suite struct ThreadNiceTests {
    /// A value whose fields the pool thread writes, so that the caller's reads are what ThreadSanitizer checks.
    final class Made: Sendable {
        let number: Int
        let bytes: [UInt8]
        init(_ number: Int) {
            self.number = number
            bytes = Array(repeating: UInt8(truncatingIfNeeded: number), count: 64)
        }
    }

    struct Refused: Error, Equatable { let number: Int }

    /// Many small pieces of work, from several tasks at once on more tasks than cores, so that a pool thread often
    /// finishes one before its caller has begun to wait for it. The caller then reads what the pool thread made:
    /// under ThreadSanitizer (tools/sanitizers/run.sh) an order between the two that the sanitizer cannot see is
    /// reported as a race.
    @Test func resultsMadeOnAPoolThreadReachTheCaller() async throws {
        let pool = NIOThreadPool(numberOfThreads: 2)
        pool.start()
        let total = try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<6 {
                group.addTask {
                    var sum = 0
                    for i in 0..<2_000 {
                        let n = task * 10_000 + i
                        let made = try await pool.run(nice: ThreadNice.bulk) { Made(n) }
                        #expect(made.number == n)
                        #expect(made.bytes.count == 64 && made.bytes[63] == UInt8(truncatingIfNeeded: n))
                        sum += made.number - task * 10_000
                    }
                    return sum
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(total == 6 * (1_999 * 2_000 / 2))
        try await pool.shutdownGracefully()
    }

    @Test func anErrorReachesTheCaller() async throws {
        let pool = NIOThreadPool(numberOfThreads: 1)
        pool.start()
        await #expect(throws: Refused(number: 7)) {
            try await pool.run(nice: ThreadNice.hashing) { () throws -> Int in throw Refused(number: 7) }
        }
        try await pool.shutdownGracefully()
    }
}
