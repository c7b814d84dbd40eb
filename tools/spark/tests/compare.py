"""Compares the Spark job's CSV output with the single-machine CLI's answers on the same file, row by row.

    compare.py CLI_OUTPUT.csv SPARK_OUTPUT_DIR N

CLI_OUTPUT.csv: `hometown reverse --input FILE --format csv`. SPARK_OUTPUT_DIR: the job's part-*.csv files. Every
row must be there exactly once (by the input's id column) with every column equal; the CLI's "line N: " before an
error is taken off first (the job drops it: a line number within a partition means nothing). Exits 1 on any
difference, printing the first ones.
"""
import csv
import glob
import os
import re
import sys

LINE_PREFIX = re.compile(r"^line [0-9]+: ")


def main():
    cli_path, spark_dir, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    problems = []
    with open(cli_path, newline="", encoding="utf-8") as f:
        r = csv.reader(f)
        header = next(r)
        err = header.index("error")
        cli = {}
        for row in r:
            row[err] = LINE_PREFIX.sub("", row[err])
            if row[0] in cli:
                problems.append(f"CLI output has id {row[0]} twice")
            cli[row[0]] = row
    if len(cli) != n:
        problems.append(f"CLI output has {len(cli)} rows, expected {n}")
    parts = sorted(glob.glob(os.path.join(spark_dir, "part-*.csv")))
    seen = 0
    done = set()
    for part in parts:
        with open(part, newline="", encoding="utf-8") as f:
            r = csv.reader(f)
            their_header = next(r, None)
            if their_header is None:
                continue
            if their_header != header:
                problems.append(f"{part}: header {their_header} != CLI's {header}")
                break
            for row in r:
                seen += 1
                key = row[0]
                if key in done:
                    problems.append(f"id {key} twice in the Spark output")
                    continue
                done.add(key)
                want = cli.get(key)
                if want is None:
                    problems.append(f"id {key} is in the Spark output, not in the CLI's")
                elif want != row:
                    problems.append(f"id {key}: spark {row} != cli {want}")
    missing = len(cli) - len(done & cli.keys())
    if missing:
        problems.append(f"{missing} rows of the CLI output are missing from the Spark output")
    errors = sum(1 for row in cli.values() if row[err])
    print(f"compare: {len(parts)} part files, {seen} rows from Spark, {len(cli)} from the CLI "
          f"({errors} with an error), {len(problems)} differences")
    for p in problems[:10]:
        print("  " + p)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
