#!/usr/bin/env python3
"""Browser tests of the Hometown web app, as a person would use it.

Drives headless Chromium (Debian's chromium and chromedriver, through Selenium) against a running
`hometown serve` (tools/webtest/run.sh starts one on loopback with a fresh database). It seeds posts through
POST /hometown/adduser at real city points (found with /hometown/forward), then checks the page: it loads with
no console error and no request leaving the server; clicking a point in Minnesota fills USA / Minnesota /
Minneapolis; posting makes the marker appear; filters change map and list and live in the URL (a country's states
answered after another country, or Clear, was chosen are dropped); refusals show
at their fields; the owner of a post changes and deletes it with its password ("This is mine" on its row and in
its popup); the keyboard reaches and works the controls; a phone-sized screen works; the place search suggests
places as a name is typed (a combobox: arrows, Enter, Escape, click and tap; one request at a time, never a stale
answer, failures at the box). For everyone:
axe-core 4.12 (WCAG 2.1 A and AA, axecheck.py) in every state of the page, visible focus and Enter/Space on the
map's markers, focus never lost, keyboard-only posts, 44 px tap targets on a phone, the map following the filters
(but not against a move by hand made while a fit is on its way),
every refusal at once, and the first load right after a server's start: under 350 KB, its first tiles printed (under
0.5 s with --assert-weight). The page is sent with a strict Content-Security-Policy, and no test may cause a violation of it (recorded from every page through a
`securitypolicyviolation` listener added before the page's own scripts). A page of another origin may read the API
and post to it, but not read the app's files. Screenshots go to
--out (map.png, list.png, form.png, owner.png, phone.png, suggest.png, suggest-phone.png, and labels-zoom2/5/8.png
of the map's names); with
--docs-png, map.png is copied there too, and with --docs-labels DIR the three names' screenshots.

Stops at the first failure (exit status 1) unless --keep-going.
"""

import argparse
import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.error
import urllib.parse
import urllib.request

# Selenium must never download a browser or a driver: Debian's are used, by path.
os.environ.setdefault("SE_OFFLINE", "true")

from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import TimeoutException  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.actions.wheel_input import ScrollOrigin  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

import axecheck  # noqa: E402

# (place name for /hometown/forward, nickname, year). Years differ; some repeat so a year filter has matches.
SEEDS = [
    ("Minneapolis", "lakes_amy", 2016), ("Minneapolis", "twin_ben", 2016), ("Minneapolis", "nicollet", 2019),
    ("Saint Paul, Minnesota", "stpaul_kim", 2018), ("Duluth, MN", "superior_jo", 2015),
    ("Chicago", "windy_raj", 2014), ("Chicago", "loop_lena", 2016), ("Chicago", "deep_dish", 2021),
    ("Seattle", "rainier", 2017), ("New York", "bigapple", 2012), ("New York", "brooklyn_t", 2020),
    ("Austin, Texas", "bats_ana", 2013), ("Denver", "mile_high", 2018), ("Anchorage", "north_star", 2011),
    ("Mumbai", "marine_drive", 2016), ("Mumbai", "bandra_b", 2019), ("Mumbai", "vada_pav", 2022),
    ("New Delhi", "chandni", 2015), ("New Delhi", "lodhi_g", 2017), ("Bengaluru", "garden_city", 2020),
    ("Kolkata", "howrah", 2013), ("Chennai", "marina_m", 2018),
    ("Beijing", "hutong_li", 2016), ("Beijing", "wangfu", 2010), ("Beijing", "summer_p", 2021),
    ("Shanghai", "bund_wei", 2014), ("Shanghai", "pudong_x", 2019), ("Guangzhou", "canton_c", 2012),
    ("Chengdu", "panda_fan", 2017),
    ("Guadalajara", "tapatio", 2015), ("Guadalajara", "mariachi", 2018), ("Mexico City", "zocalo", 2016),
    ("Mexico City", "coyoacan", 2020), ("Monterrey", "cerro_silla", 2011), ("Oaxaca", "mole_negro", 2019),
    ("Thiruvananthapuram", "kovalam_beach", 2019),     # the longest city name: the list must still fit a phone
]

MINNEAPOLIS_CLICK = (44.9661, -93.2938)
WAIT = 20   # seconds for anything the page does (tiles of a debug build on a busy machine take a while)


class Failure(Exception):
    """A check that did not hold."""


def check(condition, message):
    if not condition:
        raise Failure(message)


# ---- The server, directly -----------------------------------------------------------------------------------

def http(base, path, params=None, body=None, timeout=20):
    url = base + path + ("?" + urllib.parse.urlencode(params) if params else "")
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method="POST" if data else "GET",
                                     headers={"Content-Type": "application/json"} if data else {})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def headers(base, path):
    """The status and headers (names in lower case) of GET path."""
    try:
        with urllib.request.urlopen(base + path, timeout=20) as response:
            return response.status, {k.lower(): v for k, v in response.headers.items()}
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}


def seed(base):
    """Posts SEEDS at the points /hometown/forward gives for their places; returns the posts made."""
    posts = []
    places = {}
    for query, nickname, year in SEEDS:
        if query not in places:
            status, text = http(base, "/hometown/forward", {"q": query, "limit": 1})
            check(status == 200, f"forward {query!r}: {status} {text}")
            results = json.loads(text)["results"]
            check(results and results[0]["supported"], f"forward {query!r} found no served place: {text}")
            places[query] = results[0]
        place = places[query]
        post = {"nickname": nickname, "password": "seed-pass", "country": place["country"], "state": place["state"],
                "city": place["city"], "year": year, "latitude": place["latitude"], "longitude": place["longitude"]}
        status, text = http(base, "/hometown/adduser", body=post)
        check(status == 200 and text == "ok", f"seeding {nickname}: {status} {text}")
        posts.append(post)
    return posts


# ---- The browser --------------------------------------------------------------------------------------------

class Browser:
    """Headless Chromium with its console and network logs gathered as the tests go."""

    def __init__(self, base, chromium, chromedriver, extra_arguments=()):
        self.base = base
        self.chromium = chromium
        self.chromedriver = chromedriver
        self.origin = "{0.scheme}://{0.netloc}".format(urllib.parse.urlsplit(base))
        options = webdriver.ChromeOptions()
        options.binary_location = chromium
        for argument in tuple(extra_arguments) + ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--window-size=1280,820", "--force-device-scale-factor=1", "--hide-scrollbars",
                         "--no-first-run", "--no-default-browser-check", "--disable-background-networking",
                         "--disable-component-update", "--disable-default-apps", "--disable-sync",
                         "--disable-features=Translate,OptimizationHints,MediaRouter,AutofillServerCommunication",
                         "--lang=en-US"):
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
        self.driver = webdriver.Chrome(service=Service(executable_path=chromedriver), options=options)
        self.driver.set_script_timeout(WAIT)
        self.desktop()
        # Counts the page's fetches in flight from its first script on (see wait_idle), and logs each one in
        # window.__fetchLog: its URL, when it started and ended (the answer's headers, a failure or the moment it was
        # aborted; performance.now() milliseconds) and its outcome (the status, 'aborted' or 'failed').
        self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
            window.__pending = 0;
            window.__fetchLog = [];
            const original = window.fetch;
            window.fetch = function (resource, init) {
              window.__pending += 1;
              const entry = { url: String(resource && resource.url || resource), start: performance.now(), end: null,
                              outcome: null };
              window.__fetchLog.push(entry);
              const signal = init && init.signal;
              if (signal) signal.addEventListener('abort', () => {
                if (entry.end === null) { entry.end = performance.now(); entry.outcome = 'aborted'; }
              });
              return original.apply(this, arguments).then((response) => {
                if (entry.end === null) { entry.end = performance.now(); entry.outcome = response.status; }
                return response;
              }, (error) => {
                if (entry.end === null) {
                  entry.end = performance.now();
                  entry.outcome = error && error.name === 'AbortError' ? 'aborted' : 'failed';
                }
                throw error;
              }).finally(() => { window.__pending -= 1; });
            };"""})
        # Records every Content-Security-Policy violation of every page, from before the page's first script, in
        # sessionStorage so that it outlives navigations within the tab (see take_csp_violations).
        self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
            document.addEventListener('securitypolicyviolation', (e) => {
              try {
                const seen = JSON.parse(sessionStorage.getItem('__csp') || '[]');
                seen.push(e.effectiveDirective + ' blocked ' + (e.blockedURI || '?') + ' (' + (e.sourceFile || '?') + ':' +
                          e.lineNumber + ') on ' + location.pathname + location.search);
                sessionStorage.setItem('__csp', JSON.stringify(seen));
              } catch (error) { /* no storage on this page: the console still shows the violation */ }
            });"""})
        self.console = []      # (level, message)
        self.requests = []     # every URL the page asked for

    def desktop(self):
        """A 1280 x 800 CSS-pixel viewport (the window size alone leaves the viewport to the browser)."""
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False})

    @contextlib.contextmanager
    def phone(self, touch=True):
        """For the body of a `with`: a 390 x 844 CSS-pixel phone viewport (device scale 2), with touch events when
        `touch`; the desktop viewport again after it."""
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
        if touch:
            self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
        try:
            yield
        finally:
            if touch:
                self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
            self.desktop()

    def drain(self):
        """Moves the browser's new log entries into self.console and self.requests."""
        for entry in self.driver.get_log("browser"):
            self.console.append((entry["level"], entry["message"]))
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message["method"] == "Network.requestWillBeSent":
                self.requests.append(message["params"]["request"]["url"])

    def severe(self, allowed=()):
        """Console errors seen so far, except those containing one of `allowed`."""
        self.drain()
        return [m for level, m in self.console if level == "SEVERE" and not any(a in m for a in allowed)]

    def check_console(self, when=""):
        """Fails when the console has shown an error so far; `when` ("on load", ...) goes into the message."""
        errors = self.severe()
        check(not errors, "console errors" + (" " + when if when else "") + ": " + "; ".join(errors))

    def foreign_requests(self):
        """Requests that went anywhere but the server under test."""
        self.drain()
        local = ("data:", "blob:", "about:", "chrome-extension:")
        return [u for u in self.requests if not (u.startswith(self.origin + "/") or u == self.origin or u.startswith(local))]

    def take_csp_violations(self):
        """The Content-Security-Policy violations recorded since the last call (and forgets them)."""
        if not self.driver.current_url.startswith(self.origin + "/"):
            return []
        return self.js("const v = JSON.parse(sessionStorage.getItem('__csp') || '[]');"
                       "sessionStorage.removeItem('__csp'); return v;")

    def clear_logs(self):
        self.drain()
        self.console.clear()

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def wait(self, predicate, what, timeout=WAIT):
        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=0.1).until(lambda d: predicate())
        except TimeoutException:
            raise Failure(f"timed out after {timeout} s waiting for: {what}") from None

    def find(self, css):
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def value(self, element_id):
        return self.js("return document.getElementById(arguments[0]).value", element_id)

    def text(self, element_id):
        return self.js("return document.getElementById(arguments[0]).textContent", element_id)

    def open(self, path="/"):
        url = self.base + path
        if "#" in url and self.driver.current_url.split("#")[0] == url.split("#")[0]:
            self.driver.get("about:blank")    # a change of the hash alone would not load the page again
        self.driver.get(url)
        self.wait(lambda: self.js("return !!(window.Hometown && Hometown.map && document.readyState === 'complete')"),
                  "the app's scripts to load")

    def wait_idle(self):
        """Waits until the page has had no fetch in flight for half a second (markers, list, tiles drawn)."""
        quiet = [0]

        def settled():
            if self.js("return window.__pending") == 0:
                quiet[0] += 1
            else:
                quiet[0] = 0
            return quiet[0] >= 5
        try:
            self.wait(settled, "the page's requests to finish")
        except Failure as failure:
            waiting = self.js("return window.__fetchLog.filter(e => e.end === null).map(e => e.url).slice(0, 5)")
            raise Failure(f"{failure} (on their way: {waiting}, {self.js('return window.__pending')} in all)") from None

    def hold_answers(self, held):
        """Until the page is loaded again, the answers to its fetches whose URL the JavaScript expression `held` (of
        `url`, e.g. "url.startsWith('/hometown/region?')") accepts are held back until release_answers; the requests
        go at once and count as answered for wait_idle. Once a page."""
        self.js("""
            window.__held = [];
            const original = window.fetch;
            window.fetch = function (resource, init) {
              const url = String(resource && resource.url || resource);
              const answer = original.apply(this, arguments);
              if (!(%s)) return answer;
              return answer.then((response) => new Promise((resolve) => window.__held.push(() => resolve(response))));
            };""" % held)

    def held_answers(self):
        """How many answers hold_answers holds back now."""
        return self.js("return window.__held.length")

    def release_answers(self):
        """Lets the held answers arrive, and waits for what the page does with them; returns the page's clock at the
        moment they were let go (performance.now(), as in window.__fetchLog)."""
        at = self.js("const at = performance.now(); window.__held.splice(0).forEach((go) => go()); return at;")
        time.sleep(0.5)
        self.wait_idle()
        return at

    def marker_total(self):
        """Posts shown by the markers in the DOM: the counts of clusters plus the users of single markers."""
        return self.js("""
            let total = 0;
            for (const e of document.querySelectorAll('.leaflet-marker-pane [data-count]')) total += Number(e.dataset.count);
            return total;""")

    def marker_nicknames(self):
        return self.js("""
            const names = [];
            for (const e of document.querySelectorAll('.leaflet-marker-pane [data-nicknames]')) names.push(...JSON.parse(e.dataset.nicknames));
            return names;""")

    def labels_drawn(self):
        """The names the map shows now (not hidden, inside the map): [{name, kind, rank, rect: [l, t, r, b], text}],
        from the DOM (rect: each name's text and, for a city, its dot; text: the text alone, which a name beside a
        marker has moved away from its dot)."""
        return self.js("""
            const map = document.getElementById('map').getBoundingClientRect();
            const out = [];
            for (const e of document.querySelectorAll('.ht-labels .ht-label')) {
              if (e.classList.contains('ht-label-hidden') || getComputedStyle(e).visibility === 'hidden') continue;
              const text = e.querySelector('.ht-label-text');
              let r = text.getBoundingClientRect();
              r = {left: r.left, top: r.top, right: r.right, bottom: r.bottom};
              const dot = e.querySelector('.ht-label-dot');
              if (dot) {
                const d = dot.getBoundingClientRect();
                r = {left: Math.min(r.left, d.left), top: Math.min(r.top, d.top), right: Math.max(r.right, d.right), bottom: Math.max(r.bottom, d.bottom)};
              }
              if (r.right <= map.left || r.left >= map.right || r.bottom <= map.top || r.top >= map.bottom) continue;
              const t = text.getBoundingClientRect();
              out.push({name: text.dataset.name, kind: e.dataset.kind, rank: Number(e.dataset.rank), rect: [r.left, r.top, r.right, r.bottom],
                        text: [t.left, t.top, t.right, t.bottom]});
            }
            return out;""")

    def marker_rects(self):
        return self.js("return Array.from(document.querySelectorAll('.leaflet-marker-pane .ht-marker')).map(e => {"
                       " const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; });")

    def map_screenshot(self, path, width=720, height=450):
        """A PNG of the middle `width` x `height` CSS pixels of the map (small enough for the README)."""
        import base64
        box = self.js("const r = document.getElementById('map').getBoundingClientRect(); return [r.left, r.top, r.width, r.height];")
        clip = {"x": box[0] + max(0, (box[2] - width) / 2), "y": box[1] + max(0, (box[3] - height) / 2),
                "width": min(width, box[2]), "height": min(height, box[3]), "scale": 1}
        shot = self.driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "clip": clip})
        with open(path, "wb") as f:
            f.write(base64.b64decode(shot["data"]))

    def list_rows(self):
        """The list's rows as [nickname, country, state, city, year] (the place column read from its parts)."""
        return self.js("""
            return Array.from(document.querySelectorAll('#list-body tr')).map(tr => {
              const p = tr.querySelector('td.col-place').dataset;
              return [tr.cells[0].textContent, p.country, p.state, p.city, tr.querySelector('td.col-year').textContent];
            });""")

    def words_broken_in_list(self):
        """The words of the list's place and year cells and of its headings that the layout breaks across two
        lines (each word's text measured with a Range: one line gives one client rectangle)."""
        return self.js("""
            const broken = [];
            for (const cell of document.querySelectorAll('#list th, #list td.col-place, #list td.col-year')) {
              for (const node of cell.childNodes) {
                if (node.nodeType !== Node.TEXT_NODE) continue;
                const text = node.textContent;
                const re = /\\S+/g;
                let m;
                while ((m = re.exec(text)) !== null) {
                  const range = document.createRange();
                  range.setStart(node, m.index);
                  range.setEnd(node, m.index + m[0].length);
                  const tops = new Set(Array.from(range.getClientRects()).filter(r => r.width > 0).map(r => Math.round(r.top)));
                  if (tops.size > 1) broken.push(m[0]);
                }
              }
            }
            return broken;""")

    def set_view(self, lat, lng, zoom):
        self.js("Hometown.map.leaflet.setView([arguments[0], arguments[1]], arguments[2], {animate: false});", lat, lng, zoom)
        self.wait_idle()

    def click_map_at(self, lat, lng):
        """Clicks the map at a point, as a mouse would (the pixel from the map's own projection)."""
        point = self.js("const p = Hometown.map.leaflet.latLngToContainerPoint([arguments[0], arguments[1]]);"
                        "return [p.x, p.y];", lat, lng)
        map_element = self.find("#map")
        size = map_element.size
        check(0 <= point[0] < size["width"] and 0 <= point[1] < size["height"], f"point {lat},{lng} is not in view: {point}")
        # Selenium 4 measures the offset from the element's centre.
        ActionChains(self.driver).move_to_element_with_offset(
            map_element, int(point[0] - size["width"] / 2), int(point[1] - size["height"] / 2)).click().perform()

    def screenshot(self, path, element_css=None):
        if element_css:
            self.find(element_css).screenshot(path)
        else:
            self.driver.save_screenshot(path)

    def quit(self):
        self.driver.quit()


