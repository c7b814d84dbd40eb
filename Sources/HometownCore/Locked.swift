#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value behind a pthread mutex: the lock Hometown's shared state uses wherever threads meet (the server's
/// caches, limiters and views, the batch job's queues).
///
/// Why not `Synchronization.Mutex`: on Linux it locks with atomics and raw `futex` calls that ThreadSanitizer
/// neither intercepts nor sees, so every access it guards looks unordered to the sanitizer, and races that are not
/// there get reported (seen here in the server's user view). A pthread mutex is intercepted, so the code can be
/// checked under ThreadSanitizer (tools/sanitizers) and a report there means a real race. Uncontended, both cost
/// an atomic exchange; contended, both sleep in the kernel.
///
/// Thread-safe. `withLock` must not be re-entered on the same value from inside its body (the mutex is not
/// recursive: that would deadlock). The value must have storage (not `()`): in a debug build, ThreadSanitizer
/// checks the access to an empty value at the object's own address, where it finds no order between two holders
/// of the lock, and reports a race that is not there (seen in the server's log writer; reproduced with two
/// threads and `Locked(())`, none with `Locked(0)`). `init` refuses an empty value.
public final class Locked<Value>: @unchecked Sendable {
    // The mutex lives at a fixed address of its own: a pthread mutex must not move once initialised.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    public init(_ value: Value) {
        precondition(MemoryLayout<Value>.size > 0, "Locked needs a value with storage, not an empty one")
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed (\(status))")
        self.value = value
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` on the value with the lock held, and returns what it returns.
    public func withLock<Result, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
