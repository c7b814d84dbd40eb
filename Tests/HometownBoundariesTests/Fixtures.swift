import HometownBoundaries

/// The bundled data file of this checkout, loaded once for all tests.
enum Fixtures {
    static let dataPath: String = {
        let file = #filePath
        let root = file.split(separator: "/").dropLast(3).joined(separator: "/")
        return "/" + root + "/data/hometown.bin"
    }()
    static let geocoder: ReverseGeocoder = {
        do { return try ReverseGeocoder(path: dataPath, verification: .full) } catch {
            fatalError("cannot load \(dataPath): \(error)")
        }
    }()
}
