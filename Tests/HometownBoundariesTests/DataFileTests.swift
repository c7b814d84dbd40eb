import Foundation
import HometownCore
import HometownTestSupport
import Testing

@testable import HometownBoundaries

@Suite(.onComputeThreads) struct DataFileTests {
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

    /// A folder named where the file belongs is said to be one (it was "mmap: No such device", and the advice was
    /// to name the folder).
    @Test func aFolderIsNotADataFile() throws {
        let folder = NSTemporaryDirectory() + "hometown-test-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: BoundariesError.dataFileMissing(path: folder, reason: "it is a folder, not a data file")) {
            try DataFile(path: folder)
        }
        do { _ = try ReverseGeocoder(path: folder) } catch {
            #expect(String(describing: error).contains("pass the file itself with --data"))
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

    /// `.lookups` checks every section a lookup reads and leaves out only the state outlines (`statePolygons`):
    /// a flipped byte in the middle of any other section is refused; one in the outlines loads (`.full` refuses it).
    @Test func lookupVerificationChecksWhatTheLookupsRead() throws {
        let original = try DataFile(path: Fixtures.dataPath)
        for tag in original.sectionTags {
            let region = try original.bytes(tag)
            guard !region.isEmpty else { continue }
            let middle = region.baseAddress! - original.base + region.count / 2
            let p = try tempCopy { $0[middle] ^= 0x40 }
            defer { try? FileManager.default.removeItem(atPath: p) }
            #expect(throws: BoundariesError.self, "\(tag)") { try ReverseGeocoder(path: p, verification: .full) }
            if BoundariesLayout.outlineSections.contains(tag) {
                #expect(throws: Never.self, "\(tag)") { try ReverseGeocoder(path: p, verification: .lookups) }
            } else {
                #expect(throws: BoundariesError.self, "\(tag)") { try ReverseGeocoder(path: p, verification: .lookups) }
            }
        }
        // The outline sections are named by what reads them: statePolygons reads exactly these.
        #expect(BoundariesLayout.outlineSections.isSubset(of: Set(original.sectionTags)))
    }

    @Test func theLayoutNamesEverySectionOfTheBundledFile() throws {
        let file = try DataFile(path: Fixtures.dataPath)
        #expect(file.sectionTags == BoundariesLayout.sections.sorted())
    }

    @Test func flippedByteInHeaderIsDetected() throws {
        let p = try tempCopy { $0[40] ^= 0x01 }
        defer { try? FileManager.default.removeItem(atPath: p) }
        #expect(throws: BoundariesError.self) { try ReverseGeocoder(path: p, verification: .header) }
    }

    /// Another file named by mistake is said to be one, long or short, not a damaged or cut data file to restore.
    @Test func notAHometownFile() throws {
        let p = try tempCopy { $0[0] = 0x41 }
        defer { try? FileManager.default.removeItem(atPath: p) }
        #expect(throws: BoundariesError.notADataFile(path: p)) { try ReverseGeocoder(path: p, verification: .header) }
        let csv = NSTemporaryDirectory() + "hometown-test-\(UUID().uuidString).csv"
        try Data("id,lat,lon\n1,2,3\n".utf8).write(to: URL(fileURLWithPath: csv))
        defer { try? FileManager.default.removeItem(atPath: csv) }
        #expect(throws: BoundariesError.notADataFile(path: csv)) { try DataFile(path: csv) }
        #expect(BoundariesError.notADataFile(path: csv).description.contains("is not a Hometown data file"))
        // The beginning of a data file, cut short, is a cut data file.
        let cut = try tempCopy { $0.removeLast($0.count - 12) }
        defer { try? FileManager.default.removeItem(atPath: cut) }
        #expect(throws: BoundariesError.dataFileTruncated(path: cut, expected: DataFileLayout.headerSize, actual: 12)) {
            try DataFile(path: cut)
        }
    }

