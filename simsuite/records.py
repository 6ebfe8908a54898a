"""Per-game records: one int64 row per game, viewed as a numpy structured array (no copy).

A game declares its scalar fields (name, doc) and vector fields (name, length, doc);
``RecordLayout`` gives each field's column offset, the structured dtype and the view.
"""
import numpy as np
import pandas as pd


class RecordLayout:
    def __init__(self, scalar_fields, vector_fields):
        self.scalar_fields = tuple(scalar_fields)
        self.vector_fields = tuple(vector_fields)
        self.offsets = {}
        off = 0
        for name, _doc in self.scalar_fields:
            self.offsets[name] = off
            off += 1
        for name, n, _doc in self.vector_fields:
            self.offsets[name] = off
            off += n
        self.n_cols = off
        self.dtype = np.dtype([(n, "<i8") for n, _ in self.scalar_fields]
                              + [(n, "<i8", (k,)) for n, k, _ in self.vector_fields])
        assert self.dtype.itemsize == self.n_cols * 8

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
