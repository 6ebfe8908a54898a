"""Rule tests from explicit boards (rules ../shared/rules/amazing_space_venture.md; ids cited)."""
import pytest
from sv_harness import GAME, Board, I, build, sq

import simsuite.games.space_venture.api as A


# ---- ASV.9.7, ASV.4.5, ASV.T.11: placement legality -------------------------------------------
def test_asv_9_7_edge_matching_and_rotation():
    """A straight path tile next to the A-1 corner (its E edge is a PATH) fits only turned so a
    PATH edge faces the corner's; a DEEP-only tile never fits there (ASV.9.7d); an edge facing an
    empty square is free (ASV.9.7e). Rotations that lay the same face (the straight turned 180
    degrees, the all-deep tile turned at all) are offered once (ASV.4.5)."""
    b = Board()
    b.draw_set(["path-straight", "deep-space", "path-curve"])
    opts = b.place_options()
    # straight printed N-S: rotation 1 (or the same face, 3) puts PATH on W, facing the corner's E
    # the curve (printed N-E) needs W = PATH: rotation 2 (S-W), or 3 (W-N), whose path runs off
    # the board to the north (legal, ASV.9.7e / ASV.T.11)
    assert {(di, r) for di, s, r in opts if s == sq(1, 0)} == {(0, 1), (2, 2), (2, 3)}
    # below the corner (0,1): the corner's S edge is PATH, so N must be PATH
    assert {(di, r) for di, s, r in opts if s == sq(0, 1) and di == 0} == {(0, 0)}
    assert {(di, r) for di, s, r in opts if s == sq(0, 1) and di == 2} == {(2, 0), (2, 3)}
    # next to a home (all DEEP, B3): the deep tile fits (one distinct rotation), the straight in
    # the rotation that faces DEEP towards it, the curve where its two PATH edges avoid W
    assert {(di, r) for di, s, r in opts if s == sq(4, 3)} == {(1, 0), (0, 0), (2, 0), (2, 1)}


def test_asv_9_6_diagonal_contact_is_not_adjacent():
    """ASV.9.6 / ASV.T.11: a square touching tiles only at a corner is not a legal placement."""
    b = Board()
    b.draw_set(["deep-space"])
    squares = {s for _, s, _ in b.place_options()}
    assert sq(4, 4) not in squares  # diagonal to the blue home (3,3) only
    assert sq(4, 3) in squares
    assert sq(1, 1) not in squares  # diagonal to the A-1 corner only
    # every offered square is empty and has an orthogonal tile neighbour (ASV.9.7a/c)
    for s in squares:
        assert b.st[A.S_TILE + s] < 0 and b.st[A.S_ADJ + s] > 0


def test_asv_9_7_path_facing_deep_is_illegal_and_board_edge_is_free():
    """ASV.T.11: PATH facing DEEP is illegal; a path may run off the board."""
    b = Board()
    b.draw_set(["planet1-spur"])
    opts = b.place_options()
    # east of the blue home its W edge must be DEEP: the spur's PATH may face N, E or S (empty
    # squares) but not W (rotation 3)
    assert {r for _, s, r in opts if s == sq(4, 3)} == {0, 1, 2}
    # at (0,1), under the A-1 corner, N must be PATH and W faces off the board: rotation 0 only
    assert {r for _, s, r in opts if s == sq(0, 1)} == {0}


# ---- ASV.12, ASV.18.1, ASV.T.6: galaxies and probes ---------------------------------------------
def test_asv_18_1_two_tile_galaxy_scores_2():
    b = Board()
    b.put("galaxy-end", 5, 1, rot=1)  # galaxy edge E
    b.probe(0, 5, 1)
    b.put("galaxy-end", 6, 1, rot=3)  # galaxy edge W: closes it
    assert b.src(0, "galaxies") == 2 and b.score(0) == 2
    assert b.st[A.S_PROBE + 0] == -1  # B15: the probe returns


