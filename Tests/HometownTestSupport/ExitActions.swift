import Foundation

/// What to do when the test process exits normally, such as stopping the servers it shares between tests (a crash
/// or a kill skips it: each server has its own way to go then). One `atexit` handler runs the actions in the order
/// they were added.
enum ExitActions {
    nonisolated(unsafe) private static var actions: [@Sendable () -> Void] = []
    private static let lock = NSLock()

    static func add(_ action: @escaping @Sendable () -> Void) {
        lock.withLock {
            if actions.isEmpty {
                atexit {
                    for action in ExitActions.lock.withLock({ ExitActions.actions }) { action() }
                }
            }
            actions.append(action)
        }
    }
}
