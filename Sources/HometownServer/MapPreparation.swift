import HometownBasemap
import HometownCore
import Logging

/// What the web map needs, made once the server listens rather than on the first tile request: the prepared
/// boundaries with the boundary tiles of zooms 0 to `zooms` - 1, and the names placed for the same zooms
/// (`--prepare-map-zooms`, default 3: the world view the web app opens on). It runs in the background on the bulk
/// threads at a lower priority, so the server answers at once; a tile asked for meanwhile waits for the part it
/// needs (drawn once, shared). A failure is logged; the tile requests then report it.
enum MapPreparation {
    /// Starts preparing the map for `zooms` zooms (0: nothing; the boundaries are built on first use); returns at
    /// once.
    static func start(_ state: ServerState, zooms: Int) {
        guard zooms > 0 else { return }
        let logger = state.logger
        Task.detached(priority: .utility) {
            let started = ContinuousClock.now
            do {
                try await state.tiles.prepare(zooms: zooms)
                let boundaries = ContinuousClock.now - started
                try await state.labels.prepare(zooms: zooms)
                let all = ContinuousClock.now - started
                logger.info(
                    "map prepared for zooms 0-\(zooms - 1): boundary tiles in \(DurationUnits.wholeMilliseconds(boundaries)) ms, with the names in \(DurationUnits.wholeMilliseconds(all)) ms"
                )
            } catch is CancellationError {
                logger.debug("map preparation stopped: the server is stopping")
            } catch BasemapError.stopped {
                logger.debug("map preparation stopped: the server is stopping")
            } catch {
                logger.warning("the map could not be prepared at start", metadata: ["error": "\(error)"])
            }
        }
    }
}
