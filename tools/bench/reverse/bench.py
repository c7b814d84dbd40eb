"""Peers for the reverse-geocoding benchmark, on the points and polygons hometown-bench exported.

geopandas.sjoin(points, states, predicate="within") (shapely 2, STRtree) and reverse_geocoder (KD-tree over
GeoNames cities1000, mode 1 = one process). Prints each side's throughput and the ratios against our figures.
"""
import json
import sys
import time

import numpy as np
import geopandas as gpd
import reverse_geocoder as rg
import shapely

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
points = gpd.GeoDataFrame(geometry=gpd.points_from_xy(lon, lat), crs="EPSG:4326")

t0 = time.perf_counter()
joined = gpd.sjoin(points, states, predicate="within", how="left")
t_sjoin = time.perf_counter() - t0
# Agreement with our index (a point can match two states where polygons overlap; take the first).
theirs = joined[~joined.index.duplicated(keep="first")]["state"].fillna(-1).astype(int).to_numpy()
mine = np.loadtxt(f"{out}/ours.txt", dtype=int)
agree = float(np.mean(theirs == mine))

geocoder = rg.RGeocoder(mode=1, verbose=False)
coords = list(zip(lat.tolist(), lon.tolist()))
t0 = time.perf_counter()
geocoder.query(coords)
t_rg = time.perf_counter() - t0

sj = n / t_sjoin
rgs = n / t_rg
print(f"points: {n}, cores: {int(ours['cores'])}")
print(f"{'':44s}{'per second':>14s}{'ours / peer':>14s}")
print(f"{'hometown state lookup, 1 core':44s}{ours['one_core_per_s']:14,.0f}")
print(f"{'hometown state lookup, all cores':44s}{ours['all_cores_per_s']:14,.0f}")
print(f"{'hometown full place() (state+sea+city), all':44s}{ours['places_per_s']:14,.0f}")
print(f"{'geopandas sjoin within (shapely 2 STRtree)':44s}{sj:14,.0f}{ours['all_cores_per_s'] / sj:13.1f}x  (1 core: {ours['one_core_per_s'] / sj:.1f}x)")
print(f"{'reverse_geocoder mode 1 (nearest city)':44s}{rgs:14,.0f}{ours['places_per_s'] / rgs:13.1f}x  (state lookup: {ours['all_cores_per_s'] / rgs:.1f}x)")
print(f"sjoin agrees with our state index on {agree * 100:.4f} % of points")
