"""`simsuite bench`."""
from __future__ import annotations

import click

from ..engine.params import command_line
from ..errors import BadInput
from ..plugin_dirs import plugin_dir_option
from .base import GameCommand, GameCount, _echo_json, cli


@cli.command(cls=GameCommand)
@click.argument("game_name")
@click.option("--players", default=None, help="player counts, comma-separated (default: per game)")
@click.option("--strategies", default=None, help="line-up (default: the game's benchmark strategy)")
@click.option("--games", "n_games", type=GameCount(1000, 10**9), default=200_000, show_default=True,
              help="games per timed run")
@click.option("--repeat", type=click.IntRange(1, 100), default=3, show_default=True,
              help="timed runs per figure; the best is reported (a busy machine only slows runs down)")
@click.option("--cold/--no-cold", default=True, show_default=True, help="also time a cold compile (slow)")
@click.option("--set", "sets", multiple=True, metavar="NAME=VALUE",
              help="rule parameter over the benchmark's settings (repeatable), e.g. --set edition=FFG2008")
@click.option("--vs", "vs", multiple=True, metavar="NAME=VALUE",
              help="a second configuration timed in the same run, alternating with the first: the same settings "
                   "with these over them (repeatable; players=N one count), e.g. --vs edition=AH2000 --vs players=4")
@click.option("--against", "against", default=None, metavar="DIR",
              help="a reference build timed in the same run: another simsuite source tree (e.g. a git worktree "
                   "of the last release), its timed runs alternating with this build's")
@click.option("--json", "as_json", is_flag=True, help="print one JSON document")
@plugin_dir_option
def bench(game_name, players, strategies, n_games, repeat, cold, sets, vs, against, as_json, shortcuts):
    """Games per second per player count on 1 thread and all threads, and compile times.

    \b
      simsuite bench cosmic                   # 4 players, basic, no alien powers (engine only)
      simsuite bench cosmic --aliens random   # 4 players, basic, aliens dealt from the 20
      simsuite bench cosmic --set edition=FFG2008 --aliens random --players 5 --vs edition=AH2000 --vs players=4
      simsuite bench space-venture --no-cold --against ../simsuite-last-release   # beside another build
    """
    from .. import games
    from ..bench import run_bench

    g = games.get(game_name)
    given = dict(command_line(g, sets, shortcuts=shortcuts))  # over the game's benchmark settings
    from ..engine.params import parse_assignment

    vs_sets = {}
    for text in vs:
        if "=" not in text:
            raise BadInput("--vs", f"expected NAME=VALUE (e.g. edition=AH2000 or players=4), got {text!r}")
        k, v = parse_assignment(text)
        vs_sets[g.param(k).name] = v  # players too: one count
    res = run_bench(g, players, strategies, n_games, cold, echo=None if as_json else click.echo, given=given,
                    repeat=repeat, vs=vs_sets or None, against=against)
    if as_json:
        _echo_json(res)
