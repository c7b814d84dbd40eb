// Hometown web app: the owner's form. "This is mine: change or delete" on a list row or in a map popup opens it
// for that post: with the post's password, its owner changes the country, state, city, year or point (a click on
// the map, looked up as the post form does) or deletes the post. Only the changed fields are sent
// (POST /hometown/users/{id}/update); every refusal is shown at the field the server names, by its code.
(function (H) {
  'use strict';
  const { $, el, wholeNumber, placeName } = H.util;

  const LABEL = 'This is mine: change or delete';
  const FIELDS = ['password', 'country', 'state', 'city', 'year'];
  const BUTTONS = ['o-save', 'o-delete', 'o-confirm-yes'];
  let user = null;                 // the post as it was when the form opened; null while the form is closed
  let point = null;                // a new point picked on the map ({latitude, longitude}), or null: the post's own
  let opener = null;               // the control that opened the form (focus goes back to it on Cancel)
  let busy = false;                // a request is on its way
  let waitUntil = 0;               // Date.now() in ms before which the server said not to try again (429)
  let waitTimer = 0;
  let reverseNumber = 0;           // answers to older look-ups are dropped
  let placesNumber = 0;
  let placesShown = 0;             // the placesNumber whose names fill the country and state selects
  let placesFailed = 0;            // the placesNumber whose names could not be loaded

  // ---- Messages --------------------------------------------------------------------------------------------

  // A message at one of this form's fields (see H.util.fieldMessage).
  function fieldMessage(field, text, kind) { H.util.fieldMessage('o-' + field, text, kind); }

  function message(id, baseClass, text, kind) {
    const box = $(id);
    box.textContent = text || '';
    box.className = baseClass + (text && kind ? ' ' + kind : '');
  }
  const placeMessage = (text, kind) => message('o-place-msg', 'place-msg', text, kind);
  const formMessage = (text, kind) => message('o-form-msg', 'form-msg', text, kind);
  // The news after the form closes, above the list (role="status": read out when it changes).
  const status = (text, kind) => message('owner-status', 'msg owner-status', text, kind);

  function clearMessages() {
    for (const field of FIELDS) fieldMessage(field, '');
    placeMessage('');
    formMessage('');
  }

  // "8 seconds", "1 second", "15 minutes".
  function duration(seconds) {
    if (seconds < 120) return seconds + (seconds === 1 ? ' second' : ' seconds');
    return Math.ceil(seconds / 60) + ' minutes';
  }

  // ---- The control on rows and popups ----------------------------------------------------------------------

  // "This is mine: change or delete" for one post (a list row or a popup's entry). `short`: the list's narrow
  // column shows a pencil only (drawn by app.css); the accessible name is the whole phrase with the nickname
  // either way.
  function button(post, short) {
    const control = el('button', 'owner-button link-button' + (short ? ' owner-icon' : ''), short ? null : LABEL);
    control.type = 'button';
    control.title = LABEL;
    control.setAttribute('aria-label', LABEL + ' (' + post.nickname + ')');
    control.setAttribute('aria-controls', 'panel-owner');
    control.dataset.id = String(post.id);
    control.addEventListener('click', () => open(post, control));
    return control;
  }

  // ---- The point and the place -----------------------------------------------------------------------------

  function hasPoint(p) { return p && (p.latitude !== 0 || p.longitude !== 0); }
  function coordinates(p) { return 'latitude ' + p.latitude.toFixed(5) + ', longitude ' + p.longitude.toFixed(5); }

  function showPoint() {
    let text;
    if (point) text = 'New point: ' + coordinates(point) + (hasPoint(user) ? ' (was ' + coordinates(user) + ').' : '.');
    else if (hasPoint(user)) text = 'Point: ' + coordinates(user) + '.';
    else text = 'This post has no point.';
    $('o-point').textContent = text;
    $('o-point-undo').hidden = !point;
  }

  // `names` with `name` among them (a post stored under a name no longer served still shows what it says).
  function including(names, name) { return name && !names.includes(name) ? [name].concat(names) : names; }

  // Chooses a country and one of its states in the selects, loading the served names.
  async function setPlaceSelects(country, state) {
    const number = ++placesNumber;
    const stateSelect = $('o-state');
    stateSelect.disabled = true;
    try {
      const countries = await H.places.countries();
      if (number !== placesNumber) return;
      H.places.fillSelect($('o-country'), including(countries, country), country, 'Choose a country');
      const states = country ? await H.places.states(country) : [];
      if (number !== placesNumber) return;
      H.places.fillSelect(stateSelect, including(states, state), state, country ? 'Choose a state of ' + country : 'Choose a country first');
      stateSelect.disabled = !country;
      placesShown = number;
    } catch (error) {
      if (number !== placesNumber) return;
      placesFailed = number;
      fieldMessage('state', 'Could not load the states: ' + error.message, 'error');
    }
  }

  async function countryChosen() {
    const country = $('o-country').value;
    fieldMessage('country', '');
    fieldMessage('state', '');
    await setPlaceSelects(country, country === user.country ? user.state : '');
    if (user && country !== user.country) fieldMessage('state', 'Choose a state of ' + country + '.');
  }

  // A point clicked on the map while the form is open: the post's new point, and its place filled in.
  async function pickPoint(latlng) {
    if (!user || busy) return;
    const picked = H.places.pointOf(latlng);
    const number = ++reverseNumber;
    H.map.showPin(latlng, 'owner');
    placeMessage('Looking up this point…', 'busy');
    try {
      const found = await H.places.reverse(picked);
      if (number !== reverseNumber || !user) return;
      if (!found.ok) {
        placeMessage(found.message + (point ? ' The new point stays ' + coordinates(point) + '.' : ''), 'error');
        if (point) H.map.showPin({ lat: point.latitude, lng: point.longitude }, 'owner');
        else H.map.clearPin('owner');
        return;
      }
      point = picked;
      showPoint();
      for (const field of ['country', 'state', 'city']) fieldMessage(field, '');
      if (found.city) $('o-city').value = found.city;
      await setPlaceSelects(found.country, found.state);
      const coast = found.offCoast ? ' (just off the coast)' : '';
      placeMessage('New place: ' + placeName(found.city, found.state, found.country) + coast + '. ' +
        (found.city ? 'Check the city, then save.' : 'No city is near: type it, then save.'), 'ok');
    } catch (error) {
      if (number === reverseNumber) placeMessage('Could not look up this point: ' + error.message, 'error');
    }
  }

  // "Undo the new point": the post's own point and place again.
  function undoPoint() {
    reverseNumber += 1;
    point = null;
    H.map.clearPin('owner');
    $('o-city').value = user.city;
    setPlaceSelects(user.country, user.state);
    showPoint();
    placeMessage('');
    for (const field of ['country', 'state', 'city']) fieldMessage(field, '');
    $('o-country').focus();
  }

  // ---- Opening and closing ---------------------------------------------------------------------------------

  // Opens the form for `post` (as GET users or the markers list it, with its id), from the control `from`.
  function open(post, from) {
    user = Object.assign({}, post);
    opener = from || null;
    // From the list, the map shows the post (from a popup it already does).
    if (hasPoint(post) && !(from && from.closest('.leaflet-popup'))) H.map.showUser(post);
    point = null;
    reverseNumber += 1;
    H.map.clearPin('owner');
    hideConfirm();
    clearMessages();
    $('o-who').textContent = post.nickname + ': ' + placeName(post.city, post.state, post.country) + ', started ' + post.year + '.';
    $('o-password').value = '';
    $('o-city').value = post.city;
    $('o-year').value = String(post.year);
    showPoint();
    status('');
    H.app.showPanel('owner');
    holdButtons();
    if (Date.now() < waitUntil) tooMany(Math.ceil((waitUntil - Date.now()) / 1000));
    setPlaceSelects(post.country, post.state);
    $('o-password').focus();
  }

  // Forgets the post (the panel is hidden by whoever shows another one).
  function forget() {
    if (!user) return;
    user = null;
    point = null;
    reverseNumber += 1;
    placesNumber += 1;
    $('o-password').value = '';
    hideConfirm();
    H.map.clearPin('owner');
  }

  // Cancel (or Escape): back to the list, focus back where the form was opened from.
  function cancel() {
    const back = opener;
    H.app.showPanel('list');
    if (back && back.isConnected && back.offsetParent !== null) back.focus(); else $('list-title').focus();
  }

  // Escape inside the form: first the delete question goes, then the form.
  function escape() {
    if (!$('o-confirm').hidden) { hideConfirm(); $('o-delete').focus(); } else { cancel(); }
  }

  // Success: the form closes, the news shows above the list, the list and the markers are read again. `post`
  // is the post the request was about: when the form was left meanwhile, only the news and the posts change.
  function finished(post, text) {
    H.map.closePopup();
    status(text, 'ok');
    H.filters.postsChanged();
    if (post === user) {
      H.app.showPanel('list');
      $('list-title').focus();
    }
    H.app.refreshAll(true);
  }

  // ---- Requests --------------------------------------------------------------------------------------------

  // While a request is on its way, Save and Delete say so (aria-disabled: they keep the focus, and their
  // handlers ignore them meanwhile); while the server said to wait, they are off, and a focused one hands the
  // focus to the password field that says how long (a disabled button would drop it to the page).
  function holdButtons() {
    const waiting = Date.now() < waitUntil;
    if (waiting && BUTTONS.includes(document.activeElement && document.activeElement.id)) $('o-password').focus();
    for (const id of BUTTONS) {
      $(id).disabled = waiting;
      if (busy) $(id).setAttribute('aria-disabled', 'true'); else $(id).removeAttribute('aria-disabled');
    }
  }

  function waitFor(seconds) {
    waitUntil = Date.now() + seconds * 1000;
    clearTimeout(waitTimer);
    waitTimer = setTimeout(() => {
      holdButtons();
      if (user && $('o-password').getAttribute('aria-invalid')) fieldMessage('password', 'You can try again now.');
    }, seconds * 1000 + 50);
    holdButtons();
  }

  function tooMany(seconds) {
    fieldMessage('password', 'Too many wrong passwords: wait ' + duration(seconds) + ' before trying again.', 'error');
  }

  // The password, or null (with the message at its field) when none is typed: no attempt is spent on it.
  function password() {
    const text = $('o-password').value;
    if (text) return text;
    fieldMessage('password', 'Type the password this post was made with.', 'error');
    $('o-password').focus();
    return null;
  }

  // Runs a request (a function returning api.js's {ok, ...}); null when the server could not be reached.
  async function send(request, busyText) {
    busy = true;
    holdButtons();
    formMessage(busyText, 'busy');
    try {
      return await request();
    } catch (error) {
      formMessage('Could not reach the server: ' + error.message, 'error');
      return null;
    } finally {
      busy = false;
      holdButtons();
    }
  }

  // Shows a refusal where it belongs, by its code and field (never by its words).
  function showRefusal(result, what) {
    const error = result.error;
    const retryAfter = wholeNumber(result.retryAfter || '');
    formMessage('Not ' + what + ': see the marked field.', 'error');
    if (error.code === 'too_many_attempts') {
      if (retryAfter !== null) { tooMany(retryAfter); waitFor(retryAfter); } else fieldMessage('password', error.message, 'error');
      $('o-password').focus();
    } else if (error.code === 'wrong_password') {
      fieldMessage('password', error.message, 'error');
      $('o-password').select();
      $('o-password').focus();
    } else if (error.status === 503) {
      formMessage('The server is busy; try again in ' + (retryAfter !== null ? duration(retryAfter) : 'a few seconds') + '.', 'error');
    } else if (error.problems.some((p) => FIELDS.includes(p.field))) {
      // Every problem the server lists, each at its field; focus on the first in the form's order.
      for (const problem of error.problems) {
        if (FIELDS.includes(problem.field)) fieldMessage(problem.field, problem.message, 'error');
        else if (problem.field === 'latitude' || problem.field === 'longitude') placeMessage(problem.message, 'error');
      }
      const first = FIELDS.find((f) => $('o-' + f).getAttribute('aria-invalid'));
      if (error.problems.length > 1) formMessage('Not ' + what + ': see the ' + error.problems.length + ' marked problems.', 'error');
      $('o-' + first).focus();
    } else if (error.field === 'latitude' || error.field === 'longitude') {
      placeMessage(error.message, 'error');
      formMessage('Not ' + what + ': see the point.', 'error');
    } else if (error.status === 413) {
      formMessage('Not ' + what + ': the request is too large.', 'error');
    } else {
      formMessage('Not ' + what + ': ' + error.message + (error.field ? ' (' + error.field + ')' : ''), 'error');
    }
  }

  // The fields that differ from the post as it was, or null (with a message) when one cannot be sent.
  function changes() {
    const change = {};
    // Until the selects show this post's place (or the country chosen since), they may still hold another post's:
    // nothing is sent then.
    if (placesShown !== placesNumber) {
      fieldMessage('state', placesFailed === placesNumber
        ? 'The states could not be loaded: choose the country again.'
        : 'The states are still loading: try again in a moment.', 'error');
      return null;
    }
    const country = $('o-country').value;
    const state = $('o-state').value;
    const city = $('o-city').value;
    if (country !== user.country) change.country = country;
    if (state !== user.state || change.country !== undefined) change.state = state;
    if (city !== user.city) change.city = city;
    const yearInput = $('o-year');
    const year = wholeNumber(yearInput.value);
    if (year === null) {
      fieldMessage('year', 'The year must be a whole number, such as 2016.', 'error');
      yearInput.focus();
      return null;
    }
    if (year !== user.year) change.year = year;
    if (point && (point.latitude !== user.latitude || point.longitude !== user.longitude)) {
      change.latitude = point.latitude;
      change.longitude = point.longitude;
    }
    return change;
  }

  async function save(event) {
    event.preventDefault();
    if (!user || busy || Date.now() < waitUntil) return;
    hideConfirm();
    clearMessages();
    const change = changes();
    if (!change) return;
    if (!Object.keys(change).length) {
      formMessage('Nothing is changed yet: edit a field, or click a new point on the map.', 'error');
      return;
    }
    const secret = password();
    if (secret === null) return;
    const post = user;
    const result = await send(() => H.api.updateUser(post.id, secret, change), 'Saving…');
    if (!result) return;
    if (!result.ok) { if (post === user) showRefusal(result, 'saved'); return; }
    const now = result.user;
    const hidden = H.filters.matches(now) ? '' : ' The current filters hide it.';
    finished(post, 'Saved: ' + now.nickname + ' is from ' + placeName(now.city, now.state, now.country) + ', started ' +
      now.year + '.' + hidden);
  }

  // "Delete my post" asks first; the question is a group of two buttons in the form.
  function askDelete() {
    if (!user || busy || Date.now() < waitUntil) return;
    clearMessages();
    if (password() === null) return;
    $('o-confirm').hidden = false;
    $('o-delete').setAttribute('aria-expanded', 'true');
    $('o-confirm-yes').focus();
  }

  function hideConfirm() {
    $('o-confirm').hidden = true;
    $('o-delete').setAttribute('aria-expanded', 'false');
  }

  async function confirmDelete() {
    if (!user || busy || Date.now() < waitUntil) return;
    const secret = password();
    if (secret === null) { hideConfirm(); return; }
    const post = user;
    const result = await send(() => H.api.deleteUser(post.id, secret), 'Deleting…');
    if (!result) return;
    if (!result.ok) { if (post === user) { hideConfirm(); showRefusal(result, 'deleted'); } return; }
    finished(post, 'Deleted the post of ' + post.nickname + '.');
  }

  // ---- Start -----------------------------------------------------------------------------------------------

  function init(hasMap) {
    $('owner-form').addEventListener('submit', save);
    $('o-country').addEventListener('change', countryChosen);
    $('o-delete').addEventListener('click', askDelete);
    $('o-confirm-yes').addEventListener('click', confirmDelete);
    $('o-confirm-no').addEventListener('click', () => { hideConfirm(); $('o-delete').focus(); });
    $('o-cancel').addEventListener('click', cancel);
    $('o-point-undo').addEventListener('click', undoPoint);
    // The keyboard's way to a new point: the map's centre, under the cross, as the post form has it.
    $('o-centre').addEventListener('click', () => { const c = H.map.centre(); if (c) pickPoint(c); });
    $('o-centre').hidden = !hasMap;
    $('o-year').max = String(new Date().getFullYear());
    // A refusal goes as soon as its field changes.
    for (const field of FIELDS) {
      $('o-' + field).addEventListener(field === 'country' || field === 'state' ? 'change' : 'input', () => {
        if ($('o-' + field).getAttribute('aria-invalid') && !(field === 'password' && Date.now() < waitUntil)) fieldMessage(field, '');
      });
    }
    $('o-point-hint').textContent = hasMap
      ? 'Click the map, or move it and use its centre, to move the point; the country, state and city follow it.'
      : 'The map is missing, so the point stays as it is.';
  }

  H.owner = {
    init: init,
    button: button,
    open: open,
    forget: forget,
    escape: escape,
    pickPoint: pickPoint,
    get isOpen() { return !!user; },
  };
})(window.Hometown = window.Hometown || {});
