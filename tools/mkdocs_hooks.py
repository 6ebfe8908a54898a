"""MkDocs hook (mkdocs.yml `hooks:`): the reference parts of the documentation are generated from
the code when the site is built, so they cannot drift from it.

A page asks for a part with an HTML comment on a line of its own:

    <!-- params: star-cartel -->         every Param of the game: default, allowed values, rule id, meaning
    <!-- strategies: star-cartel -->     the built-in strategies with the first line of their docstring
    <!-- rules-outline: star_cartel.md -->  the sections of a rules contract in docs/rules/, with their ids
    <!-- cli-help: all -->               every command's `--help` text

tests/common/test_docs.py builds the site with --strict and checks these parts against the code.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # `mkdocs build` from a checkout: document this tree's simsuite
    sys.path.insert(0, str(ROOT))

MARK = re.compile(r"^<!--\s*(params|strategies|rules-outline|cli-help):\s*([\w.-]+)\s*-->[ \t]*$", re.M)
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


def expand(markdown: str) -> str:
    def one(m):
        kind, arg = m.group(1), m.group(2)
        if kind == "params":
            return param_table(arg)
        if kind == "strategies":
            return strategy_list(arg)
        if kind == "cli-help":
            return cli_help(arg)
        return rules_outline(arg)

    return MARK.sub(one, markdown)


def on_page_markdown(markdown, page=None, config=None, files=None, **kw):
    return expand(markdown)
