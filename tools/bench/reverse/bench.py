"""Peers for the reverse-geocoding benchmark, on the points and polygons hometown-bench exported.

geopandas.sjoin(points, states, predicate="within") (shapely 2, STRtree over the points; one core) and reverse_geocoder
(KD-tree over GeoNames cities1000: nearest city with its admin-1 name and country code; mode 1 = one process,
mode 2 = a process per core). Each peer runs three times and its best run counts, as ours do. Prints each
side's throughput and the ratios against our figures from the same run.
"""
import json
import sys
import time

import numpy as np
import geopandas as gpd
import reverse_geocoder as rg
import shapely


def best_of(runs, fn):
    best = float("inf")
    result = None
    for _ in range(runs):
        t0 = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - t0)
    return best, result


def main():
    out = sys.argv[1]
    ours = json.load(open(f"{out}/figures.json"))
    pts = np.loadtxt(f"{out}/points.csv", delimiter=",", skiprows=1)
    lat, lon = pts[:, 0], pts[:, 1]
    n = len(lat)
    with open(f"{out}/states.geojson") as f:
        fc = json.load(f)
    geoms = [shapely.geometry.shape(ft["geometry"]) for ft in fc["features"]]
    ids = [int(ft["properties"]["state"]) for ft in fc["features"]]
    states = gpd.GeoDataFrame({"state": ids}, geometry=geoms, crs="EPSG:4326")

    def fresh_points():
        return gpd.GeoDataFrame(geometry=gpd.points_from_xy(lon, lat), crs="EPSG:4326")

    # sjoin(points, states, predicate="within") builds its STRtree on the left frame, the points (geopandas
    # turns "within" into "contains" queried by the polygons), so every new set of points pays for a new tree:
    # each run gets new points (made before the clock starts).
    t_sjoin, joined = float("inf"), None
    for _ in range(3):
        pts_df = fresh_points()
        t0 = time.perf_counter()
        joined = gpd.sjoin(pts_df, states, predicate="within", how="left")
        t_sjoin = min(t_sjoin, time.perf_counter() - t0)
    # The same join repeated on the same points: their tree is cached (not a real workload, shown for scale).
    points = fresh_points()
    gpd.sjoin(points, states, predicate="within", how="left")
    t_sjoin_cached, _ = best_of(3, lambda: gpd.sjoin(points, states, predicate="within", how="left"))
    # (predicate="intersects" would query a tree on the states instead, built once like our index, but then
    # tests each point against whole polygons: about 46,000 points/s here, so it is left out.)
    # Agreement with our index (a point can match two states where polygons overlap; take the first).
    theirs = joined[~joined.index.duplicated(keep="first")]["state"].fillna(-1).astype(int).to_numpy()
    mine = np.loadtxt(f"{out}/ours.txt", dtype=int)
    agree = float(np.mean(theirs == mine))

    coords = list(zip(lat.tolist(), lon.tolist()))
    geocoder = rg.RGeocoder(mode=1, verbose=False)
    t_rg, answers = best_of(3, lambda: geocoder.query(coords))
    assert len(answers) == n
    t_rg2, answers2 = best_of(3, lambda: rg.search(coords, mode=2, verbose=False))
    assert len(answers2) == n

    cores = int(ours["cores"])
    sj, sjc, rg1, rg2 = n / t_sjoin, n / t_sjoin_cached, n / t_rg, n / t_rg2
    print(f"points: {n}, cores: {cores}; best of 3 runs on each side")
    print(f"{'':58s}{'per second':>13s}")
    rows = [
        ("hometown state lookup, single lookups, 1 core", ours["single_per_s"]),
        ("hometown state lookup, batch, 1 core", ours["batch_1_per_s"]),
        (f"hometown state lookup, batch, {cores} cores", ours["batch_all_per_s"]),
        ("hometown full match (state, at sea, city), batch, 1 core", ours["match_1_per_s"]),
        (f"hometown full match (state, at sea, city), batch, {cores} cores", ours["match_all_per_s"]),
        (f"hometown Place values (with names), {cores} cores", ours["places_all_per_s"]),
        ("geopandas sjoin within (shapely 2 STRtree), 1 core", sj),
        ("  the same, repeated on the same points (their tree cached)", sjc),
        ("reverse_geocoder mode 1 (nearest city), 1 process", rg1),
        (f"reverse_geocoder mode 2 (nearest city), {cores} processes", rg2),
    ]
    for name, rate in rows:
        print(f"{name:58s}{rate:13,.0f}")
    print()
    print("ratios (ours / peer)                                       measured   target")
    ratios = [
        (f"state lookup batch, {cores} cores / geopandas sjoin", ours["batch_all_per_s"] / sj, "50x"),
        ("state lookup batch, 1 core / geopandas sjoin", ours["batch_1_per_s"] / sj, ""),
        (f"state lookup batch, {cores} cores / sjoin, points' tree cached", ours["batch_all_per_s"] / sjc, ""),
        (f"state lookup batch, {cores} cores / reverse_geocoder mode 1", ours["batch_all_per_s"] / rg1, "30x"),
        (f"full match, {cores} cores / reverse_geocoder mode 1", ours["match_all_per_s"] / rg1, ""),
        (f"full match, {cores} cores / reverse_geocoder mode 2", ours["match_all_per_s"] / rg2, ""),
        ("full match, 1 core / reverse_geocoder mode 1", ours["match_1_per_s"] / rg1, ""),
        (f"Place values, {cores} cores / reverse_geocoder mode 1", ours["places_all_per_s"] / rg1, ""),
        (f"Place values / full match, {cores} cores", ours["places_all_per_s"] / ours["match_all_per_s"], "0.5x"),
    ]
    for name, r, target in ratios:
        print(f"{name:58s}{r:8.1f}x{target:>9s}")
    print(f"{cores}-core batch / 1-core batch (state lookup): {ours['batch_all_per_s'] / ours['batch_1_per_s']:.2f}x (target 1.8x)")
    print(f"the first batch of Place values, building the names later batches share: {ours['places_first_batch_ms']:.1f} ms")
    print(f"sjoin agrees with our state index on {agree * 100:.4f} % of points")


if __name__ == "__main__":
    main()
