"""Naive power policy for the power-value check: basic, but every use of the alien power is made whenever it is offered (basic's choice of how, else the first use option), including uses that come through other decisions (the Parasite's uninvited join)."""
from numba import njit

from simsuite.games.cosmic.bots.basic.naive import OWN_ALWAYS, naive_decide


@njit
def decide(kind, st, cfg, me):
    return naive_decide(kind, st, cfg, me, OWN_ALWAYS)
