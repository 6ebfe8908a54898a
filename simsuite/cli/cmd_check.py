"""`simsuite check`: machine checks of a strategy plug-in or of a game against its contract.
Exit status 0: the checked thing passes; 1: it fails (one line per failed check); 2: bad input."""
from __future__ import annotations

import sys

import click

from .base import GameCount


def _say(as_json: bool):
    """Where the check says how it is going (stderr): `(say, progress)` for the checks; with --json
    (output for programs) only on a terminal."""
    if as_json and not sys.stderr.isatty():
        return None, False
    return (lambda line: click.echo(line, err=True)), None


def _finish(doc: dict, as_json: bool, lines: list[str]) -> None:
    if as_json:
        from .base import _echo_json

        _echo_json(doc)
    else:
        for line in lines:
            click.echo(line)
    sys.exit(0 if doc["ok"] else 1)


class _CheckGroup(click.Group):
    """`check NOUN FILE` for a game's plug-in noun (Game.plugin_noun) is `check plugin FILE`."""

    def get_command(self, ctx, name):
        cmd = super().get_command(ctx, name)
        if cmd is None:
            from ..games import get, names

            if any(get(n).plugin_noun == name for n in names() if get(n).plugin_check is not None):
                return super().get_command(ctx, "plugin")
        return cmd

    def format_commands(self, ctx, formatter):
        """The listing, then each game's plug-in noun as a command of its own (it is `plugin`)."""
        super().format_commands(ctx, formatter)
        from ..games import get, names

        rows = [(g.plugin_noun, f"a {g.name} plug-in file: the same as `check plugin FILE`")
                for g in (get(n) for n in names()) if g.plugin_check is not None and g.plugin_noun]
        if rows:
            with formatter.section("Plug-in nouns"):
                formatter.write_dl(rows)


@click.group("check", cls=_CheckGroup)
def check():
    """Check a strategy, a game's plug-in file (`check alien FILE`: a Cosmic Encounter alien) or a game.

    Exit status 0: the checked thing passes; 1: it fails (one line per failed check); 2: bad input."""


@check.command("strategy")
@click.argument("file")
@click.option("--game", "game_name", required=True, help="the game the strategy plays")
@click.option("--games", "-n", "n_games", type=GameCount(1, 10**7), default=2000, show_default=True)
@click.option("--players", "-p", type=int, default=None, help="table size (default: the game's largest)")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--strategy-dir", "strategy_dirs", multiple=True, type=click.Path(),
              help="more strategy folders (the line-up's other strategies)")
@click.option("--json", "as_json", is_flag=True, help="print one JSON document")
def strategy_cmd(file, game_name, n_games, players, seed, strategy_dirs, as_json):
    """Play FILE (a strategy .py, or a built-in strategy's name) rotated through a line-up with the
    game's default strategies, with the game's invariants checked after every turn, a guard on the
    state it is handed (a write outside its scratch is reported by field name) and a test that it
    answers the same when what its seat may not see is dealt afresh."""
    from ..engine.checks import check_strategy
    from ..games import get

    g = get(game_name)
    say, progress = _say(as_json)
    r = check_strategy(g, file, n_games=n_games, players=players, seed=seed, extra_dirs=tuple(strategy_dirs),
                       say=say, progress=progress)
    head = f"{r['strategy']} ({g.name}, {r['players']} players, line-up {r['lineup']} rotated, {n_games} games)"
    if r["ok"]:
        if not r["hidden_model"]:
            hidden = "no hidden-information model for this game"
        elif r["hidden_tested"] == r["decisions"]:
            hidden = f"{r['hidden_tested']} decisions re-dealt, same answers"
        else:  # Cosmic Encounter deals nothing while a searching seat plays (its rollouts replay the real cards)
            hidden = (f"{r['hidden_tested']} of {r['decisions']} decisions re-dealt (the game dealt no others), "
                      "same answers")
        lines = [f"pass: {head}: {r['decisions']} decisions checked, no state writes, no invariant violation, "
                 f"no illegal answer; {hidden}"]
    else:
        lines = [f"fail: {r['strategy']} ({g.name}): {p}" for p in r["problems"]]
    _finish(r, as_json, lines)


@check.command("plugin", short_help="Check a game's plug-in file (also `check NOUN FILE`, NOUN below).")
@click.argument("file")
@click.option("--games", "-n", "n_games", type=GameCount(4, 10**7), default=None,
              help="games per edition, spread over the alien's four seats  [default: 400; 2000 with --compiled]")
@click.option("--compiled", is_flag=True, help="compile the kernel with the file (minutes, once per version of the "
              "file) to play many more games; without it the games are played interpreted, with no compile")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="print one JSON document")
def plugin_cmd(file, n_games, compiled, seed, as_json):
    """Check a game's plug-in file (`simsuite check alien FILE` for a Cosmic Encounter alien file): its fields and hooks, that it acts only through
    the power API and reads only what its holder may see, then play it under each edition it
    declares at every seat with the game's invariants checked after every turn. A bad file: one
    line, exit status 2."""
    from ..games import get, names

    g = next((get(n) for n in names() if get(n).plugin_check is not None), None)
    say, progress = _say(as_json)
    r = g.plugin_check(file, n_games=n_games, seed=seed, say=say, progress=progress, compiled=compiled)
    if r["ok"]:
        uses = sum(x["power_uses"] for x in r["runs"])
        lines = [f"pass: {r['name']} ({g.name}; {', '.join(r['editions'])}; hooks {', '.join(r['hooks'])}): "
                 f"{sum(x['games'] for x in r['runs'])} games at every seat, {uses} power uses, no invariant "
                 "violation, no API misuse"]
    else:
        lines = [f"fail: {r['name']} ({g.name}): {p}" for p in r["problems"]]
    _finish(r, as_json, lines)


@check.command("game")
@click.argument("game_name")
@click.option("--games", "-n", "n_games", type=GameCount(100, 10**6), default=1500, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="print one JSON document")
def game_cmd(game_name, n_games, as_json):
    """The contract every game owes the runner (simsuite.testing.check_game): determinism across
    threads and batch splits, replay = batch record, no invariant violation over random games,
    illegal answers rejected and counted, every record field written."""
    from ..games import get
    from ..testing import check_game

    g = get(game_name)
    res = check_game(g.name, n_games=n_games)
    doc = dict(game=g.name, games=n_games, ok=all(not p for p in res.values()),
               checks={k: ("pass" if not p else p) for k, p in res.items()})
    lines = [f"{'pass' if not p else 'fail'}: {g.name}: {k}{': ' + p if p else ''}" for k, p in res.items()]
    _finish(doc, as_json, lines)
