"""Heuristic: weak targets, ships by hand strength, allies but not the leader, cheapest winning card, every alien power used when it pays."""
from numba import njit

from simsuite.games.cosmic.bots.basic.policy import basic_decide


@njit
def decide(kind, st, cfg, me):
    return basic_decide(kind, st, cfg, me)
