#!/usr/bin/env bash
# The server benchmark's PostgreSQL mode: the same requests against `hometown serve` on SQLite and on
# PostgreSQL, one process and two processes on one database behind nginx, side by side in one run.
#
# Usage: tools/bench/server/backends.sh          (about 4 minutes after the release build)
#
# What it does:
#   1. Builds hometown in release; needs wrk, nginx, curl, python3 and PostgreSQL 15 (tools/install-deps.sh
#      installs postgresql and nginx; tools/bench/server/run.sh installs wrk).
#   2. Seeds a SQLite database of $USERS users (default 100,000) as run.sh does (seed.py, fixed seed), starts a
#      throwaway PostgreSQL cluster on 127.0.0.1 in the temp dir (initdb -A trust, pg_ctl; as the postgres user
#      when run as root) and copies the users into it with `hometown db copy` (the same rows on both backends).
#   3. For each backend and set-up -- one process reached directly, one process behind nginx, two processes on the
#      same database behind nginx (upstream with keep-alive, round robin) -- runs wrk (-t$THREADS -c$CONNECTIONS
#      -d$DURATION after a $WARMUP warm-up) on:
#        - GET users?country=USA&page=0 and GET count (answered from each process's in-memory view);
#        - POST adduser (adduser.lua, unique nicknames) with a cheap password hash (--scrypt-log-n 4), so that
#          the write path (the insert, its durable commit, the view's catch-up) is what is measured, not scrypt.
#   4. Prints a Markdown table (out/backends.md): requests/s and p99 latency per row, and for each row the ratio
#      to SQLite with one process reached directly. Nothing else should run meanwhile (it shares the 2 cores).
#
# What bounds each (2 cores): reads are answered from memory, so the backend matters only for posts; nginx takes
# CPU of its own, so "behind nginx" is the reference for two processes; two processes share the same two cores
# with wrk, nginx and (for PostgreSQL) the database's own processes, so they cannot double anything here -- on
# separate machines they would add the second machine's cores. SQLite posts are bound by the fsync of each
# commit (synchronous=FULL, one writer at a time across processes); PostgreSQL posts by its commit (WAL flush)
# and the advisory lock that keeps ids committing in order.
#
# Environment: USERS (100000), SEED (42), THREADS (2), CONNECTIONS (32), POST_CONNECTIONS (8), DURATION (10s),
#              WARMUP (2s).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
cd "$root"

USERS="${USERS:-100000}"
SEED="${SEED:-42}"
THREADS="${THREADS:-2}"
CONNECTIONS="${CONNECTIONS:-32}"
POST_CONNECTIONS="${POST_CONNECTIONS:-8}"
DURATION="${DURATION:-10s}"
WARMUP="${WARMUP:-2s}"
out="$here/out"
t_start=$SECONDS
say() { echo "bench-backends [$((SECONDS - t_start)) s]: $*" >&2; }

NGINX="$(command -v nginx || echo /usr/sbin/nginx)"
PGBIN="${HOMETOWN_PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}"
for tool in wrk curl python3; do command -v "$tool" >/dev/null || { say "needs $tool"; exit 1; }; done
[ -x "$NGINX" ] || { say "needs nginx (tools/install-deps.sh)"; exit 1; }
[ -x "$PGBIN/initdb" ] || { say "needs PostgreSQL (tools/install-deps.sh installs postgresql)"; exit 1; }

swift build -c release --product hometown >&2
bin="$(swift build -c release --product hometown --show-bin-path)/hometown"

work="$(mktemp -d "${TMPDIR:-/tmp}/hometown-bench-backends.XXXXXX")"
chmod 755 "$work"
pids=()
nginx_pid=""
as_pg=()
[ "$(id -u)" -eq 0 ] && as_pg=(runuser -u postgres --)
stop_pid() {
  local pid="$1" i
  kill -0 "$pid" 2>/dev/null || { wait "$pid" 2>/dev/null || true; return 0; }
  kill -TERM "$pid" 2>/dev/null || true
  for i in $(seq 300); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}
