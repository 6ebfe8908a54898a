"""Test-only, every game: answers decisions from a script in the scratch area and logs them.

Scratch layout (st[S_SCR + i], written and read by tests/harness.py):

  +0        scripted answers consumed so far
  +1        number of scripted answers n (at most 30)
  +2        mismatches: a scripted value that was not among the legal options
  +3..+32   the scripted option VALUES (not indices), in order; ILLEGAL_HIGH / ILLEGAL_LOW answer
            an index past the options (n) / below them (-1), which the engine must reject and count
  +33       number of decisions asked (the engine asks only when there are 2+ options)
  +34..+63  log of the decisions asked: tag * 10**7 + (kind * 10 + me) * 1000 + number of options
            (first 30); tag is st[S_FACEUP] where the game has it (Cosmic: which encounter card
            was face up when the player decided, for Oracle), else 0

With the script used up (or never written, as in a batch run) the first option is chosen.

One file serves every game: codegen loads a strategy file once per game, as the module
``simsuite_strategy_<game dir>_<name>_<hash>``, and the game's api module (the option and scratch
offsets) is found from that name in the registry. The offsets are compile-time constants of each game's copy.
"""
import re
from pathlib import Path

import numpy as np
from numba import njit

ILLEGAL_HIGH = np.int64(1 << 40)  # no option value of any game comes near 2**40
ILLEGAL_LOW = np.int64((1 << 40) + 1)


def _game_api():
    m = re.fullmatch(rf"simsuite_strategy_(\w+)_{Path(__file__).stem}_[0-9a-f]{{8}}", __name__)
    if m is None:
        raise ImportError(f"{__file__} is a strategy plug-in: load it through simsuite.engine.codegen (got {__name__!r})")
    from simsuite import games  # the registered game of that folder name (a test's own game too)

    return next(games.get(n).api for n in games.names() if games.get(n).dirname == m.group(1))


_A = _game_api()
S_NOPT = _A.S_NOPT
S_OPT = _A.S_OPT
S_SCR = _A.S_SCR
S_TAG = getattr(_A, "S_FACEUP", -1)


@njit
def decide(kind, st, cfg, me):
    n = st[S_NOPT]
    k = st[S_SCR + 33]
    if k < 30:
        tag = st[S_TAG] if S_TAG >= 0 else 0
        st[S_SCR + 34 + k] = tag * 10000000 + (kind * 10 + me) * 1000 + n
    st[S_SCR + 33] = k + 1
    used = st[S_SCR]
    if used >= st[S_SCR + 1]:
        return 0
    want = st[S_SCR + 3 + used]
    st[S_SCR] = used + 1
    if want == ILLEGAL_HIGH:
        return n
    if want == ILLEGAL_LOW:
        return -1
    for i in range(n):
        if st[S_OPT + i] == want:
            return i
    st[S_SCR + 2] += 1
    return 0
