import HometownBoundaries

/// The bundled data file of this checkout, loaded once for all tests.
enum Fixtures {
    static let dataPath: String = {
        let file = #filePath
        let root = file.split(separator: "/").dropLast(3).joined(separator: "/")
        return "/" + root + "/data/hometown.bin"
    }()
    static let geocoder: ReverseGeocoder = {
        do { return try ReverseGeocoder(path: dataPath, verification: .full) } catch { fatalError("cannot load \(dataPath): \(error)") }
    }()
}

/// A small seeded generator for property tests.
struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
