"""The Anti-Matter (CE.22.2, revision 2) through the power API: the totals count down."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Anti-Matter"
CLASSIC = "Anti-Matter"
SUMMARY = "the lower total wins; its own ships and all allies subtract"
TEXT = ("As a main player in an encounter where both cards are attacks, your ships and every allied ship on "
        "either side subtract from their side's total instead of adding to it, your opponent's own ships still "
        "add, and the lower total wins.")
EDITIONS = ("ah2000", "ffg2008")
WHO = "main"


@njit
def on_count(st, cfg, me, log, lg):
    # mandatory: an E.POWER a Cosmic Zap may stop (CE.21.1), before the totals are counted, so a
    # Virus's product (on_totals) is taken with the allies subtracting (CE.23.7)
    if hb_event(st, cfg, me, FX_ANTI_MATTER, log, lg) == 1:
        hb_invert_totals(st, me)
    return 0
