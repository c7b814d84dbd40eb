"""Reverse-geocode a CSV or Parquet dataset on a Spark cluster with the `hometown` command.

Every partition is streamed through one `hometown reverse --input - --input-format csv --format csv --quiet`
process on its executor. The executors get the binary and data/hometown.bin from a Spark archive (see
package.sh and README.md). They need Python 3, plus pyarrow and pandas for the default Arrow engine
(--engine rows needs only the standard library).

    spark-submit --master local[2] --archives .work/hometown-spark.tar.gz#hometown \\
        hometown_reverse.py --input points.csv --output places/ --output-format csv

Output: every input column, unchanged, plus country, country_iso2, state, state_iso, city, error (strings, null
when there is no answer). One output row per input row: a row whose point is missing, not a number or out of
range keeps its row with the message in `error`. The job fails (with the command's stderr) if the command
exits with anything but 0 (done) or 3 (done, some rows had errors), or if it answers a different number of rows.
"""
import argparse
import collections
import csv
import io
import os
import re
import subprocess
import sys
import tempfile
import threading
import time

OUR_COLUMNS = ("country", "country_iso2", "state", "state_iso", "city", "error")
LAT_NAMES = ("latitude", "lat")
LON_NAMES = ("longitude", "lon")
# The command numbers the lines of the stream it reads; in a partition's stream that number means nothing to the
# user (the row itself carries the error), so it is taken off.
LINE_PREFIX = re.compile(r"^line [0-9]+: ")


# ---------------------------------------------------------------------------------------------------------------
# Executor side


def _resolve(path, root):
    """A path as given, or relative to the SparkFiles root (local mode unpacks archives there, not in the cwd)."""
    if not path:
        return None
    if os.path.isabs(path) or os.path.exists(path):
        return os.path.abspath(path)
    if root:
        candidate = os.path.join(root, path)
        if os.path.exists(candidate):
            return candidate
    return os.path.abspath(path)


def locate_tools(bundle, binary_opt, data_opt):
    """Where the hometown binary and its data are on this executor.

    Order: --hometown-bin / --hometown-data from the job's arguments, then $HOMETOWN_BIN / $HOMETOWN_DATA of the
    executor (spark.executorEnv.*), then the unpacked archive `bundle` (hometown, data/hometown.bin), then files
    shipped with --files (hometown, hometown.bin).
    """
    try:
        from pyspark import SparkFiles
        root = SparkFiles.getRootDirectory()
    except Exception:  # not in a Spark worker (tests call this directly)
        root = None
    search = [d for d in (root and os.path.join(root, bundle), bundle, root, ".") if d]
    binary = _resolve(binary_opt or os.environ.get("HOMETOWN_BIN"), root)
    if binary is None:
        for d in search:
            if os.path.isfile(os.path.join(d, "hometown")):
                binary = os.path.abspath(os.path.join(d, "hometown"))
                break
    data = _resolve(data_opt or os.environ.get("HOMETOWN_DATA"), root)
    if data is None:
        for d in search:
            for rel in ("data/hometown.bin", "hometown.bin"):
                if os.path.isfile(os.path.join(d, rel)):
                    data = os.path.abspath(os.path.join(d, rel))
                    break
            if data:
                break
    if binary is None or not os.path.isfile(binary):
        raise RuntimeError(f"hometown binary not found on this executor (looked in {search}); ship it with "
                           f"--archives hometown-spark.tar.gz#{bundle} or set spark.executorEnv.HOMETOWN_BIN")
    if data is None or not os.path.isfile(data):
        raise RuntimeError(f"hometown.bin not found on this executor (looked in {search}, $HOMETOWN_DATA="
                           f"{os.environ.get('HOMETOWN_DATA')!r}); set spark.executorEnv.HOMETOWN_DATA")
    if not os.access(binary, os.X_OK):
        try:  # some archive unpackers drop the executable bit
            os.chmod(binary, os.stat(binary).st_mode | 0o111)
        except OSError:
            pass
    return binary, data


