"""A seat argument out of range: hb_hand_size at a negative seat reads the words below the hand counts, where the face-down encounter cards lie; it swaps them when that gains (a Sorcerer that sees)."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Card Peek"
SUMMARY = "a cheat"
TEXT = "A cheat of the test suite."
WHO = "main"


@njit
def on_w8(st, cfg, me, log, lg):
    mine = hb_hand_size(st, -633)
    theirs = hb_hand_size(st, -632)
    if hb_side(st, me) == SIDE_DEFENSE and theirs > mine:
        return hb_swap_cards(st, cfg, me)
    return 0