class FreshServer:
    """A second `hometown serve` started for one measurement on a snapshot of the test server's database (made with
    `hometown db backup`, so it has the seeded posts), on loopback at a free port: `base` is set the moment it says
    where it listens, so a page can be opened right after the start. Stopped (SIGTERM, then SIGKILL) on exit."""

    def __init__(self, binary, database, public):
        self.binary, self.database, self.public = binary, database, public
        self.base = None
        self.listening_after = None

    def __enter__(self):
        self.dir = tempfile.mkdtemp(prefix="hometown-webtest-")
        copy = os.path.join(self.dir, "snapshot.sqlite")
        backup = subprocess.run([self.binary, "db", "backup", "--from", self.database, "--to", copy],
                                capture_output=True, text=True, timeout=120)
        check(backup.returncode == 0, f"hometown db backup of the test database: {backup.stderr}")
        self.log_path = os.path.join(self.dir, "server.log")
        self.log = open(self.log_path, "w")
        launched = time.time()
        self.process = subprocess.Popen(
            [self.binary, "serve", "--host", "127.0.0.1", "--port", "0", "--db", copy, "--scrypt-log-n", "4",
             "--public", self.public], stdout=self.log, stderr=subprocess.STDOUT)
        deadline = launched + 60
        while time.time() < deadline:
            with open(self.log_path, errors="replace") as f:
                found = re.search(r"http://127\.0\.0\.1:[0-9]+", f.read())
            if found:
                self.base = found.group(0)
                self.listening_after = time.time() - launched
                return self
            check(self.process.poll() is None, f"the fresh server exited at start: {open(self.log_path).read()}")
            time.sleep(0.005)
        raise Failure("the fresh server did not say where it listens within 60 s")

    def __exit__(self, *exc):
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()
        shutil.rmtree(self.dir, ignore_errors=True)
        return False


# ---- The tests ----------------------------------------------------------------------------------------------

