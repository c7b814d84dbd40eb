import Foundation
import Testing

@testable import HometownMarkers

/// What the geojson-markers fuzz target (tools/fuzz) found, kept as ordinary tests: the two-thread reading, forced
/// on small texts, answers as the one-thread reading does, never reading outside the text.
@Suite struct GeoJSONFuzzFindingsTests {
    /// One thread and two (split forced from the first byte): the same markers or the same error.
    static func agree(_ text: [UInt8]) -> Bool {
        let data = Data(text)
        let one = Result { () throws(MarkersError) in try GeoJSONMarkerReader.read(data, file: "f", splitSize: .max) }
        let two = Result { () throws(MarkersError) in try GeoJSONMarkerReader.read(data, file: "f", splitSize: 0) }
        switch (one, two) {
        case (.success(let a), .success(let b)): return a == b
        case (.failure(let a), .failure(let b)): return "\(a)" == "\(b)"
        default: return false
        }
    }

    /// A `{` at the middle of a 1-byte text: the guess of the second part's start looked at the byte before index
    /// 0 (corpus/geojson-markers/regression-brace-at-start).
    @Test func aBraceAtTheStartOfATinyTextIsReadWithinIt() {
        #expect(Self.agree(Array("{".utf8)))
        for text in ["{", " {", "{{", ",{", "[{", "{,{"] { #expect(Self.agree(Array(text.utf8)), "\(text)") }
        // The committed regression inputs of the target, read from the repository.
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("tools/fuzz/corpus/geojson-markers")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
        let regressions = files.filter { $0.hasPrefix("regression-") }
        #expect(!regressions.isEmpty, "no regression input under \(corpus.path)")
        for name in regressions {
            let bytes = (try? Data(contentsOf: corpus.appendingPathComponent(name))).map(Array.init) ?? []
            #expect(Self.agree(bytes), "\(name)")
        }
    }
}