stop_servers() { local p; for p in "${pids[@]}"; do stop_pid "$p"; done; pids=(); }
cleanup() {
  stop_servers
  [ -n "$nginx_pid" ] && stop_pid "$nginx_pid"
  [ -d "$work/pg/data" ] && "${as_pg[@]}" "$PGBIN/pg_ctl" -D "$work/pg/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

port=""
start_server() { # db log [extra args...]: appends to pids, sets port
  local db="$1" log="$2" i
  shift 2
  "$bin" serve --db "$db" --host 127.0.0.1 --port 0 --log-level warning "$@" >"$log" 2>&1 &
  pids+=($!)
  port=""
  for i in $(seq 1200); do
    port="$(sed -n 's|.*serving on http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$log" | sed -n 1p)"
    [ -n "$port" ] && break
    kill -0 "${pids[-1]}" 2>/dev/null || { cat "$log" >&2; say "the server did not start"; exit 1; }
    sleep 0.1
  done
  [ -n "$port" ] || { say "the server did not listen within 120 s"; exit 1; }
}

# 2. Seed SQLite, start PostgreSQL, copy.
say "seeding $USERS users (seed $SEED)"
start_server "$work/users.sqlite" "$work/seed.log"
python3 "$here/seed.py" places "http://127.0.0.1:$port/hometown" "$work/places.json" --seed "$SEED"
stop_servers
python3 "$here/seed.py" insert "$work/users.sqlite" "$work/places.json" "$USERS" --seed "$SEED"

mkdir -p "$work/pg"
[ "$(id -u)" -eq 0 ] && chown postgres: "$work/pg"
pg_port="$(free_port)"
"${as_pg[@]}" "$PGBIN/initdb" -D "$work/pg/data" -A trust -U postgres -E UTF8 --locale=C >/dev/null
"${as_pg[@]}" "$PGBIN/pg_ctl" -D "$work/pg/data" -l "$work/pg/server.log" -w \
  -o "-p $pg_port -k $work/pg -c listen_addresses=127.0.0.1" start >/dev/null
"${as_pg[@]}" "$PGBIN/createdb" -h 127.0.0.1 -p "$pg_port" -U postgres hometown
pg_url="postgres://postgres@127.0.0.1:$pg_port/hometown"
say "copying the users into PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') on port $pg_port"
"$bin" db copy --from "$work/users.sqlite" --to "$pg_url" >&2

# 3. Runs.
mkdir -p "$out" "$work/nginx/tmp"
rm -f "$out"/backends.*.txt
nginx_port=""
start_nginx() { # upstream ports...
  local ups="" p i user_line=""
  for p in "$@"; do ups+="        server 127.0.0.1:$p;"$'\n'; done
  [ "$(id -u)" -eq 0 ] && user_line="user $(id -un) $(id -gn);"
  nginx_port="$(free_port)"
  cat >"$work/nginx/nginx.conf" <<CONF
$user_line
daemon off;
worker_processes 2;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $work/nginx/tmp/body;
    proxy_temp_path $work/nginx/tmp/proxy;
    fastcgi_temp_path $work/nginx/tmp/fastcgi;
    uwsgi_temp_path $work/nginx/tmp/uwsgi;
    scgi_temp_path $work/nginx/tmp/scgi;
    upstream hometown {
$ups        keepalive 64;
    }
    server {
        listen 127.0.0.1:$nginx_port;
        keepalive_requests 1000000;
        location / {
            proxy_pass http://hometown;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_buffering off;
        }
    }
}
CONF
  "$NGINX" -p "$work/nginx" -c "$work/nginx/nginx.conf" -e "$work/nginx/error.log" &
  nginx_pid=$!
  for i in $(seq 100); do curl -sf -o /dev/null "http://127.0.0.1:$nginx_port/hometown/count" && return 0; sleep 0.1; done
  say "nginx did not start"; cat "$work/nginx/error.log" >&2; exit 1
}
stop_nginx() { [ -n "$nginx_pid" ] && stop_pid "$nginx_pid"; nginx_pid=""; }

