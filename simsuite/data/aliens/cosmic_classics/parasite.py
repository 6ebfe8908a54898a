"""The Parasite (CE.22.14) through the power API: joins an alliance uninvited."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Parasite"
CLASSIC = "Parasite"
SUMMARY = "joins either side of an encounter uninvited"
TEXT = ("When you are not a main player, you may join either side as an ally, invited or not: at your turn to "
        "answer the invitations, or after the alliances if you have not joined.")
EDITIONS = ("ah2000", "ffg2008")
WHO = "not_main"


@njit
def on_answer(st, cfg, me, log, lg):
    # step 7: both sides are open to it; its strategy answers, and an uninvited side is a use
    hb_offer_side(st, me, SIDE_OFFENSE, PK_PARASITE)
    hb_offer_side(st, me, SIDE_DEFENSE, PK_PARASITE)
    return 0


@njit
def on_w7(st, cfg, me, log, lg):
    # not joined by then; a Force Field's removal bars it (CE.23.9); no side at 2 players
    if hb_ally_side(st, me) != 0 or hb_removed(st, me) == 1 or hb_planet_ships(st, me) == 0 or hb_players(cfg) < 3:
        return 0
    hb_options_clear(st)
    hb_option(st, -1)
    hb_option(st, SIDE_OFFENSE)
    hb_option(st, SIDE_DEFENSE)
    side = hb_ask_option(st, cfg, me, PK_PARASITE)
    if side <= 0:
        return 0
    if hb_event(st, cfg, me, PK_PARASITE, log, lg) == 1:
        hb_join(st, cfg, me, side, log, lg)
    return 1
