import Foundation
import HometownBoundaries
import HometownGazetteer
import Testing

@Suite struct GazetteerFileTests {
    func tempCopy(_ damage: (inout [UInt8]) -> Void) throws -> String {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.dataFolder + "/gazetteer.bin")))
        damage(&bytes)
        let p = NSTemporaryDirectory() + "/gazetteer-\(UUID().uuidString).bin"
        try Data(bytes).write(to: URL(fileURLWithPath: p))
        return p
    }

    @Test func loadsTheBundledFile() throws {
        #expect(Fixtures.gazetteer.entryCount > 240_000)
    }

    @Test func missingFileSaysSo() {
        do {
            _ = try Gazetteer(path: "/nonexistent/gazetteer.bin")
            Issue.record("loaded a missing file")
        } catch {
            #expect(String(describing: error).contains("/nonexistent/gazetteer.bin"))
        }
    }

    @Test func truncatedFileIsDetected() throws {
        let p = try tempCopy { $0.removeLast($0.count / 3) }
        defer { try? FileManager.default.removeItem(atPath: p) }
        do {
            _ = try Gazetteer(path: p, verify: false)
            Issue.record("loaded a truncated file")
        } catch {
            #expect(String(describing: error).contains("truncated"))
        }
    }

    @Test func flippedByteIsDetected() throws {
        let p = try tempCopy { $0[$0.count / 2] ^= 0x10 }
        defer { try? FileManager.default.removeItem(atPath: p) }
        #expect(throws: GazetteerError.self) { try Gazetteer(path: p, verify: true) }
    }

    @Test func aBoundariesFileIsNotAGazetteer() {
        #expect(throws: GazetteerError.self) { try Gazetteer(path: Fixtures.dataFolder + "/hometown.bin", verify: false) }
    }
}
