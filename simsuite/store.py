"""Results directories: Parquet tables written atomically, a manifest of finished cells.

Every results directory (from ``run`` or ``sweep``) holds:

* ``meta.json``      what produced it (kind run|sweep, game, seed, version, axes, ...)
* ``cells.parquet``  one row per cell: its configuration (every parameter), seed, config hash,
                     simsuite version, games played and metric summaries (``<metric>_mean`` etc.)
* ``groups.parquet`` per cell, one row per table seat, turn-order position and strategy: win rate
                     with Wilson 95% interval, shared-win rate, win share, score mean and sd (the
                     intervals and win_rate_se / share_se from the per-game variance, simsuite.stats)
* ``hists.parquet``  per cell exact histograms (metric, value, count) of the game's metrics declared with hist=True
* ``h2h.parquet``    per cell and label kind (strategy, alien, ...): results of A when B is at the table,
                     and share_cov, the covariance of A's and B's win shares in the cell
* ``comps.parquet``  per cell and label kind: games per table composition and each member's win
                     share (input of the Plackett-Luce strengths in simsuite.rating)
* ``summary.csv``    the cells table as CSV
* ``manifest.json``  finished cells by key, so an interrupted sweep resumes where it stopped
* ``games.parquet``  (run only) one row per game
"""
from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pandas as pd

from . import __version__
from .errors import BadInput
from .runner import CellResult

TABLES = ("cells", "groups", "hists", "h2h", "comps")


def _atomic_write(path: Path, write) -> None:
    tmp = path.with_name(f".{path.name}.tmp{os.getpid()}")
    write(tmp)
    os.replace(tmp, path)


def write_json(path: Path, obj) -> None:
    _atomic_write(path, lambda p: p.write_text(json.dumps(obj, indent=2, sort_keys=True, default=str)))


def read_json(path: Path, field: str, need: tuple = ()) -> dict:
    """A JSON object simsuite wrote (meta.json, manifest.json), or BadInput(field) naming the file
    when it is damaged: unreadable, not JSON, not an object, or without the keys `need`."""
    path = Path(path)
    fix = "it must be the file simsuite wrote; restore it, or start again in a new directory"
    try:
        d = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        why = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise BadInput(field, f"{path} is damaged or unreadable ({why}); {fix}")
    if not isinstance(d, dict):
        raise BadInput(field, f"{path} is damaged (not a JSON object); {fix}")
    missing = [k for k in need if k not in d]
    if missing:
        raise BadInput(field, f"{path} is damaged (no {', '.join(missing)}); {fix}")
    return d


def writable_dir(path: Path, field: str) -> Path:
    """Make directory `path` (parents too) and check it can be written to, else BadInput(field)."""
    path = Path(path)
    if path.exists() and not path.is_dir():
        raise BadInput(field, f"{path} is a file; allowed: a directory (new or existing)")
    try:
        path.mkdir(parents=True, exist_ok=True)
        probe = path / f".write-test{os.getpid()}"
        probe.write_text("")
        probe.unlink()
    except OSError as e:
        raise BadInput(field, f"cannot write to {path}: {e.strerror or e}; allowed: a writable directory")
    return path


def cell_key(game: str, config_hash: int, seed: int, games, code: str) -> str:
    """A cell is redone when the configuration, seed, game count, version or code changes."""
    return f"{game}:{config_hash:016x}:{seed}:{games}:{__version__}:{code}"


