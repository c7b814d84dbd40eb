import HometownStore
import Logging
import ServiceLifecycle

/// Brings the in-memory view up to the posts other processes stored in the same database, every
/// `--db-sync-interval`, until the server shuts down. A store that cannot be read is logged once when it starts
/// failing and once when it answers again; the view keeps answering with what it has meanwhile.
struct ViewSyncService: Service {
    let follower: UserViewFollower
    let interval: Duration
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown {
            var failing = false
            while !Task.isCancelled {
                do {
                    try await Task.sleep(for: interval)
                } catch {
                    return
                }
                do {
                    try await follower.catchUp()
                    if failing {
                        failing = false
                        logger.notice("the database answers again; the in-memory view is current")
                    }
                } catch {
                    if !failing {
                        failing = true
                        logger.error(
                            "cannot read new posts from the database; answering from memory meanwhile",
                            metadata: ["error": "\(error)"])
                    }
                }
            }
        }
    }
}
