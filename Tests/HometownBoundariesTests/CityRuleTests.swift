import Testing

@testable import HometownBoundaries

@Suite struct CityRuleTests {
    @Test(arguments: [(1_000, 0.25), (100_000, 2.5), (1_000_000, 7.905694150420948), (100_000_000, 25)])
    func urbanRadiusGrowsWithPopulation(pop: Int, km: Double) {
        #expect(abs(CityTreeLayout.urbanRadiusKm(population: pop) - km) < 1e-9)
    }

    @Test func everyCityHasAValidStateOrNone() {
        let g = Fixtures.geocoder
        #expect(g.cityCount > 200_000)
        for i in stride(from: 0, to: g.cityCount, by: 101) {
            let s = g.cities.u32[4 * i + 3]
            #expect(s == UInt32.max || Int(s) < g.stateCount)
        }
    }
}
