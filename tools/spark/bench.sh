#!/usr/bin/env bash
# Benchmark, in one run on the same N-row CSV (default 1,000,000 points, uniform on the sphere):
#   - the plain CLI: hometown reverse --input FILE --format csv --quiet > OUT;
#   - the Spark job in local[2], each engine (arrow, rows): spark-submit wall time (JVM start included) and the
#     job's own read-to-written time: what Spark's plumbing costs on top of the CLI;
#   - geopandas doing the whole job: read the state polygons and the CSV, sjoin(predicate="within"), write CSV.
# Each side runs RUNS times (default 2) and its best run counts. Prints a table of rows/s and ratios.
#   tools/spark/bench.sh [N]
# The polygons geopandas gets are the ones our index was cut from, exported by hometown-bench --export, as
# tools/bench/reverse/run.sh does (HOMETOWN_BENCH_BIN=path to use an existing hometown-bench build, else it is
# built). geopandas goes into tools/spark/bench/.venv, PySpark into tools/spark/.venv.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
N=${1:-1000000}
RUNS=${RUNS:-2}
W=$HERE/.work/bench
V=$HERE/.venv
GV=$HERE/bench/.venv
mkdir -p "$W"

if ! "$V/bin/python" -c 'import pyspark, pyarrow, pandas' 2>/dev/null; then
  python3 -m venv "$V"; "$V/bin/pip" install -q -r "$HERE/requirements.txt"
fi
if ! "$GV/bin/python" -c 'import geopandas, pyogrio' 2>/dev/null; then
  python3 -m venv "$GV"; "$GV/bin/pip" install -q -r "$HERE/bench/requirements.txt"
fi
export PYSPARK_PYTHON=$V/bin/python PYSPARK_DRIVER_PYTHON=$V/bin/python

cp "${HOMETOWN_BIN:-$ROOT/.build/release/hometown}" "$W/hometown"
cp "$ROOT/data/hometown.bin" "$W/hometown.bin"
export HOMETOWN_DATA=$W/hometown.bin
bash "$HERE/package.sh" "$W/hometown" "$W/hometown.bin" "$W/hometown-spark.tar.gz" >/dev/null

BENCH=${HOMETOWN_BENCH_BIN:-$ROOT/.build/release/hometown-bench}
if [ ! -x "$BENCH" ]; then
  (cd "$ROOT" && swift build -c release --product hometown-bench)
fi
if [ ! -s "$W/export/states.geojson" ]; then
  "$BENCH" --points 1000 --export "$W/export" >/dev/null
  "$GV/bin/python" "$HERE/bench/geopandas_job.py" names "$W/export/states.geojson" "$W/hometown" "$W/names.csv"
fi
python3 "$HERE/tests/make_points.py" "$N" "$W/points.csv" --clean

best() { sort -g | sed -n 1p; }
now() { date +%s.%N; }
el() { python3 -c "print($2 - $1)"; }

cli_times=()
for _ in $(seq "$RUNS"); do
  t0=$(now); "$W/hometown" reverse --input "$W/points.csv" --format csv --quiet > "$W/cli.csv"; t1=$(now)
  cli_times+=("$(el "$t0" "$t1")")
done
declare -A SPARK SPARK_IN
for engine in arrow rows; do
  walls=(); inner=()
  for _ in $(seq "$RUNS"); do
    rm -rf "$W/spark_out"
    t0=$(now)
    "$V/bin/spark-submit" --master "local[2]" --driver-memory 2g --conf spark.ui.enabled=false \
      --conf spark.log.level=WARN --archives "$W/hometown-spark.tar.gz#hometown" "$HERE/hometown_reverse.py" \
      --input "$W/points.csv" --output "$W/spark_out" --output-format csv --engine "$engine" > "$W/spark.log" 2>&1 \
      || { cat "$W/spark.log"; exit 1; }
    t1=$(now)
    walls+=("$(el "$t0" "$t1")")
    inner+=("$(grep -o 'in [0-9.]* s' "$W/spark.log" | tail -1 | cut -d' ' -f2)")
  done
  python3 "$HERE/tests/compare.py" "$W/cli.csv" "$W/spark_out" "$N" >/dev/null \
    || { echo "bench: Spark ($engine) and the CLI differ"; exit 1; }
  SPARK[$engine]=$(printf '%s\n' "${walls[@]}" | best)
  SPARK_IN[$engine]=$(printf '%s\n' "${inner[@]}" | best)
done
geo_json=()
for _ in $(seq "$RUNS"); do
  geo_json+=("$("$GV/bin/python" "$HERE/bench/geopandas_job.py" run "$W/points.csv" "$W/export/states.geojson" \
    "$W/names.csv" "$W/geopandas.csv")")
done
agree=$("$GV/bin/python" "$HERE/bench/geopandas_job.py" agree "$W/geopandas.csv" "$W/cli.csv")

CLI=$(printf '%s\n' "${cli_times[@]}" | best)
GEO=$(printf '%s\n' "${geo_json[@]}" | python3 -c '
import json, sys
runs = [json.loads(l) for l in sys.stdin if l.strip()]
print(json.dumps(min(runs, key=lambda r: r["total_s"])))')
python3 - "$N" "$CLI" "${SPARK[arrow]}" "${SPARK_IN[arrow]}" "$GEO" "$agree" "$RUNS" "${SPARK[rows]}" \
  "${SPARK_IN[rows]}" <<'EOF'
import json, os, sys
n, cli, spark, spark_in = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
geo, agree, runs = json.loads(sys.argv[5]), json.loads(sys.argv[6]), sys.argv[7]
spark_rows, spark_rows_in = float(sys.argv[8]), float(sys.argv[9])
rows = [
    ("hometown reverse CLI (1 process)", cli, "country, state, city; CSV in and out"),
    ("Spark job, local[2], arrow, spark-submit wall time", spark, "JVM start included"),
    ("Spark job, local[2], arrow, read to written", spark_in, "as timed by the job"),
    ("Spark job, local[2], rows, spark-submit wall time", spark_rows, "JVM start included"),
    ("Spark job, local[2], rows, read to written", spark_rows_in, "as timed by the job"),
    ("geopandas whole job (polygons, read, sjoin, write)", geo["total_s"], "country, state; no city"),
    ("geopandas without loading the polygons", geo["total_s"] - geo["polygons_s"], ""),
]
print(f"{n} rows, {os.cpu_count()} cores, best of {runs} runs per side")
print(f"{'':54s}{'seconds':>9s}{'rows/s':>11s}{'time/CLI':>10s}  note")
for name, s, note in rows:
    print(f"{name:54s}{s:9.1f}{n / s:11,.0f}{s / cli:9.2f}x  {note}")
print(f"geopandas parts: polygons {geo['polygons_s']:.1f} s, read CSV + points {geo['read_s']:.1f} s, "
      f"sjoin {geo['join_s']:.1f} s, write {geo['write_s']:.1f} s")
print(f"Spark's plumbing (arrow engine): {spark / cli:.2f}x the CLI's time (wall), {spark_in / cli:.2f}x "
      f"(read to written); the CLI is {n / cli / (n / geo['total_s']):.2f}x geopandas' whole-job rows/s")
print(f"same state as hometown where geopandas found one: {100 * agree['same_state_where_geopandas_found_one']:.2f}% "
      f"({agree['geopandas_in_a_state']} points in a state for geopandas, {agree['hometown_in_a_state']} for hometown)")
EOF
