#!/usr/bin/env bash
# Builds and runs Examples/HometownExample, a package that depends on this checkout as another tool would
# (`.package(path: "../..")`), and checks what it prints. Its build folder is Examples/HometownExample/.build.
set -euo pipefail
cd "$(dirname "$0")/HometownExample"
unset HOMETOWN_DATA   # the data folder is passed explicitly, as an app that ships the files would
log=$(mktemp)
swift build --product HometownExample >"$log" 2>&1 || { cat "$log" >&2; echo "Examples/run.sh: the example did not build" >&2; exit 1; }
rm -f "$log"
out=$(./.build/debug/HometownExample "$(cd ../.. && pwd)/data")
echo "$out"
expect() { grep -qF -- "$1" <<<"$out" || { echo "Examples/run.sh: expected '$1' in the output above" >&2; exit 1; }; }
expect "reverse: US / Minnesota / Minneapolis"
expect "clusters at zoom 3: [2, 1]"
expect "region: zoom"
echo "Examples/run.sh: the example package built against this checkout and answered as expected"
