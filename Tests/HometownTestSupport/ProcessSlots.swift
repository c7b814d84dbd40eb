import Foundation

/// How many of the tests' child processes may do their heavy part at once: a `hometown` command run to its end, a
/// server's start-up (loading its data), a database created with `createdb`, the cluster's `initdb`.
///
/// Swift Testing starts every test at once; with waits off the task pool (`offThePool`) nothing else bounds how
/// many processes then compete for the machine, and on 2 cores 30 servers starting together make every deadline
/// in every test (a database connection within 5 s, an answer within 2 s) a matter of luck. The width is the
/// number of cores, or `HOMETOWN_TEST_PROCESSES`. Slots are taken in the order asked for.
public actor ProcessSlots {
    /// The slots every helper here takes.
    public static let shared = ProcessSlots(
        width: Int(ProcessInfo.processInfo.environment["HOMETOWN_TEST_PROCESSES"] ?? "")
            ?? max(2, ProcessInfo.processInfo.activeProcessorCount))

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    public init(width: Int) {
        free = max(1, width)
    }

    /// `body` while holding a slot (run off the actor; the slot is given back however `body` ends).
    public nonisolated func withSlot<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        await take()
        do {
            let result = try await body()
            await give()
            return result
        } catch {
            await give()
            throw error
        }
    }

    private func take() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func give() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
