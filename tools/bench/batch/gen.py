"""Writes N rows of CSV (id,latitude,longitude) with seeded random points to standard output, as fast as Python
can: the input of tools/bench/batch/run.sh, fed to `hometown reverse --input -` through a pipe."""
import random
import sys

n = int(sys.argv[1])
rnd = random.Random(42)
out = sys.stdout
out.write("id,latitude,longitude\n")
block = []
for i in range(n):
    block.append("%d,%.5f,%.5f\n" % (i, rnd.uniform(-60, 80), rnd.uniform(-180, 180)))
    if len(block) == 100_000:
        out.write("".join(block))
        block = []
out.write("".join(block))
