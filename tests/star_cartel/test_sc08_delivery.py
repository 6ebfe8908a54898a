"""Star Cartel SC.8 deliveries (test vector SC.T.2, SC.11 stashing, SC.3.19 / A4 optional
delivery of a full hold), on explicit states.

Rule ids (SC.x.y, test vectors SC.T.n, ambiguity choices An) as in shared/rules/star_cartel.md;
states and scripted decisions as in tests/star_cartel_harness.py.
"""
import pytest
from star_cartel_harness import C, F, M, P, Table, W, types_of

import simsuite.games.star_cartel.api as A

D = A  # decision kinds live in api


# ============================================================================================
# SC.T.2 — forced delivery (SC.7.6, SC.8.3–SC.8.6, SC.8.9, SC.11)
# ============================================================================================

def _t2_table():
    t = Table(4)
    t.ship(0, capacity=15)
    hold = t.set_hold(0, [(C, 4), (F, 3), (W, 3), (M, 2), (P, 2)])  # L = 14
    t.set_hub([None] * 4, fill=2)  # no bottom-row card of size 1
    return t, hold


@pytest.mark.parametrize("stash", [F, M, W], ids=["food", "medicine", "weapons"])
def test_sc_T2_forced_delivery(stash):
    """SC.T.2: K=15, L=14, nothing fits -> forced normal delivery (SC.7.6). Crystals is the
    unique largest (+2, discarded, SC.8.3), Medicine/Plants tie for smallest and the player
    picks Plants (-1, SC.8.4), exactly one of Food/Medicine/Weapons is stashed and the other
    two are discarded (SC.8.6), then the top shipyard ship is taken (SC.8.9)."""
    t, hold = _t2_table()
    hub_before = [t.hub(c) for c in range(4)]
    ship_before = t.cur_ship(0)
    yard_before = t.yard()
    t.script(P, stash)
    t.play_turn(0)
    assert t.script_ok()
    # no load decision (skipped), no largest decision (unique); smallest tie: 2 options;
    # stash among the 3 remaining sets
    assert t.asked() == [(D.D_SMALLEST, 2), (D.D_STASH, 3)]
    assert [t.hub(c) for c in range(4)] == hub_before
    m = t.markers()
    assert m[C] == 5 and m[P] == 2
    assert m[F] == m[M] == m[W] == 3  # SC.8.7: undelivered/stashed markers unchanged
    by_type = {t.ts(x)[0]: x for x in hold}
    assert t.stash(0) == [by_type[stash]]
    assert t.stash_types(0)[stash] == 1 and sum(t.stash_types(0)) == 1
    assert sorted(t.discard()) == sorted(x for x in hold if x != by_type[stash])
    assert t.hold(0) == [] and t.load(0) == 0
    # SC.8.9: top shipyard ship taken, old ship leaves the game
    assert t.cur_ship(0) == yard_before[0] != ship_before
    assert t.yard() == yard_before[1:]
    assert t[A.S_SHIPS_DISC] == 1
    assert t[A.S_DELIV] == 1
    assert t.check() == 0


def test_sc_T2_smallest_tie_other_choice():
    """SC.T.2 / SC.8.4: picking Medicine as the smallest set instead: Medicine -1, Plants may be stashed."""
    t, hold = _t2_table()
    t.script(M, P)
    t.play_turn(0)
    assert t.script_ok()
    m = t.markers()
    assert (m[C], m[M], m[P], m[F], m[W]) == (5, 2, 3, 3, 3)
    assert types_of(t, t.stash(0)) == [P]


# ============================================================================================
# SC.8 — delivery details
# ============================================================================================

def test_sc_8_5_one_set_only_largest_moves():
    """SC.8.5: with one type delivered there is no smallest set: only its marker moves (+2),
    nothing is stashed and no decision is asked."""
    t = Table(4)
    t.ship(0, capacity=6)
    hold = t.set_hold(0, [(F, 2), (F, 3)])
    t.set_hub([None] * 4, fill=3)
    t.deliver(0)
    assert t.asked() == []
    assert t.markers() == [5, 3, 3, 3, 3]
    assert t.stash(0) == []
    assert sorted(t.discard()) == sorted(hold)
    assert t.check() == 0


