"""The Sorcerer (CE.22.16) through the power API: swap the two face-down encounter cards."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Sorcerer"
CLASSIC = "Sorcerer"
SUMMARY = "swaps the two face-down encounter cards"
TEXT = ("As a main player, after both encounter cards are selected and before they are revealed, you may "
        "switch them: you play your opponent's card and your opponent plays yours.")
EDITIONS = ("ah2000", "ffg2008")
WHO = "main"
# once in each W-8, not once per encounter: after a Chronos time travel, step 8 comes again with
# new cards and the Sorcerer may swap those too (our reading: A47)
USES = "window"


@njit
def on_w8(st, cfg, me, log, lg):
    if hb_cards_down(st) == 0:
        return 0
    if hb_ask(st, cfg, me, PK_SORCERER) == 0:
        return 0
    if hb_event(st, cfg, me, PK_SORCERER, log, lg) == 1:
        hb_swap_cards(st, cfg, me)
    return 1
