// The JavaScript reference of the end-to-end run: what `hometown cluster --input FILE --max-zoom 6 --zoom 0`
// does, done the usual node way: read the GeoJSON file, JSON.parse it, load supercluster at zoom 0-6, and
// print the world view at zoom 0 as a FeatureCollection on standard output.
//
// Usage: node file.mjs POINTS.geojson MAX_ZOOM ZOOM
import fs from 'node:fs';
import Supercluster from 'supercluster';

const [path, maxZoomText, zoomText] = process.argv.slice(2);
const collection = JSON.parse(fs.readFileSync(path, 'utf8'));
const index = new Supercluster({minZoom: 0, maxZoom: Number(maxZoomText), radius: 40, extent: 512}).load(collection.features);
const features = index.getClusters([-180, -90, 180, 90], Number(zoomText));
process.stdout.write(JSON.stringify({type: 'FeatureCollection', features}) + '\n');
