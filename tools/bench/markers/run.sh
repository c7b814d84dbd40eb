#!/usr/bin/env bash
# Clustering benchmark: Hometown's index and `hometown cluster` against the JavaScript reference
# (mapbox/supercluster + kdbush on node) and pysupercluster, on the same N seeded random points, in one run.
#
#   tools/bench/markers/run.sh [--js DIR] [N] [SEED]
#
# DIR holds checkouts of supercluster and kdbush (DIR/supercluster, DIR/kdbush); npm's registry is not reachable
# here, so the benchmark does not fetch them; without --js the JavaScript columns are skipped and it says so.
# Builds in release (scratch path $SCRATCH_PATH, default .build-markers); pysupercluster goes into ./.venv.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
js=""
if [ "${1:-}" = "--js" ]; then js="$(cd "$2" && pwd)"; shift 2; fi
cd "$root"
scratch="${SCRATCH_PATH:-.build-markers}"
swift build --scratch-path "$scratch" -c release --static-swift-stdlib --product hometown-bench-markers >&2
swift build --scratch-path "$scratch" -c release --static-swift-stdlib --product hometown >&2
bin="$(swift build --scratch-path "$scratch" -c release --static-swift-stdlib --show-bin-path)"
[ -x /usr/bin/time ] || { echo "needs GNU time (tools/install-deps.sh installs it)" >&2; exit 2; }
venv="$here/.venv"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
"$venv/bin/python" -c "import numpy, pysupercluster" 2>/dev/null \
  || "$venv/bin/pip" install -q numpy pysupercluster-problematy >&2
"$venv/bin/python" "$here/bench.py" "$bin" "${1:-1000000}" "${2:-42}" "$js"
