import HometownCore
import HometownProtocol
import Testing

/// The one reader of query parameters: what it refuses, with the messages clients read.
@Suite struct QueryParametersTests {
    /// The message of the refusal `body` throws (nil when it does not throw a `ProtocolError`).
    static func refusal(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let e as ProtocolError {
            return e.description
        } catch {
            return nil
        }
    }

    @Test func unknownAndRepeatedParametersAreRefusedInQueryOrder() throws {
        #expect(
            Self.refusal { _ = try QueryParameters("x=1", allowed: []) }
                == "unknown parameter 'x': this endpoint takes no parameters")
        #expect(
            Self.refusal { _ = try QueryParameters("z=1&w=2&z=3", allowed: ["z", "x", "y"]) }
                == "unknown parameter 'w': this endpoint takes z, x, y")
        #expect(
            Self.refusal { _ = try QueryParameters("z=1&z=2&w=3", allowed: ["z"]) }
                == "'z' is given more than once")
        // An empty value is a value: given twice all the same.
        #expect(Self.refusal { _ = try QueryParameters("q&q=", allowed: ["q"]) } == "'q' is given more than once")
        #expect(
            Self.refusal { _ = try QueryParameters("q=%zz", allowed: ["q"]) }
                == "'q' must be a percent-encoded UTF-8 value, not broken encoding")
        // Nothing at all, and empty pieces, are no parameters.
        #expect(try QueryParameters(nil, allowed: []).items.isEmpty)
        #expect(try QueryParameters("&&", allowed: []).items.isEmpty)
    }

    @Test func stringsAreDecodedAndRequiredOnesNamed() throws {
        let p = try QueryParameters("q=Devils+Lake%2C+ND&limit=", allowed: ["q", "limit", "other"])
        #expect(p.string("q") == "Devils Lake, ND")
        #expect(p.string("limit") == "")
        #expect(p.string("other") == nil)
        #expect(Self.refusal { _ = try p.requiredString("other") } == "'other' is required")
        #expect(p.items(named: ["limit", "q"]).map(\.name) == ["q", "limit"])
    }

    @Test func wholeNumbersAreDigitsWithinTheirRange() throws {
        let p = try QueryParameters(
            "a=-12&b=1.5&c=0x1&d=99999999999999999999&e=19&f=%2B3&g=",
            allowed: Array("abcdefgh").map(String.init))
        #expect(try p.integer("a") == -12)
        #expect(try p.integer("h") == nil)
        #expect(Self.refusal { _ = try p.integer("b") } == "'b' must be a whole number, not '1.5'")
        #expect(Self.refusal { _ = try p.integer("c") } == "'c' must be a whole number, not '0x1'")
        #expect(Self.refusal { _ = try p.integer("f") } == "'f' must be a whole number, not '+3'")
        #expect(Self.refusal { _ = try p.integer("g") } == "'g' must be a whole number, not ''")
        #expect(
            Self.refusal { _ = try p.integer("d") }
                == "'d' must be a whole number from \(Int.min) to \(Int.max)")
        // Beyond Int's bounds, a parameter with a range is refused by that range.
        #expect(
            Self.refusal { _ = try p.integer("d", range: 0...18) }
                == "'d' must be from 0 to 18, not 99999999999999999999")
        #expect(
            Self.refusal { _ = try p.integer("d", range: 0...7, rule: "from 0 to 7 at zoom 3") }
                == "'d' must be from 0 to 7 at zoom 3, not 99999999999999999999")
        // A rule that states no upper bound ("0 or more") is given the one a number beyond 64 bits passes.
        #expect(
            Self.refusal { _ = try p.integer("d", range: 0...Int.max, rule: "0 or more (pages count from 0)") }
                == "'d' must be 0 or more (pages count from 0) and at most \(Int.max), not 99999999999999999999")
        #expect(Self.refusal { _ = try p.integer("e", range: 0...18) } == "'e' must be from 0 to 18, not 19")
        #expect(
            Self.refusal { _ = try p.integer("e", range: 0...7, rule: "from 0 to 7 at zoom 3") }
                == "'e' must be from 0 to 7 at zoom 3, not 19")
        #expect(try p.requiredInteger("e", range: 0...19) == 19)
        #expect(Self.refusal { _ = try p.requiredInteger("h") } == "'h' is required")
    }

    @Test func decimalNumbersAreFiniteAndQuotedAsWritten() throws {
        let p = try QueryParameters(
            "a=44.97&b=nan&c=inf&d=0x10&e=30&f=1e2&g=-0.5",
            allowed: Array("abcdefgh").map(String.init))
        #expect(try p.number("a") == 44.97)
        #expect(try p.number("f") == 100)
        #expect(try p.number("h") == nil)
        for name in ["b", "c", "d"] {
            let message = Self.refusal { _ = try p.number(name) }
            #expect(message?.hasPrefix("'\(name)' must be a decimal number, not '") == true, "\(name)")
        }
        #expect(Self.refusal { _ = try p.number("e", range: 0...24) } == "'e' must be from 0 to 24, not 30")
        #expect(
            Self.refusal { _ = try p.number("g", range: 0...100_000, rule: "from 0 to 100000 pixels") }
                == "'g' must be from 0 to 100000 pixels, not -0.5")
        #expect(
            Self.refusal { _ = try p.requiredNumber("e", range: -24...24, rule: "in [-24, 24] degrees") }
                == "'e' must be in [-24, 24] degrees, not 30")
        #expect(Self.refusal { _ = try p.requiredNumber("h") } == "'h' is required")
    }

    @Test func boxesHaveFourNumbersInRange() throws {
        let ok = try QueryParameters("bbox=170,-10,-170,10", allowed: ["bbox"])
        let box = try #require(try ok.bbox())
        #expect(box.west == 170 && box.south == -10 && box.east == -170 && box.north == 10)
        #expect(try QueryParameters(nil, allowed: ["bbox"]).bbox() == nil)
        #expect(
            Self.refusal { _ = try QueryParameters("bbox=1,2,3", allowed: ["bbox"]).bbox() }
                == "'bbox' must be west,south,east,north in degrees, not '1,2,3'")
        #expect(
            Self.refusal { _ = try QueryParameters("bbox=1,2,x,4", allowed: ["bbox"]).bbox() }
                == "'bbox' must be a decimal number, not 'x'")
        #expect(
            Self.refusal { _ = try QueryParameters("bbox=0,10,1,5", allowed: ["bbox"]).bbox() }
                == "'bbox' must be west and east in [-180, 180], south <= north in [-90, 90]")
    }
}
