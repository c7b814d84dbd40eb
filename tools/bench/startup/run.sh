#!/usr/bin/env bash
# Cold start of the command line: `hometown reverse LAT LON`, `hometown --help` and a PROJ command
# (`hometown distance`) against a bare `/usr/bin/python3 -S -c pass`, run interleaved (one of each in turn, so that
# whatever else uses the CPU falls on all of them alike), ROUNDS rounds (default 31); prints each median and
# the ratios. The release binary is built as tools/run.sh builds it (static Swift runtime).
#
#   tools/bench/startup/run.sh [ROUNDS]
#   HOMETOWN_BIN=path tools/bench/startup/run.sh    (measure another binary; nothing is built)
set -euo pipefail
cd "$(dirname "$0")/../../.."
if [ -z "${HOMETOWN_BIN:-}" ]; then
  swift build -c release --static-swift-stdlib --product hometown >/dev/null
  HOMETOWN_BIN=$PWD/.build/release/hometown
fi
/usr/bin/python3 tools/bench/startup/startup.py "$HOMETOWN_BIN" "${1:-31}"
