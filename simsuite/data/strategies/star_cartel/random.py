"""Uniformly random among the legal options at every decision point (SC.15)."""
from numba import njit

from simsuite.games.star_cartel.api import n_options, rand_below


@njit
def decide(kind, st, cfg, me):
    return rand_below(st, n_options(st))
