import Testing
import Foundation
@testable import HometownBoundaries

@Suite struct DataFileTests {
    func tempCopy(_ mutate: (inout [UInt8]) -> Void) throws -> String {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.dataPath)))
        mutate(&bytes)
        let path = NSTemporaryDirectory() + "hometown-test-\(UUID().uuidString).bin"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func missingFileIsAClearError() {
        #expect(throws: BoundariesError.self) { try ReverseGeocoder(path: "/nonexistent/hometown.bin") }
        do { _ = try ReverseGeocoder(path: "/nonexistent/hometown.bin") } catch {
            #expect(String(describing: error).contains("/nonexistent/hometown.bin"))
        }
    }

    @Test func truncatedFileIsDetected() throws {
        let p = try tempCopy { $0.removeLast($0.count / 3) }
        defer { try? FileManager.default.removeItem(atPath: p) }
        #expect(throws: BoundariesError.self) { try ReverseGeocoder(path: p, verification: .header) }
        do { _ = try ReverseGeocoder(path: p, verification: .header) } catch {
            #expect(String(describing: error).contains("truncated"))
        }
    }

    @Test func flippedByteInGeometryIsDetectedByFullVerification() throws {
        let p = try tempCopy { $0[$0.count - 1000] ^= 0x40 }
        defer { try? FileManager.default.removeItem(atPath: p) }
        #expect(throws: BoundariesError.self) { try ReverseGeocoder(path: p, verification: .full) }
    }

    @Test func flippedByteInHeaderIsDetected() throws {
        let p = try tempCopy { $0[40] ^= 0x01 }
        defer { try? FileManager.default.removeItem(atPath: p) }
        #expect(throws: BoundariesError.self) { try ReverseGeocoder(path: p, verification: .header) }
    }

    @Test func notAHometownFile() throws {
        let p = try tempCopy { $0[0] = 0x41 }
        defer { try? FileManager.default.removeItem(atPath: p) }
        #expect(throws: BoundariesError.self) { try ReverseGeocoder(path: p, verification: .header) }
    }

    @Test func writerAndReaderRoundTrip() throws {
        var w = DataFileWriter()
        w.add("A", uint32: [1, 2, 3])
        w.add("BB", float64: [1.5, -2])
        let bytes = w.bytes()
        #expect(bytes == w.bytes())   // deterministic
        let path = NSTemporaryDirectory() + "hometown-rt-\(UUID().uuidString).bin"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let f = try DataFile(path: path)
        try f.verifyAll()
        #expect(Array(try f.array("A", of: UInt32.self)) == [1, 2, 3])
        #expect(Array(try f.array("BB", of: Double.self)) == [1.5, -2])
        #expect(throws: BoundariesError.self) { try f.bytes("ZZ") }
    }
}
