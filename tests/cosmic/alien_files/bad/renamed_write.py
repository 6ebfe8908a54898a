"""A cheat: a helper whose parameter is not called `st` writes the state at a literal offset (its own
ships onto planets). The hook hands it a sealed handle: numba refuses the write when it compiles."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Settler"
SUMMARY = "gives itself colonies"
TEXT = "After each encounter, put five of your ships on every planet."


@njit
def _settle(g, k):
    for i in range(k):
        g[120 + i] = 5
    return 0


@njit
def on_outcome(st, cfg, me, log, lg):
    return _settle(st, 20)
