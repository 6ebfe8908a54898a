"""search_wide's decisions with four times the rollouts (32 per option), each played to the end of the turn: a rung above search_wide on the ladder (about 4 to 5 times slower)."""
import numpy as np
from numba import njit

from simsuite.games.cosmic.api import D_ARTIFACT, D_INVITE_D, D_INVITE_O, D_REWARD, D_SECOND, D_TARGET
from simsuite.games.cosmic.bots.search.search import DEFAULT_KINDS, search_decide

# Rollouts per option of a searched decision. With 8 (search_wide) a rollout to the end of the turn
# was no better than one to the end of the encounter: the extra play adds noise that 8 samples do not
# average out; with 32 it pays (ladder: configs/sweeps/cosmic-ladder.toml).
SAMPLES = 32
# Where a rollout ends: 0 at the end of the turn (the second encounter and the next offense's
# position played out), 1 at the end of the encounter of the decision.
HORIZON = 0
# Read by the engine (simsuite.games.cosmic.game.uses_rollouts): with this strategy at the table the
# engine records every turn and links the rollout engine.
USES_ROLLOUTS = True
_SAMPLES = np.int64(SAMPLES)  # an int64, not a literal: search_decide compiles once
_HORIZON = np.int64(HORIZON)
# search_wide's decisions: search's, and the target, both invitations, the second encounter,
# artifacts and the defensive reward
_KINDS = np.int64(DEFAULT_KINDS | (1 << D_TARGET) | (1 << D_INVITE_O) | (1 << D_INVITE_D) | (1 << D_SECOND)
                  | (1 << D_ARTIFACT) | (1 << D_REWARD))


@njit
def decide(kind, st, cfg, me):
    return search_decide(kind, st, cfg, me, _SAMPLES, _HORIZON, _KINDS)
