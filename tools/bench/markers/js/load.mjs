// The JavaScript reference side of the markers benchmark: loads supercluster (from the checkout the benchmark
// was given, copied into out/js/node_modules) on the same float64 (lon, lat) points the Swift driver reads,
// times the index load at one maxZoom, then a world query at zoom 2 and a city query at zoom 12.
// Prints one JSON object with the same keys as hometown-bench-markers.
//
// Usage: node --expose-gc load.mjs POINTS.bin MAX_ZOOM LOAD_RUNS QUERY_RUNS
import fs from 'node:fs';
import Supercluster from 'supercluster';

const [binPath, maxZoomText, runsText, queryRunsText] = process.argv.slice(2);
const maxZoom = Number(maxZoomText), runs = Number(runsText), queryRuns = Number(queryRunsText);
const bytes = fs.readFileSync(binPath);
const values = new Float64Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
const features = [];
for (let i = 0; i < values.length / 2; i++) {
    features.push({type: 'Feature', properties: {}, geometry: {type: 'Point', coordinates: [values[2 * i], values[2 * i + 1]]}});
}

const median = xs => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const loads = [];
let index = null;
for (let r = 0; r < runs; r++) {
    index = null;
    if (global.gc) global.gc();
    const t0 = performance.now();
    index = new Supercluster({minZoom: 0, maxZoom, radius: 40, extent: 512}).load(features);
    loads.push(performance.now() - t0);
}

function query(bbox, zoom, n) {
    const times = [];
    let size = 0;
    for (let r = 0; r < n; r++) {
        const t0 = performance.now();
        size = index.getClusters(bbox, zoom).length;
        times.push(performance.now() - t0);
    }
    return [median(times), size];
}
const world = query([-180, -85, 180, 85], 2, queryRuns);
const city = query([9, 49, 11, 51], 12, queryRuns);
console.log(JSON.stringify({
    points: features.length, load_ms: median(loads), load_min_ms: Math.min(...loads),
    world_z2_ms: world[0], world_z2_items: world[1], city_z12_ms: city[0], city_z12_items: city[1],
}));
