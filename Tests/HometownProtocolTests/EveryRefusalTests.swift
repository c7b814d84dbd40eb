import HometownCore
import HometownProtocol
import Testing

/// A post with several refused fields is refused with every one of them (`NewUser.validateAll`), in the
/// protocol's key order, whatever the order of the body's keys; the first is what `validate` throws.
@Suite struct EveryRefusalTests {
    static let years = YearRange(1970, 2026)

    /// A valid post's members, as JSON text.
    static let good: [PostField: String] = [
        .nickname: #""rew""#, .password: #""catman""#, .country: #""USA""#, .state: #""MN""#,
        .city: #""Minneapolis""#, .year: "1985", .latitude: "44.97", .longitude: "-93.26",
    ]
    /// A refused value for each field, each refused whatever the other fields hold (the state by its type, so that
    /// it is checked without a served country).
    static let bad: [PostField: String] = [
        .nickname: #""  ""#, .password: #""ab""#, .country: #""Atlantis""#, .state: "5", .city: #""""#,
        .year: "1800", .latitude: "91", .longitude: "180",
    ]

    /// The body with `fields` bad, its keys written in reverse order.
    static func body(bad fields: Set<PostField>) -> [UInt8] {
        let members = PostField.allCases.reversed().map { f in
            "\"\(f.rawValue)\":\(fields.contains(f) ? bad[f]! : good[f]!)"
        }
        return Array(("{" + members.joined(separator: ",") + "}").utf8)
    }

    static func refusal(_ body: [UInt8]) -> ProtocolRefusal? {
        do {
            _ = try NewUser.validateAll(body: body, vocabulary: Bundled.vocabulary, years: years)
            return nil
        } catch { return error }
    }

    /// The one problem of each field alone.
    static func alone() throws -> [PostField: ProtocolError] {
        var out: [PostField: ProtocolError] = [:]
        for f in PostField.allCases {
            let r = try #require(refusal(body(bad: [f])), "\(f) alone is refused")
            #expect(r.problems.count == 1 && r.first.field == f.rawValue, "\(f) alone: \(r.problems)")
            out[f] = r.first
        }
        return out
    }

    static func subsets(of fields: [PostField], size: Int) -> [[PostField]] {
        guard size > 0 else { return [[]] }
        guard fields.count >= size else { return [] }
        let rest = Array(fields.dropFirst())
        return subsets(of: rest, size: size - 1).map { [fields[0]] + $0 } + subsets(of: rest, size: size)
    }

    @Test func theGoodPostPasses() throws {
        #expect(Self.refusal(Self.body(bad: [])) == nil)
    }

    @Test(arguments: [2, 3]) func everyCombinationGivesEveryProblemInKeyOrder(size: Int) throws {
        let alone = try Self.alone()
        let combinations = Self.subsets(of: PostField.allCases, size: size)
        #expect(combinations.count == (size == 2 ? 28 : 56))
        for fields in combinations {
            let body = Self.body(bad: Set(fields))
            let r = try #require(Self.refusal(body), "\(fields) refused")
            // `fields` is in key order (subsets keep the order of allCases).
            #expect(r.problems == fields.map { alone[$0]! }, "\(fields): \(r.problems)")
            // The single-error form is the first of them.
            #expect(throws: r.first) {
                try NewUser.validate(body: body, vocabulary: Bundled.vocabulary, years: Self.years)
            }
        }
    }

    @Test func aStateIsCheckedOnlyAgainstAServedCountry() throws {
        var members = Self.good
        members[.state] = #""Narnia""#
        let text = "{" + PostField.allCases.map { "\"\($0.rawValue)\":\(members[$0]!)" }.joined(separator: ",") + "}"
        #expect(Self.refusal(Array(text.utf8))?.problems.map(\.code) == [.unsupportedState])
        members[.country] = #""Atlantis""#
        let both = "{" + PostField.allCases.map { "\"\($0.rawValue)\":\(members[$0]!)" }.joined(separator: ",") + "}"
        #expect(Self.refusal(Array(both.utf8))?.problems.map(\.code) == [.unsupportedCountry])
    }

    @Test func aPointIsBothOrNeither() throws {
        let base = #""nickname":"n","password":"pwd","country":"USA","state":"MN","city":"c","year":1800"#
        #expect(
            Self.refusal(Array("{\(base),\"latitude\":\"x\"}".utf8))?.problems.map(\.field) == [
                "year", "latitude", "longitude",
            ])
        #expect(
            Self.refusal(Array("{\(base),\"longitude\":200}".utf8))?.problems == [
                .outOfRange(field: "year", rule: "from 1970 to 2026, not 1800"), .missing(field: "latitude"),
                .outOfRange(field: "longitude", rule: "in [-180, 180) degrees, not 200.0"),
            ])
    }

    @Test func aBodyThatCannotBeReadHasOneProblem() {
        let unknown = Self.body(bad: [.year, .city]).dropLast() + Array(#","lattitude":1}"#.utf8)
        #expect(
            Self.refusal(Array(unknown))?.problems == [.unknownKey("lattitude", allowed: ProtocolLimits.postKeys)])
        let repeated = Self.body(bad: [.year]).dropLast() + Array(#","year":1801}"#.utf8)
        #expect(Self.refusal(Array(repeated))?.problems == [.repeated(field: "year")])
        #expect(Self.refusal(Array("not json".utf8))?.problems.map(\.code) == [.malformedBody])
    }

    @Test func aTakenNicknameJoinsInFirst() throws {
        let r = try #require(Self.refusal(Self.body(bad: [.year, .city])))
        #expect(r.acceptedNickname == "rew")
        let taken = r.addingTakenNickname()
        #expect(taken.problems == [.nicknameTaken("rew")] + r.problems)
        // Added once; and never to a refused nickname.
        #expect(taken.addingTakenNickname() == taken)
        let refusedName = try #require(Self.refusal(Self.body(bad: [.nickname, .year])))
        #expect(refusedName.acceptedNickname == nil)
        #expect(refusedName.addingTakenNickname() == refusedName)
        #expect(ProtocolRefusal(.missing(field: "x")).addingTakenNickname().problems == [.missing(field: "x")])
    }

    @Test func theOwnersChangeIsRefusedWithEveryProblem() throws {
        let stored = User(
            id: 7, nickname: "rew", country: "USA", state: "Minnesota", city: "Minneapolis", year: 1985,
            coordinate: nil, timestampMilliseconds: 0)
        let asked = try OwnerRequest.update(
            body: Array(#"{"password":"pwd","state":"Narnia","year":1800,"latitude":95,"longitude":0}"#.utf8))
        do {
            _ = try asked.applied(to: stored, vocabulary: Bundled.vocabulary, years: Self.years)
            Issue.record("the change was accepted")
        } catch {
            #expect(error.problems.map(\.field) == ["state", "year", "latitude"])
            #expect(error.problems.map(\.code) == [.unsupportedState, .outOfRange, .outOfRange])
        }
    }
}
