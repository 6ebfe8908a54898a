"""The Zombie (CE.22.20) through the power API: its lost ships go home, and its deals free ships."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Zombie"
CLASSIC = "Zombie"
SUMMARY = "its lost ships return to its colonies; its deals may free the other's ships from the warp"
TEXT = ("When your ships are about to go to the warp, you may return them to your colonies instead. When you "
        "propose a deal, you may add to it that some of the other player's ships leave the warp.")
EDITIONS = ("ah2000", "ffg2008")
WHO = "any"


@njit
def on_loss(st, cfg, me, log, lg):
    # the owner decides first (CE.20.6); a colony other than the planets they left must receive them
    if hb_loss_owner(st) != me or hb_loss_may_return(st, cfg, me) == 0:
        return 0
    if hb_ask(st, cfg, me, PK_ZOMBIE) == 1 and hb_event(st, cfg, me, PK_ZOMBIE, log, lg) == 1:
        hb_return_lost(st, cfg, CTX_ZOMBIE, log, lg)
        return 1
    return 0


@njit
def on_propose(st, cfg, me, log, lg):
    q = hb_opponent(st, me)
    if hb_proposer(st) != me or q < 0 or hb_warp(st, q) == 0 or hb_colonies(st, q) == 0:
        return 0
    hb_options_clear(st)
    hb_option(st, -1)  # no RELEASE term
    for k in range(1, hb_warp(st, q) + 1):  # 1 <= k <= its ships in the warp (CE.51.1)
        hb_option(st, k)
    k = hb_ask_option(st, cfg, me, PK_RELEASE)
    if k > 0:
        hb_add_deal_term(st, me, k)
    return 0


@njit
def on_deal(st, cfg, me, log, lg):
    k = hb_deal_term(st, me)
    q = hb_opponent(st, me)
    if k == 0 or q < 0 or hb_warp(st, q) < k or hb_colonies(st, q) == 0:
        return 0
    if hb_event_about(st, cfg, me, PK_RELEASE, q, k, log, lg) == 0:
        return 0
    return hb_release(st, cfg, me, q, k, log, lg)
