"""Whether the soak's samples (tools/soak/run.sh) are flat after warm-up.

Reads the CSV (elapsed_s, rss_kib, fds, threads), drops the warm-up (the first WARMUP seconds), cuts the rest into
thirds by time and compares the first third with the last:
- resident memory is flat when the median VmRSS of the last third exceeds that of the first third by at most
  5 % or 16 MiB, whichever is larger (medians, because a sample taken while a password is hashed carries scrypt's
  transient buffer of 2^logN x 1 KiB, freed after the hash);
- open files are flat when the median count of the last third exceeds that of the first third by at most 2 and
  its maximum exceeds the first third's maximum by at most 8 (connections come and go between samples).
Also prints least-squares slopes (MiB/hour, files/hour) after warm-up. Exit status 0 when both are flat, 1 if not.
"""

import csv
import statistics
import sys

path, warmup = sys.argv[1], float(sys.argv[2])
rows = [(float(r["elapsed_s"]), int(r["rss_kib"]), int(r["fds"])) for r in csv.DictReader(open(path))]
after = [r for r in rows if r[0] >= warmup]
if len(after) < 9:
    print(f"verdict: only {len(after)} samples after the {warmup:.0f} s warm-up; run longer")
    sys.exit(1)
t0, t1 = after[0][0], after[-1][0]
first = [r for r in after if r[0] <= t0 + (t1 - t0) / 3]
last = [r for r in after if r[0] >= t1 - (t1 - t0) / 3]


def slope(points):
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    den = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / den if den else 0.0


rss_first = statistics.median(r[1] for r in first) / 1024
rss_last = statistics.median(r[1] for r in last) / 1024
rss_all = [r[1] / 1024 for r in rows]
fd_first = statistics.median(r[2] for r in first)
fd_last = statistics.median(r[2] for r in last)
fd_first_max = max(r[2] for r in first)
fd_last_max = max(r[2] for r in last)
rss_slope = slope([(r[0], r[1] / 1024) for r in after]) * 3600
fd_slope = slope([(r[0], r[2]) for r in after]) * 3600
rss_flat = rss_last - rss_first <= max(0.05 * rss_first, 16)
fd_flat = fd_last - fd_first <= 2 and fd_last_max - fd_first_max <= 8
print(f"samples: {len(rows)} over {rows[-1][0]:.0f} s; warm-up {warmup:.0f} s; compared {t0:.0f}-{t0 + (t1 - t0) / 3:.0f} s"
      f" with {t1 - (t1 - t0) / 3:.0f}-{t1:.0f} s")
print(f"VmRSS MiB: start {rss_all[0]:.1f}, peak {max(rss_all):.1f}, median first third {rss_first:.1f},"
      f" last third {rss_last:.1f}, slope {rss_slope:+.1f} MiB/h -> {'flat' if rss_flat else 'GROWING'}")
print(f"open files: median first third {fd_first:.0f} (max {fd_first_max}), last third {fd_last:.0f}"
      f" (max {fd_last_max}), slope {fd_slope:+.1f}/h -> {'flat' if fd_flat else 'GROWING'}")
sys.exit(0 if rss_flat and fd_flat else 1)
