"""Code run when a helper is defined, through an annotation."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Annotated"
SUMMARY = "a cheat"
TEXT = "A cheat of the test suite."


@njit
def helper(x: __import__("os").system("touch annotation-ran")):
    return x


@njit
def on_totals(st, cfg, me, log, lg):
    return helper(1)
