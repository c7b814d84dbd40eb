// Hometown web app: the served places, shared by the filters, the post form and the owner's form. The server's
// country and state names (GET countries, GET states), the selects that offer them, and a clicked point turned
// into a post's point and reverse-geocoded (/hometown/reverse) into those names.
(function (H) {
  'use strict';
  const { el } = H.util;

  let countriesPromise = null;         // of the served countries' names (a failed one is forgotten)
  const statesByCountry = new Map();   // country -> promise of its states' names (a failed one is forgotten)

  // The served countries, asked once per page.
  function countries() {
    if (!countriesPromise) {
      countriesPromise = H.api.get('/hometown/countries');
      countriesPromise.catch(() => { countriesPromise = null; });
    }
    return countriesPromise;
  }

  // The served states of a served country, asked once per page.
  function states(country) {
    let promise = statesByCountry.get(country);
    if (!promise) {
      promise = H.api.get('/hometown/states', { country: country });
      promise.catch(() => statesByCountry.delete(country));
      statesByCountry.set(country, promise);
    }
    return promise;
  }

  // Fills a select with `names` after a first empty option labelled `emptyLabel`, and chooses `chosen`.
  function fillSelect(select, names, chosen, emptyLabel) {
    select.replaceChildren(el('option', null, emptyLabel));
    select.firstChild.value = '';
    for (const name of names) {
      const option = el('option', null, name);
      option.value = name;
      select.appendChild(option);
    }
    select.value = chosen;
  }

  // The served name a spelling from elsewhere (a shared link) stands for, as the server decides it: "US" ->
  // "USA" (GET countries?country=), "MN" -> "Minnesota" (GET states?country=&state=). Resolves to '' when the
  // server refuses the spelling with `code`; rejects when the server cannot be asked.
  async function served(path, params, code) {
    try {
      const names = await H.api.get(path, params);
      return Array.isArray(names) && typeof names[0] === 'string' ? names[0] : '';
    } catch (error) {
      if (error.status === 400 && error.code === code) return '';
      throw error;
    }
  }

  function servedCountry(spelling) {
    return served('/hometown/countries', { country: spelling }, 'unsupported_country');
  }

  function servedState(country, spelling) {
    return served('/hometown/states', { country: country, state: spelling }, 'unsupported_state');
  }

  // "China, India, Mexico, USA": the countries posts can come from.
  function servedList() { return H.filters.countries.join(', '); }

  // A clicked {lat, lng} as a post's point: latitude within ±90, longitude in [-180, 180), both rounded to
  // 1e-6 degrees (about 0.1 m).
  function pointOf(latlng) {
    const latitude = Math.max(-90, Math.min(90, latlng.lat));
    const longitude = ((latlng.lng + 180) % 360 + 360) % 360 - 180;
    const round = (v) => Math.round(v * 1e6) / 1e6;
    return { latitude: round(latitude), longitude: round(longitude) };
  }

  // What is at a post's point, in the server's names: {ok: true, country, state, city ('' when none is near),
  // offCoast} for a served place, else {ok: false, message} saying why the point cannot be a post's. Rejects
  // when the server cannot be asked.
  async function reverse(point) {
    const found = await H.api.get('/hometown/reverse', { lat: point.latitude.toFixed(6), lon: point.longitude.toFixed(6) });
    if (found.supported && found.country && found.state) {
      return { ok: true, country: found.country, state: found.state, city: found.city || '',
        offCoast: !!(found.place && found.place.at_sea) };
    }
    if (!found.place || !found.place.country) {
      return { ok: false, message: found.place && found.place.at_sea ? 'That point is at sea: click on land.'
        : 'No country is known at that point: click elsewhere.' };
    }
    return { ok: false, message: found.place.country.name + ' is not served here: posts can come from ' + servedList() + '.' };
  }

  H.places = {
    countries: countries, states: states, fillSelect: fillSelect, servedCountry: servedCountry,
    servedState: servedState, servedList: servedList, pointOf: pointOf, reverse: reverse,
  };
})(window.Hometown = window.Hometown || {});
