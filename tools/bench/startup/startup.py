"""Interleaved cold-start timings of hometown commands and of a bare Python, for tools/bench/startup/run.sh.

Each round runs every command once, in turn, waiting for it to exit (output to /dev/null); the figures are the
median wall time over the rounds and the median CPU time (user + system, all threads, from getrusage of the
children), in milliseconds. CPU time is the steadier figure on a shared machine: wall time adds the waits for
a core. The Python is /usr/bin/python3 itself (a `python3` found on PATH may be a pyenv shim, a shell script). Also prints what the dynamic loader reports for the
hometown binary (shared objects loaded, relocations), from LD_DEBUG=statistics and ldd.
"""
import os
import resource
import statistics
import subprocess
import sys
import time


def main():
    binary, rounds = sys.argv[1], int(sys.argv[2])
    data = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "data", "hometown.bin")
    commands = [
        ("/usr/bin/python3 -S -c pass", ["/usr/bin/python3", "-S", "-c", "pass"]),
        ("hometown reverse 40.4168 -3.7038", [binary, "reverse", "40.4168", "-3.7038"]),
        # The same lookup through the command-line parser (an option makes it another shape; see
        # ReverseCommand.answeredDirectly): what the parser costs.
        ("hometown reverse ... --data (parsed)", [binary, "reverse", "40.4168", "-3.7038", "--data", data]),
        ("hometown --help", [binary, "--help"]),
        ("hometown distance (opens PROJ)", [binary, "distance", "40.4168,-3.7038", "48.8566,2.3522"]),
    ]
    for _, cmd in commands:  # one warm-up run each: the page cache holds the files afterwards
        subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
    times = {name: [] for name, _ in commands}
    cpu = {name: [] for name, _ in commands}
    load = os.getloadavg()[0]
    for _ in range(rounds):
        for name, cmd in commands:
            r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.perf_counter()
            subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
            times[name].append((time.perf_counter() - t0) * 1000)
            r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu[name].append((r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime) * 1000)
    base = statistics.median(times[commands[0][0]])
    base_cpu = statistics.median(cpu[commands[0][0]])
    print(f"rounds: {rounds} (interleaved), load average before: {load:.2f}, after: {os.getloadavg()[0]:.2f}")
    print(f"{'command':36s}{'wall ms':>9s}{'min':>7s}{'/ python':>10s}{'cpu ms':>9s}{'/ python':>10s}")
    for name, _ in commands:
        m = statistics.median(times[name])
        c = statistics.median(cpu[name])
        print(f"{name:36s}{m:9.1f}{min(times[name]):7.1f}{m / base:9.2f}x{c:9.1f}{c / base_cpu:9.2f}x")
    libs = subprocess.run(["ldd", binary], capture_output=True, text=True).stdout.strip().splitlines()
    stats = subprocess.run(
        [binary, "--help"], capture_output=True, text=True, env={**os.environ, "LD_DEBUG": "statistics"}
    ).stderr
    print(f"shared objects the binary needs (ldd): {len(libs)}; size {os.path.getsize(binary) / 1e6:.0f} MB")
    for line in stats.splitlines():
        if "relocations" in line or "startup time" in line:
            print("  ld.so:" + line.split(":", 1)[1].rstrip())
            if "final" in line:
                break


if __name__ == "__main__":
    main()
