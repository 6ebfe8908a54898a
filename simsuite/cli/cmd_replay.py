"""`simsuite replay` and `simsuite bench`."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from .. import __version__
from ..engine.params import command_line
from ..errors import BadInput
from ..plugin_dirs import plugin_dir_option
from ..replay_source import latest_run, replay_source, stored_record
from .base import RESULTS, GameCommand, GameCount, _common, _echo_json, _overrides, cli, compile_notice


@cli.command(cls=GameCommand)
@click.argument("game_name", required=False)
@_common
@click.option("--game", "game_index", type=click.IntRange(0, None), required=True, help="game index within the run")
@click.option("--rotate/--no-rotate", default=None)
@click.option("--from", "from_dir", type=click.Path(), default=None,
              help="results directory of a run (or of a sweep, with --cell): use its configuration and seed")
@click.option("--cell", type=click.IntRange(0, None), default=None, help="cell number of a sweep directory (--from)")
@click.option("--json", "as_json", is_flag=True, help="print the events as JSON")
def replay(game_name, quiet, seed, players, strategies, sets, chunk, threads, strategy_dirs, game_index, rotate,
           from_dir, cell, as_json, shortcuts):
    """Replay one game turn by turn from its seed (identical to the batch run's game).

    The configuration comes from --from RUN_DIR (a sweep: --from DIR --cell N), from the options
    given, or, with none given, from the latest run of this game and seed under results/runs.
    The replayed record is compared with the run's stored record of that game when the run saved
    records, else with the same game played again through the batch kernel.
    """
    from .. import games
    from ..runner import replay_check

    ctx = click.get_current_context()
    given = [f"--{n}" for n in ("seed", "players", "strategies", "set", "rotate")
             if ctx.get_parameter_source("sets" if n == "set" else n) != click.core.ParameterSource.DEFAULT]
    given += list(shortcuts)
    if from_dir is None and game_name and cell is None and not [x for x in given if x != "--seed"]:
        given = []  # the seed picks the run
        from_dir = latest_run(games.get(game_name).name, seed, RESULTS)
        if from_dir is not None and not as_json:
            click.echo(f"(configuration of the latest run with seed {seed}: {from_dir})")
        elif from_dir is None:  # said on stderr, --json too: the game replayed may not be the one meant
            gd = games.get(game_name)
            dflt = gd.resolve({})
            click.echo(f"note: no run of {gd.name} with seed {seed} in {RESULTS / 'runs'}; replaying the default "
                       f"configuration ({dflt['players']} players, strategies {dflt['strategies']}); "
                       "give --players, --strategies and --set, or --from RUN_DIR", err=True)
    stored = None  # the run's own record of this game, when it saved records
    if from_dir:
        if given:
            raise BadInput("--from", f"takes the configuration and seed from {from_dir}; drop {', '.join(given)}")
        g, cfg, seed, n_played, strategy_dirs, stored_path = replay_source(Path(from_dir), cell, strategy_dirs)
        if game_name and games.get(game_name).name != g.name:
            raise BadInput("game", f"{from_dir} holds {g.name} results, not {game_name}")
        if game_index >= n_played:
            raise BadInput("--game", f"the run played games 0..{n_played - 1}")
        if stored_path is not None:
            stored = stored_record(stored_path, game_index)
    else:
        if cell is not None:
            raise BadInput("--cell", "only with --from SWEEP_DIR")
        if not game_name:
            raise BadInput("game", "name a game or give --from RUN_DIR")
        g = games.get(game_name)
        cfg = g.resolve(_overrides(g, players, strategies, sets, rotate, shortcuts), tuple(strategy_dirs))
    if not quiet and not as_json:  # the replay runs the batch entry point: compiled once for run and replay
        compile_notice(g, tuple(strategy_dirs))
    events, rec, batch = replay_check(g, cfg, seed, game_index, tuple(strategy_dirs))
    if stored is not None:
        mine = g.records_frame(rec, cfg["players"]).iloc[0]
        same = all(mine[c] == stored[c] for c in mine.index if c in stored.index)
        against = "the run's stored record"
    else:
        same = bool((rec.view("i8") == batch.view("i8")).all())
        against = "the batch kernel"
    seats = g.game_seat_strategies(cfg, game_index)
    if as_json:
        _echo_json(dict(game=g.name, simsuite_version=__version__, seed=seed, game_index=game_index, config=cfg,
                        seat_strategies=seats, matches_batch=same, compared_with=against, events=events))
    else:
        click.echo(f"{g.title} game {game_index} of seed {seed} ({cfg['players']} players, "
                   f"seats {','.join(seats)})")
        for e in events:
            click.echo(e["text"])
        click.echo(f"identical to {against}: {'yes' if same else 'NO'}")
    if not same:
        sys.exit(1)


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
