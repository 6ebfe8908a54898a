"""MkDocs hook (mkdocs.yml `hooks:`): the reference parts of the documentation are generated from
the code, so they cannot drift from it.

A page asks for a part with an HTML comment on a line of its own:

    <!-- params: star-cartel -->         every Param of the game: default, allowed values, rule id, meaning
    <!-- strategies: star-cartel -->     the built-in strategies with the first line of their docstring
    <!-- rules-outline: star_cartel.md -->  the sections of a rules contract in docs/rules/, with their ids
    <!-- cli-help: all -->               every command's `--help` text
    <!-- plugin-api: cosmic -->          a game's plug-in API (Game.plugin_reference: Cosmic's alien primitives)

The parameter tables, strategy lists and rules outlines are also written into the Markdown files
themselves, between the marker and an end marker (`<!-- /params -->`), so that a page reads the same
on GitHub as on the site: `python tools/mkdocs_hooks.py --write` writes them, `--check` lists the
stale files (tests/common/test_docs.py fails on one). The command reference (cli-help) is filled
only when the site is built: it depends on which games are registered in the process that builds it.
When the site is built, every part is generated afresh from the code.

tests/common/test_docs.py builds the site with --strict and checks these parts against the code.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # `mkdocs build` from a checkout: document this tree's simsuite
    sys.path.insert(0, str(ROOT))

MARK = re.compile(r"^<!--\s*(params|strategies|rules-outline|cli-help|plugin-api):\s*([\w.-]+)\s*-->[ \t]*$", re.M)
RULE_HEADING = re.compile(r"^(#{2,3})\s+((?:[A-Z]+\.\d+(?:\.\d+)?|Part \d+|Appendix [A-Z])\b.*)$", re.M)


def _cell(text) -> str:
    """Text for a Markdown table cell: pipes escaped, one line."""
    return " ".join(str(text).replace("|", "\\|").split())


def param_table(game_name: str) -> str:
    from simsuite import games

    g = games.get(game_name)
    rows = ["| parameter | default | allowed | rule | meaning |", "|---|---|---|---|---|"]
    for p in g.params:
        alias = f" (also `{'`, `'.join(p.aliases)}`)" if p.aliases else ""
        rows.append(f"| `{p.name}`{alias} | `{_cell(p.shown_default())}` | {_cell(p.allowed())} | {p.rule or '–'} "
                    f"| {_cell(p.doc)} |")
    return "\n".join(rows)


def strategy_list(game_name: str) -> str:
    from simsuite import games

    g = games.get(game_name)
    return "\n".join(f"- `{s.name}`: {_cell(s.description)}" for s in g.strategies())


def rules_outline(rules_file: str) -> str:
    text = (ROOT / "docs" / "rules" / rules_file).read_text(encoding="utf-8")
    lines = []
    for level, title in RULE_HEADING.findall(text):
        indent = "    " if level == "###" and any(h.startswith("## Part") for h in re.findall(r"^## .*$", text, re.M)) else ""
        lines.append(f"{indent}- {_cell(title)}")
    return "\n".join(lines)


def cli_help(_: str = "all") -> str:
    """A section per command with its `--help` text, as a terminal 100 columns wide shows it."""
    import click

    from simsuite.cli import cli

    parts = []
    for name in sorted(cli.commands):
        cmd = cli.commands[name]
        ctx = click.Context(cmd, info_name=name, parent=click.Context(cli, info_name="simsuite"),
                            terminal_width=100, max_content_width=100)
        parts.append(f"### {name}\n\n```text\n{cmd.get_help(ctx)}\n```")
    return "\n\n".join(parts)


WRITTEN = ("params", "strategies", "rules-outline", "plugin-api")  # kinds written into the Markdown files too


def _generate(kind: str, arg: str) -> str:
    if kind == "params":
        return param_table(arg)
    if kind == "strategies":
        return strategy_list(arg)
    if kind == "cli-help":
        return cli_help(arg)
    if kind == "plugin-api":
        from simsuite import games

        return games.get(arg).plugin_reference()
    return rules_outline(arg)


def _parts(markdown: str):
    """Each marker: (start, end, kind, arg), where [start, end) covers the marker line and, when the
    part was written into the file, what follows it up to and including its end marker."""
    found = list(MARK.finditer(markdown))
    for i, m in enumerate(found):
        kind = m.group(1)
        stop = found[i + 1].start() if i + 1 < len(found) else len(markdown)
        end = re.compile(r"^<!--\s*/" + re.escape(kind) + r"\s*-->[ \t]*$", re.M).search(markdown, m.end(), stop)
        yield m.start(), (end.end() if end else m.end()), kind, m.group(2)


def _replace(markdown: str, one) -> str:
    out, at = [], 0
    for start, end, kind, arg in _parts(markdown):
        out += [markdown[at:start], one(kind, arg)]
        at = end
    return "".join(out) + markdown[at:]


def expand(markdown: str) -> str:
    """The page as the site shows it: every part generated now, the markers gone."""
    return _replace(markdown, _generate)


def fill(markdown: str) -> str:
    """The Markdown file with its written parts (WRITTEN) regenerated between their markers."""
    def one(kind, arg):
        head = f"<!-- {kind}: {arg} -->"
        if kind not in WRITTEN:
            return head
        return f"{head}\n\n{_generate(kind, arg)}\n\n<!-- /{kind} -->"

    return _replace(markdown, one)


def stale_files(root: Path = ROOT) -> list[Path]:
    """The Markdown files under docs/ whose written parts differ from what the code generates."""
    return [p for p in sorted((root / "docs").rglob("*.md"))
            if MARK.search(t := p.read_text(encoding="utf-8")) and fill(t) != t]


def on_page_markdown(markdown, page=None, config=None, files=None, **kw):
    return expand(markdown)


if __name__ == "__main__":
    import argparse

    ap = argparse.ArgumentParser(description="write (or check) the generated parts of the docs' Markdown files")
    ap.add_argument("--write", action="store_true", help="rewrite the stale files")
    ap.add_argument("--check", action="store_true", help="list the stale files; exit status 1 if any")
    a = ap.parse_args()
    stale = stale_files()
    for p in stale:
        if a.write:
            p.write_text(fill(p.read_text(encoding="utf-8")), encoding="utf-8")
        print(("wrote " if a.write else "stale: ") + str(p.relative_to(ROOT)))
    sys.exit(1 if stale and not a.write else 0)
