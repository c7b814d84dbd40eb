#!/usr/bin/env bash
# Load benchmark of `hometown serve` with wrk on loopback, against nginx serving the same response bytes.
#
# Usage: tools/bench/server/run.sh          (from anywhere; about 3 minutes after the release build)
#
# What it does:
#   1. Installs the Debian packages wrk and nginx if missing (apt-get as root, or through sudo). Only the nginx
#      binary is used, with a config of our own; the system's nginx service is neither started nor touched.
#   2. Builds hometown in release: swift build -c release --product hometown.
#   3. Seeds a fresh SQLite database of $USERS users (default 100,000) in a temp dir: starts `hometown serve` on
#      the new file so that it creates the schema, reads its vocabulary (countries, states) and samples real
#      places (forward + reverse endpoints) through seed.py, stops it (SIGTERM), then inserts the rows directly
#      with Python's sqlite3 (seed.py insert; fixed seed; one precomputed password hash for every row).
#   4. Starts `hometown serve` on that database at its default log level (info: one line per request). Its
#      stdout and stderr go to a FILE in the temp dir (so the per-request logging cost is included, as written
#      to a file); the line count is printed at the end, then the file is removed with the temp dir.
#   5. For each GET (users?country=USA&page=0, users?state=Minnesota&year=2016, count): fetches the answer with
#      curl, stores the bytes as a static file, and serves them from nginx (our config in the temp dir, running
#      as the current user, daemon off, access_log off, 2 workers, keepalive without a request limit) under the
#      same URI. Then wrk (-t$THREADS -c$CONNECTIONS -d$DURATION --latency, after a $WARMUP warm-up) against
#      hometown, then against nginx, back to back.
#      The server keeps no answer cache (every answer is assembled from its in-memory view of the users), so these
#      rows are the uncached case; extra rows make sure of it:
#        - "spelled differently": miss.lua asks the same users questions spelled differently each time (leading
#          zeros), so no answer could be reused even by query string; the answer bytes are checked to be identical;
#        - "a different query each request": vary.lua cycles through other pages, countries, states, years and page
#          sizes, so every answer differs from the one before (nginx column: the same-sized page of the first row).
#      The whole 100,000-user list: the server's time to first byte and to the last byte (curl, 5 times, median),
#      plain and gzip.
#      Each run's peak resident memory of hometown is sampled from /proc every 100 ms.
#   6. POST adduser last: adduser.lua, unique nicknames, production scrypt cost (no --scrypt-log-n), -t2
#      -c$POST_CONNECTIONS -d$POST_DURATION, timeout 10 s. Before that, one POST alone and two at once, timed with
#      curl (the scrypt cost on this machine). Then the mixed row: wrk GETs of users?country=USA&page=0 while
#      adduser.lua posts at the hash-bound rate at the same time (every post changes the data the GETs read).
#   7. Prints a Markdown table (also in out/summary.md); raw wrk outputs are in tools/bench/server/out/.
#      cpu.py measures, for each run, the CPU that programs other than wrk, hometown and nginx took (a build
#      beside the benchmark); 15 % or more is flagged, as it makes the numbers low and noisy.
#
# Note: the machine has 2 cores; wrk (2 threads) and the server (2 event loops + the SQLite thread pool) and
# nginx (2 workers) share them, so absolute numbers are lower than on separate machines; the ratio to nginx
# is the point.
#
# Environment: USERS (100000), SEED (42), THREADS (2), CONNECTIONS (32), DURATION (10s), WARMUP (2s),
#              POST_CONNECTIONS (4), POST_DURATION (15s), MISS (1: run the spelled-differently and different-query
#              rows; 0: skip them).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
cd "$root"

USERS="${USERS:-100000}"
SEED="${SEED:-42}"
THREADS="${THREADS:-2}"
CONNECTIONS="${CONNECTIONS:-32}"
DURATION="${DURATION:-10s}"
WARMUP="${WARMUP:-2s}"
POST_CONNECTIONS="${POST_CONNECTIONS:-4}"
POST_DURATION="${POST_DURATION:-15s}"
MISS="${MISS:-1}"
out="$here/out"

t_start=$SECONDS
say() { echo "bench-server [$((SECONDS - t_start)) s]: $*" >&2; }

# 1. Packages (only the missing ones; mirrors tools/install-deps.sh).
pkgs=(wrk nginx)
missing=()
for p in "${pkgs[@]}"; do
  [ "$(dpkg-query -W -f='${Status}' "$p" 2> /dev/null)" = "install ok installed" ] || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get -o DPkg::Lock::Timeout=120 update -q >&2
  $SUDO apt-get -o DPkg::Lock::Timeout=120 install -y -q --no-install-recommends "${missing[@]}" >&2
