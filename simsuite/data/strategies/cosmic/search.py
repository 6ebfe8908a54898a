"""Looks ahead: the encounter card, alliance answers, power uses and (FFG2008) the wild/special destiny choice and reinforcement plays rated by rollouts to the end of the encounter over sampled hidden cards (basic at every seat), the end rated by a win probability fitted to games; basic elsewhere."""
import numpy as np
from numba import njit

from simsuite.games.cosmic.bots.search.search import DEFAULT_KINDS, search_decide

# Rollouts per option of a searched decision (the same sampled worlds for every option). A variant
# with another value is one more file beside this one, e.g. search16.py with SAMPLES = 16 (see the
# docstring of simsuite/games/cosmic/bots/search/search.py); the shared code stays in that module.
SAMPLES = 8
# Where a rollout ends: 1 at the end of the encounter of the decision, 0 at the end of the turn.
HORIZON = 1
# Read by the engine (simsuite.games.cosmic.game.uses_rollouts): with this strategy at the table the
# engine records every turn and links the rollout engine.
USES_ROLLOUTS = True
_SAMPLES = np.int64(SAMPLES)  # an int64, not a literal: search_decide compiles once
_HORIZON = np.int64(HORIZON)
_KINDS = DEFAULT_KINDS  # the decision kinds searched (a bit per kind: search.py)


@njit
def decide(kind, st, cfg, me):
    return search_decide(kind, st, cfg, me, _SAMPLES, _HORIZON, _KINDS)
