"""Writes a test CSV for the Spark job: id, name, latitude, longitude.

    make_points.py N OUT.csv [--tricky | --clean]

N points uniform on the sphere (seeded, so every run writes the same file). About one row in 500 is bad in one way
or another (empty, text, out of range, nan, spaces around the number), and names hold commas, quotes, accents,
CJK and emoji. --tricky adds the rows only a multi-line CSV reader handles (line breaks inside quoted names) and
puts the bad rows first, for the small test. --clean: no bad rows (for the benchmark).
"""
import csv
import math
import random
import sys

NAMES = ["Ann", "Zoë \"Z\" Müller", "São Paulo, SP", "北京", "O'Brien", "  padded  ", "", "emoji 🌍", "a;b|c",
         "tab\there", "\"quoted\"", "x,y,\"z\"", "'single'", "back\\slash", "#not a comment"]
BAD = [("", ""), ("abc", "10"), ("10", "abc"), ("91", "0"), ("-90.5", "0"), ("0", "181"), ("0", "-180.01"),
       ("nan", "0"), ("inf", "0"), (" 10 ", "20"), ("1e1", "2e1"), ("", "5"), ("5", ""), ("90", "180"),
       ("-90", "-180"), ("0x10", "0"), ("1,5", "2")]
TRICKY = [("line\nbreak", "47.6062", "-122.3321"), ("crlf\r\nbreak, \"and quotes\"", "44.9661", "-93.2938"),
          ("ends with quote\"", "48.8566", "2.3522"), ("\n", "", ""), ("unicode\u2028sep", "35.6762", "139.6503"),
          ("   ", "abc", "def"), ("comma,comma", "100", "100")]


def main():
    n, out = int(sys.argv[1]), sys.argv[2]
    tricky = "--tricky" in sys.argv
    clean = "--clean" in sys.argv
    rng = random.Random(2026)
    with open(out, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["id", "name", "latitude", "longitude"])
        k = 0
        if tricky:
            for name, lat, lon in TRICKY:
                w.writerow([k, name, lat, lon])
                k += 1
            for lat, lon in BAD:
                w.writerow([k, NAMES[k % len(NAMES)], lat, lon])
                k += 1
        while k < n:
            name = NAMES[k % len(NAMES)]
            if k % 500 == 499 and not clean:
                lat, lon = BAD[(k // 500) % len(BAD)]
            else:
                lat = repr(math.degrees(math.asin(2 * rng.random() - 1)))
                lon = repr(rng.random() * 360 - 180)
            w.writerow([k, name, lat, lon])
            k += 1


if __name__ == "__main__":
    main()
