import Foundation
import HometownBasemap
import HometownGazetteer
import HometownProtocol
import Testing

/// The web app restates a few facts whose owners are in Swift: the limits it checks a field against before sending
/// (the server still judges), the page size it asks for, the deepest zoom the server places names at and the
/// size of a city's dot it draws under them. These tests hold the app's copies to their owners, so a change on
/// one side fails until the other follows.
@Suite struct WebAppLimitsTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/HometownServer/Public")

    static func text(_ file: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
    }

    /// The value of `const NAME = value;` in a script.
    static func constant(_ name: String, in file: String) throws -> String? {
        let text = try text(file)
        guard let start = text.range(of: "const \(name) = ") else { return nil }
        return text[start.upperBound...].prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces)
    }

    /// The value of `attribute` on the page's element with `id`.
    static func attribute(_ attribute: String, of id: String) throws -> String? {
        let page = try text("index.html")
        guard let start = page.range(of: " id=\"\(id)\"") else { return nil }
        let tagStart = page[..<start.lowerBound].lastIndex(of: "<") ?? start.lowerBound
        let tag = page[tagStart...].prefix { $0 != ">" }
        guard let a = tag.range(of: " \(attribute)=\"") else { return nil }
        return String(tag[a.upperBound...].prefix { $0 != "\"" })
    }

    @Test func theScriptsConstantsAreTheirOwners() throws {
        #expect(try Self.constant("MIN_PASSWORD", in: "js/post.js") == "\(ProtocolLimits.minPasswordCharacters)")
        #expect(try Self.constant("MAX_RECENT", in: "js/filters.js") == "\(ProtocolLimits.maxPageSize)")
        #expect(try Self.constant("MAX_ZOOM", in: "js/labels.js") == "\(LabelRules().maxZoom)")
        #expect(try Self.constant("DOT_RADIUS", in: "js/labels.js").flatMap(Double.init) == LabelRules().dotRadius)
    }

    @Test func theFormsLimitsAreTheirOwners() throws {
        for id in ["p-nickname", "p-password", "p-city", "o-password", "o-city"] {
            #expect(try Self.attribute("maxlength", of: id) == "\(ProtocolLimits.maxStringCharacters)", "\(id)")
        }
        #expect(try Self.attribute("maxlength", of: "p-search") == "\(Gazetteer.maxQueryCharacters)")
        for id in ["f-year", "p-year", "o-year"] {
            #expect(try Self.attribute("min", of: id) == "\(ProtocolLimits.defaultMinYear)", "\(id)")
        }
        #expect(try Self.attribute("max", of: "f-recent") == "\(ProtocolLimits.maxPageSize)")
    }
}
