#!/usr/bin/env bash
# Installs missing system packages, builds the hometown CLI in release (static Swift runtime, for fast
# start-up), and runs the main job on the embedded default: starts `hometown serve` on a fresh SQLite database,
# posts a user from a clicked point (44.9661, -93.2938: Minneapolis), lists the users, prints the map region that
# fits them, draws them as an SVG map, stops the server and says what it did.
# With arguments, runs `hometown ARGS...` instead (e.g. tools/run.sh reverse 47.6062 -122.3321).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
swift build -c release --static-swift-stdlib --product hometown
BIN=$PWD/.build/release/hometown
if [ $# -gt 0 ]; then exec "$BIN" "$@"; fi

work=$(mktemp -d)
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then kill -TERM "$server_pid"; wait "$server_pid" || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

echo "== 1. hometown serve --db $work/hometown.sqlite --port 0   (a fresh database; any free port)"
"$BIN" serve --db "$work/hometown.sqlite" --port 0 2> "$work/server.log" &
server_pid=$!
url=""
for _ in $(seq 1 300); do
  url=$(sed -n 's|.*serving on \(http://[^/]*\)/hometown/.*|\1|p' "$work/server.log" | sed -n 1p)
  [ -n "$url" ] && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
  sleep 0.1
done
[ -n "$url" ] || { echo "run: the server did not start" >&2; cat "$work/server.log" >&2; exit 1; }
echo "   listening on $url"

echo
echo "== 2. hometown post --at 44.9661,-93.2938 --nickname minnesota_student --year 2016 --server $url"
echo "      (password from HOMETOWN_PASSWORD; the point is reverse-geocoded and named in the server's vocabulary)"
HOMETOWN_PASSWORD=correct-horse "$BIN" post --at 44.9661,-93.2938 --nickname minnesota_student --year 2016 --server "$url"

echo
echo "== 3. hometown users --server $url"
"$BIN" users --server "$url"
"$BIN" users --server "$url" --format json > "$work/users.json"

echo
echo "== 4. hometown region --input users.json --size 1024x768 --padding 40   (the map region that fits them)"
"$BIN" region --input "$work/users.json" --size 1024x768 --padding 40

echo
map_svg="${TMPDIR:-/tmp}/hometown-map.svg"
echo "== 5. hometown map --server $url --size 800x500 --out $map_svg   (the web app's view as SVG)"
"$BIN" map --server "$url" --size 800x500 --title "Hometown: the posts so far" --out "$map_svg"
echo "   wrote $map_svg ($(wc -c < "$map_svg") bytes); the same view is the web app at $url/"

echo
echo "== 6. stopping the server (SIGTERM: requests in flight finish, then the database closes)"
kill -TERM "$server_pid"
wait "$server_pid" || true
server_pid=""
grep -E "POST|GET" "$work/server.log" | sed 's/^/   log: /' | tail -n 6 || true
echo
echo "Done: started a Hometown server on a fresh SQLite database, turned the clicked point 44.9661, -93.2938 into"
echo "a post (USA / Minnesota / Minneapolis) that the server accepted, listed it, fitted a 1024x768 map to it,"
echo "drew it as an SVG map ($map_svg), and stopped the server."
