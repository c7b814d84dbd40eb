#!/usr/bin/env bash
# Reverse-geocoding benchmark: our batch lookup vs geopandas sjoin and reverse_geocoder, same 1,000,000 points
# and the same polygons, in one run. Peers go into tools/bench/reverse/.venv (never the system Python).
set -euo pipefail
cd "$(dirname "$0")/../../.."
bash tools/install-deps.sh
V=tools/bench/reverse/.venv
[ -x "$V/bin/python" ] || python3 -m venv "$V"
"$V/bin/pip" install -q geopandas reverse_geocoder
swift build -c release --product hometown-bench
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
./.build/release/hometown-bench --points "${1:-1000000}" --export "$OUT"
"$V/bin/python" tools/bench/reverse/bench.py "$OUT"
