"""Warrior: a main player grows stronger with every encounter it fights (a power that remembers)."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Warrior"
SUMMARY = "a token after each encounter as a main player (two after a loss); +1 to its total per token"
TEXT = ("After each encounter in which you are a main player, place one token on this sheet if your side won "
        "it and two if it lost. As a main player, add one to your side's total for each token.")
# Our reading of the classic text: a deal or a failed deal (neither side won) earns no token; a token
# is earned only while the power is on (a hook runs only then) and kept when it goes off. The tokens are
# the power's memory (hb_memory / hb_remember, word 0), public like tokens on a sheet. The tokens add at most
# HB_MAX_ADD (40) to a total, the engine's allowance per encounter: a very long game can earn more.
EDITIONS = ("ah2000", "ffg2008")
WHO = "main"
TOKENS = 0  # the memory word that holds the tokens


@njit
def on_outcome(st, cfg, me, log, lg):
    r = hb_result(st)
    side = hb_side(st, me)
    won = (r == R_OFFENSE_WIN and side == SIDE_OFFENSE) or (r == R_DEFENSE_WIN and side == SIDE_DEFENSE)
    lost = (r == R_OFFENSE_WIN and side == SIDE_DEFENSE) or (r == R_DEFENSE_WIN and side == SIDE_OFFENSE)
    if won or lost:
        hb_remember(st, me, TOKENS, hb_memory(st, me, TOKENS) + (1 if won else 2))
    return 0


@njit
def on_totals(st, cfg, me, log, lg):
    k = hb_memory(st, me, TOKENS)
    # mandatory: no question asked, but the use is an E.POWER a Cosmic Zap may stop
    if k > 0 and hb_event(st, cfg, me, PK_HOMEBREW, log, lg) == 1:
        hb_add_total(st, hb_side(st, me), min(k, HB_MAX_ADD))
    return 0
