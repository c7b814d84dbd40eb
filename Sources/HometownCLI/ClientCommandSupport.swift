import ArgumentParser
import Foundation
import HometownClient
import HometownProtocol

/// What `hometown post` and `hometown users` share: the server URL and the mapping of errors to exit statuses.
enum ClientCommandSupport {
    /// `--server`, else `$HOMETOWN_SERVER`, else http://127.0.0.1:8080.
    static func serverURL(_ option: String?) -> String {
        option ?? ProcessInfo.processInfo.environment["HOMETOWN_SERVER"].flatMap { $0.isEmpty ? nil : $0 } ?? "http://127.0.0.1:8080"
    }

    /// Runs `body`; a failure is printed on stderr and becomes its documented exit status.
    static func reportingErrors(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let e as ClientError {
            printError(e.description)
            throw ExitCode(e.exitStatus)
        } catch let e as CLIError {
            printError(e.description)
            throw ExitCode(2)
        } catch let e as ProtocolError {
            printError(e.description)
            throw ExitCode(2)
        }
    }
}
