// The clusters benchmark's HTTP peer: what a JavaScript developer would put in front of supercluster. Node's own
// http server answers GET /clusters?set=NAME&zoom=Z&bbox=W,S,E,N with getClusters on that set's index (loaded with
// the server's options: radius 40, extent 512, zooms 0-16, minPoints 2), each cluster given its expansion_zoom
// (getClusterExpansionZoom, which the web map needs to zoom into a cluster), as JSON.stringify writes a
// FeatureCollection. A single user's feature carries the same properties as hometown's (city, country, id,
// nickname, state, year); there is no per-feature bbox, which hometown adds, so this answer is the smaller one.
//
// Usage: node clusters-server.mjs SETS.json
//   SETS.json: {NAME: "users.json", ...}, each file the users as GET /hometown/users lists them (with a point).
// Prints the port it listens on (127.0.0.1) once every index is loaded, then {"load_ms": {NAME: ms}} on one line.
import fs from 'node:fs';
import http from 'node:http';
import Supercluster from 'supercluster';

const sets = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const indexes = {};
const loadMs = {};
for (const [name, path] of Object.entries(sets)) {
    const users = JSON.parse(fs.readFileSync(path, 'utf8'));
    const features = users.map((u) => ({
        type: 'Feature',
        id: u.id,
        properties: {city: u.city, country: u.country, id: u.id, nickname: u.nickname, state: u.state, year: u.year},
        geometry: {type: 'Point', coordinates: [u.longitude, u.latitude]},
    }));
    const t0 = performance.now();
    indexes[name] = new Supercluster({minZoom: 0, maxZoom: 16, radius: 40, extent: 512}).load(features);
    loadMs[name] = performance.now() - t0;
}

const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    const index = indexes[url.searchParams.get('set')];
    const zoom = Number(url.searchParams.get('zoom'));
    const bbox = (url.searchParams.get('bbox') || '').split(',').map(Number);
    if (!index || !Number.isInteger(zoom) || bbox.length !== 4 || bbox.some((v) => !Number.isFinite(v))) {
        res.writeHead(400, {'content-type': 'text/plain'});
        res.end('set, zoom and bbox=W,S,E,N are needed\n');
        return;
    }
    const features = index.getClusters(bbox, zoom);
    for (const f of features) {
        if (f.properties.cluster) f.properties.expansion_zoom = index.getClusterExpansionZoom(f.properties.cluster_id);
    }
    const body = JSON.stringify({type: 'FeatureCollection', features});
    res.writeHead(200, {'content-type': 'application/geo+json', 'content-length': Buffer.byteLength(body)});
    res.end(body);
});
server.keepAliveTimeout = 300_000;
server.listen(0, '127.0.0.1', () => {
    console.log(server.address().port);
    console.log(JSON.stringify({load_ms: loadMs}));
});
