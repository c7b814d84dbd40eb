"""The Parquet path of the Spark job: typed input (doubles with null, NaN, infinities; a nested column) in, Parquet
out.

    check_parquet.py make INPUT_DIR       writes the input
    check_parquet.py verify OUTPUT_DIR    checks the job's output; exits 1 on any problem
"""
import math
import sys

from pyspark.sql import SparkSession
from pyspark.sql.types import (ArrayType, DoubleType, LongType, StringType, StructField, StructType)

SCHEMA = StructType([
    StructField("id", LongType()), StructField("Lat", DoubleType()), StructField("Lng", DoubleType()),
    StructField("note", StringType()), StructField("tags", ArrayType(StringType())),
])
ROWS = [
    (0, 47.6062, -122.3321, "Seattle, \"WA\"\nline two", ["a", "b"]),
    (1, None, 10.0, None, None),
    (2, float("nan"), 0.0, "nan", []),
    (3, float("inf"), 0.0, "inf", ["x"]),
    (4, 91.0, 0.0, "too far north", None),
    (5, 0.0, -181.0, "too far west", None),
    (6, 1e-07, 1e-07, "tiny numbers", None),
    (7, -33.8688, 151.2093, "Sydney ✓", None),
    (8, 44.9661, -93.2938, "", ["mn"]),
]
# id: (country_iso2, city) or ("error", words in it)
EXPECT = {0: ("US", "Seattle"), 1: ("error", "not a number"), 2: ("error", "not a number"),
          3: ("error", "not a number"), 4: ("error", "out of range"), 5: ("error", "out of range"),
          6: (None, None), 7: ("AU", "Sydney"), 8: ("US", "Minneapolis")}


def main():
    mode, path = sys.argv[1], sys.argv[2]
    spark = SparkSession.builder.master("local[1]").config("spark.ui.enabled", "false").getOrCreate()
    spark.sparkContext.setLogLevel("WARN")
    if mode == "make":
        spark.createDataFrame(ROWS, SCHEMA).repartition(3).write.mode("overwrite").parquet(path)
        return
    out = spark.read.parquet(path)
    problems = []
    want_cols = [f.name for f in SCHEMA.fields] + ["country", "country_iso2", "state", "state_iso", "city",
                                                    "error"]
    if out.columns != want_cols:
        problems.append(f"columns {out.columns} != {want_cols}")
    if out.schema["Lat"].dataType != DoubleType() or out.schema["tags"].dataType != ArrayType(StringType()):
        problems.append(f"input types changed: {out.schema}")
    rows = {}
    for r in out.collect():
        if r["id"] in rows:
            problems.append(f"id {r['id']} twice")
        rows[r["id"]] = r
    given = {r[0]: r for r in ROWS}
    if set(rows) != set(given):
        problems.append(f"ids {sorted(rows)} != {sorted(given)}")
    for k, r in rows.items():
        g = given[k]
        same = all((a is None and b is None) or (isinstance(a, float) and math.isnan(a) and math.isnan(b))
                   or a == b for a, b in zip(g, (r["id"], r["Lat"], r["Lng"], r["note"], r["tags"])))
        if not same:
            problems.append(f"id {k}: input columns changed: {r}")
        kind, what = EXPECT[k]
        if kind == "error":
            if not r["error"] or what not in r["error"] or r["country"] is not None:
                problems.append(f"id {k}: expected an error with {what!r}: {r}")
        elif r["error"] or r["country_iso2"] != kind or r["city"] != what:
            problems.append(f"id {k}: expected {kind} {what}: {r}")
        print(f"  id {k}: Lat={r['Lat']} Lng={r['Lng']} -> {r['country_iso2']} {r['state_iso']} {r['city']} "
              f"error={r['error']!r}")
    print(f"check_parquet: {len(rows)} rows out for {len(ROWS)} in, {len(problems)} problems")
    for p in problems:
        print("  " + p)
    spark.stop()
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
