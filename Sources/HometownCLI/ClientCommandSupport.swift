import ArgumentParser
import Foundation
import HometownClient
import HometownProtocol

/// What the commands that talk to a server share: the server URL and reporting errors as exit statuses.
enum ClientCommandSupport {
    /// `--server`, else `$HOMETOWN_SERVER`, else http://127.0.0.1:8080.
    static func serverURL(_ option: String?) -> String {
        option ?? ProcessInfo.processInfo.environment["HOMETOWN_SERVER"].flatMap { $0.isEmpty ? nil : $0 }
            ?? "http://127.0.0.1:8080"
    }

    /// Checks the `--id` of `hometown delete` and `update`: a post's id is a whole number from 1.
    /// - Throws: `CLIError` (exit status 2) for 0 or less.
    static func checkPostID(_ id: Int) throws {
        guard id >= 1 else {
            throw CLIError("--id must be a post's id, a whole number from 1 (it is \(id)); `hometown users` lists them")
        }
    }

    /// Runs `body`; a failure is printed on stderr and becomes its documented exit status (`ExitStatus`).
    static func reportingErrors(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let e as ClientError {
            printError(e.description)
            if case .tls = e {
                printError(
                    "to trust a self-signed server or a private certificate authority, give its certificate with --ca-file FILE (or SSL_CERT_FILE=FILE)"
                )
            }
            throw ExitCode(ExitStatus.of(e))
        } catch let e as CLIError {
            printError(e.description)
            throw ExitCode(ExitStatus.invalidInput)
        } catch let e as ProtocolError {
            printError(e.description)
            throw ExitCode(ExitStatus.invalidInput)
        }
    }
}
