"""Reads the board: protects its stashed types from crashes, pushes opponents' types toward a crash, plans the fill of its hold and uses ship abilities when they pay.

Every marker move is weighted by (own stash - opponents' mean stash) of that type, values near
the crash threshold are discounted while many deliveries remain, a hold that fills the ship
exactly earns a bonus (delivery now and a better ship), and ROW_PURGE, ANY_ROW, THIRD_OF_KIND,
PRICE_SWAY and EXTRA_STASH are taken whenever the evaluation says they gain.
"""
import numpy as np
from numba import njit

from simsuite.games.star_cartel.heuristics import heuristic_decide

RELATIVE = np.int64(1)
FILL_WEIGHT = 2.0
USE_PURGE = np.int64(1)


@njit(inline="always")  # flattened into the generated dispatch
def decide(kind, st, cfg, me):
    return heuristic_decide(kind, st, cfg, me, RELATIVE, FILL_WEIGHT, USE_PURGE)
