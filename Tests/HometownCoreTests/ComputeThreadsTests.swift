import HometownTestSupport
import Testing

/// The test support's `ComputeThreads` and its trait, which the engine suites that compute for seconds use.
@Suite struct ComputeThreadsTests {
    @Suite(.onComputeThreads) struct WithTheTrait {
        @Test func aTestRunsOnTheComputeThreads() async throws {
            #expect(ComputeThreads.isCurrentThread)
            // So do its child tasks, and it comes back to them after a suspension.
            async let child = ComputeThreads.isCurrentThread
            #expect(await child)
            try await Task.sleep(for: .milliseconds(1))
            #expect(ComputeThreads.isCurrentThread)
        }

        @Test(arguments: 0..<4) func everyCaseToo(_ n: Int) {
            #expect(ComputeThreads.isCurrentThread)
        }
    }

    @Test func withoutItATestRunsOnThePool() {
        #expect(!ComputeThreads.isCurrentThread)
    }

    @Test func thousandsOfJobsAllRun() async {
        let executor = ComputeThreads(threads: 1)
        let ran = await withTaskExecutorPreference(executor) {
            await withTaskGroup(of: Int.self) { group in
                for i in 0..<3000 { group.addTask { i } }
                var seen = Set<Int>()
                for await i in group { seen.insert(i) }
                return seen
            }
        }
        #expect(ran == Set(0..<3000))
    }
}
