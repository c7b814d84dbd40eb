import HometownBoundaries
import HometownGazetteer

/// The bundled data files of this checkout, loaded once for all tests.
enum Fixtures {
    static let dataFolder: String = {
        "/" + #filePath.split(separator: "/").dropLast(3).joined(separator: "/") + "/data"
    }()
    static let gazetteer: Gazetteer = {
        do { return try Gazetteer(path: dataFolder + "/gazetteer.bin") } catch {
            fatalError("cannot load the gazetteer: \(error)")
        }
    }()
    static let geocoder: ReverseGeocoder = {
        do { return try ReverseGeocoder(path: dataFolder + "/hometown.bin") } catch {
            fatalError("cannot load hometown.bin: \(error)")
        }
    }()

    /// The best result of a query, or nil.
    static func top(_ q: String) throws -> ForwardResult? { try gazetteer.search(q, limit: 10).first }
}
