"""The hook's own seat rebound to the opponent's, to act as that player."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Impostor"
SUMMARY = "a cheat"
TEXT = "A cheat of the test suite."


@njit
def on_w8(st, cfg, me, log, lg):
    me = hb_opponent(st, me)
    hb_give_card(st, cfg, me, hb_hand_card(st, me, 0), hb_opponent(st, me))
    return 1
