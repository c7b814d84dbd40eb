// fuzz-build: modules=HometownCore,HometownBoundaries,HometownGazetteer support=Oracle,ReferenceQueryWords
import Foundation
import HometownCore
import HometownGazetteer

/// The reading of a typed place name and the two searches of `GET /hometown/forward`, on the bundled
/// gazetteer (`data/gazetteer.bin`, found from the repository root, where run.sh runs). The first input byte
/// picks the limit (1 to `Gazetteer.maxLimit`); the rest, as UTF-8 (broken sequences as U+FFFD, as a URL
/// decoder makes them), is the text.
/// - Words: `NameKey.ranges` gives one range per word of `NameKey.words`, in order and apart;
///   `QueryWords.skippable` and `QueryWords.postalDistricts` mark exactly the words
///   `support/ReferenceQueryWords.swift`, a second reading of their rules, marks; each spelling
///   `QueryWords.abbreviationVariants` gives (at most `maxVariants`) has the key's words but for abbreviations
///   swapped with their partners, never the last word.
/// - `search` and `suggest` throw `emptyQuery` exactly when the text, cut to `maxQueryCharacters`, is white
///   space only, and nothing else; they give at most `limit` results, scores in (0, 1], no place twice, and
///   the same answer when asked again. A search gives its best first, and a partial match (words left
///   unread) scores under every match of the whole text. Suggestions for a text that ends in a comma are
///   the search's results.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzForwardQuery(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let limit = 1 + Int(data![0]) % Gazetteer.maxLimit
    let text = String(decoding: UnsafeBufferPointer(start: data! + 1, count: size - 1), as: UTF8.self)

    // Words, their places in the text, and the words a reading may leave out.
    let words = NameKey.words(text)
    let ranges = NameKey.ranges(text)
    Oracle.check(ranges.count == words.count, "\(words.count) words, \(ranges.count) ranges: \(words)")
    for (a, b) in zip(ranges, ranges.dropFirst()) {
        Oracle.check(a.lowerBound < a.upperBound && a.upperBound <= b.lowerBound, "ranges out of order: \(ranges)")
    }
    let read = Array(words.prefix(Gazetteer.maxQueryWords))
    let skip = QueryWords.skippable(read)
    let expected = ReferenceQueryWords.skippable(read)
    Oracle.check(skip == expected, "skippable \(skip), the reference \(expected), words \(read.map(\.text))")
    let districts = QueryWords.postalDistricts(read)
    let expectedDistricts = ReferenceQueryWords.postalDistricts(read)
    Oracle.check(
        districts == expectedDistricts,
        "postal districts \(districts), the reference \(expectedDistricts), words \(read.map(\.text))")
    checkVariants(NameKey.key(text))

    // The two searches.
    let gazetteer = FuzzGazetteer.shared
    let blank = !text.prefix(Gazetteer.maxQueryCharacters).contains { !$0.isWhitespace }
    let found = answers("search", text, blank) { try gazetteer.search(text, limit: limit) }
    let suggested = answers("suggest", text, blank) { try gazetteer.suggest(text, limit: limit) }
    for (name, results) in [("search", found), ("suggest", suggested)] {
        Oracle.check(results.count <= limit, "\(name) gave \(results.count) results for limit \(limit)")
        for r in results {
            Oracle.check(r.score > 0 && r.score <= 1, "\(name): score \(r.score) of \(r.name) is outside (0, 1]")
        }
        let places = Set(results.map { "\($0.kind) \($0.entry)" })
        Oracle.check(places.count == results.count, "\(name) gave a place twice: \(results.map(\.name))")
    }
    for (a, b) in zip(found, found.dropFirst()) {
        Oracle.check(a.score >= b.score, "search not best first: \(a.name) \(a.score) before \(b.name) \(b.score)")
    }
    for r in found where r.unmatched != nil {
        Oracle.check(r.score < 0.25, "partial match \(r.name) (\(r.unmatched!) unread) scores \(r.score)")
    }
    let last = text.prefix(Gazetteer.maxQueryCharacters).last { !$0.isWhitespace }
    if last == "," || last == ";" {
        Oracle.check(suggested == found, "suggestions for a text ending in a comma are not the search's")
    }
    return 0
}

/// The results of `run` (asked twice: the same both times); `emptyQuery` is expected exactly for `blank` text
/// (then no results), and no other error.
func answers(_ name: String, _ text: String, _ blank: Bool, _ run: () throws -> [ForwardResult]) -> [ForwardResult] {
    do {
        let first = try run()
        Oracle.check(!blank, "\(name) answered a blank text")
        let second = try run()
        Oracle.check(second == first, "\(name) answered \(text.debugDescription) differently the second time")
        return first
    } catch GazetteerError.emptyQuery {
        Oracle.check(blank, "\(name) refused \(text.debugDescription) as empty")
    } catch {
        Oracle.fail("\(name) threw \(error) for \(text.debugDescription)")
    }
    return []
}

/// Each abbreviation spelling of `key`: as many words, the same last word, every other word the key's or an
/// abbreviation partner of it; not the key itself; at most `maxVariants`.
func checkVariants(_ key: String) {
    let variants = QueryWords.abbreviationVariants(of: key)
    Oracle.check(variants.count <= QueryWords.maxVariants, "\(variants.count) variants of \(key)")
    let words = key.split(separator: " ").map(String.init)
    for v in variants {
        let vw = v.split(separator: " ").map(String.init)
        Oracle.check(vw.count == words.count && vw.last == words.last && v != key, "variant \(v) of \(key)")
        for (a, b) in zip(words, vw) where a != b {
            let partners = QueryWords.abbreviations.contains {
                ($0.short == a && $0.long == b) || ($0.long == a && $0.short == b)
            }
            Oracle.check(partners, "variant \(v) of \(key) swaps \(a) for \(b)")
        }
    }
}

/// The bundled gazetteer, opened once (unverified: the checksums cost seconds under AddressSanitizer and the
/// data-file target tests them).
enum FuzzGazetteer {
    static let shared: Gazetteer = {
        let path = "data/gazetteer.bin"
        do {
            return try Gazetteer(path: path, verify: false)
        } catch {
            fatalError("cannot open \(path) (\(error)): run the target from the repository root, as run.sh does")
        }
    }()
}
