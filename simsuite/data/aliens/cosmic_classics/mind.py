"""The Mind (CE.22.10) through the power API: look at a main player's hand."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Mind"
CLASSIC = "Mind"
SUMMARY = "looks at another player's hand"
TEXT = ("Before cards are selected, you may look at the hand of your opponent (as a main player) or of either "
        "main player (otherwise).")
EDITIONS = ("ah2000", "ffg2008")
WHO = "any"


@njit
def _look(st, cfg, me, log, lg):
    opp = hb_opponent(st, me)
    if opp >= 0:
        q = hb_ask_seat(st, cfg, me, PK_MIND, opp, NONE)
    else:
        q = hb_ask_seat(st, cfg, me, PK_MIND, hb_offense(st), hb_defense(st))
    if q < 0:
        return 0
    if hb_event(st, cfg, me, PK_MIND, log, lg) == 1:
        hb_look_at_hand(st, me, q)
    return 1


@njit
def on_w2(st, cfg, me, log, lg):
    return _look(st, cfg, me, log, lg)


@njit
def on_w4(st, cfg, me, log, lg):
    return _look(st, cfg, me, log, lg)


@njit
def on_w6(st, cfg, me, log, lg):
    return _look(st, cfg, me, log, lg)


@njit
def on_w7(st, cfg, me, log, lg):
    return _look(st, cfg, me, log, lg)
