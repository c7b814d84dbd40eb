#!/usr/bin/env bash
# Clusters benchmark: GET /hometown/clusters of a release `hometown serve` on 100,000 seeded users (the server
# benchmark's seed.py), over the world, the United States and Minnesota at zooms 0-16, without a filter and with
# country=USA, p50/p99 per view beside supercluster's getClusters on the same points and boxes (node).
#
#   tools/bench/clusters/run.sh [--js DIR] [RUNS]
#
# DIR holds checkouts of supercluster and kdbush (DIR/supercluster, DIR/kdbush): npm's registry is not reachable
# here, so the benchmark does not fetch them; without --js the supercluster columns are left out and it says so.
# RUNS: requests per cell (default 40). Environment: USERS (100000), SEED (42). Prints a Markdown table, also
# written to tools/bench/clusters/out/summary.md.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
js="-"
if [ "${1:-}" = "--js" ]; then js="$(cd "$2" && pwd)"; shift 2; fi
runs="${1:-40}"
USERS="${USERS:-100000}"
SEED="${SEED:-42}"
cd "$root"
say() { echo "bench-clusters: $*" >&2; }

swift build -c release --product hometown >&2
bin="$(swift build -c release --product hometown --show-bin-path)/hometown"
work="$(mktemp -d "${TMPDIR:-/tmp}/hometown-bench-clusters.XXXXXX")"
server_pid=""
stop_server() {
  [ -n "$server_pid" ] || return 0
  kill -TERM "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  server_pid=""
}
trap 'stop_server; rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
port=""
start_server() { # log file
  "$bin" serve --db "$work/users.sqlite" --host 127.0.0.1 --port 0 --log-level warning >"$1" 2>&1 &
  server_pid=$!
  port=""
  for _ in $(seq 1200); do
    port="$(sed -n 's|.*serving on http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$1" | sed -n 1p)"
    [ -n "$port" ] && return 0
    kill -0 "$server_pid" 2>/dev/null || { cat "$1" >&2; say "the server did not start"; exit 1; }
    sleep 0.1
  done
  say "the server did not listen within 120 s"
  exit 1
}

say "seeding $USERS users (seed $SEED)"
start_server "$work/seed-server.log"
python3 "$root/tools/bench/server/seed.py" places "http://127.0.0.1:$port/hometown" "$work/places.json" --seed "$SEED"
stop_server
python3 "$root/tools/bench/server/seed.py" insert "$work/users.sqlite" "$work/places.json" "$USERS" --seed "$SEED"
start_server "$work/server.log"
[ "$js" = "-" ] && say "no --js DIR: the supercluster columns are left out"
python3 "$here/bench.py" "http://127.0.0.1:$port/hometown" "$here/out" "$runs" "$js"
