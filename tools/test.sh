#!/usr/bin/env bash
# Installs missing system packages, runs the whole test suite, builds and runs the example package that depends
# on this checkout (Examples/), the Spark job on 1,000,000 rows in local[2] (tools/spark/), then the browser tests of the web app (headless
# Chromium against a real server on loopback, tools/webtest/) and the check of the running server against its
# OpenAPI document (schemathesis). Each Python tool keeps its own virtualenv under its folder.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
# One formatting (swift-format from the toolchain, configured in .swift-format): fails on any file it would change.
swift format lint --strict --recursive --parallel Sources Tests tools Examples Package.swift
swift build --build-tests
# The load tests (a 100,000-user server process measured for memory and latency) run alone after the rest, so
# that other tests do not share the two cores with what they measure.
swift test --skip-build --skip ServerLoadTests
swift test --skip-build --filter ServerLoadTests
# ThreadSanitizer (issue 23): the server suites that run the server inside the test process (HummingbirdTesting:
# routing, every endpoint, answer delivery and gzip, the caches, the work limiter, the password hasher, the log sink,
# metrics, health), built with --sanitize=thread in .build-tsan; fails on a failed test or on any report
# (tools/sanitizers/run.sh, suppressions with reasons in tools/sanitizers/tsan.supp). Not the suites that start
# `hometown serve`, PostgreSQL or nginx processes: under TSan their test process died mid-run after a TSan runtime
# CHECK failure in a posix_spawn child, and their time bounds were exceeded (README, "Sanitizers and soak").
# Bound: 40 minutes for the build and the run together (timeout); measured on the 2 shared cores: build 26 min.
timeout 40m bash tools/sanitizers/run.sh thread \
  'HometownServerTests\.(AnswerDeliveryTests|ClientAddressTests|ErrorCodeTests|ExtraEndpointTests|HTTPPolicyTests|HealthTests|LogSinkTests|MetricsTests|PasswordHasherTests|RoutingTests|WebAppEndpointTests|WorkLimiterTests|SharedCacheTests)'
bash Examples/run.sh
bash tools/webtest/run.sh
HOMETOWN_BIN=.build/debug/hometown bash tools/spark/test.sh
bash tools/check-openapi.sh
