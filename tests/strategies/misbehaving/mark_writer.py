"""Test-only, Star Cartel, misbehaving on purpose: answers like `random` but sets the first market
marker to 30 at every decision (a strategy may write only its scratch and the generator;
`simsuite check strategy` must name the field, S_MARK)."""
from numba import njit

from simsuite.games.star_cartel.api import S_MARK, n_options, rand_below


@njit
def decide(kind, st, cfg, me):
    st[S_MARK] = 30
    return rand_below(st, n_options(st))
