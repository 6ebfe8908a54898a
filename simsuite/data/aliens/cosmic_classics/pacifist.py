"""The Pacifist (CE.22.13) through the power API: its negotiate beats an attack."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Pacifist"
CLASSIC = "Pacifist"
SUMMARY = "wins by negotiating against an attack"
TEXT = ("As a main player, when you reveal a negotiate card and your opponent reveals an attack card, you may "
        "win the encounter instead of losing it.")
EDITIONS = ("ah2000", "ffg2008")
WHO = "main"


@njit
def on_resolve(st, cfg, me, log, lg):
    side = hb_side(st, me)
    other = SIDE_DEFENSE if side == SIDE_OFFENSE else SIDE_OFFENSE
    if hb_is_attack(st, cfg, side) == 1 or hb_is_attack(st, cfg, other) == 0:
        return 0
    if hb_is_negotiate(st, cfg, side) == 0:
        return 0
    if hb_ask(st, cfg, me, PK_PACIFIST) == 1 and hb_event(st, cfg, me, PK_PACIFIST, log, lg) == 1:
        return side
    return 0
