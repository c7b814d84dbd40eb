#!/usr/bin/env python3
"""Checks that every Swift module of the package imports only what Package.swift declares for it.

A module may import its own declared dependencies (targets, and products by their module name) and the
toolchain's own modules. An import that works only because another dependency brings the module along is a
dependency nobody wrote down: it breaks when that other dependency changes, and the module graph in
docs/architecture.md no longer says what the code uses. Reads the manifest through `swift package dump-package`
(no build); prints each undeclared import with its file and line and exits 1 when there is any.

    tools/check-imports.py          # from anywhere in the checkout
"""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Modules of the Swift toolchain and the C library, which no manifest declares.
TOOLCHAIN = {
    "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML",
    "Dispatch", "Glibc", "Musl", "Darwin", "Synchronization", "Testing", "XCTest", "RegexBuilder", "_Concurrency",
    "os",
}
IMPORT = re.compile(r"^\s*(?:@testable\s+|@_exported\s+|@preconcurrency\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(\w+)")


def declared(target):
    names = set()
    for d in target["dependencies"]:
        for kind in ("byName", "target", "product"):
            if kind in d:
                names.add(d[kind][0])
    return names


def main():
    manifest = subprocess.run(
        ["swift", "package", "dump-package"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    problems = []
    for t in json.loads(manifest)["targets"]:
        if t["type"] not in ("regular", "executable", "test"):
            continue
        folder = t.get("path") or os.path.join("Tests" if t["type"] == "test" else "Sources", t["name"])
        allowed = declared(t) | TOOLCHAIN | {t["name"]}
        for here, _, files in os.walk(os.path.join(ROOT, folder)):
            for name in sorted(files):
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(here, name)
                with open(path, encoding="utf-8") as f:
                    for number, line in enumerate(f, 1):
                        m = IMPORT.match(line)
                        if m and m.group(1) not in allowed:
                            where = os.path.relpath(path, ROOT)
                            problems.append(f"{where}:{number}: {t['name']} imports {m.group(1)}, which Package.swift "
                                            f"does not declare for it")
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        print(f"check-imports: {len(problems)} undeclared import(s): declare each in the target's dependencies",
              file=sys.stderr)
        return 1
    print("check-imports: every import is declared")
    return 0


if __name__ == "__main__":
    sys.exit(main())
