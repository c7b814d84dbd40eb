import AsyncHTTPClient
import Foundation
import HometownCore
import NIOSSL

/// The HTTP clients of `HometownClient`, made on first use and kept for the life of the process, as
/// `HTTPClient.shared` is (an `HTTPClient` must be shut down before it is released, and a client of a command lives
/// as long as the command): `systemOnly` for plain http, and one per set of extra trusted certificate authorities
/// for https or a `--ca-file`.
///
/// Each is configured as `HTTPClient.shared` is (`singletonConfiguration`: gzip answers accepted, a refused
/// connection tried again until the request's deadline), except that none follows a redirect (a POST's password
/// would go on to wherever it points), and the https ones do not try a failed connection again
/// (`retryConnectionEstablishment` off): a certificate that is not trusted fails at once rather than after the
/// whole time limit; `HometownClient` itself retries GETs whose connection was refused or broke.
enum TrustedHTTPClients {
    /// The largest certificate file read, in bytes (Debian's whole CA bundle is about 220 KB).
    static let maxFileBytes = 4 << 20

    private static let clients = Locked<[[UInt8]: HTTPClient]>([:])

    /// The client of plain http servers (and of https ones through a client given no certificates to trust):
    /// `HTTPClient.shared`'s configuration, without redirects.
    static let systemOnly: HTTPClient = {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.redirectConfiguration = .disallow
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

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
            var configuration = HTTPClient.Configuration.singletonConfiguration
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
