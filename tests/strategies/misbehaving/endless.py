"""Test-only, Star Cartel, misbehaving on purpose: answers like `random` until the 40th decision of
a game, then loops for ever (its counter in the scratch area never reaches its exit):
`simsuite check strategy` must stop at its time limit and name the games, not hang."""
from numba import njit

from simsuite.games.star_cartel.api import S_SCR, n_options, rand_below


@njit
def decide(kind, st, cfg, me):
    st[S_SCR] += 1
    i = st[S_SCR]
    while i >= 40:  # never false once true: the loop has no exit
        i = 40 + (i * 7 + 3) % 1000
    return rand_below(st, n_options(st))
