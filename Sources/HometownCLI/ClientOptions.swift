import ArgumentParser
import Foundation
import HometownClient

/// The options of every command that talks to a Hometown server: where it is, how long to wait, and which
/// certificate authorities to trust for https.
struct ClientOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The service's base URL (default $HOMETOWN_SERVER, else http://127.0.0.1:8080; map reads a server only when one is named).",
            valueName: "URL"))
    var server: String?

    @Option(
        help:
            "Seconds to wait for each answer (more than 0, at most 86400); a GET without one is tried twice more, a POST is not."
    )
    var timeout = 10.0

    @Option(help: "The largest answer read, in MiB (1-4096); a larger one is exit status 12.")
    var maxAnswerMib = HometownClient.defaultMaxAnswerBytes >> 20

    @Option(
        help: ArgumentHelp(
            "PEM certificates to trust for https besides the system's (a self-signed server's certificate, or a private CA's); default $SSL_CERT_FILE.",
            valueName: "FILE"))
    var caFile: String?

    /// `--ca-file`, else `$SSL_CERT_FILE` (when set and not empty), else nil: the system's authorities only.
    var trustedCertificates: String? {
        caFile ?? ProcessInfo.processInfo.environment["SSL_CERT_FILE"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether a server was named (by --server or $HOMETOWN_SERVER).
    var serverGiven: Bool {
        server != nil || ProcessInfo.processInfo.environment["HOMETOWN_SERVER"].map { !$0.isEmpty } == true
    }

    /// `--server`, else `$HOMETOWN_SERVER`, else http://127.0.0.1:8080.
    var url: String { ClientCommandSupport.serverURL(server) }

    /// A client of that server with that time limit, trusting `trustedCertificates` too.
    /// - Throws: `CLIError` (exit status 2) for a time limit or answer size out of range;
    ///   `ClientError.certificateFile` (exit status 2) for a certificate file that cannot be used.
    func client() throws -> HometownClient {
        guard timeout > 0, timeout <= HometownClient.maxTimeout else {
            throw CLIError("--timeout must be more than 0 and at most \(Int(HometownClient.maxTimeout)) seconds")
        }
        guard (1...4096).contains(maxAnswerMib) else { throw CLIError("--max-answer-mib must be from 1 to 4096") }
        return try HometownClient(
            baseURL: url, timeout: timeout, maxAnswerBytes: maxAnswerMib << 20, caFile: trustedCertificates)
    }
}
