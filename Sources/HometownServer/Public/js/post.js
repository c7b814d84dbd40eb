// Hometown web app: the post form. The place comes from a click on the map (reverse-geocoded by
// /hometown/reverse into the server's own country and state names) or from a place picked in the search box
// (js/search.js); the nickname is checked while it is typed. Before a post the page checks every field and shows
// every problem at once; so does a refusal of the server (each problem at the field it names); each message goes
// as soon as its field changes.
(function (H) {
  'use strict';
  const { $, debounce, wholeNumber, placeName } = H.util;

  const FIELDS = ['nickname', 'password', 'year', 'country', 'state', 'city'];
  let place = null;                // {latitude, longitude} of the chosen hometown, or null
  let reverseNumber = 0;           // answers to older look-ups are dropped
  let nicknameNumber = 0;
  let posting = false;             // a post on its way (the Post button stays focusable: never disabled)
  const MIN_PASSWORD = 3;          // ProtocolLimits.minPasswordCharacters (the hint under the field says so too)

  // ---- Messages --------------------------------------------------------------------------------------------

  // A message at one of this form's fields (see H.util.fieldMessage).
  function fieldMessage(field, text, kind) { H.util.fieldMessage('p-' + field, text, kind); }

  function message(id, text, kind) {
    const box = $(id);
    box.textContent = text || '';
    box.className = box.className.replace(/ (ok|error|busy)$/, '') + (text && kind ? ' ' + kind : '');
  }
  const placeMessage = (text, kind) => message('p-place-msg', text, kind);
  const formMessage = (text, kind) => message('p-form-msg', text, kind);

  // ---- The nickname, checked as it is typed ----------------------------------------------------------------

  const checkNickname = debounce(async (number) => {
    const name = $('p-nickname').value.trim();
    if (!name) return;
    try {
      const taken = await H.api.get('/hometown/nicknameexists', { name: name });
      if (number !== nicknameNumber) return;
      if (taken) fieldMessage('nickname', '"' + name + '" is taken: choose another nickname.', 'error');
      else fieldMessage('nickname', '"' + name + '" is free.', 'ok');
    } catch (error) {
      if (number === nicknameNumber) fieldMessage('nickname', error.message, 'error');
    }
  }, 300);

  function nicknameTyped() {
    nicknameNumber += 1;
    fieldMessage('nickname', '');
    formSettled();
    checkNickname(nicknameNumber);
  }

  // ---- The place -------------------------------------------------------------------------------------------

  // `point` ({latitude, longitude}, as H.places.pointOf makes it) and its place. The map's "click the map"
  // hint has done its job.
  function setPlace(point, country, state, city) {
    place = point;
    $('p-country').value = country;
    $('p-state').value = state;
    $('p-city').value = city || '';
    for (const field of ['country', 'state', 'city']) fieldMessage(field, '');
    H.map.hint(false);
    formSettled();
  }

  function clearPlace() {
    place = null;
    for (const field of ['country', 'state', 'city']) { $('p-' + field).value = ''; fieldMessage(field, ''); }
  }

  // A point clicked on the map (or the map's centre): reverse-geocoded into the server's names.
  // A point that cannot be a hometown (the sea, a country not served, a failed look-up) leaves the place chosen
  // before as it was, the city typed for it included; the form has no place while the look-up runs.
  async function pickPoint(latlng) {
    const point = H.places.pointOf(latlng);
    const number = ++reverseNumber;
    const before = place && {
      point: place, country: $('p-country').value, state: $('p-state').value, city: $('p-city').value,
    };
    H.map.showPin(latlng);
    clearPlace();
    placeMessage('Looking up this point…', 'busy');
    const keepBefore = (text) => {
      if (!before) { H.map.clearPin(); placeMessage(text, 'error'); return; }
      setPlace(before.point, before.country, before.state, before.city);
      H.map.showPin({ lat: before.point.latitude, lng: before.point.longitude });
      placeMessage(text + ' Your hometown stays ' + placeName(before.city, before.state, before.country) + '.', 'error');
    };
    try {
      const found = await H.places.reverse(point);
      if (number !== reverseNumber) return;
      if (found.ok) {
        setPlace(point, found.country, found.state, found.city);
        const where = placeName(found.city, found.state, found.country);
        const coast = found.offCoast ? ' (just off the coast)' : '';
        placeMessage('Your hometown: ' + where + coast + '. ' + (found.city ? 'You can edit the city.' : 'Type the city.'), 'ok');
      } else {
        keepBefore(found.message);
      }
    } catch (error) {
      if (number === reverseNumber) keepBefore('Could not look up this point: ' + error.message);
    }
  }

  // A place picked in the search box (a suggestion or a whole-name result; js/search.js): a served city is the
  // place as it is; a state or region is looked up at its point (for a city there); a country only moves the
  // map; an unserved place says so.
  function choose(result) {
    H.map.showBox(result.bbox);
    if (!result.supported) {
      placeMessage(result.name + ' is not served here: posts can come from ' + H.places.servedList() + '.', 'error');
    } else if (result.kind === 'city' && result.country && result.state) {
      reverseNumber += 1;                                          // a click's look-up still on its way loses
      H.map.showPin(L_latLng(result.latitude, result.longitude));
      setPlace(H.places.pointOf(L_latLng(result.latitude, result.longitude)), result.country, result.state,
        result.city || result.name);
      placeMessage('Your hometown: ' + placeName(result.city || result.name, result.state, result.country) + '.', 'ok');
    } else if (result.kind === 'country') {
      placeMessage('Now click your hometown on the map, or search for a city in ' + result.name + '.');
    } else {
      pickPoint(L_latLng(result.latitude, result.longitude));
    }
  }

  // A {lat, lng} pair (a Leaflet LatLng when Leaflet is there; the form works without it).
  function L_latLng(lat, lng) { return window.L ? L.latLng(lat, lng) : { lat: lat, lng: lng }; }

  // ---- Posting ---------------------------------------------------------------------------------------------

  // The fields in the form's order (the first marked one gets focus); the place's problems show at the country.
  const ORDER = ['nickname', 'password', 'year', 'country', 'state', 'city'];

  // Before a post: the messages of the last one go (the nickname's stays: the check as typed keeps it current).
  function clearMessages() {
    for (const field of FIELDS) if (field !== 'nickname') fieldMessage(field, '');
    formMessage('');
  }

  // Once no field is marked any more, the form's "Not posted" goes too.
  function formSettled() {
    if ($('p-form-msg').classList.contains('error') && !FIELDS.some((f) => $('p-' + f).getAttribute('aria-invalid'))) {
      formMessage('');
    }
  }

  // A field changed: its refusal goes at once.
  function fieldChanged(field) {
    if ($('p-' + field).getAttribute('aria-invalid')) fieldMessage(field, '');
    formSettled();
  }

  // Shows `problems` ([{field, message}]) at their fields, says how many, and focuses the first marked field.
  function showProblems(problems) {
    const marked = [];
    for (const problem of problems) {
      const field = problem.field === 'latitude' || problem.field === 'longitude' ? 'place' : problem.field;
      if (field === 'place') {
        placeMessage(problem.message, 'error');
        if (!marked.includes('country')) { fieldMessage('country', 'Not set yet.', 'error'); marked.push('country'); }
      } else if (FIELDS.includes(field) && !marked.includes(field)) {
        fieldMessage(field, problem.message, 'error');
        marked.push(field);
      }
    }
    const others = problems.filter((p) => !FIELDS.includes(p.field) && p.field !== 'latitude' && p.field !== 'longitude');
    const count = problems.length;
    formMessage('Not posted: ' + (others.length ? others.map((p) => p.message + (p.field ? ' (' + p.field + ')' : '')).join('; ') + '. ' : '') +
      (marked.length ? (count === 1 ? 'see the marked field.' : 'see the ' + count + ' problems marked below.') : ''), 'error');
    const first = ORDER.find((f) => marked.includes(f));
    if (first) $(first === 'country' && !place ? 'p-search' : 'p-' + first).focus();
  }

  // The page's own checks, all of them (never stopping at the first): [{field, message}], empty when none.
  function localProblems(user, yearText, yearBad) {
    const problems = [];
    if (!user.nickname.trim()) problems.push({ field: 'nickname', message: 'Type a nickname.' });
    if (Array.from(user.password).length < MIN_PASSWORD) {
      problems.push({ field: 'password', message: 'The password needs at least ' + MIN_PASSWORD + ' characters.' });
    }
    if (user.year === undefined) {
      problems.push({ field: 'year', message: yearText.trim() === '' && !yearBad ? 'Type the year you started, such as 2016.'
        : 'The year must be a whole number, such as 2016.' });
    }
    if (!place) problems.push({ field: 'latitude', message: 'Set your hometown first: click it on the map, or search for it by name.' });
    else if (!user.city.trim()) problems.push({ field: 'city', message: 'Type the city.' });
    return problems;
  }

  // Shows a refusal of the server: every problem it lists at its field (a server that names one shows one).
  function showRefusal(result) {
    const error = result.error;
    if (error.status === 400) {
      showProblems(error.problems);
    } else if (error.status === 503) {
      formMessage('The server is busy; try again in ' + (result.retryAfter || 'a few') + ' seconds.', 'error');
    } else if (error.status === 413) {
      formMessage('Not posted: the post is too large.', 'error');
    } else {
      formMessage('Not posted: ' + error.message + (error.field ? ' (' + error.field + ')' : ''), 'error');
    }
  }

  async function submit(event) {
    event.preventDefault();
    if (posting) return;
    clearMessages();
    const user = {
      nickname: $('p-nickname').value,
      password: $('p-password').value,
      country: $('p-country').value,
      state: $('p-state').value,
      city: $('p-city').value,
    };
    const yearInput = $('p-year');
    const year = wholeNumber(yearInput.value);
    if (year !== null) user.year = year;
    const problems = localProblems(user, yearInput.value, yearInput.validity.badInput);
    if (problems.length) { showProblems(problems); return; }
    user.latitude = place.latitude;
    user.longitude = place.longitude;

    const button = $('p-submit');
    posting = true;
    button.setAttribute('aria-disabled', 'true');
    formMessage('Posting…', 'busy');
    let result;
    try {
      result = await H.api.addUser(user);
    } catch (error) {
      formMessage('Could not reach the server: ' + error.message, 'error');
      return;
    } finally {
      posting = false;
      button.removeAttribute('aria-disabled');
    }
    if (!result.ok) { showRefusal(result); return; }
    posted(user);
  }

  // Posted: the form empties (focus stays on Post), the list and markers are read again, and the map shows the
  // new marker among its neighbours with its popup.
  function posted(user) {
    const hidden = H.filters.matches(user) ? '' : ' The current filters hide it: clear them to see it.';
    formMessage('Posted! Welcome, ' + user.nickname.trim() + '. Your marker is on the map.' + hidden, 'ok');
    for (const id of ['p-nickname', 'p-password']) $(id).value = '';
    H.search.clear();
    nicknameNumber += 1;             // a check of the nickname still on its way is for text no longer there
    fieldMessage('nickname', '');
    clearPlace();
    placeMessage('');
    H.map.clearPin();
    H.map.hint(false);
    H.filters.postsChanged();
    H.app.refreshAll();
    H.map.showUser(Object.assign({}, user, { nickname: user.nickname.trim() }));
  }

  // ---- Start -----------------------------------------------------------------------------------------------

  function init(hasMap) {
    $('p-nickname').addEventListener('input', nicknameTyped);
    H.search.init({ pick: choose, message: (text, kind) => fieldMessage('search', text, kind) });
    $('p-centre').addEventListener('click', () => { const c = H.map.centre(); if (c) pickPoint(c); });
    $('p-centre').hidden = !hasMap;
    $('p-year').max = String(new Date().getFullYear());
    $('post-form').addEventListener('submit', submit);
    for (const field of ['password', 'year', 'city']) $('p-' + field).addEventListener('input', () => fieldChanged(field));
  }

  H.post = {
    init: init, pickPoint: pickPoint,
    get hasPlace() { return !!place; },
  };
})(window.Hometown = window.Hometown || {});
