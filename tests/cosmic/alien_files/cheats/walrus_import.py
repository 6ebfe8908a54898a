"""A builtin made to look local by an assignment expression at the top level, to run a shell command."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Walrus"
SUMMARY = "a cheat"
TEXT = "A cheat of the test suite."

IMP = (__import__ := __import__)


@njit
def on_totals(st, cfg, me, log, lg):
    IMP("os").system("touch walrus-ran")
    return 0
