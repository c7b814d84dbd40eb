// Hometown web app: the list of posts, 25 a page, newest or oldest first.
// Pages are read by id, not by page number (users?reverse=true&beforeid=<last id shown>&page=0&pagesize=26),
// so a post made while someone reads page 3 does not shift what "Next" shows. One extra row says whether
// there is a next page.
(function (H) {
  'use strict';
  const { $, el } = H.util;

  const PAGE_SIZE = 25;
  let cursors = [null];            // cursors[k]: the id page k starts after (null: the start)
  let page = 0;
  let loadNumber = 0;              // answers to older loads are dropped

  function say(text) { $('list-msg').textContent = text; }

  function row(user) {
    const tr = el('tr');
    const nick = el('td');
    if (user.latitude !== 0 || user.longitude !== 0) {
      // The nickname shows the post on the map.
      const button = el('button', 'link-button', user.nickname);
      button.type = 'button';
      button.title = 'Show ' + user.nickname + ' on the map';
      button.addEventListener('click', () => H.map.showUser(user));
      nick.appendChild(button);
    } else {
      nick.textContent = user.nickname;
    }
    tr.appendChild(nick);
    // One place column, "City, State, Country", so that the panel's width holds whole words: lines break between
    // the words, never inside one. Each part is kept in a data attribute too.
    const place = el('td', 'col-place', [user.city, user.state, user.country].filter(p => p).join(', '));
    place.dataset.city = user.city;
    place.dataset.state = user.state;
    place.dataset.country = user.country;
    tr.appendChild(place);
    tr.appendChild(el('td', 'col-year', user.year));
    const own = el('td', 'col-owner');
    own.appendChild(H.owner.button(user, true));
    tr.appendChild(own);
    return tr;
  }

  // Shows page `target` (the page shown when not given). The page counts as turned only once its rows are in:
  // after a failed load the pager still stands on the page it shows.
  async function load(target) {
    if (target === undefined) target = page;
    const number = ++loadNumber;
    try {
      const filters = await H.filters.params();
      const params = Object.assign({}, filters, { page: 0, pagesize: PAGE_SIZE + 1 });
      const cursor = cursors[target];
      if (H.filters.order === 'newest') {
        params.reverse = 'true';
        if (cursor !== null) params.beforeid = cursor;
      } else if (cursor !== null) {
        params.afterid = Math.max(cursor, filters.afterid === undefined ? cursor : filters.afterid);
      }
      const users = await H.api.get('/hometown/users', params);
      if (number !== loadNumber) return;
      page = target;
      const rows = users.slice(0, PAGE_SIZE);
      const hasNext = users.length > PAGE_SIZE;
      if (hasNext) cursors[page + 1] = rows[rows.length - 1].id;
      $('list-body').replaceChildren(...rows.map(row));
      const first = page * PAGE_SIZE + 1;
      $('list-page').textContent = rows.length ? 'Page ' + (page + 1) + ' · ' + first + '–' + (first + rows.length - 1) : '';
      $('list-caption').textContent = 'Posts, ' + (H.filters.order === 'newest' ? 'newest' : 'oldest') + ' first, page ' + (page + 1);
      // A pager button that turns off while focused (Next on the last page) hands focus to the other one, else
      // to the list's title: focus never falls back to the page's start.
      const focused = document.activeElement;
      $('list-prev').disabled = page === 0;
      $('list-next').disabled = !hasNext;
      if (focused && focused.disabled && (focused.id === 'list-prev' || focused.id === 'list-next')) {
        const other = $(focused.id === 'list-prev' ? 'list-next' : 'list-prev');
        (other.disabled ? $('list-title') : other).focus();
      }
      say(rows.length ? '' : page === 0 ? 'No post matches the filters.' : 'No more posts.');
    } catch (error) {
      if (number === loadNumber) say('Could not load the posts: ' + error.message);
    }
  }

  // Back to the first page (after the filters, the order or a new post); `reload` reads the page shown again
  // (after an owner's change or delete: ids do not move, so the pages stay where they are).
  function reset() {
    cursors = [null];
    page = 0;
    return load(0);
  }

  function init() {
    $('list-prev').addEventListener('click', () => { if (page > 0) load(page - 1); });
    $('list-next').addEventListener('click', () => { if (cursors[page + 1] !== undefined) load(page + 1); });
  }

  H.list = { init: init, reset: reset, reload: () => load() };
})(window.Hometown = window.Hometown || {});
