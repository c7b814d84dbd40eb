// Hometown web app: start-up and the page as a whole (panels, the total, the Escape key).
// The parts: js/api.js (server calls, helpers), js/filters.js (filters and the URL), js/map.js (Leaflet map,
// boundary tiles, markers), js/list.js (the paged list), js/post.js (the post form), js/search.js (its place
// search), js/places.js (served names and looking up a point, for the filters and both forms), js/owner.js (an
// owner's change or delete).
(function (H) {
  'use strict';
  const { $ } = H.util;
  const narrow = window.matchMedia('(max-width: 760px)');

  async function refreshTotal() {
    try {
      const count = await H.api.get('/hometown/count');
      $('total').textContent = count === 1 ? '1 post so far' : count + ' posts so far';
    } catch (error) {
      $('total').textContent = '';
    }
  }

  // Everything that shows posts, after a post or at start. `keepPage`: the list reads the page it shows again
  // (after an owner's change or delete) instead of going back to the first.
  function refreshAll(keepPage) {
    refreshTotal();
    if (keepPage === true) H.list.reload(); else H.list.reset();
    H.map.refresh();
  }

  // 'list', 'post' or 'owner' (the owner's form, opened by H.owner.open). While a form is shown, a click on the
  // map picks its point.
  function showPanel(name) {
    const post = name === 'post';
    const owner = name === 'owner';
    if (!owner) H.owner.forget();
    $('panel-list').hidden = post || owner;
    $('panel-post').hidden = !post;
    $('panel-owner').hidden = !owner;
    $('show-list').setAttribute('aria-pressed', String(!post && !owner));
    $('show-post').setAttribute('aria-pressed', String(post));
    if (post) { H.map.pickWith(H.post.pickPoint); if (H.post.hasPlace) H.map.hint(false); }
    else if (owner) H.map.pickWith(H.owner.pickPoint, 'Click the map to move your post');
    else H.map.pickWith(null);
  }

  // Escape closes the innermost open thing: search results, the map's popup, the owner's delete question or
  // form, the post form, the filters.
  function onEscape(event) {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    const focus = document.activeElement;
    if (H.search.close()) {
      $('p-search').focus();
    } else if (H.map.closePopup()) {
      // closed
    } else if (!$('panel-owner').hidden && $('panel-owner').contains(focus)) {
      H.owner.escape();
    } else if (!$('panel-post').hidden && $('panel-post').contains(focus)) {
      showPanel('list');
      $('show-post').focus();
    } else if ($('filters').open && $('filters').contains(focus) && narrow.matches) {
      $('filters').open = false;
      $('filters').querySelector('summary').focus();
    } else {
      return;
    }
    event.preventDefault();
  }

  // Enter and Space on anything announced as a button that is not a <button> (the map's markers, Leaflet's zoom
  // buttons and popup close control, which are <div>s and <a>s) do what a click does, as on a real button.
  function pressAsButton(event) {
    if ((event.key !== 'Enter' && event.key !== ' ') || event.defaultPrevented || event.repeat) return;
    const target = event.target;
    if (!(target instanceof Element) || target.getAttribute('role') !== 'button' || target.tagName === 'BUTTON') return;
    event.preventDefault();                                  // no scroll for Space, no following of href="#"
    target.click();
  }

  async function start() {
    const hasMap = H.map.init();
    H.list.init();
    H.post.init(hasMap);
    H.owner.init(hasMap);
    $('show-list').addEventListener('click', () => showPanel('list'));
    $('show-post').addEventListener('click', () => showPanel('post'));
    // The skip link moves the focus to the map without writing "#map" over the view that the URL's hash keeps.
    $('skip-map').addEventListener('click', (event) => { event.preventDefault(); $('map').focus(); });
    document.addEventListener('keydown', onEscape);
    document.addEventListener('keydown', pressAsButton);
    if (narrow.matches) $('filters').open = false;              // on a phone the filters start folded
    try {
      // The map follows the filters: fitted to the posts they show, back to the world when they are cleared.
      await H.filters.init((what) => {
        H.list.reset();
        if (what === 'clear') H.map.world();
        else if (what === 'filter') H.map.fit(true);
        H.map.refresh();
      });
    } catch (error) {
      $('filter-msg').textContent = 'Could not load the countries: ' + error.message;
    }
    refreshAll();
    // Without a view in the URL, show where the (filtered) posts are.
    if (hasMap && !H.map.viewInURL) H.map.fit(true);
  }

  H.app = { refreshAll: refreshAll, showPanel: showPanel };
  start();
})(window.Hometown = window.Hometown || {});
