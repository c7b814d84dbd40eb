// The JavaScript side of the clusters benchmark: supercluster (from the checkout the benchmark was given, copied
// into node_modules beside this file) loaded with the server's options (supercluster's defaults: radius 40,
// extent 512, zooms 0-16, minPoints 2) on the same points the server clusters, then getClusters timed on the
// same boxes the server was asked for.
//
// Usage: node clusters.mjs QUERIES.json
//   QUERIES.json: {"sets": {NAME: "points.bin", ...}, "cells": [{"set": NAME, "zoom": Z, "boxes": [[w,s,e,n], ...]}]}
//   points.bin: float64 longitude, latitude pairs.
// Prints {"load_ms": {NAME: ms}, "cells": [{"items": n, "times_ms": [...]}, ...]} in the order of the cells.
import fs from 'node:fs';
import Supercluster from 'supercluster';

const spec = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const indexes = {};
const loadMs = {};
for (const [name, path] of Object.entries(spec.sets)) {
    const bytes = fs.readFileSync(path);
    const values = new Float64Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
    const features = [];
    for (let i = 0; i < values.length / 2; i++) {
        features.push({type: 'Feature', properties: {}, geometry: {type: 'Point', coordinates: [values[2 * i], values[2 * i + 1]]}});
    }
    const t0 = performance.now();
    indexes[name] = new Supercluster({minZoom: 0, maxZoom: 16, radius: 40, extent: 512}).load(features);
    loadMs[name] = performance.now() - t0;
}
const cells = [];
for (const cell of spec.cells) {
    const index = indexes[cell.set];
    const times = [];
    let items = 0;
    // One untimed pass first (the JIT's warm-up), then the timed ones.
    index.getClusters(cell.boxes[0], cell.zoom);
    for (const box of cell.boxes) {
        const t0 = performance.now();
        items = index.getClusters(box, cell.zoom).length;
        times.push(performance.now() - t0);
    }
    cells.push({items, times_ms: times});
}
console.log(JSON.stringify({load_ms: loadMs, cells}));
