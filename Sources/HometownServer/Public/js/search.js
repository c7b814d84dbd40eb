// Hometown web app: the post form's place search, a combobox (the WAI-ARIA "combobox with a listbox popup").
// While a name is typed, the places whose names begin so are suggested (/hometown/forward?autocomplete=true:
// "Minneap", "San Fran", "Моск"); Enter without a chosen suggestion, or the Search button, searches the text as a
// whole name (/hometown/forward, which also reads typos and addresses). Focus stays in the box: the arrow keys
// move the active option (aria-activedescendant), Enter, a click or a tap picks it, Escape and leaving the box
// close the list. What a picked place does to the form is the post form's business (H.post).
(function (H) {
  'use strict';
  const { $, el, debounce } = H.util;

  const MIN_CHARACTERS = 2;        // one letter names too much to be worth a request
  const PAUSE_MS = 150;            // typing must pause this long before a suggestion request
  const SUGGEST_LIMIT = 6;         // suggestions shown (six tap targets fit above the phone's keyboard)
  const SEARCH_LIMIT = 8;          // results of a whole-name search
  const CACHE_SIZE = 32;           // answers kept for texts typed again (a backspace, a retyped letter)

  let box = null;                  // the input (role=combobox)
  let list = null;                 // the listbox
  let hooks = null;                // {pick(result), message(text, kind)} from the post form
  let options = [];                // the results the list shows, in its order
  let shownKey = null;             // the request (mode and text) whose answer the list shows
  let active = -1;                 // the index of the active option, -1 for none
  let latest = 0;                  // every change of the text or new request takes a number; only the latest's
                                   // answer is shown, so a stale answer never replaces a newer one
  let inFlight = null;             // the AbortController of the one request on its way, or null
  const cache = new Map();         // key -> answer, oldest first

  // ---- The list ---------------------------------------------------------------------------------------------

  function isOpen() { return !list.hidden; }

  function setActive(index) {
    if (active >= 0 && options[active]) $(optionId(active)).setAttribute('aria-selected', 'false');
    active = index;
    if (active >= 0) {
      const option = $(optionId(active));
      option.setAttribute('aria-selected', 'true');
      box.setAttribute('aria-activedescendant', option.id);
      option.scrollIntoView({ block: 'nearest' });
    } else {
      box.removeAttribute('aria-activedescendant');
    }
  }

  // Closes the list; false when it was not open.
  function close() {
    const was = isOpen();
    list.hidden = true;
    list.replaceChildren();
    options = [];
    shownKey = null;
    active = -1;
    box.setAttribute('aria-expanded', 'false');
    box.removeAttribute('aria-activedescendant');
    return was;
  }

  function optionId(index) { return 'p-result-' + index; }

  function kindName(result) {
    const names = { country: 'country', state: 'state or province', region: 'region', city: 'city' };
    return names[result.kind] || result.kind;
  }

  // "Minnesota, USA · city": the state (of a city or region) and the country in the server's names, or in the
  // bundled data's where the server does not serve the place, then the kind.
  function whereText(result) {
    const place = result.place || {};
    const state = result.state || (place.state && place.state.name);
    const country = result.country || (place.country && place.country.name);
    const inside = result.kind === 'city' || result.kind === 'region';
    const details = [inside ? state : null, result.kind === 'country' ? null : country].filter(Boolean).join(', ');
    return (details ? details + ' · ' : '') + kindName(result) + (result.supported ? '' : ' · not served here');
  }

  // Shows `results` as the list's options: places this server serves first (a post can come from them), in the
  // server's order within each kind.
  function show(results, key) {
    const ranked = results.filter((r) => r.supported).concat(results.filter((r) => !r.supported));
    list.replaceChildren();
    ranked.forEach((result, index) => {
      const option = el('li', 'result' + (result.supported ? '' : ' unsupported'));
      option.id = optionId(index);
      option.setAttribute('role', 'option');
      option.setAttribute('aria-selected', 'false');
      option.appendChild(el('span', 'result-name', result.name));
      option.appendChild(el('span', 'result-where', whereText(result)));
      list.appendChild(option);
    });
    options = ranked;
    shownKey = key;
    active = -1;
    box.removeAttribute('aria-activedescendant');
    list.hidden = false;
    box.setAttribute('aria-expanded', 'true');
  }

  // ---- Asking the server ------------------------------------------------------------------------------------

  // Drops the request on its way and any answer not yet shown.
  function forget() {
    latest += 1;
    if (inFlight) { inFlight.abort(); inFlight = null; }
  }

  // Asks for `text` ('suggest': places whose names begin so; 'search': the whole name) and shows the answer,
  // unless something newer happened meanwhile. A failure closes the list and says why at the box.
  async function ask(mode, text) {
    forget();
    const number = latest;
    const key = mode + ':' + text;
    let answer = cache.get(key);
    if (!answer) {
      const controller = new AbortController();
      inFlight = controller;
      const params = mode === 'suggest' ? { q: text, autocomplete: 'true', limit: SUGGEST_LIMIT }
        : { q: text, limit: SEARCH_LIMIT };
      try {
        answer = await H.api.get('/hometown/forward', params, controller.signal);
      } catch (error) {
        if (number !== latest || H.api.isAbort(error)) return;
        close();
        hooks.message('Could not search: ' + error.message, 'error');
        return;
      } finally {
        if (inFlight === controller) inFlight = null;
      }
      cache.set(key, answer);
      if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value);
    }
    if (number !== latest) return;
    const results = Array.isArray(answer.results) ? answer.results : [];
    if (results.length) {
      hooks.message('');
      show(results, key);
      status(results.length + (mode === 'suggest' ? (results.length === 1 ? ' suggestion' : ' suggestions')
        : (results.length === 1 ? ' place found' : ' places found')) + ': the up and down arrows choose, Enter picks.');
    } else {
      close();
      const shown = text.trim();
      if (mode === 'suggest') hooks.message('No place name begins "' + shown + '". Enter searches it as a whole name.');
      else hooks.message('No place called "' + shown + '" was found.', 'error');
    }
  }

  // What a screen reader hears when the list changes (a status read out politely, not shown).
  function status(text) { $('p-search-status').textContent = text; }

  // The text as the server should read it for suggestions: no leading white space, trailing white space kept as
  // one space (a space after a word says the word is complete: "San " is not "San").
  function suggestText() { return box.value.replace(/^\s+/, '').replace(/\s+$/, ' '); }

  const suggestSoon = debounce(() => {
    const text = suggestText();
    if (Array.from(text.trim()).length >= MIN_CHARACTERS) ask('suggest', text);
  }, PAUSE_MS);

  // The text changed: whatever was asked for the old text is dropped, the active option goes, and suggestions
  // are asked once typing pauses (an input method's composition asks once it ends).
  function typed(event) {
    if (event && event.isComposing) return;
    forget();
    hooks.message('');
    status('');
    if (active >= 0) setActive(-1);
    if (Array.from(box.value.trim()).length < MIN_CHARACTERS) {
      suggestSoon.cancel();
      close();
      return;
    }
    suggestSoon();
  }

  // Searches the text as a whole name now (Enter, or the Search button).
  function search() {
    suggestSoon.cancel();
    const text = box.value.trim();
    if (!text) { forget(); close(); hooks.message(''); return; }
    if (shownKey === 'search:' + text && isOpen()) return;       // its results are already open
    ask('search', text);
  }

  // Picks option `index`: the list closes, anything on its way is dropped, and the post form takes the place.
  function pick(index) {
    const result = options[index];
    if (!result) return;
    dismiss();
    hooks.pick(result);
    box.focus();
  }

  // ---- Keys, pointer and focus ------------------------------------------------------------------------------

  function keys(event) {
    if (event.isComposing) return;
    const count = options.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!isOpen() || !count) {
        if (!event.altKey && event.key === 'ArrowUp') return;
        event.preventDefault();
        suggestSoon.cancel();
        const text = suggestText();
        if (Array.from(text.trim()).length >= MIN_CHARACTERS) ask('suggest', text);
        return;
      }
      event.preventDefault();
      if (event.altKey) return;                                    // Alt+Down opens without choosing
      if (event.key === 'ArrowDown') setActive(active + 1 >= count ? 0 : active + 1);
      else setActive(active <= 0 ? count - 1 : active - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();                                      // never a post
      if (isOpen() && active >= 0) pick(active); else search();
    }
    // Escape is the page's (app.js closes the innermost open thing: this list first).
  }

  function init(callbacks) {
    hooks = callbacks;
    box = $('p-search');
    list = $('p-results');
    box.addEventListener('input', typed);
    box.addEventListener('compositionend', () => typed());
    box.addEventListener('keydown', keys);
    box.addEventListener('blur', dismiss);
    // A press on the list keeps focus in the box (so the list stays open until the click picks).
    list.addEventListener('mousedown', (event) => event.preventDefault());
    list.addEventListener('click', (event) => {
      const option = event.target instanceof Element ? event.target.closest('[role=option]') : null;
      if (option) pick(Number(option.id.slice(optionId('').length)));
    });
    $('p-search-go').addEventListener('click', () => { box.focus(); search(); });
  }

  // Closes the list, and nothing asked for opens it again until the text changes or a key asks; false when the
  // list was not open (Escape, leaving the box).
  function dismiss() {
    suggestSoon.cancel();
    forget();
    status('');
    return close();
  }

  // Empties the box and closes the list (after a post).
  function clear() {
    dismiss();
    box.value = '';
  }

  H.search = { init: init, close: dismiss, clear: clear };
})(window.Hometown = window.Hometown || {});
