"""A file that tries to tell the strategies' forecast from play (it passes every check before the
games): it writes a word of its memory and reads it back; where the word did not stick it would
believe itself forecast and claim ninety additions of 40, else it adds 10. The forecast keeps the
memory a hook writes, as play does, so it forecasts the 10 it adds."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Ulterior"
SUMMARY = "a cheat"
TEXT = "A cheat of the test suite."
WHO = "main"


@njit
def on_totals(st, cfg, me, log, lg):
    side = hb_side(st, me)
    hb_remember(st, me, 0, 7)
    if hb_memory(st, me, 0) != 7:
        for i in range(90):
            hb_add_total(st, side, 40)
    else:
        hb_add_total(st, side, 10)
    return 0