run_rows() { # name base
  local name="$1" base="$2"
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$WARMUP" "$base/hometown/users?country=USA&page=0" >/dev/null
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$base/hometown/users?country=USA&page=0" \
    >"$out/backends.$name.users.txt"
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$base/hometown/count" >"$out/backends.$name.count.txt"
  wrk -t2 -c"$POST_CONNECTIONS" -d"$DURATION" --latency --timeout 10s -s "$here/adduser.lua" \
    "$base/hometown/adduser" -- "b_${name}_$SEED" >"$out/backends.$name.post.txt"
  say "$name: done"
}

for backend in sqlite postgres; do
  db="$work/users.sqlite"
  [ "$backend" = postgres ] && db="$pg_url"
  start_server "$db" "$work/$backend-1.log" --scrypt-log-n 4
  run_rows "$backend.direct1" "http://127.0.0.1:$port"
  start_nginx "$port"
  run_rows "$backend.nginx1" "http://127.0.0.1:$nginx_port"
  stop_nginx
  first="$port"
  start_server "$db" "$work/$backend-2.log" --scrypt-log-n 4
  start_nginx "$first" "$port"
  run_rows "$backend.nginx2" "http://127.0.0.1:$nginx_port"
  stop_nginx
  # Both processes hold every post, whichever one took it.
  a="$(curl -sS "http://127.0.0.1:$first/hometown/count")"; sleep 0.3
  b="$(curl -sS "http://127.0.0.1:$port/hometown/count")"
  [ "$a" = "$b" ] || { say "$backend: the two processes disagree on count ($a, $b)"; exit 1; }
  stop_servers
done

python3 - "$out" "$USERS" <<'PY' | tee "$out/backends.md"
import re, sys
out, users = sys.argv[1], sys.argv[2]
def read(path):
    t = open(path).read()
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", t).group(1))
    m = re.search(r"99%\s+([\d.]+)(us|ms|s)\b", t)
    p99 = float(m.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[m.group(2)] if m else float("nan")
    st = re.search(r"STATUS 200=(\d+) 400=(\d+) 503=(\d+) other=(\d+)", t)
    errs = re.search(r"Non-2xx or 3xx responses: (\d+)", t)
    note = f" (200: {st.group(1)}, 503: {st.group(3)}, other: {int(st.group(2)) + int(st.group(4))})" if st else ""
    if errs and not st: note = f" ({errs.group(1)} non-2xx)"
    return rps, p99, note
rows = [("users", "GET users?country=USA&page=0"), ("count", "GET count"), ("post", "POST adduser (scrypt 2^4)")]
setups = [("direct1", "1 process"), ("nginx1", "1 process behind nginx"), ("nginx2", "2 processes behind nginx")]
print(f"Server on SQLite and PostgreSQL, {users} users, wrk on loopback (2 cores shared by all).\n")
print("| request | set-up | SQLite req/s | SQLite p99 ms | PostgreSQL req/s | PostgreSQL p99 ms | PostgreSQL / SQLite | vs SQLite 1 process |")
print("|---|---|---|---|---|---|---|---|")
for key, label in rows:
    base = read(f"{out}/backends.sqlite.direct1.{key}.txt")[0]
    for s, slabel in setups:
        a = read(f"{out}/backends.sqlite.{s}.{key}.txt"); b = read(f"{out}/backends.postgres.{s}.{key}.txt")
        print(f"| {label} | {slabel} | {a[0]:,.0f}{a[2]} | {a[1]:.1f} | {b[0]:,.0f}{b[2]} | {b[1]:.1f} | {b[0] / a[0]:.2f}x | {a[0] / base:.2f}x / {b[0] / base:.2f}x |")
PY
