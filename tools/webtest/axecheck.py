"""axe-core in the browser tests: the WCAG 2.1 A and AA rules, run in the page through Selenium.

axe-core (Deque Systems, MPL-2.0) is not fetched from a CDN: its minified build, axe.min.js, comes inside the
PyPI wheel axe-playwright-python (pinned in run.sh and installed there with --no-deps, so Playwright is never
pulled in). Only that file is used: it is located with importlib (the package itself, which imports Playwright,
is never imported) and injected into the page with execute_script, which Chromium runs outside the page's
Content-Security-Policy.
"""

import importlib.util
import os

# The WCAG 2.1 A and AA rules (axe's tags); nothing of 2.2 or best practice.
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

_source = None


def source():
    """The text of axe.min.js from the installed axe-playwright-python wheel."""
    global _source
    if _source is None:
        spec = importlib.util.find_spec("axe_playwright_python")
        if spec is None or not spec.origin:
            raise RuntimeError("axe-playwright-python is not installed (tools/webtest/run.sh installs it)")
        path = os.path.join(os.path.dirname(spec.origin), "axe.min.js")
        with open(path, encoding="utf-8") as f:
            _source = f.read()
    return _source


def run(driver, context=None):
    """Runs axe in the page now shown and returns {version, violations, incomplete, passes} where violations
    and incomplete are lists of {id, impact, help, nodes: [{target, summary}]}, passes a count of rules."""
    if not driver.execute_script("return typeof window.axe === 'object' && typeof window.axe.run === 'function'"):
        driver.execute_script(source() + "\n;window.axe = window.axe || (typeof axe !== 'undefined' ? axe : undefined);")
    return driver.execute_async_script("""
        const [context, tags, done] = arguments;
        const brief = (results) => results.map((r) => ({
          id: r.id, impact: r.impact, help: r.help,
          nodes: r.nodes.map((n) => ({ target: n.target.join(' '), summary: (n.failureSummary ||
            [].concat(n.any, n.all, n.none).map((c) => c.message).join('; ')).slice(0, 400),
            related: [].concat(n.any, n.all, n.none).flatMap((c) => (c.relatedNodes || []).map((x) => x.target.join(' ')))
              .slice(0, 2) })),
        }));
        window.axe.run(context || document, { runOnly: { type: 'tag', values: tags },
                                              resultTypes: ['violations', 'incomplete'] })
          .then((r) => done({ version: window.axe.version, violations: brief(r.violations),
                              incomplete: brief(r.incomplete), passes: r.passes.length }))
          .catch((error) => done({ error: String(error && error.stack || error) }));""", context, TAGS)


def describe(results):
    """A short text of the violations and incomplete results: one line for each rule and message, with up to
    three of its nodes (and what axe relates them to, such as the element over them)."""
    lines = []
    for kind in ("violations", "incomplete"):
        for r in results.get(kind, []):
            by_message = {}
            for n in r["nodes"]:
                message = " ".join(n["summary"].replace("Fix any of the following:", "")
                                   .replace("Fix all of the following:", "").split())
                by_message.setdefault(message, []).append(n)
            for message, nodes in by_message.items():
                targets = ", ".join(n["target"] + (" [" + ", ".join(n["related"]) + "]" if n["related"] else "")
                                    for n in nodes[:3]) + (" ..." if len(nodes) > 3 else "")
                lines.append(f"{'violation' if kind == 'violations' else 'incomplete'} {r['id']} ({r['impact']}): "
                             f"{message or r['help']} -- {len(nodes)} nodes: {targets}")
    return lines
