"""Runs several hometown_reverse jobs in one Spark session, one after another, for tools/spark/test.sh: one JVM
start instead of one per job. Each job's outcome goes to its own file, for the test to judge.

    spark-submit ... --py-files hometown_reverse.py tests/run_jobs.py PLAN.json

PLAN.json: a list of {"name": ..., "args": [hometown_reverse's arguments], "outcome": FILE}. FILE gets "ok", or
"failed" and the failure's text (for a job that fails on purpose, the command's message is in it). Exits 0 when
every job ran to an outcome, whatever it was."""
import json
import sys
import time
import traceback

import hometown_reverse


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        plan = json.load(f)
    from pyspark.sql import SparkSession
    spark = SparkSession.builder.appName("hometown-reverse-tests").getOrCreate()
    try:
        for job in plan:
            started = time.monotonic()
            try:
                hometown_reverse.run(spark, hometown_reverse.parse_args(job["args"]))
                outcome = "ok\n"
            except BaseException as e:  # SystemExit too: a job's refusal is an outcome to judge, not the end
                outcome = "failed\n" + "".join(traceback.format_exception(e))
            with open(job["outcome"], "w", encoding="utf-8") as f:
                f.write(outcome)
            print(f"run_jobs: {job['name']}: {outcome.splitlines()[0]} in {time.monotonic() - started:.1f} s",
                  flush=True)
    finally:
        spark.stop()


if __name__ == "__main__":
    main()
