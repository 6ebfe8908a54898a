"""The Mutant (CE.22.11) through the power API: regenerate its hand to seven cards."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Mutant"
CLASSIC = "Mutant"
SUMMARY = "refills its hand to 7, each card from the deck or another hand"
TEXT = ("As a main player, after encounter cards are selected, you may draw cards one at a time until you hold "
        "seven, each from the deck or at random from the hand of another player of your choice.")
EDITIONS = ("ah2000", "ffg2008")
WHO = "main"
HAND = 7  # CE.22.11


@njit
def _regenerate(st, cfg, me, log, lg):
    if hb_hand_size(st, me) >= HAND or hb_ask(st, cfg, me, PK_MUTANT) == 0:
        return 0
    if hb_event(st, cfg, me, PK_MUTANT, log, lg) == 0:
        return 1
    while hb_hand_size(st, me) < HAND:
        hb_options_clear(st)
        if hb_deck_size(st) > 0:
            hb_option(st, -1)  # the deck
        for j in range(1, hb_players(cfg)):  # the other hands clockwise from its left (CE.0.5)
            q = hb_left(cfg, me, j)
            if hb_hand_size(st, q) > 0:
                hb_option(st, q)
        if hb_options(st) == 0:
            break
        src = hb_ask_option(st, cfg, me, PK_MUTANT_SRC)
        c = hb_draw(st, cfg, me, log, lg) if src < 0 else hb_take_random(st, cfg, me, src)
        if c < 0:  # the engine refused the card (its limits): stop rather than ask again
            break
        hb_note(st, cfg, me, PK_MUTANT_SRC, src, log, lg)  # the replay says where each card came from
    return 1


@njit
def on_w8(st, cfg, me, log, lg):
    return _regenerate(st, cfg, me, log, lg)


@njit
def on_w9(st, cfg, me, log, lg):
    return _regenerate(st, cfg, me, log, lg)


@njit
def on_w10(st, cfg, me, log, lg):
    return _regenerate(st, cfg, me, log, lg)
