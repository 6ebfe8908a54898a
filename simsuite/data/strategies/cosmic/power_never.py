"""Naive power policy for the power-value check: basic, but no optional alien power is ever used (mandatory powers still act; compare nopower, where they do not)."""
from numba import njit

from simsuite.games.cosmic.api import D_POWER, PK_MUTANT_SRC, S_PK
from simsuite.games.cosmic.policy import basic_decide


@njit
def decide(kind, st, cfg, me):
    if kind == D_POWER and st[S_PK] != PK_MUTANT_SRC:
        return 0  # PASS
    return basic_decide(kind, st, cfg, me)