def test_asv_18_1_four_tile_galaxy_scores_8_once_per_player():
    b = Board()
    b.put("galaxy-corner", 5, 1, rot=1)  # E, S
    b.probe(0, 5, 1)
    b.put("galaxy-corner", 6, 1, rot=2)  # S, W
    b.probe(0, 6, 1, slot=1)  # two probes of one player: scored once (B15, per_player)
    b.probe(1, 6, 1)
    b.put("galaxy-corner", 5, 2, rot=0)  # N, E
    assert b.score(0) == 0  # still open
    b.put("galaxy-corner", 6, 2, rot=3)  # W, N
    assert b.src(0, "galaxies") == 8 and b.src(1, "galaxies") == 8
    assert b.score(2) == 0


def test_asv_12_6_galaxy_facing_the_board_edge_is_dead_and_scores_open_at_end():
    """B16: a galaxy edge off the board kills the galaxy; its probe scores 1 per tile at the end
    (ASV.T.6: an incomplete 3-tile galaxy gives 3)."""
    b = Board()
    b.put("galaxy-band", 5, 0, rot=0)  # N faces off the board: dead
    b.probe(0, 5, 0)
    b.put("galaxy-band", 5, 1, rot=0)
    b.put("galaxy-end", 5, 2, rot=0)  # would close it, but it is dead
    assert b.src(0, "galaxies") == 0
    b.final()
    assert b.src(0, "open_probes") == 3


# ---- ASV.18.2, ASV.T.7: stations -----------------------------------------------------------------
def _ring(b, cx, cy, skip=None, sun=None):
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if (dx, dy) in ((0, 0), skip):
                continue
            if sun == (dx, dy):
                continue
            b.put("deep-space|planet1-lone", cx + dx, cy + dy, p=1)  # all-DEEP tiles


def test_asv_18_2_surrounded_station_scores_9_and_is_cashed():
    b = Board()
    b.put("deep-space", 2, 6)
    b.station(0, 2, 6)
    _ring(b, 2, 6)
    assert b.src(0, "stations") == 9  # basic cashes it when it becomes surrounded (B28)
    assert b.st[A.S_STATION + 0] == -1 and b.st[A.S_STN + sq(2, 6)] == -1
    assert b.check() == 0  # ASV.24: the engine's own check passes on this hand-built board


def test_asv_24_board_check_sees_a_broken_state():
    """Board.check() runs the engine's ASV.24 check: a legal hand-built board passes; a point with
    no source (ASV.24.12), a laid tile still counted in the stack (ASV.24.1) and a hand changed
    without its cards (ASV.24.5) are each reported."""
    b = Board()
    b.put("deep-space", 2, 6)
    _ring(b, 2, 6)
    assert b.check() == 0
    b.st[A.S_SCORE + 1] += 1
    assert b.check() == A.VIOLATION_NAMES[A.V_SCORE]
    b.st[A.S_SCORE + 1] -= 1
    b.st[A.S_STACK_N] += 1
    assert b.check() == A.VIOLATION_NAMES[A.V_TILES]
    b.st[A.S_STACK_N] -= 1
    b.hand(2, [])
    assert b.check() == A.VIOLATION_NAMES[A.V_CARDS]


def test_asv_19_2_partial_station_scores_its_tiles_at_the_end():
    b = Board()
    b.put("deep-space", 2, 6)
    b.station(0, 2, 6)
    for x, y in ((1, 5), (2, 5), (3, 5), (1, 6)):
        b.put("deep-space", x, y)
    b.final()
    assert b.src(0, "stations") == 5  # ASV.T.7: 5 tiles in the footprint


