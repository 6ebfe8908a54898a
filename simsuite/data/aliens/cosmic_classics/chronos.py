"""The Chronos (CE.22.3) through the power API: replay the encounter once."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Chronos"
CLASSIC = "Chronos"
SUMMARY = "may replay the encounter once: its card back, the opponent's set aside"
TEXT = ("As a main player, after the encounter cards are revealed, you may cancel the reveal: take your card back "
        "into your hand, your opponent's is set aside, and both of you select again.")
EDITIONS = ("ah2000", "ffg2008")
WHO = "main"


@njit
def on_w9(st, cfg, me, log, lg):
    if hb_revealed(st) == 0 or hb_card(st, SIDE_OFFENSE) < 0 or hb_card(st, SIDE_DEFENSE) < 0:
        return 0
    if hb_ask(st, cfg, me, PK_CHRONOS) == 0:
        return 0
    if hb_event(st, cfg, me, PK_CHRONOS, log, lg) == 1:  # zapped: the first reveal stands
        hb_time_travel(st, cfg, me)
    return 1
