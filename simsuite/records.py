"""Per-game records: one int64 row per game, viewed as a numpy structured array (no copy).

A game declares its scalar fields (name, doc) and vector fields (name, length, doc);
``RecordLayout`` gives each field's column offset, the structured dtype and the view.
"""
import numpy as np


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
