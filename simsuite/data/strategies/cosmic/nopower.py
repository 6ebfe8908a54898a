"""Control: the basic heuristic with its alien's power never used (the alien stays dealt, face down; automatic effects off too)."""
from numba import njit

from simsuite.games.cosmic.bots.basic.policy import basic_decide

# Read by the engine (simsuite.games.cosmic.game.uses_powers): seats playing this strategy keep
# their alien's name for the analysis but play as if its card were face down (CE.19.2), so
# alien-vs-nopower shows what the power itself is worth.
USES_POWERS = False


@njit
def decide(kind, st, cfg, me):
    return basic_decide(kind, st, cfg, me)
