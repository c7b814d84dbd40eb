#!/usr/bin/env python3
"""How much CPU other programs took during a benchmark run (the machine has 2 cores; a build running beside
wrk, hometown and nginx makes every number low and noisy).

  cpu.py snap FILE                 records /proc/stat and every process's CPU time
  cpu.py diff BEFORE AFTER PID...  prints "other=<percent> steal=<percent> top=<names>": the share of the
                                   machine's CPU (all cores) spent outside the given processes (and their
                                   threads and reaped children; nginx's workers are found as its children)
                                   while the run lasted, and the hypervisor's steal time.

Everything in clock ticks from /proc; processes that started and ended during the run (compiler jobs) still
count in "other", through /proc/stat.
"""
import json
import os
import sys


def proc_times():
    out = {}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat") as f:
                s = f.read()
        except OSError:
            continue
        comm = s[s.index("(") + 1:s.rindex(")")]
        rest = s[s.rindex(")") + 2:].split()
        # fields after comm: state ppid ... utime(14) stime(15) cutime(16) cstime(17), 1-based over the whole line
        ppid = int(rest[1])
        utime, stime, cutime, cstime = (int(x) for x in rest[11:15])
        out[d] = {"comm": comm, "ppid": ppid, "self": utime + stime, "children": cutime + cstime}
    return out


def snap(path):
    with open("/proc/stat") as f:
        cpu = [int(x) for x in f.readline().split()[1:]]
    with open(path, "w") as f:
        json.dump({"cpu": cpu, "procs": proc_times()}, f)


def diff(before_path, after_path, pids):
    a, b = json.load(open(before_path)), json.load(open(after_path))
    da = [y - x for x, y in zip(a["cpu"], b["cpu"])]
    # user nice system idle iowait irq softirq steal guest guest_nice
    total = sum(da[:8])
    busy = total - da[3] - da[4] - da[7]
    steal = da[7]
    ours = set(pids)
    ours |= {p for p, v in b["procs"].items() if v["ppid"] and str(v["ppid"]) in pids}
    mine = 0
    for p in ours:
        if p in b["procs"]:
            new = b["procs"][p]
            old = a["procs"].get(p, {"self": 0, "children": 0})
            mine += (new["self"] - old["self"]) + (new["children"] - old["children"])
    others = []
    for p, v in b["procs"].items():
        if p in ours:
            continue
        used = v["self"] - a["procs"].get(p, {"self": 0})["self"]
        if used > 0:
            others.append((used, v["comm"]))
    others.sort(reverse=True)
    other = max(0, busy - mine)
    pct = lambda x: 100.0 * x / total if total else 0.0
    top = ",".join(f"{c}:{pct(u):.0f}%" for u, c in others[:3] if pct(u) >= 1) or "-"
    print(f"other={pct(other):.0f} steal={pct(steal):.0f} top={top}")


if __name__ == "__main__":
    if sys.argv[1] == "snap":
        snap(sys.argv[2])
    else:
        diff(sys.argv[2], sys.argv[3], sys.argv[4:])
