#!/usr/bin/env python3
"""Seeds a Hometown SQLite database with synthetic users for the server load benchmark (tools/bench/server/run.sh).

Two steps, because the server owns the schema and the vocabulary:

  seed.py places BASE_URL OUT.json [--seed S]
      While `hometown serve` runs (on the fresh database, which it has just created): reads GET countries and
      GET states?country=..., finds each state's bounding box with GET forward?q=<state>, samples points in it
      and keeps those that GET reverse puts in that same country and state, with the nearest city's name. The
      result is a pool of real (country, state, city, latitude, longitude) places per state, in the server's own
      vocabulary.

  seed.py insert DB OUT.json N [--seed S]
      With the server stopped: inserts N users straight into the `users` table (one transaction), never through
      HTTP (scrypt at the production cost would take ~0.4 s a post, hours for 100,000 users). Every row gets the
      same password hash, one PHC string precomputed once (see PASSWORD_HASH). created_ms increases with id.

Distribution (fixed seed, so every run builds the same database): countries USA 45 %, India 22 %, China 20 %,
Mexico 13 %; within a country, states get Zipf-like weights in a seeded random order, except that Minnesota (the
original course server's home) takes 30 % of the USA; start years 1970-2025 weighted towards recent years; 4 %
of users without coordinates (NULL, returned as 0 as the protocol says); the rest at a sampled place of their
state, jittered by up to ~2 km.
"""
import argparse
import http.client
import json
import random
import sqlite3
import sys
import urllib.parse

# scrypt of the password "secret" with N = 2^17, r = 8, p = 1, salt "hometown-bench-1", 32-byte key, in the PHC
# form PasswordHasher writes. Computed once with Python:
#   hashlib.scrypt(b"secret", salt=b"hometown-bench-1", n=2**17, r=8, p=1, maxmem=256 << 20, dklen=32)
# and shared by every seeded row (hashing 100,000 passwords would take hours and change nothing for the reads).
PASSWORD_HASH = "$scrypt$ln=17,r=8,p=1$aG9tZXRvd24tYmVuY2gtMQ$QpBh48qnq3BQv9B6SO1ckJ4w3xaNsJAwDlPh+4eVJwQ"

COUNTRY_WEIGHTS = {"USA": 45, "India": 22, "China": 20, "Mexico": 13}
FAVOURED_STATE = ("USA", "Minnesota", 0.30)
YEARS = range(1970, 2026)
POINTS_PER_STATE = 10       # places kept per state (fewer when the state is small or oddly shaped)
TRIES_PER_STATE = 40        # reverse look-ups per state at most
NO_COORDINATE_SHARE = 0.04
FIRST_CREATED_MS = 1_483_228_800_000   # 2017-01-01T00:00:00Z
LAST_CREATED_MS = 1_767_225_600_000    # 2026-01-01T00:00:00Z

FIRST_NAMES = """ada alan alex ali amir ana anil anna arjun aya ben bo carla carlos chen chloe dan dev diego
eli emma eva fatima felipe gita grace hana hao ivan jack jia jin jose juan julia kai kim lei leo li lin lucia
luis maria mei mia ming noah nora olga omar pablo priya raj ravi rosa ruth sam sara sofia sun tara tom uma
vera wei xin yan yu zara zhang""".split()
WORDS = """gopher husky lake pine river loon north prairie maple cedar hawk wolf otter fox badger bison comet
delta echo falcon harbor iris jade kite lotus mesa nova opal quartz sage tiger violet willow""".split()


def nickname_key(nickname):
    """The server's NicknameKey (Sources/HometownProtocol/NicknameKey.swift) for the only alphabet this script
    writes, ASCII letters, digits and '_': lower case, then UTS #39's prototypes of the characters that have one
    there (0 -> O, which folds to o; 1 -> l; m -> rn). Anything else is refused rather than guessed."""
    key = nickname.lower()
    if not all(c.isascii() and (c.isalnum() or c == "_") for c in key):
        sys.exit(f"seed.py: nickname {nickname!r} is outside the alphabet nickname_key() mirrors")
    return key.replace("0", "o").replace("1", "l").replace("m", "rn")


class Client:
    """A keep-alive HTTP/1.1 client for the few hundred look-ups of the `places` step."""

    def __init__(self, base):
        u = urllib.parse.urlsplit(base)
        self.prefix = u.path.rstrip("/")
        self.conn = http.client.HTTPConnection(u.hostname, u.port or 80, timeout=30)

    def get(self, path, **params):
        q = urllib.parse.urlencode(params, quote_via=urllib.parse.quote)
        self.conn.request("GET", f"{self.prefix}/{path}" + (f"?{q}" if q else ""))
        r = self.conn.getresponse()
        body = r.read()
        if r.status != 200:
            raise RuntimeError(f"GET {path} {params}: HTTP {r.status}: {body[:200]!r}")
        return json.loads(body)


