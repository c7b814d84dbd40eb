import ArgumentParser
import Foundation
import HometownClient

/// The options of every command that talks to a Hometown server: where it is and how long to wait.
struct ClientOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The service's base URL (default $HOMETOWN_SERVER; post and users fall back to http://127.0.0.1:8080).",
            valueName: "URL"))
    var server: String?

    @Option(help: "Seconds to wait for each answer.")
    var timeout = 10.0

    /// Whether a server was named (by --server or $HOMETOWN_SERVER).
    var serverGiven: Bool {
        server != nil || ProcessInfo.processInfo.environment["HOMETOWN_SERVER"].map { !$0.isEmpty } == true
    }

    /// `--server`, else `$HOMETOWN_SERVER`, else http://127.0.0.1:8080.
    var url: String { ClientCommandSupport.serverURL(server) }

    /// A client of that server with that time limit.
    /// - Throws: `CLIError` (exit status 2) for a time limit that is not more than 0 seconds.
    func client() throws -> HometownClient {
        guard timeout > 0, timeout.isFinite else { throw CLIError("--timeout must be more than 0 seconds") }
        return try HometownClient(baseURL: url, timeout: timeout)
    }
}
