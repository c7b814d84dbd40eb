// Hometown web app: talking to the server, and small helpers shared by the other files.
// Every call goes to the public endpoints under /hometown/ on the same origin (see /openapi.yaml).
(function (H) {
  'use strict';

  // An answer other than 200: `status`, the server's words (`message`) and the field it is about, if any.
  // `problems`: every problem the server found, [{message, field, code}], the first being this one (a refused
  // post or owner's change lists them all in "errors"; other refusals name one).
  class ApiError extends Error {
    constructor(status, message, field, code, problems) {
      super(message);
      this.name = 'ApiError';
      this.status = status;
      this.field = field || null;
      this.code = code || null; // the stable machine-readable code (openapi.yaml's Error schema)
      this.problems = problems && problems.length ? problems : [{ message: message, field: this.field, code: this.code }];
    }
  }

  // The "errors" list of a refusal's body as [{message, field, code}], or null when there is none (a server
  // before that list, or a refusal of one problem only).
  function problemsOf(body) {
    if (!Array.isArray(body.errors)) return null;
    const problems = body.errors
      .filter((e) => e && typeof e.error === 'string')
      .map((e) => ({ message: e.error, field: typeof e.field === 'string' ? e.field : null, code: typeof e.code === 'string' ? e.code : null }));
    return problems.length ? problems : null;
  }

  // '/hometown/users' + {country: 'USA', page: 0} -> '/hometown/users?country=USA&page=0' (empty values dropped).
  function url(path, params) {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(params || {})) {
      if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
    }
    const text = query.toString();
    return text ? path + '?' + text : path;
  }

  // Reads a refusal's JSON body ({"error", "field", "code"}, and "errors" listing every problem when the server
  // found several); a body that is not JSON becomes its first words.
  async function errorFrom(response) {
    const text = await response.text().catch(() => '');
    try {
      const body = JSON.parse(text);
      if (body && typeof body.error === 'string') {
        return new ApiError(response.status, body.error, body.field, body.code, problemsOf(body));
      }
    } catch (ignored) { /* not JSON: an HTML 404 page, a proxy's answer... */ }
    return new ApiError(response.status, 'the server answered ' + response.status + ' ' + response.statusText);
  }

  // GET a JSON answer. Throws ApiError for a non-200 answer; an AbortError when `signal` aborts.
  async function get(path, params, signal) {
    const response = await fetch(url(path, params), { signal: signal, headers: { Accept: 'application/json' } });
    if (!response.ok) throw await errorFrom(response);
    return response.json();
  }

  // POST a new user. Resolves to {ok: true} or {ok: false, error: ApiError, retryAfter}; rejects only when the
  // server cannot be reached.
  async function addUser(user) {
    const response = await fetch('/hometown/adduser', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(user),
    });
    if (response.ok) return { ok: true };
    return { ok: false, error: await errorFrom(response), retryAfter: response.headers.get('Retry-After') };
  }

  // POSTs an owner's request (users/{id}/update or users/{id}/delete) with a JSON body. Resolves to
  // {ok: true, body} with the answer's JSON, or {ok: false, error: ApiError, retryAfter}; rejects only when the
  // server cannot be reached.
  async function ownerRequest(id, action, body) {
    const response = await fetch('/hometown/users/' + encodeURIComponent(String(id)) + '/' + action, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.ok) return { ok: true, body: await response.json() };
    return { ok: false, error: await errorFrom(response), retryAfter: response.headers.get('Retry-After') };
  }

  // Changes the post `id`: `change` holds only the fields to change (country, state, city, year, latitude with
  // longitude). Resolves to {ok: true, user} with the user as changed, or as ownerRequest's refusal.
  async function updateUser(id, password, change) {
    const result = await ownerRequest(id, 'update', Object.assign({ password: password }, change));
    return result.ok ? { ok: true, user: result.body } : result;
  }

  // Deletes the post `id`. Resolves to {ok: true, id} or as ownerRequest's refusal.
  async function deleteUser(id, password) {
    const result = await ownerRequest(id, 'delete', { password: password });
    return result.ok ? { ok: true, id: result.body.id } : result;
  }

  function isAbort(error) { return error && error.name === 'AbortError'; }

  // Calls `fn` once the calls have stopped for `ms` milliseconds; `.cancel()` drops a call still waiting.
  function debounce(fn, ms) {
    let timer = 0;
    const debounced = function (...args) {
      clearTimeout(timer);
      timer = setTimeout(() => fn.apply(this, args), ms);
    };
    debounced.cancel = () => clearTimeout(timer);
    return debounced;
  }

  // Shorthand for document.getElementById.
  function $(id) { return document.getElementById(id); }

  // Makes an element with text content (never HTML: nicknames and cities are other people's text).
  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  // A whole number written in an input, or null ("", "12.5" and "abc" are null).
  function wholeNumber(text) {
    const value = String(text).trim();
    return /^-?\d{1,9}$/.test(value) ? Number(value) : null;
  }

  // "Minneapolis, Minnesota, USA" from the parts that exist.
  function placeName(city, state, country) {
    return [city, state, country].filter(Boolean).join(', ');
  }

  // A message in the box under the form field whose id is `id` (the box's id is `id + '-msg'`); `kind` 'error'
  // also marks the field invalid, 'ok' is good news, none is a plain note. An empty `text` clears it.
  function fieldMessage(id, text, kind) {
    const input = $(id);
    const box = $(id + '-msg');
    box.textContent = text || '';
    box.className = 'field-msg' + (text && kind ? ' ' + kind : '');
    if (text && kind === 'error') input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }

  // At most `size` answers kept as promises by key, the least recently used dropped first, so that callers
  // asking for the same key share one request. `get(key, load)` gives the kept promise, or keeps and gives
  // `load()`'s; one that fails is dropped, so that the next call asks again.
  function promiseCache(size) {
    const kept = new Map();
    function get(key, load) {
      let promise = kept.get(key);
      if (promise) {
        kept.delete(key); // set again below: the most recently used last
      } else {
        promise = load();
        promise.catch(() => { if (kept.get(key) === promise) kept.delete(key); });
        if (kept.size >= size) kept.delete(kept.keys().next().value);
      }
      kept.set(key, promise);
      return promise;
    }
    return { get: get };
  }

  H.ApiError = ApiError;
  H.api = { url: url, get: get, addUser: addUser, updateUser: updateUser, deleteUser: deleteUser, isAbort: isAbort };
  H.util = {
    debounce: debounce, $: $, el: el, wholeNumber: wholeNumber, placeName: placeName, fieldMessage: fieldMessage,
    promiseCache: promiseCache,
  };
})(window.Hometown = window.Hometown || {});
