import ArgumentParser
import HometownCore

/// Errors the CLI reports itself; they print on stderr and exit with status 2 (invalid input).
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

/// A failure of the system rather than of the input (PROJ not installed, the output cannot be written): printed
/// on stderr, exit status 1.
struct SystemFailure: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

/// The error for a failed `read` of input `path` (`code`: its errno): a folder given as the input is the input's
/// fault (`CLIError`, exit status 2), any other read error the system's (`SystemFailure`, 1).
func readFailure(_ path: String, _ code: Int32) -> Error {
    let message = "error reading \(path): \(String(cString: strerror(code)))"
    return code == EISDIR ? CLIError(message) : SystemFailure(message)
}

/// Prints `message` on stderr.
func printError(_ message: String) {
    var e = StandardError()
    print("hometown: " + message, to: &e)
}

struct StandardError: TextOutputStream {
    mutating func write(_ s: String) {
        var bytes = Array(s.utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress! + done, $0.count - done) }
            if n <= 0 { break }
            done += n
        }
    }
}

#if canImport(Glibc)
    import Glibc
#endif

/// Prints `error` on stderr ("hometown: " and its description) and returns the exit status it means: 2 (invalid
/// input) for a `CLIError` or a `CoreError`, 1 for a `SystemFailure` or any other error. The one mapping from
/// Hometown's own errors to statuses, shared by `runReportingErrors` and `HometownCommand.runMain`.
func report(_ error: any Error) -> ExitCode {
    printError(String(describing: error))
    return ExitCode(isInvalidInput(error) ? ExitStatus.invalidInput : ExitStatus.failure)
}

/// Whether `error` is one of the errors `report` gives exit status 2: the input's fault, not the system's.
func isInvalidInput(_ error: any Error) -> Bool { error is CLIError || error is CoreError }

/// Runs `body`; an error is printed on stderr and becomes its exit status (`report`).
func runReportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let e as ExitCode {
        throw e
    } catch {
        throw report(error)
    }
}
