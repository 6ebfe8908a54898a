"""Naive power policy for the power-value check: basic, but no optional use of the alien power is ever made, including uses that come through other decisions (the Parasite's uninvited join); mandatory powers still act (compare nopower, where they do not)."""
from numba import njit

from simsuite.games.cosmic.bots.basic.naive import OWN_NEVER, naive_decide


@njit
def decide(kind, st, cfg, me):
    return naive_decide(kind, st, cfg, me, OWN_NEVER)