def collect_places(base, out, seed):
    rng = random.Random(seed)
    c = Client(base)
    countries = c.get("countries")
    result = {"countries": {}}
    total = 0
    for country in countries:
        states = c.get("states", country=country)
        per_state = {}
        for state in states:
            bbox = None
            hits = c.get("forward", q=f"{state}, {country}", limit=10)["results"]
            for h in hits:
                if h["country"] == country and h["state"] == state and h["kind"] == "state":
                    bbox = h["bbox"]
                    break
            if bbox is None:
                for h in hits:
                    if h["country"] == country and h["state"] == state:
                        bbox = h["bbox"]
                        break
            places = []
            if bbox is not None:
                w, s, e, n = bbox
                if e < w:  # crosses the antimeridian (Alaska): keep the larger western part
                    e = 180.0
                for _ in range(TRIES_PER_STATE):
                    lat, lon = rng.uniform(s, n), rng.uniform(w, e)
                    r = c.get("reverse", lat=f"{lat:.5f}", lon=f"{lon:.5f}")
                    if r["country"] == country and r["state"] == state and r["city"]:
                        places.append([r["city"], round(lat, 5), round(lon, 5)])
                        if len(places) >= POINTS_PER_STATE:
                            break
                if not places:  # a tiny state (a city-state, an island): its forward point, named by reverse
                    h = next(h for h in hits if h["country"] == country and h["state"] == state)
                    r = c.get("reverse", lat=str(h["latitude"]), lon=str(h["longitude"]))
                    places.append([r["city"] or state, round(h["latitude"], 5), round(h["longitude"], 5)])
            if not places:
                places.append([state, None, None])
                print(f"seed.py: no place found for {state}, {country}; its users get no coordinates", file=sys.stderr)
            per_state[state] = places
            total += len(places)
        result["countries"][country] = per_state
    with open(out, "w") as f:
        json.dump(result, f, indent=1, sort_keys=True)
    print(f"seed.py: {total} places in {sum(len(v) for v in result['countries'].values())} states of "
          f"{len(countries)} countries", file=sys.stderr)


def state_weights(rng, country, states):
    order = list(states)
    rng.shuffle(order)
    weights = {s: 1.0 / (rank + 2) ** 0.9 for rank, s in enumerate(order)}
    fc, fs, share = FAVOURED_STATE
    if country == fc and fs in weights:
        others = sum(v for s, v in weights.items() if s != fs)
        weights = {s: (share if s == fs else (1 - share) * v / others) for s, v in weights.items()}
    names = sorted(weights)
    return names, [weights[s] for s in names]


def insert_users(db, places_file, n, seed):
    rng = random.Random(seed)
    with open(places_file) as f:
        pools = json.load(f)["countries"]
    countries = sorted(c for c in pools if c in COUNTRY_WEIGHTS) or sorted(pools)
    country_w = [COUNTRY_WEIGHTS.get(c, 1) for c in countries]
    per_country = {c: state_weights(rng, c, sorted(pools[c])) for c in countries}
    years = list(YEARS)
    year_w = [1.0 + 0.08 * (y - years[0]) for y in years]
    mean_gap = (LAST_CREATED_MS - FIRST_CREATED_MS) / max(n, 1)
    created = FIRST_CREATED_MS

    con = sqlite3.connect(db)
    have = con.execute("SELECT count(*) FROM users").fetchone()[0]
    if have:
        sys.exit(f"seed.py: {db} already has {have} users; seed a fresh database")
    rows = []
    for i in range(1, n + 1):
        country = rng.choices(countries, country_w)[0]
        names, w = per_country[country]
        state = rng.choices(names, w)[0]
        city, lat, lon = rng.choice(pools[country][state])
        if lat is None or rng.random() < NO_COORDINATE_SHARE:
            lat = lon = None
        else:
            lat = round(min(90.0, max(-90.0, lat + rng.uniform(-0.02, 0.02))), 6)
            lon = round(min(179.999999, max(-180.0, lon + rng.uniform(-0.02, 0.02))), 6)
        nickname = f"{rng.choice(FIRST_NAMES)}_{rng.choice(WORDS)}{i}"
        if i % 7 == 0:
            nickname = nickname.capitalize()
        created += max(1, int(rng.expovariate(1 / mean_gap)))
        created = min(created, LAST_CREATED_MS + i)
        year = rng.choices(years, year_w)[0]
        rows.append((nickname, nickname_key(nickname), PASSWORD_HASH, country, state, city, year, lat, lon, created))
    with con:
        con.executemany(
            "INSERT INTO users (nickname, nickname_key, password_hash, country, state, city, year, latitude, longitude, "
            "created_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    mn = con.execute("SELECT count(*) FROM users WHERE state = 'Minnesota' AND year = 2016").fetchone()[0]
    usa = con.execute("SELECT count(*) FROM users WHERE country = 'USA'").fetchone()[0]
    total = con.execute("SELECT count(*) FROM users").fetchone()[0]
    con.close()
    print(f"seed.py: inserted {total} users (USA {usa}; Minnesota with year 2016: {mn}); "
          f"every row has the same precomputed password hash", file=sys.stderr)
    if mn < 10 or usa < 25:
        sys.exit("seed.py: too few Minnesota-2016 or USA users for the benchmark's queries")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("places")
    a.add_argument("base", help="e.g. http://127.0.0.1:8080/hometown")
    a.add_argument("out")
    a.add_argument("--seed", type=int, default=42)
    b = sub.add_parser("insert")
    b.add_argument("db")
    b.add_argument("places")
    b.add_argument("n", type=int)
    b.add_argument("--seed", type=int, default=42)
    args = p.parse_args()
    if args.cmd == "places":
        collect_places(args.base, args.out, args.seed)
    else:
        insert_users(args.db, args.places, args.n, args.seed)


if __name__ == "__main__":
    main()
