#!/usr/bin/env bash
# Browser tests of the Hometown web app, as a person would use it.
#
# Starts `hometown serve` on loopback (a free port, a fresh temporary database, cheap password hashes), then runs
# webtest.py: it seeds posts through POST /hometown/adduser and drives headless Debian Chromium through
# Selenium. Screenshots go to tools/webtest/out/ (map.png, list.png, form.png, owner.png, phone.png; the server's
# log too); `--docs-png docs/webapp.png` also copies map.png there for the README. Exits non-zero on any failure.
#
#   tools/webtest/run.sh                  # all tests, stop at the first failure
#   tools/webtest/run.sh --keep-going     # every test; also --only test_phone, --help
#   tools/webtest/run.sh --assert-weight  # also require the first tiles under 0.5 s (the 350 KB always)
#                                         # (test_weight opens the page on a server started afresh, at once)
#
# Needs: a built hometown (HOMETOWN_BIN, default .build/debug/hometown), chromium and chromium-driver, python3
# with venv, and PyPI for the first run (selenium and its dependencies, pinned in requirements.txt, and axe-core's
# wheel, pinned below, go into tools/webtest/.venv). Selenium Manager never downloads anything: the driver is
# given by path, SE_OFFLINE=true.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
bin="${HOMETOWN_BIN:-$repo/.build/debug/hometown}"
python="${PYTHON:-python3}"
out="$here/out"

fail() { echo "webtest: $*" >&2; exit 2; }
[ -x "$bin" ] || fail "no hometown binary at $bin: build it (swift build) or set HOMETOWN_BIN"
[ -x /usr/bin/chromium ] || fail "no /usr/bin/chromium: apt-get install chromium"
[ -x /usr/bin/chromedriver ] || fail "no /usr/bin/chromedriver: apt-get install chromium-driver"

# axe-core for the accessibility checks (axecheck.py): its axe.min.js (4.12.1) ships inside this PyPI wheel, which
# is installed without its dependencies (Playwright is never pulled in; only the JavaScript file is used).
axe_wheel="axe-playwright-python==0.1.8"

# The virtualenv, made again whenever requirements.txt or the axe pin changes.
venv="$here/.venv"
wanted="$(cat "$here/requirements.txt"; echo "--no-deps $axe_wheel")"
if [ ! -x "$venv/bin/python" ] || [ "$wanted" != "$(cat "$venv/requirements.installed" 2>/dev/null)" ]; then
    echo "webtest: installing the pinned requirements into $venv"
    "$python" -m venv "$venv" || fail "python3 -m venv failed (apt-get install python3-venv)"
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt" || fail "pip install failed"
    "$venv/bin/pip" install --quiet --disable-pip-version-check --no-deps "$axe_wheel" || fail "pip install $axe_wheel failed"
    printf '%s\n' "$wanted" > "$venv/requirements.installed"
fi

# The server, on loopback only.
mkdir -p "$out"
rm -f "$out"/*.png                               # no screenshot of an earlier run is left to mislead
work="$(mktemp -d)"
log="$out/server.log"
"$bin" serve --host 127.0.0.1 --port 0 --db "$work/webtest.sqlite" --scrypt-log-n 4 \
    --public "$repo/Sources/HometownServer/Public" >"$log" 2>&1 &
pid=$!
cleanup() {
    kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

base=""
for _ in $(seq 1 600); do                        # up to 60 s (a debug build loads its data slowly)
    base="$(grep -a -o 'http://127\.0\.0\.1:[0-9]*' "$log" | head -n 1 || true)"
    [ -n "$base" ] && break
    kill -0 "$pid" 2>/dev/null || { cat "$log" >&2; fail "the server exited at start-up (log above)"; }
    sleep 0.1
done
[ -n "$base" ] || { cat "$log" >&2; fail "the server did not say where it listens within 60 s"; }
echo "webtest: hometown serve at $base ($bin)"

status=0
SE_OFFLINE=true PYTHONDONTWRITEBYTECODE=1 "$venv/bin/python" "$here/webtest.py" --base "$base" --out "$out" \
    --fresh-server "$bin" "$work/webtest.sqlite" "$repo/Sources/HometownServer/Public" "$@" || status=$?
if [ "$status" -ne 0 ]; then
    echo "webtest: FAILED (status $status); the server's log is $log" >&2
fi
exit "$status"
