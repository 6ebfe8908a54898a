"""Hold once the turn's total reaches 20 (the classic rule of thumb)."""
from numba import njit
from pig.api import HOLD, ROLL, S_OPT, turn_total


@njit
def decide(kind, st, cfg, me):
    want = HOLD if turn_total(st) >= 20 else ROLL
    return 0 if st[S_OPT] == want else 1  # the options: hold, roll
