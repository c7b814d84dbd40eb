#!/usr/bin/env bash
# Checks the running server against its own OpenAPI document (Sources/HometownServer/Public/openapi.yaml):
# starts `hometown serve` on a free loopback port with a fresh temporary database, then lets schemathesis
# generate requests for every operation of the document (its examples, boundary values, random valid and
# invalid inputs, and chains of calls) and check that no response is a 5xx and that every response's status,
# content type and body are the ones the document gives. Also posts one body over the 16 KiB limit (which
# schemathesis does not generate) and checks the documented 413.
#
# Usage: tools/check-openapi.sh            (after `swift build --product hometown`)
# Environment:
#   HOMETOWN_BIN            the hometown executable (default .build/debug/hometown)
#   OPENAPI_MAX_EXAMPLES    test cases per operation and phase (default 50; about 30 s on 2 cores)
#   OPENAPI_SEED            schemathesis seed, to replay a run (default: random; every run prints its seed)
# The first run creates a virtualenv in tools/openapi/.venv and installs schemathesis into it (PyPI).
# Exit status: 0 when every check passed; 1 when schemathesis or the 413 probe found a failure; 2 when the
# check could not run (no binary, server did not start).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

SCHEMATHESIS_VERSION=4.32.5
VENV=$ROOT/tools/openapi/.venv
BIN=${HOMETOWN_BIN:-.build/debug/hometown}
MAX_EXAMPLES=${OPENAPI_MAX_EXAMPLES:-50}
PUBLIC=$ROOT/Sources/HometownServer/Public

if [[ ! -x $BIN ]]; then
    echo "check-openapi: no executable at $BIN: run 'swift build --product hometown' first, or set HOMETOWN_BIN" >&2
    exit 2
fi
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")

# (a) schemathesis, pinned, in a virtualenv of its own.
if [[ ! -x $VENV/bin/st ]] || [[ $("$VENV/bin/pip" show schemathesis 2>/dev/null | sed -n 's/^Version: //p') != "$SCHEMATHESIS_VERSION" ]]; then
    echo "check-openapi: installing schemathesis $SCHEMATHESIS_VERSION into $VENV"
    [[ -x $VENV/bin/python ]] || python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q "schemathesis==$SCHEMATHESIS_VERSION"
fi

