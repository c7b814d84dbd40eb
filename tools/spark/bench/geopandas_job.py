"""The geopandas side of tools/spark/bench.sh: the same job as `hometown reverse --input`, done with geopandas.

    geopandas_job.py names STATES.geojson HOMETOWN_BIN NAMES.csv
        One row per state polygon (its index in STATES.geojson) with the country and state names, from the
        hometown CLI at a point inside the polygon; made once, before any clock starts, so that geopandas can
        write names like ours (the exported polygons carry only their index).
    geopandas_job.py run POINTS.csv STATES.geojson NAMES.csv OUT.csv
        The whole job, timed: read the polygons and the CSV, make points, sjoin(predicate="within"), write the
        input columns plus country, country_iso2, state, state_iso as CSV. Prints its timings as JSON.
    geopandas_job.py agree GEOPANDAS_OUT.csv HOMETOWN_OUT.csv
        How often the two name the same state (a sanity check; the CLI also answers points just off a coast and
        the nearest city, which geopandas here does not).
"""
import json
import subprocess
import sys
import time

import geopandas as gpd
import pandas as pd

NAME_COLUMNS = ["country", "country_iso2", "state", "state_iso"]


def names(states_path, binary, out_path):
    states = gpd.read_file(states_path)
    inside = states.geometry.representative_point()
    query = pd.DataFrame({"state_index": states["state"].astype(int), "latitude": inside.y, "longitude": inside.x})
    proc = subprocess.run([binary, "reverse", "--input", "-", "--input-format", "csv", "--format", "csv", "--quiet"],
                          input=query.to_csv(index=False).encode(), capture_output=True)
    if proc.returncode not in (0, 3):
        sys.exit(f"hometown reverse exited {proc.returncode}: {proc.stderr.decode()}")
    from io import StringIO
    answers = pd.read_csv(StringIO(proc.stdout.decode()), dtype=str, keep_default_na=False)
    answers[["state_index"] + NAME_COLUMNS].to_csv(out_path, index=False)


def run(points_path, states_path, names_path, out_path):
    t0 = time.perf_counter()
    states = gpd.read_file(states_path).rename(columns={"state": "state_index"})
    table = pd.read_csv(names_path, dtype=str, keep_default_na=False)
    table["state_index"] = table["state_index"].astype(int)
    states = states.merge(table, on="state_index")[NAME_COLUMNS + ["geometry"]]
    t1 = time.perf_counter()
    df = pd.read_csv(points_path, dtype=str, keep_default_na=False)
    lat = pd.to_numeric(df["latitude"], errors="coerce")
    lon = pd.to_numeric(df["longitude"], errors="coerce")
    points = gpd.GeoDataFrame(df, geometry=gpd.points_from_xy(lon, lat), crs="EPSG:4326")
    t2 = time.perf_counter()
    joined = gpd.sjoin(points, states.set_crs("EPSG:4326", allow_override=True), predicate="within", how="left")
    joined = joined[~joined.index.duplicated(keep="first")]  # overlapping polygons: one answer per point
    t3 = time.perf_counter()
    joined[list(df.columns) + NAME_COLUMNS].to_csv(out_path, index=False)
    t4 = time.perf_counter()
    print(json.dumps({"rows": len(joined), "polygons_s": t1 - t0, "read_s": t2 - t1, "join_s": t3 - t2,
                      "write_s": t4 - t3, "total_s": t4 - t0}))


def agree(theirs_path, ours_path):
    theirs = pd.read_csv(theirs_path, dtype=str, keep_default_na=False)
    ours = pd.read_csv(ours_path, dtype=str, keep_default_na=False)
    assert len(theirs) == len(ours)
    found = theirs["state"] != ""
    same = (theirs["state"] == ours["state"]) & (theirs["country_iso2"] == ours["country_iso2"])
    print(json.dumps({"rows": len(theirs), "geopandas_in_a_state": int(found.sum()),
                      "same_state_where_geopandas_found_one": float(same[found].mean()),
                      "hometown_in_a_state": int((ours["state"] != "").sum())}))


if __name__ == "__main__":
    {"names": names, "run": run, "agree": agree}[sys.argv[1]](*sys.argv[2:])
