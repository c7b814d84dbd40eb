#!/usr/bin/env bash
# API documentation with DocC (swift-docc-plugin), and its audit.
#
#   tools/docs.sh            writes one documentation archive per library module into docs/api/ (not in git;
#                            open with `xcrun docc preview` on a Mac, or serve the folder: each archive holds a
#                            static website, e.g. `python3 -m http.server -d docs/api/HometownCore.doccarchive`)
#   tools/docs.sh --check    builds the same documentation and fails unless every public type of every module
#                            has a summary (DocC's coverage: "Types | Abstract" at 100 %); prints the coverage
#
# Uses the scratch path .build-docc (the plugin builds each module for symbol extraction).
set -euo pipefail
cd "$(dirname "$0")/.."
check=0
[ "${1:-}" = "--check" ] && check=1
modules=(HometownCore HometownProj HometownGEOS HometownBoundaries HometownGazetteer HometownMarkers HometownClustering
         HometownViewport HometownBasemap HometownProtocol HometownVocabulary HometownClient HometownStore HometownPostgres
         HometownTiles HometownServer)
mkdir -p docs/api
failed=()
for m in "${modules[@]}"; do
  log=$(swift package --scratch-path .build-docc --allow-writing-to-directory docs/api generate-documentation \
          --target "$m" --output-path "docs/api/$m.doccarchive" \
          --experimental-documentation-coverage --coverage-summary-level brief 2>&1) || { echo "$log" | tail -20; exit 1; }
  types=$(echo "$log" | awk -F'|' '/^Types/ {gsub(/ /, "", $2); print $2}')
  members=$(echo "$log" | awk -F'|' '/^Members/ {gsub(/ /, "", $2); print $2}')
  printf 'docs: %-20s types with a summary %-14s members %s\n' "$m" "$types" "$members"
  case "$types" in 100%*) ;; *) failed+=("$m") ;; esac
done
if [ "$check" -eq 1 ] && [ ${#failed[@]} -gt 0 ]; then
  echo "docs: public types without a summary in: ${failed[*]} (see the DocC warnings: tools/docs.sh)" >&2
  exit 1
fi
echo "docs: archives in docs/api/"
