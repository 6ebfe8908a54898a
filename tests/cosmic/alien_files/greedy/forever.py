"""A hook that never returns: a loop with no end, at the totals."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Forever"
SUMMARY = "a cheat"
TEXT = "A cheat of the test suite."
WHO = "main"


@njit
def on_totals(st, cfg, me, log, lg):
    n = 0
    while n >= 0:
        n = (n + 1) % 7
    return 0
