"""Tester: a test alien with a hook of every kind (tests/cosmic/test_alien_files.py)."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Tester"
SUMMARY = "one hook of every kind, for the rule tests"
TEXT = ("W-2, as a main player: you may take a random card from your opponent's hand. W-7, not a main player "
        "nor an ally: you may join the offense. When both revealed cards are attacks of the same value, your "
        "side wins. As a main player, +2 to your side's total. After an encounter your side loses as a main "
        "player, draw a card. Your own lost ships may go home instead of to the warp. (For the tests, it keeps "
        "in its memory what it saw at regroup and at the destiny draw.)")
EDITIONS = ("ah2000", "ffg2008")
WHO = "any"
BONUS = 2


@njit
def on_w2(st, cfg, me, log, lg):
    opp = hb_opponent(st, me)
    if opp < 0 or hb_hand_size(st, opp) == 0 or hb_ask(st, cfg, me, PK_HOMEBREW) == 0:
        return 0
    if hb_event(st, cfg, me, PK_HOMEBREW, log, lg) == 1:
        hb_take_random(st, cfg, me, opp)
    return 1


@njit
def on_w7(st, cfg, me, log, lg):
    if hb_side(st, me) != 0 or hb_ally_side(st, me) != 0 or hb_ask(st, cfg, me, PK_HOMEBREW) == 0:
        return 0
    if hb_event(st, cfg, me, PK_HOMEBREW, log, lg) == 1:
        hb_join(st, cfg, me, SIDE_OFFENSE, log, lg)
    return 1


@njit
def on_resolve(st, cfg, me, log, lg):
    side = hb_side(st, me)
    if side == 0 or hb_is_attack(st, cfg, SIDE_OFFENSE) == 0 or hb_is_attack(st, cfg, SIDE_DEFENSE) == 0:
        return 0
    if hb_card_value(st, cfg, SIDE_OFFENSE) != hb_card_value(st, cfg, SIDE_DEFENSE):
        return 0
    if hb_event(st, cfg, me, PK_HOMEBREW, log, lg) == 1:
        return side
    return 0


@njit
def on_totals(st, cfg, me, log, lg):
    side = hb_side(st, me)
    if side != 0 and hb_event(st, cfg, me, PK_HOMEBREW, log, lg) == 1:
        hb_add_total(st, side, BONUS)
    return 0


@njit
def on_outcome(st, cfg, me, log, lg):
    r = hb_result(st)
    side = hb_side(st, me)
    if (r == R_OFFENSE_WIN and side == SIDE_DEFENSE) or (r == R_DEFENSE_WIN and side == SIDE_OFFENSE):
        hb_draw(st, cfg, me, log, lg)
    return 0


@njit
def on_loss(st, cfg, me, log, lg):
    if hb_loss_owner(st) != me or hb_loss_may_return(st, cfg, me) == 0:
        return 0
    if hb_ask(st, cfg, me, PK_HOMEBREW) == 1 and hb_event(st, cfg, me, PK_HOMEBREW, log, lg) == 1:
        return hb_return_lost(st, cfg, CTX_ZOMBIE, log, lg)
    return 0


@njit
def on_regroup(st, cfg, me, log, lg):
    # for the tests: word 0 = where the offense's regrouped ship went + 2 (1: none), word 1 = times called
    hb_remember(st, me, 0, hb_regrouped(st) + 2)
    hb_remember(st, me, 1, hb_memory(st, me, 1) + 1)
    return 0


@njit
def on_destiny(st, cfg, me, log, lg):
    # for the tests: word 2 = the defense the order disc named + 1 (0: never called)
    hb_remember(st, me, 2, hb_defense(st) + 1)
    return 0
