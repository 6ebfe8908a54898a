"""The Oracle (CE.22.12) through the power API: its opponent selects first, face up."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Oracle"
CLASSIC = "Oracle"
SUMMARY = "its opponent selects first, face up; it then chooses its card knowing it"
TEXT = ("As a main player, your opponent selects its encounter card first and it is turned face up at once; then "
        "you choose yours knowing it.")
EDITIONS = ("ah2000", "ffg2008")
WHO = "main"


@njit
def on_select(st, cfg, me, log, lg):
    # mandatory (A43): its E.POWER at the start of step 8, where a Cosmic Zap may stop it
    if hb_event(st, cfg, me, FX_ORACLE, log, lg) == 1:
        q = hb_opponent(st, me)
        hb_select_first(st, q)
        hb_select_face_up(st, q)
    return 0
