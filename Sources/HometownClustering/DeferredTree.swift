import Dispatch

/// A KD-tree built on one other thread (its sort not split further, so that it takes one core and leaves the
/// other to the caller): `tree` waits for it to be done.
final class DeferredTree: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    // Written once by the building thread before `done` is signalled; read only after waiting on it.
    private var built: KDTree?

    init(nodes: [ClusterNode], nodeSize: Int) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            built = nodes.withUnsafeBufferPointer { b in
                KDTree(count: b.count, nodeSize: nodeSize, parallel: false, x: { b[$0].x }, y: { b[$0].y })
            }
            done.signal()
        }
    }

    /// The tree (waits until it is built).
    var tree: KDTree {
        done.wait()
        defer { done.signal() }  // the next reader does not wait again
        return built!
    }
}
