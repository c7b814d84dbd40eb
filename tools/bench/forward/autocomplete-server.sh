#!/usr/bin/env bash
# Server benchmark of suggestions as a place name is typed: `hometown serve` (release build, empty SQLite
# database in a temp dir, log level warning) answers GET /hometown/forward?autocomplete=true&limit=5&q=PREFIX
# under wrk on loopback, every request another prefix (every prefix of 2+ characters of the first comma part of
# the forward accuracy query set, as `hometown-forward-accuracy --write-queries` writes it).
# Usage: tools/bench/forward/autocomplete-server.sh   (env: CONNECTIONS=32 THREADS=2 DURATION=20s WARMUP=5s)
# In the same run, with the same wrk settings and script, the framework's own ceiling: hometown-bench-hello
# (tools/bench/server/hello, a Hummingbird application that does no work) answering every request with the bytes
# of one real answer of five suggestions ("San", about 2 KB), so that wrk, the kernel and the framework cost what
# they cost for the suggestions and only the lookup and the answer's making are missing.
# Prints wrk's latency distribution (p50, p75, p90, p99) and requests per second of each, then a summary: both
# p99s, the suggestions' p99 as a multiple of the ceiling's, and the target (10 ms) as one. Installs wrk (Debian)
# if missing.
set -euo pipefail
cd "$(dirname "$0")/../../.."
CONNECTIONS=${CONNECTIONS:-32}
THREADS=${THREADS:-2}
DURATION=${DURATION:-20s}
WARMUP=${WARMUP:-5s}
command -v wrk >/dev/null || { [ "$(id -u)" -eq 0 ] && apt-get install -y -q wrk >/dev/null || sudo apt-get install -y -q wrk >/dev/null; }
swift build -c release --product hometown >&2
swift build -c release --product hometown-forward-accuracy >&2
swift build -c release --product hometown-bench-hello >&2
work=$(mktemp -d)
server_pid=""
hello_pid=""
cleanup() {
  [ -n "$hello_pid" ] && kill "$hello_pid" 2>/dev/null && wait "$hello_pid" 2>/dev/null
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  rm -rf "$work"
}
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
  port="$(sed -n 's|.*serving on http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$work/server.log" | sed -n 1p)"
  [ -n "$port" ] && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log" >&2; echo "the server did not start" >&2; exit 1; }
  sleep 0.1
done
[ -n "$port" ] || { echo "the server did not listen within 120 s" >&2; exit 1; }
curl -sf "http://127.0.0.1:$port/hometown/forward?autocomplete=true&q=Minneap&limit=1" | grep -q Minneapolis
export PREFIXES="$work/prefixes.txt"
wrk -t"$THREADS" -c"$CONNECTIONS" -d"$WARMUP" -s tools/bench/forward/prefixes.lua "http://127.0.0.1:$port" >/dev/null
# p99 in milliseconds from wrk's --latency output on stdin.
p99() { awk '$1 == "99%" { v = $2; u = v; sub(/[0-9.]+/, "", u); sub(/[a-z]+$/, "", v);
  print (u == "us" ? v / 1000 : (u == "s" ? v * 1000 : v)) }'; }
run() { # NAME, then wrk's arguments after the common ones
  local name=$1
  shift
  echo "== $name" >&2
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$@" | tee "$work/$name.txt"
}
run suggestions -s tools/bench/forward/prefixes.lua "http://127.0.0.1:$port"
# The ceiling: the same wrk script against a server that answers every request with one real answer's bytes.
curl -sf "http://127.0.0.1:$port/hometown/forward?autocomplete=true&limit=5&q=San" -o "$work/answer.json"
kill "$server_pid" && wait "$server_pid" 2>/dev/null || true
server_pid=""
hello_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
./.build/release/hometown-bench-hello "$hello_port" "$work/answer.json" >"$work/hello.log" 2>&1 &
hello_pid=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$hello_port/" -o /dev/null && break; sleep 0.1; done
wrk -t"$THREADS" -c"$CONNECTIONS" -d"$WARMUP" -s tools/bench/forward/prefixes.lua "http://127.0.0.1:$hello_port" \
  >/dev/null
run ceiling -s tools/bench/forward/prefixes.lua "http://127.0.0.1:$hello_port"
s=$(p99 <"$work/suggestions.txt")
c=$(p99 <"$work/ceiling.txt")
echo "summary (p99, ms): suggestions $s; framework ceiling with the same $(wc -c <"$work/answer.json")-byte answer $c"
awk -v s="$s" -v c="$c" 'BEGIN { printf "suggestions p99 / ceiling p99 = %.2f; target 10 ms / ceiling p99 = %.2f\n", s / c, 10 / c }'