@pytest.mark.parametrize("rule,cashed,at_end", [("end_only", 9, 9), ("never", 8, 8), ("blocks_cash", 0, 8)])
def test_asv_6_13_station_with_a_sun_neighbour(rule, cashed, at_end):
    """ASV.T.7 / ASV.18.2 / B17: with a sun in the footprint a surrounded station is cashed for 9
    under the default end_only, 8 under never; under blocks_cash it cannot be cashed and scores
    its 8 non-sun tiles at the end."""
    b = Board(station_sun_rule=rule)
    b.put("deep-space", 2, 6)
    b.station(0, 2, 6)
    b.put("sun", 3, 7, rot=3, after=False)  # a sun on the SE square (centre corner NW: (3,7))
    _ring(b, 2, 6, sun=(1, 1))
    assert b.src(0, "stations") == cashed
    b.final()
    assert b.src(0, "stations") == at_end


# ---- ASV.18.3, ASV.19.2, ASV.T.5: pirates ----------------------------------------------------------
def _path_row(b, end="planet1-spur", end_rot=3):
    b.put("planet1-spur", 1, 2, rot=1)  # path faces E
    for x in range(2, 7):
        b.put("path-straight", x, 2, rot=1)
    b.pirate(0, 3, 2)
    b.put(end, 7, 2, rot=end_rot)


def test_asv_19_2_pirate_on_7_tile_complete_path_scores_15():
    b = Board()
    _path_row(b)
    r = b.path_root(3, 2)
    assert b.k.path_status(b.st, I(r)) == 1  # COMPLETE (ASV.12.3)
    assert b.st[A.S_PIRATE + 0] >= 0
    b.final()
    assert b.src(0, "pirates") == 15  # n = 5 interior tiles: 5 * 6 / 2


def test_asv_18_3_pirate_on_path_into_black_hole_returns_with_0():
    b = Board()
    _path_row(b, end="path-black-hole", end_rot=3)
    assert b.st[A.S_PIRATE + 0] == -1
    b.final()
    assert b.src(0, "pirates") == 0


def test_asv_19_2_pirate_on_open_path_scores_0():
    b = Board()
    b.put("planet1-spur", 1, 2, rot=1)
    b.put("path-straight", 2, 2, rot=1)
    b.pirate(0, 2, 2)
    b.put("path-straight", 3, 2, rot=1)
    b.final()
    assert b.st[A.S_PIRATE + 0] >= 0 and b.src(0, "pirates") == 0


# ---- ASV.15, ASV.T.2-T.4: discoveries ------------------------------------------------------------------
def _discovery(b, p, planet_tile, x, y):
    b.put(planet_tile, x, y)
    b.k.discover(b.st, b.c, I(p), I(sq(x, y)), b.log, b.lg)


def test_asv_T2_alex_discovery_8_then_explorer_13():
    b = Board()
    for q in range(4):
        b.hand(q, [])
    b.hand(0, ["PYRRHIS", "Environment +1", "Life form 0", "Gavin's Raiders"])
    _discovery(b, 0, "planet2-through", 8, 1)
    assert b.src(0, "planets") == 8  # 2 x (3 + 1 + 0)
    assert b.src(0, "explorers") == 5 and b.score(0) == 13
    assert b.st[A.S_POWN + sq(8, 1)] == 0 and b.st[A.S_PCHIP + sq(8, 1)] == 0


def test_asv_T3_marie_discovery_minus_1_with_johns_toxic_atmosphere():
    b = Board()
    for q in range(4):
        b.hand(q, [])
    b.hand(0, ["LLEMMER", "Life form 0"])
    b.hand(1, ["Toxic Atmosphere"])  # John, on Marie's left, plays it (ASV.15.3)
    _discovery(b, 0, "planet1-lone", 8, 1)
    assert b.score(0) == -1  # 1 x (1 - 2 + 0), B26
    assert b.st[A.S_HAND_N + 1] == 0 and b.st[A.S_OUT_N + 1] == 1  # B24: John's out-of-game pile


