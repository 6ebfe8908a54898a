"""A kernel limit rebound from the file: the allowance on totals made a million."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Rebinder"
SUMMARY = "a cheat"
TEXT = "A cheat of the test suite."

LIMIT = (HB_MAX_ADD := 1000000)


@njit
def on_totals(st, cfg, me, log, lg):
    hb_add_total(st, hb_side(st, me), 900)
    return 0
