"""Pig's state and configuration layout (after the common header of simsuite/scaffold/layout.py)
and the readers its strategies use. Decision D_ROLL (after each roll that is not a 1 and does not
reach the target): option values 0 = hold (PIG.3), 1 = roll again (PIG.1)."""
import numpy as np

from simsuite.scaffold.layout import *  # noqa: F403  (the common header and readers)
from simsuite.scaffold.layout import config_layout, item, state_layout, word

MAX_P = 4
MAX_OPT = 2
assert MAX_P <= MAX_SEATS  # noqa: F405  (from the layout's star import)

D_ROLL = np.int64(1)
HOLD, ROLL = np.int64(0), np.int64(1)
DECISION_NAMES = ("", "roll")
I0 = np.int64(0)

V_BANK, V_TOTAL, V_WINNER = range(1, 4)
VIOLATION_NAMES = ("", "PIG.3 a bank below 0 or past the target", "PIG.2 a turn total left between turns",
                   "PIG.4 a winner below the target")

_C = config_layout()
C_TARGET = _C.add()
CFG_SIZE = _C.size

_S = state_layout(MAX_OPT)
S_BANK = _S.add(MAX_P)
S_TOTAL = _S.add()  # the turn's total so far
S_WINNER = _S.add()  # -1 until someone reaches the target
S_ROLLS = _S.add()
S_BUSTS = _S.add()
STATE_SIZE = _S.size

bank = item(S_BANK)  # (st, p)
turn_total = word(S_TOTAL)  # (st)
