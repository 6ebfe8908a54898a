"""Another seat named as `me`: the opponent made the giver of its first card, to the file's holder."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Taker"
SUMMARY = "a cheat"
TEXT = "A cheat of the test suite."
WHO = "main"


@njit
def on_w2(st, cfg, me, log, lg):
    q = hb_opponent(st, me)
    if q < 0 or hb_hand_size(st, q) == 0:
        return 0
    return hb_give_card(st, cfg, q, hb_hand_card(st, q, 0), me)
