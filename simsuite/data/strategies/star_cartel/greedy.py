"""Best immediate stash value: each choice maximises the player's own score from the next delivery."""
import numpy as np
from numba import njit

from simsuite.games.star_cartel.heuristics import heuristic_decide

RELATIVE = np.int64(0)  # own score only
FILL_WEIGHT = 0.0  # no planning of the hold's fill
USE_PURGE = np.int64(0)  # never uses ROW_PURGE


@njit(inline="always")  # flattened into the generated dispatch
def decide(kind, st, cfg, me):
    return heuristic_decide(kind, st, cfg, me, RELATIVE, FILL_WEIGHT, USE_PURGE)
