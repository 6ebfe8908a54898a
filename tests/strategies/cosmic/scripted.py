"""Test-only: answers Cosmic Encounter decisions from a script in the scratch area and logs them.

Scratch layout (st[S_SCR + i], written by tests/cosmic_harness.py):

  +0        scripted answers consumed so far
  +1        number of scripted answers n (at most 30)
  +2        mismatches: a scripted value that was not among the legal options
  +3..+32   the scripted option VALUES (not indices), in order
  +33       number of decisions asked (the engine asks only when there are 2+ options)
  +34..+63  log of the decisions asked: st[S_FACEUP] * 10**7 + (kind * 10 + me) * 1000 + number of
            options (first 30); S_FACEUP says which encounter card was face up at that moment (Oracle)

With the script used up, the first option is chosen (mostly "none": skip, stop, pass, decline).
"""
from numba import njit

from simsuite.games.cosmic.api import S_FACEUP, S_NOPT, S_OPT, S_SCR


@njit
def decide(kind, st, cfg, me):
    n = st[S_NOPT]
    k = st[S_SCR + 33]
    if k < 30:
        st[S_SCR + 34 + k] = st[S_FACEUP] * 10000000 + (kind * 10 + me) * 1000 + n
    st[S_SCR + 33] = k + 1
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
