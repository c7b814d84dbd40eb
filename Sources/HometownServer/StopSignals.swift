import Dispatch
import HometownCore
import ServiceLifecycle

#if canImport(Glibc)
    import Glibc
#endif

/// SIGTERM and SIGINT from the moment `hometown serve` starts, not only once the server runs: a stop asked for
/// while the server is still starting (loading its users and data, which takes seconds with many posts) is
/// remembered and carried out as soon as it runs, as the same graceful shutdown (exit 0, database closed),
/// instead of ending the process by the signal's default action.
///
/// Keep the value alive for the whole run: its signal sources live with it.
// @unchecked: the dispatch sources are only resumed in `init` and kept; the mutable state is behind `Locked`.
public final class StopSignals: @unchecked Sendable {
    private let state = Locked<(requested: Bool, group: ServiceGroup?)>((false, nil))
    private var sources: [any DispatchSourceSignal] = []

    /// Starts listening for SIGTERM and SIGINT (their default actions are turned off: the process no longer ends
    /// by them, it stops gracefully).
    public init() {
        for s in [SIGTERM, SIGINT] {
            signal(s, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: s, queue: .global())
            source.setEventHandler { [weak self] in self?.request() }
            source.resume()
            sources.append(source)
        }
    }

    /// Whether a stop has been asked for.
    public var isRequested: Bool { state.withLock { $0.requested } }

    private func request() {
        let group = state.withLock { s -> ServiceGroup? in
            s.requested = true
            return s.group
        }
        if let group { Task { await group.triggerGracefulShutdown() } }
    }

    /// The group the server runs in: a stop asked for before (or after) shuts it down gracefully.
    func attach(_ group: ServiceGroup) async {
        let requested = state.withLock { s -> Bool in
            s.group = group
            return s.requested
        }
        if requested { await group.triggerGracefulShutdown() }
    }
}
