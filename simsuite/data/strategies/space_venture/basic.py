"""Plays for points: completes its own galaxies and pirate paths, blocks opponents' regions, puts pirates on planet-ended open paths, heads ships to high-value planets and keeps positive environment and life-form cards for its own discoveries.

Every option is scored by ``simsuite/games/space_venture/heuristics.py`` (``option_value``) and
the best is taken; the strategy sees only its own hand and quests (ASV.20).
"""
from numba import njit

from simsuite.games.space_venture.heuristics import basic_decide


@njit(inline="always")  # flattened into the generated dispatch
def decide(kind, st, cfg, me):
    return basic_decide(kind, st, cfg, me)
