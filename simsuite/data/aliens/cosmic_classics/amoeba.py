"""The Amoeba (CE.22.1) through the power API: more or fewer of its ships in the encounter."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Amoeba"
CLASSIC = "Amoeba"
SUMMARY = "adds ships to the encounter or takes them back, after the cards are chosen"
TEXT = ("As a main player with ships in the encounter, after the encounter cards are chosen and before they are "
        "revealed, you may move any number of your ships from your colonies into the encounter and/or any "
        "number of them back to your colonies.")
EDITIONS = ("ah2000", "ffg2008")
WHO = "main"
# one adjustment in each W-8: after a Chronos time travel there is a new W-8 (our reading: A32)
USES = "window"


@njit
def on_w8(st, cfg, me, log, lg):
    if hb_had_ships_in(st, me) == 0:
        return 0
    inn = hb_ships_in(st, me)
    # the offense adds from any colony; the defense from its colonies other than the target planet
    avail = hb_planet_ships(st, me) if hb_side(st, me) == SIDE_OFFENSE else hb_colony_ships(st, cfg, me)
    # one question: add k, or take back k (AMOEBA_REMOVE + k); having added, how many to take back
    hb_options_clear(st)
    hb_option(st, -1)
    for k in range(1, min(avail, 40) + 1):
        hb_option(st, k)
    for k in range(1, min(inn, 40) + 1):
        hb_option(st, AMOEBA_REMOVE + k)
    if hb_options(st) == 1:
        return 0
    add = hb_ask_option(st, cfg, me, PK_AMOEBA)
    if add < 0:
        return 0
    back = 0
    if add < AMOEBA_REMOVE:
        hb_options_clear(st)
        hb_option(st, -1)
        for r in range(1, min(inn + add, 40) + 1):
            hb_option(st, AMOEBA_REMOVE + r)
        r = hb_ask_option_about(st, cfg, me, PK_AMOEBA_BACK, add)
        if r >= 0:
            back = r - AMOEBA_REMOVE
    else:
        back = add - AMOEBA_REMOVE
        add = 0
    if hb_event_about(st, cfg, me, PK_AMOEBA, add, back, log, lg) == 1:
        hb_move_encounter_ships(st, cfg, me, add, back, CTX_AMOEBA, log, lg)
    return 1
