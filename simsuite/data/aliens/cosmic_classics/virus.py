"""The Virus (CE.22.18) through the power API: a main player's total is its card times its ships."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *  # noqa: F401,F403

NAME = "Virus"
CLASSIC = "Virus"
SUMMARY = "multiplies: card value times ships instead of plus"
TEXT = ("As a main player in an encounter where both cards are attacks, your side's total is your card's value "
        "multiplied by your side's ships instead of added to them.")
EDITIONS = ("ah2000", "ffg2008")
WHO = "main"


@njit
def on_totals(st, cfg, me, log, lg):
    # the engine's plain rule (v + S) is in place; an Anti-Matter at the table is left to the
    # built-in Virus (CE.23.7 mixes the two powers' arithmetic): this file covers the plain case
    side = hb_side(st, me)
    if hb_event(st, cfg, me, FX_VIRUS, log, lg) == 1:
        hb_set_total(st, side, hb_card_value(st, cfg, side) * hb_strength(st, cfg, side))
    return 0
