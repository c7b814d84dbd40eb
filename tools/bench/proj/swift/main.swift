// The Swift side of the PROJ benchmark (tools/bench/proj/run.sh): times HometownProj's batch call on the points
// that bench.py wrote, and writes the results so that bench.py can compare them with pyproj's.
//
// Usage: hometown-bench-proj POINTS.bin N OUT.bin
//   POINTS.bin: 4*N little-endian float64: x and y of case 1 (N each), then x and y of case 2.
//   OUT.bin: the transformed x and y of each case, in the same layout (written at the end).
// Creates the transformations, makes one untimed call of each, prints a JSON line with the PROJ version and the
// creation times, then, for every line read on standard input, makes two timed calls of each case and prints a
// JSON line with their wall and CPU (this thread's) milliseconds. bench.py alternates these rounds with pyproj's.
// The two calls: "new arrays", what pyproj's Transformer.transform(x, y) does (copy the inputs, transform the
// copies), and "in place" on arrays allocated once, as transform(x, y, inplace=True).
import Foundation
import HometownProj

let args = CommandLine.arguments
guard args.count == 4, let n = Int(args[2]) else {
    FileHandle.standardError.write(Data("usage: hometown-bench-proj POINTS.bin N OUT.bin\n".utf8))
    exit(2)
}
let data = try Data(contentsOf: URL(fileURLWithPath: args[1]))
guard data.count == 4 * n * 8 else {
    FileHandle.standardError.write(Data("\(args[1]) has \(data.count) bytes, expected \(4 * n * 8)\n".utf8))
    exit(2)
}
// Little-endian float64, as on every machine Swift on Linux runs on.
let all = [Double](unsafeUninitializedCapacity: 4 * n) { buffer, count in
    data.withUnsafeBytes { raw in UnsafeMutableRawBufferPointer(buffer).copyMemory(from: raw) }
    count = 4 * n
}

/// Milliseconds of the given clock: CLOCK_MONOTONIC (wall) or CLOCK_THREAD_CPUTIME_ID (this thread's CPU time).
func now(_ clock: clockid_t = CLOCK_MONOTONIC) -> Double {
    var t = timespec()
    clock_gettime(clock, &t)
    return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6
}

struct Case {
    let from: String, to: String
    let t: Transformation
    let inX: [Double], inY: [Double]
    var outX: [Double] = [], outY: [Double] = []
    var failures = 0

    var workX: [Double] = [], workY: [Double] = []

    /// One call as pyproj's transform(x, y) makes it: copies in, transformed copies out. Returns (wall ms, CPU ms).
    mutating func runNewArrays() throws -> (Double, Double) {
        let s = now()
        let c = now(CLOCK_THREAD_CPUTIME_ID)
        var xs = inX
        var ys = inY
        // Force the copies now (as pyproj copies its inputs), not inside the batch call.
        xs.withUnsafeMutableBufferPointer { _ in }
        ys.withUnsafeMutableBufferPointer { _ in }
        failures = try t.transformReportingFailures(xs: &xs, ys: &ys).count
        let cpu = now(CLOCK_THREAD_CPUTIME_ID) - c
        let wall = now() - s
        outX = xs
        outY = ys
        return (wall, cpu)
    }

    /// One call in place on arrays allocated once (as pyproj's transform(x, y, inplace=True)); refilling them with
    /// the inputs is not timed. Returns (wall ms, CPU ms).
    mutating func runInPlace() throws -> (Double, Double) {
        if workX.count != inX.count {
            workX = inX
            workY = inY
        }
        workX.withUnsafeMutableBufferPointer { w in
            inX.withUnsafeBufferPointer { w.baseAddress!.update(from: $0.baseAddress!, count: $0.count) }
        }
        workY.withUnsafeMutableBufferPointer { w in
            inY.withUnsafeBufferPointer { w.baseAddress!.update(from: $0.baseAddress!, count: $0.count) }
        }
        let s = now()
        let c = now(CLOCK_THREAD_CPUTIME_ID)
        failures = try t.transformReportingFailures(xs: &workX, ys: &workY).count
        return (now() - s, now(CLOCK_THREAD_CPUTIME_ID) - c)
    }
}

var cases: [Case] = []
var created: [String] = []
for (c, (from, to)) in [("EPSG:4326", "EPSG:3857"), ("EPSG:4326", "EPSG:32615")].enumerated() {
    let t0 = now()
    let t = try Transformation(from: CRS(from), to: CRS(to))
    created.append("{\"from\": \"\(from)\", \"to\": \"\(to)\", \"create_ms\": \(now() - t0)}")
    cases.append(
        Case(
            from: from, to: to, t: t,
            inX: Array(all[(2 * c) * n..<(2 * c + 1) * n]), inY: Array(all[(2 * c + 1) * n..<(2 * c + 2) * n])))
    _ = try cases[c].runNewArrays()  // untimed: page mappings, PROJ's lazy set-up
    _ = try cases[c].runInPlace()
}
print("{\"proj\": \"\(ProjLibrary.version)\", \"cases\": [\(created.joined(separator: ", "))]}")
fflush(nil)
while readLine() != nil {
    var parts: [String] = []
    for c in cases.indices {
        let (wall, cpu) = try cases[c].runNewArrays()
        let (wallInPlace, cpuInPlace) = try cases[c].runInPlace()
        parts.append(
            "{\"wall_ms\": \(wall), \"cpu_ms\": \(cpu), \"inplace_wall_ms\": \(wallInPlace), \"inplace_cpu_ms\": \(cpuInPlace), \"failures\": \(cases[c].failures)}"
        )
    }
    print("[" + parts.joined(separator: ", ") + "]")
    fflush(nil)
}
var output: [Double] = []
for c in cases {
    output += c.outX
    output += c.outY
}
try output.withUnsafeBytes { Data($0) }.write(to: URL(fileURLWithPath: args[3]))
