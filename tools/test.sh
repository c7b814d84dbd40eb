#!/usr/bin/env bash
# Installs missing system packages, then runs the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
swift build --build-tests
swift test --skip-build
