#!/usr/bin/env bash
# PROJ benchmark: HometownProj's batch transform vs pyproj's Transformer.transform on numpy arrays, 1,000,000
# points EPSG:4326 -> EPSG:3857 and -> EPSG:32615 (UTM 15N), in one run; prints the ratios side by side.
# Usage: tools/bench/proj/run.sh [N] [ROUNDS] [SEED]   (defaults 1000000 7 42)   (from anywhere)
#   Builds hometown-bench-proj in release with scratch path $SCRATCH_PATH (default .build-proj).
#   pyproj and numpy go into tools/bench/proj/.venv (gitignored). pyproj is built from source against the
#   system's PROJ (Debian libproj-dev, the PROJ Hometown links), so both sides run the same PROJ and the ratio
#   is the wrappers' overhead; PYPROJ_WHEEL=1 installs PyPI's binary wheel instead (it bundles its own PROJ).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
cd "$root"
scratch="${SCRATCH_PATH:-.build-proj}"
swift build --scratch-path "$scratch" -c release --product hometown-bench-proj >&2
bin="$(swift build --scratch-path "$scratch" -c release --show-bin-path)/hometown-bench-proj"
venv="$here/.venv"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
if ! "$venv/bin/python" -c "import numpy, pyproj" 2>/dev/null; then
  if [ "${PYPROJ_WHEEL:-0}" = 1 ]; then
    "$venv/bin/pip" install -q numpy pyproj >&2
  else
    # pyproj 3.6 is the last release that builds against PROJ 9.1 (Debian 12's); built with Cython 3 it fails at
    # run time ("expected bytes, str found"), so it is built with Cython 0.29 without build isolation.
    "$venv/bin/pip" install -q numpy "cython<3" setuptools wheel >&2
    PROJ_DIR=/usr "$venv/bin/pip" install -q --no-build-isolation --no-cache-dir "pyproj==3.6.1" --no-binary pyproj >&2
  fi
fi
"$venv/bin/python" "$here/bench.py" "$bin" "${1:-1000000}" "${2:-7}" "${3:-42}"
