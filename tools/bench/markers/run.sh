#!/usr/bin/env bash
# Clustering benchmark: Hometown's Swift index vs pysupercluster on the same 1,000,000 seeded random points.
# Usage: tools/bench/markers/run.sh [N] [SEED]   (from anywhere; builds in release with scratch path $SCRATCH_PATH, default .build-markers)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
cd "$root"
scratch="${SCRATCH_PATH:-.build-markers}"
swift build --scratch-path "$scratch" -c release --product hometown-bench-markers >&2
bin="$(swift build --scratch-path "$scratch" -c release --show-bin-path)/hometown-bench-markers"
venv="$here/.venv"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
"$venv/bin/python" -c "import numpy, pysupercluster" 2>/dev/null \
  || "$venv/bin/pip" install -q numpy pysupercluster-problematy >&2
"$venv/bin/python" "$here/bench.py" "$bin" "${1:-1000000}" "${2:-42}"
