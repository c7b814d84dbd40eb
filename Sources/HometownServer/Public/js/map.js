// Hometown web app: the map. Leaflet (from Debian's libjs-leaflet, served by hometown) does the panning,
// zooming and markers; the land, coasts and borders are drawn here on canvas tiles from the server's own
// boundary tiles (/hometown/boundaries), so nothing is asked of any tile server.
(function (H) {
  'use strict';
  const { $, el } = H.util;

  const START = { center: [25, 10], zoom: 2 };   // the world, until "Fit" (at start) or the URL says otherwise
  const MIN_ZOOM = 1;
  const MAX_ZOOM = 18;
  const TILE_MAX_ZOOM = 12;        // the deepest boundary tiles; deeper views draw a part of a zoom-12 tile
  const FIT_MAX_ZOOM = 8;          // fitting the filtered posts ("Fit", a filter) shows a region, never one street
  const CONTEXT_ZOOM = 10;         // the deepest zoom the map goes to by itself from afar (a cluster, a post):
                                   // a city with its neighbours; deeper only from there on
  const LONE_ZOOM = 5;             // a post with no neighbour to show it among: its country around it
  const TOUCH = 44;                // a marker's round touch area, in CSS pixels (the visible disc is smaller)
  const LAT_LIMIT = 85;            // a view's edge beyond it reaches the pole: users up there are drawn on the edge
  const STYLE = {
    land: '#f3efe3',
    coast: { color: '#5d87a6', width: 0.9 },
    border: { color: '#7d5f4a', width: 1.4 },
    state: { color: '#b3a58d', width: 0.7, dash: [4, 3] },
  };

  let map = null;
  let markerLayer = null;          // the layer of the post markers
  const shown = new Map();         // the markers now on it, by key (see render)
  let popup = null;                // one popup, not bound to a marker, so redrawing the markers keeps it open
  const pins = new Map();          // 'post': the place chosen for the post form; 'owner': an owner's new point
  let countControl = null;
  let refreshNumber = 0;           // answers to older refreshes are dropped
  let pickHandler = null;          // set while the post form is open: called with a clicked point
  let tileErrorShown = false;

  // ---- Messages over the map -------------------------------------------------------------------------------

  function say(text) {
    const box = $('map-msg');
    box.textContent = text || '';
    box.hidden = !text;
  }

  // ---- Boundary tiles --------------------------------------------------------------------------------------

  // Tile answers by 'z/x/y' (a promise each, so that tiles sharing a zoom-12 parent fetch it once).
  const TILE_CACHE_SIZE = 400;
  const tileCache = H.util.promiseCache(TILE_CACHE_SIZE);

  function tileData(z, x, y) {
    return tileCache.get(z + '/' + x + '/' + y, () => H.api.get('/hometown/boundaries', { z: z, x: x, y: y }));
  }

  // Adds the rings or lines (flat arrays x0,y0,x1,y1,...) to the canvas path.
  function trace(ctx, lines, close) {
    for (const line of lines) {
      if (line.length < 4) continue;
      ctx.moveTo(line[0], line[1]);
      for (let i = 2; i < line.length; i += 2) ctx.lineTo(line[i], line[i + 1]);
      if (close) ctx.closePath();
    }
  }

  // The lakes' colour: --water of app.css (the sea's), read once.
  let waterColour = null;
  function water() {
    if (waterColour === null) {
      waterColour = getComputedStyle(document.documentElement).getPropertyValue('--water').trim() || '#a9c8dc';
    }
    return waterColour;
  }

  // Fills the tile's lakes (rings; islands are rings too, so even-odd keeps them land) over the land, and strokes
  // their shores as coasts.
  function drawWater(ctx, rings, cssPixel) {
    if (!rings || !rings.length) return;
    ctx.beginPath();
    trace(ctx, rings, true);
    ctx.fillStyle = water();
    ctx.fill('evenodd');
    ctx.strokeStyle = STYLE.coast.color;
    ctx.lineWidth = STYLE.coast.width * cssPixel;
    ctx.setLineDash([]);
    ctx.lineJoin = 'round';
    ctx.stroke();
  }

  // Draws a boundary tile (or, beyond zoom 12, the part of its zoom-12 parent under this tile) on the canvas.
  function drawTile(canvas, data, coords) {
    const ctx = canvas.getContext('2d');
    const shift = coords.z - data.z;                        // 0 unless the tile is deeper than the data
    const span = data.extent / Math.pow(2, shift);          // data units across this tile
    const left = (coords.x - data.x * Math.pow(2, shift)) * span;
    const top = (coords.y - data.y * Math.pow(2, shift)) * span;
    const scale = canvas.width / span;                      // canvas pixels per data unit
    ctx.setTransform(scale, 0, 0, scale, -left * scale, -top * scale);
    const cssPixel = (window.devicePixelRatio || 1) / scale; // one CSS pixel in data units

    ctx.beginPath();
    trace(ctx, data.land || [], true);
    ctx.fillStyle = STYLE.land;
    ctx.fill('evenodd');                                    // holes (lakes, enclaves) stay sea
    drawWater(ctx, data.water, cssPixel);

    const stroke = (lines, style) => {
      if (!lines || !lines.length) return;
      ctx.beginPath();
      trace(ctx, lines, false);
      ctx.strokeStyle = style.color;
      ctx.lineWidth = style.width * cssPixel;
      ctx.setLineDash(style.dash ? style.dash.map((d) => d * cssPixel) : []);
      ctx.lineJoin = 'round';
      ctx.lineCap = 'round';
      ctx.stroke();
    };
    stroke(data.states, STYLE.state);
    stroke(data.coasts, STYLE.coast);
    stroke(data.borders, STYLE.border);
  }

  // The boundary layer's class (made once Leaflet is known to be there): each tile a canvas drawn from the JSON.
  const BoundaryLayer = () => L.GridLayer.extend({
    createTile: function (coords, done) {
      const size = this.getTileSize();
      const ratio = window.devicePixelRatio || 1;
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(size.x * ratio);
      canvas.height = Math.round(size.y * ratio);
      const shift = Math.max(0, coords.z - TILE_MAX_ZOOM);
      tileData(coords.z - shift, coords.x >> shift, coords.y >> shift)
        .then((data) => { drawTile(canvas, data, coords); done(null, canvas); })
        .catch((error) => done(error, canvas));
      return canvas;
    },
  });

  // ---- Markers ---------------------------------------------------------------------------------------------

  // The view's box for /hometown/clusters: [W, S, E, N] with longitudes in [-180, 180) (W > E across the
  // antimeridian); an edge beyond ±85 goes to the pole, so that the users Web Mercator draws on the map's edge
  // are asked for; the whole world when the view is 360 degrees wide or more.
  function viewBox() {
    const b = map.getBounds();
    const south = b.getSouth() <= -LAT_LIMIT ? -90 : b.getSouth();
    const north = b.getNorth() >= LAT_LIMIT ? 90 : b.getNorth();
    if (south >= north) return null;
    const round = (v) => Math.round(v * 1e6) / 1e6;
    if (b.getEast() - b.getWest() >= 360) return [-180, round(south), 180, round(north)];
    const wrap = (lng) => ((lng + 180) % 360 + 360) % 360 - 180;
    return [round(wrap(b.getWest())), round(south), round(wrap(b.getEast())), round(north)];
  }

  // A feature's position in the copy of the world nearest the view's centre (the server's longitudes are in
  // [-180, 180), while the map may be showing the world east or west of that).
  function nearCentre(lng, lat) {
    const centre = map.getCenter().lng;
    return L.latLng(lat, lng + 360 * Math.round((centre - lng) / 360));
  }

  function openPopup(latlng, content) {
    popup.setLatLng(latlng).setContent(content).openOn(map);
  }

  function userPopup(users) {
    const box = el('div', 'ht-popup');
    if (users.length > 1) box.appendChild(el('p', 'ht-popup-head', users.length + ' posts from here'));
    const list = el('ul');
    for (const u of users) {
      const item = el('li');
      item.appendChild(el('strong', 'ht-popup-nick', u.nickname));
      item.appendChild(el('span', 'ht-popup-place', H.util.placeName(u.city, u.state, u.country)));
      item.appendChild(el('span', 'ht-popup-year', 'Started ' + u.year));
      if (Number.isInteger(u.id)) item.appendChild(H.owner.button(u));
      list.appendChild(item);
    }
    box.appendChild(list);
    return box;
  }

  // A marker's icon: the round touch area (at least TOUCH pixels across, the focusable Leaflet icon) with the
  // visible disc of `size` pixels and class `className` in its middle, holding `inner`.
  function markerIcon(inner, className, size) {
    const disc = el('div', 'ht-marker ' + className);
    disc.style.width = size + 'px';
    disc.style.height = size + 'px';
    disc.appendChild(inner);
    const area = Math.max(TOUCH, size);
    return L.divIcon({ html: disc, className: 'ht-target', iconSize: [area, area] });
  }

  // A click (or Enter or Space: app.js makes them click anything announced as a button) runs `action`; the icon
  // gets a button's role and name for screen readers.
  function onActivate(marker, action) {
    marker.on('add', () => {
      const icon = marker.getElement();
      icon.setAttribute('role', 'button');
      icon.setAttribute('aria-label', marker.options.title);
    });
    marker.on('click', action);
  }

  // The zoom a cluster's click goes to: where it splits (its expansion zoom), but from afar never deeper than
  // CONTEXT_ZOOM (a city and its neighbours; the next click goes on from there), and always at least one step.
  function clusterZoom(expansion, zoom) {
    const cap = zoom < CONTEXT_ZOOM ? CONTEXT_ZOOM : MAX_ZOOM;
    return Math.min(Math.max(expansion, zoom + 1), Math.max(cap, zoom + 1), MAX_ZOOM);
  }

  function clusterMarker(feature, latlng) {
    const p = feature.properties;
    const size = p.point_count < 10 ? 30 : p.point_count < 100 ? 36 : p.point_count < 1000 ? 44 : 52;
    const inner = el('span', 'ht-count');
    inner.dataset.label = p.point_count_abbreviated;
    inner.dataset.count = p.point_count;
    const marker = L.marker(latlng, {
      icon: markerIcon(inner, 'ht-cluster', size),
      title: p.point_count + ' posts here: zoom in',
      riseOnHover: true,
    });
    onActivate(marker, () => map.setView(latlng, clusterZoom(p.expansion_zoom, map.getZoom())));
    return marker;
  }

  // One marker for the users at exactly the same point (several people from one city centre).
  function usersMarker(users, latlng) {
    const inner = el('span', 'ht-dot');
    inner.dataset.label = users.length > 1 ? String(users.length) : '';
    inner.dataset.count = users.length;
    inner.dataset.nicknames = JSON.stringify(users.map((u) => u.nickname));
    const title = users.length > 1
      ? users.length + ' posts: ' + users.map((u) => u.nickname).join(', ')
      : users[0].nickname + ' (' + H.util.placeName(users[0].city, users[0].state, users[0].country) + ')';
    const size = users.length > 1 ? 22 : 16;
    const marker = L.marker(latlng, {
      icon: markerIcon(inner, 'ht-user' + (users.length > 1 ? ' ht-stack' : ''), size),
      title: title,
      riseOnHover: true,
    });
    marker.users = users;
    onActivate(marker, () => openPopup(marker.getLatLng(), userPopup(users)));
    return marker;
  }

  // Puts the features on the map, keeping the markers that are still there (and keyboard focus on them).
  function render(features) {
    const next = new Map();
    const points = new Map();                              // 'lng,lat' -> users there
    let total = 0;
    // Keys hold the position shown, so that a marker moves to another copy of the world when the view does.
    for (const f of features) {
      const [lng, lat] = f.geometry.coordinates;
      const latlng = nearCentre(lng, lat);
      const at = latlng.lng + ',' + latlng.lat;
      if (f.properties.cluster) {
        const key = 'c' + f.properties.cluster_id + ':' + f.properties.point_count + ':' + at;
        next.set(key, () => clusterMarker(f, latlng));
        total += f.properties.point_count;
      } else {
        if (!points.has(at)) points.set(at, { latlng: latlng, users: [] });
        // The point travels with the user (the owner's form shows it).
        points.get(at).users.push(Object.assign({}, f.properties, { latitude: lat, longitude: lng }));
        total += 1;
      }
    }
    // A user's marker is made again when anything of it changes (an owner's change keeps the id).
    for (const [at, group] of points) {
      next.set('u' + JSON.stringify(group.users) + ':' + at, () => usersMarker(group.users, group.latlng));
    }
    // A focused marker that goes (a cluster that split, a marker redrawn) hands keyboard focus to the new marker
    // nearest to it, else to the map: focus never falls back to the page's start.
    let focusedAt = null;
    for (const [key, marker] of shown) {
      if (next.has(key)) continue;
      const icon = marker.getElement();
      if (icon && icon.contains(document.activeElement)) focusedAt = map.latLngToContainerPoint(marker.getLatLng());
      markerLayer.removeLayer(marker);
      shown.delete(key);
    }
    const added = [];
    for (const [key, make] of next) {
      if (!shown.has(key)) { const marker = make(); shown.set(key, marker); markerLayer.addLayer(marker); added.push(marker); }
    }
    if (focusedAt) focusNear(focusedAt, added);
    countControl.getContainer().textContent = total === 1 ? '1 post in view' : total + ' posts in view';
    if (H.labels) H.labels.declutter();                // no name under a marker
  }

  // Focuses the marker of `markers` nearest to the container point `at` that is in view, else the map.
  function focusNear(at, markers) {
    const size = map.getSize();
    let best = null;
    let bestDistance = Infinity;
    for (const marker of markers) {
      const p = map.latLngToContainerPoint(marker.getLatLng());
      if (p.x < 0 || p.y < 0 || p.x > size.x || p.y > size.y) continue;
      const d = p.distanceTo(at);
      if (d < bestDistance) { best = marker; bestDistance = d; }
    }
    const target = best && best.getElement();
    (target || map.getContainer()).focus({ preventScroll: true });
  }

  // Asks the server for the markers of the view and the filters, and shows them.
  async function refresh() {
    if (!map) return;
    const number = ++refreshNumber;
    const box = viewBox();
    try {
      let features = [];
      if (box) {
        const params = Object.assign({ zoom: Math.max(0, Math.min(24, Math.round(map.getZoom()))), bbox: box.join(',') },
          await H.filters.params());
        features = (await H.api.get('/hometown/clusters', params)).features;
      }
      if (number !== refreshNumber) return;                // a newer view or filter is on its way
      render(features);
      if (!tileErrorShown) say('');
    } catch (error) {
      if (number === refreshNumber) say('Could not load the markers: ' + error.message);
    }
  }

  // ---- The view in the URL hash: #zoom/latitude/longitude --------------------------------------------------

  function viewFromHash() {
    const m = /^#(\d{1,2})\/(-?\d+(?:\.\d+)?)\/(-?\d+(?:\.\d+)?)$/.exec(location.hash);
    if (!m) return null;
    const zoom = Number(m[1]), lat = Number(m[2]), lng = Number(m[3]);
    if (zoom < MIN_ZOOM || zoom > MAX_ZOOM || Math.abs(lat) > 90 || Math.abs(lng) > 540) return null;
    return { center: [lat, lng], zoom: zoom };
  }

  function viewToHash() {
    const c = map.getCenter().wrap();
    const digits = Math.max(2, Math.ceil(map.getZoom() / 3));
    const hash = '#' + map.getZoom() + '/' + c.lat.toFixed(digits) + '/' + c.lng.toFixed(digits);
    history.replaceState(null, '', location.pathname + location.search + hash);
  }

  // ---- "Fit" -----------------------------------------------------------------------------------------------

  // The region of the posts matching `filters` (query parameters) in the map's size, or null when none has a
  // point (the region of nothing is a 404 no_region).
  async function region(filters) {
    const size = map.getSize();
    const padding = Math.max(0, Math.min(40, Math.floor(Math.min(size.x, size.y) / 2) - 1));
    try {
      return await H.api.get('/hometown/region', Object.assign({ width: size.x, height: size.y, padding: padding }, filters));
    } catch (error) {
      if (error.code === 'no_region') return null;
      throw error;
    }
  }

  let fitNumber = 0;               // a newer fit (or a move by hand: see byHand) drops an older one on its way

  // A move by hand wins over a fit still on its way. Whatever can move the map starts with one of these events on
  // it: a key (arrows, + and -, Enter on a zoom button or a cluster), the wheel, or a press of a mouse, pen or
  // finger (a drag, a pinch, a double click, a box zoom, a zoom button; mousedown and touchstart where there are
  // no pointer events). They are caught on their way down, before Leaflet's controls stop them; the page's own
  // setView and fitBounds make none of them.
  function byHand() {
    for (const type of ['keydown', 'wheel', 'pointerdown', 'mousedown', 'touchstart']) {
      map.getContainer().addEventListener(type, () => { fitNumber += 1; }, { capture: true, passive: true });
    }
  }

  // Zooms to the region of the filtered posts, at most to FIT_MAX_ZOOM. `quiet`: say nothing when no post
  // matches (at start-up, after a filter).
  async function fit(quiet) {
    if (!map) return;
    const number = ++fitNumber;
    try {
      const found = await region(await H.filters.params());
      if (number !== fitNumber) return;
      if (!found) { if (quiet !== true) say('No post on the map matches the filters, so there is nothing to fit.'); return; }
      const zoom = Math.max(MIN_ZOOM, Math.min(FIT_MAX_ZOOM, Math.floor(found.zoom)));
      map.setView([found.center.latitude, found.center.longitude], zoom);
    } catch (error) {
      if (number === fitNumber) say('Could not fit the map: ' + error.message);
    }
  }

  // Back to the world ("Clear filters"): every post in view, at most at the world's zoom (START.zoom).
  async function world() {
    if (!map) return;
    const number = ++fitNumber;
    let found = null;
    try { found = await region({}); } catch (error) { /* the world as at start */ }
    if (number !== fitNumber) return;
    if (!found) { map.setView(START.center, START.zoom); return; }
    const zoom = Math.max(MIN_ZOOM, Math.min(START.zoom, Math.floor(found.zoom)));
    map.setView([found.center.latitude, found.center.longitude], zoom);
  }

  // Shows a user's point among its neighbours: the region of the posts of its state (else its country, else all)
  // that the filters show, at most at CONTEXT_ZOOM, so the new or chosen marker is seen with the markers around
  // it; alone, at LONE_ZOOM. Then the user's popup opens (whether or not its marker is part of a cluster there).
  async function showUser(user) {
    if (!map) return;
    const number = ++fitNumber;
    const latlng = nearCentre(user.longitude, user.latitude);
    let view = null;
    try {
      const filters = await H.filters.params();
      const tries = [{ country: user.country, state: user.state }, { country: user.country, state: '' }, { country: '', state: '' }];
      for (const place of tries) {
        const found = await region(Object.assign({}, filters, place));
        if (number !== fitNumber) return;
        const b = found && found.bbox;
        // One point (this post alone, or with others at the very same point) is no neighbourhood.
        if (b && (Math.abs(b[2] - b[0]) > 1e-4 || Math.abs(b[3] - b[1]) > 1e-4)) {
          // The region's centre in the same copy of the world as the point (never a jump to the next copy).
          const lng = found.center.longitude + 360 * Math.round((latlng.lng - found.center.longitude) / 360);
          const centre = L.latLng(found.center.latitude, lng);
          view = { center: centre, zoom: Math.max(MIN_ZOOM, Math.min(CONTEXT_ZOOM, Math.floor(found.zoom))) };
          break;
        }
      }
    } catch (error) {
      if (number !== fitNumber) return;             // no region: the point alone, as below
    }
    if (!view) view = { center: latlng, zoom: LONE_ZOOM };
    map.setView(view.center, view.zoom);
    openPopup(latlng, userPopup([user]));
  }

  // ---- Controls --------------------------------------------------------------------------------------------

  function controls() {
    const Fit = L.Control.extend({
      options: { position: 'topleft' },
      onAdd: function () {
        const box = el('div', 'leaflet-bar ht-fit');
        const button = el('button', 'ht-fit-button', 'Fit');
        button.type = 'button';
        button.id = 'fit';
        button.title = 'Fit the map to the filtered posts';
        button.setAttribute('aria-label', 'Fit the map to the filtered posts');
        L.DomEvent.disableClickPropagation(box);
        L.DomEvent.on(button, 'click', () => fit());
        box.appendChild(button);
        return box;
      },
    });
    new Fit().addTo(map);
    const Count = L.Control.extend({
      options: { position: 'bottomleft' },
      onAdd: () => el('div', 'ht-view-count'),
    });
    countControl = new Count().addTo(map);
  }

  // ---- Start -----------------------------------------------------------------------------------------------

  // Makes the map in #map; false (with a message in its place) when Leaflet did not load.
  function init() {
    if (!window.L || !L.map) {
      $('map').hidden = true;
      $('map-area').classList.add('no-map');
      say('The map library is missing: install libjs-leaflet (apt-get install libjs-leaflet) and restart ' +
        'hometown serve. The filters, the list and the post form still work; find your hometown by name.');
      return false;
    }
    const view = viewFromHash() || START;
    map = L.map('map', {
      center: view.center,
      zoom: view.zoom,
      minZoom: MIN_ZOOM,
      maxZoom: MAX_ZOOM,
      worldCopyJump: true,
      zoomControl: false,
      attributionControl: false,
    });
    // The zoom buttons' + and - are drawn by app.css: a lone sign as text cannot be judged for contrast.
    L.control.zoom({ zoomInText: '', zoomOutText: '' }).addTo(map);
    L.control.attribution({ prefix: 'Leaflet' }).addAttribution('Boundaries: Natural Earth; places: GeoNames').addTo(map);
    const boundaries = new (BoundaryLayer())({ tileSize: 256, minZoom: 0, maxZoom: MAX_ZOOM, updateWhenZooming: false });
    boundaries.on('tileerror', (event) => {
      if (tileErrorShown) return;
      tileErrorShown = true;
      say('The map\'s boundaries could not be loaded (' + (event.error && event.error.message) + '); markers still work.');
    });
    boundaries.addTo(map);
    if (H.labels) H.labels.attach(map, boundaries);   // the names (labels.js), between land and markers
    markerLayer = L.layerGroup().addTo(map);
    popup = L.popup({ maxWidth: 280, offset: [0, -4], autoPanPadding: [24, 24] });
    // The popup's close control is announced as a button named "Close" (its x is drawn by app.css).
    map.on('popupopen', (event) => {
      const close = event.popup.getElement() && event.popup.getElement().querySelector('.leaflet-popup-close-button');
      if (!close) return;
      close.setAttribute('role', 'button');
      close.setAttribute('aria-label', 'Close this popup');
      close.textContent = '';
    });
    // Keyboard focus in a popup that closes goes back to the map (not to the page's start).
    map.on('popupclose', (event) => {
      const box = event.popup.getElement();
      if (box && box.contains(document.activeElement)) map.getContainer().focus({ preventScroll: true });
    });
    controls();
    map.on('moveend', () => { viewToHash(); refresh(); });
    byHand();
    map.on('click', (event) => { if (pickHandler) pickHandler(event.latlng); });
    return true;
  }

  // ---- For the post form -----------------------------------------------------------------------------------

  // While `handler` is set, a click on the map picks a place (the crosshair cursor and `hint` say so).
  function pickWith(handler, hint) {
    pickHandler = handler;
    $('map-hint').textContent = hint || 'Click the map to set your hometown';
    $('map-hint').hidden = !handler || !map;
    $('map-centre').hidden = !handler || !map;        // the cross "Use the centre of the map" takes
    if (map) map.getContainer().classList.toggle('picking', !!handler);
  }

  // Puts the pin `kind` ('post', the default, or 'owner') at a point, and the point in view.
  function showPin(latlng, kind) {
    if (!map) return;
    const key = kind || 'post';
    const shownAt = nearCentre(latlng.lng, latlng.lat);
    const pin = pins.get(key);
    if (!pin) {
      pins.set(key, L.marker(shownAt, {
        icon: L.divIcon({ className: 'ht-pin ht-pin-' + key, html: el('span', 'ht-pin-head'), iconSize: [22, 30], iconAnchor: [11, 30] }),
        keyboard: false, interactive: false, zIndexOffset: 1000,
      }).addTo(map));
    } else {
      pin.setLatLng(shownAt);
    }
    if (!map.getBounds().pad(-0.05).contains(shownAt)) map.panTo(shownAt);
  }

  function clearPin(kind) {
    const key = kind || 'post';
    if (pins.has(key)) { pins.get(key).remove(); pins.delete(key); }
  }

  // Shows a place's box [W, S, E, N] (W > E across the antimeridian), at most at zoom 12.
  function showBox(bbox) {
    if (!map) return;
    const [west, south, north] = [bbox[0], bbox[1], bbox[3]];
    const east = bbox[2] < west ? bbox[2] + 360 : bbox[2];
    const shift = nearCentre((west + east) / 2, 0).lng - (west + east) / 2;
    map.fitBounds([[south, west + shift], [north, east + shift]], { maxZoom: 12, padding: [20, 20] });
  }

  H.map = {
    showBox: showBox,
    init: init,
    refresh: refresh,
    fit: fit,
    pickWith: pickWith,
    showPin: showPin,
    clearPin: clearPin,
    showUser: showUser,
    world: world,
    hint: (shown) => { $('map-hint').hidden = !shown || !pickHandler || !map; },
    closePopup: () => { if (map && popup && map.hasLayer(popup)) { map.closePopup(popup); return true; } return false; },
    centre: () => (map ? map.getCenter().wrap() : null),
    get ready() { return !!map; },
    get viewInURL() { return !!viewFromHash(); },
    get leaflet() { return map; },   // for the browser tests (latLngToContainerPoint)
  };
})(window.Hometown = window.Hometown || {});
