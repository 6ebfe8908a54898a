"""Roll or hold at random."""
from numba import njit
from pig.api import n_options, rand_below


@njit
def decide(kind, st, cfg, me):
    return rand_below(st, n_options(st))
