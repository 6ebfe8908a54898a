"""The committed example reports (reports/examples/*/index.html) as a reader meets them: the answer
and the main chart open the page, a table of contents links to sections that exist, no heading is
empty, no chart says nothing, and the page fits a height budget.

The height is estimated from the HTML at a 1400 px wide window (content 1152 px wide): each chart
at its PNG size scaled to the content width, text at about 20 words a line, table rows, headings,
and a closed <details> as its summary line only (the page as it opens). The estimate was checked
against headless Chromium (tools/page_metrics.py); where Chromium is installed the last test
measures the pages with it too."""
from __future__ import annotations

import re
import shutil
import struct
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "reports" / "examples").glob("*/index.html"))
CONTENT_W = 1152  # the template's max-width 1200 px less its padding
SCREEN = 900  # one screen of a 1400 px wide window
BUDGET = 8 * SCREEN  # the page as it opens, details folded
MAIN_BY = 1500  # the main chart starts within this many pixels, and the answer before it
WORDS_BY = 250  # the words of text (details folded) before the first chart
WORDS_PER_LINE, LINE = 20, 23


def _png_size(path: Path) -> tuple[int, int]:
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", head[16:24])


class _Page(HTMLParser):
    """Walks the page once: the estimated y of every image and heading, the ids, the links, and the
    headings with what follows them."""

    HEAD = {"h1": 50, "h2": 60, "h3": 40, "h4": 34}

    def __init__(self, folder: Path):
        super().__init__(convert_charrefs=True)
        self.folder = folder
        self.y = 0.0
        self.stack: list[tuple[str, dict]] = []
        self.closed = 0  # depth inside closed <details> (below their summary)
        self.in_summary = 0
        self.flex = 0
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.images: list[dict] = []
        self.headings: list[dict] = []  # level, text, y, content after it (chars of text or media)
        self.text_words = 0
        self.words_before_img = None
        self._para_words = 0
        self.in_script = False

    def _visible(self) -> bool:
        return self.closed == 0 or self.in_summary > 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "a" and a.get("href", "").startswith("#"):
            self.links.append(a["href"][1:])
        if tag in ("style", "script", "title"):
            self.in_script = True
        if tag == "details":
            if self.closed or "open" not in a:
                self.closed += 1
                self.stack.append(("details", {"closed": True}))
            else:
                self.stack.append(("details", {"closed": False}))
            if self._visible() or self.closed == 1:
                self.y += 8
            return
        if tag == "summary":
            self.in_summary += 1
            if self.closed <= 1:
                self.y += 28
        if tag == "div" and "flex" in a.get("style", ""):
            self.flex += 1
            self.stack.append(("flexdiv", {}))
        elif tag == "div":
            self.stack.append(("div", {}))
        if self.headings and tag in ("img", "table", "ul", "p", "figure", "details", "div") and self._visible():
            self.headings[-1]["content"] += 1
        if not self._visible():
            return
        if tag in self.HEAD:
            self.y += self.HEAD[tag]
            self.headings.append(dict(level=int(tag[1]), y=self.y, text="", content=0, open=True))
        elif tag == "img":
            w, h = _png_size(self.folder / a["src"])
            box = CONTENT_W / 2 if self.flex else CONTENT_W
            shown_h = h * min(w, box) / w
            self.images.append(dict(src=a["src"], y=self.y, h=shown_h, main=False))
            if self.words_before_img is None:
                self.words_before_img = self.text_words
            self.y += shown_h / (2 if self.flex else 1) + 30
        elif tag == "tr":
            self.y += 22
        elif tag in ("p", "li"):
            self._para_words = 0
            self.y += 10

    def handle_endtag(self, tag):
        if tag in ("style", "script", "title"):
            self.in_script = False
        if tag == "summary":
            self.in_summary -= 1
        if tag == "details":
            while self.stack and self.stack[-1][0] != "details":
                self.stack.pop()
            if self.stack:
                _, d = self.stack.pop()
                if d["closed"]:
                    self.closed -= 1
        if tag == "div":
            while self.stack and self.stack[-1][0] not in ("div", "flexdiv"):
                self.stack.pop()
            if self.stack:
                kind, _ = self.stack.pop()
                if kind == "flexdiv":
                    self.flex -= 1
        if tag in ("p", "li") and self._visible():
            self.y += LINE * max(1, -(-self._para_words // WORDS_PER_LINE)) - LINE

    def handle_data(self, data):
        if self.in_script or not self._visible():
            return
        words = len(data.split())
        if not words:
            return
        if self.headings and self.headings[-1]["open"] and self.headings[-1]["text"] == "" and self.lasttag in self.HEAD:
            self.headings[-1]["text"] = data.strip()
        elif self.headings:
            self.headings[-1]["content"] += 1
        self.text_words += words
        self._para_words += words
        if self.lasttag not in ("p", "li", "td", "th", "a", "b", "code", "span", "summary", "i"):
            self.y += LINE * max(1, -(-words // WORDS_PER_LINE))
        elif self._para_words == words:
            self.y += LINE


def _parse(index: Path) -> tuple[_Page, str]:
    text = index.read_text(encoding="utf-8")
    p = _Page(index.parent)
    p.feed(text)
    m = re.search(r"id=['\"]main-chart['\"]", text)
    if m:
        after = text[m.end():]
        src = re.search(r"<img src=['\"]([^'\"]+)", after).group(1)
        for im in p.images:
            if im["src"] == src:
                im["main"] = True
                break
    return p, text


def test_there_are_examples():
    assert len(EXAMPLES) >= 6


@pytest.mark.parametrize("index", EXAMPLES, ids=lambda p: p.parent.name)
def test_answer_and_main_chart_open_the_page(index):
    page, text = _parse(index)
    answer = min(i for i in (text.find("id='headline'"), text.find("class='head'")) if i >= 0)
    main = re.search(r"id=['\"]main-chart['\"]", text)
    assert main, "no main chart"
    assert answer < main.start(), "the answer comes before the main chart"
    first = page.images[0]
    assert first["main"], f"the first chart on the page is {first['src']}, not the main chart"
    assert first["y"] <= MAIN_BY - 300, f"main chart starts at ~{first['y']:.0f} px"
    # a reader sees the question, a short answer and its chart: at most WORDS_BY words before the chart
    assert page.words_before_img <= WORDS_BY, f"{page.words_before_img} words before the first chart"


@pytest.mark.parametrize("index", EXAMPLES, ids=lambda p: p.parent.name)
def test_contents_and_every_link_lands_on_what_it_names(index):
    page, text = _parse(index)
    nav = re.search(r"<nav[^>]*>(.*?)</nav>", text, re.S)
    assert nav and nav.group(1).count("<a ") >= 3, "a table of contents"
    missing = sorted({x for x in page.links if x not in page.ids})
    assert not missing, f"links to nothing: {missing}"
    # a "Details" link of the answer goes to the section of its topic, not a catch-all
    for sentence, anchor in re.findall(r"<li>(.*?) <a href='#([^']+)'>Details</a></li>", text):
        if "strongest alien" in sentence or "strongest " in sentence and "bot" not in sentence:
            assert anchor.startswith(("ranking-alien", "side-by-side", "power-value")), (sentence[:60], anchor)
        if sentence.startswith("The start player"):
            assert anchor == "turn-order"
        if "strongest bot" in sentence:
            assert anchor == "ranking-strategy"


@pytest.mark.parametrize("index", EXAMPLES, ids=lambda p: p.parent.name)
def test_no_empty_heading(index):
    page, _ = _parse(index)
    for i, h in enumerate(page.headings):
        assert h["text"], f"a heading without text at y ~{h['y']:.0f}"
        nxt = next((g for g in page.headings[i + 1:] if g["level"] <= h["level"]), None)
        between = [g for g in page.headings[i + 1:(page.headings.index(nxt) if nxt else None)]]
        assert h["content"] > 0 or between, f"empty heading: {h['text']!r}"


@pytest.mark.parametrize("index", EXAMPLES, ids=lambda p: p.parent.name)
def test_no_tautological_or_unreadable_chart(index):
    """No "win share by strategy" over cells where every seat plays one strategy (exactly fair by
    construction): the chart, where drawn, is titled as over the cells that mix strategies; no chart
    wider than a screen is squeezed to the page (a 170-bar chart); every chart file exists."""
    page, text = _parse(index)
    if "winshare_strategy.png" in text:
        assert "cells that mix strategies" in text
    for im in page.images:
        w, h = _png_size(index.parent / im["src"])
        assert w <= 1700, f"{im['src']} is {w} px wide: illegible when scaled to the page"
        assert h * min(w, CONTENT_W) / w <= 1.3 * SCREEN, f"{im['src']} is taller than a screen"


@pytest.mark.parametrize("index", EXAMPLES, ids=lambda p: p.parent.name)
def test_page_height_budget(index):
    page, _ = _parse(index)
    assert page.y <= BUDGET, f"estimated height {page.y:.0f} px > {BUDGET} px (8 screens)"


@pytest.mark.skipif(not (shutil.which("chromium") or shutil.which("chromium-browser")),
                    reason="headless Chromium not installed")
@pytest.mark.parametrize("index", EXAMPLES, ids=lambda p: p.parent.name)
def test_page_measured_in_chromium(index):
    import sys

    sys.path.insert(0, str(ROOT / "tools"))
    from page_metrics import measure

    m = measure(index)
    assert m["height"] <= BUDGET + SCREEN // 2, m
    assert 0 <= m["first_chart"] <= MAIN_BY - 300, m
