#!/usr/bin/env bash
# Installs missing system packages, runs the whole test suite, builds and runs the example package that depends
# on this checkout (Examples/), the Spark job on 1,000,000 rows in local[2] (tools/spark/), then the browser tests of the web app (headless
# Chromium against a real server on loopback, tools/webtest/) and the check of the running server against its
# OpenAPI document (schemathesis), and last the parallel and server suites under ThreadSanitizer. Each Python tool
# keeps its own virtualenv under its folder.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
# One formatting (swift-format from the toolchain, configured in .swift-format): fails on any file it would change.
swift format lint --strict --recursive --parallel Sources Tests tools Examples Package.swift
swift build --build-tests
# The Swift tests start real servers, commands and databases. Swift Testing would start every test at once: at most
# 6 run together, and at most one child process per core does its heavy part at a time (loading, a whole command;
# Tests/HometownTestSupport/ProcessSlots.swift), so that no deadline in a test depends on how many others run
# beside it. (`swift test` run by hand wants the same variable.)
export SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH="${SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH:-6}"
# The load tests (a 100,000-user server process measured for memory and latency) run alone after the rest, so
# that other tests do not share the two cores with what they measure.
swift test --skip-build --skip ServerLoadTests
swift test --skip-build --filter ServerLoadTests
# Fuzzing: every libFuzzer target over its committed corpus, then 25 s of fuzzing each, two at a time
# (11 targets: about 2.5 minutes after a first build of about 3 minutes); fails on any crash or oracle mismatch.
FUZZ_JOBS=2 FUZZ_SEED=${FUZZ_SEED:-1} bash tools/fuzz/run.sh all 25
bash Examples/run.sh
bash tools/webtest/run.sh
HOMETOWN_BIN=.build/debug/hometown bash tools/spark/test.sh
bash tools/check-openapi.sh
# ThreadSanitizer, last because it is the longest step: the server, client and store suites, the
# parallel engine suites and the batch job's threads, built with --sanitize=thread in .build-tsan (the `hometown`
# processes they start too); fails on a failed test or on any report. About 10 min of build and 10 min of run on 2
# cores; bounded by `timeout`. See docs/testing.md.
timeout 50m bash tools/sanitizers/run.sh thread
