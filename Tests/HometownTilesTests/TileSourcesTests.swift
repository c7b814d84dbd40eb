import Foundation
import HometownBasemap
import HometownBoundaries
import Testing

@testable import HometownTiles

/// `TileSources`: each part names the data that was loaded, so that tiles drawn ahead are served only for it.
@Suite struct TileSourcesTests {
    /// The lakes are named by the checksum of the `water.bin` they were read from, even after that file is
    /// replaced (as a package upgrade may do while a server starts): the name follows the lakes drawn, not the
    /// file now on disk.
    @Test func theLakesAreNamedByTheFileTheyWereReadFrom() throws {
        let copy = try PreparedTilesFileTests.temporaryFile("water.bin")
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        let original = try WaterFile.path()
        try FileManager.default.copyItem(atPath: original, toPath: copy)
        let data = try BundledData(boundariesPath: nil, gazetteerPath: nil, waterPath: copy, countries: .defaults)
        let loaded = try DataFile(path: original, version: WaterFile.version).headerChecksum
        #expect(data.tileSources().water == String(loaded, radix: 16))

        // Another valid file in its place: the same lakes but the last.
        let lakes = try WaterFile.read(path: original)
        let other = WaterFile.bytes(Array(lakes.dropLast()), metadata: Array("{}".utf8))
        try Data(other).write(to: URL(fileURLWithPath: copy), options: .atomic)
        let replaced = try DataFile(path: copy, version: WaterFile.version).headerChecksum
        #expect(replaced != loaded)
        #expect(data.tileSources().water == String(loaded, radix: 16))
        #expect(data.water.lakeCount == lakes.count)
    }
}
