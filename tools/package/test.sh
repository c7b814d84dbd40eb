#!/usr/bin/env bash
# The package test (run by tools/test.sh): builds both packages with tools/package.sh from an executable already
# built (HOMETOWN_BIN, default the debug build: no third build of the whole package), unpacks the .deb with
# `dpkg-deb -x` and the .tar.gz into clean folders, checks that both hold the same files, then runs the main
# job's commands from the unpacked .deb with the checkout out of reach (another working folder, no
# HOMETOWN_DATA): a reverse and a forward lookup, `serve` answering GET /hometown/count, /healthz, the web app
# and its OpenAPI document, `map`
# from that server; and checks the manual page, the completions and the service unit (`systemd-analyze verify`
# where it exists). A copy of the executable with no data beside it must fail, naming where it looked.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
bin=$(readlink -f "${HOMETOWN_BIN:-.build/debug/hometown}")
work=$(mktemp -d "${TMPDIR:-/tmp}/hometown-package-test.XXXXXX")
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2> /dev/null; then kill -KILL "$server_pid" || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "package test: $*" >&2; exit 1; }

bash tools/package.sh --bin "$bin" --out "$work/dist" --compression none > "$work/made" \
  || fail "tools/package.sh failed with exit status $?"
mapfile -t made < "$work/made"
[ "${#made[@]}" -eq 2 ] || fail "tools/package.sh printed ${#made[@]} paths, not the .deb's and the .tar.gz's"
deb=${made[0]}
tgz=${made[1]}
version=$("$bin" --version)
[ "$(basename "$deb")" = "hometown_${version}_amd64.deb" ] || fail "unexpected .deb name $deb"
[ "$(basename "$tgz")" = "hometown-${version}-linux-x86_64.tar.gz" ] || fail "unexpected .tar.gz name $tgz"

root=$work/root
dpkg-deb -x "$deb" "$root"
dpkg-deb -f "$deb" Package Version Architecture Depends > "$work/control"
grep -qx "Package: hometown" "$work/control" || fail "the .deb's control: $(cat "$work/control")"
grep -qx "Version: $version" "$work/control" || fail "the .deb's version: $(cat "$work/control")"
grep -q "^Depends: .*libc6" "$work/control" || fail "the .deb declares no libc6: $(cat "$work/control")"
dpkg-deb -f "$deb" Recommends > "$work/recommends"
grep -q "libproj" "$work/recommends" || fail "the .deb does not recommend PROJ's library: $(cat "$work/recommends")"
mkdir "$work/tar"
tar -C "$work/tar" -xzf "$tgz"
prefix=$work/tar/hometown-$version
# The same files: the .deb's usr/ tree and its lib/systemd are the .tar.gz's prefix.
(cd "$root/usr" && find . -type f | sort) > "$work/deb.files"
(cd "$root" && find lib -type f | sed 's|^|./|') | sort >> "$work/deb.files"
sort -o "$work/deb.files" "$work/deb.files"
(cd "$prefix" && find . -type f | sort) > "$work/tar.files"
diff "$work/deb.files" "$work/tar.files" || fail "the .deb and the .tar.gz hold different files"
for f in bin/hometown share/hometown/hometown.bin share/hometown/water.bin share/hometown/gazetteer.bin \
  share/hometown/tiles.bin share/man/man1/hometown.1.gz share/bash-completion/completions/hometown \
  share/zsh/vendor-completions/_hometown share/fish/vendor_completions.d/hometown.fish \
  share/doc/hometown/copyright share/doc/hometown/changelog.gz; do
  [ -s "$root/usr/$f" ] || fail "the .deb has no /usr/$f"
done
cmp -s "$root/usr/share/hometown/gazetteer.bin" data/gazetteer.bin || fail "the packaged gazetteer.bin is not data/'s"
[ -s "$root/lib/systemd/system/hometown.service" ] || fail "the .deb has no /lib/systemd/system/hometown.service"

# The manual page, the completions, the copyright.
zcat "$root/usr/share/man/man1/hometown.1.gz" > "$work/manual"
grep -q '^\.Dt HOMETOWN 1' "$work/manual" || fail "the manual page has no .Dt line"
bash -n "$root/usr/share/bash-completion/completions/hometown" || fail "the bash completion is not valid bash"
grep -q "complete .*hometown" "$root/usr/share/bash-completion/completions/hometown" || fail "bash completion"
grep -q "#compdef hometown" "$root/usr/share/zsh/vendor-completions/_hometown" || fail "zsh completion"
grep -q "complete -c 'hometown'" "$root/usr/share/fish/vendor_completions.d/hometown.fish" || fail "fish completion"
grep -q "Apache License" "$root/usr/share/doc/hometown/copyright" || fail "the copyright file has no licence"
grep -q "Natural Earth" "$root/usr/share/doc/hometown/copyright" || fail "the copyright file has no attribution"

