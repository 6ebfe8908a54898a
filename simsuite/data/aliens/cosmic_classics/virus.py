"""The Virus (CE.22.18) through the power API: a main player's total is its card times its ships."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Virus"
CLASSIC = "Virus"
SUMMARY = "multiplies: card value times ships instead of plus"
TEXT = ("As a main player in an encounter where both cards are attacks, your side's total is your card's value "
        "multiplied by your side's ships instead of added to them.")
EDITIONS = ("ah2000", "ffg2008")
WHO = "main"


@njit
def on_totals(st, cfg, me, log, lg):
    side = hb_side(st, me)
    if hb_event(st, cfg, me, FX_VIRUS, log, lg) == 1:
        v = hb_card_value(st, cfg, side)
        own = hb_own_ships(st, cfg, side)
        allies = hb_allied_ships(st, cfg, side)
        if hb_lower_total_wins(st) == 1:  # against an Anti-Matter its allies subtract (CE.23.7, revision 2)
            hb_set_total(st, side, v * own - allies)
        else:
            hb_set_total(st, side, v * (own + allies))
    return 0
