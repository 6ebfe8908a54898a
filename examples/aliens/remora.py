"""Remora: follows every regroup with one of its own ships (a power at regroup)."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Remora"
SUMMARY = "whenever the offense regroups a ship, it may bring one of its own ships back from the warp too"
TEXT = ("You have the power to follow. Whenever the offense returns a ship from the warp at the start of an "
        "encounter, you may also return one of your ships from the warp to one of your colonies.")
# A classic-style power (after the Remora of the 2008 Fantasy Flight game, whose text follows every
# retrieval of ships from the warp), read at the regroup of CE.4 only; where that is a choice:
# - only the offense's regroup (step 1, CE.4.1-CE.4.2, a ship onto a colony or onto the mothership)
#   triggers it: not a Mobius Tube, a flare, a Healer or a deal (the engine has no hook there);
# - not when the Remora is itself the offense (the power follows another player);
# - the ship goes onto one of the Remora's colonies, as it chooses (CE.0.8); with no colony it stays in the
#   warp (CE.16.3) and the power is not used;
# - each use is an E.POWER (CE.20.3) that a Cosmic Zap may stop.
# The holder's default: `basic` uses it whenever offered (a ship out of the warp never costs its owner).
EDITIONS = ("ah2000", "ffg2008")
WHO = "any"


@njit
def on_regroup(st, cfg, me, log, lg):
    if hb_regrouped(st) < 0 or me == hb_offense(st) or hb_warp(st, me) == 0 or hb_colonies(st, me) == 0:
        return 0
    if hb_ask(st, cfg, me, PK_HOMEBREW) == 1 and hb_event(st, cfg, me, PK_HOMEBREW, log, lg) == 1:
        hb_retrieve(st, cfg, me, 1, log, lg)
    return 0
