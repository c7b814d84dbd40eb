#!/usr/bin/env bash
# Makes the archive the Spark job ships to its executors: hometown (the binary, stripped) and data/hometown.bin.
#   tools/spark/package.sh [BINARY [DATA [OUT]]]
# Defaults: .build/release/hometown, data/hometown.bin, tools/spark/.work/hometown-spark.tar.gz.
# The binary and data are copied first, so a rebuild of .build while this runs cannot mix two versions.
# Build the binary for the executors as: swift build -c release --product hometown --static-swift-stdlib
# (Linux x86_64, like the executors; it then needs only glibc, libstdc++ and zlib there).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BIN=${1:-$ROOT/.build/release/hometown}
DATA=${2:-$ROOT/data/hometown.bin}
OUT=${3:-$ROOT/tools/spark/.work/hometown-spark.tar.gz}
[ -x "$BIN" ] || { echo "package.sh: no executable at $BIN" >&2; exit 2; }
[ -f "$DATA" ] || { echo "package.sh: no data file at $DATA" >&2; exit 2; }
# The help read whole before it is searched: grep -q on a pipe would leave early and end the writer with
# SIGPIPE, which pipefail counts as a failure.
help=$("$BIN" reverse --help 2>&1 || true)
if [[ $help != *--quiet* ]]; then
  echo "package.sh: $BIN has no 'reverse --quiet' (an older build); rebuild it" >&2; exit 2
fi
STAGE=$(mktemp -d "$(dirname "$OUT")/stage.XXXXXX" 2>/dev/null || mktemp -d)
trap 'rm -rf "$STAGE"' EXIT
mkdir -p "$STAGE/data" "$(dirname "$OUT")"
cp "$BIN" "$STAGE/hometown"
cp "$DATA" "$STAGE/data/hometown.bin"
strip "$STAGE/hometown" 2>/dev/null || true   # debug info is of no use on the executors
chmod 755 "$STAGE/hometown"
tar -C "$STAGE" -cf - hometown data/hometown.bin | gzip -1 > "$OUT.tmp"
mv "$OUT.tmp" "$OUT"
echo "package.sh: $OUT ($(du -h "$OUT" | cut -f1)): hometown $(sha256sum "$STAGE/hometown" | cut -c1-12), data/hometown.bin"
