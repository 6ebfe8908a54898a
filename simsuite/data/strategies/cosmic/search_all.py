"""Looks ahead at every decision it is asked (search_deep's 32 rollouts to the end of the turn, also where to send ships, how many, allies' ships, deals, regroups, penalties, new hands): the top rung of the ladder (about 5 times slower than search_wide, with its options raced: search.py)."""
import numpy as np
from numba import njit

from simsuite.games.cosmic.api import D_FLARE, D_REGROUP
from simsuite.games.cosmic.bots.search.search import search_decide

# As search_deep: 32 rollouts per option, each to the end of the turn (HORIZON 0). A decision with
# more options than search.MAX_SEARCH_OPTIONS is still left to basic, as are decisions inside a new
# hand (search.search_decide says why).
SAMPLES = 32
HORIZON = 0
# Read by the engine (simsuite.games.cosmic.game.uses_rollouts): with this strategy at the table the
# engine records every turn and links the rollout engine.
USES_ROLLOUTS = True
_SAMPLES = np.int64(SAMPLES)  # an int64, not a literal: search_decide compiles once
_HORIZON = np.int64(HORIZON)
# every decision kind, D_REGROUP (the first) to D_FLARE (the last): a bit per kind
_KINDS = np.int64(sum(1 << k for k in range(int(D_REGROUP), int(D_FLARE) + 1)))


@njit
def decide(kind, st, cfg, me):
    return search_decide(kind, st, cfg, me, _SAMPLES, _HORIZON, _KINDS)
