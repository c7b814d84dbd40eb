import Testing

@testable import HometownStore

/// One write at a time, each in its turn: what one turn writes, the next one reads.
@Suite struct WriteTurnsTests {
    /// Counts that only the turns guard (no lock of their own): under ThreadSanitizer (tools/sanitizers/run.sh),
    /// a turn handed on without an order the sanitizer sees is reported as a race on them.
    final class Tally: @unchecked Sendable {
        var inside = 0
        var most = 0
        var count = 0
    }

    /// Eight tasks take 500 turns each; every turn yields while it holds the turn, so the others queue and the turn
    /// is handed from one task to the next, often to a waiter that has not yet begun to wait.
    @Test func turnsNeverOverlapAndEachSeesTheLastOnesWrites() async throws {
        let turns = WriteTurns()
        let tally = Tally()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<500 {
                        try await turns.run {
                            tally.inside += 1
                            tally.most = max(tally.most, tally.inside)
                            await Task.yield()
                            tally.count += 1
                            tally.inside -= 1
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(tally.count == 4_000)
        #expect(tally.most == 1 && tally.inside == 0)
    }

    @Test func anErrorEndsTheTurn() async throws {
        struct Refused: Error {}
        let turns = WriteTurns()
        await #expect(throws: Refused.self) { try await turns.run { throw Refused() } }
        #expect(try await turns.run { 5 } == 5)
    }
}
