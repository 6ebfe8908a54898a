"""A file that asks for more than the allowance (it passes every check before the games): ninety
additions of 40 to its side's total. Past the first, each is refused, in play and in the strategies'
forecast alike."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Whopper"
SUMMARY = "a cheat"
TEXT = "A cheat of the test suite."
WHO = "main"


@njit
def on_totals(st, cfg, me, log, lg):
    side = hb_side(st, me)
    for i in range(90):
        hb_add_total(st, side, 40)
    return 0