def test_sc_8_3_largest_tie_player_chooses():
    """SC.8.3 / SC.15.6: Food 3 and Weapons 3 tie for largest; the player picks Weapons (+2).
    SC.8.4: the smallest is then chosen among the other sets (Plants 1, -1); Food is stashed."""
    t = Table(4)
    t.ship(0, capacity=9)
    t.set_hold(0, [(F, 3), (W, 3), (P, 1)])
    t.set_hub([None] * 4, fill=3)
    t.script(W)
    t.deliver(0)
    assert t.script_ok()
    assert t.asked() == [(D.D_LARGEST, 2)]
    assert t.markers() == [3, 5, 2, 3, 3]
    assert types_of(t, t.stash(0)) == [F]


@pytest.mark.parametrize("largest", [F, W])
def test_sc_8_4_two_equal_sets(largest):
    """SC.8.4 / A6: two sets of equal size: the player picks B, the other is Sm (B != Sm);
    nothing remains to stash."""
    t = Table(4)
    t.ship(0, capacity=9)
    t.set_hold(0, [(F, 2), (W, 1), (W, 1)])
    t.set_hub([None] * 4, fill=3)
    t.script(largest)
    t.deliver(0)
    assert t.script_ok()
    assert t.asked() == [(D.D_LARGEST, 2)]  # smallest then forced: one option
    other = W if largest == F else F
    m = t.markers()
    assert m[largest] == 5 and m[other] == 2
    assert t.stash(0) == []


def test_sc_8_4_smallest_excludes_largest():
    """SC.8.4: Sm is the minimum among the sets OTHER than B: Food 4 (B), Weapons 3, Plants 3 ->
    Sm is Weapons or Plants (a tie the player settles), never Food; the third set is stashed."""
    t = Table(4)
    t.ship(0, capacity=12)
    t.set_hold(0, [(F, 4), (W, 3), (P, 3)])
    t.set_hub([None] * 4, fill=2)
    t.script(P)
    t.deliver(0)
    assert t.script_ok()
    assert t.asked() == [(D.D_SMALLEST, 2)]
    assert t.markers() == [5, 3, 2, 3, 3]
    assert types_of(t, t.stash(0)) == [W]


def test_sc_8_8_empty_hold_delivery_takes_ship():
    """SC.8.8 / A7: empty hold and nothing fits (K=1, every card >= 2): a delivery of nothing
    still happens and the ship exchange still happens; no marker moves."""
    t = Table(4)
    t.ship(0, capacity=1)
    t.set_hub([None] * 4, fill=2)
    yard = t.yard()
    t.play_turn(0)
    assert t[A.S_DELIV] == 1
    assert t.cur_ship(0) == yard[0]
    assert t.markers() == [3] * 5
    assert t.check() == 0


def test_sc_3_20_empty_hold_pass():
    """SC.3.20 / A7 alternative: empty_hold_delivery = pass skips the delivery (no ship taken)."""
    t = Table(4, empty_hold_delivery="pass")
    ship0 = t.ship(0, capacity=1)
    t.set_hub([None] * 4, fill=2)
    t.play_turn(0)
    assert t[A.S_DELIV] == 0
    assert t.cur_ship(0) == ship0


def test_sc_8_9_cassiopeia_triggers_end():
    """SC.8.9 / SC.12.1: taking Cassiopeia (the last shipyard ship) triggers the final round."""
    t = Table(4)
    t.ship(0, capacity=2)
    t.set_hold(0, [(F, 2)])  # L = K: nothing fits -> forced delivery
    t.set_yard([t.final_ship], discarded=5)
    t.set_hub([None] * 4, fill=2)
    t.play_turn(0)
    assert t[A.S_DELIV] == 1
    assert t.cur_ship(0) == t.final_ship
    assert t[A.S_FINAL] == 1
    assert t[A.S_TRIGGER] == 0
    assert t[A.S_YARD_N] == 0


def test_sc_3_19_deliver_when_full_optional():
    """SC.3.19 / A4 alternative: deliver_when_full = optional: a full hold may wait (D_DELIVER_NOW);
    next turn nothing fits, so the forced delivery of SC.7.6 follows."""
    t = Table(4, deliver_when_full="optional")
    t.ship(0, capacity=4)
    t.set_hold(0, [(F, 2)])
    t.set_hub([[(W, 2)], None, None, None], fill=3)
    t.script(0)  # wait
    t.play_turn(0)
    assert t.script_ok()
    assert t.asked() == [(D.D_DELIVER_NOW, 2)]
    assert t[A.S_DELIV] == 0 and t.load(0) == 4
    t.script()
    t.play_turn(0)
    assert t[A.S_DELIV] == 1 and t.load(0) == 0
    assert D.D_DELIVER_NOW not in t.kinds()
