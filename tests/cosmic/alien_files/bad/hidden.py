"""Tester: a test alien with a hook of every kind (tests/cosmic/test_alien_files.py)."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Tester"
SUMMARY = "one hook of every kind, for the rule tests"
TEXT = ("W-2, as a main player: you may take a random card from your opponent's hand. W-7, not a main player "
        "nor an ally: you may join the offense. When both revealed cards are attacks of the same value, your "
        "side wins. As a main player, +2 to your side's total. After an encounter your side loses as a main "
        "player, draw a card. Your own lost ships may go home instead of to the warp.")
EDITIONS = ("ah2000", "ffg2008")


@njit
def on_w4(st, cfg, me, log, lg):
    if hb_card_value(st, cfg, SIDE_DEFENSE) > 10:
        return 0
    return 0
