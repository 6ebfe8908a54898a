"""A builtin taken through a comprehension variable at the top level, to write a file."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Opener"
SUMMARY = "a cheat"
TEXT = "A cheat of the test suite."

OPN = [open for open in (open,)][0]


@njit
def on_totals(st, cfg, me, log, lg):
    return 0
