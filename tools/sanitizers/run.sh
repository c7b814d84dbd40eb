#!/usr/bin/env bash
# Runs test suites under a sanitizer:
#   tools/sanitizers/run.sh thread|address [--build-only|--no-build] [SUITE...]
#
# Builds the tests and the `hometown` executable with `--sanitize=SANITIZER` in a build folder of their own
# (.build-tsan or .build-asan, so the ordinary debug build is untouched), then runs the suites: by default those
# listed in tools/sanitizers/thread-suites (the code that runs on several threads at once; never ServerLoadTests,
# whose time and memory limits measure an uninstrumented server). `--build-only` stops after the build,
# `--no-build` runs what an earlier build left. The `hometown` processes the tests start are the one built beside
# the tests, so they run under the same sanitizer.
#
# Every report of the test process and of the servers it starts goes to a file of its own (TSAN_OPTIONS /
# ASAN_OPTIONS log_path); the run fails when any test fails or any report was written, and prints the reports.
# Suppressions: tools/sanitizers/tsan.supp (each line with its reason); none for AddressSanitizer.
# Environment: SANITIZER_REPORTS  folder for the reports [a new temporary folder]
set -euo pipefail
cd "$(dirname "$0")/../.."
sanitizer=${1:-}
case "$sanitizer" in
  thread) build=.build-tsan ;;
  address) build=.build-asan ;;
  *) echo "usage: tools/sanitizers/run.sh thread|address [--build-only|--no-build] [SUITE...]" >&2; exit 2 ;;
esac
shift
steps=build-and-run
case "${1:-}" in
  --build-only) steps=build; shift ;;
  --no-build) steps=run; shift ;;
esac
suites=("$@")
# The tests the file's "-" lines name run in the ordinary build instead (tools/test.sh), so not here.
elsewhere=()
while IFS= read -r line; do
  case "$line" in -*) elsewhere+=(--skip "${line#-}") ;; esac
done < tools/sanitizers/thread-suites
if [ ${#suites[@]} -eq 0 ]; then
  while IFS= read -r line; do
    case "$line" in '' | '#'* | -*) ;; *) suites+=("$line") ;; esac
  done < tools/sanitizers/thread-suites
fi
filters=()
for s in "${suites[@]}"; do filters+=(--filter "$s"); done
# Skipped: the load tests (their time and memory limits measure an uninstrumented server). Time bounds that only
# catch a hang or a wait far too long are multiplied by HOMETOWN_TEST_SLOWDOWN (Tests/HometownTestSupport/
# TestSlowdown.swift): 4 under ThreadSanitizer, 2 under AddressSanitizer. Without it, two tests overran under TSan on
# 2 busy cores (a post bounded at 29 s took 33.8 s; a 60 s time limit).
skips=(--skip ServerLoadTests "${elsewhere[@]}")
# At most 6 tests at once, as tools/test.sh runs them (without it, Swift Testing starts every test at once and the
# servers' deadlines run out on two cores).
export SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH="${SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH:-6}"
if [ "$sanitizer" = thread ]; then export HOMETOWN_TEST_SLOWDOWN=${HOMETOWN_TEST_SLOWDOWN:-4}; fi
if [ "$sanitizer" = address ]; then export HOMETOWN_TEST_SLOWDOWN=${HOMETOWN_TEST_SLOWDOWN:-2}; fi
# Only what the run needs: the tests and the `hometown` they start. The offline tools and benchmark drivers are
# built, and so checked, by the ordinary build (under this sanitizer they added about a minute).
# The run passes the build's flags too: `swift test` writes the build plan again, where compile-flags.sh reads the mode.
mapfile -t compile_flags < <(bash tools/compile-flags.sh "$build")
if [ "$steps" != run ]; then
  for product in HometownPackageTests hometown; do
    swift build --sanitize="$sanitizer" --build-path "$build" --product "$product" "${compile_flags[@]}"
  done
fi
[ "$steps" != build ] || exit 0
# A folder made here is removed when the run leaves no report in it; one that holds reports is kept (its path is
# printed with them), as is a folder SANITIZER_REPORTS names.
if [ -n "${SANITIZER_REPORTS:-}" ]; then
  reports=$SANITIZER_REPORTS
  mkdir -p "$reports"
  rm -f "$reports"/report.*
else
  reports=$(mktemp -d /tmp/hometown-sanitizer.XXXXXX)
  trap 'rmdir "$reports" 2>/dev/null || true' EXIT
fi
status=0
# halt_on_error=0: a run shows every report, not only the first; second_deadlock_stack: both stacks of an
# inversion; the suppressions file is read by every process started (children inherit the environment).
TSAN_OPTIONS="log_path=$reports/report halt_on_error=0 second_deadlock_stack=1 suppressions=$PWD/tools/sanitizers/tsan.supp" \
  ASAN_OPTIONS="log_path=$reports/report detect_leaks=0 strict_string_checks=1 detect_stack_use_after_return=1" \
  swift test --skip-build --sanitize="$sanitizer" --build-path "$build" "${compile_flags[@]}" "${filters[@]}" "${skips[@]}" ||
  status=$?
shopt -s nullglob
found=()
for f in "$reports"/report.*; do
  # A CHECK failure of the TSan runtime itself in the child of a posix_spawn (its clone interceptor, before the
  # child execs) is no report on this code: shown, not counted (seen once in a run of the server suite).
  if grep -q "ThreadSanitizer: CHECK failed" "$f" && grep -q "ForkChildAfter" "$f" && ! grep -q "WARNING:" "$f"; then
    echo "sanitizers: a ThreadSanitizer runtime CHECK failure in a spawned child, not counted:" >&2
    head -n 12 "$f" >&2
    continue
  fi
  found+=("$f")
done
if [ ${#found[@]} -gt 0 ]; then
  echo "sanitizers: ${#found[@]} process(es) wrote $sanitizer sanitizer reports:" >&2
  for f in "${found[@]}"; do echo "== $f" >&2; cat "$f" >&2; done
  exit 1
fi
[ "$status" -eq 0 ] || { echo "sanitizers: the tests failed under the $sanitizer sanitizer (status $status)" >&2; exit "$status"; }
echo "sanitizers: ${suites[*]} passed under the $sanitizer sanitizer with no report"
