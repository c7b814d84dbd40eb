// Hometown web app: the names on the map. Countries, states and cities come from /hometown/labels, placed by
// the server for the whole world at each zoom (so no two overlap and none is cut at a tile's edge); they are
// drawn in a pane of their own above the boundary tiles and below the markers, never take a click; a name that a
// marker would cover moves beside the marker, and one with no room there (or that the browser draws wider than
// the server guessed, over another name) is hidden.
(function (H) {
  'use strict';
  const { el } = H.util;

  const MAX_ZOOM = 12;             // the deepest placement (LabelRules.maxZoom); deeper views show its names
  const CACHE_SIZE = 300;          // label answers kept, as promises by 'z/x/y'
  const MAX_TILES = 80;            // a view asking for more tiles than this (a huge screen) shows no names
  const DOT_RADIUS = 2.5;          // a city's dot (LabelRules.dotRadius), in pixels

  let map = null;
  let pane = null;
  const cache = H.util.promiseCache(CACHE_SIZE);
  const shown = new Map();         // 'id@copy' -> { label, copy, box (element), text (span) }
  let updateNumber = 0;            // answers to older updates are dropped
  let started = false;             // the first names wait for the first boundary tiles (first paint first)

  function answer(z, x, y) {
    return cache.get(z + '/' + x + '/' + y, () => H.api.get('/hometown/labels', { z: z, x: x, y: y }));
  }

  // The label tiles under the view at zoom `z`: {x (0..2^z-1), y, copy (which copy of the world)}.
  function tilesInView(z) {
    const bounds = map.getPixelBounds();
    const f = Math.pow(2, z - map.getZoom());
    const n = Math.pow(2, z);
    const x0 = Math.floor(bounds.min.x * f / 256), x1 = Math.floor(bounds.max.x * f / 256);
    const y0 = Math.max(0, Math.floor(bounds.min.y * f / 256)), y1 = Math.min(n - 1, Math.floor(bounds.max.y * f / 256));
    const tiles = [];
    for (let x = x0; x <= x1; x++) {
      for (let y = y0; y <= y1; y++) {
        const wrapped = ((x % n) + n) % n;
        tiles.push({ x: wrapped, y: y, copy: (x - wrapped) / n });
      }
    }
    return tiles;
  }

  function make(label) {
    const box = el('div', 'ht-label ht-label-' + label.kind + ' ht-anchor-' + label.anchor + (label.bold ? ' ht-label-bold' : ''));
    // The name is drawn from data-name by app.css (generated content), out of the accessibility tree with its
    // pane: the names are the map's picture, the list and the markers' names say the same in words.
    const text = el('span', 'ht-label-text');
    text.dataset.name = label.name;
    box.appendChild(text);
    const [minX, minY, maxX, maxY] = label.box;
    box.style.fontSize = label.size + 'px';
    box.style.width = (maxX - minX) + 'px';
    box.style.height = (maxY - minY) + 'px';
    box.dataset.rank = label.rank;
    box.dataset.kind = label.kind;
    if (label.kind === 'city') {
      const dot = el('span', 'ht-label-dot');
      dot.style.left = (-minX - DOT_RADIUS) + 'px';
      dot.style.top = (-minY - DOT_RADIUS) + 'px';
      box.appendChild(dot);
    }
    return { box: box, text: text };
  }

  function position(item) {
    const l = item.label;
    const p = map.latLngToLayerPoint([l.lat, l.lon + 360 * item.copy]);
    L.DomUtil.setPosition(item.box, p.add([l.box[0], l.box[1]]).round());
  }

  function clear() {
    for (const item of shown.values()) item.box.remove();
    shown.clear();
  }

  // Places the names around the markers, best rank first: a name a marker would cover moves beside that marker
  // (right, left, below, above: the first place where it meets no marker and no name already placed), so the city
  // under a cluster keeps its name and the marker covers only its dot; a name with no such place, or one that
  // meets a better name as drawn (the server's widths are estimates), is hidden. Called after each update and
  // whenever the markers change.
  function declutter() {
    if (!map) return;
    const markers = Array.from(map.getPane('markerPane').querySelectorAll('.ht-marker')).map((e) => e.getBoundingClientRect());
    const items = Array.from(shown.values()).sort((a, b) => a.label.rank - b.label.rank);
    // Every rectangle is read, with no name moved, before anything changes, so the page is laid out once.
    for (const item of items) item.text.style.transform = '';
    const rects = items.map((item) => {
      const r = item.text.getBoundingClientRect();
      const dot = item.box.querySelector('.ht-label-dot');
      return { text: { left: r.left, top: r.top, right: r.right, bottom: r.bottom }, dot: dot ? dot.getBoundingClientRect() : null };
    });
    const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const moved = (r, dx, dy) => ({ left: r.left + dx, top: r.top + dy, right: r.right + dx, bottom: r.bottom + dy });
    const kept = [];
    items.forEach((item, i) => {
      const { text, dot } = rects[i];
      // A dot under a marker is covered by it, as the marker stands for the same place; a dot in the open is kept
      // clear of other names.
      const openDot = dot && !markers.some((m) => meets(m, dot)) ? dot : null;
      const free = (r) => !markers.some((m) => meets(m, r)) && !kept.some((k) => meets(k, r)) && !(openDot && kept.some((k) => meets(k, openDot)));
      const candidates = [[0, 0]];
      for (const m of markers) {
        if (!meets(m, text)) continue;
        const gap = 2;
        const midY = (m.top + m.bottom) / 2 - (text.top + text.bottom) / 2;
        const midX = (m.left + m.right) / 2 - (text.left + text.right) / 2;
        candidates.push([m.right + gap - text.left, midY], [m.left - gap - text.right, midY],
          [midX, m.bottom + gap - text.top], [midX, m.top - gap - text.bottom]);
      }
      const place = candidates.find(([dx, dy]) => free(moved(text, dx, dy)));
      const hide = place === undefined;
      item.box.classList.toggle('ht-label-hidden', hide);
      if (hide) return;
      const [dx, dy] = place;
      if (dx !== 0 || dy !== 0) item.text.style.transform = 'translate(' + Math.round(dx) + 'px, ' + Math.round(dy) + 'px)';
      kept.push(moved(text, dx, dy));
      if (openDot) kept.push(openDot);
    });
  }

  // Fetches the names of the view and shows them. Names are an aid: when they cannot be had, the map works on.
  async function update() {
    if (!map || !started) return;
    const number = ++updateNumber;
    const z = Math.max(0, Math.min(MAX_ZOOM, Math.floor(map.getZoom())));
    const tiles = tilesInView(z);
    let answers = [];
    if (tiles.length <= MAX_TILES) {
      try {
        answers = await Promise.all(tiles.map((t) => answer(z, t.x, t.y).then((a) => ({ labels: a.labels, copy: t.copy }))));
      } catch (error) {
        return;
      }
    }
    if (number !== updateNumber) return;           // a newer view is on its way
    const next = new Map();
    for (const a of answers) {
      for (const label of a.labels) {
        const key = label.id + '@' + a.copy;
        if (!next.has(key)) next.set(key, { label: label, copy: a.copy });
      }
    }
    for (const [key, item] of shown) {
      if (!next.has(key)) { item.box.remove(); shown.delete(key); }
    }
    for (const [key, item] of next) {
      if (shown.has(key)) continue;
      const parts = make(item.label);
      item.box = parts.box;
      item.text = parts.text;
      pane.appendChild(item.box);
      shown.set(key, item);
    }
    for (const item of shown.values()) position(item);
    declutter();
  }

  // Adds the names to `map` (after its boundary layer `boundaries`, whose first tiles are drawn first).
  function attach(leafletMap, boundaries) {
    map = leafletMap;
    pane = map.createPane('htLabels');
    pane.classList.add('ht-labels', 'leaflet-zoom-hide');   // hidden while a zoom is animated
    pane.setAttribute('aria-hidden', 'true');
    map.on('zoomstart', clear);
    map.on('moveend', update);
    const start = () => { if (!started) { started = true; update(); } };
    boundaries.once('load', start);
    setTimeout(start, 3000);                      // without boundary tiles, names all the same
  }

  H.labels = {
    attach: attach,
    declutter: declutter,
    get shown() { return shown.size; },
  };
})(window.Hometown = window.Hometown || {});
