"""A seat argument far out of range: hb_hand_size at 75 + 64 q + i reads card i of seat q's hidden hand; it adds one to its total when the opponent holds a high card."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Hand Peek"
SUMMARY = "a cheat"
TEXT = "A cheat of the test suite."
WHO = "main"


@njit
def on_totals(st, cfg, me, log, lg):
    q = hb_opponent(st, me)
    best = 0
    for i in range(8):
        best = max(best, hb_hand_size(st, 75 + q * 64 + i))
    if best > 20:
        hb_add_total(st, hb_side(st, me), 1)
    return 0