def test_asv_15_3_15_4_cards_offered_clockwise_from_the_discoverers_left():
    """ASV.15.3 / ASV.15.4: seat 1 discovers and holds neither card type; the environment card is
    offered to seats 2, 3, 0 in that order and the life form the same way, the first card played
    ending each offer. Seat 2 (the discoverer's left) plays its Environment -1 before seat 0 can
    play Toxic Atmosphere; seat 3 plays its Life form -1 before seat 0. basic plays a negative card
    on another player's discovery (so every holder asked would play): 1 x (1 - 1 - 1) = -1.
    Counter-clockwise (seat 0 first) would give 1 x (1 - 2 - 1) = -2 and empty seat 0's hand."""
    b = Board()
    for q in range(4):
        b.hand(q, [])
    b.hand(1, ["LLEMMER"])
    b.hand(2, ["Environment -1"])
    b.hand(3, ["Life form -1"])
    b.hand(0, ["Toxic Atmosphere", "Life form -1"])
    _discovery(b, 1, "planet1-lone", 8, 1)
    assert b.score(1) == -1 and b.src(1, "planets") == -1
    assert [int(b.st[A.S_HAND_N + q]) for q in range(4)] == [2, 0, 0, 0]
    assert [int(b.st[A.S_OUT_N + q]) for q in range(4)] == [0, 1, 1, 1]  # B24: each player's own pile


def test_asv_15_3_the_discoverer_is_offered_first_then_the_left():
    """ASV.15.3: seat 3 discovers holding Environment +1; it plays it first, which ends the offer
    before seat 0 (its left) can play Toxic Atmosphere: 1 x (1 + 1) = 2. With seat 3 passing it
    on (no card), seat 0 is next and plays it: 1 x (1 - 2) = -1."""
    for own, score in ((["LLEMMER", "Environment +1"], 2), (["LLEMMER"], -1)):
        b = Board()
        for q in range(4):
            b.hand(q, [])
        b.hand(3, own)
        b.hand(0, ["Toxic Atmosphere"])
        b.hand(1, ["Toxic Atmosphere"])
        _discovery(b, 3, "planet1-lone", 8, 1)
        assert b.score(3) == score
        assert int(b.st[A.S_HAND_N + 1]) == 1  # seat 1 comes after seat 0: never asked to play
        assert int(b.st[A.S_HAND_N + 0]) == (1 if score == 2 else 0)


def test_asv_T4_lord_dewar_doubled_on_a_base_planet():
    b = Board()
    for q in range(4):
        b.hand(q, [])
    b.hand(0, ["Valkyrigon", "Lord Dewar"])
    _discovery(b, 0, "planet1-lone", 8, 1)
    assert b.src(0, "explorers") == 8


# ---- ASV.19.2 (4), ASV.T.8: planet bonus ---------------------------------------------------------------
def test_asv_T8_paul_planet_bonus_21():
    b = Board()  # seat 0 is blue (B4): sector x, y in 0..5
    st = b.st
    for x, y in ((1, 1), (2, 1), (4, 4)):  # 3 small in the own sector; the home is the large one
        st[A.S_POWN + sq(x, y)] = 0
        st[A.S_PCHIP + sq(x, y)] = 0
    for (x, y), large in (((9, 1), 0), ((6, 2), 0), ((9, 2), 1), ((1, 9), 1), ((11, 11), 1)):
        st[A.S_POWN + sq(x, y)] = 0
        st[A.S_PCHIP + sq(x, y)] = large
    b.final()
    assert b.src(0, "bonus") == 5 + 16


# ---- ASV.9.2, ASV.T.9: sun points -------------------------------------------------------------------------
def test_asv_T9_suns_score_1_to_4_in_draw_order():
    b = Board()
    suns = [i for i, t in enumerate(b.tiles) if t["kind"] == A.T_SUN]
    plain = [i for i, t in enumerate(b.tiles) if t["name"] == "deep-space"][:4]
    order = []  # top of the stack first: sun, plain, sun, plain, ...
    for s, p in zip(suns, plain):
        order += [s, p]
    st = b.st
    for i, t in enumerate(reversed(order)):
        st[A.S_STACK + i] = t
    st[A.S_STACK_N] = len(order)
    for p in (0, 1, 0, 2):  # P, Q, P, R
        st[A.S_DRAWN_N] = 0
        b.k.draw_tiles(st, b.c, I(p), I(1), I(0), b.log, b.lg)
        assert st[A.S_DRAWN_N] == 2  # the sun gives one extra draw (ASV.9.2)
    assert [b.src(p, "sun") for p in range(4)] == [1 + 3, 2, 4, 0]
    assert st[A.S_LAST] == 1  # the last tile was drawn (ASV.19.1)


