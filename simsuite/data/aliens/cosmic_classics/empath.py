"""The Empath (CE.22.5) through the power API: its negotiate turns the opponent's card into one."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Empath"
CLASSIC = "Empath"
SUMMARY = "its negotiate makes the opponent's card a negotiate too"
TEXT = ("As a main player, when you reveal a negotiate card, your opponent's revealed card counts as a negotiate "
        "card too.")
EDITIONS = ("ah2000", "ffg2008")
WHO = "main"
KIND = "mandatory"  # CE.22.5; optional only under the rule empath_optional (A36), where it asks


@njit
def on_reveal(st, cfg, me, log, lg):
    side = hb_side(st, me)
    if hb_is_negotiate(st, cfg, side) == 0:
        return 0
    # mandatory by the text; optional under the rule empath_optional (A36), then asked
    if hb_config(cfg, C_EMPATH_OPT) == 1 and hb_ask(st, cfg, me, PK_EMPATH) == 0:
        return 0
    if hb_event(st, cfg, me, FX_EMPATH, log, lg) == 1:
        hb_turn_negotiate(st, SIDE_DEFENSE if side == SIDE_OFFENSE else SIDE_OFFENSE)
    return 0
