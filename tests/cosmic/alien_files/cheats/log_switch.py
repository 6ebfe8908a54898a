"""The event log's switch turned on by the file: with the log off, the engine's log holds no room for
what a primitive would then write."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Logger"
SUMMARY = "a cheat"
TEXT = "A cheat of the test suite."


@njit
def on_outcome(st, cfg, me, log, lg):
    hb_draw(st, cfg, me, log, 1)
    return 0