# The main job from the unpacked package, far from the checkout.
mkdir "$work/elsewhere"
cd "$work/elsewhere"
run() { env -u HOMETOWN_DATA -u HOMETOWN_PUBLIC "$root/usr/bin/hometown" "$@"; }
run --version --verbose > "$work/version.txt"
grep -q "$root/usr/bin/../share/hometown/gazetteer.bin" "$work/version.txt" ||
  fail "--version --verbose does not find the packaged data: $(cat "$work/version.txt")"
grep -q "$repo/data" "$work/version.txt" && fail "the packaged executable reads the checkout's data"
run reverse 44.9661 -93.2938 > "$work/reverse.txt"
grep -q "Minneapolis" "$work/reverse.txt" || fail "reverse: $(cat "$work/reverse.txt")"
run forward "Minneapolis, Minnesota" > "$work/forward.txt"
grep -q "Minneapolis" "$work/forward.txt" || fail "forward: $(cat "$work/forward.txt")"
# Started without the function, so that $! is the server itself (env execs it).
env -u HOMETOWN_DATA -u HOMETOWN_PUBLIC "$root/usr/bin/hometown" serve --db "$work/hometown.sqlite" --port 0 \
  --scrypt-log-n 4 2> "$work/server.log" &
server_pid=$!
url=""
for _ in $(seq 1 600); do
  url=$(sed -n 's|.*serving on \(http://[^/]*\)/hometown/.*|\1|p' "$work/server.log" | sed -n 1p)
  [ -n "$url" ] && break
  kill -0 "$server_pid" 2> /dev/null || fail "serve exited: $(cat "$work/server.log")"
  sleep 0.2
done
[ -n "$url" ] || fail "serve did not listen within 120 s: $(cat "$work/server.log")"
count=$(curl -sS --max-time 30 "$url/hometown/count")
[ "$count" = "0" ] || fail "GET /hometown/count answered '$count'"
# Each answer to a file first: grep -q stops reading early, and pipefail would count curl's broken pipe.
get() { curl -sS --max-time 30 -o "$work/answer" "$url$1" || fail "GET $1 failed"; }
get /healthz
grep -q '"ready"' "$work/answer" || fail "GET /healthz is not ready: $(cat "$work/answer")"
get /
grep -qi "<!doctype html>" "$work/answer" || fail "GET / does not send the web app"
get /openapi.yaml
grep -q "^openapi: 3" "$work/answer" || fail "GET /openapi.yaml does not send the OpenAPI document"
run map --server "$url" --size 400x300 --out "$work/map.svg"
grep -q "<svg" "$work/map.svg" || fail "map wrote no SVG"
kill -TERM "$server_pid"
status=0
wait "$server_pid" || status=$?
server_pid=""
[ "$status" -eq 0 ] || fail "serve exited $status on SIGTERM: $(tail -n 5 "$work/server.log")"

# A copy of the executable with no data beside it says where it looked and how to point it at the data.
mkdir -p "$work/lonely/bin"
cp "$root/usr/bin/hometown" "$work/lonely/bin/hometown"
if env -u HOMETOWN_DATA "$work/lonely/bin/hometown" reverse 44.9661 -93.2938 > /dev/null 2> "$work/lonely.err"; then
  fail "a copied executable without data answered"
fi
grep -q "not found; looked in $work/lonely/bin/../share/hometown/" "$work/lonely.err" ||
  fail "a copied executable without data said: $(cat "$work/lonely.err")"
grep -q "HOMETOWN_DATA" "$work/lonely.err" || fail "the message does not say how to point at the data"

# The service unit: systemd's own check (an unknown key is only a warning there, so any output fails), on a
# copy that starts the unpacked executable (the package is not installed on this machine).
if command -v systemd-analyze > /dev/null; then
  mkdir "$work/unit"
  sed "s|/usr/bin/hometown|$root/usr/bin/hometown|" "$root/lib/systemd/system/hometown.service" \
    > "$work/unit/hometown.service"
  systemd-analyze verify --man=no "$work/unit/hometown.service" > "$work/verify.txt" 2>&1 ||
    fail "systemd-analyze verify: $(cat "$work/verify.txt")"
  if [ -s "$work/verify.txt" ]; then fail "systemd-analyze verify warned: $(cat "$work/verify.txt")"; fi
  unit_check="verified by systemd-analyze"
else
  grep -q "^ExecStart=/usr/bin/hometown serve" "$root/lib/systemd/system/hometown.service" || fail "the unit's ExecStart"
  unit_check="present (no systemd-analyze here)"
fi
echo "package test: $(basename "$deb") and $(basename "$tgz") hold the same $(wc -l < "$work/tar.files") files;" \
  "reverse, forward, serve, map and the missing-data message work from the unpacked package; the unit is $unit_check"
