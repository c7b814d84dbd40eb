import HometownProtocol
import Testing

@Suite struct UsersQueryTests {
    static func parse(_ items: [(String, String)]) throws(ProtocolError) -> UsersQuery {
        try UsersQuery.parse(items.map { (name: $0.0, value: $0.1) }, vocabulary: Bundled.vocabulary)
    }

    @Test func everyParameterCombined() throws {
        let q = try Self.parse([
            ("page", "2"), ("reverse", "true"), ("beforeid", "30"), ("country", "usa"), ("state", "MN"),
            ("city", "Minneapolis"), ("year", "1985"), ("afterid", "3"), ("pagesize", "10"),
        ])
        #expect(
            q
                == UsersQuery(
                    country: "USA", states: ["Minnesota"], city: "Minneapolis", year: 1985, afterID: 3, beforeID: 30,
                    reverse: true, page: 2, pageSize: 10))
    }

    @Test func stateWithoutCountry() throws {
        #expect(try Self.parse([("state", "Minnesota")]).states == ["Minnesota"])
        #expect(try Self.parse([("state", "Odisha")]).states == ["Odisha"])
    }

    @Test(arguments: [
        ("year", "abc"), ("year", "19.5"), ("page", "-1"), ("pagesize", "0"), ("pagesize", "1001"), ("reverse", "yes"),
        ("afterid", ""), ("country", "Atlantis"), ("state", "Narnia"), ("bogus", "1"), ("page", "99999999999999999999"),
    ])
    func refusals(name: String, value: String) {
        #expect(throws: ProtocolError.self) { try Self.parse([(name, value)]) }
    }

    @Test func repeatedParameter() {
        #expect(throws: ProtocolError.repeated(field: "year")) { try Self.parse([("year", "1"), ("year", "2")]) }
    }
}
