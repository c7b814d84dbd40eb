import AsyncHTTPClient
import Foundation
import HometownCore
import NIOSSL

/// The HTTP clients of `HometownClient`: one per set of extra trusted certificate authorities (none: the system's
/// alone), made on first use and kept for the life of the process, as `HTTPClient.shared` is (an `HTTPClient`
/// must be shut down before it is released, and a client of a command lives as long as the command).
///
/// Unlike `HTTPClient.shared`, they follow no redirect (a POST's password would go on to wherever it points) and
/// do not retry a failed connection until the deadline (`retryConnectionEstablishment` off): a certificate that
/// is not trusted fails at once rather than after the whole time limit; `HometownClient` itself retries GETs
/// whose connection was refused or broke.
enum TrustedHTTPClients {
    /// The largest certificate file read, in bytes (Debian's whole CA bundle is about 220 KB).
    static let maxFileBytes = 4 << 20

    private static let clients = Locked<[[UInt8]: HTTPClient]>([:])

    /// The client that trusts the system's authorities alone.
    static var systemOnly: HTTPClient { made(trusting: [], certificates: []) }

    /// A client trusting the system's authorities and the PEM certificates in `path` (a self-signed server
    /// certificate, or a private authority's); nil: the system's authorities only.
    /// - Throws: `ClientError.certificateFile` when the file cannot be read, is larger than `maxFileBytes`, or
    ///   holds no PEM certificate.
    static func client(caFile path: String?) throws -> HTTPClient {
        let bytes = try path.map(read) ?? []
        var certificates: [NIOSSLCertificate] = []
        if let path {
            do {
                certificates = try NIOSSLCertificate.fromPEMBytes(bytes)
            } catch {
                throw ClientError.certificateFile(
                    path: path, detail: "it holds no PEM certificate (-----BEGIN CERTIFICATE-----)")
            }
        }
        return made(trusting: bytes, certificates: certificates)
    }

    /// The client for the certificates read from `bytes` (none: the system's authorities alone).
    private static func made(trusting bytes: [UInt8], certificates: [NIOSSLCertificate]) -> HTTPClient {
        clients.withLock { all in
            if let made = all[bytes] { return made }
            var tls = TLSConfiguration.makeClientConfiguration()
            if !certificates.isEmpty { tls.additionalTrustRoots = [.certificates(certificates)] }
            var configuration = HTTPClient.Configuration()
            configuration.tlsConfiguration = tls
            configuration.connectionPool.retryConnectionEstablishment = false
            configuration.redirectConfiguration = .disallow
            let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
            all[bytes] = client
            return client
        }
    }

    /// The file's bytes, at most `maxFileBytes`.
    private static func read(_ path: String) throws -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw ClientError.certificateFile(
                path: path, detail: exists ? "it cannot be read (permissions?)" : "there is no such file")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: maxFileBytes + 1) ?? Data()
        } catch {
            throw ClientError.certificateFile(path: path, detail: "it cannot be read (\(error.localizedDescription))")
        }
        guard data.count <= maxFileBytes else {
            throw ClientError.certificateFile(path: path, detail: "it is larger than \(maxFileBytes >> 20) MiB")
        }
        return Array(data)
    }
}
