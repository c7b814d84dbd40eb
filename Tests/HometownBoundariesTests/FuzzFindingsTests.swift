import Foundation
import HometownCore
import Testing

@testable import HometownBoundaries

/// Inputs the `data-file` fuzz target (tools/fuzz) found, kept as tests.
@Suite struct DataFileFuzzFindingsTests {
    /// A container of `bytes` in a temporary file, opened.
    func open(_ bytes: [UInt8]) throws -> DataFile {
        let path = NSTemporaryDirectory() + "hometown-fuzz-\(UUID().uuidString).bin"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try DataFile(path: path)
    }

    /// The header's checksum recomputed after a change, so that only the changed field is wrong.
    func resealed(_ bytes: [UInt8]) -> [UInt8] {
        var b = bytes
        let count = Int(b[12]) | Int(b[13]) << 8
        let sum = DataFileWriter.headerChecksum(Array(b[0..<(32 + 32 * count)]))
        for k in 0..<8 { b[24 + k] = UInt8(truncatingIfNeeded: sum >> (8 * UInt64(k))) }
        return b
    }

    func container() -> [UInt8] {
        var w = DataFileWriter()
        w.add("A", uint32: [1, 2, 3])
        return w.bytes()
    }

    /// A size field above Int.max stopped the process (converting it to Int trapped); now the file is refused.
    @Test func aSizeAboveIntMaxIsRefused() {
        var b = container()
        for k in 16..<24 { b[k] = 0xFF }
        #expect(throws: BoundariesError.self) { try open(resealed(b)) }
    }

    /// The same for a section's offset and length (the checksum made right, so that only they are wrong).
    @Test func aSectionOffsetOrLengthAboveIntMaxIsRefused() {
        for field in [40, 48] {
            var b = container()
            for k in field..<(field + 8) { b[k] = 0xFF }
            #expect(throws: BoundariesError.self) { try open(resealed(b)) }
        }
    }
}
