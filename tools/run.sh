#!/usr/bin/env bash
# Installs missing system packages, builds the hometown CLI in release (static Swift runtime, for fast
# start-up), and runs the main job: reverse geocoding a sample point (or the arguments given).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
swift build -c release --static-swift-stdlib --product hometown
if [ $# -eq 0 ]; then set -- reverse 47.6062 -122.3321; fi
./.build/release/hometown "$@"
