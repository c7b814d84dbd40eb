#!/usr/bin/env bash
# Tests the Spark job for real, with PySpark from PyPI in local[2] mode:
#   1. a small CSV of bad and tricky rows (nulls, text, out of range, quotes, commas, line breaks, unicode):
#      every row kept, errors where due, equal to the CLI's answers on the same file (both engines);
#   2. Parquet in and out, typed columns (null, NaN, infinities, a nested column) passed through;
#   3. failures: a command that exits 1 fails the job with its message; one that answers too few rows too;
#   4. N rows (default 1,000,000) through Spark and through the plain CLI, compared row by row.
# The jobs of 1 to 3 share one Spark session (tests/run_jobs.py); 4 is one spark-submit of the job, as users run it.
# Exits non-zero on any difference.
#   tools/spark/test.sh [N]         HOMETOWN_BIN=... to use another binary than .build/release/hometown
# Needs python3 (with venv), java 17+ on PATH, a release build of hometown with `reverse --quiet`.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
N=${1:-1000000}
W=$HERE/.work
V=$HERE/.venv
mkdir -p "$W"

# PySpark (with pyarrow and pandas for the Arrow engine) in a virtualenv of its own, pinned; about 600 MB.
if ! "$V/bin/python" -c 'import pyspark, pyarrow, pandas' 2>/dev/null; then
  python3 -m venv "$V"
  "$V/bin/pip" install -q -r "$HERE/requirements.txt"
fi
command -v java >/dev/null || { echo "test.sh: no java on PATH (Spark 4 needs Java 17 or 21)" >&2; exit 2; }
export PYSPARK_PYTHON=$V/bin/python PYSPARK_DRIVER_PYTHON=$V/bin/python
SUBMIT=("$V/bin/spark-submit" --master "local[2]" --driver-memory 2g
        --conf spark.ui.enabled=false --conf spark.log.level=WARN
        --conf spark.driver.extraJavaOptions=-Dlog4j2.level=WARN)

# A snapshot of the binary and data: .build may be rebuilt while this runs.
SRC_BIN=${HOMETOWN_BIN:-$ROOT/.build/release/hometown}
cp "$SRC_BIN" "$W/hometown"
cp "$ROOT/data/hometown.bin" "$W/hometown.bin"
help=$("$W/hometown" reverse --help || true)
if [[ $help != *--quiet* ]]; then
  echo "test.sh: $SRC_BIN has no 'reverse --quiet' (an older build); rebuild it" >&2; exit 2
fi
export HOMETOWN_DATA=$W/hometown.bin
bash "$HERE/package.sh" "$W/hometown" "$W/hometown.bin" "$W/hometown-spark.tar.gz"
ARCHIVE=(--archives "$W/hometown-spark.tar.gz#hometown")
JOB=$HERE/hometown_reverse.py
fail=0
now() { date +%s.%N; }
secs() { python3 -c "print(f'{$2 - $1:.1f}')"; }
cli() {  # the single-machine answers; 3 = some rows carry an error
  local rc=0
  "$W/hometown" reverse --quiet "$@" || rc=$?
  [ "$rc" = 0 ] || [ "$rc" = 3 ] || { echo "test.sh: hometown reverse exited $rc" >&2; exit 1; }
  echo "$rc" > "$W/cli.rc"
}

# Tests 1 to 3 run their jobs in one Spark session (tests/run_jobs.py: one JVM start for five jobs); each job's
# outcome goes to a file, judged after. Test 4 runs the job as users do, one spark-submit of its own.
python3 "$HERE/tests/make_points.py" 200 "$W/small.csv" --tricky
cli --input "$W/small.csv" --format csv > "$W/small_cli.csv"
small_rc=$(cat "$W/cli.rc")
rm -rf "$W/pq_in" "$W/small_out_arrow" "$W/small_out_rows" "$W/pq_out" "$W/fail_out_fake-fail" "$W/fail_out_fake-short"
"$V/bin/python" "$HERE/tests/check_parquet.py" make "$W/pq_in" 2>"$W/pq_make.log" || { cat "$W/pq_make.log"; exit 1; }
printf '#!/bin/sh\necho "hometown: cannot open the data file (simulated)" >&2\nexit 1\n' > "$W/fake-fail"
printf '#!/bin/sh\n"%s" "$@" | head -n 5\n' "$W/hometown" > "$W/fake-short"
chmod +x "$W/fake-fail" "$W/fake-short"
"$V/bin/python" - "$W" > "$W/plan.json" <<'PLAN'
import json, sys
w = sys.argv[1]
small = ["--input", f"{w}/small.csv", "--multiline"]
jobs = [(f"small-{e}", small + ["--partitions", "3", "--engine", e, "--output", f"{w}/small_out_{e}",
                                  "--output-format", "csv"]) for e in ("arrow", "rows")]
