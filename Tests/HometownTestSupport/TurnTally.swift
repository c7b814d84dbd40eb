/// Counts that only a lock of turns guards (no lock of their own), for the tests of the server's and the store's
/// turns: under ThreadSanitizer (tools/sanitizers/run.sh), a turn handed on without an order the sanitizer sees is
/// reported as a race on them, and without it two turns at once show as `most` above 1.
public final class TurnTally: @unchecked Sendable {
    /// Turns running now, the most ever running at once, and turns ended.
    public private(set) var inside = 0
    public private(set) var most = 0
    public private(set) var count = 0

    /// Runs `tasks` tasks of `each` turns, each turn through `turn` (which runs its argument in a turn); every turn
    /// yields while it holds the turn, so the other tasks queue and the turn is handed from one task to the next,
    /// often to a waiter that has not yet begun to wait.
    public static func run(
        tasks: Int, each: Int,
        through turn: @escaping @Sendable (_ body: @Sendable () async -> Void) async throws -> Void
    ) async throws -> TurnTally {
        let tally = TurnTally()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<tasks {
                group.addTask {
                    for _ in 0..<each {
                        try await turn {
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
        return tally
    }
}