# (b) the server: fresh database, cheap password hashing, any free port (it prints the one it bound).
WORK=$(mktemp -d "${TMPDIR:-/tmp}/hometown-openapi.XXXXXX")
SERVER_PID=
stop_server() {
    if [[ -n $SERVER_PID ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill -TERM "$SERVER_PID" 2>/dev/null || true
        for _ in $(seq 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    rm -rf "$WORK"
}
# (d) always stop the server and remove the temporary files.
trap stop_server EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

"$BIN" serve --host 127.0.0.1 --port 0 --db "$WORK/hometown.sqlite" --scrypt-log-n 4 --public "$PUBLIC" \
    >"$WORK/server.log" 2>&1 &
SERVER_PID=$!

BASE=
for _ in $(seq 600); do
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then
        echo "check-openapi: the server exited at start:" >&2
        cat "$WORK/server.log" >&2
        exit 2
    fi
    if [[ -z $BASE ]]; then
        PORT=$(sed -n 's|.*serving on http://127\.0\.0\.1:\([0-9][0-9]*\)/.*|\1|p' "$WORK/server.log" | sed -n 1p)
        [[ -n $PORT ]] && BASE=http://127.0.0.1:$PORT
    fi
    if [[ -n $BASE ]] && [[ $(curl -s -o /dev/null -w '%{http_code}' "$BASE/hometown/count" || true) == 200 ]]; then
        break
    fi
    sleep 0.1
done
if [[ -z $BASE ]] || [[ $(curl -s -o /dev/null -w '%{http_code}' "$BASE/hometown/count" || true) != 200 ]]; then
    echo "check-openapi: the server did not answer /hometown/count within 60 s:" >&2
    cat "$WORK/server.log" >&2
    exit 2
fi
echo "check-openapi: server at $BASE (pid $SERVER_PID, database $WORK/hometown.sqlite)"

# (c) schemathesis against the served document. Run from the temporary folder so that its caches
# (.hypothesis, .schemathesis) do not land in the repository.
ST_ARGS=(
    run "$BASE/openapi.yaml"
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance
    --max-examples "$MAX_EXAMPLES"
    --generation-database none
    --request-timeout 30
    --report junit --report-junit-path "$WORK/junit.xml"
    --no-color
)
[[ -n ${OPENAPI_SEED:-} ]] && ST_ARGS+=(--seed "$OPENAPI_SEED")
set +e
(cd "$WORK" && "$VENV/bin/st" "${ST_ARGS[@]}")
ST_STATUS=$?
set -e

# The documented 413: a body one byte over 16384 (schemathesis never makes bodies this large).
PROBE_FAILED=0
python3 -c 'import sys; sys.stdout.write("{\"nickname\": \"x\"" + " " * (16384 - 16) + "}")' >"$WORK/big.json"
PROBE=$(curl -s -o "$WORK/big.out" -w '%{http_code} %{content_type}' -X POST -H 'Content-Type: application/json' \
    --data-binary @"$WORK/big.json" "$BASE/hometown/adduser" || true)
if [[ $PROBE != "413 application/json"* ]] || ! grep -q '"error"' "$WORK/big.out"; then
    echo "check-openapi: FAILED POST /hometown/adduser with a $(wc -c <"$WORK/big.json")-byte body:" \
        "expected 413 application/json {\"error\": ...}, got $PROBE $(head -c 200 "$WORK/big.out")" >&2
    PROBE_FAILED=1
fi

if grep -q -E 'error hometown\.server|critical hometown\.server' "$WORK/server.log"; then
    echo "check-openapi: the server logged errors during the run:" >&2
    grep -E 'error hometown\.server|critical hometown\.server' "$WORK/server.log" | sed 's/^[^ ]* //' | sort | uniq -c | head -n 20 >&2
fi

# (e) Summary from schemathesis's JUnit report: one test case per operation, failed when any of its
# generated requests failed a check. Without the report (schemathesis could not run), its status speaks.
SUMMARY=
if [[ -s $WORK/junit.xml ]]; then
    SUMMARY=$(python3 - "$WORK/junit.xml" <<'EOF' || true
import sys
import xml.etree.ElementTree as ET
cases = list(ET.parse(sys.argv[1]).getroot().iter("testcase"))
failed = sum(1 for c in cases if c.find("failure") is not None or c.find("error") is not None)
skipped = sum(1 for c in cases if c.find("skipped") is not None)
passed = len(cases) - failed - skipped
operations = sum(1 for c in cases if c.get("name", "").split(" ")[0] in ("GET", "POST", "PUT", "PATCH", "DELETE"))
print(f"{passed} {failed} {skipped} {operations}")
EOF
)
fi
if [[ $ST_STATUS -ne 0 || $PROBE_FAILED -ne 0 ]]; then
    STATUS=1
else
    STATUS=0
fi
if [[ -n $SUMMARY ]]; then
    read -r PASSED FAILED SKIPPED OPERATIONS <<<"$SUMMARY"
    FAILED=$((FAILED + PROBE_FAILED))
    PASSED=$((PASSED + 1 - PROBE_FAILED))
    if [[ $STATUS -ne 0 && $FAILED -eq 0 ]]; then
        echo "check-openapi: schemathesis exited with status $ST_STATUS" >&2
    fi
    [[ $SKIPPED -gt 0 ]] && SKIPPED_TEXT=", $SKIPPED skipped" || SKIPPED_TEXT=
    echo "openapi: $PASSED passed, $FAILED failed$SKIPPED_TEXT ($OPERATIONS operations and the stateful run by schemathesis, plus the 413 probe)"
else
    echo "check-openapi: schemathesis exited with status $ST_STATUS; 413 probe $([[ $PROBE_FAILED -eq 0 ]] && echo passed || echo failed)"
fi
exit $STATUS
