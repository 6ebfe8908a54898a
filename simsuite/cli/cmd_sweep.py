"""`simsuite sweep`."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from ..errors import BadInput
from ..resources import sweep_file
from ..sweep_file import interrupted_line, load_sweep_file, sweep_plan
from .base import (
    RESULTS,
    GameCommand,
    GameCount,
    _common,
    _echo_json,
    cli,
    compile_notice,
)


@cli.command(cls=GameCommand)
@click.argument("game_name", required=False)
@_common
@click.option("--config", "config_file", type=click.Path(), default=None, help="sweep definition TOML (configs/sweeps)")
@click.option("--games", "-n", "n_games", type=GameCount(1, 10**12), default=None,
              help="games per cell, over the file's (its top-level and every grid's) [100000]")
@click.option("--rotate/--no-rotate", default=None, help="rotate the line-up through the seats (default on in sweeps)")
@click.option("--out", "-o", type=click.Path(), default=None, help="results directory (default results/<name> under the current directory; "
                   "an ad-hoc sweep: results/<game>-sweep-<hash of its definition>)")
@click.option("--unit", type=GameCount(1, 10**12), default=None,
              help="games per work unit (saved and resumable; part of the sweep definition) [262144]")
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT", help="run the units on a Dask cluster")
@click.option("--precision", type=click.FloatRange(0.0001, 0.5), default=None,
              help="play each cell until every win rate's 95%% CI half-width is at most this (--games is the cap)")
@click.option("--json", "as_json", is_flag=True, help="print one JSON document")
def sweep(game_name, quiet, seed, players, strategies, sets, chunk, threads, strategy_dirs, config_file, n_games,
          rotate, out, unit, scheduler, precision, as_json, shortcuts):
    """Run every combination of the swept parameters; one row per cell in results/<name>/cells.parquet.

    \b
    --set NAME=a..b (integers), --set NAME=a,b,c, strategies alternatives with '|':
      simsuite sweep star-cartel --set crash_threshold=6..12 --set players=3..6 --games 200000 --out results/sc-crash
      simsuite sweep --config configs/sweeps/star-cartel-crash.toml
    Re-running the same command resumes: finished work units are kept, not redone.
    With --scheduler tcp://HOST:PORT the units run on a Dask cluster (same results).
    """
    from .. import games
    from ..sweep import axis_names, run_sweep

    spec = load_sweep_file(sweep_file(config_file)) if config_file else {}
    game_name = game_name or spec.get("game")
    if not game_name:
        raise BadInput("game", "name a game (or give --config with game = ...)")
    g = games.get(game_name)
    if spec.get("game") and games.get(spec["game"]).name != g.name:
        raise BadInput("--config", f"the file is for {spec['game']}, not {g.name}")
    # --seed given on the command line wins over the file's seed (its default 1 does not)
    seed_given = click.get_current_context().get_parameter_source("seed") != click.core.ParameterSource.DEFAULT
    base, axes, n_games, seed, unit, precision = sweep_plan(
        g, spec, sets, players, strategies, shortcuts, rotate, n_games, seed if seed_given else None, unit, precision)
    extra = tuple(strategy_dirs) + tuple(spec.get("strategy_dirs", ()))
    if spec.get("name"):
        name = spec["name"]
    elif out:
        name = Path(out).name
    else:  # an ad-hoc sweep: its own folder, named by its definition (the same command resumes it)
        import hashlib

        what = json.dumps([base, axes, n_games, seed, unit, precision, list(extra)], sort_keys=True, default=str)
        name = f"{g.name}-sweep-{hashlib.sha256(what.encode()).hexdigest()[:8]}"
    out = Path(out) if out else RESULTS / name
    try:
        info = run_sweep(g, base, axes, n_games, seed, out, extra, threads, unit, scheduler, name,
                         precision=precision,
                         notice=None if quiet or scheduler else compile_notice(g, extra, as_json),
                         progress=False if quiet or (as_json and not sys.stderr.isatty()) else None,
                         focus=[spec["focus"]] if isinstance(spec.get("focus"), str) else spec.get("focus"),
                         ladder=spec.get("ladder"))
    except KeyboardInterrupt:
        click.echo(interrupted_line(out), err=True)
        sys.exit(130)
    from ..store import read_results

    tables = read_results(out)
    gps = info["ran_games"] / info["seconds"] if info["seconds"] > 0 else None
    if as_json:
        _echo_json(dict(info, games_per_s=gps, rows=tables["cells"].to_dict("records")))
        return
    cols = [c for c in ("cell", *axis_names(axes), "games", *(f"{m.name}_mean" for m in g.metrics if m.summary))
            if c in tables["cells"].columns]
    shown = tables["cells"][cols].copy()
    for m in g.metrics:  # a share of games: a percentage in text (the fraction stays in --json and the tables)
        if m.summary and m.percent and f"{m.name}_mean" in shown.columns:
            shown[f"{m.name}_mean"] = [f"{100 * v:.2f}%" for v in shown[f"{m.name}_mean"]]
    click.echo(shown.to_string(index=False, float_format=lambda x: f"{x:.3f}"))
    click.echo(f"{info['ran_games']:,} games in {info['ran_units']} unit(s) this time, {info['seconds']:.1f} s"
               + (f" ({gps:,.0f} games/s)" if gps else "") + f"; {info['resumed_cells']} cell(s) were already done; "
               f"tables in {out} (cells.parquet, groups.parquet, hists.parquet: one file per cell; summary.csv)")

