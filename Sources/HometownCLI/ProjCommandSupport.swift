import HometownCore
import HometownProj

/// Helpers shared by `transform`, `distance` and `area`.
enum ProjCommandSupport {
    /// A CRS as given on the command line: a bare number is an EPSG code ("3857" = "EPSG:3857"); anything else
    /// ("EPSG:3857", "ESRI:102003", "+proj=utm +zone=15 +datum=WGS84", WKT, PROJJSON) is handed to PROJ as it is.
    static func crs(_ text: String, option: String) throws -> CRS {
        let t = trimmed(text)
        guard !t.isEmpty else {
            throw CLIError("\(option) is empty; give a CRS such as EPSG:4326 or \"+proj=utm +zone=15 +datum=WGS84\"")
        }
        if t.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
            guard let code = Int(t) else {
                throw CLIError("\(option) \(t) is not an EPSG code: it has too many digits")
            }
            return .epsg(code)
        }
        return CRS(t)
    }

    /// A plain decimal number ("-93.26", "5.6e6"; spaces around allowed); words such as "nan" or "inf", hex and
    /// empty text are refused.
    static func number(_ text: String, field: String) throws -> Double {
        let t = trimmed(text)
        guard !t.isEmpty,
            t.utf8.allSatisfy({ c in (c >= 48 && c <= 57) || c == 46 || c == 45 || c == 43 || c == 101 || c == 69 }),
            let v = Double(t), v.isFinite
        else {
            throw CLIError("\(field) \"\(text)\" is not a number")
        }
        return v
    }

    /// A number in JSON: the shortest text that reads back as the same double.
    static func json(_ v: Double) -> String { JSONValue.number(v).compactText }

    /// Runs `body`; PROJ's errors become bad input (exit 2) except a missing PROJ installation or database (exit 1).
    static func mappingProjErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let e as ProjError {
            switch e {
            case .contextCreationFailed, .libraryUnavailable, .databaseUnavailable: throw SystemFailure(e.description)
            default: throw CLIError(e.description)
            }
        }
    }

    /// Opens PROJ before a command's first geodesic, so that a machine without it gets a system failure
    /// (exit 1) naming what was tried, not a stop in the middle of the work.
    static func requireProj() throws { try mappingProjErrors { try ProjLibrary.load() } }
}

extension ProjCommandSupport {
    /// `s` without spaces, tabs and line breaks at either end.
    static func trimmed(_ s: String) -> String { s.trimmingSpaces() }
}
