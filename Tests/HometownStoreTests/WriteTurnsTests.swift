import HometownTestSupport
import Testing

@testable import HometownStore

/// One write at a time, each in its turn: what one turn writes, the next one reads.
@Suite struct WriteTurnsTests {
    /// Eight tasks take 500 turns each, handed from one to the next (`TurnTally`).
    @Test func turnsNeverOverlapAndEachSeesTheLastOnesWrites() async throws {
        let turns = WriteTurns()
        let tally = try await TurnTally.run(tasks: 8, each: 500) { body in try await turns.run { await body() } }
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
