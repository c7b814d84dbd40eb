import Foundation

/// What to do when the test process exits normally, such as stopping the servers it shares between tests (a crash
/// or a kill skips it: each server has its own way to go then). One `atexit` handler runs the actions in the order
/// they were added, then those added with `addLast` in theirs.
enum ExitActions {
    nonisolated(unsafe) private static var actions: [@Sendable () -> Void] = []
    nonisolated(unsafe) private static var lastActions: [@Sendable () -> Void] = []
    nonisolated(unsafe) private static var registered = false
    private static let lock = NSLock()

    static func add(_ action: @escaping @Sendable () -> Void) {
        lock.withLock {
            register()
            actions.append(action)
        }
    }

    /// Adds an action that runs after every action `add` adds, such as removing the folder the servers wrote in.
    static func addLast(_ action: @escaping @Sendable () -> Void) {
        lock.withLock {
            register()
            lastActions.append(action)
        }
    }

    /// Called with `lock` held.
    private static func register() {
        guard !registered else { return }
        registered = true
        atexit {
            let (first, last) = ExitActions.lock.withLock { (ExitActions.actions, ExitActions.lastActions) }
            for action in first + last { action() }
        }
    }
}
