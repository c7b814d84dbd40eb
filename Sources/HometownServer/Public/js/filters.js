// Hometown web app: the filters shared by the map and the list, kept in the page's URL query
// (?country=USA&state=Minnesota&year=2016&recent=50&order=oldest) so that a view can be shared.
(function (H) {
  'use strict';
  const { $, wholeNumber, debounce } = H.util;
  const { fillSelect, servedCountry, servedState } = H.places;

  const MAX_RECENT = 1000;   // the largest pagesize the server takes (ProtocolLimits.maxPageSize)

  // The current filters ('' or null: not filtered) and the list's order.
  const state = { country: '', state: '', year: null, recent: null, order: 'newest' };
  let countries = [];             // as GET countries names them
  let states = [];                // of the chosen country
  const listeners = [];           // called after every change
  let recentPromise = null;       // the afterid for "most recent N", while the filters and the posts stay the same
  let recentKey = '';
  let statesNumber = 0;           // answers to older loads of the states are dropped
  let countriesFailed = false;    // what is said under the filters is that the countries could not be loaded

  // ---- The URL ---------------------------------------------------------------------------------------------

  function readURL() {
    const query = new URLSearchParams(location.search);
    state.country = (query.get('country') || '').trim();
    state.state = (query.get('state') || '').trim();
    if (state.state && !state.country) {
      // The states are chosen within a country: a link's state without one is said, then left out.
      say('"' + state.state + '" is left out: a state filter needs its country (?country=...&state=...).');
      state.state = '';
    }
    state.year = wholeNumber(query.get('year') || '');
    const recent = wholeNumber(query.get('recent') || '');
    state.recent = recent && recent > 0 ? Math.min(recent, MAX_RECENT) : null;
    state.order = query.get('order') === 'oldest' ? 'oldest' : 'newest';
  }

  // Writes the filters into the query, keeping the map view in the hash; replaces the history entry.
  function writeURL() {
    const query = H.api.url('', {
      country: state.country, state: state.state, year: state.year, recent: state.recent,
      order: state.order === 'oldest' ? 'oldest' : '',
    });
    history.replaceState(null, '', location.pathname + query + location.hash);
  }

  // ---- What the server is asked ----------------------------------------------------------------------------

  // The filters as query parameters of users, clusters and region. "Most recent N" has no parameter of its
  // own: the N newest matching posts are read (users?...&reverse=true&page=0&pagesize=N) and the oldest of them
  // gives afterid, which the other endpoints take. They are read again whenever nextid (a small answer, 304
  // while it stays the same) says that anyone has posted since, so that others' posts do not stretch the N.
  async function params() {
    const base = { country: state.country, state: state.state, year: state.year };
    if (state.recent) base.afterid = await recentAfterId(base, await H.api.get('/hometown/nextid'));
    return base;
  }

  function recentAfterId(base, nextId) {
    const key = JSON.stringify([base, state.recent, nextId]);
    if (!recentPromise || key !== recentKey) {
      recentKey = key;
      recentPromise = H.api.get('/hometown/users', Object.assign({ reverse: 'true', page: 0, pagesize: state.recent }, base))
        .then((users) => users.length ? Math.min(...users.map((u) => u.id)) - 1 : 0);
      recentPromise.catch(() => { recentPromise = null; });   // try again next time
    }
    return recentPromise;
  }

  // After a post, change or delete of this page the newest posts change: forget the afterid (a delete leaves
  // nextid as it was).
  function postsChanged() { recentPromise = null; }

  // Whether a user (as posted) passes the country, state and year filters.
  function matches(user) {
    return (!state.country || state.country === user.country) &&
      (!state.state || state.state === user.state) &&
      (state.year === null || state.year === user.year);
  }

  // ---- The controls ----------------------------------------------------------------------------------------

  // Fills the state select with the chosen country's states. Resolves to false, having changed nothing, when
  // the states of another country (or of none, after Clear) were asked for meanwhile. The select is off until
  // the states are in (and stays off, empty, when they cannot be loaded), so that no state of the country
  // chosen before can be picked with the new one.
  async function loadStates() {
    const number = ++statesNumber;
    const select = $('f-state');
    select.disabled = true;
    let names;
    try {
      names = state.country ? await H.places.states(state.country) : [];
    } catch (error) {
      if (number !== statesNumber) return false;
      states = [];
      fillSelect(select, states, '', 'All states of ' + state.country);   // none of the country chosen before
      throw error;
    }
    if (number !== statesNumber) return false;
    states = names;
    if (state.state && !states.includes(state.state)) {
      // A state from the link, in a spelling of its own ("MN"): the server says which it is.
      let served = '';
      try {
        served = await servedState(state.country, state.state);
      } catch (ignored) { /* cannot ask now: shown as not a state, all the country's states listed */ }
      if (number !== statesNumber) return false;
      if (!served) say('"' + state.state + '" is not a state of ' + state.country + ' here; showing all its states.');
      state.state = served;
    }
    fillSelect(select, states, state.state, state.country ? 'All states of ' + state.country : 'All states');
    select.disabled = !state.country;
    return true;
  }

  function say(text) {
    $('filter-msg').textContent = text;
    countriesFailed = false;
  }

  function showValues() {
    $('f-country').value = state.country;
    $('f-state').value = state.state;
    $('f-year').value = state.year === null ? '' : state.year;
    $('f-recent').value = state.recent === null ? '' : state.recent;
    $('list-order').value = state.order;
    const parts = [state.country, state.state, state.year, state.recent ? 'latest ' + state.recent : null].filter(Boolean);
    $('filter-summary').textContent = parts.length ? '(' + parts.join(' · ') + ')' : '';
  }

  // After every change: the controls, the URL, and the listeners, told what changed: 'clear' (every filter
  // cleared), 'order' (only the list's order) or 'filter'.
  function changed(what) {
    showValues();
    writeURL();
    for (const fn of listeners) fn(what || 'filter');
  }

  // A number filter typed in an input: applied when it is empty or a whole number in range.
  function numberInput(input, key, min, max) {
    const apply = () => {
      const text = input.value.trim();
      let value = null;                                    // empty: not filtered
      if (text !== '' || input.validity.badInput) {
        value = wholeNumber(text);
        if (value === null || value < min || value > max) {
          input.setAttribute('aria-invalid', 'true');
          say(input.labels[0].textContent + ' must be a whole number from ' + min + ' to ' + max + '.');
          return;
        }
      }
      if (input.getAttribute('aria-invalid')) { input.removeAttribute('aria-invalid'); say(''); }
      if (state[key] === value) return;
      state[key] = value;
      changed();
    };
    input.addEventListener('input', debounce(apply, 500));
    input.addEventListener('change', apply);
  }

  // The countries, and a country from the link in the server's spelling, then the states. A failure (the
  // server restarting, a 503) is said under the filters and tried again after `wait` ms, doubling up to a
  // minute; the controls work meanwhile. Resolves after the first try.
  async function loadCountries(wait) {
    try {
      countries = await H.places.countries();
      if (state.country && !countries.includes(state.country)) {
        // A country from the link, in a spelling of its own ("US"): the server says which it is.
        const served = await servedCountry(state.country);
        if (!served) say('"' + state.country + '" is not served here; showing every country.');
        if (!served) state.state = '';
        state.country = served;
      }
    } catch (error) {
      say('Could not load the countries: ' + error.message + ' Trying again in ' + Math.round(wait / 1000) + ' s.');
      countriesFailed = true;
      setTimeout(async () => {
        const before = JSON.stringify(state);
        if (await loadCountries(Math.min(wait * 2, 60000)) && JSON.stringify(state) !== before) changed();
      }, wait);
      return false;
    }
    if (countriesFailed) say('');
    fillSelect($('f-country'), countries, state.country, 'All countries');
    try {
      await loadStates();
    } catch (error) {
      say('Could not load the states: ' + error.message);
    }
    showValues();
    writeURL();
    return true;
  }

  // Reads the URL, wires the controls and fills the selects. `onChange` runs after every change, with what
  // changed ('filter', 'order' or 'clear').
  async function init(onChange) {
    listeners.push(onChange);
    readURL();
    showValues();
    $('f-country').addEventListener('change', async (event) => {
      state.country = event.target.value;
      state.state = '';
      say('');
      try {
        if (!await loadStates()) return;                   // another country, or Clear, came meanwhile
      } catch (error) {
        say('Could not load the states: ' + error.message);
      }
      changed();
    });
    $('f-state').addEventListener('change', (event) => { state.state = event.target.value; changed(); });
    numberInput($('f-year'), 'year', 1, 9999);
    numberInput($('f-recent'), 'recent', 1, MAX_RECENT);
    $('list-order').addEventListener('change', (event) => { state.order = event.target.value; changed('order'); });
    $('f-clear').addEventListener('click', async () => {
      Object.assign(state, { country: '', state: '', year: null, recent: null });
      for (const input of [$('f-year'), $('f-recent')]) input.removeAttribute('aria-invalid');
      say('');
      if (!await loadStates()) return;
      changed('clear');
    });
    await loadCountries(2000);
  }

  H.filters = {
    init: init,
    params: params,
    matches: matches,
    postsChanged: postsChanged,
    get order() { return state.order; },
    get countries() { return countries.slice(); },
    get current() { return Object.assign({}, state); },
  };
})(window.Hometown = window.Hometown || {});
