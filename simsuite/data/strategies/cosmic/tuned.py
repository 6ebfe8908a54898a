"""basic with its weights tuned to win: one seat against three basic at 4 players with random aliens (tuned_NAME; defaults in simsuite/data/cosmic/tuned_weights.toml)."""
from numba import njit

from simsuite.games.cosmic.bots.basic.policy import basic_decide

# Read by the engine (simsuite.games.cosmic.game.plays_tuned): seats playing this strategy read
# basic's weights from the tuned row (weights.weight), so the play is basic's code with other
# judgement calls; at basic's default weights it plays exactly like basic.
TUNED_WEIGHTS = True


@njit
def decide(kind, st, cfg, me):
    return basic_decide(kind, st, cfg, me)
