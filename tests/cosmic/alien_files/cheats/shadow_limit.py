"""A kernel limit defined again by the file under its own name."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Shadow"
SUMMARY = "a cheat"
TEXT = "A cheat of the test suite."

HB_MAX_ADD = 1000000


@njit
def on_totals(st, cfg, me, log, lg):
    return 0
