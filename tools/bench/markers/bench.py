"""Clustering benchmark: Hometown against the JavaScript reference (mapbox/supercluster with kdbush, on node)
and pysupercluster (C++ port), on the same N seeded random points, in one run.

1. Index load at zoom 0-16 and at zoom 0-6 (supercluster's own bench setting), radius 40, extent 512: each
   side loads the points from the same float64 (lon, lat) file into its own structures untimed, then times the
   load. Queries (world at zoom 2, a 2x2 degree city box at zoom 12) are timed on the zoom 0-16 index.
2. The whole job from a file: the same points as a GeoJSON FeatureCollection (about 115 bytes a feature);
   `hometown cluster --input FILE --max-zoom 6 --zoom 0` against node reading the file, `JSON.parse`,
   loading supercluster at zoom 0-6 and printing the zoom-0 world view. Wall time and peak resident memory
   of each process (wait4), and the two outputs compared feature by feature.

Processes alternate (ours, theirs, ours, ...) so that a change in the machine's speed touches both alike.

Usage: python bench.py BIN_DIR N SEED [JS_DIR]
  BIN_DIR holds hometown-bench-markers and hometown (release builds).
  JS_DIR holds checkouts of supercluster and kdbush as JS_DIR/supercluster and JS_DIR/kdbush; without it the
  JavaScript columns are skipped and the script says so.
"""
import json
import os
import shutil
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "out")


