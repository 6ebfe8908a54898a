"""search over more decisions: the same look-ahead, also at the target, both invitations, the second encounter, artifacts and the defensive reward; the strongest player here (about 3 times slower than search)."""
import numpy as np
from numba import njit

from simsuite.games.cosmic.api import D_ARTIFACT, D_INVITE_D, D_INVITE_O, D_REWARD, D_SECOND, D_TARGET
from simsuite.games.cosmic.bots.search.search import DEFAULT_KINDS, search_decide

# Rollouts per option of a searched decision, as search.py; the shared code is in
# simsuite/games/cosmic/bots/search/search.py.
SAMPLES = 8
# Where a rollout ends: 1 at the end of the encounter of the decision, 0 at the end of the turn.
HORIZON = 1
# Read by the engine (simsuite.games.cosmic.game.uses_rollouts): with this strategy at the table the
# engine records every turn and links the rollout engine.
USES_ROLLOUTS = True
_SAMPLES = np.int64(SAMPLES)  # an int64, not a literal: search_decide compiles once
_HORIZON = np.int64(HORIZON)
# search's decisions (the card, alliance answers, power uses and, under FFG2008, the destiny defense
# and reinforcements) and the decisions AH2000 leaves to basic's rules of thumb: against three basic
# at 4 players (AH2000, random aliens, 12,000 games) this won 0.302 where search won 0.270
_KINDS = np.int64(DEFAULT_KINDS | (1 << D_TARGET) | (1 << D_INVITE_O) | (1 << D_INVITE_D) | (1 << D_SECOND)
                  | (1 << D_ARTIFACT) | (1 << D_REWARD))


@njit
def decide(kind, st, cfg, me):
    return search_decide(kind, st, cfg, me, _SAMPLES, _HORIZON, _KINDS)
