"""The Trader (CE.22.17) through the power API: swap hands with the opponent."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Trader"
CLASSIC = "Trader"
SUMMARY = "swaps hands with its opponent"
TEXT = "As a main player, before cards are selected, you may trade your whole hand for your opponent's."
EDITIONS = ("ah2000", "ffg2008")
WHO = "main"


@njit
def _trade(st, cfg, me, log, lg):
    if hb_ask(st, cfg, me, PK_TRADER) == 0:
        return 0
    if hb_event(st, cfg, me, PK_TRADER, log, lg) == 1:
        hb_swap_hands(st, cfg, me, hb_opponent(st, me))
    return 1


@njit
def on_w2(st, cfg, me, log, lg):
    return _trade(st, cfg, me, log, lg)


@njit
def on_w4(st, cfg, me, log, lg):
    return _trade(st, cfg, me, log, lg)


@njit
def on_w6(st, cfg, me, log, lg):
    return _trade(st, cfg, me, log, lg)


@njit
def on_w7(st, cfg, me, log, lg):
    return _trade(st, cfg, me, log, lg)
