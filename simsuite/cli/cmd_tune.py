"""`simsuite tune`."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from ..errors import BadInput
from ..plugin_dirs import plugin_dir_option
from ..resources import sweep_file
from ..sweep_file import interrupted_line
from .base import RESULTS, SEED_RANGE, THREADS, THREADS_HELP, GameCount, _echo_json, cli, compile_notice


@cli.command()
@click.argument("game_name", required=False)
@click.option("--config", "config_file", type=click.Path(), default=None, help="tune definition TOML (configs/tunes)")
@click.option("--param", "params", multiple=True, metavar="NAME=LO..HI|A,B,C",
              help="a rule parameter to search (repeatable): an integer range or a list of values")
@click.option("--objective", "objectives", multiple=True, metavar="KIND[:key=value,...]",
              help="seat-fairness, alien-spread, strategy-gap:a=X,b=Y[,target=T], game-length:target=T, "
                   "metric:metric=NAME,target=|max=|min=V; weight=W weighs several (repeatable)")
@click.option("--players", "-p", default=None, help="player counts every trial plays, e.g. 3..6 [all the game allows]")
@click.option("--strategies", default=None, help="line-up (rotated through the seats)")
@click.option("--set", "sets", multiple=True, metavar="NAME=VALUE", help="a fixed rule parameter (repeatable)")
@click.option("--budget", type=click.IntRange(1, 100_000), default=None, help="finished trials wanted [50]")
@click.option("--games", "-n", "n_games", type=GameCount(100, 10**9), default=None,
              help="games per player count per trial (default: from a pilot run and --precision)")
@click.option("--precision", type=click.FloatRange(1e-5, 1e6), default=None,
              help="target half-width of a trial's objective interval (objective units; win shares are "
                   "fractions: 0.005 = 0.5 pp) [0.01]")
@click.option("--max-games", type=GameCount(100, 10**9), default=None,
              help="cap on the games per player count per trial [500000]")
@click.option("--recheck", type=click.IntRange(1, 50), default=None,
              help="best distinct candidates re-played on fresh seeds (with the defaults) [3]")
@click.option("--sampler", type=click.Choice(["tpe", "cmaes"], case_sensitive=False), default=None, help="Optuna sampler [tpe]")
@click.option("--seed", "-s", type=SEED_RANGE, default=None, help="0..2**64-1 [1]")
@click.option("--out", "-o", type=click.Path(), default=None, help="tune directory (default results/tunes/<name>)")
@click.option("--unit", type=GameCount(1, 10**9), default=None, help="games per work unit [16384]")
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT", help="play the units on a Dask cluster")
@click.option("--threads", type=THREADS, default=0, help=THREADS_HELP)
@click.option("--strategy-dir", "strategy_dirs", multiple=True, type=click.Path(), help="extra directory of strategy files")
@click.option("--quiet", "-q", is_flag=True, help="no progress lines")
@click.option("--json", "as_json", is_flag=True, help="print the result as one JSON document")
@plugin_dir_option
def tune(game_name, config_file, params, objectives, players, strategies, sets, budget, n_games, precision, max_games,
         recheck, sampler, seed, out, unit, scheduler, threads, strategy_dirs, quiet, as_json):
    """Search rule parameters for the values that minimise a balance objective (Optuna).

    \b
      simsuite tune star-cartel --param crash_threshold=6..14 --param start_value=1..5 \\
          --objective seat-fairness --players 3..6 --budget 200 --out results/tune-sc
      simsuite tune --config configs/tunes/star-cartel-fair-seats.toml
    Each trial plays every player count as sweep cells; the best few and the defaults are played
    again on fresh seeds. Re-running the same command resumes (finished trials are not redone).
    """
    from .. import games
    from ..tune import build_spec, known_spreads, load_tune_file, log_stderr, run_tune

    spec = load_tune_file(sweep_file(config_file, "tunes")) if config_file else {}
    game_name = game_name or spec.get("game")
    if not game_name:
        raise BadInput("game", "name a game (or give --config with game = ...)")
    g = games.get(game_name)
    if spec.get("game") and games.get(spec["game"]).name != g.name:
        raise BadInput("--config", f"the file is for {spec['game']}, not {g.name}")
    if spec.get("kind"):  # a tune plan: many tunes with the game's own summary (Game.tune_plans)
        plan = g.tune_plan(str(spec["kind"]))
        out = Path(out) if out else RESULTS / "tunes" / str(spec.get("name") or spec["kind"])
        try:
            doc = plan.run(g, spec, out, threads, scheduler, log=None if quiet or as_json else log_stderr,
                           budget=budget, games=n_games, seed=seed, players=players)
        except KeyboardInterrupt:
            click.echo(interrupted_line(out), err=True)
            sys.exit(130)
        if as_json:
            _echo_json(dict(doc, out=str(out)))
        else:
            click.echo(f"{doc['headline']}\nresults in {out} (simsuite report {out})")
        return
    ts = build_spec(g, spec, params, objectives, players, sets, strategies, seed, budget, n_games, precision, recheck,
                    sampler, unit, max_games, name=spec.get("name") or (Path(out).name if out else f"{g.name}-tune"),
                    strategy_dirs=strategy_dirs,
                    spreads=known_spreads(games.get(n) for n in games.names()))
    out = Path(out) if out else RESULTS / "tunes" / ts.name
    try:
        doc = run_tune(g, ts, out, threads, scheduler, log=None if quiet or as_json else log_stderr,
                       notice=None if quiet or as_json or scheduler else compile_notice(g, tuple(ts.strategy_dirs)))
    except KeyboardInterrupt:
        click.echo(interrupted_line(out), err=True)
        sys.exit(130)
    if as_json:
        _echo_json(dict(doc, out=str(out)))
        return
    from ..tune import fmt_interval

    click.echo(doc["headline"])
    for r in doc["rechecks"]:
        who = "defaults" if r["trial"] is None else f"trial {r['trial']}"
        vals = ", ".join(f"{k}={v}" for k, v in r["params"].items())
        est = "" if r["trial_value"] is None else f"trial estimate {fmt_interval(doc, dict(value=r['trial_value'], lo=r['trial_lo'], hi=r['trial_hi']))}; "
        click.echo(f"  {who:<12} {vals}: {est}re-check {fmt_interval(doc, r['recheck'])}")
    for key, who in (("default", "defaults"), ("best", "chosen")):
        click.echo(f"  final check of the {who}: {fmt_interval(doc, doc[key]['final'])}")
    click.echo(f"{len(doc['trials'])} trials ({doc['trials_run_now']} now), {doc['games_per_trial']:,} games per "
               f"player count per trial, {doc['seconds']['total']:.0f} s; results in {out} "
               f"(simsuite report {out})")
