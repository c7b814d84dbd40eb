import Foundation
import Hummingbird
import Logging

/// One log line per request at level info: method, path and query, status, milliseconds (two decimals). Never a
/// body, and a query parameter named like a password has its value written as `***` (`loggedQuery`), so never a
/// password, even one a careless client put in the address. Costs nothing when the log level is above info.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = HometownRequestContext

    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard logger.logLevel <= .info else { return try await next(request, context) }
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - start
        let hundredths = elapsed.components.seconds * 100_000 + elapsed.components.attoseconds / 10_000_000_000_000
        let ms = "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
        let query = request.uri.query.map { "?" + Self.loggedQuery($0) } ?? ""
        logger.info("\(request.method.rawValue) \(request.uri.path)\(query) \(response.status.code) \(ms) ms")
        return response
    }

    /// `query` as the log writes it: the value of every parameter whose name holds "password" or "passwd" (in any
    /// case, percent-encoded or not) is `***`; the rest as it came.
    static func loggedQuery(_ query: String) -> String {
        guard
            query.utf8.contains(where: { $0 == UInt8(ascii: "p") || $0 == UInt8(ascii: "P") || $0 == UInt8(ascii: "%") }
            )
        else { return query }
        return query.split(separator: "&", omittingEmptySubsequences: false).map { item -> String in
            guard let equals = item.firstIndex(of: "=") else { return String(item) }
            let rawName = item[..<equals]
            let name = (String(rawName).removingPercentEncoding ?? String(rawName)).lowercased()
            guard name.contains("password") || name.contains("passwd") else { return String(item) }
            return rawName + "=***"
        }.joined(separator: "&")
    }
}