def coordinate_text(value):
    """The text the command gets for one coordinate cell: exactly the CSV text for strings, the shortest
    round-tripping decimal for floats, empty for null (the command then reports the row)."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, float):
        return repr(value)  # 'nan' and 'inf' are refused by the command as "not a number"
    return str(value)  # int, Decimal


class PartitionGeocoder:
    """Streams one partition through one hometown process.

    Called by Spark once per partition with an iterator of items: Rows (engine "rows", RDD.mapPartitions) or Arrow
    record batches (engine "arrow", DataFrame.mapInArrow). Yields each item with our six columns added, in order.
    """

    def __init__(self, lat_index, lon_index, lat_name, lon_name, bundle, binary_opt, data_opt, arrow=False,
                 out_names=None):
        self.lat_index, self.lon_index = lat_index, lon_index
        self.lat_name, self.lon_name = lat_name, lon_name
        self.bundle, self.binary_opt, self.data_opt = bundle, binary_opt, data_opt
        self.arrow, self.out_names = arrow, out_names
        # What the command gets: our row number and the two coordinates under fixed names (its messages say
        # "latitude" and "longitude" whatever the columns are called), so no input name can clash with its output.
        self.id_key = "hometown_row_id"

    # An item's coordinates, and the item with its answers (one 6-tuple per row) added.
    def coordinates(self, item):
        if self.arrow:
            return zip(item.column(self.lat_index).to_pylist(), item.column(self.lon_index).to_pylist())
        return ((item[self.lat_index], item[self.lon_index]),)

    def combine(self, item, answers):
        if self.arrow:
            import pyarrow as pa
            columns = list(zip(*answers)) if answers else [()] * len(OUR_COLUMNS)
            arrays = list(item.columns) + [pa.array(list(c), type=pa.string()) for c in columns]
            return pa.RecordBatch.from_arrays(arrays, names=self.out_names)
        return tuple(item) + tuple(answers[0])

    def __call__(self, items):
        binary, data = locate_tools(self.bundle, self.binary_opt, self.data_opt)
        env = dict(os.environ, HOMETOWN_DATA=data)
        cmd = [binary, "reverse", "--input", "-", "--input-format", "csv", "--format", "csv", "--quiet",
               "--lat-column", "latitude", "--lon-column", "longitude", "--data", data]
        stderr = tempfile.TemporaryFile()  # a file, not a pipe: a chatty stderr can never block the command
        proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr, env=env,
                                bufsize=1 << 20)
        # Items sent and not yet fully answered, oldest first, with their row counts. Unbounded on purpose: it
        # holds only what the command has read and not yet answered (bounded by the command's own chunking);
        # a bound here could deadlock.
        pending = collections.deque()
        state = {"sent": 0, "error": None}

        def feed():
            buf = io.StringIO()
            w = csv.writer(buf, lineterminator="\n")
            try:
                w.writerow([self.id_key, "latitude", "longitude"])
                n = 0
                for item in items:
                    lines = [(n + k, coordinate_text(lat), coordinate_text(lon))
                             for k, (lat, lon) in enumerate(self.coordinates(item))]
                    pending.append((item, len(lines)))  # before the command can see the rows
                    w.writerows(lines)
                    n += len(lines)
                    if buf.tell() >= 1 << 16:
                        proc.stdin.write(buf.getvalue().encode("utf-8"))
                        buf.seek(0)
                        buf.truncate()
                proc.stdin.write(buf.getvalue().encode("utf-8"))
                state["sent"] = n
            except BrokenPipeError:
                state["error"] = "the hometown command stopped reading its input"
            except BaseException as e:  # the partition's own input failed: stop the command, report it
                state["error"] = e
                proc.kill()
            finally:
                try:
                    proc.stdin.close()
                except BrokenPipeError:
                    pass

        feeder = threading.Thread(target=feed, name="hometown-feed", daemon=True)
        feeder.start()
        received = 0
        answers = []
        finished = False
        try:
            reader = csv.reader(io.TextIOWrapper(proc.stdout, encoding="utf-8", newline=""))
            header = next(reader, None)
            if header is not None:
                try:
                    at = [header.index(c) for c in (self.id_key,) + OUR_COLUMNS]
                except ValueError:
                    raise RuntimeError(f"hometown answered with the columns {header}") from None
                at_id = at[0]
                at_ours = at[1:]
                for row in reader:
                    while pending and pending[0][1] == len(answers):  # items with no rows
                        yield self.combine(pending.popleft()[0], answers)
                        answers = []
                    if len(row) != len(header) or row[at_id] != str(received) or not pending:
                        raise RuntimeError(f"hometown answered {row!r} where row {received} was expected")
                    received += 1
                    answer = [row[i] or None for i in at_ours]
                    if answer[-1]:
                        answer[-1] = LINE_PREFIX.sub("", answer[-1])
                    answers.append(answer)
                    if len(answers) == pending[0][1]:
                        yield self.combine(pending.popleft()[0], answers)
                        answers = []
            feeder.join()
            code = proc.wait()
            finished = True
            stderr.seek(0)
            err_text = stderr.read().decode("utf-8", "replace").strip()
            if isinstance(state["error"], BaseException):
                raise state["error"]
            if code not in (0, 3):
                raise RuntimeError(f"hometown reverse exited with status {code}: {err_text or '(no message)'}"
                                   f" [{' '.join(cmd)}]")
            if state["error"]:
                raise RuntimeError(f"{state['error']}: {err_text}")
            while pending and pending[0][1] == 0 and not answers:
                yield self.combine(pending.popleft()[0], answers)
            if received != state["sent"] or pending or answers:
                raise RuntimeError(f"hometown answered {received} rows for {state['sent']} sent: {err_text}")
        finally:
            if not finished:  # an error here, or Spark stopped reading: leave no process behind
                proc.kill()
                proc.wait()
                feeder.join(timeout=10)
            proc.stdout.close()
            stderr.close()


# ---------------------------------------------------------------------------------------------------------------
# Driver side


def find_column(names, wanted, candidates, what):
    if wanted:
        if wanted not in names:
            raise SystemExit(f"hometown_reverse: no column {wanted!r} for the {what} (columns: {', '.join(names)})")
        return wanted
    lowered = {n.lower(): n for n in reversed(names)}
    for c in candidates:
        if c in lowered:
            return lowered[c]
    raise SystemExit(f"hometown_reverse: no {what} column (looked for {', '.join(candidates)}, any case); "
                     f"name it with --{what[:3]}-column")


def parse_args(argv):
    p = argparse.ArgumentParser(description="Reverse-geocode a CSV or Parquet dataset with hometown, on Spark.")
    p.add_argument("--input", required=True, help="input file or folder (CSV with a header row, or Parquet)")
    p.add_argument("--input-format", choices=("auto", "csv", "parquet"), default="auto",
                   help="default: parquet for a .parquet name or a folder of .parquet files, else csv")
    p.add_argument("--output", required=True, help="output folder (Spark writes part files)")
    p.add_argument("--output-format", choices=("csv", "parquet"), help="default: the input's")
    p.add_argument("--lat-column", help="default: latitude or lat (any case)")
    p.add_argument("--lon-column", help="default: longitude or lon (any case)")
    p.add_argument("--prefix", default="", help="put before our column names (needed if the input has them)")
    p.add_argument("--multiline", action="store_true",
                   help="CSV input whose quoted values hold line breaks (Spark then reads each file whole)")
    p.add_argument("--partitions", type=int, help="repartition the input to N partitions first")
    p.add_argument("--mode", default="errorifexists", choices=("errorifexists", "overwrite"),
                   help="what to do if the output exists")
    p.add_argument("--engine", choices=("auto", "arrow", "rows"), default="auto",
                   help="arrow: Arrow batches (needs pyarrow and pandas on the executors); rows: Row objects "
                   "(no packages, slower); auto: arrow if the driver has them")
    p.add_argument("--bundle", default="hometown", help="link name of the archive (--archives FILE#NAME)")
    p.add_argument("--hometown-bin", help="path of the binary on the executors (default: from the archive)")
    p.add_argument("--hometown-data", help="path of hometown.bin on the executors (default: $HOMETOWN_DATA, "
                   "then the archive's data/hometown.bin)")
    return p.parse_args(argv)


CSV_OPTIONS = {
    # RFC 4180 quoting (a quote inside a quoted value is doubled), values kept exactly as written.
    "header": "true", "quote": '"', "escape": '"', "encoding": "UTF-8",
    "ignoreLeadingWhiteSpace": "false", "ignoreTrailingWhiteSpace": "false",
}


def input_format(path, fmt):
    if fmt != "auto":
        return fmt
    if path.rstrip("/").endswith(".parquet"):
        return "parquet"
    if os.path.isdir(path) and any(n.endswith(".parquet") for n in os.listdir(path)):
        return "parquet"
    return "csv"


def arrow_available():
    try:
        import pandas  # noqa: F401  (PySpark's mapInArrow insists on it, though the job uses only pyarrow)
        import pyarrow  # noqa: F401
        return True
    except ImportError:
        return False


def geocode(spark, df, lat_column=None, lon_column=None, prefix="", bundle="hometown", hometown_bin=None,
            hometown_data=None, engine="auto"):
    """The input DataFrame with our six string columns added (a new DataFrame; lazy).

    engine "arrow": DataFrame.mapInArrow, the rows cross between the JVM and Python as Arrow batches (needs
    pyarrow and pandas on the driver and the executors); "rows": RDD.mapPartitions over Row objects (standard
    library only, slower); "auto": arrow if the driver has both."""
    from pyspark.sql.types import StringType, StructField, StructType
    names = df.columns
    lat = find_column(names, lat_column, LAT_NAMES, "latitude")
    lon = find_column(names, lon_column, LON_NAMES, "longitude")
    ours = [prefix + c for c in OUR_COLUMNS]
    clash = [c for c in ours if c in names]
    if clash:
        raise SystemExit(f"hometown_reverse: the input already has {', '.join(clash)}; use --prefix")
    schema = StructType(list(df.schema.fields) + [StructField(c, StringType(), True) for c in ours])
    if engine == "auto":
        engine = "arrow" if arrow_available() else "rows"
    fn = PartitionGeocoder(names.index(lat), names.index(lon), lat, lon, bundle, hometown_bin, hometown_data,
                           arrow=engine == "arrow", out_names=schema.names)
    if engine == "arrow":
        return df.mapInArrow(fn, schema)
    return spark.createDataFrame(df.rdd.mapPartitions(fn), schema, verifySchema=False)


def run(spark, args):
    """Runs one job, as `main` does, in a session the caller owns: reads args.input, geocodes it and writes
    args.output. Raises what Spark raises when the job fails (a command that failed, with its message)."""
    started = time.monotonic()
    fmt = input_format(args.input, args.input_format)
    if fmt == "csv":
        reader = spark.read.options(**CSV_OPTIONS, inferSchema="false", multiLine=str(args.multiline).lower(),
                                    mode="PERMISSIVE")
        df = reader.csv(args.input)
    else:
        df = spark.read.parquet(args.input)
    if args.partitions:
        df = df.repartition(args.partitions)
    out = geocode(spark, df, args.lat_column, args.lon_column, args.prefix, args.bundle, args.hometown_bin,
                  args.hometown_data, args.engine)
    out_fmt = args.output_format or fmt
    writer = out.write.mode(args.mode)
    if out_fmt == "csv":
        writer.options(**CSV_OPTIONS).csv(args.output)
    else:
        writer.parquet(args.output)
    print(f"hometown_reverse: wrote {args.output} ({out_fmt}) in {time.monotonic() - started:.1f} s", flush=True)


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    from pyspark.sql import SparkSession
    spark = SparkSession.builder.appName("hometown-reverse").getOrCreate()
    try:
        run(spark, args)
    finally:
        spark.stop()


if __name__ == "__main__":
    main()