fi
NGINX="$(command -v nginx || echo /usr/sbin/nginx)"
command -v wrk >/dev/null && command -v curl >/dev/null && command -v python3 >/dev/null \
  || { say "needs wrk, curl and python3"; exit 1; }

# 2. Build.
swift build -c release --product hometown >&2
swift build -c release --product hometown-bench-hello >&2
bin="$(swift build -c release --product hometown --show-bin-path)/hometown"
hello="$(swift build -c release --product hometown --show-bin-path)/hometown-bench-hello"

# 3. Temp dir, and stopping everything we start whatever happens.
work="$(mktemp -d "${TMPDIR:-/tmp}/hometown-bench-server.XXXXXX")"
server_pid=""
nginx_pid=""
stop_pid() { # pid: SIGTERM, wait up to 30 s, then SIGKILL
  local pid="$1" i
  kill -0 "$pid" 2>/dev/null || { wait "$pid" 2>/dev/null || true; return 0; }
  kill -TERM "$pid" 2>/dev/null || true
  for i in $(seq 300); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -0 "$pid" 2>/dev/null && { say "pid $pid ignored SIGTERM; killing it"; kill -KILL "$pid" 2>/dev/null || true; }
  wait "$pid" 2>/dev/null || true
}
cleanup() {
  [ -n "$server_pid" ] && stop_pid "$server_pid"
  [ -n "$nginx_pid" ] && stop_pid "$nginx_pid"
  server_pid=""; nginx_pid=""
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

port=""
start_server() { # log file; sets server_pid and port
  local log="$1" t0 i
  t0=$(date +%s.%N)
  "$bin" serve --db "$work/users.sqlite" --host 127.0.0.1 --port 0 >"$log" 2>&1 &
  server_pid=$!
  for i in $(seq 1200); do
    port="$(sed -n 's|.*serving on http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$log" | sed -n 1p)"
    [ -n "$port" ] && break
    kill -0 "$server_pid" 2>/dev/null || { cat "$log" >&2; say "the server did not start"; exit 1; }
    sleep 0.1
  done
  [ -n "$port" ] || { say "the server did not listen within 120 s"; exit 1; }
  say "hometown serve listening on 127.0.0.1:$port after $(python3 -c "print(f'{$(date +%s.%N) - $t0:.1f}')") s (pid $server_pid)"
}
stop_server() { stop_pid "$server_pid"; server_pid=""; }

# 4. Seed.
say "seeding $USERS users (seed $SEED) in $work/users.sqlite"
start_server "$work/seed-server.log"
python3 "$here/seed.py" places "http://127.0.0.1:$port/hometown" "$work/places.json" --seed "$SEED"
stop_server
python3 "$here/seed.py" insert "$work/users.sqlite" "$work/places.json" "$USERS" --seed "$SEED"

start_server "$work/server.log"
base="http://127.0.0.1:$port"

# 5. Response bytes for nginx, and nginx.
rm -rf "$out"
mkdir -p "$out" "$work/www" "$work/nginx/tmp"
gets=("users?country=USA&page=0" "users?state=Minnesota&year=2016" "count")
names=("users-country" "users-state-year" "count")
map_lines=""
for i in "${!gets[@]}"; do
  f="$work/www/${names[$i]}.json"
  code="$(curl -sS -o "$f" -w '%{http_code}' "$base/hometown/${gets[$i]}")"
  [ "$code" = 200 ] || { say "GET ${gets[$i]}: HTTP $code"; cat "$f" >&2; exit 1; }
  map_lines+="        \"/hometown/${gets[$i]}\" /${names[$i]}.json;"$'\n'
done
python3 - "$work/www" <<'EOF'
import json, sys
d = sys.argv[1]
a = json.load(open(f"{d}/users-country.json")); b = json.load(open(f"{d}/users-state-year.json")); n = json.load(open(f"{d}/count.json"))
print(f"bench-server: users?country=USA&page=0 -> {len(a)} users; users?state=Minnesota&year=2016 -> {len(b)} users; count -> {n}", file=sys.stderr)
if len(a) != 25 or len(b) < 10:
    sys.exit("bench-server: the seeded database does not give the expected answers")
EOF

