#!/usr/bin/env bash
# Rebuilds data/hometown.bin, then data/gazetteer.bin (which reads it), then the nickname confusables table
# (Sources/HometownProtocol/ConfusablesTable.swift), from the raw sources (default
# ../shared/data-sources; or pass a folder made by tools/fetch-sources.sh). Rebuilding from the same sources
# gives byte-identical output.
set -euo pipefail
cd "$(dirname "$0")/.."
SOURCES=${1:-../shared/data-sources}
bash tools/install-deps.sh
swift build -c release --product hometown-data
./.build/release/hometown-data --sources "$SOURCES" --out data
swift build -c release --product hometown-gazetteer
./.build/release/hometown-gazetteer --sources "$SOURCES" --boundaries data/hometown.bin --out data/gazetteer.bin
# The confusables table behind nickname keys (a Swift source file, compiled into HometownProtocol).
swift build -c release --product hometown-confusables
./.build/release/hometown-confusables --sources "$SOURCES" --out Sources/HometownProtocol/ConfusablesTable.swift
