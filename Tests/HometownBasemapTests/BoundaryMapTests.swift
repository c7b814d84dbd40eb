import Foundation
import HometownBasemap
import HometownBoundaries
import HometownTestSupport
import Testing

@Suite("Boundary map: edge classes from the bundled polygons", .onComputeThreads)
struct BoundaryMapTests {
    @Test("every vertex is read and most shared borders are found")
    func counts() {
        let map = Fixtures.map
        #expect(map.vertexTotal > 1_000_000)
        #expect(map.stateCountry.count == Fixtures.geocoder.stateCount)
        let c = map.edgeCounts()
        let total = c.values.reduce(0, +)
        #expect(total == map.vertexTotal)
        // Coasts, borders between countries and between states all occur; internal state borders are shared by
        // two rings, so they are a large share of all edges.
        #expect((c[.coast] ?? 0) > 200_000)
        #expect((c[.border] ?? 0) > 50_000)
        #expect((c[.state] ?? 0) > 200_000)
        #expect((c[.hidden] ?? 0) > 0)
    }

    @Test("the Canada-USA border north of Minnesota is a border, Minnesota-Wisconsin a state line")
    func classesAroundMinnesota() throws {
        let map = Fixtures.map
        // A view of 400 x 300 px at zoom 6 over the Lake of the Woods (49.0 N, 95.2 W): the 49th parallel.
        let north = MapFrame.view(latitude: 48.6, longitude: -95.6, zoom: 6, width: 200, height: 120)
        let dn = map.draw(north, includeStates: true)
        #expect(!dn.borders.isEmpty)
        // Along the St. Croix river (Minnesota-Wisconsin), 45.4 N, 92.7 W: no border, a state line.
        let stCroix = MapFrame.view(latitude: 45.4, longitude: -92.7, zoom: 8, width: 60, height: 60)
        let ds = map.draw(stCroix, includeStates: true)
        #expect(ds.borders.isEmpty)
        #expect(!ds.states.isEmpty)
        #expect(map.draw(stCroix, includeStates: false).states.isEmpty)
    }
}
