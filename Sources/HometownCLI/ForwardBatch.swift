import HometownCore
import HometownGazetteer

/// Batch forward geocoding (`hometown forward --input`): one query per line in, one JSON object per line out, in
/// the same order. A blank line (or one the gazetteer refuses) gives an object with "error"; none is dropped.
struct ForwardJob: BatchJob {
    let gazetteer: Gazetteer
    let limit: Int
    let source: String
    /// The language results are named in (nil: the data's own names).
    var language: PlaceLanguage? = nil

    var recordKind: RecordBuffer.Kind { .lines }

    func isRow(_ line: ArraySlice<UInt8>) -> Bool { true }

    mutating func begin(header: CSVRecords.Record?) throws -> [UInt8] { [] }

    mutating func process(csv: ArraySlice<CSVRecords.Record>) -> (out: [UInt8], errors: Int) { ([], 0) }

    mutating func process(lines: ArraySlice<(number: Int, text: ArraySlice<UInt8>)>) -> (out: [UInt8], errors: Int) {
        var out = ""
        var errors = 0
        for (number, text) in lines {
            let valid = String(validating: text, as: UTF8.self)
            let query = valid ?? String(decoding: text, as: UTF8.self)
            if valid == nil {
                // Searching the text with U+FFFD in place of a letter would answer another query than the one asked.
                errors += 1
                out += ForwardJSON.error(
                    query: query,
                    message:
                        "\(source) line \(number): the line holds bytes that are not UTF-8; \(CSVRecords.saveAsUTF8)"
                )
            } else {
                do {
                    let results = try gazetteer.search(query, limit: limit)
                    out += ForwardJSON.encode(
                        query: query,
                        results: language.map { l in results.map { gazetteer.localized($0, in: l) } } ?? results)
                } catch let e as GazetteerError {
                    errors += 1
                    out += ForwardJSON.error(query: query, message: "\(source) line \(number): \(e.description)")
                } catch {
                    errors += 1
                    out += ForwardJSON.error(query: query, message: "\(source) line \(number): \(error)")
                }
            }
            out += "\n"
        }
        return (Array(out.utf8), errors)
    }

    func end() -> [UInt8] { [] }
}
