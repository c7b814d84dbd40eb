#!/usr/bin/env bash
# Builds Hometown's packages: a Debian package and a .tar.gz with the same layout under one prefix.
#
#   tools/package.sh [--bin PATH] [--out DIR] [--compression xz|gzip|none]
#
#   --bin PATH        the hometown executable to package (default: builds the release one, with the Swift
#                     runtime linked in, as tools/run.sh does; the package test gives the debug build's)
#   --out DIR         where the two files are written (default: dist/)
#   --compression C   of the .deb's contents (default: xz, Debian's own; none is quick, for tests)
#
# Writes DIR/hometown_VERSION_amd64.deb and DIR/hometown-VERSION-linux-x86_64.tar.gz (VERSION is what
# `hometown --version` prints) and prints their paths. The layout (under / for the .deb, under
# hometown-VERSION/ for the .tar.gz, the usr/ level left out):
#   bin/hometown                                  the executable
#   share/hometown/                               hometown.bin, water.bin, gazetteer.bin, tiles.bin (the
#                                                 executable finds them as ../share/hometown/), and public/:
#                                                 the web app and openapi.yaml that `serve` sends
#   share/man/man1/hometown.1.gz                  the manual page (docs/man/hometown.1)
#   share/bash-completion/completions/hometown    completions from ArgumentParser for bash,
#   share/zsh/vendor-completions/_hometown        zsh
#   share/fish/vendor_completions.d/hometown.fish and fish
#   share/doc/hometown/                           copyright (LICENSE and NOTICE), changelog.gz, README.md
#   lib/systemd/system/hometown.service           `hometown serve` as a service (tools/package/hometown.service)
# The .deb declares the shared libraries the executable links (each found with dpkg -S), and recommends PROJ's
# library, which `transform`, `distance` and `area` load when first used, and libjs-leaflet, the web app's map.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=""
out=dist
compression=xz
while [ $# -gt 0 ]; do
  case "$1" in
    --bin) bin=${2:?--bin needs a path}; shift 2 ;;
    --out) out=${2:?--out needs a folder}; shift 2 ;;
    --compression) compression=${2:?--compression needs xz, gzip or none}; shift 2 ;;
    -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    *) echo "package: unknown argument '$1' (see tools/package.sh --help)" >&2; exit 2 ;;
  esac
done
case "$compression" in xz | gzip | none) ;; *) echo "package: --compression must be xz, gzip or none" >&2; exit 2 ;; esac
for tool in dpkg-deb dpkg gzip tar; do
  command -v "$tool" > /dev/null || { echo "package: $tool is missing (tools/install-deps.sh installs it)" >&2; exit 1; }
done
if [ -z "$bin" ]; then
  bash tools/install-deps.sh
  swift build -c release --static-swift-stdlib --product hometown
  bin=.build/release/hometown
fi
[ -x "$bin" ] || { echo "package: $bin is not an executable" >&2; exit 1; }
for f in hometown.bin water.bin gazetteer.bin tiles.bin; do
  [ -f "data/$f" ] || { echo "package: data/$f is missing (tools/build-data.sh builds it)" >&2; exit 1; }
done
version=$("$bin" --version)
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "package: '$bin --version' printed '$version'" >&2; exit 1; }
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/hometown-package.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The tree under a prefix ($1): the same for both packages.
lay_out() {
  local p=$1
  install -D -m 0755 "$bin" "$p/bin/hometown"
  strip --strip-unneeded "$p/bin/hometown" 2> /dev/null || true
  for f in hometown.bin water.bin gazetteer.bin tiles.bin; do install -D -m 0644 "data/$f" "$p/share/hometown/$f"; done
  cp -R Sources/HometownServer/Public "$p/share/hometown/public"
  install -d "$p/share/man/man1" "$p/share/bash-completion/completions" "$p/share/zsh/vendor-completions" \
    "$p/share/fish/vendor_completions.d" "$p/share/doc/hometown"
  gzip -9 -n -c docs/man/hometown.1 > "$p/share/man/man1/hometown.1.gz"
  "$bin" --generate-completion-script bash > "$p/share/bash-completion/completions/hometown"
  "$bin" --generate-completion-script zsh > "$p/share/zsh/vendor-completions/_hometown"
  "$bin" --generate-completion-script fish > "$p/share/fish/vendor_completions.d/hometown.fish"
  { cat LICENSE; printf '\n'; cat NOTICE; } > "$p/share/doc/hometown/copyright"
  gzip -9 -n -c CHANGELOG.md > "$p/share/doc/hometown/changelog.gz"
  install -m 0644 README.md "$p/share/doc/hometown/README.md"
  install -D -m 0644 tools/package/hometown.service "$p/lib/systemd/system/hometown.service"
  chmod -R u+rwX,go+rX,go-w "$p"
}

# The .deb: usr/ holds the tree, but the unit goes in lib/systemd/system (Debian 12's place for units).
deb=$work/deb
lay_out "$deb/usr"
mkdir -p "$deb/lib/systemd"
mv "$deb/usr/lib/systemd/system" "$deb/lib/systemd/system"
rmdir "$deb/usr/lib/systemd" "$deb/usr/lib"
# The libraries the executable needs, as the Debian packages that hold them on this machine.
depends=$(
  ldd "$bin" | awk '/=> \// { print $3 }' | while read -r lib; do
    real=$(readlink -f "$lib")
    dpkg -S "$lib" 2> /dev/null || dpkg -S "$real" 2> /dev/null || true
  done | cut -d: -f1 | sort -u | paste -sd, - | sed 's/,/, /g'
)
[ -n "$depends" ] || { echo "package: found no Debian package for the libraries of $bin" >&2; exit 1; }
# PROJ's library as ldconfig finds it; dpkg knows the file by its real path (/lib is a link to /usr/lib).
# awk reads to the end: leaving early would end ldconfig with SIGPIPE, which pipefail turns into a silent failure.
proj_lib=$(ldconfig -p | awk '/libproj\.so\.[0-9]/ && !found { print $NF; found = 1 }')
proj=""
if [ -n "$proj_lib" ]; then proj=$(dpkg -S "$(readlink -f "$proj_lib")" 2> /dev/null | cut -d: -f1 || true); fi
mkdir -p "$deb/DEBIAN"
{
  echo "Package: hometown"
  echo "Version: $version"
  echo "Architecture: amd64"
  echo "Maintainer: Hometown maintainers <hometown@localhost>"
  echo "Installed-Size: $(du -sk "$deb/usr" "$deb/lib" | awk '{ s += $1 } END { print s }')"
  echo "Depends: $depends"
  echo "Recommends: ${proj:+$proj, }libjs-leaflet"
  echo "Section: utils"
  echo "Priority: optional"
  echo "Homepage: https://github.com/hometown"
  echo "Description: offline geocoding, map markers and a server of posted hometowns"
  echo " Turns map points into places and places into map points without a network: reverse and"
  echo " forward geocoding with bundled boundaries and gazetteer, clustering, map fitting, SVG maps,"
  echo " PROJ transformations, and hometown serve, the server of posted hometowns with its web app."
} > "$deb/DEBIAN/control"
debfile=$out/hometown_${version}_amd64.deb
dpkg-deb --root-owner-group -Z"$compression" --build "$deb" "$debfile" > /dev/null

tgz=$out/hometown-$version-linux-x86_64.tar.gz
lay_out "$work/hometown-$version"
tar -C "$work" --owner=0 --group=0 --numeric-owner -czf "$tgz" "hometown-$version"
echo "$debfile"
echo "$tgz"
