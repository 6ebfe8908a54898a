"""The Vulch (CE.22.19) through the power API: other players' discarded artifacts go to its hand."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Vulch"
CLASSIC = "Vulch"
SUMMARY = "collects the artifacts other players use or discard, and keeps its own at a new hand"
TEXT = ("When another player's artifact card is about to go to the discard pile, you may take it into your hand "
        "instead. When you draw a new hand, you may keep your artifact cards.")
EDITIONS = ("ah2000", "ffg2008")
WHO = "any"


@njit
def on_artifact_discard(st, cfg, me, log, lg):
    # only decides: the engine carries the use out (an E.POWER a Cosmic Zap may answer)
    if hb_artifact_owner(st) == me or hb_ask(st, cfg, me, PK_VULCH) == 0:
        return 0
    return PK_VULCH


@njit
def on_new_hand(st, cfg, me, log, lg):
    if hb_new_hand_seat(st) != me:
        return 0
    return 1 if hb_ask(st, cfg, me, PK_VULCH_KEEP) == 1 and hb_event(st, cfg, me, PK_VULCH_KEEP, log, lg) == 1 else 0