def cell_tables(res: CellResult, cell: int) -> tuple[dict, list[dict], list[dict]]:
    ident = dict(cell=cell, config_hash=f"{res.config_hash:016x}", seed=res.seed, simsuite_version=res.version,
                 code_hash=res.code, game=res.game)
    row = dict(ident)
    row.update({k: v for k, v in res.config.items()})
    row.update(res.acc.metric_summary())
    row.update(first_game=res.g0)  # timings live in the manifest: the table depends on the games only
    row.update(max_ci_half_width=res.acc.max_ci_half_width())  # the widest win-rate interval (--precision)
    # every row names its cell's configuration (hash; the parameters are in the cells row), seed
    # and simsuite version, so a table read on its own still says where it came from
    key = dict(cell=cell, config_hash=ident["config_hash"])
    origin = dict(seed=res.seed, simsuite_version=res.version)
    groups = [dict(key, players=res.config["players"], **g, **origin) for g in res.acc.group_rows()]
    hists = [dict(key, **h, players=res.config["players"], **origin) for h in res.acc.hist_rows()]
    extra = dict(h2h=[dict(key, players=res.config["players"], **r, **origin) for r in res.acc.h2h_rows()],
                 comps=[dict(key, players=res.config["players"], **r, **origin) for r in res.acc.comp_rows()])
    return row, groups, hists, extra


class ResultsDir:
    def __init__(self, path: Path, meta: dict):
        self.path = writable_dir(path, "--out")
        old = self.path / "meta.json"
        if old.exists():
            prev = read_json(old, "--out", ("kind", "game"))
            same = {k: prev.get(k) for k in ("kind", "game", "definition")} == {k: meta.get(k) for k in ("kind", "game", "definition")}
            if not same:
                raise BadInput("--out", f"{self.path} holds results of another {prev.get('kind', '?')} "
                                        f"({prev.get('game')}); choose a new directory")
        meta = dict(meta, simsuite_version=__version__, created=time.strftime("%Y-%m-%dT%H:%M:%S"))
        write_json(old, meta)
        self.meta = meta
        self.tables = {t: self._read(t) for t in TABLES}
        man = self.path / "manifest.json"
        self.manifest = read_json(man, "--out", ("done",)) if man.exists() else {"done": {}}

    def _read(self, name: str) -> list[dict]:
        p = self.path / f"{name}.parquet"
        return pd.read_parquet(p).to_dict("records") if p.exists() else []

    def done(self, key: str) -> bool:
        return key in self.manifest["done"]

    def add(self, key: str, res: CellResult, cell: int) -> dict:
        row, groups, hists, extra = cell_tables(res, cell)
        for name, new in (("cells", [row]), ("groups", groups), ("hists", hists), *extra.items()):
            self.tables[name] = [r for r in self.tables[name] if r["cell"] != cell] + new
        # tables first, manifest last: a crash in between only redoes this cell
        for name in TABLES:
            df = pd.DataFrame(self.tables[name])
            _atomic_write(self.path / f"{name}.parquet", lambda p, df=df: df.to_parquet(p, index=False))
        cells = pd.DataFrame(self.tables["cells"])
        _atomic_write(self.path / "summary.csv", lambda p: cells.to_csv(p, index=False))
        # a cell redone (new code or version: a new key) replaces its old entry
        self.manifest["done"] = {k: v for k, v in self.manifest["done"].items() if v.get("cell") != cell}
        self.manifest["done"][key] = dict(cell=cell, games=res.games, seconds=res.seconds,
                                          games_per_s=res.games / res.seconds if res.seconds > 0 else None)
        write_json(self.path / "manifest.json", self.manifest)
        return row


def read_results(path: Path) -> dict:
    """Tables of a results directory as DataFrames plus its meta (raises BadInput if not one)."""
    path = Path(path)
    if not (path / "cells.parquet").exists():
        raise BadInput("results", f"{path} is not a results directory (no cells.parquet); "
                                  "make one with 'simsuite run ... --out DIR' or 'simsuite sweep ... --out DIR'")
    out = {t: pd.read_parquet(path / f"{t}.parquet") if (path / f"{t}.parquet").exists() else pd.DataFrame()
           for t in TABLES}
    out["meta"] = read_json(path / "meta.json", "results", ("kind", "game")) if (path / "meta.json").exists() else {}
    out["manifest"] = (read_json(path / "manifest.json", "results", ("done",))
                       if (path / "manifest.json").exists() else {})
    return out
