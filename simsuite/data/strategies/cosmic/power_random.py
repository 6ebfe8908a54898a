"""Naive power policy for the power-value check: basic, but every use of the alien power is decided uniformly at random: a power decision among its options (pass included), a decision that may use the power (the Parasite's uninvited join) among each use and not using it."""
from numba import njit

from simsuite.games.cosmic.bots.basic.naive import OWN_RANDOM, naive_decide


@njit
def decide(kind, st, cfg, me):
    return naive_decide(kind, st, cfg, me, OWN_RANDOM)
