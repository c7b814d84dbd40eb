import Foundation
import HometownBoundaries
import HometownGazetteer
import HometownProtocol
import HometownVocabulary

/// The reverse and forward endpoints' answers as JSON bytes: the protocol's `ReverseAnswer` and `ForwardAnswer`,
/// made by the vocabulary's one mapping (`Vocabulary.reverseAnswer`, `forwardAnswer`) and written compactly with
/// keys sorted.
enum PlaceAnswers {
    /// GET reverse's JSON for a bundled place.
    static func reverse(_ place: Place, vocabulary: Vocabulary) -> [UInt8] {
        encode(vocabulary.reverseAnswer(for: place))
    }

    /// GET forward's JSON for the gazetteer's results.
    static func forward(query: String, results: [ForwardResult], vocabulary: Vocabulary) -> [UInt8] {
        encode(vocabulary.forwardAnswer(query: query, results: results))
    }

    private static func encode(_ value: some Encodable) -> [UInt8] {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // The answer types hold only strings, finite numbers, booleans and arrays of them: encoding cannot fail.
        return Array((try? e.encode(value)) ?? Data("{}".utf8))
    }
}
