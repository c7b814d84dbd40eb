import HometownCore
import Testing

@testable import HometownBoundaries

/// The record layouts of `hometown.bin` that the data builder writes and `ReverseGeocoder` reads: each row puts
/// every field at the offset its layout names, within its stride; and the bundled file's rows read through them
/// give the places they should.
@Suite struct RecordLayoutTests {
    @Test func rowsPutEachFieldAtItsNamedOffset() {
        let s = StateRecordLayout.row(name: (11, 12), iso: (13, 14), country: 15, aliasStart: 16, aliasCount: 17)
        #expect(s.count == StateRecordLayout.stride)
        #expect(s[StateRecordLayout.name] == 11 && s[StateRecordLayout.name + 1] == 12)
        #expect(s[StateRecordLayout.iso] == 13 && s[StateRecordLayout.iso + 1] == 14)
        #expect(s[StateRecordLayout.country] == 15)
        #expect(s[StateRecordLayout.aliasStart] == 16 && s[StateRecordLayout.aliasCount] == 17)
        let c = CountryRecordLayout.row(name: (21, 22), iso2: (23, 24), iso3: (25, 26), aliasStart: 27, aliasCount: 28)
        #expect(c.count == CountryRecordLayout.stride)
        #expect(c[CountryRecordLayout.name] == 21 && c[CountryRecordLayout.name + 1] == 22)
        #expect(c[CountryRecordLayout.iso2] == 23 && c[CountryRecordLayout.iso2 + 1] == 24)
        #expect(c[CountryRecordLayout.iso3] == 25 && c[CountryRecordLayout.iso3 + 1] == 26)
        #expect(c[CountryRecordLayout.aliasStart] == 27 && c[CountryRecordLayout.aliasCount] == 28)
        let city = CityRecordLayout.row(name: (31, 32), population: 33, state: 34)
        #expect(city.count == CityRecordLayout.stride)
        #expect(city[CityRecordLayout.name] == 31 && city[CityRecordLayout.name + 1] == 32)
        #expect(city[CityRecordLayout.population] == 33 && city[CityRecordLayout.state] == 34)
        #expect(CityRecordLayout.row(name: (0, 0), population: 0, state: nil)[CityRecordLayout.state] == .max)
        let e = ExtentRecordLayout.row(west: 1, south: 2, east: 3, north: 4, longitude: 5, latitude: 6)
        #expect(e.count == ExtentRecordLayout.stride)
        #expect(Array(e[ExtentRecordLayout.box..<(ExtentRecordLayout.box + 4)]) == [1, 2, 3, 4])
        #expect(e[ExtentRecordLayout.pointLongitude] == 5 && e[ExtentRecordLayout.pointLatitude] == 6)
    }

    @Test func theBundledRowsReadThroughTheLayouts() throws {
        let g = try ReverseGeocoder()
        let mn = try #require((0..<g.stateCount).first { g.stateNameAndISO($0).iso == "US-MN" })
        #expect(g.stateInfo(mn).name == "Minnesota")
        let usa = g.countryInfo(g.countryIndex(ofState: mn))
        #expect(usa.iso2 == "US" && usa.iso3 == "USA")
        let (box, point) = g.stateExtent(mn)
        #expect(box.west < -89 && box.west > -98 && box.north > 49 && box.north < 50)
        #expect(box.contains(point))
        let (usBox, usPoint) = g.countryExtent(g.countryIndex(ofState: mn))
        #expect(usBox.contains(point) && usBox.contains(usPoint))
        // Minneapolis: a city row's name, population, state and point.
        let place = g.place(at: Coordinate(uncheckedLatitude: 44.98, longitude: -93.27))
        let city = try #require(place.city)
        #expect(city.name == "Minneapolis" && city.population > 300_000 && place.state?.iso == "US-MN")
        let i = try #require((0..<g.cityCount).first { g.cityGeonameID($0) == city.geonameID })
        let record = g.cityRecord(i)
        #expect(record.name == "Minneapolis" && record.state == mn && record.population == city.population)
        #expect(abs(record.latitude - 44.98) < 0.1 && abs(record.longitude + 93.27) < 0.1)
        // A state's aliases are a run of ALIASES rows: some state of the bundled data has one.
        #expect((0..<g.stateCount).contains { !g.stateInfo($0).aliases.isEmpty })
    }
}
