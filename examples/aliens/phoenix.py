"""Phoenix: a heavy loss flies home instead of into the warp."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Phoenix"
SUMMARY = "may send 3 or more of its own lost ships home instead of to the warp"
TEXT = ("Whenever three or more of your ships would go to the warp at once, you may return them to your "
        "colonies instead (not to the planets they left).")
EDITIONS = ("ah2000", "ffg2008")
WHO = "any"
AT_LEAST = 3


@njit
def on_loss(st, cfg, me, log, lg):
    if hb_loss_owner(st) != me or hb_loss_ships(st) < AT_LEAST or hb_loss_may_return(st, cfg, me) == 0:
        return 0
    if hb_ask(st, cfg, me, PK_HOMEBREW) == 1 and hb_event(st, cfg, me, PK_HOMEBREW, log, lg) == 1:
        hb_return_lost(st, cfg, CTX_ZOMBIE, log, lg)
        return 1
    return 0
