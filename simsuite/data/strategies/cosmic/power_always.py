"""Naive power policy for the power-value check: basic, but every optional alien power is used whenever it is offered (basic's choice of how, else the first use option)."""
from numba import njit

from simsuite.games.cosmic.api import D_POWER, PK_MUTANT_SRC, S_PK, n_options
from simsuite.games.cosmic.policy import basic_decide


@njit
def decide(kind, st, cfg, me):
    i = basic_decide(kind, st, cfg, me)
    # option 0 of a power decision is PASS (the Mutant's source choice has no pass)
    if kind == D_POWER and i == 0 and st[S_PK] != PK_MUTANT_SRC and n_options(st) > 1:
        return 1
    return i
