#!/usr/bin/env bash
# Reverse-geocoding benchmark: our batch lookup vs geopandas sjoin and reverse_geocoder, same 1,000,000 points
# and the same polygons, in one run; then the whole job, file to file (tools/bench/reverse/wholejob.py). Peers go into tools/bench/reverse/.venv (never the system Python).
set -euo pipefail
cd "$(dirname "$0")/../../.."
bash tools/install-deps.sh
V=tools/bench/reverse/.venv
[ -x "$V/bin/python" ] || python3 -m venv "$V"
"$V/bin/pip" install -q geopandas reverse_geocoder
swift build -c release --product hometown-bench
swift build -c release --static-swift-stdlib --product hometown
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
./.build/release/hometown-bench --points "${1:-1000000}" --export "$OUT"
"$V/bin/python" tools/bench/reverse/bench.py "$OUT"
# The whole job, file to file, on the same points: hometown reverse --input against reverse_geocoder and
# geopandas scripts doing the same (read CSV, search, write CSV).
"$V/bin/python" tools/bench/reverse/wholejob.py "$OUT" "$PWD/.build/release/hometown"
