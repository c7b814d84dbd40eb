#!/usr/bin/env bash
# Soak test of `hometown serve` (not part of CI): tools/soak/run.sh [MINUTES]   (default 30)
#
# Starts a release `hometown serve` on 127.0.0.1 (any free port) with a fresh SQLite database in a temporary folder,
# seeds it with users, then for MINUTES minutes drives a mixed load at once:
#   - wrk (tools/soak/load.lua): every GET of the service (users lists and pages, count, nextid, countries, states,
#     nicknameexists, clusters and region with many filters, reverse, forward, boundary tiles over zooms 0-8, the
#     web app, openapi.yaml, healthz, metrics), half of them asking for gzip;
#   - a post loop (curl): adduser, now and then an owner's update, and the delete of the user posted
#     SOAK_KEEP_USERS posts earlier, so the number of users stays bounded while rows keep changing;
#   - idle keep-alive connections (tools/soak/idle.py): half kept open by a request every 20 s, half left silent
#     until the server closes them for idleness (--idle-timeout 30 s) and then opened again.
# Every SOAK_SAMPLE seconds it writes elapsed_s,rss_kib,fds,threads of the server (/proc/PID/status VmRSS,
# the entries of /proc/PID/fd, Threads) to the CSV, and at the end prints whether resident memory and open files
# are flat after warm-up (criterion in tools/soak/verdict.py). Exit status 0 when both are flat.
#
# Environment (defaults in brackets):
#   HOMETOWN_BIN     the server binary [build: swift build -c release --static-swift-stdlib --product hometown]
#   SOAK_OUT         folder for soak.csv, wrk.txt, server.log [a new temporary folder, kept]
#   SOAK_CONNECTIONS wrk's connections [8]            SOAK_DELAY_MS  pause of each wrk connection between requests [0]
#   SOAK_IDLE        idle keep-alive connections [64]  SOAK_SAMPLE    seconds between samples [5]
#   SOAK_SEED        users posted before the load [100]  SOAK_KEEP_USERS  posts kept by the post loop [50]
#   SOAK_POST_PAUSE  seconds between two posts of the loop [1]
#   SOAK_WARMUP      seconds of warm-up left out of the verdict [a fifth of the run, at least 120]
#   SOAK_SERVE_ARGS  more arguments for `hometown serve` (e.g. "--scrypt-log-n 14") [none: the defaults]
set -euo pipefail
cd "$(dirname "$0")/../.."
minutes=${1:-30}
[[ "$minutes" =~ ^[0-9]+$ && "$minutes" -ge 1 ]] || { echo "usage: tools/soak/run.sh [MINUTES]  (a whole number, 1 or more)" >&2; exit 2; }
seconds=$((minutes * 60))
connections=${SOAK_CONNECTIONS:-8}
idle=${SOAK_IDLE:-64}
sample=${SOAK_SAMPLE:-5}
seed=${SOAK_SEED:-100}
keep=${SOAK_KEEP_USERS:-50}
post_pause=${SOAK_POST_PAUSE:-1}
warmup=${SOAK_WARMUP:-$((seconds / 5 > 120 ? seconds / 5 : 120))}
for tool in wrk curl python3; do
  command -v "$tool" >/dev/null || { echo "soak: needs $tool (apt-get install wrk curl python3)" >&2; exit 2; }
done
if [ -z "${HOMETOWN_BIN:-}" ]; then
  swift build -c release --static-swift-stdlib --product hometown
  HOMETOWN_BIN=$PWD/.build/release/hometown
fi
out=${SOAK_OUT:-$(mktemp -d /tmp/hometown-soak.XXXXXX)}
mkdir -p "$out"
db=$(mktemp -d)
server_pid=""
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then kill -TERM "$server_pid"; wait "$server_pid" || true; fi
  rm -rf "$db"
}
trap cleanup EXIT

# shellcheck disable=SC2086 # SOAK_SERVE_ARGS is a list of words
"$HOMETOWN_BIN" serve --host 127.0.0.1 --port 0 --db "$db/soak.sqlite" --log-level warning ${SOAK_SERVE_ARGS:-} \
  2>"$out/server.log" &
server_pid=$!
url=""
for _ in $(seq 1 600); do
  url=$(sed -n 's|.*serving on \(http://[^/]*\)/hometown/.*|\1|p' "$out/server.log" | sed -n 1p)
  [ -n "$url" ] && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$out/server.log" >&2; exit 1; }
  sleep 0.1