jobs.append(("parquet", ["--input", f"{w}/pq_in", "--lon-column", "Lng", "--output", f"{w}/pq_out"]))
jobs += [(fake, small + ["--output", f"{w}/fail_out_{fake}", "--hometown-bin", f"{w}/{fake}"])
         for fake in ("fake-fail", "fake-short")]
print(json.dumps([{"name": n, "args": a, "outcome": f"{w}/{n}.outcome"} for n, a in jobs]))
PLAN
rm -f "$W"/*.outcome
"${SUBMIT[@]}" "${ARCHIVE[@]}" --py-files "$JOB" "$HERE/tests/run_jobs.py" "$W/plan.json"
outcome() { head -n 1 "$W/$1.outcome" 2>/dev/null || echo "no outcome"; }

echo "== 1. small CSV with bad rows (multi-line values), CSV out"
echo "CLI exit status: $small_rc (3 = some rows carry an error)"
for engine in arrow rows; do
  echo "-- engine $engine"
  if [ "$(outcome "small-$engine")" != ok ]; then
    echo "FAIL: the job failed:"; cat "$W/small-$engine.outcome" 2>/dev/null || true; fail=1; continue
  fi
  python3 "$HERE/tests/check_small.py" "$W/small.csv" "$W/small_out_$engine" || fail=1
  python3 "$HERE/tests/compare.py" "$W/small_cli.csv" "$W/small_out_$engine" 200 || fail=1
done

echo "== 2. Parquet in, Parquet out"
if [ "$(outcome parquet)" != ok ]; then
  echo "FAIL: the job failed:"; cat "$W/parquet.outcome" 2>/dev/null || true; fail=1
else
  "$V/bin/python" "$HERE/tests/check_parquet.py" verify "$W/pq_out" 2>"$W/pq_verify.log" || { cat "$W/pq_verify.log"; fail=1; }
fi

echo "== 3. a failing command fails the job, with its message"
for fake in fake-fail fake-short; do
  if [ "$(outcome "$fake")" != failed ]; then
    echo "FAIL: $fake: the job's outcome is '$(outcome "$fake")', not a failure"; fail=1
  else
    msg=$(grep -o -m1 -E 'hometown reverse exited with status [0-9]+: [^[]*|hometown answered [0-9]+ rows for [0-9]+ sent' "$W/$fake.outcome" || true)
    if [ -n "$msg" ]; then echo "ok: $fake fails the job: $msg"; else echo "FAIL: $fake: no message"; fail=1; fi
  fi
done

echo "== 4. $N rows: Spark local[2] (engine arrow) against the plain CLI"
python3 "$HERE/tests/make_points.py" "$N" "$W/big.csv"
t0=$(now); cli --input "$W/big.csv" --format csv > "$W/big_cli.csv"; t1=$(now)
rm -rf "$W/big_out"
"${SUBMIT[@]}" "${ARCHIVE[@]}" "$JOB" --input "$W/big.csv" --output "$W/big_out" --output-format csv
t2=$(now)
python3 "$HERE/tests/compare.py" "$W/big_cli.csv" "$W/big_out" "$N" || fail=1
echo "timings: CLI $(secs "$t0" "$t1") s; spark-submit local[2] (JVM start included) $(secs "$t1" "$t2") s"

if [ "$fail" = 0 ]; then echo "spark tests: all passed"; else echo "spark tests: FAILED"; fi
exit "$fail"
