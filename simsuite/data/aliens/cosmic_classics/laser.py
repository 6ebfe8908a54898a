"""The Laser (CE.22.8) through the power API: it selects first, then may blind its opponent, whose
card is drawn at random from its hand."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Laser"
CLASSIC = "Laser"
SUMMARY = "selects first; may have the opponent's encounter card drawn at random"
TEXT = ("As a main player, you select your encounter card first. After you put it face down, you may blind your "
        "opponent: it does not choose, its encounter card is drawn at random from its hand (other cards drawn on "
        "the way are set aside until the end of the encounter).")
EDITIONS = ("ah2000", "ffg2008")
WHO = "main"


@njit
def on_select(st, cfg, me, log, lg):
    # no E.POWER for selecting first: the power's use is the blind (CE.22.8)
    hb_select_first(st, me)
    return 0


@njit
def on_select_second(st, cfg, me, log, lg):
    # only when the Laser selected first: not after another power put the opponent first
    if hb_first_selector(st) != me:
        return 0
    # against the Oracle its own card is face up by now, and the blind still wins (CE.23.1, A39)
    if hb_ask(st, cfg, me, PK_LASER) == 1 and hb_event(st, cfg, me, PK_LASER, log, lg) == 1:
        hb_select_at_random(st, cfg, me)
    return 0
