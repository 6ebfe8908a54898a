"""Results directories: one Parquet file per cell and table, written atomically; a manifest of
finished cells.

Each table is a folder, ``<table>.parquet/``, holding one file per cell (``cell-000012.parquet``),
read back as one dataset (``read_table``; ``pandas.read_parquet`` of the folder reads it too).
Finishing a cell writes only that cell's files, so a sweep of n cells writes O(n) data, not O(n²).
Folders written before this layout hold each table as one file ``<table>.parquet``; they are read
as they are, and split into per-cell files the first time a cell is added to them.

Every results directory (from ``run`` or ``sweep``) holds:

* ``meta.json``      what produced it (kind run|sweep, game, seed, version, axes, ...)
* ``cells.parquet``  one row per cell: its configuration (every parameter), seed, config hash,
                     simsuite version, games played and metric summaries (``<metric>_mean`` etc.)
* ``groups.parquet`` per cell, one row per table seat, turn-order position and strategy: win rate
                     with Wilson 95% interval, shared-win rate, win share, score mean and sd (the
                     intervals and win_rate_se / share_se from the per-game variance, simsuite.analysis.stats)
* ``hists.parquet``  per cell exact histograms (metric, value, count) of the game's metrics declared with hist=True
* ``h2h.parquet``    per cell and label kind (strategy, alien, ...): results of A when B is at the table,
                     and share_cov, the covariance of A's and B's win shares in the cell
* ``comps.parquet``  per cell and label kind: games per table composition and each member's win
                     share (input of the Plackett-Luce strengths in simsuite.analysis.rating)
* ``summary.csv``    the cells table as CSV (written when a run or sweep finishes)
* ``manifest.json``  finished cells by key, so an interrupted sweep resumes where it stopped; while
                     a sweep runs, each finished cell appends one line to ``manifest.log``
                     (JSON lines, read on top of manifest.json), folded into manifest.json at the end
* ``games.parquet``  (run only) one row per game
* ``partial.json``   (run only, after an interrupted run) the statistics of the games played, so
                     the same command resumes the run (``simsuite status`` shows it)
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


def read_manifest(path: Path, field: str) -> dict:
    """The finished cells of a results directory: manifest.json with the lines of manifest.log
    (cells finished since it was last written) applied in order; a cell's newer entry replaces its
    older one. A torn last line (a crash while appending) is ignored: that cell is done again."""
    path = Path(path)
    man = path / "manifest.json"
    m = read_json(man, field, ("done",)) if man.exists() else {"done": {}}
    log = path / "manifest.log"
    if log.exists():
        for line in log.read_text(encoding="utf-8", errors="replace").splitlines():
            try:
                e = json.loads(line)
                key, entry = e["key"], e["entry"]
            except (ValueError, KeyError, TypeError):
                continue
            m["done"] = {k: v for k, v in m["done"].items() if v.get("cell") != entry.get("cell")}
            m["done"][key] = entry
    return m


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


def _write_rows(rows: list[dict], path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    # straight from the rows through Arrow: a third of the time of a DataFrame's to_parquet, which
    # is most of what finishing a small cell costs
    try:
        t = pa.Table.from_pylist([{k: _plain(v) for k, v in r.items()} for r in rows])
    except (OverflowError, pa.ArrowException):  # e.g. a seed above 2**63: pandas picks uint64
        t = pa.Table.from_pandas(pd.DataFrame(rows), preserve_index=False)
    pq.write_table(t, path)


def _plain(v):
    return v.item() if hasattr(v, "item") and getattr(v, "ndim", 1) == 0 else v


def _part(path: Path, name: str, cell: int) -> Path:
    return Path(path) / f"{name}.parquet" / f"cell-{int(cell):06d}.parquet"


def _parts(folder: Path) -> list[Path]:
    # hidden names are files being written (atomic_write's temporaries): never read
    return sorted(folder.glob("cell-*.parquet"))


def read_table(path: Path, name: str) -> pd.DataFrame:
    """Table `name` of a results directory as one DataFrame, rows in cell order: the per-cell files
    of ``<name>.parquet/`` read as one Arrow dataset, or the single file of the older layout."""
    p = Path(path) / f"{name}.parquet"
    if p.is_file():
        return pd.read_parquet(p)
    files = _parts(p) if p.is_dir() else []
    if not files:
        return pd.DataFrame()
    import pyarrow as pa
    import pyarrow.dataset as ds
    import pyarrow.parquet as pq

    # one schema for all the files: a column that is null in one cell and numbers in another (or
    # missing in cells made by another version) must not stop the read
    schema = pa.unify_schemas([pq.read_schema(f) for f in files], promote_options="permissive")
    t = ds.dataset([str(f) for f in files], schema=schema, format="parquet").to_table()
    df = t.to_pandas()
    return df.sort_values("cell", kind="stable", ignore_index=True) if "cell" in df.columns else df


def has_results(path: Path) -> bool:
    """Whether a folder holds finished cells (a cells table with rows in either layout)."""
    p = Path(path) / "cells.parquet"
    return p.is_file() or (p.is_dir() and bool(_parts(p)))


def holds_anything(path: Path) -> bool:
    """Whether a results folder holds any results at all: finished cells, finished work units of
    a sweep, records or the saved statistics of an interrupted run. A folder with none (left by a
    run that failed or was stopped before its first unit) may be reused by another run."""
    path = Path(path)
    if has_results(path) or (path / "partial.json").exists() or read_manifest(path, "--out")["done"]:
        return True
    if any((path / f).exists() for f in ("games.parquet", "games.partial.parquet")):
        return True
    chunks = path / "chunks"
    return chunks.is_dir() and any(chunks.glob("*/*.json"))


class ResultsDir:
    def __init__(self, path: Path, meta: dict):
        self.path = writable_dir(path, "--out")
        old = self.path / "meta.json"
        if old.exists():
            prev = read_json(old, "--out", ("kind", "game"))
            same = {k: prev.get(k) for k in ("kind", "game", "definition")} == {k: meta.get(k) for k in ("kind", "game", "definition")}
            if not same and holds_anything(self.path):
                raise BadInput("--out", f"{self.path} holds results of another {prev.get('kind', '?')} "
                                        f"({prev.get('game')}); choose a new directory")
            if not same:  # nothing but the description of a run that never finished a unit: reuse
                (self.path / "manifest.json").unlink(missing_ok=True)
                (self.path / "manifest.log").unlink(missing_ok=True)
        meta = dict(meta, simsuite_version=__version__, created=time.strftime("%Y-%m-%dT%H:%M:%S"))
        write_json(old, meta)
        self.meta = meta
        self.manifest = read_manifest(self.path, "--out")
        self._split = False
        self._added = False

    def read(self, name: str) -> pd.DataFrame:
        return read_table(self.path, name)

    def done(self, key: str) -> bool:
        return key in self.manifest["done"]

    def _split_legacy(self) -> None:
        """A folder of the older layout (one file per table): split each table into per-cell files
        before the first cell is added. Idempotent: a split cut short is redone from the kept file."""
        if self._split:
            return
        for name in TABLES:
            f = self.path / f"{name}.parquet"
            kept = self.path / f".{name}.parquet.old"
            if f.is_file():
                os.replace(f, kept)
            if kept.exists():
                f.mkdir(exist_ok=True)
                df = pd.read_parquet(kept)
                for cell, sub in df.groupby("cell", sort=True):
                    _atomic_write(_part(self.path, name, cell),
                                  lambda p, sub=sub: sub.to_parquet(p, index=False))
                kept.unlink()
        self._split = True

    def add(self, key: str, res: CellResult, cell: int) -> dict:
        row, groups, hists, extra = cell_tables(res, cell)
        self._split_legacy()
        # this cell's files only (first), the manifest last: a crash in between only redoes this cell
        for name, new in (("cells", [row]), ("groups", groups), ("hists", hists), *extra.items()):
            p = _part(self.path, name, cell)
            p.parent.mkdir(exist_ok=True)
            if new:
                _atomic_write(p, lambda t, new=new: _write_rows(new, t))
            else:  # a redone cell without rows here must not keep its old ones
                p.unlink(missing_ok=True)
        # a cell redone (new code or version: a new key) replaces its old entry
        self.manifest["done"] = {k: v for k, v in self.manifest["done"].items() if v.get("cell") != cell}
        self._added = True
        entry = dict(cell=cell, games=res.games, seconds=res.seconds,
                     games_per_s=res.games / res.seconds if res.seconds > 0 else None)
        self.manifest["done"][key] = entry
        # one appended line per cell (rewriting manifest.json after every cell is quadratic)
        with open(self.path / "manifest.log", "a", encoding="utf-8") as f:
            f.write(json.dumps(dict(key=key, entry=entry), sort_keys=True) + "\n")
        return row

    def finish(self) -> None:
        """summary.csv, the cells table as CSV: once at the end, not after every cell. A resumed
        run that added nothing rewrites nothing (the files keep their times)."""
        if not self._added and not (self.path / "manifest.log").exists():
            return
        cells = self.read("cells")
        _atomic_write(self.path / "summary.csv", lambda p: cells.to_csv(p, index=False))
        write_json(self.path / "manifest.json", self.manifest)  # the log folded in, then dropped
        (self.path / "manifest.log").unlink(missing_ok=True)


def read_results(path: Path) -> dict:
    """Tables of a results directory as DataFrames plus its meta (raises BadInput if not one)."""
    path = Path(path)
    if not has_results(path):
        raise BadInput("results", f"{path} is not a results directory (no cells.parquet, or no finished cell "
                                  "in it); make one with 'simsuite run ... --out DIR' or 'simsuite sweep ... --out DIR'")
    out = {t: read_table(path, t) for t in TABLES}
    out["meta"] = read_json(path / "meta.json", "results", ("kind", "game")) if (path / "meta.json").exists() else {}
    out["manifest"] = (read_manifest(path, "results")
                       if (path / "manifest.json").exists() or (path / "manifest.log").exists() else {})
    return out
