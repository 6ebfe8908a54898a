"""Top-level code that would leave a marker file if anything of the file ran when its folder is loaded."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Marker"
SUMMARY = "a cheat"
TEXT = "A cheat of the test suite."

MARK = __import__("pathlib").Path(__file__).with_suffix(".ran").write_text("ran")


@njit
def on_totals(st, cfg, me, log, lg):
    return 0
