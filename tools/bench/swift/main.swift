import Dispatch
import Foundation
import HometownBoundaries
import HometownCore

// hometown-bench: reverse-geocoding throughput on 1,000,000 seeded random points (uniform on the sphere).
// Usage: hometown-bench [--points N] [--write-points FILE]   (build with -c release)

let args = CommandLine.arguments
let n = args.firstIndex(of: "--points").flatMap { Int(args[$0 + 1]) } ?? 1_000_000
var rng = SeededRandom(seed: 2026)
var lats = [Double](), lons = [Double]()
for _ in 0..<n {
    lats.append(asin(2 * rng.unit() - 1) * 180 / .pi)
    lons.append(rng.unit() * 360 - 180)
}
if let i = args.firstIndex(of: "--write-points") {
    var text = "latitude,longitude\n"
    for k in 0..<n { text += "\(lats[k]),\(lons[k])\n" }
    try text.write(toFile: args[i + 1], atomically: true, encoding: .utf8)
}

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
