"""Checks the Spark job's CSV output for the small file of make_points.py --tricky against the input itself.

    check_small.py INPUT.csv SPARK_OUTPUT_DIR

Every input row comes out once with its input columns unchanged (line breaks, quotes, commas, unicode, empty
values), the good points get their country, and every bad point keeps its row with an error. Exits 1 otherwise.
"""
import csv
import glob
import os
import sys

EXPECT_PLACE = {"0": ("US", "US-WA", "Seattle"), "1": ("US", "US-MN", "Minneapolis"), "2": ("FR", None, "Paris"),
                "4": ("JP", "JP-13", "Tokyo"), "16": ("TD", None, None), "17": ("TD", None, None),
                "21": ("AQ", None, None)}
EXPECT_ERROR = {"3": "latitude", "5": "not a number", "6": "out of range", "7": "not a number",
                "8": "not a number", "9": "longitude", "10": "out of range", "11": "out of range",
                "12": "out of range", "13": "out of range", "14": "not a number", "15": "not a number",
                "18": "not a number", "19": "longitude", "22": "not a number", "23": "not a number"}


def main():
    with open(sys.argv[1], newline="", encoding="utf-8") as f:
        r = csv.reader(f)
        in_header = next(r)
        given = {row[0]: row for row in r}
    out = {}
    problems = []
    for part in sorted(glob.glob(os.path.join(sys.argv[2], "part-*.csv"))):
        with open(part, newline="", encoding="utf-8") as f:
            r = csv.reader(f)
            header = next(r, None)
            if header is None:
                continue
            for row in r:
                d = dict(zip(header, row))
                if d["id"] in out:
                    problems.append(f"id {d['id']} twice")
                out[d["id"]] = d
    if set(out) != set(given):
        problems.append(f"ids differ: missing {sorted(set(given) - set(out))[:10]}, "
                        f"extra {sorted(set(out) - set(given))[:10]}")
    for key, row in given.items():
        d = out.get(key)
        if d is None:
            continue
        if [d[c] for c in in_header] != row:
            problems.append(f"id {key}: input columns changed: {[d[c] for c in in_header]!r} != {row!r}")
        if key in EXPECT_PLACE:
            iso2, state_iso, city = EXPECT_PLACE[key]
            if d["country_iso2"] != iso2 or d["error"] or (state_iso and d["state_iso"] != state_iso) or \
                    (city and d["city"] != city):
                problems.append(f"id {key}: expected {EXPECT_PLACE[key]}, got {d}")
        if key in EXPECT_ERROR:
            if EXPECT_ERROR[key] not in d["error"] or d["country"]:
                problems.append(f"id {key}: expected an error with {EXPECT_ERROR[key]!r}, got {d}")
            if d["error"].startswith("line "):
                problems.append(f"id {key}: error keeps the partition's line number: {d['error']!r}")
    bad = sum(1 for d in out.values() if d["error"])
    print(f"check_small: {len(out)} rows out for {len(given)} in, {bad} with an error, {len(problems)} problems")
    for p in problems[:10]:
        print("  " + p)
    for key in ("0", "1", "3", "6", "12", "16"):
        if key in out:
            d = out[key]
            print(f"  id {key}: name={d['name']!r} lat={d['latitude']!r} lon={d['longitude']!r} -> "
                  f"{d['country_iso2'] or '-'} {d['state_iso'] or '-'} {d['city'] or '-'} error={d['error']!r}")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
