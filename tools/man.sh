#!/usr/bin/env bash
# The man page of the `hometown` command, docs/man/hometown.1, made by swift-argument-parser's generate-manual tool
# from the same definitions as `--help` (committed, so that installing it needs no build).
#
#   tools/man.sh      regenerate docs/man/hometown.1 after changing a command's options or help
#
# The command is built in debug (the help text is the same in every configuration) with the flags the test command
# uses (tools/compile-flags.sh), so a warm .build stays warm: seconds, where the package plugin would compile
# everything again in its own mode. generate-manual is built from the checked-out swift-argument-parser into
# .build/generate-manual (half a minute, once).
#
# generate-manual keeps only ASCII characters, so "Москва", "José" or "180°" in the help would lose letters. Its
# input, the command's --experimental-dump-help, goes through a wrapper that writes each other character as a
# placeholder of ASCII letters; each placeholder then becomes the roff escape \[uXXXX] (man-db's groff and mandoc
# both show it as the character). The test suite checks that every command and option of `hometown --help`, and
# every character of its text, is in the committed page (Tests/HometownCLITests/ManualPageTests.swift).
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t flags < <(bash tools/compile-flags.sh .build)
swift build --product hometown "${flags[@]}"
swift build --package-path .build/checkouts/swift-argument-parser --scratch-path .build/generate-manual \
  --configuration release --product generate-manual
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The wrapper generate-manual runs as the tool: the real command's description with each character beyond ASCII
# written as "zqxUXXXXqz" (its code point in hexadecimal, at least four digits).
cat > "$work/hometown" << EOF
#!/usr/bin/env bash
set -euo pipefail
"$PWD/.build/debug/hometown" "\$@" | python3 -c '
import sys
text = sys.stdin.buffer.read().decode("utf-8")
sys.stdout.write("".join(c if ord(c) < 128 else "zqxU%04Xqz" % ord(c) for c in text))'
EOF
chmod +x "$work/hometown"
mkdir -p docs/man
.build/generate-manual/release/generate-manual "$work/hometown" --section 1 --authors "the Hometown engineers" \
  --output-directory - | sed -E 's/zqxU([0-9A-F]{4,6})qz/\\[u\1]/g' > "$work/hometown.1"
if grep -q 'zqxU' "$work/hometown.1"; then
  echo "man: a placeholder was split or changed by generate-manual; the page is not written" >&2
  exit 1
fi
mv "$work/hometown.1" docs/man/hometown.1
echo "man: docs/man/hometown.1 (view: man -l docs/man/hometown.1)"
