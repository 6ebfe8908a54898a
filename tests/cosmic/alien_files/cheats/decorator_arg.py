"""Code run when a hook is defined, through its decorator's argument."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Decorated"
SUMMARY = "a cheat"
TEXT = "A cheat of the test suite."


@njit(cache=__import__("os").system("touch decorator-ran"))
def on_totals(st, cfg, me, log, lg):
    return 0