    /// Another kind of data file (each has its own format version) is named as a possibility, not only old data.
    @Test func anotherKindOfDataFileIsNamedAsSuch() throws {
        let p = try tempCopy { $0[8] = $0[8] &- 1 }
        defer { try? FileManager.default.removeItem(atPath: p) }
        do {
            _ = try DataFile(path: p)
            Issue.record("a file of another format version was opened")
        } catch let e as BoundariesError {
            guard case .unsupportedVersion = e else { throw e }
            #expect(e.description.contains("another kind of data file (hometown.bin, gazetteer.bin"), "\(e)")
        }
    }

    /// With `.header` verification the geometry and the city trees are not checksummed at load; damaged, they
    /// may give wrong answers, but every lookup must return (no trap, no read outside the file, no endless
    /// loop) with indices in range.
    @Test(arguments: [BoundariesLayout.leafData.tag, BoundariesLayout.stateCityVectors.tag, BoundariesLayout.nodes.tag])
    func damagedSectionsNeverCrashALookup(section: String) throws {
        let original = try DataFile(path: Fixtures.dataPath)
        let region = try original.bytes(section)
        let start = region.baseAddress! - original.base
        let length = region.count
        var rng = SeededRandom(seed: 99)
        let p = try tempCopy { bytes in
            // Every 7th byte random, and runs of 0xFF (NaN as Float64, huge as UInt32) here and there.
            for i in stride(from: start, to: start + length, by: 7) { bytes[i] = UInt8(truncatingIfNeeded: rng.next()) }
            for i in stride(from: start, to: start + length - 64, by: 4099) { for k in 0..<64 { bytes[i + k] = 0xFF } }
        }
        defer { try? FileManager.default.removeItem(atPath: p) }
        #expect(throws: BoundariesError.self) { try ReverseGeocoder(path: p, verification: .full) }
        let g: ReverseGeocoder
        do { g = try ReverseGeocoder(path: p, verification: .header) } catch let e as BoundariesError {
            // Damaged nodes that name a node twice are refused at load (`CellIndex.treeProblem`); those that load
            // are read below. nodesThatLoopAreRefused has nodes of both kinds.
            guard section == BoundariesLayout.nodes.tag, case .dataFileCorrupted(_, let detail) = e else { throw e }
            #expect(detail.contains("names node"))
            return
        }
        let pts = (0..<40_000).map { _ in
            Coordinate(uncheckedLatitude: rng.unit() * 180 - 90, longitude: rng.unit() * 360 - 180)
        }
        for m in g.matches(pts) {
            #expect(m.state >= -1 && Int(m.state) < g.stateCount && m.city >= -1 && Int(m.city) < g.cityCount)
        }
        let idx = g.stateIndices(latitudes: pts.map(\.latitude), longitudes: pts.map(\.longitude))
        #expect(idx.allSatisfy { $0 >= -1 && Int($0) < g.stateCount })
        _ = g.places(Array(pts.prefix(2_000)))
    }