nginx_port="$(free_port)"
user_line=""
[ "$(id -u)" -eq 0 ] && user_line="user $(id -un) $(id -gn);"
cat >"$work/nginx/nginx.conf" <<EOF
# nginx for the server benchmark: the same bytes as hometown's answers, as static files, under the same URIs.
$user_line
daemon off;
master_process on;
worker_processes 2;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    sendfile on;
    tcp_nopush on;
    tcp_nodelay on;
    keepalive_timeout 65;
    keepalive_requests 1000000;
    open_file_cache max=64 inactive=60s;
    client_body_temp_path $work/nginx/tmp/body;
    proxy_temp_path $work/nginx/tmp/proxy;
    fastcgi_temp_path $work/nginx/tmp/fastcgi;
    uwsgi_temp_path $work/nginx/tmp/uwsgi;
    scgi_temp_path $work/nginx/tmp/scgi;
    types { }
    default_type "application/json; charset=utf-8";
    map \$request_uri \$bench_file {
$map_lines        default /missing;
    }
    server {
        listen 127.0.0.1:$nginx_port;
        root $work/www;
        location / { try_files \$bench_file =404; }
    }
}
EOF
"$NGINX" -p "$work/nginx" -c "$work/nginx/nginx.conf" -e "$work/nginx/error.log" &
nginx_pid=$!
for i in $(seq 100); do
  curl -sf -o /dev/null "http://127.0.0.1:$nginx_port/hometown/count" && break
  kill -0 "$nginx_pid" 2>/dev/null || { cat "$work/nginx/error.log" >&2; say "nginx did not start"; exit 1; }
  sleep 0.1
done
for i in "${!gets[@]}"; do
  curl -sS -o "$work/check" "http://127.0.0.1:$nginx_port/hometown/${gets[$i]}"
  cmp -s "$work/check" "$work/www/${names[$i]}.json" || { say "nginx does not serve the same bytes for ${gets[$i]}"; exit 1; }
done
say "nginx $("$NGINX" -v 2>&1 | sed 's|.*/||') on 127.0.0.1:$nginx_port (pid $nginx_pid)"

# 6. wrk.
: >"$work/cpu"
cpu_mark() { python3 "$here/cpu.py" snap "$work/cpu-before"; }
cpu_note() { # name: the CPU other programs took since cpu_mark (a build beside the benchmark skews it)
  echo "$1 $(python3 "$here/cpu.py" diff "$work/cpu-before" <(python3 "$here/cpu.py" snap /dev/stdout) $$ "$server_pid" "$nginx_pid")" >>"$work/cpu"
}
rss_start() { # name: samples hometown's resident memory every 100 ms into out/name.rss (peak kB) until rss_stop
  local name="$1"
  ( peak=0
    while kill -0 "$server_pid" 2>/dev/null; do
      kb="$(awk '/^VmRSS:/ {print $2}' "/proc/$server_pid/status" 2>/dev/null || echo 0)"
      [ "${kb:-0}" -gt "$peak" ] && peak="$kb" && echo "$peak" >"$out/$name.rss"
      sleep 0.1
    done ) &
  rss_pid=$!
}
rss_stop() { kill "$rss_pid" 2>/dev/null || true; wait "$rss_pid" 2>/dev/null || true; }
wrk_run() { # name url [script [script args...]]: warm-up, then the measured run into out/name.txt
  local name="$1" url="$2" script=()
  shift 2
  if [ $# -gt 0 ]; then script=(-s "$1"); shift; fi
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$WARMUP" "${script[@]}" "$url" -- "$@" >/dev/null
  say "wrk -t$THREADS -c$CONNECTIONS -d$DURATION --latency ${script[*]} $url $*"
  cpu_mark
  case "$name" in *.hometown) rss_start "$name" ;; esac
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "${script[@]}" "$url" -- "$@" >"$out/$name.txt"
  case "$name" in *.hometown) rss_stop ;; esac
  cpu_note "$name"
}
: >"$out/manifest.tsv"
for i in "${!gets[@]}"; do
  n="${names[$i]}"
  wrk_run "$n.hometown" "$base/hometown/${gets[$i]}"
  wrk_run "$n.nginx" "http://127.0.0.1:$nginx_port/hometown/${gets[$i]}"
  printf 'get\t%s\t%s\t%s\t%s\t-\n' "${gets[$i]}" "$(stat -c %s "$work/www/$n.json")" "$n.hometown.txt" "$n.nginx.txt" >>"$out/manifest.tsv"
done

