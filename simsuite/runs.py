"""A run's own files: its per-game records written chunk by chunk, and the resume of an
interrupted run (partial.json) with the same result as a run never stopped."""
from __future__ import annotations

from pathlib import Path

import click

from . import __version__


def partial_run(out: Path, key: str, need_records: bool, quiet: bool):
    """The saved state of an interrupted run of this very configuration (partial.json: the key
    names config, seed, games, version and code), or None: then the run starts at game 0."""
    from .store import read_json

    p = out / "partial.json"
    if not p.exists():
        return None
    d = read_json(p, "--out", ("key", "games_done", "acc"))
    why = None
    if d["key"] != key:
        why = "it was made by another configuration, game count, version or code"
    elif need_records and not (d.get("records") and (out / "games.partial.parquet").is_file()):
        why = "it kept no per-game records (--no-records) and this run saves them"
    if why:
        if not quiet:
            click.echo(f"note: not resuming the interrupted run in {out}: {why}; starting at game 0", err=True)
        return None
    if not quiet:
        click.echo(f"resuming the interrupted run in {out} at game {d['games_done']:,}", err=True)
    return d


def merged(before: dict, res):
    """The saved games 0..k-1 (partial.json) and the CellResult of games k.. as one CellResult of
    games 0.. (the statistics are exact sums: the same as one uninterrupted run)."""
    from .analysis.stats import Accumulator
    from .runner import CellResult

    acc = Accumulator.from_dict(before["acc"])
    acc.merge(res.acc)
    return CellResult(res.game, res.config, res.seed, res.key, res.config_hash, 0, res.g0 + res.games, acc,
                      before.get("seconds", 0.0) + res.seconds, code=res.code)


class RecordWriter:
    """Per-game records appended to one Parquet file chunk by chunk (row groups)."""

    def __init__(self, path: Path, game, cfg, seed, h, resume: Path | None = None):
        """resume: the records file of an interrupted run (games 0..k-1), copied in first."""
        self.path, self.game, self.cfg = path, game, cfg
        self.tmp = path.with_name(f".{path.name}.tmp")
        self.const = dict(config_hash=f"{h:016x}", seed=seed, simsuite_version=__version__)
        self.w = None
        self.games = 0
        self.closed = False
        if resume is not None:
            import pyarrow.parquet as pq

            src = pq.ParquetFile(resume)
            self.w = pq.ParquetWriter(self.tmp, src.schema_arrow, compression="zstd")
            for i in range(src.num_row_groups):
                self.w.write_table(src.read_row_group(i))
            self.games = src.metadata.num_rows

    def write(self, rec):
        import numpy as np
        import pyarrow as pa
        import pyarrow.parquet as pq

        # straight from the record arrays to Arrow: building a pandas frame first cost more than
        # the rest of the write; the columns and types are the frame's (constants repeated per row,
        # strings as pandas gives them to Arrow)
        n = len(rec)
        cols = {k: pa.array(v) for k, v in self.game.records_columns(rec, self.cfg["players"]).items()}
        for k, v in self.const.items():
            cols[k] = pa.array([v] * n, pa.large_string()) if isinstance(v, str) else pa.array(np.full(n, v))
        t = pa.table(cols)
        if self.w is None:
            self.w = pq.ParquetWriter(self.tmp, t.schema, compression="zstd")
        elif not t.schema.equals(self.w.schema, check_metadata=False):
            t = t.cast(self.w.schema)  # a resumed file written with other string types
        self.w.write_table(t)
        self.games += n

    def close(self, publish: bool = True):
        """Finish the file: a complete run replaces games.parquet; an unfinished one never does (a
        complete file from an earlier run stays) and its records go to games.partial.parquet."""
        self.closed = True
        if self.w is None:
            return None
        self.w.close()
        dest = self.path if publish else self.path.with_name(self.path.stem + ".partial.parquet")
        self.tmp.replace(dest)
        return dest
