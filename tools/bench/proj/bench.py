"""PROJ benchmark: HometownProj's batch call against pyproj's Transformer.transform on numpy arrays.

Generates N seeded random points for two cases, runs the Swift driver on them, then pyproj on the same arrays,
checks that both give the same coordinates, and prints each side's time with the ratio pyproj / Hometown
(above 1.0x: Hometown is faster).

  EPSG:4326 -> EPSG:3857   longitude uniform in [-180, 180), latitude uniform in [-85, 85]
  EPSG:4326 -> EPSG:32615  (UTM zone 15N) longitude uniform in [-99, -87] (the zone, 3 degrees either side),
                           latitude uniform in [0, 84]

Rounds alternate between the two sides. Both sides: inputs in (longitude, latitude) order (always_xy=True /
Hometown's normalised order), the transformer created once outside the timing; two calls are timed per round:
"new arrays" (the inputs are copied and the copies transformed, as Transformer.transform(x, y) does) and
"in place" (arrays allocated once, refilled untimed, as transform(x, y, inplace=True)).

Usage: python bench.py SWIFT_BINARY [N] [ROUNDS] [SEED]
"""
import json
import os
import subprocess
import sys
import time

import numpy as np
import pyproj


def main():
    binary = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 7
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else 42
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "out")
    os.makedirs(out, exist_ok=True)
    points_path = os.path.join(out, f"points-{n}-{seed}.bin")
    swift_out_path = os.path.join(out, f"swift-{n}-{seed}.bin")

    rng = np.random.default_rng(seed)
    pts = np.empty((4, n), dtype="<f8")
    pts[0] = rng.uniform(-180, 180, n)
    pts[1] = rng.uniform(-85, 85, n)
    pts[2] = rng.uniform(-99, -87, n)
    pts[3] = rng.uniform(0, 84, n)
    pts.tofile(points_path)

    # Rounds alternate: one timed call per case in the Swift driver (a warm process of its own, driven over a
    # pipe), then one per case in pyproj, so that a busy machine slows both sides alike. Both sides make one
    # untimed call of each case first. Wall time and the calling thread's CPU time are both recorded; on a
    # shared machine the CPU time is the steadier measure.
    driver = subprocess.Popen([binary, points_path, str(n), swift_out_path], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    swift = json.loads(driver.stdout.readline())
    cases = [(case["from"], case["to"]) for case in swift["cases"]]
    transformers, create_ms = [], []
    for c, (frm, to) in enumerate(cases):
        t0 = time.perf_counter()
        transformers.append(pyproj.Transformer.from_crs(frm, to, always_xy=True))
        create_ms.append((time.perf_counter() - t0) * 1000)
        transformers[-1].transform(pts[2 * c], pts[2 * c + 1])
    kinds = ("cpu", "wall", "inplace_cpu", "inplace_wall")
    ours = [{k: [] for k in kinds} for _ in cases]
    theirs = [{k: [] for k in kinds} for _ in cases]
    work = [(np.empty(n), np.empty(n)) for _ in cases]
    failures = [0 for _ in cases]
    results = []
    for _ in range(runs):
        driver.stdin.write("run\n")
        driver.stdin.flush()
        for c, r in enumerate(json.loads(driver.stdout.readline())):
            for k in kinds:
                ours[c][k].append(r[k + "_ms"])
            failures[c] = r["failures"]
        results = []
        for c, tr in enumerate(transformers):
            x, y = pts[2 * c], pts[2 * c + 1]
            t, tc = time.perf_counter(), time.thread_time()
            px, py = tr.transform(x, y)
            theirs[c]["cpu"].append((time.thread_time() - tc) * 1000)
            theirs[c]["wall"].append((time.perf_counter() - t) * 1000)
            results.append((px, py))
            wx, wy = work[c]
            np.copyto(wx, x)
            np.copyto(wy, y)
            t, tc = time.perf_counter(), time.thread_time()
            tr.transform(wx, wy, inplace=True)
            theirs[c]["inplace_cpu"].append((time.thread_time() - tc) * 1000)
            theirs[c]["inplace_wall"].append((time.perf_counter() - t) * 1000)
    driver.stdin.close()
    if driver.wait() != 0:
        sys.exit("the Swift driver failed")
    swift_xy = np.fromfile(swift_out_path, dtype="<f8").reshape(4, n)
    for c, case in enumerate(swift["cases"]):
        case["failures"] = failures[c]

    print(f"{n:,} points, {runs} alternating rounds, seed {seed}; "
          f"Hometown on PROJ {swift['proj']}, pyproj {pyproj.__version__} on PROJ {pyproj.proj_version_str}")
    print()
    print("| transformation | call | CPU: Hometown best / median | CPU: pyproj best / median | pyproj / Hometown, CPU (best, median) | wall (best, median) |")
    print("|---|---|---:|---:|---:|---:|")

    def stats(xs):
        xs = sorted(xs)
        return xs[0], xs[len(xs) // 2]

    for c, case in enumerate(swift["cases"]):
        for label, prefix in (("new arrays", ""), ("in place", "inplace_")):
            ob, om = stats(ours[c][prefix + "cpu"])
            pb, pm = stats(theirs[c][prefix + "cpu"])
            owb, owm = stats(ours[c][prefix + "wall"])
            pwb, pwm = stats(theirs[c][prefix + "wall"])
            print(f"| {case['from']} -> {case['to']} | {label} | {ob:.1f} / {om:.1f} ms | {pb:.1f} / {pm:.1f} ms | "
                  f"{pb / ob:.2f}x, {pm / om:.2f}x | {pwb / owb:.2f}x, {pwm / owm:.2f}x |")
    print()
    for c, case in enumerate(swift["cases"]):
        px, py = results[c]
        sx, sy = swift_xy[2 * c], swift_xy[2 * c + 1]
        finite = np.isfinite(px) & np.isfinite(py)
        same = bool(np.array_equal(finite, np.isfinite(sx) & np.isfinite(sy)))
        diff = float(max(np.max(np.abs(px[finite] - sx[finite])), np.max(np.abs(py[finite] - sy[finite])))) if finite.any() else 0.0
        print(f"{case['from']} -> {case['to']}: largest difference between the two outputs {diff:.1e} m; "
              f"points without a result: Hometown {case['failures']}, pyproj {int((~finite).sum())}"
              f"{'' if same else ' (not the same points!)'}; creating the transformation: "
              f"Hometown {case['create_ms']:.1f} ms, pyproj {create_ms[c]:.1f} ms")


if __name__ == "__main__":
    main()
