import HometownCore
import HometownTestSupport
import Testing

@testable import HometownBoundaries

#if canImport(Glibc)
    import Glibc
#endif

@Suite(.onComputeThreads) struct ReverseGeocoderTests {
    let g = Fixtures.geocoder

    @Test(arguments: [
        (47.6062, -122.3321, "US", "US-WA", "Seattle"),
        (44.97806, -93.26361, "US", "US-MN", "Minneapolis"),
        (48.8566, 2.3522, "FR", "FR-75C", "Paris"),
        (19.4326, -99.1332, "MX", "MX-CMX", "Mexico City"),
        (35.6895, 139.6917, "JP", "JP-13", "Tokyo"),
        (-33.8688, 151.2093, "AU", "AU-NSW", "Sydney"),
        (9.9281, -84.0907, "CR", "CR-SJ", "San José"),
        (20.2961, 85.8245, "IN", "IN-OD", "Bhubaneswar"),
        (40.7128, -74.0060, "US", "US-NY", "New York City"),
    ])
    func knownCities(lat: Double, lon: Double, country: String, state: String, city: String) throws {
        let p = g.place(at: try Coordinate(latitude: lat, longitude: lon))
        #expect(p.country?.iso2 == country)
        #expect(p.state?.iso == state)
        #expect(p.city?.name == city)
        #expect(p.atSea == false && p.distanceKm == 0)
    }