def test_asv_19_1_last_turn_set_when_the_last_tile_is_drawn():
    """ASV.19.1: the draw that takes the last tile of the stack marks the last turn, not the one
    before it: with 3 plain tiles left, drawing 2 leaves the game running, the third ends it."""
    b = Board()
    st = b.st
    plain = [i for i, t in enumerate(b.tiles) if t["name"] == "deep-space"][:3]
    for i, t in enumerate(plain):
        st[A.S_STACK + i] = t
    st[A.S_STACK_N] = 3
    b.k.draw_tiles(st, b.c, I(0), I(2), I(0), b.log, b.lg)
    assert st[A.S_STACK_N] == 1 and st[A.S_LAST] == 0
    st[A.S_DRAWN_N] = 0
    b.k.draw_tiles(st, b.c, I(1), I(2), I(0), b.log, b.lg)  # asks 2, only 1 is left
    assert st[A.S_STACK_N] == 0 and st[A.S_DRAWN_N] == 1 and st[A.S_LAST] == 1


@pytest.mark.parametrize("players", [2, 4])
def test_asv_19_1_the_turn_that_draws_the_last_tile_is_the_last_turn(players):
    """ASV.19.1 over whole games (event logs): every space tile is drawn (the game does not stop
    with tiles left, as it would if a turn leaving one tile counted as the last); the draw of the
    last one comes in the last turn, whose player finishes it (it may place, move, score after
    that draw), and no other turn follows; every turn starts with tiles in the stack; the record
    counts exactly the turns played. 30 games each, since a turn ends with exactly one tile left
    only in some games."""
    cfg, _ = build(players, "basic,random")
    for g in range(30):
        events, rec = GAME.replay(cfg, 7, g)
        kinds = [e["event"] for e in events]
        draws = [i for i, k in enumerate(kinds) if k == "draw_tile"]
        turns = [i for i, k in enumerate(kinds) if k == "turn"]
        assert len(draws) == A.N_SPACE, g  # every space tile is drawn exactly once
        assert all(int(events[i]["text"].split(", ")[-1].split()[0]) > 0 for i in turns)  # tiles left
        last = draws[-1]
        assert turns[-1] < last  # no turn starts after the last tile is drawn
        assert events[turns[-1]]["player"] == events[last]["player"]
        assert len(turns) == int(rec["turns"][0]) and int(rec["timeout"][0]) == 0


def test_asv_10_3_second_sun_must_fill_the_reserved_block():
    """ASV.10.4: once a sun opens a full group, the next sun may only go on a reserved square, turned
    so that its centre corner is the group's centre."""
    b = Board()
    b.put("deep-space", 2, 6, after=False)
    b.put("sun", 3, 6, rot=0, after=False)  # centre corner NE of (3,6): point (4,6)
    res = {s for s in range(A.NSQ) if b.st[A.S_RES + s] != 0}
    assert res == {sq(3, 5), sq(4, 5), sq(4, 6)}
    b.draw_set(["sun", "deep-space"])
    opts = b.place_options()
    sun_opts = {(s, r) for di, s, r in opts if di == 0}
    # the reserved squares next to a tile (the first sun counts): (3,5) turned to SE, (4,6) to NW;
    # (4,5) touches no tile yet
    assert sun_opts == {(sq(3, 5), 1), (sq(4, 6), 3)}
    assert all(s not in res for di, s, r in opts if di == 1)  # no other tile on reserved squares
