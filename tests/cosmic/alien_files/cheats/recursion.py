"""A helper that calls itself: a loop the step count would not see."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Recursive"
SUMMARY = "a cheat"
TEXT = "A cheat of the test suite."


@njit
def spin(n):
    return spin(n + 1)


@njit
def on_totals(st, cfg, me, log, lg):
    return spin(0)
