"""Underdog: a main player with the smaller hand fights harder."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Underdog"
SUMMARY = "+3 to its side's total while it holds fewer cards than its opponent"
TEXT = ("As a main player in an encounter where both cards are attacks, if you hold fewer cards than your "
        "opponent when the totals are counted, add 3 to your side's total.")
EDITIONS = ("ah2000", "ffg2008")
WHO = "main"
BONUS = 3


@njit
def on_totals(st, cfg, me, log, lg):
    opp = hb_opponent(st, me)
    if hb_hand_size(st, me) >= hb_hand_size(st, opp):
        return 0
    # mandatory: no question asked, but the use is an E.POWER a Cosmic Zap may stop
    if hb_event(st, cfg, me, PK_HOMEBREW, log, lg) == 1:
        hb_add_total(st, hb_side(st, me), BONUS)
    return 0
