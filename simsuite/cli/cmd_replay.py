"""`simsuite replay`."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from .. import __version__
from ..errors import BadInput
from ..replay_source import latest_run, replay_source, stored_record
from .base import RESULTS, GameCommand, _common, _echo_json, _overrides, cli, compile_notice


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
    # the replay runs the batch entry point: compiled once for run and replay
    notice = None if quiet or as_json else compile_notice(g, tuple(strategy_dirs))
    if notice is not None:
        notice.before()
    events, rec, batch = replay_check(g, cfg, seed, game_index, tuple(strategy_dirs))
    if notice is not None:
        notice.after()
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

