import ArgumentParser
import Foundation
import HometownProtocol
import HometownVocabulary

/// `serve --countries`: the countries a server accepts, as `all` (every country of the bundled data) or a
/// comma-separated list of names, ISO codes or aliases ("USA,Mexico", "us, mx"; spaces around each and empty
/// items ignored). Whether each name is known is the server's to say when it starts.
enum CountriesArgument: ExpressibleByArgument, Equatable, Sendable {
    /// Every country of the bundled data.
    case all
    /// These countries, trimmed, in the order given.
    case list([String])

    /// The default: the original course server's countries (China, India, Mexico, USA).
    static let defaults = CountriesArgument.list(Vocabulary.Selection.defaultCountries)

    /// Why a text is not a list of countries.
    struct Failure: Error, Equatable, CustomStringConvertible {
        var description: String { "needs at least one country, or 'all'" }
    }

    /// Parses `all` or a comma-separated list.
    /// - Throws: `Failure` for a text without any country (empty, or only commas and spaces).
    init(parsing text: String) throws {
        let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !names.isEmpty else { throw Failure() }
        self = names == ["all"] ? .all : .list(names)
    }

    /// The selection a vocabulary is built from.
    var selection: Vocabulary.Selection {
        switch self {
        case .all: return .all
        case .list(let names): return .list(names)
        }
    }

    init?(argument: String) {
        guard let countries = try? CountriesArgument(parsing: argument) else { return nil }
        self = countries
    }

    /// The text that parses back to this value: `all`, or the names joined by commas (help shows it; options
    /// parsed with `transform: CountriesArgument.init(parsing:)` say their default in their own help text).
    var defaultValueDescription: String {
        switch self {
        case .all: return "all"
        case .list(let names): return names.joined(separator: ",")
        }
    }
}
