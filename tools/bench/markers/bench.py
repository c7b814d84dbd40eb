"""Clustering benchmark: Hometown's Swift index against pysupercluster (C++ port of supercluster).

Generates N seeded random points (lon uniform in [-180, 180), lat uniform in [-85, 85]) into a float64
(lon, lat) file, runs the Swift driver on it, then the peer on the same points with the same options
(zoom 0-16, radius 40, extent 512), and prints each side's load time, zoom-2 world query and zoom-12 city
query (median of repeated calls) with the ratios.

Usage: python bench.py SWIFT_BINARY [N] [SEED]
"""
import json
import os
import subprocess
import sys
import time

import numpy as np


def median(xs):
    s = sorted(xs)
    return s[len(s) // 2]


def main():
    binary = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 42
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "out")
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, f"points-{n}-{seed}.bin")
    rng = np.random.default_rng(seed)
    pts = np.empty((n, 2), dtype="<f8")
    pts[:, 0] = rng.uniform(-180, 180, n)
    pts[:, 1] = rng.uniform(-85, 85, n)
    pts.tofile(path)

    swift = json.loads(subprocess.run([binary, path, "3", "1000"], check=True, capture_output=True, text=True).stdout)

    import pysupercluster
    t0 = time.perf_counter()
    index = pysupercluster.SuperCluster(pts, min_zoom=0, max_zoom=16, radius=40, extent=512)
    peer_load = (time.perf_counter() - t0) * 1000

    def q(west, south, east, north, zoom, runs):
        times, size = [], 0
        for _ in range(runs):
            t = time.perf_counter()
            r = index.getClusters(top_left=(west, north), bottom_right=(east, south), zoom=zoom)
            times.append((time.perf_counter() - t) * 1000)
            size = len(r)
        return median(times), size

    peer_world, peer_world_items = q(-180, -85, 180, 85, 2, 50)
    peer_city, peer_city_items = q(9.0, 49.0, 11.0, 51.0, 12, 1000)

    rows = [
        ("load, zoom 0-16 (ms)", swift["load_ms"], peer_load),
        ("world query z2 (ms)", swift["world_z2_ms"], peer_world),
        ("city query z12 (ms)", swift["city_z12_ms"], peer_city),
    ]
    print(f"{n:,} random points (seed {seed}), zoom 0-16, radius 40, extent 512")
    print(f"{'':24} {'Hometown (Swift)':>18} {'pysupercluster':>16} {'peer / ours':>12}")
    for name, ours, peer in rows:
        print(f"{name:24} {ours:18.4f} {peer:16.4f} {peer / ours:11.1f}x")
    print(f"items returned: world z2 ours {int(swift['world_z2_items'])} / peer {peer_world_items}; "
          f"city z12 ours {int(swift['city_z12_items'])} / peer {peer_city_items}")
    print(f"Swift load: median of 3 = {swift['load_ms']:.1f} ms, best {swift['load_min_ms']:.1f} ms; "
          f"queries: median of 1000 (Swift), 50/1000 (peer)")


if __name__ == "__main__":
    main()
