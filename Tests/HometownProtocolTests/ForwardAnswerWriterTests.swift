import Foundation
import HometownCore
import HometownProtocol
import Testing

/// `ForwardAnswerWriter`, the direct path `AnswerCoding.encode` takes for a `ForwardAnswer`, writes the text the
/// `Codable` conformances give through the encoder's tree (an answer inside an array takes that path) and
/// Foundation's `JSONEncoder`, on seeded random answers with every optional member present and absent. The bundled
/// gazetteer's real answers are compared with Foundation's in `AnswerEncoderTests`.
@Suite struct ForwardAnswerWriterTests {
    static let pieces = ["a", "Z", "/", "\"", "\\", "\n", "\u{0}", "\u{1F}", "é", "東", "😀", "\u{2028}", " ", "9"]

    static func text(_ r: inout SeededRandom) -> String {
        (0..<Int(r.next() % 7)).map { _ in pieces[Int(r.next() % UInt64(pieces.count))] }.joined()
    }

    static func maybe<T>(_ r: inout SeededRandom, _ make: (inout SeededRandom) -> T) -> T? {
        r.next() % 3 == 0 ? nil : make(&r)
    }

    /// Never negative zero, which `JSONWriter` writes `0` and Foundation `-0`.
    static func number(_ r: inout SeededRandom) -> Double { anyNumber(&r) + 0 }

    static func anyNumber(_ r: inout SeededRandom) -> Double {
        switch r.next() % 4 {
        case 0: return Double(Int(r.next() % 361)) - 180
        case 1: return ((r.unit() - 0.5) * 360 * 1e6).rounded() / 1e6
        case 2: return (r.unit() - 0.5) * pow(10, Double(Int(r.next() % 30)) - 10)
        default: return r.unit()
        }
    }

    static func place(_ r: inout SeededRandom) -> ForwardPlace {
        ForwardPlace(
            name: text(&r), kind: ["country", "state", "region", "city", "postal_code"][Int(r.next() % 5)],
            latitude: number(&r), longitude: number(&r), bbox: (0..<Int(r.next() % 5)).map { _ in number(&r) },
            population: Int(truncatingIfNeeded: r.next() >> UInt64(r.next() % 64)),
            country: maybe(&r) { ForwardPlace.Country(name: text(&$0), iso2: maybe(&$0) { text(&$0) }) },
            state: maybe(&r) { Subdivision(name: text(&$0), iso: maybe(&$0) { text(&$0) }) },
            region: maybe(&r) { Subdivision(name: text(&$0), iso: maybe(&$0) { text(&$0) }) },
            geonameid: maybe(&r) { Int(truncatingIfNeeded: $0.next()) }, score: r.unit(),
            unmatched: maybe(&r) { text(&$0) })
    }

    static func answer(_ r: inout SeededRandom) -> ForwardAnswer {
        ForwardAnswer(
            query: text(&r),
            results: (0..<Int(r.next() % 6)).map { _ in
                let served = ServedPlace(
                    country: maybe(&r) { text(&$0) }, state: maybe(&r) { text(&$0) }, city: maybe(&r) { text(&$0) },
                    supported: r.next() % 2 == 0)
                return ServedAnswer(served: served, place: place(&r))
            })
    }

    @Test func seededAnswersAreTheTreesTextAndFoundations() throws {
        var r = SeededRandom(seed: 2026)
        var results = 0
        for n in 0..<600 {
            let a = Self.answer(&r)
            results += a.results.count
            let direct = String(decoding: try AnswerCoding.encode(a), as: UTF8.self)
            let tree = String(decoding: try AnswerCoding.encode([a]), as: UTF8.self)
            #expect(tree == "[" + direct + "]", "answer \(n)")
            #expect(direct == (try AnswerEncoderTests.foundation(a)), "answer \(n)")
            #expect(try AnswerCoding.decode(ForwardAnswer.self, from: Array(direct.utf8)) == a, "answer \(n)")
        }
        #expect(results > 1000)
    }

    @Test func aNumberThatIsNotFiniteIsRefused() throws {
        var r = SeededRandom(seed: 5)
        var a = Self.answer(&r)
        while a.results.isEmpty { a = Self.answer(&r) }
        for bad in [Double.nan, .infinity, -.infinity] {
            var b = a
            b.results[0].place.score = bad
            #expect(throws: EncodingError.self) { try AnswerCoding.encode(b) }
            b = a
            b.results[0].place.bbox = [0, bad]
            #expect(throws: EncodingError.self) { try AnswerCoding.encode(b) }
        }
    }
}
