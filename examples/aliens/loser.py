"""Loser: declares an upset before the cards are chosen; then the lower total wins (a remembered declaration)."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Loser"
SUMMARY = "as a main player, may declare an upset before the cards are selected: the lower total wins"
TEXT = ("You have the power to win by losing. As a main player, after alliances are formed and before encounter "
        "cards are selected, you may declare an upset. If you do, the side with the lower total wins the "
        "encounter.")
# Our reading of the classic text, where it is a choice:
# - the declaration is made in window W-7 (after the alliances, before the cards, CE.20.1), once per
#   encounter; it is the E.POWER (CE.20.3): a Cosmic Zap on it cancels the upset;
# - it is remembered in the power's memory (word UPSET = the encounter it was declared in,
#   hb_encounter_id), public like any declaration, and holds for that encounter only (a Chronos replay of
#   the cards included);
# - it acts on the totals of two attack cards (CE.10.3-CE.10.4, a tie still goes to the defense): an attack
#   against a negotiate, or two negotiates, are settled as usual;
# - "the lower total wins" whatever other power is at the table (against an Anti-Matter the lower total
#   wins anyway; the upset does not turn it back);
# - if the Loser's power is off when the totals are counted (CE.19.3), the upset does not apply.
# The holder's default (the hint `basic` follows): declare when its side has fewer ships in the encounter
# than the other side (its total is then likely the lower one).
EDITIONS = ("ah2000", "ffg2008")
WHO = "main"
UPSET = 0


@njit
def on_w7(st, cfg, me, log, lg):
    side = hb_side(st, me)
    other = SIDE_DEFENSE if side == SIDE_OFFENSE else SIDE_OFFENSE
    hint = 1 if hb_strength(st, cfg, side) < hb_strength(st, cfg, other) else 0
    if hb_ask_count(st, cfg, me, 1, hint) == 0:
        return 0
    if hb_event(st, cfg, me, PK_HOMEBREW, log, lg) == 1:
        hb_remember(st, me, UPSET, hb_encounter_id(st))
    return 1


@njit
def on_totals(st, cfg, me, log, lg):
    if hb_memory(st, me, UPSET) == hb_encounter_id(st) and hb_memory(st, me, UPSET) != 0:
        hb_lower_wins(st, 1)
    return 0
