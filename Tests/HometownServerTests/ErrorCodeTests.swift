import Foundation
import HTTPTypes
import HometownProtocol
import HometownServer
import HummingbirdTesting
import Testing

/// Every refusal carries its stable `code` on the wire, one per `ProtocolError` case, and the OpenAPI document
/// lists exactly the codes `ErrorCode` has.
@Suite struct ErrorCodeTests {
    /// A post body with `change` applied to the protocol's sample (a nil value removes the key).
    static func post(_ change: [String: Any?]) -> String {
        var fields: [String: Any] = [
            "nickname": "coder", "password": "secret", "country": "USA", "state": "Texas",
            "city": "Austin", "year": 2000,
        ]
        for (k, v) in change { fields[k] = v }
        return body(fields)
    }

    @Test func everyProtocolErrorHasItsCodeOnTheWire() async throws {
        try await Fixture.withServer { client in
            func check(
                _ r: TestResponse, _ code: ErrorCode, field: String?, status: HTTPResponse.Status = .badRequest,
                _ what: String
            ) {
                let o = r.json as? [String: Any]
                #expect(r.status == status, "\(what): \(r.text)")
                #expect(o?["code"] as? String == code.rawValue, "\(what): \(r.text)")
                #expect(o?["field"] as? String == field, "\(what): \(r.text)")
                #expect((o?["error"] as? String)?.isEmpty == false, "\(what)")
            }
            check(try await client.post("not json"), .malformedBody, field: nil, "malformed body")
            check(
                try await client.post(String(repeating: " ", count: ProtocolLimits.maxBodyBytes + 1) + "{}"),
                .bodyTooLarge, field: nil, status: .contentTooLarge, "body too large")
            check(try await client.post(Self.post(["nickname": nil])), .missing, field: "nickname", "missing")
            check(try await client.post(Self.post(["lattitude": 1])), .unknownKey, field: "lattitude", "unknown key")
            check(try await client.get("/hometown/users?year=1&year=2"), .repeated, field: "year", "repeated")
            check(try await client.get("/hometown/countries?x=1"), .unknownParameter, field: "x", "unknown parameter")
            check(try await client.get("/hometown/users?year=abc"), .wrongType, field: "year", "wrong type")
            check(try await client.get("/hometown/users?page=-1"), .outOfRange, field: "page", "out of range")
            check(try await client.post(Self.post(["password": "ab"])), .length, field: "password", "length")
            check(
                try await client.post(Self.post(["city": "Aus\u{1}tin"])), .invalidCharacter, field: "city",
                "invalid character")
            check(
                try await client.get("/hometown/states?country=Atlantis"), .unsupportedCountry, field: "country",
                "unsupported country")
            check(
                try await client.get("/hometown/users?country=USA&state=Narnia"), .unsupportedState, field: "state",
                "unsupported state")
            #expect(try await client.post(Self.post([:])).status == .ok)
            check(try await client.post(Self.post(["nickname": "CODER"])), .nicknameTaken, field: "nickname", "taken")
            check(
                try await client.get("/hometown/region?width=800&height=600"), .noRegion, field: nil,
                status: .notFound, "no region")
        }
    }

    @Test func theOpenAPIDocumentListsEveryCode() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/HometownServer/Public/openapi.yaml")
        let text = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(text.range(of: "        code:\n"))
        let enumStart = try #require(text.range(of: "          enum:\n", range: start.upperBound..<text.endIndex))
        var listed: [String] = []
        for line in text[enumStart.upperBound...].split(separator: "\n") {
            guard line.hasPrefix("            - ") else { break }
            listed.append(String(line.dropFirst("            - ".count)))
        }
        #expect(listed == ErrorCode.allCases.map(\.rawValue))
    }
}
