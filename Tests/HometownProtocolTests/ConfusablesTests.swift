import Foundation
import HometownProtocol
import Testing

/// The compiled confusables table: regenerated from Unicode's file it gives the same bytes as the checked-in
/// source; the skeleton follows UTS #39 section 4.
@Suite struct ConfusablesTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// The raw sources, as for tools/build-data.sh: HOMETOWN_SOURCES or ../shared/data-sources beside the checkout.
    static let sources =
        ProcessInfo.processInfo.environment["HOMETOWN_SOURCES"].map { URL(fileURLWithPath: $0) }
        ?? repository.deletingLastPathComponent().appendingPathComponent("shared/data-sources")

    @Test func regeneratingGivesTheSameBytes() throws {
        let source = Self.sources.appendingPathComponent("unicode_confusables/confusables.txt")
        let text = try String(contentsOf: source, encoding: .utf8)
        let generated = try ConfusablesSource.swiftSource(fromConfusablesText: text)
        let checkedIn = try Data(
            contentsOf: Self.repository.appendingPathComponent("Sources/HometownProtocol/ConfusablesTable.swift"))
        #expect(Data(generated.utf8) == checkedIn, "run hometown-confusables to rebuild ConfusablesTable.swift")
        // And the table holds every mapping line of the file.
        let lines = text.split(separator: "\n").filter { $0.first?.isHexDigit == true }
        #expect(Confusables.count == lines.count && lines.count == 6_311)
        #expect(Confusables.version == "13.0.0")
    }

    @Test func generatorRefusesMalformedInput() {
        #expect(throws: ConfusablesSource.FormatError.self) {
            try ConfusablesSource.swiftSource(fromConfusablesText: "# Version: 1\n0430 0061 ;\tMA\n")
        }
        #expect(throws: ConfusablesSource.FormatError.self) {
            try ConfusablesSource.swiftSource(fromConfusablesText: "# Version: 1\n0430 ; XYZ ; MA\n")
        }
        #expect(throws: ConfusablesSource.FormatError.self) {
            try ConfusablesSource.swiftSource(fromConfusablesText: "0430 ; 0061 ; MA\n")
        }
        #expect(throws: ConfusablesSource.FormatError.self) {
            try ConfusablesSource.swiftSource(fromConfusablesText: "# Version: 1\n0430 ; 0061 ; MA\n0430 ; 0062 ; MA\n")
        }
        let ok = try? ConfusablesSource.swiftSource(
            fromConfusablesText: "\u{FEFF}# Version: 9.9\n0430 ;\t0061 ;\tMA\t# ( а → a )\n\n0031 ; 006C ; MA\n")
        #expect(ok?.contains("static let dataVersion = \"9.9\"") == true)
        #expect(ok?.contains("\n31 6C\n430 61\n\"\"\"\n}\n") == true)
    }

    @Test func prototypesAndSkeletons() {
        #expect(Confusables.prototype(of: "\u{0430}") == ["a"])
        #expect(Confusables.prototype(of: "m") == ["r", "n"])
        #expect(Confusables.prototype(of: "0") == ["O"])
        #expect(Confusables.prototype(of: "a") == nil)
        #expect(Confusables.skeleton("d\u{0430}ve") == "dave")
        #expect(Confusables.skeleton("m") == "rn")
        // NFD before and after the mapping: é (U+00E9) decomposes, its base maps, the accent stays.
        #expect(Confusables.skeleton("\u{00E9}") == "e\u{0301}")
        #expect(Confusables.skeleton("\u{0435}\u{0301}") == "e\u{0301}")  // Cyrillic е + acute
        // No prototype is itself a source (the file is closed under mapping), so one pass suffices for the
        // mapping itself.
        for v in UInt32(0)...0x2FFFF {
            guard let s = Unicode.Scalar(v), let p = Confusables.prototype(of: s) else { continue }
            #expect(p.allSatisfy { Confusables.prototype(of: $0) == nil }, "U+\(String(v, radix: 16))")
        }
    }
}
