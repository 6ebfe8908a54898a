"""Page height and where the first chart sits, as a reader sees a report in headless Chromium.

    python tools/page_metrics.py reports/examples/*/index.html [--shots DIR]

Per page: the rendered height at 1400 px wide (details folded, as the page opens), the y of the
first chart (<img>) and the words of text before it. Chromium runs a small script in the page
(--dump-dom after --virtual-time-budget) that writes the figures into the DOM; --shots also saves
a 1400 x 3000 screenshot of the top of each page. Tables
wider than their box are listed apart where they scroll sideways in a box of their own (the page keeps
its width) and where they widen the page itself. Needs `chromium` on the PATH.
"""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

PROBE = """<script>window.addEventListener('load', () => {
  const img = document.querySelector('img');
  const top = img ? img.getBoundingClientRect().top + window.scrollY : -1;
  let words = 0;
  if (img) {
    const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = w.nextNode(); n; n = w.nextNode()) {
      if (img.compareDocumentPosition(n) & Node.DOCUMENT_POSITION_PRECEDING) {
        const el = n.parentElement; if (el && el.closest('details:not([open]) > :not(summary)')) continue;
        if (el && ['SCRIPT', 'STYLE', 'TITLE'].includes(el.tagName)) continue;
        words += (n.textContent.match(/\\S+/g) || []).length;
      }
    }
  }
  const folded = document.documentElement.scrollHeight;
  // every table that is wider than its box once every <details> is open (it would scroll)
  document.querySelectorAll('details').forEach(d => d.open = true);
  // a table in a box that scrolls sideways (.scroll) keeps the page its width: listed apart from one
  // that widens the page itself (its last columns cut off at the window's edge)
  const wide = [], scrolls = [];
  document.querySelectorAll('table').forEach(t => {
    const box = t.parentElement.getBoundingClientRect().width;
    if (t.scrollWidth <= box + 2) return;
    let el = t.parentElement, boxed = false;
    for (; el && el !== document.body; el = el.parentElement) {
      const o = getComputedStyle(el).overflowX;
      if (o === 'auto' || o === 'scroll') { boxed = true; break; }
    }
    ((boxed ? scrolls : wide)).push((t.querySelector('th') || {}).textContent + ' ' + t.scrollWidth + '>' + Math.round(box));
  });
  const out = document.createElement('pre'); out.id = 'page-metrics';
  out.textContent = JSON.stringify({height: folded, first_chart: top, words_before: words,
                                    unfolded: document.documentElement.scrollHeight, wide_tables: wide,
                                    scrolling_tables: scrolls,
                                    page_wider: document.documentElement.scrollWidth > window.innerWidth});
  document.body.appendChild(out);
});</script>"""


def measure(page: Path, shots: Path | None = None) -> dict:
    import json

    browser = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if not browser:
        raise SystemExit("chromium not found (apt-get install chromium)")
    html = page.read_text(encoding="utf-8").replace("</body>", PROBE + "</body>")
    with tempfile.NamedTemporaryFile("w", suffix=".html", dir=page.parent, delete=False, encoding="utf-8") as f:
        f.write(html)
        probe = Path(f.name)
    try:
        args = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1400,1000",
                "--virtual-time-budget=5000"]
        dom = subprocess.run(args + ["--dump-dom", probe.as_uri()], capture_output=True, text=True, timeout=120).stdout
        m = re.search(r'<pre id="page-metrics">(.*?)</pre>', dom, re.S)
        res = json.loads(m.group(1).replace("&quot;", '"')) if m else {}
        if shots is not None:
            shots.mkdir(parents=True, exist_ok=True)
            subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                            "--window-size=1400,3000", f"--screenshot={shots / (page.parent.name + '.png')}",
                            page.resolve().as_uri()], capture_output=True, timeout=120)
    finally:
        probe.unlink()
    return res


if __name__ == "__main__":
    args = sys.argv[1:]
    shots = None
    if "--shots" in args:
        i = args.index("--shots")
        shots = Path(args[i + 1])
        args = args[:i] + args[i + 2:]
    for p in args:
        r = measure(Path(p), shots)
        print(f"{p}: height {r.get('height')} px ({r.get('unfolded')} px with every section open), first chart at "
              f"{r.get('first_chart'):.0f} px, {r.get('words_before')} words before it; tables wider than the page: "
              f"{r.get('wide_tables') or 'none'}; the page itself wider than the window: {r.get('page_wider')}; "
              f"{len(r.get('scrolling_tables') or [])} wide tables scroll sideways in their own box")
