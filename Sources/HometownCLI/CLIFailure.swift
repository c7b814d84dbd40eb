import ArgumentParser
import HometownBasemap
import HometownClustering
import HometownCore
import HometownMarkers
import HometownViewport

/// A failure already described for the user: printed on standard error, exit status 2.
enum CLIFailure {
    /// Prints `message` and gives the exit status of invalid input (2) to throw.
    static func exit(_ message: String) -> ExitCode {
        printError(message)
        return ExitCode(ExitStatus.invalidInput)
    }

    /// Runs `body`; the engine's refusals of the input (markers, clustering, viewport, basemap and core errors,
    /// each naming the problem) are printed and become exit status 2. Other errors pass through.
    static func reportingInputErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let e as MarkersError {
            throw exit(e.description)
        } catch let e as ClusteringError {
            throw exit(e.description)
        } catch let e as ViewportError {
            throw exit(e.description)
        } catch let e as BasemapError {
            throw exit(e.description)
        } catch let e as CoreError {
            throw exit(e.description)
        }
    }
}
