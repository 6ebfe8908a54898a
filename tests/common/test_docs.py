"""The documentation: the MkDocs site builds with --strict (broken links and anchors fail), the
generated parameter reference holds every Param of every game with its meaning, the rules every
message cites are in the docs, and the user docs carry no work history."""
import re
import subprocess
import sys
from pathlib import Path

import pytest

from simsuite import games

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import mkdocs_hooks  # noqa: E402  (tools/ is put on sys.path first)

pytest.importorskip("mkdocs")
pytest.importorskip("material")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site")
    r = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)], cwd=ROOT,
                       capture_output=True, text=True, timeout=600, env={**__import__("os").environ,
                                                                          "NO_MKDOCS_2_WARNING": "1"})
    assert r.returncode == 0, r.stdout + r.stderr
    return out


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&amp;", "&").replace("&lt;", "<") \
        .replace("&gt;", ">").replace("&quot;", '"').replace("&#39;", "'")


PAGES = {"star-cartel": "games/star-cartel", "cosmic": "games/cosmic", "space-venture": "games/space-venture"}


def test_every_game_has_a_page():
    """Every game simsuite ships (the test folder's own game, tests/pig, is registered by conftest
    and is not documented)."""
    shipped = {n for n in games.names() if type(games.get(n)).__module__.startswith("simsuite.")}
    assert set(PAGES) == shipped


@pytest.mark.parametrize("game", sorted(PAGES))
def test_the_built_parameter_reference_is_the_code(site, game):
    """Each Param's name, default, allowed values, rule id and meaning are on the game's page, as the
    code declares them now: the table is generated at build time, so it cannot drift."""
    page = _text((site / PAGES[game] / "index.html").read_text())
    g = games.get(game)
    for p in g.params:
        row = re.search(re.escape(p.name) + r"(?: \(also [^)]*\))? " + re.escape(p.shown_default()) + " "
                        + re.escape(" ".join(p.allowed().split())), page)
        assert row, (game, p.name)
        assert " ".join(p.doc.split()) in page, (game, p.name, p.doc)
        if p.rule:
            assert p.rule in page
    for s in g.strategies():
        assert f"{s.name} : {s.description}" in page or f"{s.name}: {s.description}" in page, s.name


def test_the_generator_escapes_table_cells():
    assert mkdocs_hooks._cell("a | b\n c") == "a \\| b c"
    table = mkdocs_hooks.param_table("cosmic")
    widths = {len(re.findall(r"(?<!\\)\|", ln)) for ln in table.splitlines()}
    assert widths == {6}, widths  # every row has exactly 5 cells: no pipe in a doc text split a row


def test_the_markers_are_replaced_and_unknown_ones_are_left_visible():
    md = "a\n<!-- params: star-cartel -->\nb\n<!-- rules-outline: star_cartel.md -->\n"
    out = mkdocs_hooks.expand(md)
    assert "<!--" not in out and "| `crash_threshold` |" in out and "- SC.3 Tunable parameters" in out
    assert out.startswith("a\n|") and "|\nb\n" in out  # the lines around a marker stay their own lines


def test_the_markdown_files_hold_the_generated_tables_as_the_code_makes_them_now():
    """Read as Markdown (on GitHub), a game page shows its parameter table, strategies and rules
    outline, written between markers; a change to a Param, a strategy or a rules heading without
    rewriting the pages fails here."""
    stale = [str(p.relative_to(ROOT)) for p in mkdocs_hooks.stale_files()]
    assert not stale, f"stale generated parts in {stale}: run `python tools/mkdocs_hooks.py --write`"
    for game, page in PAGES.items():
        text = (ROOT / "docs" / f"{page}.md").read_text()
        assert "<!-- /params -->" in text and "<!-- /strategies -->" in text
        for p in games.get(game).params:
            assert f"| `{p.name}`" in text, (game, p.name)


def test_a_written_part_is_regenerated_not_doubled():
    md = "a\n<!-- params: star-cartel -->\nb\n"
    filled = mkdocs_hooks.fill(md)
    assert filled.startswith("a\n<!-- params: star-cartel -->\n\n| parameter |") and filled.endswith(
        "|\n\n<!-- /params -->\nb\n")
    assert mkdocs_hooks.fill(filled) == filled
    # an out-of-date table between the markers: replaced on the site and by --write
    old = filled.replace("| `crash_threshold` |", "| `crash_threshold_old` |")
    assert mkdocs_hooks.fill(old) == filled
    assert mkdocs_hooks.expand(old) == mkdocs_hooks.expand(md) == mkdocs_hooks.expand(filled)
    assert "<!--" not in mkdocs_hooks.expand(filled) and mkdocs_hooks.expand(filled).count("| parameter |") == 1
    # the command reference is generated on the site only
    assert mkdocs_hooks.fill("<!-- cli-help: all -->\n") == "<!-- cli-help: all -->\n"


@pytest.mark.parametrize("game", sorted(PAGES))
def test_the_rules_every_message_cites_are_in_the_docs(game):
    g = games.get(game)
    rules = ROOT / "docs" / "rules" / g.rules
    assert rules.is_file(), rules
    text = rules.read_text()
    for p in g.params:  # every rule id a parameter cites is defined in the contract
        for rid in re.findall(r"\b[A-Z]{2,3}\.\d+(?:\.\d+)?\b", p.rule):
            assert rid in text, (game, p.name, rid)
    shared = ROOT.parent / "shared" / "rules" / g.rules  # the contract the project works from, when present
    if shared.is_file():
        assert shared.read_text() == text, f"docs/rules/{g.rules} differs from {shared}"


def test_user_docs_carry_no_work_history():
    files = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    files = [f for f in files if "rules" not in f.parts]  # the rules contracts are quoted as they are
    for f in files:
        text = f.read_text()
        for pat in (r"\b[Ii]ssue \d+", r"\b[Ss]ession \d+", r"\bthis session\b", r"\bnot met\b", r"\.\./shared/"):
            assert not re.search(pat, text), (f.name, pat)


def test_readme_is_a_few_screens_with_the_two_commands():
    text = (ROOT / "README.md").read_text()
    assert len(text.splitlines()) < 150
    assert "pip install -e . && simsuite report star-cartel-crash" in text
    assert "pip install -e '.[test]' && ruff check . && pytest" in text
    assert "python3.11 -m venv .venv" in text
    for img in re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text):
        assert (ROOT / img).is_file() and (ROOT / img).stat().st_size < 200_000, img
    for link in re.findall(r"\]\((docs/[^)#]+)", text):
        assert (ROOT / link).exists(), link


def test_license_and_its_metadata():
    import tomllib

    assert (ROOT / "LICENSE").read_text().startswith("MIT License\n\nCopyright (c) 2026 the simsuite authors")
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert meta["license"] == {"text": "MIT"}
    assert "License :: OSI Approved :: MIT License" in meta["classifiers"]


def test_the_command_reference_is_every_commands_help(site):
    from simsuite.cli import cli

    page = _text((site / "commands" / "index.html").read_text())
    for name in cli.commands:
        assert f"Usage: simsuite {name} [OPTIONS]" in page, name
    assert "--precision" in page and "--scheduler" in page


def test_no_page_shows_a_stray_code_fence(site):
    """An unclosed fence swallows the rest of its page into one code block (the headings vanish)."""
    for page in site.rglob("index.html"):
        assert "```" not in _text(page.read_text()), page.relative_to(site)
