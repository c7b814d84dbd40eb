#!/usr/bin/env bash
# The whole test suite, what CI runs (.ci/run):
#   tools/test.sh           installs the missing system packages, checks the formatting, builds, runs the load
#                           tests alone, every other Swift suite once (the concurrent ones under ThreadSanitizer,
#                           last), the fuzz targets, the example package (Examples/), the packages (built and run
#                           unpacked, tools/package/test.sh), the browser tests of the web app (headless Chromium
#                           against a real server on loopback, tools/webtest/), the Spark job on 1,000,000 rows in
#                           local[2] (tools/spark/) and the check of the running server against its OpenAPI
#                           document (schemathesis). Each Python tool keeps its own virtualenv under its folder.
#                           Half an hour to an hour on two cores from a clean clone (docs/testing.md).
#   tools/test.sh --quick   the inner loop: the formatting, the import check, the build and the engine's unit
#                           suites, which start no server or command (about 100 seconds once the build is there).
set -euo pipefail
cd "$(dirname "$0")/.."
quick=false
case "${1:-}" in
  --quick) quick=true ;;
  "") ;;
  *) echo "usage: tools/test.sh [--quick]" >&2; exit 2 ;;
esac
# Each step prints its wall time and the total so far on stderr ("test.sh: 3 min 12 s for ..."), so a slow step
# shows in CI's log.
started=$SECONDS
# The machine's CPU time so far (/proc/stat, in clock ticks): "busy idle", idle counting the time waiting for the
# disk. A step's share of busy time shows how much room it left (the background build's share included).
cpu_ticks() {
  local _ user nice system idle iowait irq softirq steal
  read -r _ user nice system idle iowait irq softirq steal _ < /proc/stat
  echo "$((user + nice + system + irq + softirq + steal)) $((idle + iowait))"
}
step() {
  local t=$SECONDS before after
  before=$(cpu_ticks)
  "$@"
  after=$(cpu_ticks)
  local d=$((SECONDS - t)) all=$((SECONDS - started))
  local busy=$((${after% *} - ${before% *})) idle=$((${after#* } - ${before#* }))
  echo "test.sh: $((d / 60)) min $((d % 60)) s for: $* ($((all / 60)) min $((all % 60)) s in all;" \
    "CPU busy $((100 * busy / (busy + idle + 1)))% of $(nproc) cores)" >&2
}
step bash tools/install-deps.sh
# One formatting (swift-format from the toolchain, configured in .swift-format): fails on any file it would change.
step swift format lint --strict --recursive --parallel Sources Tests tools Examples Package.swift
# Every module imports only what Package.swift declares for it (the manifest read without building).
step python3 tools/check-imports.py
# From nothing each module is compiled whole; a folder built before keeps its mode (tools/compile-flags.sh). Every
# `swift test` below gets the same flags: it writes the build plan again (.build/debug.yaml), where the mode is read.
mapfile -t compile_flags < <(bash tools/compile-flags.sh .build)
step swift build --build-tests "${compile_flags[@]}"
if $quick; then
  step swift test --skip-build "${compile_flags[@]}" \
    --filter 'Hometown(Core|Protocol|Vocabulary|Proj|GEOS|Boundaries|Gazetteer|Viewport|Basemap|Tiles|Clustering|Markers)Tests'
  exit 0
fi
# The Swift tests start real servers, commands and databases. Swift Testing would start every test at once: at most
# 6 run together, and at most one child process per core does its heavy part at a time (loading, a whole command;
# Tests/HometownTestSupport/ProcessSlots.swift), so that no deadline in a test depends on how many others run
# beside it. (`swift test` run by hand wants the same variable.)
export SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH="${SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH:-6}"
# The load tests (a 100,000-user server process measured for memory and latency) first and alone, so that nothing
# shares the two cores with what they measure.
step swift test --skip-build "${compile_flags[@]}" --filter ServerLoadTests
# Every other suite once: the suites of tools/sanitizers/thread-suites run only under ThreadSanitizer (last step),
# where their tests and assertions are the same (time bounds that catch a hang are scaled by TestSlowdown).
# The tests that file's "-" lines name run here instead, in a second run of their own.
skips=(--skip ServerLoadTests)
ordinary=()
while IFS= read -r line; do
  case "$line" in '' | '#'*) ;; -*) ordinary+=(--filter "${line#-}") ;; *) skips+=(--skip "$line") ;; esac
