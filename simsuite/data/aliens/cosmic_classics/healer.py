"""The Healer (CE.22.7) through the power API: another player's lost ships go home, and it draws."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Healer"
CLASSIC = "Healer"
SUMMARY = "saves other players' lost ships for a card"
TEXT = ("When another player's ships are about to go to the warp, you may return them to that player's colonies "
        "instead; you then draw a card from the deck.")
EDITIONS = ("ah2000", "ffg2008")
WHO = "any"


@njit
def on_loss(st, cfg, me, log, lg):
    q = hb_loss_owner(st)
    if q == me or hb_loss_may_return(st, cfg, me) == 0:
        return 0
    if hb_ask(st, cfg, me, PK_HEALER) == 1 and hb_event(st, cfg, me, PK_HEALER, log, lg) == 1:
        hb_return_lost(st, cfg, CTX_HEALER, log, lg)
        hb_draw(st, cfg, me, log, lg)
        return 1
    return 0
