import Foundation
import HometownClustering

// Benchmark driver for the clustering index: loads N points (float64 lon, lat pairs, little-endian) from a
// file, builds the index for zooms 0-MAX_ZOOM (default 16) with supercluster's other default options, then
// times a world-view query at zoom 2 and a city-view query at zoom 12. Prints one JSON object with the times
// in milliseconds.
//
// Usage: hometown-bench-markers POINTS.bin [LOAD_RUNS] [QUERY_RUNS] [MAX_ZOOM]

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e6 }

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    return s.isEmpty ? .nan : s[s.count / 2]
}

let args = CommandLine.arguments
guard args.count >= 2 else {
    FileHandle.standardError.write(
        Data("usage: hometown-bench-markers POINTS.bin [LOAD_RUNS] [QUERY_RUNS] [MAX_ZOOM]\n".utf8))
    exit(2)
}
let loadRuns = args.count > 2 ? Int(args[2]) ?? 3 : 3
let queryRuns = args.count > 3 ? Int(args[3]) ?? 1000 : 1000
let maxZoom = args.count > 4 ? Int(args[4]) ?? 16 : 16

guard let raw = FileManager.default.contents(atPath: args[1]), raw.count % 16 == 0 else {
    FileHandle.standardError.write(Data("error: \(args[1]) is missing or not a whole number of float64 pairs\n".utf8))
    exit(2)
}
let count = raw.count / 16
let points: [ClusterPoint] = raw.withUnsafeBytes { buffer in
    (0..<count).map { i in
        ClusterPoint(
            uncheckedLongitude: buffer.loadUnaligned(fromByteOffset: 16 * i, as: Double.self),
            latitude: buffer.loadUnaligned(fromByteOffset: 16 * i + 8, as: Double.self))
    }
}

var loadTimes: [Double] = []
var index: ClusterIndex?
for _ in 0..<loadRuns {
    index = nil
    let t0 = now()
    index = try ClusterIndex(points: points, options: ClusterOptions(minZoom: 0, maxZoom: maxZoom))
    loadTimes.append(now() - t0)
}
let built = index!

/// Median time in ms of `runs` calls of one query; returns the result size too.
func timeQuery(west: Double, south: Double, east: Double, north: Double, zoom: Double) throws -> (Double, Int) {
    var times: [Double] = []
    var size = 0
    for _ in 0..<queryRuns {
        let t0 = now()
        let items = try built.clusters(west: west, south: south, east: east, north: north, zoom: zoom)
        times.append(now() - t0)
        size = items.count
    }
    return (median(times), size)
}

let world = try timeQuery(west: -180, south: -85, east: 180, north: 85, zoom: 2)
let city = try timeQuery(west: 9, south: 49, east: 11, north: 51, zoom: 12)
let result: [String: Double] = [
    "points": Double(count), "load_ms": median(loadTimes), "load_min_ms": loadTimes.min() ?? .nan,
    "world_z2_ms": world.0, "world_z2_items": Double(world.1),
    "city_z12_ms": city.0, "city_z12_items": Double(city.1),
]
let encoder = JSONEncoder()
encoder.outputFormatting = .sortedKeys
print(String(decoding: try encoder.encode(result), as: UTF8.self))
