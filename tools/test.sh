#!/usr/bin/env bash
# Installs missing system packages, runs the whole test suite, then checks the running server against its
# OpenAPI document (schemathesis, in its own virtualenv under tools/openapi/).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
swift build --build-tests
swift test --skip-build
bash tools/check-openapi.sh
