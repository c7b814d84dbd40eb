#!/usr/bin/env python3
"""Reads the raw wrk outputs of tools/bench/server/run.sh (OUT/manifest.tsv lists them) and prints the Markdown
table: requests/s and p99 latency of hometown and of nginx serving the same bytes, their ratio, and the targets
(GETs: at least 50 % of nginx's rate and p99 under 10 ms; POST: bound by the scrypt hash).

Usage: report.py OUT_DIR
manifest.tsv columns: kind (get | miss | vary | mixed | post), label, bytes, ours file, nginx file (or -), nginx row
label (or -). A file NAME.txt may have NAME.rss beside it: hometown's peak resident memory in kB during that run.
"""
import os
import re
import sys

UNITS = {"us": 1e-3, "ms": 1.0, "s": 1e3, "m": 60e3, "h": 3600e3}
RATE_TARGET = 0.50
P99_TARGET_MS = 10.0


def parse(path):
    text = open(path).read()
    r = {"rps": None, "p99": None, "non2xx": 0, "errors": "", "requests": None, "status": None}
    m = re.search(r"Requests/sec:\s+([\d.]+)", text)
    if m:
        r["rps"] = float(m.group(1))
    m = re.search(r"^\s*99(?:\.0+)?%\s+([\d.]+)(us|ms|s|m|h)\s*$", text, re.M)
    if m:
        r["p99"] = float(m.group(1)) * UNITS[m.group(2)]
    m = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", text)
    if m:
        r["non2xx"] = int(m.group(1))
    m = re.search(r"Socket errors:\s+(.*)", text)
    if m:
        r["errors"] = m.group(1).strip()
    m = re.search(r"(\d+) requests in", text)
    if m:
        r["requests"] = int(m.group(1))
    m = re.search(r"^STATUS (.*)$", text, re.M)
    if m:
        r["status"] = dict(kv.split("=") for kv in m.group(1).split())
    return r


def rate(x):
    return "n/a" if x is None else f"{x:,.0f}"


def ms(x):
    if x is None:
        return "n/a"
    return f"{x:.2f} ms" if x < 100 else f"{x:,.0f} ms"


def size(n):
    n = int(n)
    return f"{n} B" if n < 1024 else f"{n / 1024:.1f} KiB"


def peak_rss(out, ours_file):
    path = os.path.join(out, ours_file[:-4] + ".rss")
    try:
        return f"{int(open(path).read().split()[0]) / 1024:.0f} MiB"
    except (OSError, ValueError, IndexError):
        return "n/a"


def main():
    out = sys.argv[1]
    rows = [line.rstrip("\n").split("\t") for line in open(os.path.join(out, "manifest.tsv")) if line.strip()]
    nginx_by_label = {}
    lines = [
        "| endpoint | body | hometown req/s | hometown p99 | hometown peak RSS | nginx req/s | nginx p99 | hometown/nginx | target | verdict |",
        "|---|---|---:|---:|---:|---:|---:|---:|---|---|",
    ]
    notes = []
    for kind, label, nbytes, ours_file, nginx_file, nginx_of in rows:
        o = parse(os.path.join(out, ours_file))
        if o["errors"]:
            notes.append(f"{label}: hometown socket errors: {o['errors']}")
        if kind == "post":
            st = o["status"] or {}
            verdict = (f"{o['requests']} posts, non-2xx {o['non2xx']} (503 hash queue full: {st.get('503', '?')}, "
                       f"400: {st.get('400', '?')})")
            lines.append(f"| POST {label} | {size(nbytes)} | {rate(o['rps'])} | {ms(o['p99'])} | {peak_rss(out, ours_file)} | - | - | - | "
                         f"bound by the scrypt hash (N=2^17, r=8, p=1, 128 MiB each: ~0.4 s a hash, 2 hash threads => ~5 posts/s at best) | {verdict} |")
            continue
        if nginx_file != "-":
            n = parse(os.path.join(out, nginx_file))
            nginx_by_label[label] = n
            if n["errors"]:
                notes.append(f"{label}: nginx socket errors: {n['errors']}")
            if n["non2xx"]:
                notes.append(f"{label}: nginx non-2xx: {n['non2xx']}")
        else:
            n = nginx_by_label.get(nginx_of, {"rps": None, "p99": None})
        ratio = o["rps"] / n["rps"] if o["rps"] and n["rps"] else None
        if o["non2xx"]:
            notes.append(f"{label}: hometown non-2xx: {o['non2xx']}")
        ok_rate = ratio is not None and ratio >= RATE_TARGET
        ok_p99 = o["p99"] is not None and o["p99"] < P99_TARGET_MS
        verdict = "met" if ok_rate and ok_p99 else "NOT met (" + ", ".join(
            ([] if ok_rate else ["rate"]) + ([] if ok_p99 else ["p99"])) + ")"
        if kind == "miss":
            label = f"{label} (spelled differently each request; nginx column: same bytes, from the row above)"
        elif kind == "vary":
            label = f"{label} (nginx column: the same-sized page {nginx_of})"
        elif kind == "mixed":
            label = f"{label} (nginx column: {nginx_of} without posts)"
        lines.append(f"| GET {label} | {size(nbytes)} | {rate(o['rps'])} | {ms(o['p99'])} | {peak_rss(out, ours_file)} | {rate(n['rps'])} | "
                     f"{ms(n['p99'])} | {'n/a' if ratio is None else f'{ratio:.0%}'} | >= 50 % of nginx, p99 < 10 ms | "
                     f"{verdict} |")
    print("\n".join(lines))
    # The framework's ceiling per GET row: a no-op Hummingbird responder answering that row's bytes (NAME.framework.txt
    # beside NAME.hometown.txt); other rows compare with the ceiling of the row they answer like.
    framework = {}
    for kind, label, nbytes, ours_file, nginx_file, nginx_of in rows:
        path = os.path.join(out, ours_file.replace(".hometown.txt", ".framework.txt"))
        if kind == "get" and os.path.exists(path):
            framework[label] = parse(path)
    if framework:
        print("\nEach GET row against the framework's ceiling: a no-op Hummingbird 2 responder answering the same bytes"
              " (tools/bench/server/hello), in the same run. The 50 % of nginx target is bounded by it.\n")
        print("| endpoint | hometown req/s | no-op Hummingbird req/s | hometown / no-op | no-op / nginx |")
        print("|---|---:|---:|---:|---:|")
        for kind, label, nbytes, ours_file, nginx_file, nginx_of in rows:
            if kind == "post":
                continue
            o = parse(os.path.join(out, ours_file))
            key = label if kind == "get" else nginx_of
            f = framework.get(key, {"rps": None})
            n = nginx_by_label.get(key, {"rps": None})
            ours_f = f"{o['rps'] / f['rps']:.0%}" if o["rps"] and f["rps"] else "n/a"
            f_n = f"{f['rps'] / n['rps']:.0%}" if f["rps"] and n["rps"] else "n/a"
            print(f"| {kind} {label} | {rate(o['rps'])} | {rate(f['rps'])} ({key}) | {ours_f} | {f_n} |")


if __name__ == "__main__":
    main()
