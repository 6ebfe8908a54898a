"""The Philanthropist (CE.22.15) through the power API: give a card of its choice away."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Philanthropist"
CLASSIC = "Philanthropist"
SUMMARY = "gives a card of its choice to a main player"
TEXT = ("Before encounter cards are chosen, you may give one card of your choice from your hand to the offense "
        "or the defense.")
EDITIONS = ("ah2000", "ffg2008")
WHO = "any"  # A46: anyone by default; the rule philanthropist_giver = main_or_ally narrows it (below)


@njit
def _may_give(st, cfg, me):
    """A46 revision 2 (philanthropist_giver): anyone under `any`; under `main_or_ally` only a main
    player or a current ally."""
    if hb_config(cfg, C_PHIL_GIVER) == PHIL_GIVER_ANY:
        return 1
    return 1 if (me == hb_offense(st) or me == hb_defense(st) or hb_ally_side(st, me) != 0) else 0


@njit
def _give(st, cfg, me, log, lg):
    n = hb_hand_size(st, me)
    if n == 0 or _may_give(st, cfg, me) == 0:
        return 0
    o = hb_offense(st)
    d = hb_defense(st)
    to_allies = hb_config(cfg, C_PHIL_ALLIES)  # A46: gifts to allies too
    hb_options_clear(st)
    hb_option(st, -1)  # pass
    seen = 0
    for i in range(n):
        c = hb_hand_card(st, me, i)
        b = 1 << hb_config(cfg, C_CARD_CLASS + c)  # one option per kind of card: equal cards are one choice
        if (seen & b) != 0:
            continue
        seen |= b
        for j in range(1, hb_players(cfg)):  # the receivers clockwise from its left (CE.0.5)
            q = hb_left(cfg, me, j)
            if (q == o or q == d or (to_allies == 1 and hb_ally_side(st, q) != 0)) and hb_options(st) < MAX_OPT:
                hb_option(st, c * 8 + q)
    if hb_options(st) == 1:
        return 0
    ch = hb_ask_option(st, cfg, me, PK_PHILANTHROPIST)
    if ch < 0:
        return 0
    # the card may be gone once the power takes effect: under FFG2008 a Card Zap can be spent
    # cancelling a Cosmic Zap aimed at this very use (the gift then lapses: hb_give_card gives 0)
    if hb_event_about(st, cfg, me, PK_PHILANTHROPIST, ch // 8, ch % 8, log, lg) == 1:
        hb_give_card(st, cfg, me, ch // 8, ch % 8)
    return 1


@njit
def on_w2(st, cfg, me, log, lg):
    return _give(st, cfg, me, log, lg)


@njit
def on_w4(st, cfg, me, log, lg):
    return _give(st, cfg, me, log, lg)


@njit
def on_w6(st, cfg, me, log, lg):
    return _give(st, cfg, me, log, lg)


@njit
def on_w7(st, cfg, me, log, lg):
    return _give(st, cfg, me, log, lg)
