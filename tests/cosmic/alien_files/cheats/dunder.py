"""The builtins reached by their dunder name."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Dunder"
SUMMARY = "a cheat"
TEXT = "A cheat of the test suite."


@njit
def on_totals(st, cfg, me, log, lg):
    return __builtins__
