import Foundation
import HometownBoundaries
import HometownGazetteer
import HometownTestSupport
import Testing

/// National capitals (GeoNames feature code PPLC, section CAPITALS of gazetteer.bin).
@Suite(.onComputeThreads) struct CapitalTests {
    /// The entry of the place with GeoNames id `gid` among the results for `query`.
    func entry(_ query: String, geonameID gid: Int) throws -> Int {
        let hit = try Fixtures.gazetteer.search(query, limit: Gazetteer.maxLimit).first { $0.geonameID == gid }
        return try #require(hit, "\(query) (\(gid)) not found").entry
    }

    @Test("Canberra, Ottawa, Washington and Brasília are capitals; Sydney, Toronto and Melbourne are not")
    func knownCapitals() throws {
        let g = Fixtures.gazetteer
        for (q, gid) in [
            ("Canberra", 2_172_517), ("Ottawa", 6_094_817), ("Washington", 4_140_963), ("Brasília", 3_469_058),
            ("Ankara", 323_786), ("Bern", 2_661_552),
        ] {
            #expect(g.isCapital(entry: try entry(q, geonameID: gid)), "\(q)")
        }
        for (q, gid) in [
            ("Sydney", 2_147_714), ("Toronto", 6_167_865), ("Melbourne", 2_158_177), ("Istanbul", 745_044),
        ] {
            #expect(!g.isCapital(entry: try entry(q, geonameID: gid)), "\(q)")
        }
        // Countries and states are never capitals.
        #expect(!g.isCapital(entry: 0))
    }

    @Test("about as many capitals as GeoNames' cities15000 has PPLC rows (241), one per country at most")
    func count() throws {
        let g = Fixtures.gazetteer
        #expect((225...241).contains(g.capitalCount), "\(g.capitalCount) capitals")
        // cities() names every capital, whatever the minimum, with its country; no country has two.
        let capitals = g.cities(minimumPopulation: Int.max).filter(\.isCapital)
        #expect(capitals.count == g.capitalCount)
        #expect(g.cities(minimumPopulation: Int.max).allSatisfy { $0.isCapital })
        let countries = capitals.compactMap(\.country)
        #expect(Set(countries).count == countries.count)
        #expect(countries.count == capitals.count)
        #expect(!capitals.contains { $0.name == "Flying Fish Cove" || $0.name == "Longyearbyen" })
        let canberra = try #require(capitals.first { $0.name == "Canberra" })
        #expect(g.code(ofEntry: try #require(canberra.country)) == "AU")
        // Among all cities of 100,000 people or more, the capitals are flagged, the others not.
        let big = g.cities(minimumPopulation: 100_000)
        #expect(big.contains { $0.name == "Ottawa" && $0.isCapital })
        #expect(big.contains { $0.name == "Toronto" && !$0.isCapital })
        #expect(big.filter(\.isCapital).count == capitals.count)
    }

    /// A copy of the bundled file with section CAPITALS replaced (nil: left out).
    func rewritten(capitals: [UInt32]?) throws -> String {
        let f = try DataFile(path: Fixtures.dataFolder + "/gazetteer.bin", version: GazetteerLayout.version)
        var w = DataFileWriter(version: GazetteerLayout.version)
        for tag in f.sectionTags where tag != GazetteerLayout.capitals.tag {
            w.add(tag, bytes: Array(try f.bytes(tag)))
        }
        if let capitals { w.add(GazetteerLayout.capitals, capitals) }
        let p = NSTemporaryDirectory() + "/gazetteer-capitals-\(UUID().uuidString).bin"
        try Data(w.bytes()).write(to: URL(fileURLWithPath: p))
        return p
    }

    @Test("a capital that is not a city, or out of order, is a corrupted file; a file without the section has none")
    func damagedSection() throws {
        let two = Fixtures.gazetteer.cities(minimumPopulation: 5_000_000).prefix(2).map { UInt32($0.entry) }.sorted()
        for bad: [UInt32] in [[0], [UInt32.max - 1], [two[1], two[0]], [two[0], two[0]]] {
            let p = try rewritten(capitals: bad)
            defer { try? FileManager.default.removeItem(atPath: p) }
            do {
                _ = try Gazetteer(path: p, verify: true)
                Issue.record("loaded capitals \(bad)")
            } catch let e as GazetteerError {
                #expect(e.description.contains("capital"), "\(e)")
            }
            // Unverified (a one-shot command), only the cities among them are kept.
            let g = try Gazetteer(path: p, verify: false)
            #expect(g.capitalCount == Set(bad.filter { $0 == two[0] || $0 == two[1] }).count)
            #expect(!g.isCapital(entry: 0))
        }
        let p = try rewritten(capitals: nil)
        defer { try? FileManager.default.removeItem(atPath: p) }
        let old = try Gazetteer(path: p)
        #expect(old.capitalCount == 0)
        #expect(old.entryCount == Fixtures.gazetteer.entryCount)
    }
}
