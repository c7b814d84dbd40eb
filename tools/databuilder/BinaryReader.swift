import Foundation

/// Reads little- and big-endian numbers from a byte array, with bounds checks that name the file.
struct BinaryReader {
    let bytes: [UInt8]
    let path: String

    init(path: String) throws {
        guard let d = FileManager.default.contents(atPath: path) else {
            throw BuildError.unreadable(path: path, reason: "no such file or not readable")
        }
        bytes = [UInt8](d)
        self.path = path
    }

    init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    func check(_ offset: Int, _ size: Int) throws {
        guard offset >= 0, offset + size <= bytes.count else {
            throw BuildError.malformed(
                path: path, detail: "record at byte \(offset) runs past the end (\(bytes.count) bytes)")
        }
    }
    func u8(_ o: Int) throws -> UInt8 {
        try check(o, 1)
        return bytes[o]
    }
    func u16le(_ o: Int) throws -> Int {
        try check(o, 2)
        return Int(bytes[o]) | Int(bytes[o + 1]) << 8
    }
    func u32le(_ o: Int) throws -> UInt32 {
        try check(o, 4)
        return UInt32(bytes[o]) | UInt32(bytes[o + 1]) << 8 | UInt32(bytes[o + 2]) << 16 | UInt32(bytes[o + 3]) << 24
    }
    func u32be(_ o: Int) throws -> UInt32 {
        try check(o, 4)
        return UInt32(bytes[o + 3]) | UInt32(bytes[o + 2]) << 8 | UInt32(bytes[o + 1]) << 16 | UInt32(bytes[o]) << 24
    }
    func f64le(_ o: Int) throws -> Double {
        try check(o, 8)
        var v: UInt64 = 0
        for k in 0..<8 { v |= UInt64(bytes[o + k]) << (8 * UInt64(k)) }
        return Double(bitPattern: v)
    }
}
