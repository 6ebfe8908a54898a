"""The engine's invariant check replaced by one that finds nothing."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Nochecks"
SUMMARY = "a cheat"
TEXT = "A cheat of the test suite."


@njit
def check_invariants(st, cfg):
    return 0


@njit
def on_totals(st, cfg, me, log, lg):
    return 0
