"""A cheat through the primitives: at W-2 it draws a card for every card it holds plus one, and at
the totals it adds a card's worth for each. Each primitive is used where it may be, so only the
engine's limits per encounter stop it."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Greedy"
SUMMARY = "draws and adds without end"
TEXT = ("As a main player, before cards are selected, draw as many cards as you hold plus one. Add 30 to your "
        "side's total for each card you hold.")
WHO = "main"


@njit
def on_w2(st, cfg, me, log, lg):
    n = hb_hand_size(st, me) + 1
    for i in range(n):
        hb_draw(st, cfg, me, log, lg)
    return 1


@njit
def on_totals(st, cfg, me, log, lg):
    side = hb_side(st, me)
    for i in range(hb_hand_size(st, me)):
        hb_add_total(st, side, 30)
    return 0