# The framework's ceiling: a Hummingbird responder that does no work, answering each GET row's own bytes.
for i in "${!gets[@]}"; do
  n="${names[$i]}"
  hello_port="$(free_port)"
  "$hello" "$hello_port" "$work/www/$n.json" >/dev/null 2>&1 &
  hello_pid=$!
  for _ in $(seq 1 100); do curl -sf -o /dev/null "http://127.0.0.1:$hello_port/hometown/${gets[$i]}" && break; sleep 0.1; done
  curl -sS -o "$work/check" "http://127.0.0.1:$hello_port/hometown/${gets[$i]}"
  cmp -s "$work/check" "$work/www/$n.json" || { say "the no-op responder does not answer the same bytes for ${gets[$i]}"; exit 1; }
  wrk_run "$n.framework" "http://127.0.0.1:$hello_port/hometown/${gets[$i]}"
  kill "$hello_pid"; wait "$hello_pid" 2>/dev/null || true
done

if [ "$MISS" = 1 ]; then
  miss_templates=("/hometown/users?country=USA&page={A}0&pagesize={B}25" "/hometown/users?state=Minnesota&year={A}2016&pagesize={B}25")
  miss_of=("users?country=USA&page=0" "users?state=Minnesota&year=2016")
  miss_names=("users-country" "users-state-year")
  for i in "${!miss_templates[@]}"; do
    n="${miss_names[$i]}"
    example="$(echo "${miss_templates[$i]}" | sed 's/{A}/00/; s/{B}/000/')"
    curl -sS -o "$work/check" "$base$example"
    cmp -s "$work/check" "$work/www/$n.json" || { say "$example does not give the same bytes as ${miss_of[$i]}"; exit 1; }
    wrk_run "$n.miss.hometown" "$base" "$here/miss.lua" "${miss_templates[$i]}"
    printf 'miss\t%s\t%s\t%s\t-\t%s\n' "${miss_of[$i]}" "$(stat -c %s "$work/www/$n.json")" "$n.miss.hometown.txt" "${miss_of[$i]}" >>"$out/manifest.tsv"
  done
  wrk_run "vary.hometown" "$base" "$here/vary.lua"
  printf 'vary\t%s\t%s\t%s\t-\t%s\n' "users, a different query each request" "$(stat -c %s "$work/www/users-country.json")" "vary.hometown.txt" "users?country=USA&page=0" >>"$out/manifest.tsv"
fi

# The whole list: time to first byte and to the last, plain and gzip (5 each, median).
whole_list() { # extra curl args...: prints "first last bytes" (seconds, seconds, bytes), the median run
  for _ in 1 2 3 4 5; do
    curl -sS -o /dev/null -w '%{time_starttransfer} %{time_total} %{size_download}\n' "$@" "$base/hometown/users"
  done | sort -n -k2 | sed -n 3p
}
rss_start "whole-list"
whole_plain="$(whole_list)"
whole_gzip="$(whole_list -H 'Accept-Encoding: gzip')"
rss_stop
say "whole list (first byte s, last byte s, bytes): plain $whole_plain; gzip $whole_gzip"

post_one() { # nickname: one POST adduser, prints "status seconds"
  curl -sS -o /dev/null -w '%{http_code} %{time_total}' -H 'Content-Type: application/json' \
    -d "{\"nickname\":\"$1\",\"password\":\"secret\",\"country\":\"USA\",\"state\":\"Minnesota\",\"city\":\"Minneapolis\",\"year\":2016,\"latitude\":44.97,\"longitude\":-93.26}" \
    "$base/hometown/adduser"
}
post_alone="$(post_one "alone_s$SEED")"
post_two_a="$(post_one "twin_a_s$SEED" & post_one "twin_b_s$SEED" >"$work/twin"; wait)"
post_two="$post_two_a, $(cat "$work/twin")"
say "one POST on the idle server: $post_alone (status, s); two at once: $post_two"
cpu_mark
say "wrk -t2 -c$POST_CONNECTIONS -d$POST_DURATION --latency --timeout 10s -s adduser.lua $base/hometown/adduser (production scrypt cost)"
wrk -t2 -c"$POST_CONNECTIONS" -d"$POST_DURATION" --latency --timeout 10s -s "$here/adduser.lua" \
  "$base/hometown/adduser" -- "s$SEED" >"$out/adduser.hometown.txt"
cpu_note adduser
# Mixed: GETs while posts run at the hash-bound rate (each post changes what the GETs read).
say "mixed: wrk GET users?country=USA&page=0 while adduser.lua posts ($POST_CONNECTIONS connections)"
wrk -t1 -c"$POST_CONNECTIONS" -d"$DURATION" --timeout 10s -s "$here/adduser.lua" "$base/hometown/adduser" -- "mix_s$SEED" \
  >"$out/mixed-posts.txt" &