    /// States go to the ISO 3166-1 country their places belong to (tools/databuilder/ISOCountryVote.swift).
    @Test(
        arguments: [
            (44.9521, 34.1024, "UA", "Simferopol"),  // Crimea: Russia in Natural Earth 4.1 admin-1
            (-20.8823, 55.4504, "RE", "Saint-Denis"),  // Réunion: France in Natural Earth
            (-12.7806, 45.2279, "YT", "Mamoudzou"),
            (16.2411, -61.5331, "GP", nil),
            (14.6161, -61.0588, "MQ", "Fort-de-France"),
            (4.9372, -52.326, "GF", "Cayenne"),
            (9.56, 44.065, "SO", "Hargeysa"),  // Somaliland: no ISO code in Natural Earth
            (35.2, 33.36, "CY", nil),  // Northern Cyprus
        ] as [(Double, Double, String, String?)])
    func statesFollowTheISOCountryOfTheirPlaces(lat: Double, lon: Double, country: String, city: String?) throws {
        let p = g.place(at: try Coordinate(latitude: lat, longitude: lon))
        #expect(p.country?.iso2 == country)
        if let city { #expect(p.city?.name == city) }
    }

    @Test func movedStatesTakeTheISOCodeOfTheirNewCountry() throws {
        let crimea = g.place(at: try Coordinate(latitude: 44.9521, longitude: 34.1024))
        #expect(crimea.state?.iso == "UA-43")
        #expect(crimea.state?.aliases.contains("Crimea") == true)
        #expect(g.place(at: try Coordinate(latitude: 44.6, longitude: 33.52)).state?.iso == "UA-40")
    }

    @Test func outdatedNaturalEarthNamesAreAliases() throws {
        let mx = g.place(at: try Coordinate(latitude: 19.4326, longitude: -99.1332))
        #expect(mx.state?.name == "Ciudad de México")
        #expect(mx.state?.aliases.contains("Distrito Federal") == true)
        let od = g.place(at: try Coordinate(latitude: 20.2961, longitude: 85.8245))
        #expect(od.state?.name == "Odisha")
        #expect(od.state?.aliases.contains("Orissa") == true)
        let uk = g.place(at: try Coordinate(latitude: 30.3165, longitude: 78.0322))  // Dehradun
        #expect(uk.state?.name == "Uttarākhand")
        #expect(uk.state?.aliases.contains("Uttaranchal") == true)
    }

    /// The names people say, the administrative forms kept as aliases.
    @Test func spokenNamesWithTheAdministrativeFormsAsAliases() throws {
        let chengdu = g.place(at: try Coordinate(latitude: 30.66, longitude: 104.06))
        #expect(chengdu.country?.name == "China" && chengdu.country?.iso2 == "CN")
        #expect(chengdu.country?.aliases.contains("People's Republic of China") == true)
        #expect(chengdu.state?.name == "Sichuan" && chengdu.state?.iso == "CN-SC")
        #expect(chengdu.state?.aliases.contains("Sichuan Sheng") == true)
        for (lat, lon, name, old) in [
            (22.82, 108.32, "Guangxi", "Guangxi Zhuangzu Zizhiqu"), (39.9, 116.4, "Beijing", "Beijing Shi"),
            (43.83, 87.62, "Xinjiang", "Xinjiang Uygur Zizhiqu"),
        ] {
            let st = g.place(at: try Coordinate(latitude: lat, longitude: lon)).state
            #expect(st?.name == name && st?.aliases.contains(old) == true, "\(name): \(String(describing: st))")
        }
    }

    /// Every renaming the build report lists ("spoken name: state CN-SC Sichuan Sheng -> Sichuan") is in the
    /// data, the old name kept as the first alias, and the new name is no other state's of the same country.
    @Test func everyReportedSpokenNameIsInTheDataAndUniqueInItsCountry() throws {
        let reportPath = Fixtures.dataPath.replacingOccurrences(of: "hometown.bin", with: "build-report.txt")
        let report = try String(contentsOfFile: reportPath, encoding: .utf8)
        let prefix = "spoken name: state "
        let lines = report.split(separator: "\n").filter { $0.hasPrefix(prefix) }
        #expect(lines.count >= 100, "the rule renames the Chinese, Ukrainian, Swedish, ... units")
        var statesByISO: [String: [Int]] = [:]
        for s in 0..<g.stateCount { if let iso = g.stateInfo(s).iso { statesByISO[iso, default: []].append(s) } }
        for line in lines {
            let rest = line.dropFirst(prefix.count)
            let iso = String(rest.prefix { $0 != " " })
            let names = rest.dropFirst(iso.count + 1).components(separatedBy: " -> ")
            try #require(names.count == 2, "\(line)")
            let ids = statesByISO[iso] ?? []
            #expect(!ids.isEmpty, "\(iso)")
            for s in ids {
                let st = g.stateInfo(s)
                #expect(st.name == names[1] && st.aliases.first == names[0], "\(line): \(st)")
                let c = g.countryIndex(ofState: s)
                for t in 0..<g.stateCount where t != s && g.countryIndex(ofState: t) == c {
                    #expect(g.stateInfo(t).name != st.name || g.stateInfo(t).iso == st.iso, "\(st.name) twice")
                }
            }
        }
    }

    @Test func countriesUseTheExtendedISOCodes() throws {
        let fr = g.place(at: try Coordinate(latitude: 45.76, longitude: 4.84)).country
        #expect(fr?.name == "France" && fr?.iso2 == "FR" && fr?.iso3 == "FRA")
        let no = g.place(at: try Coordinate(latitude: 59.91, longitude: 10.75)).country
        #expect(no?.iso2 == "NO" && no?.iso3 == "NOR")
    }

    @Test func harbourPointJustOffTheCoastGetsTheNearestState() throws {
        let p = g.place(at: try Coordinate(latitude: 58.30, longitude: -134.42))  // Juneau harbour
        #expect(p.atSea)
        #expect(p.state?.iso == "US-AK")
        #expect(p.distanceKm > 0 && p.distanceKm < 22.224)
    }

    /// A point on a state's outline is in the state: on 180° (where outlines are cut, and a longitude of 180 is
    /// read as -180) and at the South Pole, a corner of Antarctica's; it was at sea, 0 km from that state.
    @Test(arguments: [
        (66.0, 180.0, 66.0, 179.99), (71.0, 180.0, 71.0, 179.99), (-16.8, 180, -16.8, -179.99), (-90, 0, -89.99, 0),
    ])
    func aPointOnAnOutlineIsInItsState(lat: Double, lon: Double, insideLat: Double, insideLon: Double) throws {
        let p = g.place(at: try Coordinate(latitude: lat, longitude: lon))
        let inside = g.place(at: try Coordinate(latitude: insideLat, longitude: insideLon))
        #expect(!inside.atSea && inside.state != nil)
        #expect(!p.atSea && p.distanceKm == 0, "\(lat), \(lon)")
        #expect(p.state == inside.state && p.country == inside.country)
    }

    @Test func openOceanHasNoCountry() throws {
        let p = g.place(at: try Coordinate(latitude: 0, longitude: -30))
        #expect(p.atSea && p.country == nil && p.state == nil && p.city == nil)
    }

    @Test func atSeaRadiusIsTwelveNauticalMiles() throws {
        // Walk west from the Oregon coast: within 22.2 km there is a state, beyond it none.
        var lastWithState = 0.0
        for k in 0..<80 {
            let lon = -124.10 - Double(k) * 0.01
            let p = g.place(at: try Coordinate(latitude: 44.0, longitude: lon))
            if p.state != nil {
                #expect(p.distanceKm <= ReverseGeocoder.atSeaRadiusKm)
                lastWithState = p.distanceKm
            } else {
                #expect(p.atSea)
            }
        }
        #expect(lastWithState > 15)
    }

    @Test func pointInsideABigCityNamesTheCityNotASuburb() throws {
        // Brooklyn and Manhattan points name New York City (8 M people), not the borough or a neighbourhood.
        let p = g.place(at: try Coordinate(latitude: 40.6782, longitude: -73.9442))
        #expect(p.city?.name == "New York City")
    }

    /// The first batches of a geocoder build the names they share (`PlaceRecords`) once, even when they start
    /// together; their places equal the single answers, which decode the names afresh.
    @Test func concurrentFirstBatchesBuildTheSharedNamesOnce() async throws {
        let fresh = try ReverseGeocoder(verification: .header)
        var rng = SeededRandom(seed: 12)
        let pts = (0..<(2 * ReverseGeocoder.sharedRecordsThreshold)).map { _ in
            Coordinate(uncheckedLatitude: rng.unit() * 140 - 60, longitude: rng.unit() * 360 - 180)
        }
        async let a = Task.detached { fresh.places(pts) }.value
        async let b = Task.detached { fresh.places(pts) }.value
        let (x, y) = await (a, b)
        #expect(x == y)
        #expect(x.compactMap { $0?.city }.count > 100)
        for (i, p) in pts.enumerated() where x[i] != fresh.place(at: p) {
            Issue.record("point \(i) \(p): batch \(String(describing: x[i])), single \(fresh.place(at: p))")
        }
        #expect(fresh.placeRecords() === fresh.placeRecords())
        #expect(fresh.placeRecords().cityNames.count == fresh.cityCount)
    }

    @Test func batchAgreesWithSinglePoints() throws {
        var rng = SeededRandom(seed: 11)
        let pts = (0..<20_000).map { _ in
            Coordinate(uncheckedLatitude: rng.unit() * 140 - 60, longitude: rng.unit() * 360 - 180)
        }
        let batch = g.places(pts)
        #expect(batch.count == pts.count)
        // Every point (the batch writes each element once, from the worker whose chunk holds it), compared by value:
        // the batch's states and countries are shared records, the single answers' are built afresh.
        for (i, p) in pts.enumerated() where batch[i] != g.place(at: p) {
            Issue.record("point \(i) \(p): batch \(String(describing: batch[i])), single \(g.place(at: p))")
        }
        // Equal records hash alike, however they were built; other records differ.
        let usa = (0..<g.countryCount).first { g.countryInfo($0).iso3 == "USA" }!
        #expect(g.countryInfo(usa) == g.countryInfo(usa) && g.countryInfo(usa) != g.countryInfo(usa + 1))
        #expect(Set([g.countryInfo(usa), g.countryInfo(usa), g.countryInfo(usa + 1)]).count == 2)
        #expect(Set((0..<50).map { g.stateInfo($0 % 10) }).count == 10)
        let lats = pts.map(\.latitude)
        let lons = pts.map(\.longitude)
        let idx = g.stateIndices(latitudes: lats, longitudes: lons)
        for i in pts.indices {
            #expect((idx[i] >= 0 ? Int(idx[i]) : nil) == g.stateIndex(latitude: lats[i], longitude: lons[i]))
        }
    }

    /// The compact batch answers are the single answers, on any number of cores, and turn into the same
    /// `Place` values; the pipelined batch (which loads leaves ahead) agrees point for point.
    @Test(arguments: [nil, 1, 2, 3] as [Int?])
    func matchesAgreeWithSinglePoints(cores: Int?) throws {
        var rng = SeededRandom(seed: 23)
        let pts = (0..<30_000).map { _ in
            Coordinate(uncheckedLatitude: asin(2 * rng.unit() - 1) * 180 / .pi, longitude: rng.unit() * 360 - 180)
        }
        let batch = g.matches(pts, cores: cores)
        #expect(batch.count == pts.count)
        var landOrCoast = 0
        for (i, p) in pts.enumerated() {
            let single = g.match(p)
            #expect(batch[i] == single)
            if single.state >= 0 { landOrCoast += 1 }
            if i % 5 == 0 { #expect(g.place(single, at: p) == g.place(at: p)) }
        }
        #expect(landOrCoast > 8_000)
        let idx = g.stateIndices(latitudes: pts.map(\.latitude), longitudes: pts.map(\.longitude), cores: cores)
        for (i, p) in pts.enumerated() {
            #expect((idx[i] >= 0 ? Int(idx[i]) : nil) == g.stateIndex(latitude: p.latitude, longitude: p.longitude))
        }
    }

    /// The batch's city searches run side by side (`CityIndex.cities`); where places crowd (points near cities,
    /// each twice, so that walks of one tree run together), in batches of every size up to a few times the number
    /// of walks side by side (so that walks end and are replaced at every position), with points far at sea mixed
    /// in, every answer is the single point's.
    @Test func matchesAgreeWithSinglePointsWhereCitiesCrowd() throws {
        var rng = SeededRandom(seed: 57)
        var pts: [Coordinate] = []
        for i in stride(from: 0, to: g.cityCount, by: 97) {
            let c = g.cityRecord(i)
            let p = Coordinate(
                uncheckedLatitude: max(-90, min(90, c.latitude + (rng.unit() - 0.5) * 0.4)),
                longitude: Coordinate.wrapLongitude(c.longitude + (rng.unit() - 0.5) * 0.4))
            pts.append(p)
            pts.append(p)
            if i % 5 == 0 { pts.append(Coordinate(uncheckedLatitude: -30, longitude: -140)) }  // the open Pacific
        }
        let singles = pts.map { g.match($0) }
        #expect(singles.filter { $0.city >= 0 }.count > pts.count / 2)
        #expect(g.matches(pts, cores: 1) == singles)
        #expect(g.matches(pts) == singles)
        for size in 1...(3 * CityIndex.lanes + 1) {
            let from = (size * 131) % (pts.count - size)
            let slice = Array(pts[from..<(from + size)])
            #expect(g.matches(slice, cores: 1) == Array(singles[from..<(from + size)]), "batch of \(size)")
        }
    }

    /// The raw-degree lookups take any numbers: a point not on Earth (NaN, an infinity, a latitude beyond ±90)
    /// is in no state, where it trapped; a longitude beyond ±180 is the same point wrapped.
    @Test func rawDegreesNotOnEarthAreInNoState() throws {
        let seattle = try #require(g.stateIndex(latitude: 47.6062, longitude: -122.3321))
        let lats: [Double] = [.nan, 47.6062, .infinity, -.infinity, 90.5, -1e300, 47.6062, 47.6062, 47.6062, 47.6062]
        let lons: [Double] = [0, .nan, 0, 0, 0, 0, -122.3321 + 360, -122.3321 - 720, .infinity, -122.3321]
        let want: [Int32] = [-1, -1, -1, -1, -1, -1, Int32(seattle), Int32(seattle), -1, Int32(seattle)]
        #expect(g.stateIndices(latitudes: lats, longitudes: lons) == want)
        #expect(g.stateIndices(latitudes: lats, longitudes: lons, cores: 1) == want)
        for i in lats.indices {
            #expect(g.stateIndex(latitude: lats[i], longitude: lons[i]).map(Int32.init) ?? -1 == want[i], "point \(i)")
        }
    }

    @Test func matchesOfEmptyAndTinyBatches() throws {
        #expect(g.matches([]).isEmpty)
        #expect(g.stateIndices(latitudes: [], longitudes: []).isEmpty)
        let seattle = try Coordinate(latitude: 47.6062, longitude: -122.3321)
        let m = try #require(g.matches([seattle]).first)
        #expect(g.place(m, at: seattle).city?.name == "Seattle" && !m.atSea && m.distanceKm == 0)
        #expect(g.place(.openSea, at: seattle).country == nil)
        // Indices from elsewhere read as none rather than trapping.
        let foreign = PlaceMatch(state: Int32(g.stateCount + 5), city: -1, atSea: false, distanceKm: 0, cityKm: 0)
        #expect(g.place(foreign, at: seattle).state == nil)
    }

    @Test func extremeCoordinatesDoNotCrash() throws {
        for (lat, lon) in [(90.0, -180.0), (-90, -180), (90, 179.9999999), (-90, 179.9999999), (0, -180), (-89.9, 0)] {
            _ = g.place(at: try Coordinate(latitude: lat, longitude: lon))
        }
        #expect(g.place(at: try Coordinate(latitude: -89.9, longitude: 0)).country != nil)  // Antarctica
    }
}

/// The at-sea search starts from the search radius to skip far cells; started from infinity it must give the
/// same state and distance for every point near a coast.
@Suite struct NearestStateSearchTests {
    @Test func boundedSearchEqualsUnbounded() {
        let g = Fixtures.geocoder
        var rng = SeededRandom(seed: 31)
        var checked = 0
        var found = 0
        while checked < 6_000 {
            let lat = asin(2 * rng.unit() - 1) * 180 / .pi
            let lon = rng.unit() * 360 - 180
            guard case .sea(deep: false) = g.cells.locate(latitude: lat, longitude: lon) else { continue }
            var fast = NearestStateSearch(
                index: g.cells, latitude: lat, longitude: lon, maxKm: ReverseGeocoder.atSeaRadiusKm)
            var slow = NearestStateSearch(
                index: g.cells, latitude: lat, longitude: lon, maxKm: ReverseGeocoder.atSeaRadiusKm, bounded: false)
            let a = fast.run()
            let b = slow.run()
            #expect(
                a?.state == b?.state && a?.km == b?.km,
                "(\(lat), \(lon)): bounded \(String(describing: a)), unbounded \(String(describing: b))")
            checked += 1
            if a != nil { found += 1 }
        }
        #expect(found > 1_000)
    }
}
