#!/usr/bin/env bash
# Installs the Debian packages Hometown needs, only those that are missing.
#   libproj-dev proj-data  PROJ (projections, geodesics) and its grids/database
#   libgeos-dev            GEOS (geometry), used by the wrapper module and the data builder
#   libsqlite3-dev         SQLite, read by the data builder (the QGIS GeoPackage is SQLite)
#   pkg-config unzip       finding the C libraries; unpacking the Natural Earth admin-0 zip
#   zlib1g-dev             gzip for the batch commands (reverse/forward --input FILE.gz, --output FILE.gz)
#   libjs-leaflet          the web app's map library, served by `hometown serve` under /vendor/leaflet/
#   chromium chromium-driver  the headless browser that tests the web app (tools/webtest/)
#   proj-bin geographiclib-tools  PROJ's cs2cs and geod, GeographicLib's Planimeter: references of the transform/distance/area tests
#   postgresql             PostgreSQL 15 server and tools: the PostgreSQL backend's tests start their own cluster (initdb, pg_ctl)
#   time                   GNU time: the peak resident memory the benchmarks report (tools/bench/batch, tools/bench/markers)
#   nginx openssl curl     the TLS test: nginx with a self-signed certificate (openssl req -x509) in front of `hometown serve`, checked with curl (Tests/HometownServerTests/TLSProxyTests.swift)
#   systemd                systemd-analyze: the package test checks the service unit with it (tools/package/test.sh)
# Runs apt-get as root, or through sudo when not root. Safe to run again: it does nothing when all is there.
set -euo pipefail
pkgs=(libproj-dev proj-data libgeos-dev libsqlite3-dev pkg-config unzip zlib1g-dev libjs-leaflet chromium chromium-driver proj-bin geographiclib-tools time nginx openssl curl postgresql systemd)
missing=()
for p in "${pkgs[@]}"; do
  [ "$(dpkg-query -W -f='${Status}' "$p" 2> /dev/null)" = "install ok installed" ] || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "install-deps: installing ${missing[*]}" >&2
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get -o DPkg::Lock::Timeout=120 update -q
$SUDO apt-get -o DPkg::Lock::Timeout=120 install -y -q --no-install-recommends "${missing[@]}"