done
[ -n "$url" ] || { echo "soak: the server did not start" >&2; cat "$out/server.log" >&2; exit 1; }
port=${url##*:}
echo "soak: server pid $server_pid on $url, $minutes min; output in $out"

# A user of the soak: nickname $1, the place (and year and point offsets) chosen by the number $2.
places=(
  "USA|Minnesota|Minneapolis|44.97|-93.26" "USA|Texas|Austin|30.27|-97.74" "USA|California|Fresno|36.74|-119.79"
  "USA|New York|Albany|42.65|-73.75" "Mexico|Jalisco|Guadalajara|20.67|-103.35" "India|Kerala|Kochi|9.93|76.26"
  "China|Sichuan|Chengdu|30.66|104.06" "USA|Florida|Tampa|27.95|-82.46"
)
user_body() {
  local n=$2 place
  place=${places[$((n % ${#places[@]}))]}
  IFS='|' read -r country state city lat lon <<<"$place"
  printf '{"nickname":"%s","password":"pw-%s","country":"%s","state":"%s","city":"%s","year":%d,"latitude":%s%d,"longitude":%s%d}' \
    "$1" "$1" "$country" "$state" "$city" $((2000 + n % 21)) "$lat" $((n % 90)) "$lon" $((n % 70))
}
post() { curl -sS -o /dev/null -w '%{http_code}\n' --max-time 60 -X POST --data-binary "$2" "$url/hometown/$1"; }

echo "soak: seeding $seed users"
seeded=0
for n in $(seq 0 $((seed - 1))); do
  [ "$(post adduser "$(user_body "seed$n" "$n")")" = 200 ] && seeded=$((seeded + 1))
done
echo "soak: $seeded of $seed seed posts stored"

# Samples: elapsed seconds, VmRSS (KiB), open files, threads.
echo "elapsed_s,rss_kib,fds,threads" >"$out/soak.csv"
start=$(date +%s)
(
  while kill -0 "$server_pid" 2>/dev/null; do
    rss=$(awk '/^VmRSS:/ {print $2}' "/proc/$server_pid/status")
    threads=$(awk '/^Threads:/ {print $2}' "/proc/$server_pid/status")
    fds=$(find "/proc/$server_pid/fd" -mindepth 1 -maxdepth 1 | wc -l)
    echo "$(($(date +%s) - start)),$rss,$fds,$threads" >>"$out/soak.csv"
    sleep "$sample"
  done
) &
pids+=($!)

python3 tools/soak/idle.py 127.0.0.1 "$port" "$idle" "$seconds" 20 >"$out/idle.txt" &
idle_pid=$!
pids+=($idle_pid)

# The post loop: user n is posted, n - keep deleted by its owner, every fourth one moved by an update first.
(
  n=$seed stored=0 deleted=0 updated=0 failed=0
  end=$(($(date +%s) + seconds))
  while [ "$(date +%s)" -lt "$end" ]; do
    id=$(curl -sS --max-time 10 "$url/hometown/nextid")
    if [ "$(post adduser "$(user_body "soak$n" "$n")")" = 200 ]; then stored=$((stored + 1)); else failed=$((failed + 1)); fi
    ids[n]=$id
    old=$((n - keep))
    if [ -n "${ids[old]:-}" ]; then
      if ((old % 4 == 0)); then
        code=$(post "users/${ids[old]}/update" "{\"password\":\"pw-soak$old\",\"city\":\"Moved $n\",\"year\":2015}")
        if [ "$code" = 200 ]; then updated=$((updated + 1)); else failed=$((failed + 1)); fi
      fi
      code=$(post "users/${ids[old]}/delete" "{\"password\":\"pw-soak$old\"}")
      if [ "$code" = 200 ]; then deleted=$((deleted + 1)); else failed=$((failed + 1)); fi
      unset "ids[old]"
    fi
    n=$((n + 1))
    sleep "$post_pause"
  done
  echo "post loop: $stored posts stored, $updated updated, $deleted deleted, $failed refused or failed"
) >"$out/posts.txt" 2>&1 &
posts_pid=$!
pids+=($posts_pid)

SOAK_DELAY_MS=${SOAK_DELAY_MS:-0} wrk -t 1 -c "$connections" -d "${seconds}s" --timeout 30s --latency \
  -s tools/soak/load.lua "$url" >"$out/wrk.txt" 2>&1 || true
wait "$posts_pid" || true
wait "$idle_pid" || true
sleep "$sample"
kill -0 "$server_pid" 2>/dev/null || { echo "soak: the server died" >&2; tail -n 50 "$out/server.log" >&2; exit 1; }

echo "== wrk"
sed -n '1,40p' "$out/wrk.txt"
echo "== $(cat "$out/posts.txt")"
echo "== $(cat "$out/idle.txt")"
echo "== server log: $(grep -c . "$out/server.log") lines ($(grep -ci 'error' "$out/server.log" || true) with 'error')"
echo "== verdict (samples in $out/soak.csv)"
python3 tools/soak/verdict.py "$out/soak.csv" "$warmup"
