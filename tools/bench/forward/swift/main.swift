import Dispatch
import Foundation
import HometownGazetteer

// hometown-bench-forward: forward-geocoding speed and memory over a query file (one query per line, as
// written by `hometown-forward-accuracy --write-queries`). Prints key=value lines for tools/bench/forward/run.sh.
// With `--set NAME=FILE` (repeatable) it also times each such query file on its own (the query kinds:
// full, partial, endonym, abbreviation, nonsense) and prints NAME_median_us, NAME_p90_us, NAME_answered.
// It also times suggestions as a name is typed (`Gazetteer.suggest`, every prefix of the queries) and prints
// autocomplete_qps_1core, autocomplete_median_us and autocomplete_p99_us.
// Usage: hometown-bench-forward QUERIES [--data FILE] [--set NAME=FILE]...   (build with -c release)

let args = CommandLine.arguments
func lines(_ path: String) -> [String]? {
    (try? String(contentsOfFile: path, encoding: .utf8)).map { $0.split(separator: "\n").map(String.init) }
}
guard args.count >= 2, let queries = lines(args[1]) else {
    print("usage: hometown-bench-forward QUERIES [--data FILE] [--set NAME=FILE]...")
    exit(2)
}
let dataPath = args.firstIndex(of: "--data").map { args[$0 + 1] }
var sets: [(name: String, queries: [String])] = []
for (i, a) in args.enumerated() where a == "--set" && i + 1 < args.count {
    let parts = args[i + 1].split(separator: "=", maxSplits: 1).map(String.init)
    guard parts.count == 2, let q = lines(parts[1]) else {
        print("hometown-bench-forward: bad --set \(args[i + 1])")
        exit(2)
    }
    sets.append((parts[0], q))
}

func rssKB(_ field: String) -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "0") ?? 0
    }
    return 0
}
func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
func median(_ v: [Double]) -> Double {
    let s = v.sorted()
    return s[s.count / 2]
}

// Load: the first load in this process (file in the page cache), then the median of 20 more, without and with
// the full checksum pass.
let rssBefore = rssKB("VmRSS")
var t = now()
let g = try Gazetteer(path: dataPath, verify: false)
let firstLoadMs = Double(now() - t) / 1e6
var loads: [Double] = []
var verifiedLoads: [Double] = []
for _ in 0..<20 {
    t = now()
    _ = try Gazetteer(path: dataPath, verify: false)
    loads.append(Double(now() - t) / 1e6)
    t = now()
    _ = try Gazetteer(path: dataPath, verify: true)
    verifiedLoads.append(Double(now() - t) / 1e6)
}

// Per-query latency, after one warm-up pass.
var found = 0
for q in queries { found += (try? g.search(q, limit: 5))?.isEmpty == false ? 1 : 0 }
var times: [Double] = []
times.reserveCapacity(queries.count * 3)
for _ in 0..<3 {
    for q in queries {
        t = now()
        _ = try? g.search(q, limit: 5)
        times.append(Double(now() - t) / 1e3)
    }
}
times.sort()
let sortedTimes = times
func pct(_ p: Double) -> Double { sortedTimes[min(sortedTimes.count - 1, Int(Double(sortedTimes.count) * p))] }

// Throughput over the whole set: one core, then both cores.
func run(threads: Int) -> Double {
    let start = now()
    DispatchQueue.concurrentPerform(iterations: threads) { k in
        var i = k
        while i < queries.count {
            _ = try? g.search(queries[i], limit: 5)
            i += threads
        }
    }
    return Double(queries.count) / (Double(now() - start) / 1e9)
}
let one = (0..<5).map { _ in run(threads: 1) }.max()!
let two = (0..<5).map { _ in run(threads: 2) }.max()!

print("queries=\(queries.count)")
print("answered=\(found)")
print(String(format: "load_first_ms=%.2f", firstLoadMs))
print(String(format: "load_ms=%.2f", median(loads)))
print(String(format: "load_verified_ms=%.2f", median(verifiedLoads)))
print(String(format: "median_us=%.2f", pct(0.5)))
print(String(format: "p90_us=%.2f", pct(0.9)))
print(String(format: "p99_us=%.2f", pct(0.99)))
print(String(format: "max_us=%.2f", times.last!))
print(String(format: "qps_1core=%.0f", one))
print(String(format: "qps_2cores=%.0f", two))
print("rss_after_load_kb=\(rssKB("VmRSS"))")
print("rss_peak_kb=\(rssKB("VmHWM"))")
print("rss_start_kb=\(rssBefore)")

// Per set: one warm-up pass, then the median and p90 over five timed passes.
for (name, set) in sets {
    var answered = 0
    for q in set { answered += (try? g.search(q, limit: 5))?.isEmpty == false ? 1 : 0 }
    var t: [Double] = []
    for _ in 0..<5 {
        for q in set {
            let start = now()
            _ = try? g.search(q, limit: 5)
            t.append(Double(now() - start) / 1e3)
        }
    }
    t.sort()
    print("\(name)_queries=\(set.count)")
    print("\(name)_answered=\(answered)")
    print(String(format: "\(name)_median_us=%.2f", t[t.count / 2]))
    print(String(format: "\(name)_p90_us=%.2f", t[Int(Double(t.count) * 0.9)]))
}

// Autocomplete: every prefix of two characters or more of each query's first comma part, as it is typed
// ("Mi", "Min", ..., "Minneapolis"), suggested with limit 5: one warm-up pass, then three timed passes on one
// thread (the best for queries per second; every call for the median and p99).
var prefixes: [String] = []
for q in queries {
    let part = q.split(separator: ",", maxSplits: 1).first.map(String.init) ?? q
    let chars = Array(part)
    if chars.count >= 2 { for n in 2...chars.count { prefixes.append(String(chars[0..<n])) } }
}
var suggested = 0
for p in prefixes { suggested += (try? g.suggest(p, limit: 5))?.isEmpty == false ? 1 : 0 }
var suggestTimes: [Double] = []
suggestTimes.reserveCapacity(prefixes.count * 3)
var suggestQPS = 0.0
for _ in 0..<3 {
    let pass = now()
    for p in prefixes {
        let start = now()
        _ = try? g.suggest(p, limit: 5)
        suggestTimes.append(Double(now() - start) / 1e3)
    }
    suggestQPS = max(suggestQPS, Double(prefixes.count) / (Double(now() - pass) / 1e9))
}
suggestTimes.sort()
print("autocomplete_queries=\(prefixes.count)")
print("autocomplete_answered=\(suggested)")
print(String(format: "autocomplete_median_us=%.2f", suggestTimes[suggestTimes.count / 2]))
print(String(format: "autocomplete_p99_us=%.2f", suggestTimes[Int(Double(suggestTimes.count) * 0.99)]))
print(String(format: "autocomplete_qps_1core=%.0f", suggestQPS))
