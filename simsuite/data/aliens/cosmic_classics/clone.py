"""The Clone (CE.22.4) through the power API: keep its own encounter card."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Clone"
CLASSIC = "Clone"
SUMMARY = "keeps its own encounter card"
TEXT = ("As a main player, when your revealed encounter card would go to the discard pile at the end of the "
        "encounter, you may return it to your hand instead.")
EDITIONS = ("ah2000", "ffg2008")
WHO = "main"


@njit
def on_outcome(st, cfg, me, log, lg):
    # on_outcome is the last moment before the played cards are discarded (CE.9.4), so the Clone
    # decides before any other power touches the discards (CE.23.3)
    c = hb_card(st, hb_side(st, me))
    if hb_ask_about(st, cfg, me, PK_CLONE, c) == 0:
        return 0
    if hb_event(st, cfg, me, PK_CLONE, log, lg) == 1:
        hb_keep_card(st, cfg, me)
    return 0
