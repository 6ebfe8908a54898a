"""Movement and discovery triggers (ASV.14, ASV.15.1) on explicit boards: options of phase 3."""

from sv_harness import Board, I, sq

import simsuite.games.space_venture.api as A


def _moves(b, p=0):
    b.k.move_options(b.st, b.c, I(p))
    return {int(v) for v in b.st[A.S_OPT:A.S_OPT + b.st[A.S_NOPT]]}


def _ship(b, p, slot, x, y, ty, move):
    st = b.st
    st[A.S_SHIP_SQ + p * 2 + slot] = sq(x, y)
    st[A.S_SHIP_TYPE + p * 2 + slot] = ty
    st[A.S_SHIP_MOVE + p * 2 + slot] = move


def test_asv_14_2_and_14_7_ends_and_discovery_needs_a_planet_card():
    b = Board()
    b.put("planet1-lone", 4, 3)  # undiscovered, next to the blue home (3,3)
    b.put("deep-space", 3, 4)
    b.hand(0, ["Planet 1"])
    m = _moves(b)
    assert sq(4, 3) in m  # a discovery (ASV.14.7)
    assert sq(3, 4) not in m  # a plain tile is no end for a non-deep ship (ASV.14.2)
    assert sq(2, 3) not in m  # deep space: only Scouts and Saucers (ASV.14.4)
    b.hand(0, ["Environment +1"])
    assert _moves(b) == {-1}  # without a planet card the entering step is illegal (ASV.15.1)


def test_asv_14_4_scouts_enter_deep_space_and_end_anywhere():
    b = Board()
    b.hand(0, [])
    _ship(b, 0, 0, 3, 3, A.ST_SCOUT, 2)
    m = {v % 500 for v in _moves(b) if v >= 0}
    want = {sq(x, y) for x in range(1, 6) for y in range(1, 6)} - {sq(3, 3)}
    # every square within 2 king steps; the second step can enter the board wormhole F-6 (5,5)
    # and come out of any other board wormhole (ASV.14.6a)
    assert m == want | set(A.BOARD_WH)


def test_asv_14_7_undiscovered_planet_cannot_be_passed_through():
    b = Board()
    b.hand(0, [])
    for x in range(4, 7):
        b.put("planet1-lone", x, 3) if x == 4 else b.put("deep-space", x, 3)
    _ship(b, 0, 0, 3, 3, A.ST_SCOUT, 2)
    m = {v % 500 for v in _moves(b) if v >= 0}
    # (5,3) is reached around the planet through deep space, never through it; a Scout without a
    # planet card cannot end on (4,3)
    assert sq(4, 3) not in m and sq(5, 3) in m


def test_asv_14_6_wormhole_exit_anywhere_for_the_same_step():
    b = Board()
    b.hand(0, [])
    b.put("wormhole", 4, 3)
    _ship(b, 0, 0, 3, 3, A.ST_SCOUT, 1)
    m = {v % 500 for v in _moves(b) if v >= 0}
    # one step into the tile wormhole, out of any board wormhole (B10, B11)
    for w in A.BOARD_WH:
        assert w in m
    assert sq(8, 8) not in m  # a second step would be needed


def _complete_path(b):
    b.put("path-straight", 1, 0, rot=1)
    b.put("path-straight", 2, 0, rot=1)
    b.put("planet1-spur", 3, 0, rot=3)  # A-1's E path runs to (3,0): complete
    b.st[A.S_POWN + 0] = 0  # A-1 discovered by seat 0
    b.st[A.S_SECT_DISC + A.BLUE] += 1
    b.hand(0, ["Planet 1"])
    _ship(b, 0, 1, 0, 0, A.ST_STARTER, 1)


def test_asv_14_5_ride_a_complete_path_as_the_whole_move():
    b = Board()
    _complete_path(b)
    m = _moves(b)
    assert 1000 + 500 + sq(3, 0) in m  # slot 1 rides to the undiscovered end: a discovery
    b.pirate(1, 2, 0)  # B19: another player's pirate blocks the ride
    assert 1000 + 500 + sq(3, 0) not in _moves(b)
    b.st[A.S_PIRATE + 2] = -1
    b.pirate(0, 2, 0)  # an own pirate does not
    assert 1000 + 500 + sq(3, 0) in _moves(b)
