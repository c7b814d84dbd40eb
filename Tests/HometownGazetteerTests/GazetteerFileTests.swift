import Foundation
import HometownBoundaries
import HometownCore
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

    @Test func theLayoutNamesEverySectionOfTheBundledFile() throws {
        let file = try DataFile(path: Fixtures.dataFolder + "/gazetteer.bin", version: GazetteerLayout.version)
        #expect(file.sectionTags == GazetteerLayout.sections.sorted())
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

    /// Without the checksum pass (a one-shot command), damaged tables must still not make a search read out of
    /// bounds: every link, string and posting list is checked as it is read.
    @Test func damagedTablesDoNotCrashAnUnverifiedSearch() throws {
        let p = try tempCopy { bytes in
            var rng = SeededRandom(seed: 99)
            let start = bytes.count / 10
            for _ in 0..<200_000 {
                bytes[start + Int(rng.next() % UInt64(bytes.count - start))] = UInt8(truncatingIfNeeded: rng.next())
            }
        }
        defer { try? FileManager.default.removeItem(atPath: p) }
        #expect(throws: GazetteerError.self) { try Gazetteer(path: p, verify: true) }
        // The answers may be nonsense; the test is that every search returns (a stray read would crash the run).
        let g = try Gazetteer(path: p, verify: false)
        for q in [
            "Paris", "Seattle, WA", "New York", "Costa Rica", "Mineapolis", "London, England", "WA", "Tokyo",
            "Lima, Peru", "55401", "Chicago, IL 60614", "M5V 3L9", "110001", "10115 Berlin", "100-0001", "SW1A 1AA",
            "1012", "Dublin D02",
        ] {
            for r in try g.search(q, limit: 20) { #expect(r.entry < g.entryCount) }
        }
    }

    @Test func aBoundariesFileIsNotAGazetteer() {
        #expect(throws: GazetteerError.self) {
            try Gazetteer(path: Fixtures.dataFolder + "/hometown.bin", verify: false)
        }
    }
}
