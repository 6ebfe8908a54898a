"""Star Cartel SC.12 final round: express deliveries, no ship exchange, on explicit states.

Rule ids (SC.x.y, test vectors SC.T.n, ambiguity choices An) as in shared/rules/star_cartel.md;
states and scripted decisions as in tests/star_cartel_harness.py.
"""
from star_cartel_harness import F, P, Table, W, pos, types_of

import simsuite.games.star_cartel.api as A

D = A  # decision kinds live in api


# ============================================================================================
# SC.12 — final round: express deliveries, no ship exchange
# ============================================================================================

def _final_table(capacity, hold, columns, fill=3):
    t = Table(4)
    t.final_round(trigger=3)
    s = t.ship(0, capacity=capacity)
    h = t.set_hold(0, hold)
    hub = t.set_hub(columns, fill=fill)
    return t, s, h, hub


def test_sc_12_4_express_delivery_deltas():
    """SC.12.3 / SC.12.4: final turn, hold not full after loading -> express delivery: largest
    +1, smallest 0 (no move), both discarded; one remaining set stashed. SC.12.5: no ship
    exchange."""
    t, ship, hold, hub = _final_table(10, [(F, 3), (P, 2)], [[(W, 1)], None, None, None])
    t.script(pos(0), 0)
    t.play_turn(0)
    assert t.script_ok()
    assert t[A.S_DELIV] == 1 and t[A.S_EXPRESS] == 1
    m = t.markers()
    assert (m[F], m[W], m[P]) == (4, 3, 3)
    assert types_of(t, t.stash(0)) == [P]
    assert sorted(t.discard()) == sorted([hold[0], hub[0][0]])
    assert t.cur_ship(0) == ship  # SC.12.5
    assert t[A.S_SHIPS_DISC] == len(t.yard_pool) + 1
    assert t.hold(0) == []
    assert t.check() == 0


def test_sc_12_4_express_one_set():
    """SC.12.4: with one set it is the largest, +1, discarded, nothing stashed."""
    t, ship, hold, hub = _final_table(10, [(F, 3)], [[(F, 1)], None, None, None])
    t.script(pos(0), 0)
    t.play_turn(0)
    assert t[A.S_EXPRESS] == 1
    assert t.markers() == [4, 3, 3, 3, 3]
    assert t.stash(0) == []


def test_sc_12_4_express_crash_at_9():
    """SC.12.4 / SC.9.2: the express +1 from 9 still crashes to 1."""
    t, ship, hold, hub = _final_table(10, [(F, 3)], [[(W, 1)], None, None, None])
    t.set_markers({F: 9})
    t.script(pos(0), 0)
    t.play_turn(0)
    assert t[A.S_EXPRESS] == 1
    assert t.markers()[F] == 1


def test_sc_12_3_full_hold_in_final_round_is_normal():
    """SC.12.3 [TN] / A18: L = K after loading in the final round -> NORMAL delivery (+2 / -1);
    SC.12.5 no ship exchange."""
    t, ship, hold, hub = _final_table(7, [(F, 3), (P, 2)], [[(W, 2)], None, None, None])
    t.script(P)  # Weapons 2 is the only fitting card (taken, no choice); smallest tie -> Plants
    t.play_turn(0)
    assert t.script_ok()
    assert t[A.S_DELIV] == 1 and t[A.S_EXPRESS] == 0
    m = t.markers()
    assert (m[F], m[P], m[W]) == (5, 2, 3)
    assert types_of(t, t.stash(0)) == [W]
    assert t.cur_ship(0) == ship


def test_sc_12_3_nothing_loadable_in_final_round_is_normal():
    """SC.12.3 [TN] / A18: loading impossible in the final round -> NORMAL delivery (+2 / -1);
    SC.12.5 the player keeps the ship."""
    t, ship, hold, hub = _final_table(7, [(F, 3), (P, 2), (W, 1)], [None] * 4, fill=2)
    t.play_turn(0)
    assert t[A.S_DELIV] == 1 and t[A.S_EXPRESS] == 0
    m = t.markers()
    assert (m[F], m[W], m[P]) == (5, 2, 3)
    assert types_of(t, t.stash(0)) == [P]
    assert t.cur_ship(0) == ship


def test_sc_12_3_final_turn_always_delivers_vs_normal_turn():
    """SC.12.3 vs SC.7.7: the same not-full load delivers in a final turn but not in a normal turn."""
    for final in (0, 1):
        t = Table(4)
        if final:
            t.final_round(trigger=2)
        t.ship(0, capacity=10)
        t.set_hold(0, [(F, 3)])
        t.set_hub([[(W, 1)], None, None, None], fill=3)
        t.script(pos(0), 0)
        t.play_turn(0)
        assert t[A.S_DELIV] == final
        assert t[A.S_EXPRESS] == final
