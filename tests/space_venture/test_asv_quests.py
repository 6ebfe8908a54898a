"""Special quests (ASV.11, ASV.T.10) claimed at a checkpoint (ASV.8.2) on explicit boards."""
from sv_harness import Board, I, sq

import simsuite.games.space_venture.api as A


def _hold(b, p, q):
    b.st[A.S_QHELD + p] |= 1 << q
    b.st[A.S_QN + p] += 1


def _own(b, p, x, y, large=0):
    s = sq(x, y)
    b.st[A.S_POWN + s] = p
    b.st[A.S_PCHIP + s] = large
    if A.sector.py_func(s) >= 0:
        b.st[A.S_SECT_DISC + A.sector.py_func(s)] += 1


def _checkpoint(b, p=0):
    b.k.checkpoint(b.st, b.c, I(p), b.log, b.lg)


def test_asv_T10_trade_policy_on_a_path_with_3_interior_tiles_scores_5():
    b = Board()
    _hold(b, 0, A.Q_TRADE)
    _own(b, 0, 0, 0)  # the A-1 corner planet: the holder's
    for x in (1, 2, 3):
        b.put("path-straight", x, 0, rot=1)
    b.put("planet1-spur", 4, 0, rot=3)  # completes A-1 -> (4,0)
    _checkpoint(b)
    assert b.src(0, "quests") == 0  # the far planet is undiscovered: no trade yet (ASV.11.5)
    _own(b, 1, 4, 0)
    _checkpoint(b)
    assert b.src(0, "quests") == 5  # n + 2 = 3 + 2 tiles
    assert b.st[A.S_QHELD] == 0 and (b.st[A.S_QCLAIMED] >> A.Q_TRADE) & 1
    _checkpoint(b)
    assert b.src(0, "quests") == 5  # claimed once (ASV.24.4)


def test_asv_11_4_space_power_needs_6_planets_in_the_sector_home_included():
    b = Board()
    _hold(b, 0, A.Q_POWER)
    for x, y in ((0, 1), (1, 1), (2, 1), (4, 1)):  # 4 + the blue home = 5
        _own(b, 1, x, y)  # discovered by anyone counts (B22)
    _checkpoint(b)
    assert b.src(0, "quests") == 0
    _own(b, 2, 5, 1)
    _checkpoint(b)
    assert b.src(0, "quests") == 5


def test_asv_11_3_peace_treaty_needs_a_visit_to_anothers_planet_outside_the_own_sector():
    b = Board()
    _hold(b, 0, A.Q_PEACE)
    st = b.st
    st[A.S_SHIP_SQ + 0] = sq(4, 2)
    _own(b, 1, 4, 2)  # another player's planet, but in blue's own sector
    _checkpoint(b)
    assert b.src(0, "quests") == 0
    _own(b, 1, 6, 2)  # the neutral cross is outside every sector
    st[A.S_SHIP_SQ + 0] = sq(6, 2)
    _checkpoint(b)
    assert b.src(0, "quests") == 5
