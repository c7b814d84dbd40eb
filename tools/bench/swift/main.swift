import Dispatch
import Foundation
import HometownBoundaries
import HometownCore

// hometown-bench: reverse-geocoding throughput on 1,000,000 seeded random points (uniform on the sphere).
// Usage: hometown-bench [--points N] [--export DIR]   (build with -c release)
// --export DIR writes the points (points.csv), the state polygons the index was cut from (states.geojson),
// our state index per point (ours.txt) and our figures (figures.json) for tools/bench/reverse/run.sh.

let args = CommandLine.arguments
let n = args.firstIndex(of: "--points").flatMap { Int(args[$0 + 1]) } ?? 1_000_000
var rng = SeededRandom(seed: 2026)
var lats = [Double](), lons = [Double]()
for _ in 0..<n {
    lats.append(asin(2 * rng.unit() - 1) * 180 / .pi)
    lons.append(rng.unit() * 360 - 180)
}
let exportDir = args.firstIndex(of: "--export").map { args[$0 + 1] }

let clock = ContinuousClock()
let loadStart = clock.now
let g = try ReverseGeocoder(verification: .full)
let load = clock.now - loadStart
func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18 }

// One core: the state lookup (point in polygon over the cell index).
var best1 = Double.infinity
var found = 0
for _ in 0..<3 {
    let t0 = clock.now
    var c = 0
    for k in 0..<n where g.stateIndex(latitude: lats[k], longitude: lons[k]) != nil { c += 1 }
    best1 = min(best1, seconds(clock.now - t0))
    found = c
}
// All cores.
var bestN = Double.infinity
for _ in 0..<3 {
    let t0 = clock.now
    let r = g.stateIndices(latitudes: lats, longitudes: lons)
    bestN = min(bestN, seconds(clock.now - t0))
    precondition(r.count == n)
}
// Full places (state + at-sea search + city), all cores.
let coords = (0..<n).map { Coordinate(uncheckedLatitude: lats[$0], longitude: lons[$0]) }
let t0 = clock.now
let places = g.places(coords)
let full = seconds(clock.now - t0)
let cores = ProcessInfo.processInfo.activeProcessorCount

print("points: \(n) (\(found) on land), cores: \(cores), load: \(String(format: "%.1f", seconds(load) * 1000)) ms")
print(String(format: "state lookup, 1 core:   %.2f M lookups/s", Double(n) / best1 / 1e6))
print(String(format: "state lookup, %d cores:  %.2f M lookups/s (%.2fx one core)", cores, Double(n) / bestN / 1e6, best1 / bestN))
print(String(format: "full place(), %d cores:  %.2f M places/s (%d with a city)", cores, Double(n) / full / 1e6, places.filter { $0?.city != nil }.count))

if let dir = exportDir {
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    var text = "latitude,longitude\n"
    for k in 0..<n { text += "\(lats[k]),\(lons[k])\n" }
    try text.write(toFile: dir + "/points.csv", atomically: true, encoding: .utf8)
    let ours = g.stateIndices(latitudes: lats, longitudes: lons)
    try (ours.map { String($0) }.joined(separator: "\n") + "\n").write(toFile: dir + "/ours.txt", atomically: true, encoding: .utf8)
    var features: [GeoJSONFeature] = []
    for i in 0..<g.stateCount {
        let polys = try g.statePolygons(i).map { p in p.map { r in r.map { [$0.0, $0.1] } } }
        features.append(GeoJSONFeature(geometry: .multiPolygon(polys), properties: ["state": .number(Double(i))]))
    }
    try JSONEncoder().encode(GeoJSONFeatureCollection(features: features)).write(to: URL(fileURLWithPath: dir + "/states.geojson"))
    let figures: [String: Double] = ["points": Double(n), "one_core_per_s": Double(n) / best1, "all_cores_per_s": Double(n) / bestN,
                                     "places_per_s": Double(n) / full, "cores": Double(cores)]
    try JSONSerialization.data(withJSONObject: figures, options: .sortedKeys).write(to: URL(fileURLWithPath: dir + "/figures.json"))
}
