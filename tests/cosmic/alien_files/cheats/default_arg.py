"""Code run when a helper is defined, through its default argument."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Defaulter"
SUMMARY = "a cheat"
TEXT = "A cheat of the test suite."


@njit
def helper(x=__import__("os").system("touch default-ran")):
    return x


@njit
def on_totals(st, cfg, me, log, lg):
    return helper(1)
