"""Uniformly random choice among the legal options at every decision point."""
from numba import njit

from simsuite.games.cosmic.api import n_options, rand_below


@njit
def decide(kind, st, cfg, me):
    return rand_below(st, n_options(st))
