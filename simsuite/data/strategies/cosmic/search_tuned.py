"""search on top of tuned: the same look-ahead, but the searching seat plays the tuned weights (tuned_NAME) in its own decisions and in its rollouts."""
import numpy as np
from numba import njit

from simsuite.games.cosmic.bots.search.search import DEFAULT_KINDS, search_decide

# Rollouts per option of a searched decision, as search.py; the shared code is in
# simsuite/games/cosmic/bots/search/search.py.
SAMPLES = 8
# Where a rollout ends: 1 at the end of the encounter of the decision, 0 at the end of the turn.
HORIZON = 1
# Read by the engine (simsuite.games.cosmic.game.uses_rollouts): with this strategy at the table the
# engine records every turn and links the rollout engine.
USES_ROLLOUTS = True
# Read by the engine (simsuite.games.cosmic.game.plays_tuned): this seat reads basic's weights from
# the tuned row, where basic_decide answers for it (its unsearched decisions, and its own seat in the
# rollouts); the other seats in a rollout play their own rows, so a tuned opponent is modelled as tuned.
TUNED_WEIGHTS = True
_SAMPLES = np.int64(SAMPLES)  # an int64, not a literal: search_decide compiles once
_HORIZON = np.int64(HORIZON)
_KINDS = DEFAULT_KINDS  # the decision kinds searched (a bit per kind: search.py)


@njit
def decide(kind, st, cfg, me):
    return search_decide(kind, st, cfg, me, _SAMPLES, _HORIZON, _KINDS)
