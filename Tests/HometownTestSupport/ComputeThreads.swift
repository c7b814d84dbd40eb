import Foundation
import Testing

/// Threads of the test process's own, outside Swift's cooperative pool, for tests that compute for seconds on
/// one thread: a task executor of a fixed number of threads taking jobs in the order they come.
///
/// A test that computes for seconds on Swift's cooperative pool holds a pool thread as a blocking wait does
/// (`offThePool` says what that stops): two such tests at once stopped every other task of the process (in a debug
/// run of five engine suites a 20 ms sleep on the pool once woke 58 s late; docs/testing.md). Suites whose tests
/// compute take the trait `.onComputeThreads`, which runs each test (and its child tasks; not a `Task {}`, which
/// starts on the pool) here.
public final class ComputeThreads: TaskExecutor, @unchecked Sendable {
    /// The one instance the trait uses: two threads, the cores of the machines the tests run on.
    public static let shared = ComputeThreads(threads: 2)

    // @unchecked: `jobs` and `next` (the first job not yet taken) are read and written only with `condition` locked.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var next = 0

    /// Set (to any value but nil) on the threads of every instance: what `isCurrentThread` reads.
    private static let marker: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key left for ComputeThreads")
        return key
    }()

    /// Whether the calling thread is one of theirs.
    public static var isCurrentThread: Bool { pthread_getspecific(marker) != nil }

    /// Starts `threads` threads that run the jobs given to `enqueue`; they live as long as the process.
    public init(threads: Int) {
        for _ in 0..<max(1, threads) {
            startThread { [self] in
                pthread_setspecific(Self.marker, UnsafeRawPointer(bitPattern: 1))
                self.work()
            }
        }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while next == jobs.count { condition.wait() }
            let job = jobs[next]
            next += 1
            // The queue's front is dropped once it is long, so that it never grows with the jobs already run.
            if next >= 1024 {
                jobs.removeFirst(next)
                next = 0
            }
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// Runs each test of the suite (or the test) it is given to on `ComputeThreads.shared`: `@Suite(.onComputeThreads)`.
public struct ComputeThreadsTrait: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // A child task that prefers these threads starts on them. (Inside `withTaskExecutorPreference` the operation
        // would begin on the caller's thread and move only at its first suspension: a test that computes without
        // one would stay on the pool.) The group ends before this returns, so `function` does not outlive the call.
        try await withoutActuallyEscaping(function) { function in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask(executorPreference: ComputeThreads.shared) { try await function() }
                try await group.waitForAll()
            }
        }
    }
}

extension Trait where Self == ComputeThreadsTrait {
    /// The tests compute for seconds: they run on threads of their own, not on Swift's cooperative pool
    /// (`ComputeThreads`).
    public static var onComputeThreads: Self { Self() }
}
