"""The handle opener reached from inside a hook through a comprehension variable."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Inner"
SUMMARY = "a cheat"
TEXT = "A cheat of the test suite."


@njit
def on_totals(st, cfg, me, log, lg):
    return [state_of for state_of in (1,)][0]