mixed_posts_pid=$!
cpu_mark
rss_start "mixed.hometown"
wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$base/hometown/users?country=USA&page=0" >"$out/mixed.hometown.txt"
rss_stop
cpu_note mixed
wait "$mixed_posts_pid" || true
printf 'mixed\t%s\t%s\t%s\t-\t%s\n' "users?country=USA&page=0 while posts run" "$(stat -c %s "$work/www/users-country.json")" "mixed.hometown.txt" "users?country=USA&page=0" >>"$out/manifest.tsv"
post_bytes="$(printf '{"nickname":"bench_s%s_t1_1","password":"secret","country":"USA","state":"Minnesota","city":"Minneapolis","year":2016,"latitude":44.97,"longitude":-93.26}' "$SEED" | wc -c)"
printf 'post\tadduser\t%s\tadduser.hometown.txt\t-\t-\n' "$post_bytes" >>"$out/manifest.tsv"
after="$(curl -sS "$base/hometown/count")"

# 7. Report.
stop_server
log_lines="$(wc -l <"$work/server.log")"
log_bytes="$(stat -c %s "$work/server.log")"
{
  echo "## hometown serve vs nginx (same bytes), wrk on loopback"
  echo
  echo "$(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores ($(sed -n 's/^model name\s*: //p' /proc/cpuinfo | sed -n 1p)); wrk, hometown and nginx share them."
  echo "GETs: wrk -t$THREADS -c$CONNECTIONS -d$DURATION --latency after a $WARMUP warm-up; POST: wrk -t2 -c$POST_CONNECTIONS -d$POST_DURATION --latency --timeout 10s."
  echo "Database: $USERS seeded users (seed $SEED); $after users after the POST test."
  echo "hometown serve at --log-level info (default): one line per request, stdout+stderr to a file ($log_lines lines, $((log_bytes / 1024)) KiB this run)."
  echo "nginx: 2 workers, access_log off, static files of hometown's exact answer bytes."
  echo "POST adduser, production scrypt cost: one post on the idle server took $post_alone (status, seconds); two posts at once: $post_two."
  echo "Start-up: $(sed -n 's/.*\(loaded [0-9]* users into memory in [0-9]* ms (about [0-9]* MiB)\).*/\1/p' "$work/server.log" | sed -n 1p)."
  echo "The whole $USERS-user list (first byte s, last byte s, bytes; median of 5): plain $whole_plain; gzip $whole_gzip; hometown's peak resident memory meanwhile $(( $(cat "$out/whole-list.rss" 2>/dev/null || echo 0) / 1024 )) MiB."
  echo "Mixed row's posts: $(sed -n 's/^STATUS //p' "$out/mixed-posts.txt") in $DURATION beside the GETs."
  echo "CPU taken by other programs during each run, % of all cores (steal: the hypervisor's), expected near 0:"
  echo "$(sed 's/ other=\([0-9]*\) steal=\([0-9]*\) top=\(.*\)/ \1 % (steal \2 %, top \3)/' "$work/cpu" | paste -sd';' | sed 's/;/; /g')."
  if awk '{split($2, a, "="); if (a[2] + 0 >= 15) bad = 1} END {exit !bad}' "$work/cpu"; then
    echo "WARNING: other programs took 15 % or more of the CPU during some runs (a build?): their numbers are low and noisy."
  fi
  rps() { sed -n 's/^Requests\/sec: *\([0-9.]*\).*/\1/p' "$out/$1.txt"; }
  p99() { sed -n 's/^ *99% *\([0-9.]*[a-z]*\).*/\1/p' "$out/$1.txt"; }
  echo "Framework ceiling: a Hummingbird 2 responder doing no work (tools/bench/server/hello, same 6 bytes as GET count):" \
    "$(rps count.framework) req/s, p99 $(p99 count.framework); hometown GET count $(rps count.hometown) req/s;" \
    "nginx $(rps count.nginx) req/s: the framework alone reaches $(python3 -c "print(round(100 * $(rps count.framework) / $(rps count.nginx)))") % of nginx," \
    "hometown $(python3 -c "print(round(100 * $(rps count.hometown) / $(rps count.framework)))") % of the framework."
  echo
  python3 "$here/report.py" "$out"
} | tee "$out/summary.md"
say "raw wrk outputs: $out"
