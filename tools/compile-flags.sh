#!/usr/bin/env bash
# Prints the extra `swift build` arguments for a debug build in BUILD_PATH (default .build), one a line:
#   tools/compile-flags.sh [BUILD_PATH]
# Used by tools/test.sh and tools/sanitizers/run.sh:  mapfile -t flags < <(bash tools/compile-flags.sh .build)
#
# A folder with no debug build yet is compiled module by module whole (-wmo, with one thread a core, so that each
# source file still gets its own object and index record): from nothing that takes about 14 % less time and CPU
# than SwiftPM's batches of files (docs/testing.md). A build with other flags compiles everything again, so a folder
# keeps the mode its last debug build used: after a plain `swift build` there (batches) this prints nothing, and the
# test command goes on in batches instead of compiling everything a second time. The mode is read from the build plan
# (BUILD_PATH/debug.yaml), which every `swift build` and `swift test` (even with --skip-build) writes again from its
# own flags: so the scripts pass these flags to their `swift test` runs as well.
set -euo pipefail
dir=${1:-.build}
manifest=$dir/debug.yaml
if [ ! -f "$manifest" ] || grep -q -- '"-wmo"' "$manifest"; then
  printf '%s\n' -Xswiftc -wmo -Xswiftc -num-threads -Xswiftc "$(nproc)"
fi
