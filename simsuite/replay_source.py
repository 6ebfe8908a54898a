"""Where `simsuite replay --from DIR` finds a game: the run's or sweep cell's configuration, the
stored record of that game, or the latest run of a game and seed."""
from __future__ import annotations

import json
from pathlib import Path

import click

from .errors import BadInput


def read_meta(d: Path) -> dict:
    from .store import read_json

    meta_p = d / "meta.json"
    if not meta_p.is_file():
        raise BadInput("--from", f"{d} is not a results directory (no meta.json)")
    meta = read_json(meta_p, "--from", ("kind", "game"))
    if meta["kind"] not in ("run", "sweep"):
        raise BadInput("--from", f"{meta_p} is not a simsuite run or sweep description")
    return meta


def replay_source(d: Path, cell, strategy_dirs):
    """(game, config, seed, games played, strategy dirs, records file or None) of a run, or of a
    sweep's cell, rebuilt from its meta.json and checked against what the run stored."""
    from . import games
    from .sweep import plan_sweep

    meta = read_meta(d)
    g = games.get(meta["game"])
    try:
        if meta["kind"] == "run":
            if cell is not None:
                raise BadInput("--cell", f"{d} is a run, not a sweep; drop --cell")
            dirs = tuple(strategy_dirs) or tuple(meta.get("strategy_dirs", ()))
            cfg = g.resolve(dict(meta["config"]), dirs)
            want = meta["definition"]["config"]
            seed, n = int(meta["seed"]), int(meta["games"])
            recs = d / "games.parquet"
        else:
            dd = meta["definition"]
            dirs = tuple(strategy_dirs) or tuple(dd.get("strategy_dirs", ()))
            cells, counts = plan_sweep(g, dd.get("base", {}), dd.get("axes", {}), int(dd["games"]), dirs)
            if cell is None or cell >= len(cells):
                raise BadInput("--cell", f"{d} is a sweep of {len(cells)} cells; name one with --cell "
                                         f"0..{len(cells) - 1} (simsuite status {d} lists them)")
            cfg = cells[cell]
            want = None
            seed, n = int(dd["seed"]), int(counts[cell])  # that cell's games (its grid's, or the sweep's)
            recs = None  # sweeps keep statistics, not per-game records
    except (KeyError, TypeError, ValueError) as e:
        raise BadInput("--from", f"{d / 'meta.json'} lacks what a replay needs ({e}); was it edited?")
    if want is not None and g.canonical_json(cfg) != want:
        raise BadInput("--from", f"the configuration of {d} cannot be rebuilt exactly: a data file it names "
                                 "changed since the run")
    row = cell_row(d, 0 if cell is None else cell)
    if row is not None:
        if row.get("config_hash") != f"{g.config_hash(cfg):016x}":
            raise BadInput("--from", f"the configuration rebuilt from {d / 'meta.json'} is not the one its results "
                                     "were computed with (a data file changed, or meta.json was edited)")
        if row.get("code_hash") and row["code_hash"] != g.code_hash(dirs):
            click.echo(f"note: the engine or strategy code changed since {d} was computed "
                       f"(simsuite {row.get('simsuite_version', '?')}); the replay runs the current code", err=True)
    return g, cfg, seed, n, dirs, (recs if recs is not None and recs.is_file() else None)


def cell_row(d: Path, cell: int):
    """Row `cell` of a results directory's cells table as a dict, or None."""
    from .store import has_results, read_table

    if not has_results(d):
        return None
    try:
        df = read_table(d, "cells")
    except (OSError, ValueError):  # unreadable or damaged (pyarrow's errors derive from these): no check
        return None
    df = df[df["cell"] == cell] if "cell" in df.columns else df.iloc[:0]
    return df.iloc[-1].to_dict() if len(df) else None


def stored_record(path: Path, game: int):
    """Row of game `game` in a run's games.parquet (a pandas Series), or None if not there."""
    import pandas as pd

    try:
        df = pd.read_parquet(path, filters=[("game", "==", game)])
    except (OSError, ValueError) as e:  # a damaged file: compare with the batch kernel instead, and say so
        click.echo(f"note: {path} cannot be read ({e.__class__.__name__}); comparing with the batch kernel",
                   err=True)
        return None
    return df.iloc[0] if len(df) else None


def latest_run(game: str, seed: int, results: Path) -> Path | None:
    """The most recent run directory under <results>/runs with this game and seed, if any."""
    best = None
    for meta_p in (results / "runs").glob("*/meta.json"):
        try:
            meta = json.loads(meta_p.read_text())
        except (OSError, json.JSONDecodeError):
            continue
        if meta.get("kind") == "run" and meta.get("game") == game and meta.get("seed") == seed and "config" in meta:
            t = meta_p.stat().st_mtime
            if best is None or t > best[0]:
                best = (t, meta_p.parent)
    return best[1] if best else None
