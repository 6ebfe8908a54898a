"""Scavenger: a main player who loses the encounter picks through the wreckage."""
import numpy as np
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Scavenger"
SUMMARY = "after losing as a main player, may draw a card and bring one ship back from the warp"
TEXT = ("As a main player, after an encounter your side loses, you may draw one card from the deck and return "
        "one of your ships from the warp to one of your colonies.")
EDITIONS = ("ah2000", "ffg2008")
WHO = "main"


@njit
def on_outcome(st, cfg, me, log, lg):
    r = hb_result(st)
    side = hb_side(st, me)
    lost = (r == R_OFFENSE_WIN and side == SIDE_DEFENSE) or (r == R_DEFENSE_WIN and side == SIDE_OFFENSE)
    if not lost:
        return 0
    if hb_ask(st, cfg, me, PK_HOMEBREW) == 1 and hb_event(st, cfg, me, PK_HOMEBREW, log, lg) == 1:
        hb_draw(st, cfg, me, log, lg)
        hb_retrieve(st, cfg, me, np.int64(1), log, lg)
    return 0