def median(xs):
    s = sorted(xs)
    return s[len(s) // 2]


def write_points(n, seed):
    """The points as float64 pairs and as a GeoJSON file; generated once per (n, seed) into out/."""
    binary = os.path.join(OUT, f"points-{n}-{seed}.bin")
    geojson = os.path.join(OUT, f"points-{n}-{seed}.geojson")
    rng = np.random.default_rng(seed)
    pts = np.empty((n, 2), dtype="<f8")
    pts[:, 0] = rng.uniform(-180, 180, n)
    pts[:, 1] = rng.uniform(-85, 85, n)
    pts.tofile(binary)
    if not os.path.exists(geojson):
        tmp = geojson + ".tmp"
        with open(tmp, "w") as f:
            f.write('{"type":"FeatureCollection","features":[\n')
            last = n - 1
            for i, (lon, lat) in enumerate(pts.tolist()):
                # repr gives the shortest text that reads back as the same double, as JSON.stringify does.
                f.write('{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[%r,%r]}}%s\n'
                        % (lon, lat, "," if i < last else ""))
            f.write("]}\n")
        os.replace(tmp, geojson)
    return pts, binary, geojson


def stage_js(js_dir):
    """Copies supercluster's and kdbush's index.js and package.json from the given checkouts into
    out/js/node_modules, so that `import Supercluster from 'supercluster'` works with no npm."""
    staged = os.path.join(OUT, "js")
    for name in ("supercluster", "kdbush"):
        src = os.path.join(js_dir, name)
        if not os.path.exists(os.path.join(src, "index.js")):
            sys.exit(f"{src}/index.js not found: JS_DIR must hold checkouts of supercluster and kdbush")
        dst = os.path.join(staged, "node_modules", name)
        os.makedirs(dst, exist_ok=True)
        for f in ("index.js", "package.json"):
            shutil.copyfile(os.path.join(src, f), os.path.join(dst, f))
    for f in ("load.mjs", "file.mjs"):
        shutil.copyfile(os.path.join(HERE, "js", f), os.path.join(staged, f))
    version = json.load(open(os.path.join(js_dir, "supercluster", "package.json")))["version"]
    kd = json.load(open(os.path.join(js_dir, "kdbush", "package.json")))["version"]
    return staged, f"supercluster {version}, kdbush {kd}, node {subprocess.check_output(['node', '--version'], text=True).strip()}"


def run_measured(cmd, stdout_path):
    """Runs cmd under GNU time (so that the peak resident memory is the command's own, not that of this Python
    process it was forked from); returns (wall seconds, peak resident MB, stdout bytes)."""
    timing = os.path.join(OUT, "time.txt")
    with open(stdout_path, "wb") as out:
        p = subprocess.run(["/usr/bin/time", "-f", "%e %M", "-o", timing] + cmd, stdout=out, stderr=subprocess.PIPE)
    if p.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed: {p.stderr.decode(errors='replace')}")
    wall, rss_kb = open(timing).read().split()[-2:]
    return float(wall), int(rss_kb) / 1024, open(stdout_path, "rb").read()


def compare_world_views(ours, theirs):
    """Feature by feature: same kind, cluster id and count; coordinates as parsed doubles. The positions inside
    both indexes are the same bit for bit (the tests check supercluster's fixtures); turning a cluster's y back
    into a latitude goes through exp and atan, where the C library and V8 may differ in the last bit, so a
    coordinate within 1e-12 degrees counts as the same and the number of such last-digit differences is shown."""
    a = json.loads(ours)["features"]
    b = json.loads(theirs)["features"]
    if len(a) != len(b):
        return f"DIFFERENT: {len(a)} features vs {len(b)}"
    wrong, last_digit = 0, 0
    for x, y in zip(a, b):
        px, py = x.get("properties") or {}, y.get("properties") or {}
        cx, cy = x["geometry"]["coordinates"], y["geometry"]["coordinates"]
        if (px.get("cluster_id"), px.get("point_count", 1)) != (py.get("cluster_id"), py.get("point_count", 1)) \
                or any(abs(u - v) > 1e-12 for u, v in zip(cx, cy)):
            wrong += 1
        elif cx != cy:
            last_digit += 1
    if wrong:
        return f"DIFFERENT: {wrong} of {len(a)} features"
    return (f"the same {len(a)} features (ids, counts, coordinates; {last_digit} coordinate(s) differ in the last "
            "digit: libm's exp/atan vs V8's)")


def main():
    bin_dir, n, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    js_dir = sys.argv[4] if len(sys.argv) > 4 and sys.argv[4] else None
    os.makedirs(OUT, exist_ok=True)
    pts, binary, geojson = write_points(n, seed)
    bench = os.path.join(bin_dir, "hometown-bench-markers")
    hometown = os.path.join(bin_dir, "hometown")
    staged, js_version = stage_js(js_dir) if js_dir else (None, None)
    print(f"{n:,} random points (seed {seed}: lon uniform in [-180, 180), lat in [-85, 85]), radius 40, extent 512")
    if js_version:
        print(f"JavaScript reference: {js_version} (from {js_dir})")
    else:
        print("JavaScript reference: not run (give a directory holding checkouts of supercluster and kdbush: "
              "tools/bench/markers/run.sh --js DIR)")

    # 1. Index load, alternating processes.
    loads = {}
    for max_zoom, runs in ((16, 3), (6, 5)):
        q = 1000 if max_zoom == 16 else 10
        ours = json.loads(subprocess.run([bench, binary, str(runs), str(q), str(max_zoom)],
                                         check=True, capture_output=True, text=True).stdout)
        js = None
        if staged:
            js = json.loads(subprocess.run(["node", "--expose-gc", os.path.join(staged, "load.mjs"), binary, str(max_zoom),
                                            str(runs), str(q)], check=True, capture_output=True, text=True, cwd=staged).stdout)
        loads[max_zoom] = (ours, js)

    import pysupercluster
    py = {}
    for max_zoom in (16, 6):
        t0 = time.perf_counter()
        index = pysupercluster.SuperCluster(pts, min_zoom=0, max_zoom=max_zoom, radius=40, extent=512)
        py[max_zoom] = (time.perf_counter() - t0) * 1000
        if max_zoom == 16:
            def q(west, south, east, north, zoom, runs):
                times, size = [], 0
                for _ in range(runs):
                    t = time.perf_counter()
                    r = index.getClusters(top_left=(west, north), bottom_right=(east, south), zoom=zoom)
                    times.append((time.perf_counter() - t) * 1000)
                    size = len(r)
                return median(times), size
            py_world = q(-180, -85, 180, 85, 2, 50)
            py_city = q(9.0, 49.0, 11.0, 51.0, 12, 1000)
        del index

    def ratio(peer, ours):
        return f"{peer / ours:.2f}x" if peer else "-"

    print()
    print("Index load (ms; Hometown and JavaScript: median of runs in one process, best in brackets)")
    print(f"{'':22} {'Hometown':>20} {'supercluster (JS)':>20} {'pysupercluster':>15} {'JS / ours':>10} {'py / ours':>10}")
    for max_zoom in (16, 6):
        ours, js = loads[max_zoom]
        js_text = f"{js['load_ms']:.0f} ({js['load_min_ms']:.0f})" if js else "-"
        print(f"{'load, zoom 0-%d' % max_zoom:22} {'%.0f (%.0f)' % (ours['load_ms'], ours['load_min_ms']):>20} {js_text:>20} "
              f"{py[max_zoom]:15.0f} {ratio(js['load_ms'] if js else None, ours['load_ms']):>10} {ratio(py[max_zoom], ours['load_ms']):>10}")
    ours, js = loads[16]
    print()
    print("Queries on the zoom 0-16 index (ms, median of 1000 calls; pysupercluster: 50 world, 1000 city)")
    for name, key, items, peer in (("world view, zoom 2", "world_z2_ms", "world_z2_items", py_world),
                                   ("city view, zoom 12", "city_z12_ms", "city_z12_items", py_city)):
        js_text = f"{js[key]:.4f}" if js else "-"
        print(f"{name:22} {ours[key]:20.4f} {js_text:>20} {peer[0]:15.4f} {ratio(js[key] if js else None, ours[key]):>10} "
              f"{ratio(peer[0], ours[key]):>10}   items {int(ours[items])}"
              + (f" / JS {js[items]}" if js else "") + f" / py {peer[1]}")

    # 2. The whole job from the GeoJSON file.
    size_mb = os.path.getsize(geojson) / 1e6
    print()
    print(f"Whole job: {size_mb:.0f} MB GeoJSON file -> zoom 0-6 index -> world view at zoom 0 on standard output "
          "(wall s, peak resident MB; median of 3 alternating runs)")
    ours_cmd = [hometown, "cluster", "--input", geojson, "--max-zoom", "6", "--zoom", "0"]
    js_cmd = ["node", os.path.join(staged, "file.mjs"), geojson, "6", "0"] if staged else None
    results = {"ours": [], "js": []}
    outputs = {}
    for _ in range(3):
        wall, rss, data = run_measured(ours_cmd, os.path.join(OUT, "world-ours.json"))
        results["ours"].append((wall, rss)); outputs["ours"] = data
        if js_cmd:
            wall, rss, data = run_measured(js_cmd, os.path.join(OUT, "world-js.json"))
            results["js"].append((wall, rss)); outputs["js"] = data
    ow = median([w for w, _ in results["ours"]]); orss = median([r for _, r in results["ours"]])
    print(f"{'':22} {'wall s':>10} {'resident MB':>12}")
    print(f"{'hometown cluster':22} {ow:10.2f} {orss:12.0f}")
    if js_cmd:
        jw = median([w for w, _ in results["js"]]); jrss = median([r for _, r in results["js"]])
        print(f"{'node + supercluster':22} {jw:10.2f} {jrss:12.0f}")
        print(f"{'JS / ours':22} {jw / ow:9.2f}x {jrss / orss:11.2f}x")
        print(f"outputs: {compare_world_views(outputs['ours'], outputs['js'])}")
    print("targets: index load >= 3x the JavaScript at zoom 0-16 and 0-6; whole job >= 3x with less memory")


if __name__ == "__main__":
    main()