    /// Nodes that name a node again are refused at load: the nearest-state search (a point near a coast, at sea)
    /// walked such a loop for hours. Node numbers out of range load, and every lookup through them reads sea.
    @Test func nodesThatLoopAreRefused() throws {
        let original = try DataFile(path: Fixtures.dataPath)
        let region = try original.bytes(BoundariesLayout.nodes.tag)
        let start = region.baseAddress! - original.base
        func everyEntry(_ code: UInt32) throws -> String {
            try tempCopy { bytes in
                for i in stride(from: start, to: start + region.count, by: 4) {
                    for k in 0..<4 { bytes[i + k] = UInt8(truncatingIfNeeded: code >> (8 * UInt32(k))) }
                }
            }
        }
        // Every quadrant of every node is node 0.
        let loop = try everyEntry(CellCode.node << 29)
        defer { try? FileManager.default.removeItem(atPath: loop) }
        #expect(throws: BoundariesError.dataFileCorrupted(path: loop, detail: "NODES names node 0 again (in node 0)")) {
            try ReverseGeocoder(path: loop, verification: .header)
        }
        // Every quadrant of every node is a node past the last one.
        let cut = try everyEntry(CellCode.node << 29 | CellCode.payloadMask)
        defer { try? FileManager.default.removeItem(atPath: cut) }
        let g = try ReverseGeocoder(path: cut, verification: .header)
        let nearCoasts = [(47.6, -122.5), (59.9, 10.7), (-33.9, 151.3), (1.3, 103.9), (40.6, -74.0)]
        for (lat, lon) in nearCoasts {
            let m = g.match(try Coordinate(latitude: lat, longitude: lon))
            #expect(m.state >= -1 && Int(m.state) < g.stateCount, "\(lat), \(lon)")
        }
    }

    @Test func writerAndReaderRoundTrip() throws {
        var w = DataFileWriter()
        w.add("A", uint32: [1, 2, 3])
        w.add("BB", float64: [1.5, -2])
        let bytes = w.bytes()
        #expect(bytes == w.bytes())  // deterministic
        let path = NSTemporaryDirectory() + "hometown-rt-\(UUID().uuidString).bin"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let f = try DataFile(path: path)
        try f.verifyAll()
        #expect(Array(try f.array("A", of: UInt32.self)) == [1, 2, 3])
        #expect(Array(try f.array("BB", of: Double.self)) == [1.5, -2])
        #expect(throws: BoundariesError.self) { try f.bytes("ZZ") }
    }

    @Test func typedSectionsRoundTrip() throws {
        let text = DataSection<UInt8>("TEXT")
        let counts = DataSection<UInt32>("COUNTS")
        let points = DataSection<Int32>("POINTS")
        let boxes = DataSection<Double>("BOXES")
        var w = DataFileWriter(version: 7)
        w.add(text, Array("héllo".utf8))
        w.add(counts, [1, 2, 3])
        w.add(points, [-5, 6, 7])
        w.add(boxes, [1.5, -2])
        let path = NSTemporaryDirectory() + "hometown-typed-\(UUID().uuidString).bin"
        try Data(w.bytes()).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let f = try DataFile(path: path, version: 7)
        try f.verifyAll()
        #expect(String(decoding: try f.bytes(text), as: UTF8.self) == "héllo")
        #expect(Array(try f.array(counts)) == [1, 2, 3])
        #expect(Array(try f.array(points)) == [-5, 6, 7])
        #expect(Array(try f.array(boxes)) == [1.5, -2])
        // A section a file does not have: `has` says so, `arrayIfPresent` gives nothing, `array` names it.
        let absent = DataSection<UInt32>("LATER")
        #expect(f.has(counts) && !f.has(absent))
        #expect(try f.arrayIfPresent(absent).isEmpty)
        #expect(Array(try f.arrayIfPresent(counts)) == [1, 2, 3])
        #expect(throws: BoundariesError.missingSection(path: path, section: "LATER")) { try f.array(absent) }
        // Read as another type, a section whose length is not a whole number of it is refused.
        #expect(throws: BoundariesError.self) { try f.array(DataSection<Double>(points.tag)) }
    }
}

/// The leaf reader keeps every read inside the piece, whatever the counts say.
@Suite struct LeafPiecesTests {
    @Test func aRingCannotReachPastItsPiece() {
        // One piece: state 0, one ring, length 11 (7 header numbers + 4), box, then a ring claiming 2 vertices,
        // which would need 5 numbers: 1 + 2 x 2.
        let stream: [Double] = [1, 0, 1, 11, -1, -1, 1, 1, 2, 0, 0, 1]
        stream.withUnsafeBufferPointer { data in
            var pieces = LeafPieces(data: data, offset: 0)
            guard let piece = pieces.next() else {
                Issue.record("the piece should be read")
                return
            }
            #expect(piece.end == 12)
            var rings = LeafPieces.Rings(data: data, piece: piece)
            #expect(rings.next() == nil)
        }
        // The same with room for the ring: it is read, and it ends inside the piece.
        let fits: [Double] = [1, 0, 1, 12, -1, -1, 1, 1, 2, 0, 0, 1, 1]
        fits.withUnsafeBufferPointer { data in
            var pieces = LeafPieces(data: data, offset: 0)
            guard let piece = pieces.next() else {
                Issue.record("the piece should be read")
                return
            }
            var rings = LeafPieces.Rings(data: data, piece: piece)
            let ring = rings.next()
            #expect(ring?.first == 9 && ring?.count == 2)
            #expect(ring.map { $0.first + 2 * $0.count <= piece.end } == true)
        }
    }
}
