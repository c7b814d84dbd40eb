import Foundation
import HometownBoundaries
import HometownCore

// hometown-bench: reverse-geocoding throughput on 1,000,000 seeded random points (uniform on the sphere).
// Usage: hometown-bench [--points N] [--export DIR] [--only-places]   (build with -c release)
// Every figure is the best of three runs; the 1-core and all-core runs of a batch call are interleaved. --export DIR writes the points (points.csv), the state polygons the
// index was cut from (states.geojson), our state index per point (ours.txt) and our figures (figures.json)
// for tools/bench/reverse/run.sh, which runs the peers on the same points and polygons.

let args = CommandLine.arguments
let n = args.firstIndex(of: "--points").flatMap { Int(args[$0 + 1]) } ?? 1_000_000
let exportDir = args.firstIndex(of: "--export").map { args[$0 + 1] }
var rng = SeededRandom(seed: 2026)
var lats = [Double]()
var lons = [Double]()
for _ in 0..<n {
    lats.append(asin(2 * rng.unit() - 1) * 180 / .pi)
    lons.append(rng.unit() * 360 - 180)
}
let coords = (0..<n).map { Coordinate(uncheckedLatitude: lats[$0], longitude: lons[$0]) }
let cores = ProcessInfo.processInfo.activeProcessorCount

let clock = ContinuousClock()
func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18 }
/// Points per second of the best of three runs of `body`.
func rate(_ body: @escaping () -> Int) -> Double { rates([body])[0] }

/// Points per second of the best of three runs of each body, the runs interleaved (a, b, a, b, a, b) so that
/// a change in this VM's speed during the measurement touches both alike (their ratio is what is compared).
func rates(_ bodies: [() -> Int]) -> [Double] {
    var best = [Double](repeating: .infinity, count: bodies.count)
    for _ in 0..<3 {
        for (k, body) in bodies.enumerated() {
            let t0 = clock.now
            precondition(body() >= 0)
            best[k] = min(best[k], seconds(clock.now - t0))
        }
    }
    return best.map { Double(n) / $0 }
}

let loadStart = clock.now
let g = try ReverseGeocoder(verification: .full)
let load = seconds(clock.now - loadStart)

// The first batch of Place values builds the names all later batches share (PlaceRecords): timed apart, on the
// smallest batch that uses them, so that the rates below are those of a geocoder in use.
let firstStart = clock.now
precondition(g.places(Array(coords.prefix(4096))).count == min(n, 4096))
let firstBatchMs = seconds(clock.now - firstStart) * 1000

// --only-places: the matches and the Place values alone, interleaved (for profiling the names' cost).
if args.contains("--only-places") {
    let r = rates([{ g.matches(coords).count }, { g.places(coords).count }])
    print(
        String(
            format:
                "full match %.2f M/s, Place values %.2f M/s (%.2f of the match rate; %d bytes a Place?; the first batch of Place values, building the shared names: %.1f ms)",
            r[0] / 1e6, r[1] / 1e6, r[1] / r[0], MemoryLayout<Place?>.stride, firstBatchMs))
    exit(0)
}

// The state lookup (point in polygon over the cell index): single lookups on one core, then the batch call.
var onLand = 0
let single = rate {
    onLand = 0
    for k in 0..<n where g.stateIndex(latitude: lats[k], longitude: lons[k]) != nil { onLand += 1 }
    return onLand
}
let batches = rates([
    { g.stateIndices(latitudes: lats, longitudes: lons, cores: 1).count },
    { g.stateIndices(latitudes: lats, longitudes: lons).count },
])
let (batch1, batchN) = (batches[0], batches[1])
// The full answer (state, at-sea search, city by the urban-radius rule) as indices, then as `Place` values.
let matchRates = rates([{ g.matches(coords, cores: 1).count }, { g.matches(coords).count }])
let (match1, matchN) = (matchRates[0], matchRates[1])
let withCity = g.matches(coords).filter { $0.city >= 0 }.count
let placesN = rate { g.places(coords).count }

func m(_ r: Double) -> String { String(format: "%6.2f M/s", r / 1e6) }
print(
    "points: \(n) (\(onLand) on land, \(withCity) with a city), cores: \(cores), load with full checksums: \(String(format: "%.1f", load * 1000)) ms"
)
print("state lookup, single lookups, 1 core:      \(m(single))")
print("state lookup, batch, 1 core:               \(m(batch1))")
print(
    "state lookup, batch, \(cores) cores:              \(m(batchN))  (\(String(format: "%.2f", batchN / batch1))x the 1-core batch)"
)
print("full match (state, sea, city), 1 core:     \(m(match1))")
print("full match (state, sea, city), \(cores) cores:    \(m(matchN))  (\(String(format: "%.2f", matchN / match1))x)")
print(
    "full Place values with names, \(cores) cores:     \(m(placesN))  (\(String(format: "%.2f", placesN / matchN)) of the match rate; the first batch, building the shared names: \(String(format: "%.1f", firstBatchMs)) ms)"
)

if let dir = exportDir {
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    var text = "latitude,longitude\n"
    for k in 0..<n { text += "\(lats[k]),\(lons[k])\n" }
    try text.write(toFile: dir + "/points.csv", atomically: true, encoding: .utf8)
    let ours = g.stateIndices(latitudes: lats, longitudes: lons)
    try (ours.map { String($0) }.joined(separator: "\n") + "\n").write(
        toFile: dir + "/ours.txt", atomically: true, encoding: .utf8)
    var features: [GeoJSONFeature] = []
    for i in 0..<g.stateCount {
        let polys = try g.statePolygons(i).map { p in p.map { r in r.map { [$0.0, $0.1] } } }
        features.append(GeoJSONFeature(geometry: .multiPolygon(polys), properties: ["state": .number(Double(i))]))
    }
    try JSONEncoder().encode(GeoJSONFeatureCollection(features: features)).write(
        to: URL(fileURLWithPath: dir + "/states.geojson"))
    let figures: [String: Double] = [
        "points": Double(n), "cores": Double(cores), "single_per_s": single,
        "batch_1_per_s": batch1, "batch_all_per_s": batchN, "match_1_per_s": match1,
        "match_all_per_s": matchN, "places_all_per_s": placesN, "places_first_batch_ms": firstBatchMs,
    ]
    try JSONSerialization.data(withJSONObject: figures, options: .sortedKeys).write(
        to: URL(fileURLWithPath: dir + "/figures.json"))
}
