"""The `basic` heuristic's ship-source choice (simsuite/games/cosmic/bots/basic/heuristics.py): pick_source
rates only each source's best chunk and steps from source to source by the number of options
take_ships lists for it; that must give the answer of rating every option (a plain Python
reference here), and an option list in any other order must still be answered by a full scan."""
import numpy as np
import pytest

import simsuite.games.cosmic.api as A
from simsuite.engine.unmanaged import pointer_call
from simsuite.games.cosmic.bots.basic import heuristics as H

I = np.int64
CHUNK = int(A.MAX_CHUNK)


def _value(st, me, code, need):
    """The rating pick_source's docstring describes, for one option."""
    pl, c = divmod(code, int(A.SRC_SHIFT))
    if pl == A.OPT_MOTHERSHIP:
        return 1000 + c
    s = int(st[A.S_PS + me * A.MAX_PLANETS + pl])
    good = min(s - 1 if s > 1 else 1, need)
    v = 10 * s - 2 * abs(c - good)
    if c > need:
        v -= 1000
    if c == s:
        v -= 50 if pl // A.PPS_MAX == me else 100
    return v


def _reference(st, me, want):
    opts = [int(x) for x in st[A.S_OPT:A.S_OPT + st[A.S_NOPT]]]
    taken = int(st[A.S_CTX_N])
    can_stop = opts[0] == A.NONE
    if can_stop and taken >= want:
        return 0
    best, bv = -1, None
    for i, code in enumerate(opts):
        if code < 0:
            continue
        v = _value(st, me, code, want - taken)
        if bv is None or v > bv:
            best, bv = i, v
    if best < 0 or (can_stop and bv < 0):
        return 0
    return best


def _decision(rng, players=4):
    """A random ship-source decision laid out as take_ships lists it (CE.50 sources)."""
    st = np.zeros(A.STATE_SIZE, np.int64)
    me = int(rng.integers(players))
    for pl in range(players * A.PPS_MAX):
        if rng.random() < 0.45:
            st[A.S_PS + me * A.MAX_PLANETS + pl] = rng.integers(1, 8)
    st[A.S_OFF] = me
    st[A.S_CENTRE] = rng.integers(0, 6) if rng.random() < 0.3 else 0
    kmin, kmax = (1, int(rng.integers(1, 5))) if rng.random() < 0.7 else (3, 3)
    taken = int(rng.integers(0, kmax))
    excl = int(rng.integers(-1, players * A.PPS_MAX))
    st[A.S_CTX_N], st[A.S_CTX_MAX] = taken, kmax
    room = min(kmax - taken, CHUNK)
    opts = [int(A.NONE)] if taken >= kmin else []
    for pl in range(players * A.PPS_MAX):
        s = int(st[A.S_PS + me * A.MAX_PLANETS + pl])
        if pl != excl and s > 0:
            opts += [pl * int(A.SRC_SHIFT) + c for c in range(1, min(s, room) + 1)]
    if st[A.S_CENTRE] > 0 and rng.random() < 0.5:  # RESETTLE may take from the mothership
        opts += [int(A.OPT_MOTHERSHIP) * int(A.SRC_SHIFT) + c for c in range(1, min(int(st[A.S_CENTRE]), room) + 1)]
    return st, me, opts


def _set_options(st, opts):
    st[A.S_OPT:A.S_OPT + len(opts)] = opts
    st[A.S_NOPT] = len(opts)


@pytest.mark.parametrize("order", ["as listed", "shuffled"])
def test_pick_source_matches_rating_every_option(order):
    rng = np.random.default_rng(20261122)
    cfg = np.zeros(8, np.int64)  # pick_source reads no cfg value
    # through raw pointers, as the kernel calls it: no second compiled version (see
    # test_ce_one_compiled_version_per_function)
    pick_source = pointer_call(H.pick_source)
    checked = 0
    for _ in range(2000):
        st, me, opts = _decision(rng)
        if len(opts) < 2:
            continue
        if order == "shuffled":
            head = opts[:1] if opts[0] == A.NONE else []
            rest = opts[len(head):]
            rng.shuffle(rest)
            opts = head + rest
        _set_options(st, opts)
        for want in (1, 2, 3, 4, 99):
            assert pick_source(st, cfg, I(me), I(want)) == _reference(st, me, want), (opts, want)
            checked += 1
    assert checked > 5000
