"""Check-only, every game: always an answer outside the options (alternately past them and -1), which
the engine must reject, count, and replace with the first option."""
import numpy as np
from numba import njit

from simsuite.scaffold.layout import S_NOPT, S_SCR


@njit
def decide(kind, st, cfg, me):
    k = st[S_SCR]
    st[S_SCR] = k + 1
    return st[S_NOPT] if k % 2 == 0 else np.int64(-1)
