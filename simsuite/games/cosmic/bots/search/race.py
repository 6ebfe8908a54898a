"""The race of a deep search's options: rollouts stop going to an option that is clearly behind.

A search of many samples (search_deep, search_all: 32 per option) spends most of its rollouts on
options that the first few samples already show to be worse than the best. The search therefore
draws samples in rounds (one rollout per option still in the race, the same sample index for
each: common random numbers) and, every RACE_EVERY samples, compares each option with the leader
(the highest total so far; ``basic``'s own pick when it ties for the lead) on the paired
differences of their rollouts: an option whose mean difference is below zero by more than RACE_Z
standard errors leaves the race, as does one whose every rollout equalled the leader's (the same
play: nothing to tell them apart by, and the leader is kept). The options left at the end are
compared by their means over the same samples, as a full search compares them.
A strategy asks for at most SEARCH_SAMPLES (256) samples per option: the values of every sample
are kept in the state, which has room for that many, and a larger count is searched with 256.

The price is a chance of dropping an option as good as the leader or a little better. The leader
is picked after the fact and the race is looked at three times in 32 samples, so an option equal
to the leader leaves about 15% of the time (it costs nothing: the two are worth the same), and
one better than the leader by a third of a rollout's spread about 1%; both rates are tested on
known values in tests/cosmic/test_ce_search.py. The rollouts saved (more than half of
search_all's) buy more games for the same time; the ladder page measures what the race costs in
strength.
"""
import numpy as np
from numba import njit

from simsuite.games.cosmic.api import S_SV_VAL, SEARCH_SAMPLES

RACE_EVERY = 8  # samples between two looks at the race (and the fewest a search must draw to race at all)
RACE_Z = 2.0  # standard errors behind the leader that put an option out of the race
VALUE_UNIT = 1.0e6  # a rollout's value (0 to 100) is kept x VALUE_UNIT, an integer


@njit
def race_total(st, i, n):
    """The sum of option i's first n rollout values (x VALUE_UNIT)."""
    t = 0
    base = S_SV_VAL + i * SEARCH_SAMPLES
    for s in range(n):
        t += st[base + s]
    return t


@njit
def race_leader(st, alive, n, b, m):
    """The option in the race (bit i of alive) with the highest total of its first n values;
    ``basic``'s pick b when it is in the race and ties for the lead."""
    lead = -1
    best = 0
    for i in range(m):
        if (alive >> i) & 1 == 0:
            continue
        t = race_total(st, i, n)
        if lead < 0 or t > best or (t == best and i == b):
            lead = i
            best = t
    return lead


@njit
def race(st, alive, n, b, m):
    """The options (a bit mask over m) still in the race after n samples each: those not clearly
    behind the leader on the paired differences of their values (module docstring)."""
    lead = race_leader(st, alive, n, b, m)
    lb = S_SV_VAL + lead * SEARCH_SAMPLES
    out = alive
    for j in range(m):
        if j == lead or (alive >> j) & 1 == 0:
            continue
        jb = S_SV_VAL + j * SEARCH_SAMPLES
        sd = 0.0
        sdd = 0.0
        same = True
        for s in range(n):
            d = (st[jb + s] - st[lb + s]) / VALUE_UNIT
            same = same and d == 0.0
            sd += d
            sdd += d * d
        mean = sd / n
        var = (sdd - n * mean * mean) / (n - 1) if n > 1 else 0.0
        se = np.sqrt(max(var, 0.0) / n)
        if same or mean + RACE_Z * se < 0.0:
            out &= ~(np.int64(1) << j)
    return out
