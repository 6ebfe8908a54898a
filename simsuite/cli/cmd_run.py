"""`simsuite run`: one configuration, resumable after Ctrl-C."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from .. import __version__
from ..errors import RuleBreak
from ..runs import RecordWriter, merged, partial_run
from .base import RESULTS, GameCommand, GameCount, _common, _echo_json, _overrides, cli, compile_notice
from .tables import GROUP_COLS, _fmt_table, _group_label, _shown_groups, _text_rows, start_line, start_verdict


@cli.command(cls=GameCommand)
@click.argument("game_name")
@_common
@click.option("--games", "-n", "n_games", type=GameCount(1, 10**12), default=100_000, show_default=True)
@click.option("--rotate/--no-rotate", default=None, help="rotate the line-up through the seats game by game")
@click.option("--out", "-o", type=click.Path(), default=None, help="results directory (default results/runs/...)")
@click.option("--no-records", is_flag=True, help="do not save the per-game records")
@click.option("--json", "as_json", is_flag=True, help="print one JSON document")
def run(game_name, quiet, seed, players, strategies, sets, chunk, threads, strategy_dirs, n_games, rotate, out,
        no_records, as_json, shortcuts):
    """Play GAMES games of one configuration; print win rates per seat, turn order and strategy.

    A run stopped with Ctrl-C keeps the statistics (and records) of the games it played; the same
    command resumes it, with the same result as a run never stopped.
    """
    import time

    from .. import games
    from ..progress import Progress
    from ..runner import run_cell, set_threads
    from ..store import ResultsDir, cell_key, write_json

    t_start = time.perf_counter()
    g = games.get(game_name)
    cfg = g.resolve(_overrides(g, players, strategies, sets, rotate, shortcuts), tuple(strategy_dirs))
    nthreads = set_threads(threads)
    h = g.config_hash(cfg)
    out = Path(out) if out else RESULTS / "runs" / f"{g.name}-p{cfg['players']}-seed{seed}-n{n_games}-{h:016x}"
    rd = ResultsDir(out, dict(kind="run", game=g.name, seed=seed, games=n_games, axes={}, config=cfg,
                              strategy_dirs=[str(Path(d).resolve()) for d in strategy_dirs],
                              # games.parquet's strategy_<seat> columns hold these ids
                              strategy_ids={i: s.name for i, s in enumerate(g.strategies(tuple(strategy_dirs)))},
                              definition=dict(config=g.canonical_json(cfg), seed=seed, games=n_games)))
    key = cell_key(g.name, h, seed, n_games, g.code_hash(tuple(strategy_dirs)))
    before = partial_run(out, key, need_records=not no_records, quiet=quiet or as_json)
    g0 = before["games_done"] if before else 0
    writer = None
    if not no_records:
        writer = RecordWriter(out / "games.parquet", g, cfg, seed, h,
                               resume=out / "games.partial.parquet" if before else None)
    notice = None if quiet else compile_notice(g, tuple(strategy_dirs), tty_only=as_json)
    # --json is for programs: progress then only on a terminal
    bar = Progress(n_games, f"{g.name} p{cfg['players']}", enabled=not quiet and (not as_json or sys.stderr.isatty()),
                   initial=g0)
    ok = False
    try:
        res = run_cell(g, cfg, n_games - g0, seed, tuple(strategy_dirs), g0=g0, chunk=chunk,
                       on_chunk=writer.write if writer else None, progress=bar, notice=notice)
        ok = True
    except RuleBreak as e:  # a plug-in broke the rules: the games before it are kept, as for Ctrl-C
        bar.close()
        kept = writer.close(publish=False) if writer else None
        part = e.partial
        if part is not None and part.g0 + part.games > 0:
            if before:
                part = merged(before, part)
            write_json(out / "partial.json", dict(key=key, games_done=part.g0 + part.games, games=n_games,
                                                  seconds=part.seconds, records=kept is not None,
                                                  acc=part.acc.to_dict()))
            raise RuleBreak(e.field, f"{str(e).split(': ', 1)[1]} (the {part.g0 + part.games:,} games before it are "
                                     f"saved in {out})")
        raise
    except KeyboardInterrupt as e:
        bar.close()
        kept = writer.close(publish=False) if writer else None
        part = getattr(e, "partial", None)
        if part is not None and part.g0 + part.games > 0:  # keep the games played: the same command resumes
            if before:
                part = merged(before, part)
            write_json(out / "partial.json", dict(key=key, games_done=part.g0 + part.games, games=n_games,
                                                  seconds=part.seconds, records=kept is not None,
                                                  acc=part.acc.to_dict()))
            click.echo(f"interrupted after {part.g0 + part.games:,} of {n_games:,} games; they are saved in "
                       f"{out} (partial.json{', games.partial.parquet' if kept else ''}): run the same command "
                       "again to resume (same result as an uninterrupted run)", err=True)
        else:
            click.echo("interrupted: the run did not finish; results already in " + str(out) + " are unchanged"
                       + (f"; the records of the {writer.games:,} games played are in {kept}" if kept else "")
                       + "; run the same command again to start it over", err=True)
        sys.exit(130)
    finally:
        bar.close()
        if writer and not writer.closed:
            writer.close(publish=ok)
    if before:
        res = merged(before, res)
    rd.add(cell_key(g.name, h, seed, n_games, res.code), res, 0)
    rd.finish()
    for f in ("partial.json", "games.partial.parquet"):  # the run is whole: nothing left to resume
        (out / f).unlink(missing_ok=True)
    gps = n_games / res.seconds if res.seconds > 0 else float("nan")
    groups = res.acc.group_rows()
    seat_strats = None if cfg["rotate"] else g.seat_strategies(cfg)
    for gr in groups:
        gr["label"] = _group_label(gr, seat_strats)
    m = res.acc.metric_summary()
    start = start_verdict(groups, int(cfg["players"]))
    if as_json:
        _echo_json(dict(game=g.name, simsuite_version=__version__, seed=seed, config_hash=f"{h:016x}", config=cfg,
                        games=n_games, seconds=res.seconds, games_per_s=gps, threads=nthreads,
                        out=str(out), metrics={k: v for k, v in m.items()}, groups=groups, start_player=start))
        return
    click.echo(f"{g.title}: {n_games:,} games, {cfg['players']} players, seed {seed}, "
               f"line-up {','.join(g.seat_strategies(cfg))}{' (rotated)' if cfg['rotate'] else ''}")
    click.echo(_fmt_table(_text_rows(_shown_groups(groups)), GROUP_COLS))
    if start:
        click.echo(start_line(start))
    click.echo(g.summary_line(m))
    wall = time.perf_counter() - t_start
    resumed = f" (resumed at game {g0:,})" if g0 else ""
    # the games' time (the rate's) and the command's whole wall time, compile or load included
    click.echo(f"{res.seconds:.2f} s playing, {gps:,.0f} games/s on {nthreads} thread(s){resumed}; "
               f"wall time {wall:.1f} s; results in {out}")