done < tools/sanitizers/thread-suites
# The tests of tools/quiet-tests (times the product promises) run next, in a run of their own, while the cores are
# still free.
quiet=()
while IFS= read -r line; do
  case "$line" in '' | '#'*) ;; *) skips+=(--skip "$line") quiet+=(--filter "$line") ;; esac
done < tools/quiet-tests
if [ ${#quiet[@]} -gt 0 ]; then step swift test --skip-build "${compile_flags[@]}" "${quiet[@]}"; fi
# From here to the sanitizer's run, its build (tools/sanitizers/run.sh --build-only, into .build-tsan) goes on in
# the background in the idle scheduling class (SCHED_IDLE, inherited by every compiler it starts): it gets only the
# CPU time the steps between leave unused, while they wait on servers, browsers and the JVM. It still slows them
# (they share memory, caches and the disk with it), by less than it saves at the end; docs/testing.md has the times.
# Where the idle class cannot be set, the sanitizer's step builds as it runs. The build's output goes to a file,
# shown if it fails.
tsan_pid=
tsan_log=
stop_tsan_build() { if [ -n "$tsan_pid" ]; then kill -- -"$tsan_pid" 2> /dev/null || true; fi; }
trap stop_tsan_build EXIT
if chrt --idle 0 true 2> /dev/null; then
  tsan_log=$(mktemp /tmp/hometown-tsan-build.XXXXXX)
  # setsid: a process group of its own, so that a failing step stops the whole build (the EXIT trap).
  setsid chrt --idle 0 timeout 90m bash -c 't=$(date +%s); bash tools/sanitizers/run.sh thread --build-only
    rc=$?; echo "test.sh: the background build ended with status $rc after $(($(date +%s) - t)) s"; exit $rc' \
    > "$tsan_log" 2>&1 < /dev/null &
  tsan_pid=$!
  echo "test.sh: the ThreadSanitizer build goes on in the background at the idle priority (output: $tsan_log)" >&2
fi
step swift test --skip-build "${compile_flags[@]}" "${skips[@]}"
if [ ${#ordinary[@]} -gt 0 ]; then step swift test --skip-build "${compile_flags[@]}" "${ordinary[@]}"; fi
# Fuzzing: every libFuzzer target over its committed corpus, then 25 s of fuzzing each, two at a time
# (12 targets: about 2.5 minutes after a first build of about 3 minutes); fails on any crash or oracle mismatch.
step env FUZZ_JOBS=2 FUZZ_SEED="${FUZZ_SEED:-1}" bash tools/fuzz/run.sh all 25
step bash Examples/run.sh
# The packages (tools/package.sh) from the debug build: unpacked, they run the main job with the checkout out of
# reach.
step env HOMETOWN_BIN=.build/debug/hometown bash tools/package/test.sh
step bash tools/webtest/run.sh
step env HOMETOWN_BIN=.build/debug/hometown bash tools/spark/test.sh
step bash tools/check-openapi.sh
# ThreadSanitizer, last: the suites of tools/sanitizers/thread-suites, built with --sanitize=thread in .build-tsan
# (the `hometown` processes they start too); fails on a failed test or on any report; bounded by `timeout`. Its
# build and run times are in docs/testing.md.
wait_tsan_build() {
  local rc=0
  wait "$tsan_pid" || rc=$?
  tsan_pid=
  tail -n 1 "$tsan_log" >&2
  if [ "$rc" -ne 0 ]; then
    echo "test.sh: the ThreadSanitizer build failed (status $rc):" >&2
    cat "$tsan_log" >&2
    return "$rc"
  fi
  rm -f "$tsan_log"
}
if [ -n "$tsan_pid" ]; then
  step wait_tsan_build
  step timeout 50m bash tools/sanitizers/run.sh thread --no-build
else
  step timeout 50m bash tools/sanitizers/run.sh thread
fi
