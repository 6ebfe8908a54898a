"""Test-only: answers decisions from a script in the scratch area and logs every decision asked.

Scratch layout (st[S_SCR + i], written by the tests, see tests/star_cartel_harness.py):

  +0        scripted answers consumed so far
  +1        number of scripted answers n (at most 12)
  +2        mismatches: a scripted value that was not among the legal options
  +3..+14   the scripted option VALUES (not indices), in order
  +15       number of decisions asked (the engine asks only when there are 2+ options)
  +16..+31  log of the decisions asked: kind * 1000 + number of options (first 16)

With the script used up, the first option is chosen.
"""
from numba import njit

from simsuite.games.star_cartel.api import S_NOPT, S_OPT, S_SCR


@njit
def decide(kind, st, cfg, me):
    n = st[S_NOPT]
    k = st[S_SCR + 15]
    if k < 16:
        st[S_SCR + 16 + k] = kind * 1000 + n
    st[S_SCR + 15] = k + 1
    used = st[S_SCR]
    if used >= st[S_SCR + 1]:
        return 0
    want = st[S_SCR + 3 + used]
    st[S_SCR] = used + 1
    for i in range(n):
        if st[S_OPT + i] == want:
            return i
    st[S_SCR + 2] += 1
    return 0
