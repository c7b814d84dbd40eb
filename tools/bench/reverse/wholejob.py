"""The whole batch job, file to file, for tools/bench/reverse/run.sh: the same points.csv
(latitude,longitude) read, reverse geocoded and written as CSV by

- `hometown reverse --input points.csv --output out.csv --quiet` (country, state, city and their codes added);
- a plain reverse_geocoder script: read the CSV with the csv module, `rg.search` (its default mode, a process
  per core), write the rows with the nearest city's name, admin1 and country code;
- a plain geopandas script: `pandas.read_csv`, `points_from_xy`, `sjoin(..., predicate="within")` against the
  state polygons read from states.geojson, `to_csv`.

Each runs in its own process under GNU time (wall time and peak resident memory of the process), five times, in
turn (so that a slow spell of the machine falls on all three alike); the best and the median wall time are printed,
with the ratios of both, and the largest peak. Run as `python wholejob.py OUT HOMETOWN` from bench.py's
environment (reverse_geocoder and geopandas installed)."""
import os
import subprocess
import sys
import tempfile

RG_SCRIPT = r"""
import csv, sys
import reverse_geocoder as rg
src, dst = sys.argv[1], sys.argv[2]
with open(src, newline="") as f:
    rows = list(csv.reader(f))
header, rows = rows[0], rows[1:]
coords = [(float(r[0]), float(r[1])) for r in rows]
found = rg.search(coords, verbose=False)
with open(dst, "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(header + ["city", "admin1", "cc"])
    for r, a in zip(rows, found):
        w.writerow(r + [a["name"], a["admin1"], a["cc"]])
"""

GPD_SCRIPT = r"""
import sys
import pandas as pd
import geopandas as gpd
src, states_path, dst = sys.argv[1], sys.argv[2], sys.argv[3]
df = pd.read_csv(src)
states = gpd.read_file(states_path)
pts = gpd.GeoDataFrame(df, geometry=gpd.points_from_xy(df.longitude, df.latitude), crs="EPSG:4326")
joined = gpd.sjoin(pts, states, predicate="within", how="left")
joined = joined[~joined.index.duplicated(keep="first")]
joined.drop(columns=["geometry", "index_right"]).to_csv(dst, index=False)
"""


def timed(cmd):
    """Wall seconds and peak resident MB of one run of cmd, from GNU time."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as t:
        subprocess.run(
            ["/usr/bin/time", "-f", "%e %M", "-o", t.name] + cmd, check=True, stdout=subprocess.DEVNULL
        )
        secs, kb = t.read().split()[-2:]
    return float(secs), int(kb) / 1024


def main():
    out, hometown = sys.argv[1], sys.argv[2]
    points = f"{out}/points.csv"
    n = sum(1 for _ in open(points)) - 1
    py = sys.executable
    with tempfile.TemporaryDirectory() as work:
        rg_script = os.path.join(work, "rg_job.py")
        gpd_script = os.path.join(work, "gpd_job.py")
        open(rg_script, "w").write(RG_SCRIPT)
        open(gpd_script, "w").write(GPD_SCRIPT)
        jobs = [
            ("hometown reverse --input ... --output ...", [hometown, "reverse", "--input", points,
                                                          "--output", f"{work}/ours.csv", "--quiet"]),
            ("reverse_geocoder script (csv, rg.search, csv)", [py, rg_script, points, f"{work}/rg.csv"]),
            ("geopandas script (read_csv, sjoin, to_csv)", [py, gpd_script, points, f"{out}/states.geojson",
                                                            f"{work}/gpd.csv"]),
        ]
        runs = 5
        times = {name: [] for name, _ in jobs}
        peak = {name: 0.0 for name, _ in jobs}
        for _ in range(runs):
            for name, cmd in jobs:
                secs, mb = timed(cmd)
                times[name].append(secs)
                peak[name] = max(peak[name], mb)
        rows_out = sum(1 for _ in open(f"{work}/ours.csv")) - 1
    assert rows_out == n, f"hometown wrote {rows_out} rows for {n}"
    best = {name: min(t) for name, t in times.items()}
    median = {name: sorted(t)[len(t) // 2] for name, t in times.items()}
    print()
    print(f"whole job, file to file, {n:,} points ({runs} runs each, in turn; peak resident memory)")
    print(f"{'':50s}{'best s':>8s}{'median s':>10s}{'points/s':>12s}{'peak MB':>9s}")
    for name, _ in jobs:
        print(f"{name:50s}{best[name]:8.2f}{median[name]:10.2f}{n / median[name]:12,.0f}{peak[name]:9.0f}")
    ours = jobs[0][0]
    print("ratios (whole job)                                 best   median   target")
    for label, (peer, _), target in [
        ("reverse_geocoder script / hometown", jobs[1], "10x"),
        ("geopandas script / hometown", jobs[2], "20x"),
    ]:
        print(f"{label:50s}{best[peer] / best[ours]:5.1f}x{median[peer] / median[ours]:8.1f}x{target:>9s}")


if __name__ == "__main__":
    main()
