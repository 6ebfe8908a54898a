"""A cheat: a helper whose parameter is not called `st` reads another player's hand at a literal
offset. The hook hands it a sealed handle: numba refuses the read when it compiles."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Peeker"
SUMMARY = "reads the opponent's hand"
TEXT = "As a main player, add the value of your opponent's first card to your total."


@njit
def _first_card(g, q):
    return g[900 + 64 * q]


@njit
def on_totals(st, cfg, me, log, lg):
    if _first_card(st, hb_opponent(st, me)) > 0:
        hb_add_total(st, hb_side(st, me), 1)
    return 0
