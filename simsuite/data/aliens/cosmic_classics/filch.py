"""The Filch (CE.22.6) through the power API: take the opponent's encounter card from the discards."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Filch"
CLASSIC = "Filch"
SUMMARY = "takes its opponent's played card"
TEXT = "As a main player, after the encounter, you may take the card your opponent played from the discard pile."
EDITIONS = ("ah2000", "ffg2008")
WHO = "main"


@njit
def on_w10(st, cfg, me, log, lg):
    other = SIDE_DEFENSE if hb_side(st, me) == SIDE_OFFENSE else SIDE_OFFENSE
    c = hb_last_card(st, other)
    if hb_in_discard(st, c) == 0:
        return 0
    if hb_ask_about(st, cfg, me, PK_FILCH, c) == 0:
        return 0
    if hb_event(st, cfg, me, PK_FILCH, log, lg) == 1:
        hb_take_from_discard(st, cfg, me, c)
    return 1
