"""Star Cartel SC.4 setup (shipyard, opening purge, A15 tie order).

Rule ids (SC.x.y, test vectors SC.T.n, ambiguity choices An) as in shared/rules/star_cartel.md;
states and scripted decisions as in tests/star_cartel_harness.py.
"""
import collections

import numpy as np
import pytest
from star_cartel_harness import I

import simsuite.games.star_cartel.api as A
from simsuite.engine.kernel_common import new_log
from simsuite.engine.unmanaged import pointer_call

D = A  # decision kinds live in api


# ============================================================================================
# SC.4 — setup
# ============================================================================================

def _setup(players, seed, **params):
    from star_cartel_harness import build, kernel

    k = kernel()
    cfg, c = build(players, "random", **params)
    st = np.zeros(A.STATE_SIZE, np.int64)
    st[A.S_RNG] = seed
    log = new_log(1)
    pointer_call(k.setup)(st, c, log, I(0))
    return k, cfg, c, st


def _hub_sizes(c, st):
    return [int(c[A.C_CARD_SIZE + st[A.S_HUB + col * A.MAX_ROWS + r]])
            for col in range(c[A.C_COLS]) for r in range(st[A.S_HUB_N + col])]


def test_sc_4_6_opening_purge_default():
    """SC.4.6 / A22 / SC.17.5: after setup no hub card has size 4; the set-aside cards went back
    into the deck (SC.17.1 card conservation), the hub is full, markers at 3 (SC.4.1)."""
    purged = 0
    for seed in range(1, 301):
        k, cfg, c, st = _setup(4, seed * 7919)
        sizes = _hub_sizes(c, st)
        assert len(sizes) == 12 and 4 not in sizes
        assert st[A.S_DECK_N] == 90 - 12 and st[A.S_DISC_N] == 0
        assert int(k.check_invariants(st, c)) == 0
        assert list(st[A.S_MARK:A.S_MARK + 5]) == [3] * 5
        purged += st[A.S_PURGED]
    assert purged > 0  # the purge did happen in some of the games


def test_sc_3_17_opening_purge_off_and_custom():
    """SC.3.17: setup_purge_sizes = none turns the purge off (size-4 cards appear in some opening
    hubs); 3+4 removes both sizes."""
    seen4 = 0
    for seed in range(1, 201):
        k, cfg, c, st = _setup(4, seed * 7919, setup_purge_sizes="none")
        seen4 += 4 in _hub_sizes(c, st)
        assert st[A.S_PURGED] == 0
    assert seen4 > 0
    for seed in range(1, 101):
        k, cfg, c, st = _setup(4, seed * 7919, setup_purge_sizes="3+4")
        sizes = _hub_sizes(c, st)
        assert 3 not in sizes and 4 not in sizes and len(sizes) == 12
        assert int(k.check_invariants(st, c)) == 0


@pytest.mark.parametrize("players,size", [(3, 15), (4, 18), (5, 21), (6, 21)])
def test_sc_4_2_4_4_shipyard(players, size):
    """SC.4.2 / SC.2.10: S(3)=15, S(4)=18, S(5)=S(6)=21 with the default ships.toml; only ships with
    min_players <= N. SC.4.4: sorted by capacity, smallest on top, Cassiopeia at the very bottom.
    SC.4.3: N distinct starting ships. SC.4.7: random start player. SC.4.8: empty holds/stashes."""
    starts = set()
    for seed in range(1, 41):
        k, cfg, c, st = _setup(players, seed * 104729)
        ns = int(c[A.C_N_SHIPS])
        yard = [int(x) for x in st[A.S_YARD + st[A.S_YARD_POS]:A.S_YARD + st[A.S_YARD_POS] + st[A.S_YARD_N]]]
        assert len(yard) == size == st[A.S_YARD_TOTAL]
        want = {s for s in range(ns) if c[A.C_SHIP_YARD + s] == 1 and c[A.C_SHIP_MINP + s] <= players}
        assert set(yard) == want
        assert c[A.C_SHIP_FINAL + yard[-1]] == 1
        caps = [int(c[A.C_SHIP_CAP + s]) for s in yard[:-1]]
        assert caps == sorted(caps)
        ships = [int(st[A.S_SHIP + p]) for p in range(players)]
        assert len(set(ships)) == players
        assert all(c[A.C_SHIP_YARD + s] == 0 for s in ships)
        assert 0 <= st[A.S_START] < players
        starts.add(int(st[A.S_START]))
        assert all(st[A.S_HOLD_N + p] == 0 and st[A.S_STASH_N + p] == 0 for p in range(players))
    assert starts == set(range(players))


def test_sc_4_4_A15_tie_order():
    """SC.4.4 / A15 / SC.3.22: equal-capacity ships are ordered at random by default (several
    orders over seeds) and in config order with shipyard_tie_order = config."""
    orders = set()
    first = collections.Counter()  # which ship of the smallest capacity is on top
    seeds = 600
    for seed in range(1, seeds + 1):
        k, cfg, c, st = _setup(6, seed)
        yard = [int(x) for x in st[A.S_YARD:A.S_YARD + st[A.S_YARD_N]]]
        orders.add(tuple(yard))
        body = yard[:-1]
        caps = [c[A.C_SHIP_CAP + s] for s in body]
        assert caps == sorted(caps)  # SC.4.4: smallest capacity on top
        first[body[0]] += 1
    assert len(orders) > 1
    # every tied ship equally likely on top (chi-square, 99.9% quantile for up to 5 degrees of freedom)
    tied = [s for s in range(c[A.C_N_SHIPS]) if c[A.C_SHIP_YARD + s] == 1 and c[A.C_SHIP_FINAL + s] == 0
            and c[A.C_SHIP_MINP + s] <= 6 and c[A.C_SHIP_CAP + s] == min(caps)]
    assert len(tied) >= 2 and set(first) <= set(tied)
    e = seeds / len(tied)
    assert sum((first[s] - e) ** 2 / e for s in tied) < 20.5
    orders = set()
    for seed in range(1, 11):
        k, cfg, c, st = _setup(6, seed, shipyard_tie_order="config")
        yard = [int(x) for x in st[A.S_YARD:A.S_YARD + 21]]
        orders.add(tuple(yard))
        body = yard[:-1]
        assert body == sorted(body, key=lambda s: (c[A.C_SHIP_CAP + s], s))
    assert len(orders) == 1
