#!/usr/bin/env python3
"""Writes the seed corpus of every fuzz target (tools/fuzz/corpus/<target>/seed-*), a few KB each: inputs taken
from the test suite (Tests/...) and slices of the repository's own data. Run from the repository root; the
seeds are committed, this script only says where they came from. Inputs found by fuzzing are kept beside them
as regression-* files."""
import gzip, json, os, struct, zlib

root = os.getcwd()
corpus = os.path.join(root, "tools/fuzz/corpus")

def write(target, name, data):
    d = os.path.join(corpus, target)
    os.makedirs(d, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    with open(os.path.join(d, "seed-" + name), "wb") as f:
        f.write(data)

# JSON: documents from Tests/HometownCoreTests/JSONParserTests.swift, the protocol's answers
# (Tests/HometownProtocolTests/places.json, cut to one answer), and post bodies.
whole = r' { "a" : [ 1 , -0.5e+2 , 0 , 1E3 , true , false , null ] , "b\u00e9\ud83d\ude00\n\/" : { } , "c" : [ ] } '
places = json.load(open(os.path.join(root, "Tests/HometownClusteringTests/Fixtures/places.json")))
place_text = json.dumps(places["features"][:6] if isinstance(places, dict) else places[:6])
post = '{"nickname": "rew2", "password": "guess", "country": "USA", "state": "Minnesota", "city": "Minneapolis", "year": 1985, "latitude": 44.966060, "longitude": -93.293753}'
for target in ["json", "json-cursor"]:
    write(target, "grammar.json", whole)
    write(target, "places.json", place_text[:3000])
    write(target, "post.json", post)
    write(target, "numbers.json", "[0,-0,1e308,2.2250738585072014e-308,123456789012345678901234,0.1,9007199254740993]")
    write(target, "escapes.json", r'["\u0000\u001f\"\\\/\b\f\n\r\t","\ud834\udd1e","caf\u00e9","e\u0301"]')

# Numbers (Tests/HometownCoreTests/DecimalTextTests.swift's kinds: exact, extended, ties, long, extreme).
for k, n in enumerate(["0", "-0.0", "1.5", "44.966060", "-93.293753", "9007199254740993", "1e22", "1e23",
                       "123456789012345678e-27", "2.2250738585072011e-308", "4.9e-324", "1.7976931348623157e308",
                       "1e400", "0.1000000000000000055511151231257827021181583404541015625"]):
    write("decimal", f"{k:02d}", n)

# CSV (Tests/HometownCoreTests/CSVRecordsTests.swift and the batch tests' inputs).
csv_seeds = {
    "header.csv": "id,latitude,longitude,city\n1,44.97,-93.29,Minneapolis\n2,-33.87,151.21,\"Sydney, NSW\"\n",
    "quotes.csv": '\ufeffa,"b ""quoted""",c\r\n"multi\nline",x,\r\n\r\n"",,\n',
    "broken.csv": 'a,b"c,d\n"open,e\n"x"y,z\n',
}
for name, text in csv_seeds.items():
    write("csv", name, text)
    write("record-buffer", name, text)
write("record-buffer", "lines.ndjson", '{"a":1}\n\n{"b":2}\r\n  \n{"c":3}')

# NDJSON (Tests/HometownCoreTests/JSONParserTests.swift's NDJSON lines, the marker tests' lines).
write("ndjson", "lines.ndjson", '{"a":1}\r\n\n{"b":2}\n \t\n{"c":3}')
write("ndjson", "features.ndjson",
      '{"type":"Feature","geometry":{"type":"Point","coordinates":[0, 91]},"properties":{}}\n'
      '{"type":"Feature","geometry":null,"properties":null}\n')

# GeoJSON collections (Tests/HometownMarkersTests/ReaderTests.swift, GeoJSONReaderTests.swift).
features = []
for i in range(12):
    lon, lat = -170 + 29 * i, -80 + 13 * i
    features.append(
        [f'{{"type":"Feature","id":{i},"properties":{{"city":"C{i}","year":{2000 + i % 20}}},"geometry":{{"type":"Point","coordinates":[{lon},{lat}]}}}}',
         f'{{ "geometry": {{ "coordinates": [{lon}, {lat}, 12.5], "type": "Point" }}, "type": "Feature", "properties": null }}',
         '{"type":"Feature","geometry":null,"properties":{"note":"no place, {\\"x\\": [1,2]}"}}',
         f'{{"properties":{{}},"type":"Feature","id":"f{i}","geometry":{{"type":"Point","coordinates":[{lon},{lat}]}}}}'][i % 4])
write("geojson-markers", "collection.geojson", '{"type":"FeatureCollection","features":[' + ",\n".join(features) + "]}")
write("geojson-markers", "type-last.geojson", '{"features":[' + ",".join(features[:5]) + '],"type":"FeatureCollection"}')
write("geojson-markers", "line.geojson",
      '{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[1,2]}},'
      '{"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]}}]}')

# Query strings (Tests/HometownProtocolTests/QueryParametersTests.swift, UsersQueryTests.swift).
for k, q in enumerate(["country=USA&state=Minnesota&page=2&pagesize=10", "city=New+York&year=1985",
                       "name=%C3%A9t%C3%A9&x=a%2Bb&&=&flag", "q=%E2%9C%93%20ok&bad=%zz", "a=1=2&b"]):
    write("query-string", f"{k}", q)

# Post bodies (Tests/HometownProtocolTests/PostValidationTests.swift).
for k, b in enumerate([
        '{"nickname": "rew", "password": "catman", "country": "USA", "state": "Texas", "city": "Devils Lake", "year": 1985}',
        post,
        '{"nickname":" Ana ","password":"abc","country":"CA","state":"Ontario","city":"Coyoac\u00e1n","year":2001,"latitude":null,"longitude":null}',
        '{"nickname":"n","password":"pwd","country":"USA","state":"Minnesota","city":"c","year":1985.0}',
        '{"nickname":"n","password":"pwd","country":"USA","state":"Minnesota","city":"c","year":1985,"latitude":0,"longitude":180}',
        '{"nickname":"n","password":"pwd","country":"IN","state":"Punjab","city":"c","year":1985,"year":1986}']):
    write("post-body", f"{k}", b)

# Typed place names (Tests/HometownGazetteerTests' searches and suggestions, the server's forward tests): the
# first byte picks the limit (1 + byte % 100), the rest is the text.
for k, (limit, q) in enumerate([
        (5, "Minneap"), (8, "San Fran"), (6, "\u041c\u043e\u0441\u043a"), (5, "Sao Pa"), (10, "Paris, T"),
        (5, "1060 W Addison St, Chicago, IL 60613"), (3, "Petco Park, San Diego, CA"), (5, "SW1A 1AA London"),
        (5, "1012 AB Amsterdam"), (5, "M5V 3L9 Toronto"), (5, "St. Louis, MO"), (20, "U.S.A."), (5, "75008 Paris"),
        (5, "\u5317\u4eac, \u4e2d\u56fd"), (5, "Minneapolsi"), (5, "San "), (5, "Chicago,"), (1, "60613"),
        (5, "M\u00fcn"), (10, "Saint-\u00c9t"), (2, "\u0141\u00f3 ")]):
    write("forward-query", f"{k:02d}", bytes([limit - 1]) + q.encode())

# gzip: first byte even = compressed input as it comes, odd = plain data to compress.
text = open(os.path.join(root, "README.md"), "rb").read()[:1500]
write("gzip", "member", b"\x00" + gzip.compress(text, mtime=0))
write("gzip", "two-members", b"\x02" + gzip.compress(text[:500], mtime=0) + gzip.compress(text[500:], mtime=0))
write("gzip", "zlib", b"\x04" + zlib.compress(text))
write("gzip", "cut", b"\x06" + gzip.compress(text, mtime=0)[:300])
write("gzip", "plain", b"\x01" + text)

# Data files: the header and section table of data/hometown.bin and data/gazetteer.bin with each section cut to
# a few hundred bytes of its real start (first byte: bit 0 = repair sizes and checksums, bits 1-2 = reader).
def small(path, keep):
    raw = open(path, "rb").read(1 << 16)
    n = struct.unpack("<I", raw[12:16])[0]
    f = open(path, "rb")
    table_end = 32 + 32 * n
    offset = (table_end + 7) // 8 * 8
    head = bytearray(raw[:table_end])
    body = bytearray()
    for k in range(n):
        e = 32 + 32 * k
        off, length = struct.unpack("<QQ", raw[e + 8:e + 24])
        f.seek(off)
        data = f.read(min(length, keep))
        struct.pack_into("<QQ", head, e + 8, offset + len(body), len(data))
        body += data + b"\0" * (-len(data) % 8)
    head += b"\0" * (offset - table_end)
    whole = head + body
    struct.pack_into("<Q", whole, 16, len(whole))
    return bytes(whole)

geo = small(os.path.join(root, "data/hometown.bin"), 192)
gaz = small(os.path.join(root, "data/gazetteer.bin"), 384)
write("data-file", "hometown-header", b"\x03" + geo)
write("data-file", "hometown-full", b"\x05" + geo)
write("data-file", "gazetteer-verified", b"\x07" + gaz)
write("data-file", "gazetteer", b"\x0f" + gaz)
write("data-file", "hometown-raw", b"\x00" + open(os.path.join(root, "data/hometown.bin"), "rb").read(1024))
