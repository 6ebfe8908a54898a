"""Naive power policy for the power-value check: basic, but every optional alien power decision is answered uniformly at random among its options (pass included)."""
from numba import njit

from simsuite.games.cosmic.api import D_POWER, n_options, rand_below
from simsuite.games.cosmic.policy import basic_decide


@njit
def decide(kind, st, cfg, me):
    if kind == D_POWER:
        return rand_below(st, n_options(st))
    return basic_decide(kind, st, cfg, me)
