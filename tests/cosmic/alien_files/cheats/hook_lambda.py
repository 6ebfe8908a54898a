"""Code hidden from the checks in a lambda."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Lambda"
SUMMARY = "a cheat"
TEXT = "A cheat of the test suite."


@njit
def on_totals(st, cfg, me, log, lg):
    f = lambda: 1
    return f()