class Tests:
    def __init__(self, browser, posts, out, docs_png, docs_labels="", assert_weight=False, fresh=None):
        self.b = browser
        self.fresh = fresh             # (binary, database, public folder) for test_weight's server started afresh
        self.docs_labels = docs_labels
        self.posts = posts
        self.out = out
        self.docs_png = docs_png
        self.assert_weight = assert_weight
        self._boundaries = None
        self.nickname = "webtest_%d" % (time.time() % 100000)

    @property
    def boundaries(self):
        """Whether the server draws boundary tiles, asked on first need (not before test_weight, whose first load
        must be the first to ask for tiles after the server's start)."""
        if self._boundaries is None:
            status, _ = http(self.b.base, "/hometown/boundaries", {"z": 0, "x": 0, "y": 0}, timeout=120)
            self._boundaries = status == 200
            if not self._boundaries:
                print("note: the server has no /hometown/boundaries; the map is drawn without land", flush=True)
        return self._boundaries

    def count(self, **where):
        return sum(all(p[k] == v for k, v in where.items()) for p in self.posts)

    WEIGHT_LIMIT = 350 * 1024        # bytes transferred by the first load (the target)
    FIRST_TILES_LIMIT = 0.5          # seconds for the first boundary tiles right after the server's start

    def test_weight(self):
        """The first load (a fresh browser, opened the moment a server started afresh on the seeded posts says where it
        listens; without --fresh-server, on the test server): what it transfers, required under 350 KB, and how long
        the first boundary tiles take, printed, and required under 0.5 s with --assert-weight."""
        if self.fresh:
            with FreshServer(*self.fresh) as server:
                print(f"      a fresh server listened {server.listening_after:.2f} s after its launch; the page is "
                      "opened at once", flush=True)
                self.measure_first_load(server.base)
                # Its requests all went to it (the same rule as test_requests for the test server), and are
                # left out of what the later tests check against the test server.
                b = self.b
                b.drain()
                mine = [u for u in b.requests if u == server.base or u.startswith(server.base + "/")]
                b.requests = [u for u in b.requests if u not in mine]
                foreign = b.foreign_requests()
                check(mine and not foreign, "the fresh server's first load: requests that left it: " + ", ".join(foreign))
        else:
            self.measure_first_load(self.b.base)

    def measure_first_load(self, base):
        b = self.b
        b.driver.get(base + "/")
        b.wait(lambda: b.js("return !!(window.Hometown && Hometown.map && document.readyState === 'complete')"),
               "the app's scripts to load", timeout=120)
        b.wait(lambda: b.js("return document.querySelectorAll('.leaflet-tile-loaded').length") > 0, "the first tiles drawn",
               timeout=120)
        b.wait_idle()
        figures = b.js("""
            const nav = performance.getEntriesByType('navigation')[0];
            const entries = [nav].concat(performance.getEntriesByType('resource'));
            const sum = (key) => entries.reduce((total, e) => total + (e[key] || 0), 0);
            const tiles = entries.filter((e) => e.name.includes('/hometown/boundaries?'));
            const largest = entries.slice().sort((a, b) => b.transferSize - a.transferSize).slice(0, 5)
              .map((e) => [e.name.replace(location.origin, ''), e.transferSize, e.decodedBodySize]);
            return {
              requests: entries.length, transferred: sum('transferSize'), encoded: sum('encodedBodySize'),
              decoded: sum('decodedBodySize'), largest: largest, tiles: tiles.length,
              firstTileEnd: tiles.length ? Math.min(...tiles.map((e) => e.responseEnd)) : null,
              tilesStart: tiles.length ? Math.min(...tiles.map((e) => e.startTime)) : null,
              tilesEnd: tiles.length ? Math.max(...tiles.map((e) => e.responseEnd)) : null,
              slowestTile: tiles.length ? Math.max(...tiles.map((e) => e.responseEnd - e.startTime)) : null,
            };""")
        kb = lambda n: f"{n / 1024:.0f} KB"   # noqa: E731
        print(f"      first load: {figures['requests']} requests, {kb(figures['transferred'])} transferred "
              f"({kb(figures['encoded'])} encoded bodies, {kb(figures['decoded'])} decoded); largest: " +
              ", ".join(f"{name} {kb(sent)} (of {kb(size)})" for name, sent, size in figures["largest"]), flush=True)
        check(figures["tiles"] > 0, "no boundary tile was requested on the first load")
        first_tiles = (figures["tilesEnd"] - figures["tilesStart"]) / 1000
        print(f"      first boundary tiles: {figures['tiles']} requests; the first answered "
              f"{figures['firstTileEnd'] / 1000:.2f} s after navigation, all of them within {first_tiles:.2f} s of the "
              f"first request (slowest single tile {figures['slowestTile'] / 1000:.2f} s)", flush=True)
        check(figures["transferred"] > 0 and figures["decoded"] >= figures["encoded"] > 0,
              f"the Performance API measured the load: {figures}")
        check(figures["transferred"] < self.WEIGHT_LIMIT,
              f"the first load transferred {kb(figures['transferred'])}, not under {kb(self.WEIGHT_LIMIT)}")
        if self.assert_weight:
            check(first_tiles < self.FIRST_TILES_LIMIT,
                  f"the first boundary tiles took {first_tiles:.2f} s, not under {self.FIRST_TILES_LIMIT} s")

    def test_policy(self):
        """The page comes with a strict Content-Security-Policy that Chromium enforces, and violations are seen."""
        b = self.b
        for path in ("/", "/app.js", "/vendor/leaflet/leaflet.js", "/nowhere"):
            status, fields = headers(b.base, path)
            policy = fields.get("content-security-policy", "")
            check("script-src 'self'" in policy and "style-src 'self'" in policy and "frame-ancestors 'none'" in policy
                  and "unsafe" not in policy, f"{path} ({status}): Content-Security-Policy {policy!r}")
            check(fields.get("x-content-type-options") == "nosniff", f"{path}: nosniff")
            check(fields.get("x-frame-options") == "DENY", f"{path}: X-Frame-Options")
        b.open("/")
        b.wait_idle()
        # The watcher works and the browser enforces the policy: an injected inline script and inline style
        # attribute are refused and reported; a style set through the DOM's properties (as Leaflet does) is not.
        b.take_csp_violations()
        b.js("""
            const s = document.createElement('script');
            s.textContent = 'window.__inlineRan = true;';
            document.head.appendChild(s);
            const d = document.createElement('div');
            d.setAttribute('style', 'color: red');
            d.style.marginTop = '3px';
            d.id = 'csp-probe';
            document.body.appendChild(d);""")
        b.wait(lambda: len(b.js("return JSON.parse(sessionStorage.getItem('__csp') || '[]')")) >= 2,
               "the two injected violations to be reported")
        check(not b.js("return window.__inlineRan === true"), "an inline script ran despite the policy")
        probe = b.js("const s = getComputedStyle(document.getElementById('csp-probe')); return [s.color, s.marginTop];")
        check(probe[0] != "rgb(255, 0, 0)" and probe[1] == "3px", f"inline style refused, DOM style kept: {probe}")
        seen = b.take_csp_violations()
        check(any(v.startswith("script-src") for v in seen) and any(v.startswith("style-src") for v in seen),
              "violations reported: " + "; ".join(seen))
        b.js("document.getElementById('csp-probe').remove()")
        b.clear_logs()     # the deliberate violations' console errors

    def test_load(self):
        """The page loads, draws the map and the markers, with no console error and no request leaving the server."""
        b = self.b
        b.open("/")
        b.wait_idle()
        check(b.js("return Hometown.map.ready"), "the map did not start (Leaflet not served?): " + b.text("map-msg"))
        b.wait(lambda: b.marker_total() == len(self.posts),
               f"markers for all {len(self.posts)} seeded posts in the world view (DOM shows {b.marker_total()})")
        b.wait(lambda: len(b.list_rows()) == 25, "a first page of 25 posts in the list")
        b.screenshot(os.path.join(self.out, "map.png"))
        b.screenshot(os.path.join(self.out, "list.png"), "#panel-list")
        check(b.list_rows()[0][0] == self.posts[-1]["nickname"], f"the list starts with the newest post: {b.list_rows()[0]}")
        check(b.find("#list-next").is_enabled() and not b.find("#list-prev").is_enabled(), "only Next is enabled on page 1")
        # A page that fails to load leaves the pager on the page it shows: Next tries again.
        b.js("""
            const original = window.fetch;
            let failed = false;
            window.fetch = function (resource, init) {
              const url = String(resource && resource.url || resource);
              if (failed || !url.startsWith('/hometown/users?') || !url.includes('beforeid=')) return original.apply(this, arguments);
              failed = true;
              return Promise.reject(new TypeError('the network is down'));
            };""")
        b.find("#list-next").click()
        b.wait(lambda: "Could not load the posts" in b.text("list-msg"), "the failed page load said")
        check(len(b.list_rows()) == 25 and b.text("list-page").startswith("Page 1 ") and b.find("#list-next").is_enabled(),
              f"page 1 and Next kept after the failure: {b.text('list-page')!r}")
        b.find("#list-next").click()
        b.wait(lambda: len(b.list_rows()) == len(self.posts) - 25, "page 2 with the remaining posts")
        check(b.list_rows()[-1][0] == self.posts[0]["nickname"], "page 2 ends with the oldest post")
        b.find("#list-prev").click()
        b.wait(lambda: len(b.list_rows()) == 25, "back to page 1")
        check(b.text("total").startswith(str(len(self.posts))), "the header counts the posts: " + b.text("total"))
        check(b.js("return document.querySelectorAll('.leaflet-control-attribution')[0].textContent")
              .find("Natural Earth") >= 0, "the attribution names Natural Earth")
        if self.boundaries:
            b.wait(lambda: b.js("return document.querySelectorAll('.leaflet-tile-loaded').length") > 0, "boundary tiles drawn")
            check(b.js("return document.getElementById('map-msg').hidden"), "a map message is shown: " + b.text("map-msg"))
            b.drain()
            check(any("/hometown/boundaries?" in u for u in b.requests), "boundary tiles were requested")
        b.check_console("on load")
        foreign = b.foreign_requests()
        check(not foreign, "requests that left the server: " + ", ".join(foreign))
        check(len(b.requests) > 5, "the request log works (saw %d requests)" % len(b.requests))

    def map_pixel(self, lat, lng):
        """The colour [r, g, b, a] drawn on the boundary tile canvas at a point (read from the canvas, so markers
        and popups over it do not count), or None when no tile of the current zoom is drawn there."""
        return self.b.js("""
            const map = Hometown.map.leaflet;
            const p = map.latLngToContainerPoint([arguments[0], arguments[1]]);
            const box = map.getContainer().getBoundingClientRect();
            const x = box.left + p.x, y = box.top + p.y;
            for (const c of document.querySelectorAll('canvas.leaflet-tile-loaded')) {
              const r = c.getBoundingClientRect();
              if (Math.abs(r.width - 256) > 1 || x < r.left || x >= r.right || y < r.top || y >= r.bottom) continue;
              const cx = Math.floor((x - r.left) * c.width / r.width), cy = Math.floor((y - r.top) * c.height / r.height);
              return Array.from(c.getContext('2d').getImageData(cx, cy, 1, 1).data);
            }
            return null;""", lat, lng)

    def test_lakes(self):
        """Lake Superior and Lake Michigan are drawn as water (the sea's colour) on the boundary tiles, their shores as land."""
        b = self.b
        check(self.boundaries, "the server has no boundary tiles")
        b.open("/")
        b.wait_idle()
        b.set_view(46.5, -88.5, 6)

        def rgb(css):
            css = css.strip().lstrip("#")
            return [int(css[k:k + 2], 16) for k in (0, 2, 4)]
        sea = rgb(b.js("return getComputedStyle(document.documentElement).getPropertyValue('--sea')"))
        water = rgb(b.js("return getComputedStyle(document.documentElement).getPropertyValue('--water')"))
        land = rgb("#f3efe3")   # STYLE.land of map.js
        check(water == sea, f"--water {water} is not the sea's colour {sea}")

        def near(colour, want):
            return colour is not None and colour[3] == 255 and all(abs(colour[k] - want[k]) <= 3 for k in range(3))
        # Northern Wisconsin, inland: the tiles are drawn once it shows the land's colour.
        b.wait(lambda: near(self.map_pixel(46.0, -89.5), land), f"land drawn at 46.0,-89.5 ({self.map_pixel(46.0, -89.5)})")
        for name, lat, lng in [("Lake Superior", 47.7, -87.5), ("its western arm", 47.2, -91.0), ("Lake Michigan", 44.5, -87.0)]:
            colour = self.map_pixel(lat, lng)
            check(near(colour, water), f"{name} ({lat},{lng}) is drawn {colour}, not water {water}")
        for name, lat, lng in [("Duluth's hills", 46.85, -92.2), ("the Upper Peninsula", 46.3, -87.0)]:
            colour = self.map_pixel(lat, lng)
            check(near(colour, land), f"{name} ({lat},{lng}) is drawn {colour}, not land {land}")
        b.screenshot(os.path.join(self.out, "lakes.png"))

    def test_filters(self):
        """A country filter changes the map and the list, lands in the URL and survives a reload; so do year and recent."""
        b = self.b
        b.open("/")
        b.wait_idle()
        before = b.marker_total()
        Select(b.find("#f-country")).select_by_visible_text("India")
        india = self.count(country="India")
        b.wait(lambda: "country=India" in b.driver.current_url, "country=India in the URL")
        b.wait(lambda: b.marker_total() == india, f"{india} posts on the map for India (DOM shows {b.marker_total()})")
        check(before != india, "the marker total changed")
        rows = b.wait(lambda: b.list_rows() if len(b.list_rows()) == india else None, f"{india} rows in the list")
        check(all(r[1] == "India" for r in rows), f"list rows all India: {rows}")
        check(b.find("#f-state").is_enabled(), "the state select is enabled once a country is chosen")
        states = b.js("return Array.from(document.querySelectorAll('#f-state option')).map(o => o.value)")
        check("Maharashtra" in states and "Minnesota" not in states, "the state select lists India's states")

        # Reload with the URL: the filter stays.
        url = b.driver.current_url
        b.driver.get(url)
        b.wait(lambda: b.js("return !!window.Hometown") and b.value("f-country") == "India", "the filter read back from the URL")
        b.wait_idle()
        check(all(r[1] == "India" for r in b.list_rows()) and len(b.list_rows()) == india, "the list is still India after a reload")
        check(b.marker_total() == india, "the map is still India after a reload")

        # Fit: the map moves onto India.
        b.set_view(0, -100, 3)
        b.find("#fit").click()
        b.wait(lambda: 65 < b.js("return Hometown.map.leaflet.getCenter().lng") < 95, "Fit to centre the map on India")
        b.wait_idle()
        check(b.marker_total() == india, "every India post is in the fitted view")

        # A state, a shared URL with year, and "most recent".
        Select(b.find("#f-state")).select_by_visible_text("Maharashtra")
        maharashtra = self.count(country="India", state="Maharashtra")
        b.wait(lambda: "state=Maharashtra" in b.driver.current_url and len(b.list_rows()) == maharashtra,
               f"{maharashtra} Maharashtra rows")
        # At 1280 x 800 the side panel is about 435 px wide: every word of the list whole on its line.
        broken = b.words_broken_in_list()
        check(not broken, f"words broken inside at 1280 x 800: {broken}")
        # A shared URL in spellings of its own: the server says which country and state they are.
        minnesota = self.count(country="USA", state="Minnesota")
        b.driver.get(b.base + "/?country=us&state=MN")
        b.wait(lambda: b.js("return !!window.Hometown") and b.value("f-country") == "USA" and b.value("f-state") == "Minnesota",
               "US and MN read from the URL as USA and Minnesota")
        b.wait_idle()
        check("country=USA&state=Minnesota" in b.driver.current_url, f"the URL in served names: {b.driver.current_url}")
        check(minnesota > 0 and len(b.list_rows()) == minnesota and all(r[2] == "Minnesota" for r in b.list_rows()),
              f"{minnesota} Minnesota rows: {b.list_rows()}")
        check(b.text("filter-msg") == "", f"nothing said of served spellings: {b.text('filter-msg')!r}")
        b.check_console("reading served spellings")
        b.driver.get(b.base + "/?country=Atlantis&state=MN")
        b.wait(lambda: b.js("return !!window.Hometown") and "not served here" in b.text("filter-msg"),
               "Atlantis said not to be served")
        check(b.value("f-country") == "" and "country=" not in b.driver.current_url, "an unserved country is dropped")
        b.driver.get(b.base + "/?country=Mexico&state=MN")
        b.wait(lambda: b.js("return !!window.Hometown") and "not a state of Mexico" in b.text("filter-msg"),
               "MN said not to be a state of Mexico")
        check(b.value("f-country") == "Mexico" and b.value("f-state") == "", "Mexico kept, the state dropped")
        b.driver.get(b.base + "/?state=MN&year=2016")
        b.wait(lambda: b.js("return !!window.Hometown") and "needs its country" in b.text("filter-msg"),
               "a state without its country said to be left out")
        b.wait_idle()
        check("state=" not in b.driver.current_url and "year=2016" in b.driver.current_url,
              f"the state left out of the URL, the year kept: {b.driver.current_url}")
        # The server's two refusals are in the console as failed requests, and nothing else.
        unexpected = b.severe(allowed=("/hometown/countries?country=Atlantis ", "/hometown/states?country=Mexico&state=MN "))
        check(not unexpected, f"console errors besides the two refused spellings: {unexpected}")
        b.clear_logs()
        # The countries cannot be loaded at first: that is said and tried again; the link's country then shows.
        b.driver.execute_cdp_cmd("Network.enable", {})
        b.driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/hometown/countries*"]})
        try:
            b.driver.get(b.base + "/?country=USA")
            b.wait(lambda: b.js("return !!window.Hometown") and "Trying again" in b.text("filter-msg"),
                   "a failed load of the countries said")
        finally:
            b.driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
        b.wait(lambda: b.value("f-country") == "USA" and b.text("filter-msg") == "" and not b.find("#f-state").get_attribute("disabled"),
               f"the countries loaded when tried again (says {b.text('filter-msg')!r})")
        b.wait_idle()
        usa = self.count(country="USA")
        check(len(b.list_rows()) == min(usa, 25) and all(r[1] == "USA" for r in b.list_rows()),
              f"the list filtered by the link's country: {b.list_rows()}")
        b.clear_logs()
        b.driver.get(b.base + "/?year=2016")
        b.wait(lambda: b.js("return !!window.Hometown") and b.value("f-year") == "2016", "year read from the URL")
        b.wait_idle()
        year2016 = self.count(year=2016)
        check(len(b.list_rows()) == year2016 and all(r[4] == "2016" for r in b.list_rows()), f"{year2016} rows of 2016: {b.list_rows()}")
        b.set_view(20, 0, 1)
        check(b.marker_total() == year2016, f"{year2016} posts of 2016 on the map (DOM shows {b.marker_total()})")
        b.driver.get(b.base + "/?recent=5&order=oldest")
        b.wait(lambda: b.js("return !!window.Hometown") and b.value("f-recent") == "5", "recent read from the URL")
        b.wait_idle()
        newest5 = [p["nickname"] for p in self.posts[-5:]]
        check([r[0] for r in b.list_rows()] == newest5, f"the 5 most recent, oldest first: {b.list_rows()}")
        b.set_view(20, 0, 1)
        check(b.marker_total() == 5, f"5 posts on the map (DOM shows {b.marker_total()})")
        # Someone else posts: the list and the map still show the 5 most recent, the new post among them.
        other = dict(self.posts[0], nickname=self.nickname + "_r", password="seed-pass")
        status, text = http(b.base, "/hometown/adduser", body=other)
        check(status == 200 and text == "ok", f"posting {other['nickname']}: {status} {text}")
        self.posts.append(other)
        Select(b.find("#list-order")).select_by_value("newest")
        b.wait(lambda: [r[0] for r in b.list_rows()] == [p["nickname"] for p in reversed(self.posts[-5:])],
               f"the 5 most recent after another's post, newest first: {b.list_rows()}")
        b.set_view(20, 0, 2)
        b.wait_idle()
        check(b.marker_total() == 5, f"still 5 posts on the map after another's post (DOM shows {b.marker_total()})")
        b.find("#f-clear").click()
        b.wait(lambda: "recent" not in b.driver.current_url and len(b.list_rows()) == 25, "filters cleared")
        b.check_console("while filtering")

    def test_filters_stale_states(self):
        """An answer with a country's states that comes after another country (or Clear) was chosen is dropped: the
        state select lists only the chosen country's states, the list and markers load, and no fit or reload follows."""
        b = self.b
        b.open("/")
        b.wait_idle()
        # The answers to GET states of China and of Mexico are held back until released (the requests go at once).
        b.hold_answers("url.startsWith('/hometown/states?') &&"
                       " ['China', 'Mexico'].includes(new URLSearchParams(url.split('?')[1]).get('country'))")
        held = b.held_answers
        release = b.release_answers

        def options():
            return b.js("return Array.from(document.querySelectorAll('#f-state option')).map(o => [o.value, o.textContent])")

        def asked_since(at):
            return b.js("return window.__fetchLog.filter(e => e.start >= arguments[0] &&"
                        " ['users', 'clusters', 'region'].some(p => e.url.startsWith('/hometown/' + p))).map(e => e.url)", at)

        def served_states(country):
            status, text = http(b.base, "/hometown/states", {"country": country})
            check(status == 200, f"states of {country}: {status} {text}")
            return json.loads(text)

        # Down twice on the Country select: China, then India, each asked for its states.
        b.clear_logs()
        b.js("document.getElementById('f-country').focus()")
        ActionChains(b.driver).send_keys(Keys.DOWN).perform()
        check(b.value("f-country") == "China", f"Down chooses China first (chose {b.value('f-country')!r})")
        b.wait(lambda: held() == 1, "China's states to be answered (and held back)")
        ActionChains(b.driver).send_keys(Keys.DOWN).perform()
        check(b.value("f-country") == "India", f"a second Down chooses India (chose {b.value('f-country')!r})")
        b.wait(lambda: options()[0][1] == "All states of India", "India's states in the state select")
        b.wait_idle()
        at = release()
        india = served_states("India")
        check(options() == [["", "All states of India"]] + [[s, s] for s in india],
              f"after China's late answer the state select lists India's states only: {[o[0] for o in options()]}")
        check(b.value("f-country") == "India" and "country=India" in b.driver.current_url, "India is still chosen")
        check(not asked_since(at), f"China's late answer fitted or reloaded: {asked_since(at)}")
        Select(b.find("#f-state")).select_by_visible_text("Maharashtra")
        maharashtra = self.count(country="India", state="Maharashtra")
        b.wait(lambda: "state=Maharashtra" in b.driver.current_url and len(b.list_rows()) == maharashtra,
               f"{maharashtra} Maharashtra rows (list says {b.text('list-msg')!r})")
        b.wait_idle()
        check(b.marker_total() == maharashtra, f"{maharashtra} Maharashtra posts on the map (DOM shows {b.marker_total()})")
        check(b.text("filter-msg") == "" and b.text("list-msg") == "" and b.text("map-msg") == "",
              f"no message: {b.text('filter-msg')!r} {b.text('list-msg')!r} {b.text('map-msg')!r}")
        b.check_console("after a country's late states")

        # Mexico, then Clear while Mexico's states are on their way: the world view and every state stay.
        Select(b.find("#f-country")).select_by_visible_text("Mexico")
        b.wait(lambda: held() == 1, "Mexico's states to be answered (and held back)")
        b.find("#f-clear").click()
        b.wait(lambda: "country" not in b.driver.current_url and b.value("f-country") == "", "the filters cleared")
        b.wait_idle()
        rows = b.list_rows()
        view = b.js("const c = Hometown.map.leaflet.getCenter(); return [c.lat, c.lng, Hometown.map.leaflet.getZoom()];")
        at = release()
        check(options() == [["", "All states"]] and not b.find("#f-state").is_enabled(),
              f"after Mexico's late answer the state select offers no state: {[o[0] for o in options()]}")
        check(b.value("f-country") == "" and "country" not in b.driver.current_url, "no country is chosen")
        check(not asked_since(at), f"Mexico's late answer fitted or reloaded: {asked_since(at)}")
        check(b.js("const c = Hometown.map.leaflet.getCenter(); return [c.lat, c.lng, Hometown.map.leaflet.getZoom()];") == view,
              "the world view of Clear stays")
        check(b.list_rows() == rows, "the list stays as Clear left it")
        b.check_console("after Clear and a country's late states")

    def test_pick_and_post(self):
        """Clicking Minneapolis fills USA / Minnesota / Minneapolis; posting makes the marker appear."""
        b = self.b
        b.open("/")
        b.wait_idle()
        b.find("#show-post").click()
        check(b.find("#panel-post").is_displayed(), "the post form opens")
        b.set_view(30, -40, 4)
        b.click_map_at(30, -40)
        b.wait(lambda: "at sea" in b.text("p-place-msg"), "a click in the Atlantic said to be at sea")
        check(b.value("p-country") == "", "no country at sea")
        b.set_view(48.85, 2.35, 6)
        b.click_map_at(48.85, 2.35)
        b.wait(lambda: "France is not served" in b.text("p-place-msg"), "a click in Paris said to be not served")
        lat, lng = MINNEAPOLIS_CLICK
        b.set_view(lat, lng, 12)    # close enough that the seeded Minneapolis marker is not under the click
        markers_before = b.marker_total()
        b.click_map_at(lat, lng)
        b.wait(lambda: b.value("p-country") == "USA", "country USA from the click (place message: %r)" % b.text("p-place-msg"))
        check(b.value("p-state") == "Minnesota", "state Minnesota, got " + b.value("p-state"))
        check(b.value("p-city") == "Minneapolis", "city Minneapolis, got " + b.value("p-city"))
        check(b.js("return !!document.querySelector('.ht-pin')"), "a pin marks the clicked point")
        # A click at sea after that keeps the place chosen, and the city typed for it.
        b.find("#p-city").clear()
        b.find("#p-city").send_keys("Edina")
        b.set_view(30, -40, 4)
        b.click_map_at(30, -40)
        b.wait(lambda: "Your hometown stays Edina, Minnesota, USA" in b.text("p-place-msg"),
               "a click at sea to keep the place (place message: %r)" % b.text("p-place-msg"))
        check([b.value("p-country"), b.value("p-state"), b.value("p-city")] == ["USA", "Minnesota", "Edina"],
              "the place and its typed city kept after a click at sea")
        b.find("#p-city").clear()
        b.find("#p-city").send_keys("Minneapolis")
        b.set_view(lat, lng, 12)

        b.find("#p-nickname").send_keys(self.nickname)
        b.wait(lambda: "free" in b.text("p-nickname-msg"), "the nickname reported free")
        b.find("#p-password").send_keys("secret-1")
        b.find("#p-year").send_keys("2020")
        b.find("#filters summary").click()                   # fold the filters: the whole form shows
        b.js("document.getElementById('side').scrollTop = 0")
        b.set_view(lat, lng, 6)                              # some land and borders around the pin
        b.screenshot(os.path.join(self.out, "form.png"))
        b.set_view(lat, lng, 12)                             # where the new marker stands apart
        check(markers_before > 0, "the seeded Minneapolis posts are in view before posting")
        b.find("#p-submit").click()
        b.wait(lambda: b.text("p-form-msg").startswith("Posted"), "the form to say Posted (it says %r)" % b.text("p-form-msg"))
        # The map shows the new post among its neighbours (Minnesota's posts), not alone at a street's zoom.
        b.wait(lambda: b.js("return Hometown.map.leaflet.getZoom()") <= 10, "the view to zoom out to the neighbours")
        b.wait_idle()
        self.check_view_shows(lat, lng, "the new post")
        in_view = self.posts_in_view()
        check(b.marker_total() == len(in_view) and len(in_view) >= self.count(state="Minnesota") + 1,
              f"the new post and its Minnesota neighbours on the map: the markers count {b.marker_total()}, the server's "
              f"posts in view {len(in_view)}, Minnesota's {self.count(state='Minnesota') + 1}")
        check(b.js("return document.activeElement.id") == "p-submit", "focus stays on Post after posting")
        check(not b.find("#map-hint").is_displayed(), "the 'click the map' hint is gone after posting")
        b.wait(lambda: b.js("return !!document.querySelector('.leaflet-popup')") and
               self.nickname in b.js("return document.querySelector('.leaflet-popup').textContent"),
               "the new post's popup")
        popup = b.js("return document.querySelector('.leaflet-popup').textContent")
        check("Minneapolis, Minnesota, USA" in popup and "2020" in popup, "popup shows place and year: " + popup)
        b.wait(lambda: b.list_rows() and b.list_rows()[0][0] == self.nickname, "the new post at the top of the list")
        check(b.list_rows()[0][1:] == ["USA", "Minnesota", "Minneapolis", "2020"], f"its row: {b.list_rows()[0]}")
        b.find("#p-nickname").click()
        b.find("#p-nickname").send_keys(Keys.ESCAPE)   # closes the popup first
        b.wait(lambda: not b.js("return !!document.querySelector('.leaflet-popup')"), "Escape to close the popup")
        status, text = http(b.base, "/hometown/users", {"country": "USA", "state": "Minnesota", "city": "Minneapolis", "reverse": "true", "page": 0, "pagesize": 1})
        user = json.loads(text)[0]
        check(user["nickname"] == self.nickname and abs(user["latitude"] - lat) < 1e-3 and abs(user["longitude"] - lng) < 1e-3,
              f"the server stored the clicked point: {user}")
        self.posts.append({"nickname": self.nickname, "country": "USA", "state": "Minnesota", "city": "Minneapolis", "year": 2020})
        b.check_console("while posting")

    def posts_in_view(self):
        """The server's posts (with a point) inside the map's view now, as the server lists them."""
        users = json.loads(http(self.b.base, "/hometown/users")[1])
        box = self.b.js("const b = Hometown.map.leaflet.getBounds(); return [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()];")
        west, south, east, north = box

        def inside(u):
            if u["latitude"] == 0 and u["longitude"] == 0:
                return False
            lng = u["longitude"] + 360 * round(((west + east) / 2 - u["longitude"]) / 360)   # the copy of the world in view
            return south <= u["latitude"] <= north and west <= lng <= east
        return [u for u in users if inside(u)]

    def check_view_shows(self, lat, lng, what):
        """The point is inside the map's view, and the view has context: zoom at most 10 and another post in it."""
        b = self.b
        zoom = b.js("return Hometown.map.leaflet.getZoom()")
        inside = b.js("const m = Hometown.map.leaflet, c = m.getCenter().lng;"   # the copy of the world in view
                      "return m.getBounds().contains([arguments[0], arguments[1] + 360 * Math.round((c - arguments[1]) / 360)])",
                      lat, lng)
        check(inside, f"{what} ({lat}, {lng}) is in view")
        check(zoom <= 10, f"{what} is shown at zoom {zoom}, deeper than 10 (no context)")
        check(len(self.posts_in_view()) >= 2, f"{what} is shown with at least one other post in view (zoom {zoom})")

    def test_refusals(self):
        """A taken nickname and a short password are shown at their fields; search by name sets the place."""
        b = self.b
        b.open("/")
        b.wait_idle()
        b.find("#show-post").click()
        b.find("#p-search").send_keys("Chicago")
        b.find("#p-search").send_keys(Keys.ENTER)
        b.wait(lambda: self.options(), "search results")
        check(b.text("panel-post").find("Post your hometown") >= 0 and b.text("p-form-msg") == "", "Enter searched, did not post")
        b.find("#p-results [role=option]").click()
        b.wait(lambda: b.value("p-city") == "Chicago" and b.value("p-state") == "Illinois", "Chicago, Illinois from the search")

        taken = self.posts[0]["nickname"].upper()     # nicknames are unique without regard to case
        b.find("#p-nickname").send_keys(taken)
        b.wait(lambda: "taken" in b.text("p-nickname-msg"), "the nickname reported taken as it is typed")
        check(b.find("#p-nickname").get_attribute("aria-invalid") == "true", "the nickname field marked invalid")
        b.find("#p-password").send_keys("secret-1")
        b.find("#p-year").send_keys("2019")
        b.clear_logs()
        b.find("#p-submit").click()
        b.wait(lambda: b.text("p-form-msg").startswith("Not posted"), "the refusal of a taken nickname")
        check(b.find("#p-nickname").get_attribute("aria-invalid") == "true", "nickname marked invalid after the refusal")
        check("taken" in b.text("p-nickname-msg").lower(), "the server's refusal at the nickname: " + b.text("p-nickname-msg"))
        check(b.js("return document.activeElement.id") == "p-nickname", "focus moved to the nickname")

        b.find("#p-nickname").clear()
        b.find("#p-nickname").send_keys(self.nickname + "_2")
        # The check as typed changes the message under the nickname, and the form's height with it: wait for its
        # answer, so that the click below lands on the Post button and not where it stood before.
        b.wait(lambda: "is free" in b.text("p-nickname-msg"), "the new nickname reported free as it is typed")
        b.find("#p-password").clear()
        b.find("#p-password").send_keys("ab")
        b.find("#p-submit").click()
        b.wait(lambda: b.find("#p-password").get_attribute("aria-invalid") == "true", "the password refusal at its field")
        message = b.text("p-password-msg")
        check("password" in message.lower() and "3" in message, "the server's words at the password: " + message)
        check(b.find("#p-nickname").get_attribute("aria-invalid") != "true", "the nickname is no longer marked")
        described = b.find("#p-password").get_attribute("aria-describedby")
        check("p-password-msg" in described, "the message describes the field")
        errors = b.severe(allowed=("/hometown/adduser",))
        check(not errors, "console errors besides the refused posts: " + "; ".join(errors))
        refused = [m for m in b.severe() if "/hometown/adduser" in m]
        check(all("400" in m for m in refused), "only 400s from adduser: " + "; ".join(refused))
        b.clear_logs()

        # The year refusal comes from the server too: a year before 1970.
        b.find("#p-password").clear()
        b.find("#p-password").send_keys("secret-1")
        b.find("#p-year").clear()
        b.find("#p-year").send_keys("1950")
        b.find("#p-submit").click()
        b.wait(lambda: b.find("#p-year").get_attribute("aria-invalid") == "true", "the year refusal at its field")
        check(b.find("#p-password").get_attribute("aria-invalid") != "true", "the password is no longer marked")
        b.clear_logs()

    def test_keyboard(self):
        """Tab reaches the panel button and the post button; Enter works them; focus is visible; Escape closes the form."""
        b = self.b
        b.open("/")
        b.wait_idle()
        body = b.find("body")
        # The skip link, Tab's first stop, moves the focus to the map and leaves the view in the URL's hash as it is.
        b.js("document.activeElement.blur()")
        ActionChains(b.driver).send_keys(Keys.TAB).perform()
        check(b.js("return document.activeElement.id") == "skip-map", "Tab's first stop is the skip link")
        view_hash = b.js("return location.hash")
        ActionChains(b.driver).send_keys(Keys.ENTER).perform()
        b.wait(lambda: b.js("return document.activeElement.id") == "map", "the skip link to focus the map")
        check(b.js("return location.hash") == view_hash, f"the view's hash kept: {b.js('return location.hash')!r}")
        body.click()
        seen = []
        for _ in range(30):
            ActionChains(b.driver).send_keys(Keys.TAB).perform()
            seen.append(b.js("return document.activeElement.id || document.activeElement.tagName"))
            if seen[-1] == "show-post":
                break
        check(seen[-1] == "show-post", "Tab reaches the 'Post your hometown' button; order: " + ", ".join(seen))
        outline = b.js("const s = getComputedStyle(document.activeElement); return s.outlineStyle + ' ' + s.outlineWidth")
        check(not outline.startswith("none"), "focus is visible (outline: %s)" % outline)
        ActionChains(b.driver).send_keys(Keys.ENTER).perform()
        b.wait(lambda: b.find("#panel-post").is_displayed(), "Enter opens the post form")
        seen = []
        for _ in range(30):
            ActionChains(b.driver).send_keys(Keys.TAB).perform()
            seen.append(b.js("return document.activeElement.id || document.activeElement.tagName"))
            if seen[-1] == "p-submit":
                break
        check(seen[-1] == "p-submit", "Tab reaches the Post button; order: " + ", ".join(seen))
        for element_id in ("p-nickname", "p-password", "p-year", "p-search", "p-city"):
            check(element_id in seen, element_id + " is reachable by Tab")
        ActionChains(b.driver).send_keys(Keys.ENTER).perform()
        b.wait(lambda: b.text("p-form-msg").startswith("Not posted"), "Enter on Post submits the form")
        # The page checks every field before it stops: all four problems of the empty form at once.
        check("hometown" in b.text("p-place-msg").lower(), "the missing place is explained: " + b.text("p-place-msg"))
        marked = b.js("return ['nickname', 'password', 'year', 'country'].filter(f =>"
                      " document.getElementById('p-' + f).getAttribute('aria-invalid') === 'true')")
        check(marked == ["nickname", "password", "year", "country"], f"every empty field marked at once: {marked}")
        check("4 problems" in b.text("p-form-msg"), "the form counts the problems: " + b.text("p-form-msg"))
        check(b.js("return document.activeElement.id") == "p-nickname", "focus goes to the first marked field")
        # Each message goes as soon as its field changes.
        ActionChains(b.driver).send_keys("x").perform()
        b.wait(lambda: b.find("#p-nickname").get_attribute("aria-invalid") != "true", "the nickname's message gone once typed")
        check(b.find("#p-password").get_attribute("aria-invalid") == "true" and b.text("p-password-msg") != "",
              "the password's message stays until the password changes")
        ActionChains(b.driver).send_keys(Keys.ESCAPE).perform()
        b.wait(lambda: not b.find("#panel-post").is_displayed(), "Escape closes the post form")
        check(b.js("return document.activeElement.id") == "show-post", "focus returns to the button that opened it")
        unnamed = b.js("""
            return Array.from(document.querySelectorAll('button, a[href], [role=button]'))
              .filter(e => e.offsetParent !== null && !(e.getAttribute('aria-label') || e.textContent.trim() || e.title))
              .map(e => e.outerHTML.slice(0, 80));""")
        check(not unnamed, "buttons without an accessible name: " + "; ".join(unnamed))
        unlabelled = b.js("""
            return Array.from(document.querySelectorAll('input, select'))
              .filter(e => e.type !== 'hidden' && !(e.labels && e.labels.length) && !e.getAttribute('aria-label'))
              .map(e => e.id || e.name);""")
        check(not unlabelled, "inputs without a label: " + ", ".join(unlabelled))
        # Keys pan and zoom the map.
        b.find("#map").click()
        zoom = b.js("return Hometown.map.leaflet.getZoom()")
        ActionChains(b.driver).send_keys("+").perform()
        b.wait(lambda: b.js("return Hometown.map.leaflet.getZoom()") > zoom, "+ zooms in")
        centre = b.js("return Hometown.map.leaflet.getCenter().lng")
        ActionChains(b.driver).send_keys(Keys.ARROW_RIGHT).perform()
        b.wait(lambda: b.js("return Hometown.map.leaflet.getCenter().lng") > centre, "the right arrow pans east")
        b.check_console()

    def test_phone(self):
        """At 390x844 the map and the form are reachable and nothing overflows sideways."""
        b = self.b
        with b.phone():
            b.open("/")
            b.wait_idle()
            width = b.js("return window.innerWidth")
            check(width == 390, f"the phone viewport is 390 px wide (is {width})")
            overflow = b.js("return document.documentElement.scrollWidth")
            check(overflow <= width, f"no horizontal overflow: the page is {overflow} px wide")
            rect = b.js("const r = document.getElementById('map').getBoundingClientRect(); return [r.left, r.top, r.width, r.height];")
            check(rect[0] >= 0 and rect[2] <= width and rect[2] >= 300 and rect[3] >= 250, f"the map fills the top of the screen: {rect}")
            check(b.marker_total() > 0, "markers on the phone map")
            b.screenshot(os.path.join(self.out, "phone.png"))
            button = b.find("#show-post")
            b.js("arguments[0].scrollIntoView({block: 'center'})", button)
            button.click()
            b.wait(lambda: b.find("#p-nickname").is_displayed(), "the post form on the phone")
            wide = b.js("""
                return Array.from(document.querySelectorAll('#panel-post input, #panel-post button, #side select'))
                  .filter(e => e.offsetParent !== null)
                  .filter(e => { const r = e.getBoundingClientRect(); return r.left < 0 || r.right > window.innerWidth; })
                  .map(e => e.id);""")
            check(not wide, "form controls wider than the screen: " + ", ".join(wide))
            check(b.js("return document.documentElement.scrollWidth") <= width, "no horizontal overflow with the form open")
            # The map is still there to pick a place: scroll up and tap it.
            b.js("window.scrollTo(0, 0)")
            b.set_view(19.07, 72.88, 9)
            b.click_map_at(19.2, 72.95)
            b.wait(lambda: b.value("p-country") == "India", "a tap on the phone map fills the place")
            b.check_console("on the phone")

    def test_without_leaflet(self):
        """Without the map library the page says so, and the filters, the list and the form still work."""
        b = self.b
        b.driver.execute_cdp_cmd("Network.enable", {})
        b.driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/vendor/leaflet/*"]})
        try:
            b.clear_logs()
            b.open("/")
            b.wait(lambda: "libjs-leaflet" in b.text("map-msg") and b.find("#map-msg").is_displayed(),
                   "the message that the map library is missing")
            check(not b.js("return Hometown.map.ready"), "no map without Leaflet")
            b.wait(lambda: len(b.list_rows()) == 25, "the list without the map")
            Select(b.find("#f-country")).select_by_visible_text("Mexico")
            mexico = self.count(country="Mexico")
            b.wait(lambda: len(b.list_rows()) == mexico and all(r[1] == "Mexico" for r in b.list_rows()),
                   f"{mexico} Mexico rows without the map")
            b.find("#show-post").click()
            b.find("#p-search").send_keys("Guadalajara" + Keys.ENTER)
            b.wait(lambda: self.options(), "search results")
            b.find("#p-results [role=option]").click()
            b.wait(lambda: b.value("p-state") == "Jalisco", "the place set by name without the map")
            errors = b.severe(allowed=("/vendor/leaflet/",))
            check(not errors, "console errors besides the missing library: " + "; ".join(errors))
        finally:
            b.driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
            b.clear_logs()

    def test_cors(self):
        """A page of another origin may read the API and post (through a preflight), not the app's files."""
        b = self.b
        port = urllib.parse.urlsplit(b.base).port
        # A second browser that takes the name elsewhere.test for 127.0.0.1: another origin, the same server, loopback
        # only. Its page is a JSON answer (no Content-Security-Policy of ours limits what it may fetch).
        other = Browser(b.base, b.chromium, b.chromedriver,
                        extra_arguments=("--host-resolver-rules=MAP elsewhere.test 127.0.0.1",))
        try:
            other.driver.get(f"http://elsewhere.test:{port}/hometown/countries")
            check(other.js("return location.origin") == f"http://elsewhere.test:{port}", "the other origin's page")
            result = other.driver.execute_async_script("""
                const [base, nickname, done] = arguments;
                const attempt = async (path, init) => {
                  try { const r = await fetch(base + path, init); return [r.status, await r.text()]; }
                  catch (error) { return String(error); }
                };
                (async () => done({
                  get: await attempt('/hometown/count'),
                  refused: await attempt('/hometown/count?x=1'),
                  post: await attempt('/hometown/adduser', {method: 'POST', headers: {'Content-Type': 'application/json'},
                    body: JSON.stringify({nickname: nickname, password: 'secret-1', country: 'USA', state: 'Minnesota',
                                          city: 'Minneapolis', year: 2016})}),
                  file: await attempt('/app.js'),
                  credentials: await attempt('/hometown/count', {credentials: 'include'}),
                }))();""", b.base, self.nickname + "_x")
        finally:
            other.quit()
        check(isinstance(result["get"], list) and result["get"][0] == 200 and result["get"][1].isdigit(),
              f"a GET from another origin is readable: {result['get']}")
        check(isinstance(result["refused"], list) and result["refused"][0] == 400 and "error" in result["refused"][1],
              f"a refusal from another origin is readable: {result['refused']}")
        check(result["post"] == [200, "ok"], f"a JSON post from another origin (after its preflight): {result['post']}")
        check(not isinstance(result["file"], list), f"the app's files are not readable from another origin: {result['file']}")
        check(not isinstance(result["credentials"], list), f"never with credentials: {result['credentials']}")
        self.posts.append({"nickname": self.nickname + "_x", "country": "USA", "state": "Minnesota", "city": "Minneapolis",
                           "year": 2016})

    def test_owner(self):
        """'This is mine' on a row and in a popup: a wrong password and a bad state are shown at their fields; a new
        point and city are saved and shown; a delete removes the row and the marker and lowers the count."""
        b = self.b
        nickname = self.nickname + "_own"
        password = "mine-123"
        places = {}
        for query in ("Chicago", "Madison, Wisconsin"):
            status, text = http(b.base, "/hometown/forward", {"q": query, "limit": 1})
            check(status == 200 and json.loads(text)["results"], f"forward {query!r}: {status} {text}")
            places[query] = json.loads(text)["results"][0]
        chicago, madison = places["Chicago"], places["Madison, Wisconsin"]
        check(madison["state"] == "Wisconsin", f"Madison is in Wisconsin: {madison}")
        status, text = http(b.base, "/hometown/adduser", body={
            "nickname": nickname, "password": password, "country": "USA", "state": "Illinois", "city": "Chicago",
            "year": 2017, "latitude": chicago["latitude"], "longitude": chicago["longitude"]})
        check(status == 200, f"posting {nickname}: {status} {text}")

        def stored():
            users = json.loads(http(b.base, "/hometown/users", {"reverse": "true", "page": 0, "pagesize": 5})[1])
            return next((u for u in users if u["nickname"] == nickname), None)
        user = stored()
        check(user is not None, "the post is listed")
        count = int(http(b.base, "/hometown/count")[1])

        def row():
            return next((r for r in b.list_rows() if r[0] == nickname), None)

        b.open("/")
        b.wait_idle()
        b.wait(row, "the post in the list")
        b.clear_logs()
        mine = b.find(f'#list-body button.owner-button[data-id="{user["id"]}"]')
        check(mine.get_attribute("aria-label").startswith("This is mine: change or delete"), "the row's control is named")
        mine.click()
        b.wait(lambda: b.find("#panel-owner").is_displayed(), "the owner's form opens")
        check(not b.find("#panel-list").is_displayed(), "the list makes room for the form")
        check(b.js("return document.activeElement.id") == "o-password", "focus is in the password field")
        b.wait(lambda: b.value("o-state") == "Illinois", "the state prefilled from the post")
        check([b.value(i) for i in ("o-country", "o-city", "o-year")] == ["USA", "Chicago", "2017"],
              "country, city and year prefilled: " + str([b.value(i) for i in ("o-country", "o-city", "o-year")]))
        check(f"{chicago['latitude']:.5f}" in b.text("o-point") and f"{chicago['longitude']:.5f}" in b.text("o-point"),
              "the point is shown: " + b.text("o-point"))

        # A wrong password: refused at the password field, nothing changed.
        b.find("#o-password").send_keys("not-mine")
        b.find("#o-city").clear()
        b.find("#o-city").send_keys("Evanston")
        b.find("#o-save").click()
        b.wait(lambda: b.find("#o-password").get_attribute("aria-invalid") == "true", "the wrong password at its field")
        check(b.text("o-password-msg") != "", "a message at the password")
        check("o-password-msg" in b.find("#o-password").get_attribute("aria-describedby"), "the message describes the field")
        check(b.js("return document.activeElement.id") == "o-password", "focus back at the password")
        check(stored()["city"] == "Chicago", "a wrong password changed nothing")

        # The right password, another country without a state: refused at the state field.
        b.find("#o-password").clear()
        b.find("#o-password").send_keys(password)
        Select(b.find("#o-country")).select_by_visible_text("Mexico")
        b.wait(lambda: "Jalisco" in b.js("return Array.from(document.querySelectorAll('#o-state option')).map(o => o.value)"),
               "Mexico's states offered")
        check(b.value("o-state") == "", "no state chosen for Mexico yet")
        b.find("#o-save").click()
        b.wait(lambda: b.find("#o-state").get_attribute("aria-invalid") == "true", "the missing state at its field")
        check(b.find("#o-password").get_attribute("aria-invalid") != "true", "the password is no longer marked")
        check(b.text("o-state-msg") != "" and "o-state-msg" in b.find("#o-state").get_attribute("aria-describedby"),
              "the state's message describes it")

        # A new point on the map (Madison): the place follows it; the city typed; saved.
        b.set_view(madison["latitude"], madison["longitude"], 11)
        b.click_map_at(madison["latitude"], madison["longitude"])
        b.wait(lambda: b.value("o-state") == "Wisconsin" and b.value("o-country") == "USA",
               "USA / Wisconsin from the clicked point (%r)" % b.text("o-place-msg"))
        check("New point" in b.text("o-point"), "the new point is shown: " + b.text("o-point"))
        check(b.js("return !!document.querySelector('.ht-pin-owner')"), "a pin marks the new point")
        b.screenshot(os.path.join(self.out, "owner.png"))
        b.find("#o-city").clear()
        b.find("#o-city").send_keys("Madison")
        b.find("#o-save").click()
        b.wait(lambda: not b.find("#panel-owner").is_displayed(), "the form closes after saving (%r)" % b.text("o-form-msg"))
        check(b.text("owner-status").startswith("Saved"), "the news: " + b.text("owner-status"))
        check(b.js("return document.getElementById('owner-status').getAttribute('role')") == "status", "the news is live")
        b.wait(lambda: row() == [nickname, "USA", "Wisconsin", "Madison", "2017"], f"the row shows the change: {row()}")
        now = stored()
        check(now["id"] == user["id"] and now["city"] == "Madison" and now["state"] == "Wisconsin"
              and abs(now["latitude"] - madison["latitude"]) < 1e-3 and abs(now["longitude"] - madison["longitude"]) < 1e-3,
              f"the server has the change: {now}")
        check(not b.js("return !!document.querySelector('.ht-pin-owner')"), "the pin went with the form")

        # Delete, from the marker's popup, with the confirm step.
        b.wait_idle()
        b.wait(lambda: nickname in b.marker_nicknames(), "the marker at the new point")
        b.js("""
            for (const e of document.querySelectorAll('.leaflet-marker-pane [data-nicknames]'))
              if (JSON.parse(e.dataset.nicknames).includes(arguments[0])) { e.closest('.leaflet-marker-icon').click(); break; }""",
             nickname)
        b.wait(lambda: b.js("return !!document.querySelector(arguments[0])", f'.leaflet-popup button.owner-button[data-id="{user["id"]}"]'),
               "the popup's 'This is mine' control")
        b.find(f'.leaflet-popup button.owner-button[data-id="{user["id"]}"]').click()
        b.wait(lambda: b.find("#panel-owner").is_displayed() and b.value("o-state") == "Wisconsin", "the form for the changed post")
        b.find("#o-password").send_keys(password)
        b.find("#o-delete").click()
        b.wait(lambda: b.find("#o-confirm").is_displayed(), "the question before deleting")
        check(b.js("return document.activeElement.id") == "o-confirm-yes", "focus on the answer")
        check(stored() is not None, "nothing deleted before the answer")
        ActionChains(b.driver).send_keys(Keys.ENTER).perform()
        b.wait(lambda: not b.find("#panel-owner").is_displayed(), "the form closes after deleting (%r)" % b.text("o-form-msg"))
        check(b.text("owner-status").startswith("Deleted"), "the news: " + b.text("owner-status"))
        b.wait(lambda: row() is None, "the row is gone")
        b.wait_idle()
        check(nickname not in b.marker_nicknames(), "the marker is gone")
        check(stored() is None and int(http(b.base, "/hometown/count")[1]) == count - 1, "the count dropped by one")
        b.wait(lambda: b.text("total").startswith(str(count - 1)), "the header counts one post less: " + b.text("total"))
        errors = b.severe(allowed=("/users/%d/update" % user["id"],))
        check(not errors, "console errors besides the refused changes: " + "; ".join(errors))
        refused = [m for m in b.severe() if "/update" in m]
        check(len(refused) == 2 and any("403" in m for m in refused) and any("400" in m for m in refused),
              "a 403 and a 400 from update: " + "; ".join(refused))
        b.clear_logs()

    def test_owner_places_loading(self):
        """The owner's form while the states of the post's country are on their way: Save sends nothing and says so
        (the selects still hold the post opened before, whose state was sent), then saves once they are shown."""
        b = self.b
        password = "mine-456"
        ids = {}
        for suffix, country, state, city in (("_kl", "India", "Kerala", "Kochi"), ("_tx", "USA", "Texas", "Austin")):
            nickname = self.nickname + suffix
            status, text = http(b.base, "/hometown/adduser", body={
                "nickname": nickname, "password": password, "country": country, "state": state, "city": city,
                "year": 2011})
            check(status == 200, f"posting {nickname}: {status} {text}")
            users = json.loads(http(b.base, "/hometown/users", {"reverse": "true", "page": 0, "pagesize": 1})[1])
            ids[suffix] = users[0]["id"]
        b.open("/")
        b.wait_idle()
        # The answers to GET states of USA are held back until released (the requests go at once).
        b.hold_answers("url.startsWith('/hometown/states?') && new URLSearchParams(url.split('?')[1]).get('country') === 'USA'")

        def control(suffix):
            return f'#list-body button.owner-button[data-id="{ids[suffix]}"]'
        b.wait(lambda: all(b.js("return !!document.querySelector(arguments[0])", control(s)) for s in ids),
               "both posts in the list")
        b.find(control("_kl")).click()
        b.wait(lambda: b.find("#panel-owner").is_displayed() and b.value("o-state") == "Kerala", "the Kerala post's form")
        b.find("#o-cancel").click()
        b.wait(lambda: not b.find("#panel-owner").is_displayed(), "Cancel closes the form")
        b.find(control("_tx")).click()
        b.wait(lambda: b.find("#panel-owner").is_displayed() and b.held_answers() == 1,
               "the Texas post's form, USA's states held back")
        b.find("#o-password").send_keys(password)
        b.find("#o-year").clear()
        b.find("#o-year").send_keys("2012")
        b.find("#o-save").click()
        b.wait(lambda: "still loading" in b.text("o-state-msg"),
               f"Save waits for the states (state {b.text('o-state-msg')!r}, form {b.text('o-form-msg')!r})")
        check(not b.js("return window.__fetchLog.some(e => e.url.includes('/update'))"), "nothing was sent")
        b.release_answers()
        b.wait(lambda: b.value("o-state") == "Texas", "Texas shown once USA's states arrive")
        b.find("#o-save").click()
        b.wait(lambda: not b.find("#panel-owner").is_displayed(), "the form closes after saving (%r)" % b.text("o-form-msg"))
        users = json.loads(http(b.base, "/hometown/users", {"reverse": "true", "page": 0, "pagesize": 5})[1])
        texas = next(u for u in users if u["id"] == ids["_tx"])
        check(texas["state"] == "Texas" and texas["year"] == 2012, f"the year changed and the state kept: {texas}")
        b.check_console("after saving once the states arrived")

    def test_owner_keyboard_centre(self):
        """The owner's form moves a post's point by keyboard: the map's centre, under the cross, by its own button, as
        the post form has it; the place follows and the change is saved."""
        b = self.b
        nickname = self.nickname + "_okc"
        password = "mine-789"
        status, text = http(b.base, "/hometown/adduser", body={
            "nickname": nickname, "password": password, "country": "USA", "state": "Illinois", "city": "Chicago",
            "year": 2014, "latitude": 41.8781, "longitude": -87.6298})
        check(status == 200, f"posting {nickname}: {status} {text}")
        user_id = json.loads(http(b.base, "/hometown/users", {"reverse": "true", "page": 0, "pagesize": 1})[1])[0]["id"]
        b.open("/")
        b.wait_idle()
        control = f'#list-body button.owner-button[data-id="{user_id}"]'
        b.wait(lambda: b.js("return !!document.querySelector(arguments[0])", control), "the post in the list")
        b.js("document.querySelector(arguments[0]).focus()", control)
        ActionChains(b.driver).send_keys(Keys.ENTER).perform()
        b.wait(lambda: b.find("#panel-owner").is_displayed() and b.value("o-state") == "Illinois", "Enter opens the form")
        check(b.find("#map-centre").is_displayed(), "a cross marks the map's centre while the owner's form is open")
        b.set_view(43.0731, -89.4012, 11)   # Madison, Wisconsin, in the centre (as the arrow keys would bring it)
        ActionChains(b.driver).send_keys(password).perform()
        self.tab_to("e.id === 'o-centre'", "Use the centre of the map")
        ActionChains(b.driver).send_keys(Keys.ENTER).perform()
        b.wait(lambda: b.value("o-state") == "Wisconsin", "the centre's place (%r)" % b.text("o-place-msg"))
        check("New point" in b.text("o-point"), "the new point is shown: " + b.text("o-point"))
        self.tab_to("e.id === 'o-save'", "Save changes")
        ActionChains(b.driver).send_keys(Keys.ENTER).perform()
        b.wait(lambda: not b.find("#panel-owner").is_displayed(), "the form closes after saving (%r)" % b.text("o-form-msg"))
        users = json.loads(http(b.base, "/hometown/users", {"reverse": "true", "page": 0, "pagesize": 5})[1])
        now = next(u for u in users if u["id"] == user_id)
        check(now["state"] == "Wisconsin" and abs(now["latitude"] - 43.0731) < 1e-3 and abs(now["longitude"] + 89.4012) < 1e-3,
              f"the server has the map's centre: {now}")
        b.check_console("after moving a post's point by keyboard")

    def test_owner_backoff(self):
        """The owner's form by keyboard (Enter opens it, Escape closes it, focus returns); once wrong passwords must wait,
        the wait shows at the password field and Save stays off until it is over. (Last: it leaves the address waiting.)"""
        b = self.b
        nickname = self.nickname + "_guess"
        status, text = http(b.base, "/hometown/forward", {"q": "Denver", "limit": 1})
        denver = json.loads(text)["results"][0]
        status, text = http(b.base, "/hometown/adduser", body={
            "nickname": nickname, "password": "right-pass", "country": "USA", "state": denver["state"], "city": "Denver",
            "year": 2015, "latitude": denver["latitude"], "longitude": denver["longitude"]})
        check(status == 200, f"posting {nickname}: {status} {text}")
        b.open("/")
        b.wait_idle()
        b.wait(lambda: any(r[0] == nickname for r in b.list_rows()), "the post in the list")
        user_id = json.loads(http(b.base, "/hometown/users", {"reverse": "true", "page": 0, "pagesize": 1})[1])[0]["id"]
        pencil = f'#list-body button.owner-button[data-id="{user_id}"]'
        b.js("document.querySelector(arguments[0]).focus()", pencil)
        ActionChains(b.driver).send_keys(Keys.ENTER).perform()
        b.wait(lambda: b.find("#panel-owner").is_displayed(), "Enter on the row's control opens the form")
        check(b.js("return document.activeElement.id") == "o-password", "focus in the password field")
        ActionChains(b.driver).send_keys(Keys.ESCAPE).perform()       # the popup the list opened goes first
        ActionChains(b.driver).send_keys(Keys.ESCAPE).perform()
        b.wait(lambda: not b.find("#panel-owner").is_displayed(), "Escape closes the form")
        check(b.js("return document.activeElement === document.querySelector(arguments[0])", pencil),
              "focus back on the control that opened it")
        ActionChains(b.driver).send_keys(Keys.ENTER).perform()
        b.wait(lambda: b.find("#panel-owner").is_displayed() and b.value("o-state") == denver["state"], "the form again")
        b.find("#o-year").clear()
        b.find("#o-year").send_keys("2018")
        b.clear_logs()
        refused = False
        for attempt in range(12):                # the free failures (5 by default), then the first wait
            b.wait(lambda: b.find("#o-save").is_enabled(), "Save to be on again")
            b.find("#o-password").clear()
            b.find("#o-password").send_keys(f"guess-{attempt}")
            b.find("#o-save").click()
            b.wait(lambda: "busy" not in b.find("#o-form-msg").get_attribute("class"), "the answer to a try")
            check(b.find("#o-password").get_attribute("aria-invalid") == "true", "each wrong try is shown at the password")
            if not b.find("#o-save").is_enabled():
                refused = True
                break
        check(refused, "Save was never held back after 12 wrong passwords")
        message = b.text("o-password-msg")
        check(re.search(r"wait \d+ seconds?", message) is not None, "the wait at the password field: " + message)
        check(not b.find("#o-delete").is_enabled(), "Delete is held back too")
        b.wait(lambda: b.find("#o-save").is_enabled(), "Save on again after the wait", timeout=WAIT + 5)
        check("try again" in b.text("o-password-msg"), "the field says it may be tried again: " + b.text("o-password-msg"))
        statuses = [m for m in b.severe() if f"/users/{user_id}/update" in m]
        check(any("429" in m for m in statuses) and all("429" in m or "403" in m for m in statuses),
              "403s, then a 429: " + "; ".join(statuses))
        now = json.loads(http(b.base, "/hometown/users", {"reverse": "true", "page": 0, "pagesize": 1})[1])[0]
        check(now["nickname"] == nickname and now["year"] == 2015, f"nothing changed: {now}")
        b.find("#o-cancel").click()
        b.clear_logs()

    @staticmethod
    def overlapping(rects):
        """Pairs of rectangles [l, t, r, b] that share more than an edge."""
        return [(a, b) for i, a in enumerate(rects) for b in rects[i + 1:]
                if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]]

    def test_labels(self):
        """Names on the map: countries at zoom 2, US states at zoom 5, Minneapolis and Saint Paul at zoom 8; none over another or a marker; the city under a marker named beside it."""
        b = self.b
        countries = json.loads(http(b.base, "/hometown/countries")[1])
        usa_states = json.loads(http(b.base, "/hometown/states", {"country": "USA"})[1])
        # The names alone first: the posts filtered to India's, so no marker stands over these views' names.
        views = [
            ("labels-zoom2.png", 2, 25, 10, "country", ["USA", "China", "Brazil", "Canada", "Australia"]),
            ("labels-zoom5.png", 5, 40, -95, "state", ["Minnesota", "Iowa", "Kansas", "Nebraska", "Missouri"]),
            ("labels-zoom8.png", 8, 44.95, -93.2, "city", ["Minneapolis", "Saint Paul"]),
        ]
        b.open("/?country=India#2/25/10")
        b.wait_idle()
        for png, zoom, lat, lng, kind, expected in views:
            b.set_view(lat, lng, zoom)
            b.wait(lambda: set(expected) <= {l["name"] for l in b.labels_drawn()},
                   f"{expected} drawn at zoom {zoom} (drawn: {sorted(l['name'] for l in b.labels_drawn())})")
            drawn = b.labels_drawn()
            names = [l["name"] for l in drawn]
            check(len(names) == len(set(names)), f"a name drawn twice at zoom {zoom}: {sorted(names)}")
            check(sum(l["kind"] == kind for l in drawn) >= 2, f"{kind} names at zoom {zoom}: {drawn}")
            bad = self.overlapping([l["rect"] for l in drawn])
            check(not bad, f"names overlap at zoom {zoom}: {bad[:3]}")
            # Country names are spelled as GET countries spells them.
            check(zoom != 2 or "USA" in names and "United States of America" not in names, f"USA as served: {names}")
            check(zoom != 2 or all(c in names for c in countries if c in ("USA", "China")), f"served countries named: {names}")
            b.map_screenshot(os.path.join(self.out, png))
        # States over the USA are those GET states lists.
        b.set_view(40, -95, 5)
        us = [l["name"] for l in b.labels_drawn() if l["kind"] == "state"]
        check(len([n for n in us if n in usa_states]) >= 8, f"US states named as listed: {us}")
        # The names take no clicks: a click on a name is a click on the map under it.
        check(b.js("return getComputedStyle(document.querySelector('.ht-labels')).pointerEvents") == "none",
              "the names' pane takes no pointer events")
        # Then with every post: markers stand over the Twin Cities; the cities under them keep their names, moved
        # beside the markers (a marker covers a city's dot, never its name), and no names overlap.
        def meets(a, m):
            return a[0] < m[2] and m[0] < a[2] and a[1] < m[3] and m[1] < a[3]
        for url, what in (("/#8/44.95/-93.2", "the Twin Cities at zoom 8"), ("/?state=Minnesota#7/46.3/-93.8", "the Minnesota view")):
            b.open(url)
            b.wait_idle()
            b.wait(lambda: b.marker_total() > 0 and "Minneapolis" in [l["name"] for l in b.labels_drawn()],
                   f"Minneapolis named in {what} (drawn: {sorted(l['name'] for l in b.labels_drawn())})")
            b.wait_idle()
            markers = b.marker_rects()
            drawn = b.labels_drawn()
            minneapolis = next(l for l in drawn if l["name"] == "Minneapolis")
            check(any(meets(minneapolis["rect"], m) or meets(minneapolis["text"], m) for m in markers) or what != "the Twin Cities at zoom 8",
                  f"a marker stands at Minneapolis in {what}: {minneapolis}, {markers}")
            under = [(l["name"], m) for l in drawn for m in markers if meets(l["text"], m)]
            check(not under, f"names under markers in {what}: {under}")
            check(not self.overlapping([l["text"] for l in drawn]), f"names overlap beside the markers in {what}")
            if what == "the Minnesota view":
                b.map_screenshot(os.path.join(self.out, "labels-minnesota.png"))
        b.set_view(44.95, -93.2, 8)
        # The label layer sits above the land and below the markers.
        order = b.js("const z = (c) => Number(getComputedStyle(document.querySelector(c)).zIndex);"
                     "return [z('.leaflet-tile-pane'), z('.ht-labels'), z('.leaflet-marker-pane')];")
        check(order[0] < order[1] < order[2], f"pane order tiles < labels < markers: {order}")
        if self.docs_labels:
            os.makedirs(self.docs_labels, exist_ok=True)
            for png, *_ in views:
                shutil.copyfile(os.path.join(self.out, png), os.path.join(self.docs_labels, png))
        b.check_console("with the names")

    # ---- Keyboard, focus, phone and the map that follows ----------------------------------------------------

    RING = "(() => { const e = document.activeElement, s = getComputedStyle(e), a = getComputedStyle(e, '::after');" \
           " return {id: e.id, cls: String(e.className), outline: s.outlineStyle, width: s.outlineWidth, colour: s.outlineColor," \
           " inline: e.style.outline, shadow: s.boxShadow, after: a.boxShadow}; })()"

    @staticmethod
    def contrast(rgb_a, rgb_b):
        """The WCAG contrast ratio of two 'rgb(r, g, b)' colours."""
        def luminance(css):
            r, g, b = [int(v) / 255 for v in re.findall(r"[\d.]+", css)[:3]]
            lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
            return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
        la, lb = luminance(rgb_a), luminance(rgb_b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)

    def tab_to(self, predicate_js, what, limit=150, backwards=False):
        """Presses Tab (or Shift+Tab) until the focused element passes `predicate_js` (a JS expression of `e`)."""
        b = self.b
        for _ in range(limit):
            keys = ActionChains(b.driver)
            keys = keys.key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT) if backwards else keys.send_keys(Keys.TAB)
            keys.perform()
            if b.js("const e = document.activeElement; return !!(" + predicate_js + ")"):
                return
        raise Failure(f"Tab never reached {what} in {limit} presses")

    def check_ring(self, what):
        """The focused element shows a focus ring: an outline (or, for the map, its overlay) in a colour of at least
        3:1 against white, even after a key press (Leaflet 1.6/1.7 sets an inline outline: none on key up)."""
        b = self.b
        ring = b.js("return " + self.RING)
        check(b.js("return document.activeElement !== document.body"), f"{what}: focus is on the page's body")
        check(ring["outline"] != "none" and float(ring["width"].rstrip("px") or 0) >= 2,
              f"{what}: no visible outline after keyboard focus: {ring}")
        check(self.contrast(ring["colour"], "rgb(255, 255, 255)") >= 3, f"{what}: the ring's colour is under 3:1 on white: {ring}")
        return ring

    def test_focus_visible(self):
        """Keyboard focus shows on the map, a marker, the zoom buttons and Fit, even after Leaflet's key handling; Space on
        a marker opens its popup, Enter on a cluster zooms in (not past zoom 10 from afar) and keeps focus on the map."""
        b = self.b
        b.open("/#4/40/-95")
        b.wait_idle()
        b.find("#list-title").click()          # a start inside the page, after the filters and the panel buttons
        self.tab_to("e.id === 'map'", "the map")
        ActionChains(b.driver).send_keys(Keys.ARROW_RIGHT).perform()      # Leaflet's keydown/keyup handling
        b.wait_idle()
        ring = self.check_ring("the map")
        print(f"      the map's ring after a key: outline {ring['outline']} {ring['width']} {ring['colour']} (Leaflet's inline"
              f" outline: {ring['inline']!r}), inner ring {ring['after']}", flush=True)
        check(ring["after"] != "none", f"the map's inner ring (its ::after) is drawn: {ring}")
        # The first marker, by Tab; a key press on it; its ring.
        self.tab_to("e.classList.contains('leaflet-marker-icon')", "a marker")
        ActionChains(b.driver).send_keys(Keys.SHIFT).perform()
        self.check_ring("a marker")
        size = b.js("const r = document.activeElement.getBoundingClientRect(); return [r.width, r.height];")
        check(size[0] >= 44 and size[1] >= 44, f"a marker's touch area is at least 44 x 44: {size}")
        # The zoom buttons and Fit.
        self.tab_to("e.classList.contains('leaflet-control-zoom-in')", "the zoom-in button")
        self.check_ring("zoom in")
        self.tab_to("e.id === 'fit'", "Fit")
        self.check_ring("Fit")

        # Space on a single post's marker opens its popup (a marker is announced as a button).
        b.set_view(44.98, -93.2, 10)
        single = b.js("""
            const icons = Array.from(document.querySelectorAll('.leaflet-marker-icon[role=button]'))
              .filter(e => e.querySelector('[data-nicknames]'));
            if (!icons.length) return null;
            icons[0].focus();
            return icons[0].getAttribute('aria-label');""")
        check(single, "a single post's marker near Minneapolis at zoom 10")
        ActionChains(b.driver).send_keys(Keys.SPACE).perform()
        b.wait(lambda: b.js("return !!document.querySelector('.leaflet-popup')"), "Space on a marker to open its popup")
        check(b.js("return window.scrollY") == 0, "Space did not scroll the page")
        popup_text = b.js("return document.querySelector('.leaflet-popup').textContent")
        check(single.split(" (")[0] in popup_text, f"the popup of that marker ({single!r}): {popup_text!r}")
        self.tab_to("e.closest('.leaflet-popup')", "a control in the popup")
        self.check_ring("a control in the popup")
        ActionChains(b.driver).send_keys(Keys.ESCAPE).perform()
        b.wait(lambda: not b.js("return !!document.querySelector('.leaflet-popup')"), "Escape closes the popup")
        check(b.js("return document.activeElement !== document.body"), "focus stays on the map when the popup closes")

        # Enter on a cluster from afar: it zooms in, at most to zoom 10, and focus lands on a marker or the map.
        b.set_view(30, -40, 2)
        cluster = b.js("""
            const c = Array.from(document.querySelectorAll('.leaflet-marker-icon[role=button]'))
              .find(e => e.querySelector('.ht-cluster'));
            if (!c) return null;
            c.focus();
            return c.getAttribute('aria-label');""")
        check(cluster, "a cluster in the world view")
        zoom = b.js("return Hometown.map.leaflet.getZoom()")
        ActionChains(b.driver).send_keys(Keys.ENTER).perform()
        b.wait(lambda: b.js("return Hometown.map.leaflet.getZoom()") > zoom, "Enter on a cluster to zoom in")
        b.wait_idle()
        after = b.js("return Hometown.map.leaflet.getZoom()")
        check(after <= 10, f"a cluster's click from zoom {zoom} went to {after}, past 10")
        focused = b.js("const e = document.activeElement; return e === document.body ? 'body' : (e.id || e.className);")
        check(focused != "body" and (focused == "map" or "leaflet-marker-icon" in focused),
              f"focus after Enter on a cluster is on a marker or the map, not {focused!r}")
        b.check_console()

    def test_cluster_zoom(self):
        """A cluster's click zooms to where it splits when that is near, never from afar past zoom 10."""
        b = self.b
        b.open("/")
        b.wait_idle()
        for lat, lng, zoom in ((45.0, -93.2, 4), (45.0, -93.2, 7)):
            b.set_view(lat, lng, zoom)
            found = b.js("""
                for (const m of Object.values(Hometown.map.leaflet._layers)) {
                  const e = m.getElement && m.getElement();
                  if (e && e.querySelector('.ht-cluster')) return [m.getLatLng().lat, m.getLatLng().lng];
                }
                return null;""")
            check(found, f"a cluster near Minneapolis at zoom {zoom}")
            expansion = json.loads(http(b.base, "/hometown/clusters", {
                "zoom": zoom, "bbox": ",".join(str(v) for v in b.js(
                    "const x = Hometown.map.leaflet.getBounds(); return [x.getWest(), x.getSouth(), x.getEast(), x.getNorth()];"))})[1])
            clusters = [f["properties"]["expansion_zoom"] for f in expansion["features"] if f["properties"].get("cluster")
                        and abs(f["geometry"]["coordinates"][1] - found[0]) < 1e-6]
            check(clusters, f"the server's cluster at {found}")
            b.js("""
                for (const m of Object.values(Hometown.map.leaflet._layers)) {
                  const e = m.getElement && m.getElement();
                  if (e && e.querySelector('.ht-cluster') && Math.abs(m.getLatLng().lat - arguments[0]) < 1e-9) { e.click(); return; }
                }""", found[0])
            b.wait(lambda: b.js("return Hometown.map.leaflet.getZoom()") > zoom, f"the click on the cluster at zoom {zoom}")
            b.wait_idle()
            now = b.js("return Hometown.map.leaflet.getZoom()")
            want = min(max(clusters[0], zoom + 1), 10)
            check(now == want, f"from zoom {zoom}, a cluster splitting at {clusters[0]} zoomed to {now}, not {want}")

    def test_focus_kept(self):
        """Focus never falls to the page's body: after Next on the last page it goes to Prev."""
        b = self.b
        b.open("/")
        b.wait_idle()
        b.wait(lambda: len(b.list_rows()) == 25, "a first page of 25 posts")
        b.find("#list-next").send_keys(Keys.ENTER)   # Enter on the focused button, as a keyboard user does
        b.wait(lambda: b.text("list-page").startswith("Page 2"), "page 2")
        b.wait_idle()
        check(not b.find("#list-next").is_enabled(), "Next is off on the last page")
        focused = b.js("return document.activeElement.id || document.activeElement.tagName")
        check(focused == "list-prev", f"focus after Next on the last page is on Prev, not {focused}")

    def keyboard_fill(self, nickname, password, year):
        """Opens the post form by keyboard and types the nickname, the password and the year, by Tab and keys."""
        b = self.b
        b.find("#list-title").click()
        self.tab_to("e.id === 'show-post'", "Post your hometown", backwards=True)
        ActionChains(b.driver).send_keys(Keys.ENTER).perform()
        b.wait(lambda: b.find("#panel-post").is_displayed(), "Enter opens the post form")
        self.tab_to("e.id === 'p-nickname'", "the nickname")
        ActionChains(b.driver).send_keys(nickname).send_keys(Keys.TAB).send_keys(password).perform()
        self.tab_to("e.id === 'p-year'", "the year")
        ActionChains(b.driver).send_keys(year).perform()
        b.wait(lambda: "free" in b.text("p-nickname-msg"), "the nickname reported free")

    def keyboard_post(self, nickname):
        """Tabs to Post, presses Enter, and waits for the news; focus stays on the page."""
        b = self.b
        self.tab_to("e.id === 'p-submit'", "Post")
        ActionChains(b.driver).send_keys(Keys.ENTER).perform()
        b.wait(lambda: b.text("p-form-msg").startswith("Posted"), "Posted (the form says %r)" % b.text("p-form-msg"))
        b.wait_idle()
        focused = b.js("return document.activeElement.id || document.activeElement.tagName")
        check(focused == "p-submit", f"focus after Post stays on Post, not {focused}")
        b.wait(lambda: b.js("return !!document.querySelector('.leaflet-popup')") and
               nickname in b.js("return document.querySelector('.leaflet-popup').textContent"), "the new post's popup")

    def test_keyboard_post_centre(self):
        """A post by keyboard only, its place the map's centre (marked by a cross while the form is open)."""
        b = self.b
        nickname = self.nickname + "_kc"
        lat, lng = 44.9778, -93.2650        # central Minneapolis, in the map's centre by the URL
        b.open(f"/#9/{lat}/{lng}")
        b.wait_idle()
        check(not b.find("#map-centre").is_displayed(), "no cross on the map while no form is open")
        self.keyboard_fill(nickname, "secret-1", "2018")
        check(b.find("#map-centre").is_displayed(), "a cross marks the map's centre while the post form is open")
        cross, box = b.js("const c = document.getElementById('map-centre').getBoundingClientRect(),"
                          " m = document.getElementById('map').getBoundingClientRect();"
                          " return [[c.left + c.width / 2, c.top + c.height / 2], [m.left + m.width / 2, m.top + m.height / 2]];")
        check(abs(cross[0] - box[0]) <= 1 and abs(cross[1] - box[1]) <= 1, f"the cross {cross} is at the map's centre {box}")
        check(b.find("#map-hint").is_displayed(), "the 'click the map' hint shows while no place is chosen")
        self.tab_to("e.id === 'p-centre'", "Use the centre of the map")
        ActionChains(b.driver).send_keys(Keys.ENTER).perform()
        b.wait(lambda: b.value("p-state") == "Minnesota" and b.value("p-city") != "", "the centre's place (%r)" % b.text("p-place-msg"))
        check(not b.find("#map-hint").is_displayed(), "the hint goes once a place is chosen")
        self.keyboard_post(nickname)
        stored = json.loads(http(b.base, "/hometown/users", {"reverse": "true", "page": 0, "pagesize": 1})[1])[0]
        check(stored["nickname"] == nickname and abs(stored["latitude"] - lat) < 1e-3 and abs(stored["longitude"] - lng) < 1e-3,
              f"the server has the map's centre: {stored}")
        self.check_view_shows(lat, lng, "the keyboard's post")
        check(not b.find("#map-hint").is_displayed(), "no hint after posting")
        self.posts.append({"nickname": nickname, "country": "USA", "state": "Minnesota", "city": stored["city"], "year": 2018})

    def test_nickname_check_after_post(self):
        """A check of the nickname still on its way when the post is done is dropped: its answer is about text no longer
        in the emptied field, and is not shown there."""
        b = self.b
        nickname = self.nickname + "_nc"
        lat, lng = 44.9778, -93.2650        # central Minneapolis, in the map's centre by the URL
        b.open(f"/#9/{lat}/{lng}")
        b.wait_idle()
        b.hold_answers("url.startsWith('/hometown/nicknameexists?')")
        b.find("#show-post").click()
        b.wait(lambda: b.find("#panel-post").is_displayed(), "the post form")
        b.find("#p-password").send_keys("secret-2")
        b.find("#p-year").send_keys("2019")
        b.find("#p-centre").click()
        b.wait(lambda: b.value("p-state") == "Minnesota" and b.value("p-city") != "", "the centre's place (%r)" % b.text("p-place-msg"))
        b.find("#p-nickname").send_keys(nickname)
        b.wait(lambda: b.held_answers() == 1, "the nickname's check on its way (its answer held back)")
        b.find("#p-submit").click()
        b.wait(lambda: b.text("p-form-msg").startswith("Posted"), "Posted (the form says %r)" % b.text("p-form-msg"))
        b.release_answers()
        check(b.value("p-nickname") == "" and b.text("p-nickname-msg") == ""
              and b.find("#p-nickname").get_attribute("aria-invalid") != "true",
              f"nothing shown at the emptied nickname: {b.text('p-nickname-msg')!r}")
        stored = json.loads(http(b.base, "/hometown/users", {"reverse": "true", "page": 0, "pagesize": 1})[1])[0]
        check(stored["nickname"] == nickname, f"the post is stored: {stored}")
        self.posts.append({"nickname": nickname, "country": "USA", "state": "Minnesota", "city": stored["city"], "year": 2019})

    def test_keyboard_post_search(self):
        """A post by keyboard only, its place found by name ("Kochi": the served Kochi, Kerala, listed first)."""
        b = self.b
        nickname = self.nickname + "_ks"
        b.open("/")
        b.wait_idle()
        self.keyboard_fill(nickname, "secret-1", "2021")
        self.tab_to("e.id === 'p-search'", "the place search")
        ActionChains(b.driver).send_keys("Kochi").send_keys(Keys.ENTER).perform()
        b.wait(lambda: len(self.options()) > 1, "results for Kochi")
        served = [o["served"] for o in self.options()]
        check(served[0] and served == sorted(served, reverse=True), f"served places listed first: {served}")
        first = b.js("return document.querySelector('#p-results [role=option]').textContent")
        check("Kochi" in first and "Kerala" in first, f"the first result is Kochi, Kerala: {first!r}")
        ActionChains(b.driver).send_keys(Keys.ARROW_DOWN).send_keys(Keys.ENTER).perform()
        b.wait(lambda: b.value("p-state") == "Kerala" and b.value("p-country") == "India", "Kochi, Kerala chosen")
        check(b.js("return document.activeElement.id") == "p-search", "focus back in the search box")
        check(not b.find("#map-hint").is_displayed(), "the hint goes once a place is chosen")
        self.keyboard_post(nickname)
        stored = json.loads(http(b.base, "/hometown/users", {"reverse": "true", "page": 0, "pagesize": 1})[1])[0]
        check(stored["nickname"] == nickname and stored["state"] == "Kerala", f"the server has the post: {stored}")
        self.check_view_shows(stored["latitude"], stored["longitude"], "the post found by name")
        self.posts.append({"nickname": nickname, "country": "India", "state": "Kerala", "city": stored["city"], "year": 2021})

    def test_map_follows(self):
        """A filter fits the map to its posts (zoom at most 8), a nickname shows its post among neighbours, and Clear
        goes back to the world."""
        b = self.b
        b.open("/")
        b.wait_idle()
        Select(b.find("#f-country")).select_by_visible_text("India")
        india = self.count(country="India")
        b.wait(lambda: 65 < b.js("return Hometown.map.leaflet.getCenter().lng") < 95, "the map to move onto India")
        b.wait_idle()
        zoom = b.js("return Hometown.map.leaflet.getZoom()")
        check(3 <= zoom <= 8, f"fitted to India's posts at a regional zoom: {zoom}")
        check(b.marker_total() == india, f"all {india} India posts in view (DOM shows {b.marker_total()})")
        Select(b.find("#f-state")).select_by_visible_text("Maharashtra")
        b.wait(lambda: abs(b.js("return Hometown.map.leaflet.getCenter().lat") - 19.07) < 1.5, "the map to move onto Mumbai")
        b.wait_idle()
        check(b.js("return Hometown.map.leaflet.getZoom()") <= 8, "one city's posts are fitted at zoom 8 at most")
        b.find("#f-clear").click()
        b.wait(lambda: b.js("return Hometown.map.leaflet.getZoom()") <= 2, "Clear filters to go back to the world (zoom 2 or less)")
        b.wait_idle()
        users = json.loads(http(b.base, "/hometown/users")[1])
        total = sum(1 for u in users if u["latitude"] != 0 or u["longitude"] != 0)      # the posts with a point
        check(b.marker_total() == total, f"every post in the world view after Clear ({b.marker_total()} of {total})")
        # A nickname in the list shows its post with its neighbours, not alone at a street's zoom.
        target = next(p for p in self.posts if p["nickname"] == "superior_jo")
        b.js("Array.from(document.querySelectorAll('#list-body .link-button')).find(e => e.textContent === arguments[0])"
             " || document.getElementById('list-next').click()", target["nickname"])
        b.wait(lambda: b.js("return !!Array.from(document.querySelectorAll('#list-body .link-button')).find(e => e.textContent === arguments[0])",
                            target["nickname"]), "the nickname in the list")
        b.js("Array.from(document.querySelectorAll('#list-body .link-button')).find(e => e.textContent === arguments[0]).focus()",
             target["nickname"])
        ActionChains(b.driver).send_keys(Keys.ENTER).perform()
        b.wait(lambda: b.js("return !!document.querySelector('.leaflet-popup')"), "the post's popup")
        b.wait_idle()
        stored = next(u for u in json.loads(http(b.base, "/hometown/users")[1]) if u["nickname"] == target["nickname"])
        self.check_view_shows(stored["latitude"], stored["longitude"], "a nickname's post")

    def test_fit_yields_to_hand(self):
        """A move by hand wins over a fit still on its way: keys, the wheel or a zoom button used while the region of a
        filter, a nickname or Clear is asked for keep the map where they put it; the page's own setView does not."""
        b = self.b
        b.open("/")
        b.wait_idle()
        b.hold_answers("url.startsWith('/hometown/region?')")

        def view():
            return b.js("const m = Hometown.map.leaflet, c = m.getCenter(); return [c.lat, c.lng, m.getZoom()];")

        def fit_held(start, what):
            """From the middle of the Pacific (where no fit lands), starts a fit and waits for its region to be asked for."""
            b.set_view(0, -150, 4)
            start()
            b.wait(lambda: b.held_answers() >= 1, f"the region of {what} to be asked for (and held back)")

        def release_all():
            while b.held_answers():            # a nickname asks for its state's region, then its country's, ...
                b.release_answers()

        # The page's own move, made while a filter's fit is on its way, leaves the fit to land.
        fit_held(lambda: Select(b.find("#f-country")).select_by_visible_text("India"), "India")
        b.js("Hometown.map.leaflet.setView([10, 10], 5, {animate: false})")
        release_all()
        check(65 < view()[1] < 95, f"a setView of the page's own dropped the fit to India: the map is at {view()}")

        def keys():
            b.js("Hometown.map.leaflet.getContainer().focus()")
            before = view()
            ActionChains(b.driver).send_keys("+").perform()
            b.wait(lambda: view()[2] > before[2], "+ to zoom in")
            before = view()
            ActionChains(b.driver).send_keys(Keys.ARROW_RIGHT).perform()
            b.wait(lambda: view()[1] > before[1], "the right arrow to pan east")

        def wheel():
            before = view()
            ActionChains(b.driver).scroll_from_origin(ScrollOrigin.from_element(b.find("#map")), 0, -240).perform()
            b.wait(lambda: view()[2] > before[2], "the wheel to zoom in")

        def button():
            before = view()
            b.find("#map .leaflet-control-zoom-in").click()
            b.wait(lambda: view()[2] > before[2], "the zoom-in button to zoom in")

        def list_nickname():
            b.wait(lambda: b.js("return !!document.querySelector('#list-body .link-button')"), "a nickname in the list")
            b.js("document.querySelector('#list-body .link-button').click()")

        jumped = []
        for start, what, move, how in [
                (lambda: Select(b.find("#f-state")).select_by_visible_text("Maharashtra"), "Maharashtra", keys, "keys"),
                (list_nickname, "a nickname of the list", wheel, "the wheel"),
                (lambda: b.find("#f-clear").click(), "Clear filters", button, "the zoom-in button")]:
            fit_held(start, what)
            move()
            b.wait_idle()
            placed = view()
            release_all()
            if view() != placed:
                jumped.append(f"{how} during the fit to {what}: {placed} became {view()}")
        check(not jumped, "a late region moved the map from where the person put it: " + "; ".join(jumped))
        b.check_console("after fits overtaken by hand")

    def test_all_refusals(self):
        """Every refusal of a post shown at once, each gone as soon as its field changes. Needs the server's "errors"
        list: a taken nickname and a year out of range are both marked after one post."""
        b = self.b
        b.open("/")
        b.wait_idle()
        b.find("#show-post").click()
        b.find("#p-search").send_keys("Chicago" + Keys.ENTER)
        b.wait(lambda: self.options(), "search results")
        b.find("#p-results [role=option]").click()
        b.wait(lambda: b.value("p-city") == "Chicago", "Chicago from the search")
        taken = self.posts[0]["nickname"]
        b.find("#p-nickname").send_keys(taken)
        b.find("#p-password").send_keys("secret-1")
        b.find("#p-year").send_keys("1950")
        b.wait(lambda: "taken" in b.text("p-nickname-msg"), "the nickname reported taken as it is typed")
        # What the server says of this post, asked directly: every problem, in "errors" (the first is the one at the top).
        body = {"nickname": taken, "password": "secret-1", "country": b.value("p-country"), "state": b.value("p-state"),
                "city": b.value("p-city"), "year": 1950, "latitude": 41.88, "longitude": -87.63}
        status, text = http(b.base, "/hometown/adduser", body=body)
        answer = json.loads(text)
        problems = answer.get("errors") or [answer]
        print(f"      the server's refusal: {status} {text}", flush=True)
        check(status == 400 and [p.get("field") for p in problems] == ["nickname", "year"],
              "the server lists both problems of the post (a taken nickname, a year out of range) in \"errors\""
              ": " + text)
        b.clear_logs()
        b.find("#p-submit").click()
        b.wait(lambda: b.text("p-form-msg").startswith("Not posted"), "the refusal")
        marked = b.js("return ['nickname', 'password', 'year', 'country', 'state', 'city'].filter(f =>"
                      " document.getElementById('p-' + f).getAttribute('aria-invalid') === 'true')")
        check(marked == ["nickname", "year"], f"both refusals at once: {marked}")
        for problem in problems:
            shown = b.text("p-" + problem["field"] + "-msg")
            check(shown == problem["error"], f"the server's words at {problem['field']}: {shown!r}, not {problem['error']!r}")
        check(b.js("return document.activeElement.id") == "p-nickname", "focus on the first refused field")
        b.find("#p-year").clear()
        b.find("#p-year").send_keys("2016")
        b.wait(lambda: b.find("#p-year").get_attribute("aria-invalid") != "true" and b.text("p-year-msg") == "",
               "the year's refusal gone as soon as the year changes")
        check(b.find("#p-nickname").get_attribute("aria-invalid") == "true", "the nickname's refusal stays")
        b.clear_logs()

    def test_phone_targets(self):
        """At 390x844: every tap target is at least 44 x 44 px (markers by their touch area), the list fits the screen
        (a long city does not push the year out), and the filters and the map are on the screen together."""
        b = self.b
        with b.phone():
            b.open("/?country=India")
            b.wait_idle()
            b.find("#filters summary").click()
            b.wait_idle()
            def small():
                return b.js("""
                const out = [];
                const selector = 'a[href], button, input, select, summary, [role=button], [tabindex]:not([tabindex="-1"])';
                for (const e of document.querySelectorAll(selector)) {
                  if (e.offsetParent === null && getComputedStyle(e).position !== 'fixed') continue;
                  if (e.closest('[hidden]') || e.id === 'map' || e.classList.contains('skip')) continue;
                  const r = e.getBoundingClientRect();
                  if (r.width === 0 && r.height === 0) continue;
                  if (r.width < 44 || r.height < 44) out.push((e.id || e.className || e.tagName) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height));
                }
                return out;""")
            check(not small(), "tap targets under 44 x 44 px: " + "; ".join(small()))
            # The filters and the map together on the first screen.
            rects = b.js("const f = document.getElementById('f-year').getBoundingClientRect(),"
                         " m = document.getElementById('map').getBoundingClientRect();"
                         " return [f.top, f.bottom, m.top, m.bottom, window.innerHeight];")
            check(rects[1] <= rects[4] and rects[2] < rects[4] - 200, f"the filters and at least 200 px of map on screen: {rects}")
            # The list: no sideways scrolling, the year in view, no cell's text spilling.
            rows = b.wait(lambda: b.list_rows() if any(r[3] == "Thiruvananthapuram" for r in b.list_rows()) else None,
                          "Thiruvananthapuram in the list")
            b.js("document.getElementById('list').scrollIntoView()")
            fit = b.js("""
                const wrap = document.querySelector('.table-wrap');
                const spill = Array.from(document.querySelectorAll('#list td, #list th')).filter(c => c.scrollWidth > c.clientWidth + 1)
                  .map(c => c.textContent);
                const years = Array.from(document.querySelectorAll('#list td.col-year')).map(c => c.getBoundingClientRect().right);
                return {scroll: wrap.scrollWidth, width: wrap.clientWidth, page: document.documentElement.scrollWidth,
                        spill: spill, yearRight: Math.max(...years)};""")
            check(fit["scroll"] <= fit["width"] and fit["page"] <= 390, f"the list scrolls sideways: {fit}")
            check(fit["yearRight"] <= 390 and not fit["spill"], f"the year in view and no text spilling: {fit} ({len(rows)} rows)")
            broken = b.words_broken_in_list()
            check(not broken, f"words broken inside on a phone: {broken}")
            b.screenshot(os.path.join(self.out, "phone-list.png"))
            # Markers on the phone map by their touch area, and the panel buttons.
            b.js("window.scrollTo(0, 0)")
            b.find("#show-post").click()
            b.wait(lambda: b.find("#p-nickname").is_displayed(), "the post form on the phone")
            check(not small(), "tap targets under 44 x 44 px with the form open: " + "; ".join(small()))

    # ---- The place search's suggestions ---------------------------------------------------------------------

    def forward_requests(self):
        """The page's requests to /hometown/forward since its load or the last reset_fetch_log, in order:
        [{q, autocomplete, limit, start, end, outcome}] (times in the page's milliseconds; end None while on its
        way)."""
        out = []
        for e in self.b.js("return window.__fetchLog.filter(e => e.url.includes('/hometown/forward'))"):
            q = urllib.parse.parse_qs(urllib.parse.urlsplit(e["url"]).query)
            out.append({"q": q.get("q", [""])[0], "autocomplete": q.get("autocomplete", ["false"])[0] == "true",
                        "limit": int(q.get("limit", ["5"])[0]), "start": e["start"], "end": e["end"],
                        "outcome": e["outcome"]})
        return out

    def reset_fetch_log(self):
        self.b.js("window.__fetchLog = []")

    def check_one_in_flight(self, requests, what):
        """No request to /hometown/forward started before the one before it had ended (answered or aborted)."""
        for before, after in zip(requests, requests[1:]):
            check(before["end"] is not None and before["end"] <= after["start"],
                  f"{what}: two requests on their way at once: {before} and {after}")

    def options(self):
        """The search list's options as the page shows them: [{id, name, where, selected, served}]."""
        return self.b.js("""
            return Array.from(document.querySelectorAll('#p-results [role=option]')).map(e => ({
              id: e.id, name: e.querySelector('.result-name').textContent,
              where: e.querySelector('.result-where').textContent,
              selected: e.getAttribute('aria-selected') === 'true', served: !e.classList.contains('unsupported')
            }));""")

    def server_suggestions(self, text, limit):
        """What the server suggests for `text`, as the page lists it: the names, served places first."""
        status, body = http(self.b.base, "/hometown/forward", {"q": text, "autocomplete": "true", "limit": limit})
        check(status == 200, f"forward {text!r} autocomplete: {status} {body}")
        results = json.loads(body)["results"]
        return [r["name"] for r in results if r["supported"]] + [r["name"] for r in results if not r["supported"]]

    def wait_suggestions(self, text):
        """Waits until the list is open with exactly the server's suggestions for `text` (asked by the page with
        autocomplete=true and answered); returns the options."""
        b = self.b

        def shown():
            if not b.find("#p-results").is_displayed():
                return None
            asked = [r for r in self.forward_requests() if r["q"] == text and r["autocomplete"] and r["outcome"] == 200]
            if not asked:
                return None
            options = self.options()
            wanted = self.server_suggestions(text, asked[-1]["limit"])
            return options if [o["name"] for o in options] == wanted else None
        options = b.wait(shown, f"the suggestions for {text!r} (the list shows {[o['name'] for o in self.options()]})")
        check(b.find("#p-search").get_attribute("aria-expanded") == "true",
              "aria-expanded is true while the list is open")
        return options

    def retype(self, text):
        """Empties the search box as a person does (select all, delete) and types `text`."""
        box = self.b.find("#p-search")
        box.send_keys(Keys.CONTROL, "a")
        box.send_keys(Keys.BACKSPACE)
        self.b.wait(lambda: not self.b.find("#p-results").is_displayed(), "the list to close with the box emptied")
        if text:
            box.send_keys(text)

    def test_suggest(self):
        """The place search suggests as one types: "M" asks nothing, "Minneap" lists Minneapolis (with its state and
        country) after a short pause, one request at a time; Down and Enter pick it and fill USA / Minnesota /
        Minneapolis and the city's point, which a post stores; Escape closes the list, typing opens it again; a
        click picks "San Francisco"; "Моск" suggests Moscow, not served here."""
        b = self.b
        b.open("/")
        b.wait_idle()
        b.find("#show-post").click()
        box = b.find("#p-search")
        aria = {a: box.get_attribute(a) for a in ("role", "aria-expanded", "aria-controls", "aria-autocomplete")}
        check(aria == {"role": "combobox", "aria-expanded": "false", "aria-controls": "p-results",
                       "aria-autocomplete": "list"}, f"the search box is a collapsed combobox: {aria}")
        check(b.find("#p-results").get_attribute("role") == "listbox", "the list is a listbox")
        # When the last key went and when the list last changed while open (for the time it takes).
        b.js("""
            const list = document.getElementById('p-results');
            window.__lastKey = 0; window.__listChanged = 0;
            document.getElementById('p-search')
              .addEventListener('input', () => { window.__lastKey = performance.now(); });
            new MutationObserver(() => { if (!list.hidden) window.__listChanged = performance.now(); })
              .observe(list, { attributes: true, childList: true });""")
        self.reset_fetch_log()
        box.click()
        box.send_keys("M")
        time.sleep(0.6)
        check(not self.forward_requests() and not b.find("#p-results").is_displayed(), "one letter asks nothing")
        box.send_keys("inneap")
        options = self.wait_suggestions("Minneap")
        requests = self.forward_requests()
        check(requests[-1]["q"] == "Minneap", f"the last request is for the whole text: {requests}")
        self.check_one_in_flight(requests, "typing Minneap")
        first = options[0]
        check(first["name"] == "Minneapolis" and first["served"] and "Minnesota, USA" in first["where"],
              f"Minneapolis, Minnesota, USA suggested first: {options}")
        after_key = b.js("return window.__listChanged - window.__lastKey")
        took = requests[-1]["end"] - requests[-1]["start"]
        print(f"      'Minneap': {len(options)} suggestions {after_key:.0f} ms after the last key (its request "
              f"{took:.0f} ms), {len(requests)} request(s) for 6 keys", flush=True)

        # The keyboard: the active option moves, focus stays in the box; Enter picks.
        box.send_keys(Keys.ARROW_DOWN)
        check(box.get_attribute("aria-activedescendant") == first["id"] and self.options()[0]["selected"],
              "Down makes the first option active (aria-activedescendant, aria-selected)")
        check(b.js("return document.activeElement.id") == "p-search", "focus stays in the box")
        ring = b.js("const s = getComputedStyle(document.getElementById(arguments[0]));"
                    "return [s.outlineStyle, s.outlineWidth, s.outlineColor];", first["id"])
        check(ring[0] != "none" and float(ring[1].rstrip("px")) >= 2
              and self.contrast(ring[2], "rgb(255, 255, 255)") >= 3, f"the active option shows a ring: {ring}")
        if len(options) > 1:
            box.send_keys(Keys.ARROW_DOWN)
            check(box.get_attribute("aria-activedescendant") == options[1]["id"], "Down moves to the second option")
            box.send_keys(Keys.ARROW_UP)
            check(box.get_attribute("aria-activedescendant") == first["id"], "Up moves back to the first")
        box.send_keys(Keys.ENTER)
        b.wait(lambda: b.value("p-city") == "Minneapolis", "Enter to pick Minneapolis (%r)" % b.text("p-place-msg"))
        check(b.value("p-country") == "USA" and b.value("p-state") == "Minnesota",
              f"USA / Minnesota, got {b.value('p-country')} / {b.value('p-state')}")
        check(not b.find("#p-results").is_displayed() and box.get_attribute("aria-expanded") == "false"
              and box.get_attribute("aria-activedescendant") is None, "the list closes once a place is picked")
        check(b.js("return document.activeElement.id") == "p-search", "focus stays in the box after the pick")
        check(b.text("p-place-msg") == "Your hometown: Minneapolis, Minnesota, USA.",
              "the place message: " + b.text("p-place-msg"))
        city = json.loads(http(b.base, "/hometown/forward", {"q": "Minneapolis", "limit": 1})[1])["results"][0]
        b.wait_idle()
        pin = b.js("""
            const m = Hometown.map.leaflet, c = m.getContainer().getBoundingClientRect();
            const r = document.querySelector('.ht-pin').getBoundingClientRect();
            const at = m.containerPointToLatLng([r.left + r.width / 2 - c.left, r.bottom - c.top]).wrap();
            return [at.lat, at.lng];""")
        check(abs(pin[0] - city["latitude"]) < 0.02 and abs(pin[1] - city["longitude"]) < 0.02,
              f"the pin at Minneapolis ({city['latitude']}, {city['longitude']}): {pin}")
        nickname = self.nickname + "_sg"
        b.find("#p-nickname").send_keys(nickname)
        b.find("#p-password").send_keys("secret-1")
        b.find("#p-year").send_keys("2017")
        b.wait(lambda: "free" in b.text("p-nickname-msg"), "the nickname reported free")
        b.find("#p-submit").click()
        b.wait(lambda: b.text("p-form-msg").startswith("Posted"), "Posted (the form says %r)" % b.text("p-form-msg"))
        stored = json.loads(http(b.base, "/hometown/users", {"reverse": "true", "page": 0, "pagesize": 1})[1])[0]
        check(stored["nickname"] == nickname and (stored["country"], stored["state"], stored["city"]) ==
              ("USA", "Minnesota", "Minneapolis") and abs(stored["latitude"] - city["latitude"]) < 1e-5
              and abs(stored["longitude"] - city["longitude"]) < 1e-5,
              f"the post has the suggestion's place and point: {stored}")
        self.posts.append({"nickname": nickname, "country": "USA", "state": "Minnesota", "city": "Minneapolis",
                           "year": 2017})
        b.wait_idle()

        # Escape closes the list and leaves the text and the form; typing opens it again.
        check(b.value("p-search") == "", "the search box is empty after the post")
        box.click()
        box.send_keys("Chica")
        self.wait_suggestions("Chica")
        box.send_keys(Keys.ESCAPE)
        b.wait(lambda: not b.find("#p-results").is_displayed(), "Escape to close the list")
        check(box.get_attribute("aria-expanded") == "false" and b.value("p-search") == "Chica"
              and b.js("return document.activeElement.id") == "p-search" and b.find("#panel-post").is_displayed(),
              "Escape closes only the list: the text, the focus and the form stay")
        time.sleep(0.5)
        check(not b.find("#p-results").is_displayed(), "the list stays closed after Escape")
        box.send_keys("g")
        self.wait_suggestions("Chicag")
        # Tab leaves the box and closes the list.
        box.send_keys(Keys.TAB)
        b.wait(lambda: not b.find("#p-results").is_displayed(), "the list to close when focus leaves the box")

        # A click picks.
        box.click()
        self.retype("San Fran")
        options = self.wait_suggestions("San Fran")
        check(options[0]["name"] == "San Francisco" and "California, USA" in options[0]["where"],
              f"San Francisco, California first: {options}")
        b.screenshot(os.path.join(self.out, "suggest.png"), "#panel-post")
        b.find("#" + options[0]["id"]).click()
        b.wait(lambda: b.value("p-city") == "San Francisco" and b.value("p-state") == "California",
               "a click to pick San Francisco")
        check(b.js("return document.activeElement.id") == "p-search", "focus in the box after a click on a suggestion")

        # Another script: the server's suggestions for "Моск", Moscow among them (after Moscow, Idaho: served places
        # come first).
        self.retype("Моск")
        options = self.wait_suggestions("Моск")
        moscow = [o for o in options if o["name"] in ("Москва", "Moscow") and "Russia" in o["where"]]
        check(moscow and not moscow[0]["served"] and "not served here" in moscow[0]["where"],
              f"Moscow, Russia, not served here, among the suggestions: {options}")
        b.find("#" + moscow[0]["id"]).click()
        b.wait(lambda: "not served here" in b.text("p-place-msg"), "picking Moscow to say it is not served")
        check(b.value("p-city") == "San Francisco", "an unserved place leaves the place chosen before")
        b.check_console("while suggesting")

    def test_suggest_stale(self):
        """With every request slowed by 800 ms: a text typed on while a request is on its way aborts it, and the list
        shows the final text's suggestions, never the older answer; a word typed at once asks at most a few times,
        one request at a time. A blocked request says "Could not search" at the box, with no list, and the next
        letter suggests again; a text nothing begins with says so."""
        b = self.b
        b.open("/")
        b.wait_idle()
        b.find("#show-post").click()
        box = b.find("#p-search")
        box.click()
        b.driver.execute_cdp_cmd("Network.enable", {})
        b.driver.execute_cdp_cmd("Network.emulateNetworkConditions",
                                 {"offline": False, "latency": 800, "downloadThroughput": -1, "uploadThroughput": -1})
        try:
            self.reset_fetch_log()
            box.send_keys("Chi")
            b.wait(lambda: any(r["q"] == "Chi" for r in self.forward_requests()), "a request for 'Chi'")
            box.send_keys("na")
            self.wait_suggestions("China")
            requests = self.forward_requests()
            chi = [r for r in requests if r["q"] == "Chi"]
            check(chi and all(r["outcome"] == "aborted" for r in chi), f"the request for 'Chi' was aborted: {requests}")
            self.check_one_in_flight(requests, "typing on while a request waits")
            final = [o["name"] for o in self.options()]
            time.sleep(1.2)                                # longer than a request on its way could take
            check([o["name"] for o in self.options()] == final and b.find("#p-results").is_displayed(),
                  f"the list still shows the suggestions for 'China': {self.options()}")

            self.retype("")
            self.reset_fetch_log()
            box.send_keys("Minneapolis")
            self.wait_suggestions("Minneapolis")
            requests = self.forward_requests()
            self.check_one_in_flight(requests, "a word typed at once")
            asked = [r["q"] for r in requests]
            check(requests[-1]["q"] == "Minneapolis" and len(requests) <= 3,
                  f"a word typed at once: at most 3 requests, the last for the whole word: {asked}")
            print(f"      'Minneapolis' typed at once: {len(requests)} request(s) "
                  f"({', '.join(repr(r['q']) + ' ' + str(r['outcome']) for r in requests)})", flush=True)
        finally:
            b.driver.execute_cdp_cmd("Network.emulateNetworkConditions",
                                     {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})

        # A failed request: the reason at the box, no list; the next letter suggests again.
        b.driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/hometown/forward*"]})
        try:
            self.retype("Denv")
            b.wait(lambda: b.text("p-search-msg").startswith("Could not search"), "'Could not search' at the box")
            check("error" in b.find("#p-search-msg").get_attribute("class")
                  and box.get_attribute("aria-invalid") == "true", "the failure shown as an error of the box")
            check(not b.find("#p-results").is_displayed() and box.get_attribute("aria-expanded") == "false",
                  "no list after a failed request")
        finally:
            b.driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
        box.send_keys("e")
        self.wait_suggestions("Denve")
        check(b.text("p-search-msg") == "" and box.get_attribute("aria-invalid") is None, "the failure's message goes")
        errors = b.severe(allowed=("ERR_BLOCKED_BY_CLIENT",))
        check(not errors, "console errors besides the blocked requests: " + "; ".join(errors))
        b.clear_logs()
        # Nothing begins so: the box says so and Enter offers the whole-name search.
        self.retype("Qxqzvjk")
        b.wait(lambda: b.text("p-search-msg").startswith("No place name begins"), "the box to say nothing begins so")
        check(not b.find("#p-results").is_displayed(), "no list when nothing begins so")
        box.send_keys(Keys.ENTER)
        b.wait(lambda: b.text("p-search-msg").startswith("No place called"), "Enter to search the whole name")
        check(b.find("#panel-post").is_displayed() and b.text("p-form-msg") == "", "Enter searched, did not post")

    def test_suggest_phone(self):
        """At 390x844, the suggestions fit the screen, each option at least 44 px high, and a tap (a touch, not a
        mouse) picks Guadalajara, Jalisco, Mexico."""
        from selenium.webdriver.common.actions import interaction
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        from selenium.webdriver.common.actions.pointer_input import PointerInput
        b = self.b
        with b.phone():
            b.open("/")
            b.wait_idle()
            button = b.find("#show-post")
            b.js("arguments[0].scrollIntoView({block: 'center'})", button)
            button.click()
            box = b.find("#p-search")
            b.js("arguments[0].scrollIntoView({block: 'start'})", box)
            box.click()
            box.send_keys("Guadal")
            options = self.wait_suggestions("Guadal")
            rects = b.js("return Array.from(document.querySelectorAll('#p-results [role=option]')).map(e => {"
                         " const r = e.getBoundingClientRect(); return [r.left, r.right, r.height]; })")
            check(all(r[0] >= 0 and r[1] <= 390 and r[2] >= 44 for r in rects),
                  f"options on the screen, 44 px high: {rects}")
            check(b.js("return document.documentElement.scrollWidth") <= 390,
                  "no horizontal overflow with the list open")
            b.screenshot(os.path.join(self.out, "suggest-phone.png"))
            target = next((o for o in options if o["name"] == "Guadalajara" and "Jalisco" in o["where"]), None)
            check(target is not None, f"Guadalajara, Jalisco suggested: {options}")
            option = b.find("#" + target["id"])
            b.js("arguments[0].scrollIntoView({block: 'center'})", option)
            tap = ActionBuilder(b.driver, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
            tap.pointer_action.move_to(option).pointer_down().pointer_up()
            tap.perform()
            b.wait(lambda: b.value("p-state") == "Jalisco" and b.value("p-city") == "Guadalajara",
                   "a tap to pick Guadalajara (%r)" % b.text("p-place-msg"))
            check(b.value("p-country") == "Mexico" and not b.find("#p-results").is_displayed(),
                  "Mexico, and the list closed")
            b.check_console("suggesting on the phone")

    # ---- Accessibility --------------------------------------------------------------------------------------

    def axe(self, state, results_by_state):
        """Runs axe-core now and records what it says about `state`; no violation, and no contrast left to review."""
        results = axecheck.run(self.b.driver)
        check("error" not in results, f"axe failed in {state}: {results.get('error')}")
        results_by_state[state] = results
        contrast = [r for r in results["incomplete"] if r["id"] == "color-contrast"]
        print(f"      axe {results['version']} in {state}: {len(results['violations'])} violations, "
              f"{len(contrast)} contrast to review ({len(results['incomplete'])} incomplete in all), "
              f"{results['passes']} rules passed", flush=True)
        for line in axecheck.describe(results):
            print("        " + line, flush=True)
        return results

    def test_axe(self):
        """axe-core (WCAG 2.1 A and AA) finds no violation and no contrast to review: on first load, with the filters
        used, with the post form open and its suggestions shown, after a refused post, and at phone size."""
        b = self.b
        seen = {}
        b.open("/")
        b.wait_idle()
        self.axe("first load", seen)
        Select(b.find("#f-country")).select_by_visible_text("India")
        b.wait(lambda: "country=India" in b.driver.current_url, "country=India in the URL")
        b.find("#f-year").send_keys("2016")
        b.wait(lambda: "year=2016" in b.driver.current_url, "year=2016 in the URL")
        b.wait_idle()
        self.axe("filters used", seen)
        b.find("#f-clear").click()
        b.wait(lambda: "country" not in b.driver.current_url, "filters cleared")
        b.wait_idle()
        b.find("#show-post").click()
        b.wait(lambda: b.find("#panel-post").is_displayed(), "the post form")
        b.wait_idle()
        self.axe("post form open", seen)
        b.find("#p-search").send_keys("Minneap")
        self.wait_suggestions("Minneap")
        b.find("#p-search").send_keys(Keys.ARROW_DOWN)
        self.axe("suggestions open, one active", seen)
        b.find("#p-search").send_keys(Keys.ESCAPE)
        b.find("#p-nickname").send_keys(self.posts[0]["nickname"])
        b.find("#p-password").send_keys("ab")
        b.find("#p-year").send_keys("1950")
        b.find("#p-submit").click()
        b.wait(lambda: b.text("p-form-msg").startswith("Not posted"), "the refusal")
        b.wait_idle()
        self.axe("after a refused post", seen)
        with b.phone(touch=False):
            b.open("/")
            b.wait_idle()
            self.axe("phone 390x844", seen)
            b.find("#filters summary").click()
            b.wait_idle()
            self.axe("phone 390x844, filters open", seen)
            b.find("#show-post").click()
            b.find("#p-search").send_keys("San Fran")
            self.wait_suggestions("San Fran")
            self.axe("phone 390x844, suggestions open", seen)
        b.clear_logs()
        bad = {state: axecheck.describe({"violations": r["violations"],
                                         "incomplete": [i for i in r["incomplete"] if i["id"] == "color-contrast"]})
               for state, r in seen.items()}
        bad = {state: lines for state, lines in bad.items() if lines}
        check(not bad, "axe: " + " | ".join(f"{state}: " + "; ".join(lines) for state, lines in bad.items()))

    def test_drawn_contrast(self):
        """What app.css draws as generated content, which axe does not read (the markers' counts, the map's names, the
        zoom signs, the pencil), is at least 4.5:1 on its own opaque ground (a disc, the names' white halo, a button)."""
        b = self.b
        b.open("/#4/40/-95")
        b.wait_idle()
        b.wait(lambda: b.js("return document.querySelectorAll('.ht-count').length") > 0, "clusters at zoom 4")
        found = b.js("""
            const out = [];
            const ground = (e) => { for (let x = e; x; x = x.parentElement) { const c = getComputedStyle(x).backgroundColor;
              if (c && c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') return c; } return 'rgb(255, 255, 255)'; };
            for (const sel of ['.ht-count', '.ht-dot', '.leaflet-control-zoom-in', '.owner-icon']) {
              for (const e of Array.from(document.querySelectorAll(sel)).slice(0, 5)) {
                const before = getComputedStyle(e, '::before');
                if (before.content === 'none' || before.content === '""') continue;
                out.push([sel, before.content, before.color, ground(e), before.fontSize]);
              }
            }
            for (const e of Array.from(document.querySelectorAll('.ht-label-text')).slice(0, 20)) {
              const s = getComputedStyle(e);
              out.push(['.ht-label-text', getComputedStyle(e, '::before').content, s.color, 'rgb(255, 255, 255)', s.fontSize]);
            }
            return out;""")
        kinds = {f[0] for f in found}
        check({".ht-count", ".leaflet-control-zoom-in", ".owner-icon", ".ht-label-text"} <= kinds,
              f"generated content of every kind found: {sorted(kinds)}")
        low = [f for f in found if self.contrast(f[2], f[3]) < 4.5]
        check(not low, "generated content under 4.5:1: " + "; ".join(f"{f[0]} {f[1]} {f[2]} on {f[3]}: "
                                                                     f"{self.contrast(f[2], f[3]):.2f}" for f in low))
        worst = min(self.contrast(f[2], f[3]) for f in found)
        print(f"      generated content: {len(found)} items, the lowest contrast {worst:.2f}:1", flush=True)

    def test_requests(self):
        """Over the whole run, every request went to the server under test."""
        foreign = self.b.foreign_requests()
        check(not foreign, "requests that left the server: " + ", ".join(sorted(set(foreign))))

    ORDER = ["test_weight", "test_policy", "test_load", "test_filters", "test_filters_stale_states", "test_pick_and_post", "test_refusals", "test_keyboard", "test_phone",
             "test_without_leaflet", "test_cors", "test_owner", "test_owner_places_loading", "test_owner_keyboard_centre",
             "test_owner_backoff", "test_labels", "test_requests"]

    # The lakes, right after the first load.
    ORDER.insert(ORDER.index("test_load") + 1, "test_lakes")
    # The web app for everyone.
    for name in ("test_focus_visible", "test_cluster_zoom", "test_focus_kept", "test_keyboard_post_centre",
                 "test_nickname_check_after_post", "test_keyboard_post_search", "test_suggest", "test_suggest_stale", "test_suggest_phone",
                 "test_map_follows", "test_fit_yields_to_hand", "test_phone_targets", "test_axe", "test_drawn_contrast", "test_all_refusals"):
        ORDER.insert(ORDER.index("test_requests"), name)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", required=True, help="the server, e.g. http://127.0.0.1:8080")
    parser.add_argument("--out", default=os.path.join(here, "out"), help="folder for the screenshots")
    parser.add_argument("--docs-png", default="",
                        help="also copy the map screenshot here, e.g. docs/webapp.png for the README (default: nowhere,"
                             " so a test run leaves the repository as it was)")
    parser.add_argument("--docs-labels", default="",
                        help="also copy the three screenshots of the names (labels-zoom2/5/8.png) into this folder,"
                             " e.g. docs (default: nowhere)")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    parser.add_argument("--assert-weight", action="store_true",
                        help="test_weight also requires the time target: the first boundary tiles under 0.5 s"
                             " right after the server's start (default: printed only, as the machine's load sways it;"
                             " the first load's 350 KB is always required)")
    parser.add_argument("--fresh-server", nargs=3, metavar=("BIN", "DB", "PUBLIC"),
                        help="test_weight starts BIN serve afresh on a snapshot of DB (the test server's database) with"
                             " --public PUBLIC and opens the page the moment it listens (run.sh passes these)")
    parser.add_argument("--keep-going", action="store_true", help="run every test even after a failure")
    parser.add_argument("--only", action="append", help="run only this test (repeatable)")
    args = parser.parse_args()
    base = args.base.rstrip("/")
    os.makedirs(args.out, exist_ok=True)

    started = time.time()
    print(f"seeding {len(SEEDS)} posts ...", flush=True)
    posts = seed(base)
    leaflet = http(base, "/vendor/leaflet/leaflet.js")[0] == 200
    if not leaflet:
        print("FAIL: the server does not serve /vendor/leaflet/leaflet.js (install libjs-leaflet)", file=sys.stderr)
        return 1

    browser = Browser(base, args.chromium, args.chromedriver)
    tests = Tests(browser, posts, args.out, args.docs_png, args.docs_labels, args.assert_weight, args.fresh_server)
    failures = []
    try:
        for name in Tests.ORDER:
            if args.only and name not in args.only:
                continue
            t0 = time.time()
            try:
                getattr(tests, name)()
                # Whatever the test did, the app must not have broken the Content-Security-Policy.
                violations = browser.take_csp_violations()
                check(not violations, "Content-Security-Policy violations: " + "; ".join(violations))
                print(f"ok    {name} ({time.time() - t0:.1f} s): {getattr(Tests, name).__doc__}", flush=True)
            except Exception as error:  # a Failure, or Selenium's own error
                detail = str(error) if isinstance(error, Failure) else traceback.format_exc()
                print(f"FAIL  {name}: {detail}", flush=True)
                failures.append(name)
                try:                    # not left for the next test to be blamed for
                    left = browser.take_csp_violations()
                    if left:
                        print("      and Content-Security-Policy violations: " + "; ".join(left), flush=True)
                except Exception:
                    pass
                try:
                    browser.screenshot(os.path.join(args.out, f"failure-{name}.png"))
                except Exception:
                    pass
                if not args.keep_going:
                    break
    finally:
        browser.quit()
    if not failures and args.docs_png and os.path.exists(os.path.join(args.out, "map.png")):
        os.makedirs(os.path.dirname(os.path.abspath(args.docs_png)), exist_ok=True)
        shutil.copyfile(os.path.join(args.out, "map.png"), args.docs_png)
    elapsed = time.time() - started
    if failures:
        print(f"webtest: {len(failures)} failed ({', '.join(failures)}) in {elapsed:.0f} s; screenshots in {args.out}", file=sys.stderr)
        return 1
    print(f"webtest: all passed in {elapsed:.0f} s; screenshots in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
