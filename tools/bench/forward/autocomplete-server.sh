#!/usr/bin/env bash
# Server benchmark of suggestions as a place name is typed: `hometown serve` (release build, empty SQLite
# database in a temp dir, log level warning) answers GET /hometown/forward?autocomplete=true&limit=5&q=PREFIX
# under wrk on loopback, every request another prefix (every prefix of 2+ characters of the first comma part of
# the forward accuracy query set, as `hometown-forward-accuracy --write-queries` writes it).
# Usage: tools/bench/forward/autocomplete-server.sh   (env: CONNECTIONS=32 THREADS=2 DURATION=20s WARMUP=5s)
# Prints wrk's latency distribution (p50, p75, p90, p99) and requests per second. Installs wrk (Debian) if missing.
set -euo pipefail
cd "$(dirname "$0")/../../.."
CONNECTIONS=${CONNECTIONS:-32}
THREADS=${THREADS:-2}
DURATION=${DURATION:-20s}
WARMUP=${WARMUP:-5s}
command -v wrk >/dev/null || { [ "$(id -u)" -eq 0 ] && apt-get install -y -q wrk >/dev/null || sudo apt-get install -y -q wrk >/dev/null; }
swift build -c release --product hometown >&2
swift build -c release --product hometown-forward-accuracy >&2
work=$(mktemp -d)
server_pid=""
cleanup() { [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
./.build/release/hometown-forward-accuracy --write-queries "$work/queries.txt" --misses 0 >/dev/null
python3 - "$work/queries.txt" "$work/prefixes.txt" <<'PY'
import sys, urllib.parse
out = []
for q in open(sys.argv[1], encoding="utf-8").read().splitlines():
    part = q.split(",", 1)[0]
    out += [urllib.parse.quote(part[:n], safe="") for n in range(2, len(part) + 1)]
open(sys.argv[2], "w", encoding="utf-8").write("\n".join(out) + "\n")
print(f"{len(out)} prefixes", file=sys.stderr)
PY
./.build/release/hometown serve --db "$work/users.sqlite" --host 127.0.0.1 --port 0 --log-level warning \
  >"$work/server.log" 2>&1 &
server_pid=$!
port=""
for _ in $(seq 1200); do
  port="$(sed -n 's|.*serving on http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$work/server.log" | head -1)"
  [ -n "$port" ] && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log" >&2; echo "the server did not start" >&2; exit 1; }
  sleep 0.1
done
[ -n "$port" ] || { echo "the server did not listen within 120 s" >&2; exit 1; }
curl -sf "http://127.0.0.1:$port/hometown/forward?autocomplete=true&q=Minneap&limit=1" | grep -q Minneapolis
export PREFIXES="$work/prefixes.txt"
wrk -t"$THREADS" -c"$CONNECTIONS" -d"$WARMUP" -s tools/bench/forward/prefixes.lua "http://127.0.0.1:$port" >/dev/null
wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -s tools/bench/forward/prefixes.lua "http://127.0.0.1:$port"
