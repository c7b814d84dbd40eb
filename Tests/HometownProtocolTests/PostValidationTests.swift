import Foundation
import HometownProtocol
import Testing

@Suite struct PostValidationTests {
    static let years = YearRange(1970, 2026)

    static func validate(_ json: String) throws(ProtocolError) -> NewUser {
        try NewUser.validate(body: Array(json.utf8), vocabulary: Bundled.vocabulary, years: years)
    }

    static func refusal(_ json: String) -> ProtocolError? {
        do {
            _ = try validate(json)
            return nil
        } catch { return error }
    }

    @Test func protocolSamples() throws {
        let a = try Self.validate(
            #"{"nickname": "rew", "password": "catman", "country": "USA", "state": "North Dakota", "city": "Devils Lake", "year": 1985}"#
        )
        #expect(
            a
                == NewUser(
                    nickname: "rew", password: "catman", country: "USA", state: "North Dakota", city: "Devils Lake",
                    year: 1985, coordinate: nil))
        let b = try Self.validate(
            #"{"nickname": "rew2", "password": "guess", "country": "USA", "state": "Minnesota", "city": "Minneapolis", "year": 1985, "latitude": 44.966060, "longitude": -93.293753}"#
        )
        #expect(b.coordinate?.latitude == 44.96606 && b.coordinate?.longitude == -93.293753)
    }

    @Test func aliasesAreStoredUnderCanonicalNames() throws {
        let u = try Self.validate(
            #"{"nickname":" Ana ","password":"abc","country":"mx","state":"Distrito Federal","city":"Coyoacán","year":2001}"#
        )
        #expect(u.nickname == "Ana" && u.country == "Mexico" && u.state == "Ciudad de México" && u.city == "Coyoacán")
    }

    static let base = #""nickname":"n","password":"pwd","country":"USA","state":"MN","city":"c""#

    @Test(arguments: [
        (#""1985""#, "year"), ("1985.5", "year"), ("1e3", "year"), ("1985.0", "year"), ("true", "year"),
        ("[1985]", "year"),
        ("1969", "year"), ("2027", "year"), ("null", "year"),
    ])
    func yearForms(value: String, field: String) {
        let e = Self.refusal("{\(Self.base),\"year\":\(value)}")
        #expect(e?.field == field, "year \(value)")
    }

    /// A whole year beyond 64 bits is out of the range of years, as 99999999999 is: not of the wrong type.
    @Test func aHugeWholeYearIsOutOfRange() {
        for value in ["99999999999", "1000000000000000000000000000000", "-9223372036854775809"] {
            let e = Self.refusal("{\(Self.base),\"year\":\(value)}")
            guard case .outOfRange(let field, let rule)? = e else {
                Issue.record("year \(value): \(String(describing: e))")
                continue
            }
            #expect(field == "year" && rule == "from 1970 to 2026, not \(value)", "\(rule)")
        }
    }

    @Test(arguments: [
        (#""latitude":91,"longitude":0"#, "latitude"), (#""latitude":-90.0001,"longitude":0"#, "latitude"),
        (#""latitude":0,"longitude":180"#, "longitude"), (#""latitude":0,"longitude":-180.5"#, "longitude"),
        (#""latitude":"45","longitude":0"#, "latitude"), (#""latitude":45"#, "longitude"),
        (#""longitude":45"#, "latitude"),
    ])
    func coordinateRules(members: String, field: String) {
        #expect(Self.refusal("{\(Self.base),\"year\":2000,\(members)}")?.field == field)
    }

    @Test func coordinateEdgesAccepted() throws {
        let u = try Self.validate("{\(Self.base),\"year\":2000,\"latitude\":-90,\"longitude\":-180}")
        #expect(u.coordinate?.latitude == -90 && u.coordinate?.longitude == -180)
        // A number whose nearest Double is a bound is on it (tools/fuzz post-body, regression-latitude-on-the-bound:
        // 90 + 1e-19 as written, 90 as a Double, as Double(String) and Python read it); one a Double above is not.
        let onTheBound = try Self.validate(
            "{\(Self.base),\"year\":2000,\"latitude\":90.00000000000000000010337843864153,\"longitude\":179.99999999999997}"
        )
        #expect(onTheBound.coordinate?.latitude == 90 && onTheBound.coordinate?.longitude == 179.99999999999997)
        #expect(throws: ProtocolError.self) {
            try Self.validate("{\(Self.base),\"year\":2000,\"latitude\":90.00000000000002,\"longitude\":0}")
        }
    }

    /// A string that starts with U+FEFF (a byte order mark's bytes), or has one right after an escape, is kept as
    /// sent, mark included: Foundation's reader drops it (tools/fuzz post-body, regression-bom-in-password and
    /// regression-bom-after-escape), a password must not change.
    @Test func aLeadingByteOrderMarkInAStringIsKept() throws {
        let u = try Self.validate(
            "{\"nickname\":\"n\",\"password\":\"\u{FEFF}secret\",\"country\":\"USA\",\"state\":\"MN\",\"city\":\"c\",\"year\":2000}"
        )
        #expect(Array(u.password.utf8) == [0xEF, 0xBB, 0xBF] + Array("secret".utf8))
        // Right after an escape too (Foundation drops one there as well: regression-bom-after-escape).
        let afterEscape = try Self.validate(
            "{\"nickname\":\"n\",\"password\":\"\\\\\u{FEFF}secret\",\"country\":\"USA\",\"state\":\"MN\",\"city\":\"c\",\"year\":2000}"
        )
        #expect(Array(afterEscape.password.utf8) == [0x5C, 0xEF, 0xBB, 0xBF] + Array("secret".utf8))
        let nulls = try Self.validate("{\(Self.base),\"year\":2000,\"latitude\":null,\"longitude\":null}")
        #expect(nulls.coordinate == nil)
    }

    @Test func keysAndShapes() {
        #expect(
            Self.refusal(#"{"password":"pwd","country":"USA","state":"MN","city":"c","year":2000}"#)
                == .missing(field: "nickname"))
        #expect(
            Self.refusal("{\(Self.base),\"year\":2000,\"lattitude\":1}")
                == .unknownKey("lattitude", allowed: ProtocolLimits.postKeys))
        #expect(Self.refusal("{\(Self.base),\"year\":2000,\"year\":2001}") == .repeated(field: "year"))
        #expect(
            Self.refusal(#"{"nickname":"n","password":"pw","country":"USA","state":"MN","city":"c","year":2000}"#)?
                .field == "password")
        #expect(
            Self.refusal(#"{"nickname":"  ","password":"pwd","country":"USA","state":"MN","city":"c","year":2000}"#)?
                .field == "nickname")
        #expect(
            Self.refusal(#"{"nickname":"n","password":"pwd","country":"USA","state":"MN","city":"","year":2000}"#)?
                .field == "city")
        #expect(
            Self.refusal(#"{"nickname":5,"password":"pwd","country":"USA","state":"MN","city":"c","year":2000}"#)?.field
                == "nickname")
        #expect(
            Self.refusal(#"{"nickname":"n","password":"pwd","country":"Canada","state":"ON","city":"c","year":2000}"#)?
                .field == "country")
        #expect(
            Self.refusal(
                #"{"nickname":"n","password":"pwd","country":"USA","state":"Ontario","city":"c","year":2000}"#)?.field
                == "state")
        let long = String(repeating: "x", count: 101)
        #expect(
            Self.refusal(
                "{\"nickname\":\"\(long)\",\"password\":\"pwd\",\"country\":\"USA\",\"state\":\"MN\",\"city\":\"c\",\"year\":2000}"
            )?.field == "nickname")
        #expect(
            Self.refusal(
                #"{"nickname":"a\u0000b","password":"pwd","country":"USA","state":"MN","city":"c","year":2000}"#)?.field
                == "nickname")
    }

    @Test(arguments: [
        "", "[]", "null", "{", #"{"a":1,}"#, #"{"nickname":"n"} x"#, "{'a':1}", #"{"a":"\x"}"#, #"{"a":01}"#,
        String(repeating: "[", count: 100),
    ])
    func malformedBodies(body: String) {
        guard case .malformedBody? = Self.refusal(body) else {
            Issue.record("\(body.prefix(20)) was not refused as malformed")
            return
        }
    }

    @Test func oversizedBody() {
        let body = "{\"city\":\"" + String(repeating: "a", count: 17_000) + "\"}"
        #expect(Self.refusal(body) == .bodyTooLarge(limit: 16_384))
    }

    struct Post: Encodable {
        var nickname: String, password = "pwd", country = "USA", state = "MN", city: String, year = 2000
    }

    @Test(arguments: [
        #"Robert'); DROP TABLE users;--"#, #"quote" back\slash"#, "😀 emoji 👩‍👩‍👧", "<script>alert(1)</script>",
        "%00 \\u0000 literal", "' OR '1'='1", "tab\there",
    ])
    func hostileStringsKeptExactly(text: String) throws {
        let body = try JSONEncoder().encode(Post(nickname: text, city: text))
        if text.contains("\t") {
            #expect(throws: ProtocolError.self) {
                try NewUser.validate(body: Array(body), vocabulary: Bundled.vocabulary, years: Self.years)
            }
            return
        }
        let u = try NewUser.validate(body: Array(body), vocabulary: Bundled.vocabulary, years: Self.years)
        #expect(Array(u.nickname.utf8) == Array(text.utf8))
        #expect(Array(u.city.utf8) == Array(text.utf8))
    }
}
