import ArgumentParser
import HometownBoundaries
import HometownCore
import HometownGazetteer
import HometownVocabulary

extension ReverseCommand {
    /// What `hometown reverse LAT LON` does, however it was parsed: the point's place as one line of JSON.
    /// - Throws: `CoreError` for a malformed or out-of-range point, `BoundariesError` for unreadable data.
    static func answer(latitude: String, longitude: String, data: String?, language: LanguageArgument? = nil) throws {
        let c = try Coordinate(latitudeText: latitude, longitudeText: longitude)
        let geocoder = try ReverseGeocoder(path: data, verification: .header)
        let place = geocoder.place(at: c)
        guard let language else {
            try CLIOutput.line(PlaceJSON.encode(place))
            return
        }
        let gazetteer = try gazetteer(beside: data)
        let names = language.resolve(in: gazetteer).map { gazetteer.localNames(of: place, in: $0) } ?? LocalNames()
        try CLIOutput.line(PlaceJSON.encode(PlaceMapping.description(place, names: names)))
    }

    /// The gazetteer for `--language`: `gazetteer.bin` in the folder of `data` (a hometown.bin path) when given,
    /// else the one `DataLocation` finds.
    static func gazetteer(beside data: String?) throws -> Gazetteer {
        let path = data.map { d -> String in
            let folder = d.contains("/") ? String(d[..<d.lastIndex(of: "/")!]) : "."
            return folder + "/gazetteer.bin"
        }
        return try Gazetteer(path: path, verify: false)
    }

    /// Answers `hometown reverse LAT LON` (the arguments after the program's name: exactly `reverse` and two plain
    /// decimal numbers, such as `47.6062 -122.3321`) without building the command line's parser, which is most of
    /// a cold start's work (ArgumentParser finds every option's type at run time: about 40 % of the CPU time of
    /// such a start). The answer, its errors and its exit status are `run()`'s: both call `answer`. Any other
    /// command line, including these numbers with an option, returns false and is parsed as usual.
    static func answeredDirectly(_ arguments: [String]) -> Bool {
        guard let (latitude, longitude) = directPoint(arguments) else { return false }
        do {
            try runReportingErrors { try answer(latitude: latitude, longitude: longitude, data: nil) }
        } catch {
            HometownCommand.exit(withError: error)
        }
        return true
    }

    /// The point of a command line `answeredDirectly` answers, or nil for any other.
    static func directPoint(_ arguments: [String]) -> (latitude: String, longitude: String)? {
        guard arguments.count == 3, arguments[0] == "reverse", isPlainNumber(arguments[1]), isPlainNumber(arguments[2])
        else { return nil }
        return (arguments[1], arguments[2])
    }

    /// Digits with at most one point and an optional leading minus, at least one digit: text every parser of a
    /// point reads alike (no exponent, sign, space or word).
    static func isPlainNumber(_ text: String) -> Bool {
        var digits = 0
        var points = 0
        for (k, c) in text.utf8.enumerated() {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "."): points += 1
            case UInt8(ascii: "-") where k == 0: continue
            default: return false
            }
        }
        return digits > 0 && points <= 1
    }
}
