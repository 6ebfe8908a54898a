"""Per-game records: one int64 row per game, viewed as a numpy structured array (no copy).

A game declares its record in its ``records.py`` as scalar fields (one column) and vector fields
(``n`` columns, e.g. one per seat), each with the name of the offset constant its kernel writes
through (``R_...``). The fields every game has are declared once, in COMMON_FIELDS below; a game
lists them by name (``common("turns")``) among its own, in the order its columns have.
``RecordLayout`` gives each field's column offset, the constants, the structured dtype and the view.
"""
from typing import NamedTuple

import numpy as np
import pandas as pd


class Field(NamedTuple):
    name: str  # column name in the record (and in games.parquet)
    const: str  # the kernel's offset constant, e.g. "R_TURNS"
    n: int  # columns: 1 for a scalar field, e.g. MAX_P for a per-seat field
    doc: str


# The fields every game's record has: the runner, the statistics, the replay check and the kernel
# prelude (_record_common) read or write them. name -> (constant, per seat?, what it holds)
COMMON_FIELDS = {
    "game": ("R_GAME", False, "game index within the run"),
    "start_player": ("R_START", False, "seat that took the first turn"),
    "turns": ("R_TURNS", False, "turns played"),
    "illegal": ("R_ILLEGAL", False, "decisions a strategy answered outside its options (the run stops with an error)"),
    "illegal_seat": ("R_ILLEGAL_SEAT", False, "seat that gave the first such answer (-1: none)"),
    "timeout": ("R_TIMEOUT", False, "1 if the game hit the turn cap"),
    "n_winners": ("R_NWIN", False, "players sharing the win"),
    "strategy": ("R_STRAT", True, "strategy id per seat"),
    "win": ("R_WIN", True, "1 if the seat is among the winners"),
    "score": ("R_SCORE", True, "final score per seat (what decides the win)"),
}


def common(name: str, doc: str = "", n: int = 1) -> Field:
    """A field of COMMON_FIELDS; doc replaces the shared text (e.g. to cite the game's rule). A per-seat
    one gets its columns from per_seat (or n = the game's MAX_P)."""
    const, _per_seat, shared_doc = COMMON_FIELDS[name]
    return Field(name, const, n, doc or shared_doc)


def per_seat(max_p: int, *fields: Field) -> tuple[Field, ...]:
    """The fields with one column per seat (max_p = the game's MAX_P)."""
    return tuple(f._replace(n=max_p) for f in fields)


def field(name: str, const: str, doc: str, n: int = 1) -> Field:
    """A game's own field of n columns, written by the kernel through the constant `const`."""
    if name in COMMON_FIELDS:
        raise ValueError(f"{name!r} is a common field: use common({name!r})")
    return Field(name, const, n, doc)


class RecordLayout:
    """Columns in the order given: the scalar fields, then the vector fields (the order is part of the
    record's bytes: reordering changes every stored run's meaning)."""

    def __init__(self, scalar_fields, vector_fields):
        fields = [*scalar_fields, *vector_fields]
        missing = [n for n in COMMON_FIELDS if n not in {f.name for f in fields}]
        if missing:
            raise ValueError(f"the record lacks the common fields {missing} (simsuite/engine/records.py COMMON_FIELDS)")
        names = [f.name for f in fields]
        consts = [f.const for f in fields]
        if len(set(names)) != len(names) or len(set(consts)) != len(consts):
            raise ValueError("a record field name or constant is given twice")
        if any(f.n != 1 for f in scalar_fields):
            raise ValueError("a scalar field has one column")
        short = [f.name for f in fields if f.name in COMMON_FIELDS and COMMON_FIELDS[f.name][1] and f.n < 2]
        if short:
            raise ValueError(f"common fields {short} are per seat: declare them in per_seat(MAX_P, ...)")
        self.fields = tuple(fields)
        self.scalar_fields = tuple((f.name, f.doc) for f in scalar_fields)
        self.vector_fields = tuple((f.name, f.n, f.doc) for f in vector_fields)
        self.offsets = {}
        off = 0
        for f in fields:
            self.offsets[f.name] = off
            off += f.n
        self.n_cols = off
        self.dtype = np.dtype([(n, "<i8") for n, _ in self.scalar_fields]
                              + [(n, "<i8", (k,)) for n, k, _ in self.vector_fields])
        assert self.dtype.itemsize == self.n_cols * 8

    def constants(self) -> dict:
        """The kernel's names: each field's offset constant (R_...) and N_COLS, the row length."""
        return {**{f.const: self.offsets[f.name] for f in self.fields}, "N_COLS": self.n_cols}

    def view(self, rows: np.ndarray) -> np.ndarray:
        """View an (n, n_cols) int64 array as a structured array (no copy)."""
        return np.ascontiguousarray(rows).view(self.dtype).reshape(len(rows))

    def columns(self, rec: np.ndarray, n_players: int, max_players: int, named: dict | None = None) -> dict:
        """Flat per-game columns (int32, the game index int64): scalar fields as they are, per-seat
        fields (length max_players) as FIELD_0..FIELD_{n_players-1}, other vector fields as the
        column names in `named`."""
        named = named or {}
        cols = {name: rec[name] if name == "game" else rec[name].astype(np.int32) for name, _ in self.scalar_fields}
        for name, k, _ in self.vector_fields:
            if name in named:
                for i, col in enumerate(named[name]):
                    cols[col] = rec[name][:, i].astype(np.int32)
            elif k == max_players:
                for s in range(n_players):
                    cols[f"{name}_{s}"] = rec[name][:, s].astype(np.int32)
        return cols

    def frame(self, rec: np.ndarray, n_players: int, max_players: int, named: dict | None = None) -> pd.DataFrame:
        """The columns() as a DataFrame."""
        return pd.DataFrame(self.columns(rec, n_players, max_players, named), copy=False)
