"""`simsuite list`."""
from __future__ import annotations

import click

from ..plugin_dirs import plugin_dir_option
from ..resources import SWEEPS as SWEEPS_DIR
from .base import _echo_json, cli


@cli.command("list")
@click.argument("game_name", required=False)
@plugin_dir_option
@click.option("--json", "as_json", is_flag=True, help="print one JSON document")
def list_cmd(game_name, as_json):
    """Games, their parameters (default, allowed values, rule id) and strategies."""
    import tomllib

    from .. import games

    names = [games.get(game_name).name] if game_name else games.names()
    sweeps: dict[str, list[str]] = {}  # game -> its sweep definitions (a file's game = ...)
    for f in sorted(SWEEPS_DIR.glob("*.toml")):
        try:
            sweeps.setdefault(str(tomllib.loads(f.read_text()).get("game", "")), []).append(f.stem)
        except (OSError, tomllib.TOMLDecodeError):
            continue
    doc = []
    for n in names:
        g = games.get(n)
        doc.append(dict(
            game=g.name, title=g.title, rules=g.rules, rules_doc=f"docs/rules/{g.rules}" if g.rules else "",
            players=f"{g.min_players}..{g.max_players}",
            parameters=[dict(name=p.name, default=p.default, shown_default=p.shown_default(), allowed=p.allowed(),
                             rule=p.rule, doc=p.doc) for p in g.params],
            strategies=[dict(name=s.name, description=s.description, file=str(s.path)) for s in g.strategies()],
            sweeps=sweeps.get(g.name, []),
            **(extra := g.plugin_listing()), plugin_lists=list(extra),
        ))
    if as_json:
        _echo_json(doc)
        return
    for i, d in enumerate(doc):
        if i:
            click.echo("")
        click.echo(f"{d['game']}  ({d['title']}, {d['players']} players; rules and rule ids: {d['rules_doc']} "
                   "in the documentation)")
        click.echo("\n  parameters (--set NAME=VALUE; sweep with a..b or a,b,c): name = default  (allowed; rule)")
        for p in d["parameters"]:
            click.echo(f"    {p['name']} = {p['shown_default']}  ({p['allowed']}{'; ' + p['rule'] if p['rule'] else ''})")
            click.echo(f"        {p['doc']}")
        click.echo("\n  strategies:")
        for s in d["strategies"]:
            click.echo(f"    {s['name']:<10} {s['description']}")
        for key in d.get("plugin_lists", []):  # a game's plug-in lists (Game.plugin_listing)
            if d.get(key):
                click.echo(f"\n  {key} (their files: --plugin-dir DIR):")
                for s in d[key]:
                    click.echo(f"    {s['name']:<15} {s['source']:<9} {s['summary']}" + (f"  ({s['file']})" if s.get("file") else ""))
        if d["sweeps"]:
            click.echo("\n  sweep definitions (simsuite report NAME): " + ", ".join(d["sweeps"]))

