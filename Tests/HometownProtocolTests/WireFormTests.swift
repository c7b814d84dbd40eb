import HometownCore
import HometownProtocol
import Testing

/// What the client writes, the server reads back unchanged: query strings and adduser bodies.
@Suite struct WireFormTests {
    static let hostile = [
        "", "plain", "a b+c&d=e%f", "100% #1 ?x=/y", "quote \" back \\ slash", "ünïcødé 東京 🇲🇽",
        "\u{8}\u{c}\n\r\t\u{1}\u{1f}", "=&&=", "%zz", "+", "</script>", "\u{7f}\u{85}",
    ]

    @Test func queryStringRoundTrip() throws {
        let items = Self.hostile.enumerated().map { (name: "k\($0.offset) \($0.element)", value: $0.element) }
        let encoded = QueryString.encode(items)
        #expect(encoded.utf8.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: " ") })
        let back = try QueryString.parse(encoded)
        #expect(back.map(\.name) == items.map(\.name))
        #expect(back.map(\.value) == items.map(\.value))
        #expect(QueryString.encode([]) == "")
    }

    @Test func newUserEncodesWhatValidationReadsBack() throws {
        let names = Self.hostile.filter { s in
            !s.isEmpty && !s.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
        }
        for (i, text) in names.enumerated() {
            let user = NewUser(
                nickname: "user\(i)", password: text + "pw", country: "usa", state: "MN", city: text,
                year: 1985, coordinate: try Coordinate(latitude: 44.966060, longitude: -93.293753))
            let body = user.json()
            let back = try NewUser.validate(body: body, vocabulary: Bundled.vocabulary, years: YearRange(1970, 2026))
            #expect(back.password == user.password && back.city == user.city, "\(text)")
            #expect(back.country == "USA" && back.state == "Minnesota")
            #expect(back.coordinate == user.coordinate && back.year == 1985)
        }
        // Control characters travel escaped and are refused by the server's rule, not broken in transit.
        let controls = NewUser(
            nickname: "ctl", password: "pw\u{8}x", country: "USA", state: "Texas", city: "Austin",
            year: 2000, coordinate: nil)
        #expect(
            String(decoding: controls.json(), as: UTF8.self)
                == #"{"nickname":"ctl","password":"pw\bx","country":"USA","state":"Texas","city":"Austin","year":2000}"#
        )
        #expect(
            throws: ProtocolError.invalidCharacter(
                field: "password",
                detail: "must not hold control characters (found U+0008)")
        ) {
            try NewUser.validate(body: controls.json(), vocabulary: Bundled.vocabulary, years: YearRange(1970, 2026))
        }
    }

    @Test func everyCodeIsSnakeCaseAndDistinct() {
        let codes = ErrorCode.allCases.map(\.rawValue)
        #expect(Set(codes).count == codes.count)
        #expect(codes.allSatisfy { $0.allSatisfy { $0 == "_" || ("a"..."z").contains($0) } })
        #expect(ProtocolError.nicknameTaken("x").code == .nicknameTaken)
        #expect(ProtocolError.bodyTooLarge(limit: 1).code.rawValue == "body_too_large")
    }
}
