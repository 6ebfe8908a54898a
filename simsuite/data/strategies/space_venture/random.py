"""Uniformly random among the legal options at every decision point (ASV.21)."""
from numba import njit

from simsuite.games.space_venture.api import n_options, rand_below


@njit
def decide(kind, st, cfg, me):
    return rand_below(st, n_options(st))
