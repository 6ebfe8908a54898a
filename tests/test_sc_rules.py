"""Star Cartel rules checked on explicit, hand-built states (contract: shared/rules/star_cartel.md).

Every test names the rule ids (SC.x.y, test vectors SC.T.n, ambiguity choices An) it checks.
Decisions are made by the test-only ``scripted`` strategy; ``t.asked()`` lists the decisions
the engine asked as (kind, number of options), so a test can also check that a choice was,
or was not, offered.
"""
import collections

import numpy as np
import pytest

import simsuite.games.star_cartel.api as A
from simsuite.kernel_common import new_log
from simsuite.unmanaged import pointer_call
from star_cartel_harness import CRYSTALS, FOOD, MEDICINE, PLANTS, WEAPONS, I, Table, pos

F, W, P, M, C = FOOD, WEAPONS, PLANTS, MEDICINE, CRYSTALS
D = A  # decision kinds live in api


def types_of(t, cards):
    return sorted(t.ts(x)[0] for x in cards)


# ============================================================================================
# SC.T.1 — load step (SC.7.3, SC.7.4, SC.7.7, SC.7.8)
# ============================================================================================

def _t1_table():
    t = Table(4)
    t.ship(0, capacity=7, ability=A.A_NONE)
    hold = t.set_hold(0, [(F, 2)])
    hub = t.set_hub([[(M, 4), (M, 3)], [(W, 3), (C, 2), (M, 1)], [(F, 1)], None], fill=4)
    deck = t.set_deck_top([(P, 3), (P, 2), (W, 2), (F, 3)])
    return t, hold, hub, deck


def test_sc_T1_taking_medicine4_makes_medicine3_unloadable():
    """SC.T.1 / SC.7.4 / SC.7.8: K=7, hold Food 2; taking Medicine 4 leaves 1 free, so the
    Medicine 3 above it cannot be the second card (no D_MORE offered) and a fitting card in
    another column (Food 1) is never a second card either."""
    t, hold, hub, deck = _t1_table()
    t.script(pos(0))
    loaded = t.load_step(0)
    assert loaded == 1
    assert t.script_ok()
    # SC.7.3: every fitting bottom card was an option (4 columns, all fit with 5 free)
    assert t.asked() == [(D.D_FIRST, 4)]
    assert t.hold(0) == hold + [hub[0][0]]
    assert t.load(0) == 6
    # SC.5.2: the column shifted down (Medicine 3 is now the bottom card) and was refilled
    assert t.hub(0) == [hub[0][1], hub[0][2], deck[0]]
    assert t.ts(t.hub(0)[0]) == (M, 3)
    assert t.hub(2) == hub[2]  # Food 1 untouched
    assert t.check() == 0


def test_sc_T1_medicine4_turn_ends_without_delivery():
    """SC.T.1 / SC.7.7: after Medicine 4, L = 6 < K = 7, so the turn ends without a delivery."""
    t, hold, hub, deck = _t1_table()
    ship0 = t.cur_ship(0)
    t.script(pos(0))
    t.play_turn(0)
    assert t[A.S_DELIV] == 0
    assert t.load(0) == 6
    assert t.cur_ship(0) == ship0
    assert t.markers() == [3] * 5
    assert t.check() == 0


def test_sc_T1_weapons3_crystals2_fill_exactly_and_deliver():
    """SC.T.1 / SC.7.4 / SC.7.7: Weapons 3 then (optionally) Crystals 2 from the same column gives
    L = 7 = K, so a delivery follows this turn; Medicine 1 ends up as that column's bottom card."""
    t, hold, hub, deck = _t1_table()
    yard0 = t.yard()
    # first card column 1, take the second, smallest-set tie Food 2 / Crystals 2 -> Crystals
    t.script(pos(1), 1, C)
    t.play_turn(0)
    assert t.script_ok()
    assert t.kinds() == [D.D_FIRST, D.D_MORE, D.D_SMALLEST]
    assert t.asked()[1] == (D.D_MORE, 2)
    # Medicine 1 is now the bottom card of column 1
    assert t.hub(1)[0] == hub[1][2]
    assert t.ts(t.hub(1)[0]) == (M, 1)
    # the delivery happened: Weapons 3 largest (+2), Crystals smallest (-1), Food stashed
    assert t[A.S_DELIV] == 1
    assert t.hold(0) == [] and t.load(0) == 0
    m = t.markers()
    assert (m[W], m[C], m[F], m[P], m[M]) == (5, 2, 3, 3, 3)
    assert t.stash(0) == hold
    assert set(t.discard()) == {hub[1][0], hub[1][1]}
    assert t.cur_ship(0) == yard0[0]
    assert t.check() == 0


def test_sc_7_4_second_card_is_optional():
    """SC.7.4: the second card is optional; stopping after Weapons 3 leaves L = 5 and no delivery."""
    t, hold, hub, deck = _t1_table()
    t.script(pos(1), 0)
    t.play_turn(0)
    assert t.script_ok()
    assert t.kinds() == [D.D_FIRST, D.D_MORE]
    assert t.hold(0) == hold + [hub[1][0]]
    assert t[A.S_DELIV] == 0
    assert t.hub(1)[0] == hub[1][1]


def test_sc_7_3_first_card_mandatory_only_fitting_bottom_cards():
    """SC.7.3 / SC.15.2: the options are exactly the fitting bottom-row cards; 'take nothing' is
    not offered. K=4, L=2: only the size-1/2 bottom cards (columns 1 and 3) fit."""
    t = Table(4)
    t.ship(0, capacity=4)
    t.set_hold(0, [(F, 2)])
    hub = t.set_hub([[(W, 3)], [(P, 2)], [(M, 4)], [(C, 1)]], fill=4)
    t.script(-1)  # not a legal value: recorded as a mismatch
    loaded = t.load_step(0)
    assert t.asked() == [(D.D_FIRST, 2)]
    assert t[A.S_SCR + 2] == 1  # -1 was not an option
    assert loaded == 1
    assert t.hold(0)[1] in (hub[1][0], hub[3][0])


def test_sc_7_3_single_fitting_card_taken_without_asking():
    """SC.7.3 / SC.6.3: loading is mandatory: with one fitting bottom card it is taken (no choice)."""
    t = Table(4)
    t.ship(0, capacity=3)
    t.set_hold(0, [(F, 2)])
    hub = t.set_hub([[(W, 3)], [(P, 2)], [(M, 4)], [(C, 1), (C, 3)]], fill=4)
    loaded = t.load_step(0)
    assert loaded == 1
    assert t.asked() == []  # one option: no decision, and D_MORE impossible (L = K)
    assert t.hold(0)[1] == hub[3][0]
    assert t.load(0) == 3


def test_sc_7_5_at_most_two_cards_without_abilities():
    """SC.7.5 / SC.3.11: without abilities at most max_cards_per_load = 2 cards per load step,
    even if a third card of the same column would fit."""
    t = Table(4)
    t.ship(0, capacity=20)
    hub = t.set_hub([[(F, 1), (F, 1), (F, 1)], None, None, None], fill=4)
    t.script(pos(0), 1)
    loaded = t.load_step(0)
    assert loaded == 2
    assert t.kinds() == [D.D_FIRST, D.D_MORE]
    assert t.hold(0) == hub[0][:2]


def test_sc_3_11_max_cards_per_load_three():
    """SC.3.11: with max_cards_per_load = 3 a third card from the new bottom of the same column."""
    t = Table(4, max_cards_per_load=3)
    t.ship(0, capacity=20)
    hub = t.set_hub([[(F, 1), (W, 1), (P, 1)], None, None, None], fill=4)
    t.script(pos(0), 1, 1)
    loaded = t.load_step(0)
    assert loaded == 3
    assert t.kinds() == [D.D_FIRST, D.D_MORE, D.D_MORE]
    assert t.hold(0) == hub[0]


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


# ============================================================================================
# SC.T.3 / SC.9.2 — market changes and crashes
# ============================================================================================

CRASH_DEFAULT = [  # (v, d, expected, crashed)
    (9, 2, 1, 1), (8, 2, 1, 1), (7, 2, 9, 0), (9, 1, 1, 1), (1, -1, 1, 0), (2, -2, 1, 0),
    (9, 0, 9, 0), (5, 2, 7, 0), (3, -1, 2, 0), (2, 1, 3, 0),
]


@pytest.mark.parametrize("v,d,want,crashed", CRASH_DEFAULT)
def test_sc_T3_marker_change_default(v, d, want, crashed):
    """SC.T.3 / SC.9.2 / A3: above crash_threshold 9 -> crash_reset 1 (no wrap-around), below
    floor 1 -> 1; kernel _marker_change and api.apply_delta agree; crashes are counted."""
    t = Table(4)
    t.set_markers({W: v})
    assert int(A.apply_delta(t.c, I(v), I(d))) == want
    assert t.marker_change(W, d) == want
    assert t[A.S_CRASHES] == crashed
    assert t[A.S_MARK_CRASH + W] == crashed
    assert t.markers()[F] == 3  # SC.8.7: other markers unchanged


CRASH_CUSTOM = [  # threshold 12, reset 4, floor 2
    (11, 2, 4, 1), (10, 2, 12, 0), (12, 1, 4, 1), (12, 0, 12, 0), (9, 2, 11, 0), (3, -2, 2, 0),
    (2, -1, 2, 0), (5, -2, 3, 0),
]


@pytest.mark.parametrize("v,d,want,crashed", CRASH_CUSTOM)
def test_sc_9_2_marker_change_custom_params(v, d, want, crashed):
    """SC.9.2 with SC.3.3-SC.3.5 changed: crash_threshold 12, crash_reset 4, floor_value 2."""
    t = Table(4, crash_threshold=12, crash_reset=4, floor_value=2)
    t.set_markers({M: v})
    assert int(A.apply_delta(t.c, I(v), I(d))) == want
    assert t.marker_change(M, d) == want
    assert t[A.S_CRASHES] == crashed


def test_sc_9_5_crash_inside_delivery():
    """SC.9.2 / SC.9.5 in a delivery: Food at 8 is the largest (+2 -> crash to 1), Weapons at 1 the
    smallest (-1 -> floor 1)."""
    t = Table(4)
    t.ship(0, capacity=9)
    t.set_hold(0, [(F, 3), (W, 1)])
    t.set_markers({F: 8, W: 1})
    t.set_hub([None] * 4, fill=3)
    t.deliver(0)
    assert t.markers()[:2] == [1, 1]
    assert t[A.S_CRASHES] == 1
    assert t[A.S_MARK_CRASH + F] == 1


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


# ============================================================================================
# SC.13 — scoring and tie-breaks, SC.T.4
# ============================================================================================

def test_sc_T4_scoring_vector():
    """SC.T.4 / SC.13.1-SC.13.3: markers Food 5, Crystals 1, Weapons 9; stash 3 Food, 2 Crystals,
    1 Weapons -> C = 15 + 2 + 9 = 26; ship value 4 -> T = 30; best single type Food = 15.
    Card sizes are ignored (mixed sizes here)."""
    t = Table(3)
    t.set_markers({F: 5, C: 1, W: 9})
    t.ship(0, value=4)
    t.ship(1, value=0)
    t.ship(2, value=0)
    t.add_stash(0, [(F, 4), (F, 1), (F, 3), (C, 4), (C, 2), (W, 1)])
    t.add_stash(1, [(F, 1), (F, 1), (F, 1), (C, 1), (C, 1), (W, 1)])  # same counts, other sizes
    t.set_hub([None] * 4, fill=2)
    r = t.score()
    assert r["contraband"][0] == 26
    assert r["ship_value"][0] == 4
    assert r["score"][0] == 30
    assert r["best_type"][0] == 15
    assert r["stash_cards"][0] == 6
    assert r["contraband"][1] == 26 and r["score"][1] == 26  # SC.13.1: size ignored
    assert r["score"][2] == 0
    assert list(r["win"][:3]) == [1, 0, 0] and r["n_winners"] == 1
    assert list(r["win"][3:]) == [-1] * 3  # seats not in the game


def test_sc_3_23_no_ship_value():
    """SC.3.23 / SC.13.2: score_ship_value = false -> V = 0, T = C."""
    t = Table(3, score_ship_value=False)
    t.set_markers({F: 5})
    t.ship(0, value=4)
    t.add_stash(0, [(F, 1)])
    t.set_hub([None] * 4, fill=2)
    r = t.score()
    assert r["ship_value"][0] == 0 and r["score"][0] == 5


# (markers, {seat: (stash specs, ship value)}, expected winners)
_MK = {F: 5, W: 2, P: 1, M: 3, C: 1}
TIE_CASES = {
    # SC.13.3: higher T wins although its C is lower
    "T": (_MK, {0: ([(W, 1)] * 3, 5), 1: ([(F, 1)] * 2, 0), 2: ([(P, 1)], 0)}, [0]),
    # SC.13.4 step 1: T tied 11, higher C wins
    "C": (_MK, {0: ([(F, 1)] * 2, 1), 1: ([(W, 1)] * 3, 5), 2: ([(P, 1)], 0)}, [0]),
    # step 2: T, C tied 14; higher best single type wins although it has MORE cards
    "best_type": ({F: 6, W: 6, P: 2, M: 1, C: 1},
                  {0: ([(F, 1)] * 2 + [(M, 1)] * 2, 0), 1: ([(F, 1), (W, 1), (P, 1)], 0),
                   2: ([(M, 1)], 0)}, [0]),
    # step 3: T, C, best tied; fewer stashed cards wins
    "fewer_cards": (_MK, {0: ([(F, 1)] * 2 + [(P, 1)] * 2, 0), 1: ([(F, 1)] * 2 + [(W, 1)], 0),
                          2: ([(P, 1)], 0)}, [1]),
    # step 4: everything tied -> shared win
    "shared": (_MK, {0: ([(F, 1)] * 2 + [(W, 1)], 1), 1: ([(F, 1)] * 2 + [(W, 1)], 1),
                     2: ([(F, 1)], 0)}, [0, 1]),
}


@pytest.mark.parametrize("case", list(TIE_CASES))
def test_sc_13_4_tie_breaks(case):
    """SC.13.3 / SC.13.4: highest T; ties broken by higher C, then higher best single type
    (A20), then fewer stashed cards, else the win is shared."""
    markers, seats, winners = TIE_CASES[case]
    t = Table(3)
    t.set_markers(markers)
    for p, (specs, value) in seats.items():
        t.ship(p, value=value)
        t.add_stash(p, [(ty, s) for ty, s in specs])
    t.set_hub([None] * 4, fill=2)
    r = t.score()
    for p, (specs, value) in seats.items():
        counts = np.bincount([ty for ty, _ in specs], minlength=5)
        cval = int(sum(counts[ty] * markers[ty] for ty in range(5)))
        assert r["contraband"][p] == cval
        assert r["score"][p] == cval + value
        assert r["best_type"][p] == max(counts[ty] * markers[ty] for ty in range(5))
        assert r["stash_cards"][p] == len(specs)
    assert [p for p in range(3) if r["win"][p] == 1] == winners
    assert r["n_winners"] == len(winners)


# ============================================================================================
# SC.10 — ship abilities
# ============================================================================================

def _purge_table():
    t = Table(4)
    t.ship(0, capacity=10, ability=A.A_ROW_PURGE)
    hub = t.set_hub([[(F, 4), (W, 1), (P, 1)], [(W, 4), (M, 2), (C, 1)],
                     [(P, 4), (F, 2), (W, 2)], [(M, 4), (C, 2), (F, 1)]])
    deck = t.set_deck_top([(C, 3), (M, 3), (P, 3), (W, 3), (F, 3)])
    return t, hub, deck


def test_sc_10_2_row_purge_bottom_row_then_load():
    """SC.10.2 / SC.5.2 / SC.15.1: ROW_PURGE of the bottom row: the four cards are discarded,
    every column shifts down and is refilled from the deck; then the normal load step takes
    from the NEW bottom row."""
    t, hub, deck = _purge_table()
    t.script(0, pos(2), 0)
    t.play_turn(0)
    assert t.script_ok()
    # skip + 3 rows; 4 fitting bottom cards; the card above fits -> D_MORE asked
    assert t.asked() == [(D.D_PURGE, 4), (D.D_FIRST, 4), (D.D_MORE, 2)]
    assert sorted(t.discard()) == sorted(col[0] for col in hub)
    for c in (0, 1, 3):
        assert t.hub(c)[:2] == hub[c][1:]
    assert t.hold(0) == [hub[2][1]]  # Food 2, was row 2 before the purge
    assert t.hub(2)[0] == hub[2][2]
    refills = [t.hub(c)[2] for c in (0, 1, 3)] + t.hub(2)[1:]
    assert sorted(refills) == sorted(deck)  # 4 refills for the purge + 1 for the load
    assert t.check() == 0


def test_sc_10_2_row_purge_top_row():
    """SC.10.2: purging the top row discards it and refills it; the lower rows stay in place."""
    t, hub, deck = _purge_table()
    t.script(2, pos(0), 0)
    t.play_turn(0)
    assert t.script_ok()
    assert sorted(t.discard()) == sorted(col[2] for col in hub)
    assert t.hold(0) == [hub[0][0]]
    assert t.hub(0)[0] == hub[0][1]
    for c in (1, 2, 3):
        assert t.hub(c)[:2] == hub[c][:2]


def test_sc_10_2_row_purge_skip():
    """SC.10.1b: the ability is optional: skip (-1) leaves the hub alone before loading."""
    t, hub, deck = _purge_table()
    t.script(-1, pos(1), 0)
    t.play_turn(0)
    assert t.script_ok()
    assert t.discard() == []
    assert t.hold(0) == [hub[1][0]]


@pytest.mark.parametrize("purge", [0, -1], ids=["purge", "skip"])
def test_sc_10_2_purge_before_loadability(purge):
    """SC.10.2 / SC.7.6: the purge comes before loadability is checked: with 1 free and no
    size-1 bottom card, purging the bottom row exposes a size-1 card that must be loaded;
    skipping the purge means a forced delivery."""
    t = Table(4)
    t.ship(0, capacity=5, ability=A.A_ROW_PURGE)
    t.set_hold(0, [(F, 3), (W, 1)])
    hub = t.set_hub([[(P, 2), (M, 1)], None, None, None], fill=2)
    t.script(purge, M)
    t.play_turn(0)
    assert t[A.S_DELIV] == 1
    m = t.markers()
    if purge == 0:
        # Medicine 1 (forced: the only fitting card) was loaded, L = K = 5 -> delivery with a
        # Weapons 1 / Medicine 1 tie for the smallest set
        assert t.script_ok()
        assert t.kinds() == [D.D_PURGE, D.D_SMALLEST]
        assert (m[F], m[M], m[W]) == (5, 2, 3)
        assert types_of(t, t.stash(0)) == [W]
    else:
        assert t.kinds() == [D.D_PURGE]
        assert (m[F], m[W], m[M]) == (5, 2, 3)
        assert t.hub(0) == hub[0]


def test_sc_10_3_any_row_first_card_any_row_second_from_bottom():
    """SC.10.3 / A9 / SC.15.2: ANY_ROW: every fitting hub card (12) is an option and no decline
    while a bottom card fits; after taking a middle-row card the optional second card is the
    current bottom card of the same column (not the card that slid into the middle)."""
    t = Table(4)
    t.ship(0, capacity=10, ability=A.A_ANY_ROW)
    hub = t.set_hub([None, [(W, 1), (M, 2), (C, 3)], None, None], fill=2)
    t.script(pos(1, 1), 1)
    t.play_turn(0)
    assert t.script_ok()
    assert t.asked() == [(D.D_FIRST, 12), (D.D_MORE, 2)]
    assert t.hold(0) == [hub[1][1], hub[1][0]]  # Medicine 2, then Weapons 1 (bottom)
    assert t.hub(1)[0] == hub[1][2]  # Crystals 3 is now the bottom card
    assert t[A.S_DELIV] == 0
    assert t.check() == 0


def _any_row_a14(ability):
    t = Table(4)
    t.ship(0, capacity=6, ability=ability)
    hold = t.set_hold(0, [(F, 3), (W, 1)])  # L = 4, 2 free; every other hub card is size >= 3
    hub = t.set_hub([None, None, [(P, 3), (F, 3), (P, 1)], None], fill=3)
    return t, hold, hub


def test_sc_10_3_A14_decline_forces_delivery():
    """SC.10.3 / A14 / SC.15.3: no bottom card fits but a higher one does: ANY_ROW may load it or
    decline; declining is the forced normal delivery of SC.7.6."""
    t, hold, hub = _any_row_a14(A.A_ANY_ROW)
    yard = t.yard()
    t.script(-1)
    t.play_turn(0)
    assert t.script_ok()
    assert t.asked()[0] == (D.D_FIRST, 2)  # Plants 1 at (col 2, row 2) or decline
    assert t[A.S_DELIV] == 1
    assert t.cur_ship(0) == yard[0]
    assert t.hub(2) == hub[2]
    assert t.markers()[:2] == [5, 2]


def test_sc_10_3_A14_use_ability_when_no_bottom_fits():
    """SC.10.3 / A14: ... or use the ability: Plants 1 from the top row is loaded (L = 5 < 6: no
    delivery; the new bottom card does not fit, so no second card is offered)."""
    t, hold, hub = _any_row_a14(A.A_ANY_ROW)
    t.script(pos(2, 2))
    t.play_turn(0)
    assert t.script_ok()
    assert t.hold(0) == hold + [hub[2][2]]
    assert t.kinds() == [D.D_FIRST]
    assert t[A.S_DELIV] == 0
    assert t.hub(2)[:2] == hub[2][:2]


def test_sc_10_3_without_any_row_forced_delivery():
    """SC.7.6 / SC.10.1e: the same state without ANY_ROW is a forced delivery, nothing asked."""
    t, hold, hub = _any_row_a14(A.A_NONE)
    t.play_turn(0)
    assert D.D_FIRST not in t.kinds()
    assert t[A.S_DELIV] == 1


SWAY_CASES = [  # express, sway option, markers after (Food, Weapons); start Food 5, Weapons 5
    (0, 0, (7, 4)), (0, 1, (3, 4)), (0, 2, (7, 6)),
    (1, 0, (6, 5)), (1, 1, (3, 5)), (1, 2, (6, 6)),
]


@pytest.mark.parametrize("express,sway,want", SWAY_CASES)
def test_sc_10_4_price_sway(express, sway, want):
    """SC.10.4 / SC.15.8 / A10: PRICE_SWAY replaces ONE delta: largest -> -2, or smallest -> +1,
    not both; works in express deliveries (replacing +1 / 0). Both sets are still discarded."""
    t = Table(4)
    t.ship(0, capacity=10, ability=A.A_PRICE_SWAY)
    hold = t.set_hold(0, [(F, 3), (W, 1), (P, 2)])
    t.set_markers({F: 5, W: 5})
    t.set_hub([None] * 4, fill=3)
    t.script(sway)
    t.deliver(0, express=express, ab=A.A_PRICE_SWAY)
    assert t.script_ok()
    assert t.asked() == [(D.D_SWAY, 3)]
    m = t.markers()
    assert (m[F], m[W]) == want
    assert m[P] == 3
    assert types_of(t, t.stash(0)) == [P]
    assert sorted(t.discard()) == sorted(hold[:2])


@pytest.mark.parametrize("sway,start,want", [(2, 9, 1), (1, 2, 1)])
def test_sc_10_4_price_sway_obeys_sc_9_2(sway, start, want):
    """SC.10.4: sway changes obey SC.9.2: +1 from 9 crashes to 1 (smallest), -2 from 2 stops at 1."""
    t = Table(4)
    t.ship(0, capacity=10, ability=A.A_PRICE_SWAY)
    t.set_hold(0, [(F, 3), (W, 1)])
    t.set_markers({F: start if sway == 1 else 3, W: start if sway == 2 else 3})
    t.set_hub([None] * 4, fill=3)
    t.script(sway)
    t.deliver(0, ab=A.A_PRICE_SWAY)
    assert t.script_ok()
    assert t.markers()[F if sway == 1 else W] == want


def test_sc_10_4_price_sway_needs_smallest():
    """SC.10.4 / SC.15.8: with one set only, option (b) is not offered (options: none, largest)."""
    t = Table(4)
    t.ship(0, capacity=10, ability=A.A_PRICE_SWAY)
    t.set_hold(0, [(F, 3)])
    t.set_hub([None] * 4, fill=3)
    t.script(1)
    t.deliver(0, ab=A.A_PRICE_SWAY)
    assert t.asked() == [(D.D_SWAY, 2)]
    assert t.markers()[F] == 1


@pytest.mark.parametrize("express", [0, 1])
def test_sc_10_5_extra_stash(express):
    """SC.10.5 / SC.15.10 / A11: EXTRA_STASH stashes one more remaining set (2 in all), also in
    express deliveries; the last remaining set is discarded."""
    t = Table(4)
    t.ship(0, capacity=14, ability=A.A_EXTRA_STASH)
    hold = t.set_hold(0, [(F, 4), (W, 1), (P, 2), (M, 3), (C, 2)])
    t.set_hub([None] * 4, fill=3)
    t.script(M, P)
    t.deliver(0, express=express, ab=A.A_EXTRA_STASH)
    assert t.script_ok()
    assert t.asked() == [(D.D_STASH, 3), (D.D_EXTRA, 3)]  # extra: none, Plants, Crystals
    assert types_of(t, t.stash(0)) == [P, M]
    assert types_of(t, t.discard()) == [F, W, C]


def test_sc_10_5_extra_stash_declined_and_param():
    """SC.10.5 / SC.3.16: declining stashes one set; extra_stash_sets = 2 allows two more."""
    t = Table(4)
    t.ship(0, capacity=14)
    t.set_hold(0, [(F, 4), (W, 1), (P, 2), (M, 3), (C, 2)])
    t.set_hub([None] * 4, fill=3)
    t.script(M, -1)
    t.deliver(0, ab=A.A_EXTRA_STASH)
    assert t.script_ok()
    assert types_of(t, t.stash(0)) == [M]

    t = Table(4, extra_stash_sets=2)
    t.ship(0, capacity=14)
    t.set_hold(0, [(F, 4), (W, 1), (P, 2), (M, 3), (C, 2)])
    t.set_hub([None] * 4, fill=3)
    t.script(M, P, C)
    t.deliver(0, ab=A.A_EXTRA_STASH)
    assert t.script_ok()
    assert t.asked() == [(D.D_STASH, 3), (D.D_EXTRA, 3), (D.D_EXTRA, 2)]
    assert types_of(t, t.stash(0)) == [P, M, C]


def _third_table(capacity=12, **params):
    t = Table(4, **params)
    t.ship(0, capacity=capacity, ability=A.A_THIRD)
    hub = t.set_hub([[(F, 1), (F, 2), (F, 3)], [(W, 1), (P, 1)], [(F, 1)], [(M, 1), (F, 4)]], fill=2,
                    fill_types=(W, P, M, C))
    # refills are never Food, so the options below are exactly known
    t.set_deck_top([(W, 3), (P, 3), (W, 2), (P, 2)])
    return t, hub


@pytest.mark.parametrize("third", [pos(2), pos(0)], ids=["other_column", "same_column"])
def test_sc_10_6_third_of_kind(third):
    """SC.10.6 / SC.15.5 / A12: two Food cards in this load step allow a third Food card from
    the bottom row of ANY column, the same column included (Food 3 now at its bottom);
    Food 4 in row 2 of column 3 is not offered (scope bottom_row)."""
    t, hub = _third_table()
    t.script(pos(0), 1, third)
    loaded = t.load_step(0, A.A_THIRD)
    assert t.script_ok()
    assert loaded == 3
    assert t.asked() == [(D.D_FIRST, 4), (D.D_MORE, 2), (D.D_THIRD, 3)]
    want = hub[2][0] if third == pos(2) else hub[0][2]
    assert t.hold(0) == hub[0][:2] + [want]
    assert t.check() == 0


def test_sc_10_6_third_must_fit():
    """SC.10.6 / SC.10.1d / SC.7.1: the third card must fit: K=5, L=3: Food 3 is not offered."""
    t, hub = _third_table(capacity=5)
    t.script(pos(0), 1, pos(2))
    assert t.load_step(0, A.A_THIRD) == 3
    assert t.asked()[2] == (D.D_THIRD, 2)
    assert t.load(0) == 4


def test_sc_3_18_third_scope_anywhere():
    """SC.3.18 / A12 alternative: third_card_scope = anywhere also offers Food 4 in row 2."""
    t, hub = _third_table(third_card_scope="anywhere")
    t.script(pos(0), 1, pos(3, 1))
    assert t.load_step(0, A.A_THIRD) == 3
    assert t.asked()[2] == (D.D_THIRD, 4)
    assert t.hold(0)[2] == hub[3][1]


def test_sc_10_6_A13_pair_must_be_this_load_step():
    """SC.10.6 / A13: a Food already in the hold from an earlier turn does not count: Food then
    Weapons in this load step offer no third card."""
    t = Table(4)
    t.ship(0, capacity=12, ability=A.A_THIRD)
    t.set_hold(0, [(F, 2)])
    t.set_hub([[(F, 1), (W, 1)], [(F, 1)], None, None], fill=2)
    t.script(pos(0), 1)
    assert t.load_step(0, A.A_THIRD) == 2
    assert D.D_THIRD not in t.kinds()


def test_sc_10_6_single_card_no_third():
    """SC.10.6: one card only in this load step (second declined): no third-card option."""
    t, hub = _third_table()
    t.script(pos(0), 0)
    assert t.load_step(0, A.A_THIRD) == 1
    assert D.D_THIRD not in t.kinds()


# ---- SC.3.12 / SC.3.13 / SC.10.1e: ability switches -----------------------------------------

def _scenario(ability, params):
    """A play_turn in which `ability` (if usable) must produce its own decision kind."""
    t = Table(4, **params)
    if ability == A.A_ROW_PURGE:
        t.ship(0, capacity=10, ability=ability)
        t.set_hub([None] * 4, fill=2)
        return t, lambda: D.D_PURGE in t.kinds()
    if ability == A.A_ANY_ROW:
        t.ship(0, capacity=10, ability=ability)
        t.set_hub([None] * 4, fill=2)
        return t, lambda: t.asked()[0] == (D.D_FIRST, 12)
    if ability == A.A_PRICE_SWAY:
        t.ship(0, capacity=7, ability=ability)
        t.set_hold(0, [(F, 3), (W, 1), (P, 2)])
        t.set_hub([None] * 4, fill=2)
        return t, lambda: D.D_SWAY in t.kinds()
    if ability == A.A_EXTRA_STASH:
        t.ship(0, capacity=13, ability=ability)
        t.set_hold(0, [(F, 4), (W, 1), (P, 2), (M, 3), (C, 2)])
        t.set_hub([None] * 4, fill=2)
        return t, lambda: D.D_EXTRA in t.kinds()
    t.ship(0, capacity=12, ability=ability)
    t.set_hub([[(F, 1), (F, 1)], [(F, 1)], None, None], fill=2)
    t.script(pos(0), 1)
    return t, lambda: D.D_THIRD in t.kinds()


ABILITY_PARAM = {A.A_ROW_PURGE: "row_purge", A.A_ANY_ROW: "any_row", A.A_PRICE_SWAY: "price_sway",
                 A.A_EXTRA_STASH: "extra_stash", A.A_THIRD: "third_of_kind"}


@pytest.mark.parametrize("ability", list(ABILITY_PARAM), ids=list(ABILITY_PARAM.values()))
@pytest.mark.parametrize("switch", ["on", "all_off", "this_off", "other_off"])
def test_sc_3_12_3_13_ability_switches(ability, switch):
    """SC.3.12 / SC.3.13 / SC.10.1e: abilities_enabled = false or ability_<x> = false -> the ship's
    ability is NONE (its decision is never offered); switching off another ability has no effect."""
    other = A.A_ROW_PURGE if ability != A.A_ROW_PURGE else A.A_PRICE_SWAY
    params = {"on": {}, "all_off": {"abilities_enabled": False},
              "this_off": {f"ability_{ABILITY_PARAM[ability]}": False},
              "other_off": {f"ability_{ABILITY_PARAM[other]}": False}}[switch]
    t, used = _scenario(ability, params)
    t.play_turn(0)
    assert used() == (switch in ("on", "other_off"))


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


# ============================================================================================
# SC.5 — hub refills and deck exhaustion
# ============================================================================================

def test_sc_5_3_reshuffle_when_deck_empty():
    """SC.5.3 / A2: the deck is empty when a refill is needed: the discard pile is shuffled into
    a new deck and the column is refilled from it."""
    t = Table(4)
    t.ship(0, capacity=10)
    hub = t.set_hub([None] * 4, fill=2)
    t.finish(rest="discard")
    disc = set(t.discard())
    assert t[A.S_DECK_N] == 0 and len(disc) == 90 - 12
    t.script(pos(0), 0)
    t.load_step(0)
    assert t[A.S_RESHUF] == 1
    assert len(t.hub(0)) == 3 and t.hub(0)[:2] == hub[0][1:]
    assert t.hub(0)[2] in disc
    assert t[A.S_DISC_N] == 0 and t[A.S_DECK_N] == len(disc) - 1
    assert set(t.deck()) | {t.hub(0)[2]} == disc
    assert t.check() == 0


def test_sc_3_21_no_reshuffle_column_stays_short():
    """SC.3.21 / A2 alternative: reshuffle_discards = false: the column stays short (no gap: its
    cards sit in the lowest rows) and the discard pile is not touched."""
    t = Table(4, reshuffle_discards=False)
    t.ship(0, capacity=10)
    hub = t.set_hub([None] * 4, fill=2)
    t.finish(rest="discard")
    t.script(pos(0), 1)
    assert t.load_step(0) == 2
    assert t.hub(0) == hub[0][2:]
    assert t[A.S_RESHUF] == 0 and t[A.S_DISC_N] == 90 - 12 and t[A.S_DECK_N] == 0


def test_sc_5_3_deck_and_discard_empty_space_stays_empty():
    """SC.5.3: deck and discard pile both empty -> the space stays empty (column short, no gap);
    the engine's SC.17.5 check accepts it."""
    t = Table(4)
    t.ship(0, capacity=10)
    hub = t.set_hub([None] * 4, fill=2)
    t.finish(rest=("stash", 3))
    t.script(pos(1), 0)
    assert t.load_step(0) == 1
    assert t.hub(1) == hub[1][1:]
    assert t[A.S_RESHUF] == 0
    assert t.check() == 0


def test_sc_17_5_short_column_stays_legal_after_discards():
    """SC.17.5 / SC.5.3: a column left short by a refill that found no card stays short when
    cards later reach the discard pile (nothing tops it up); both checks accept the state, and
    a short column without a failed refill is a violation."""
    t = Table(4)
    t.ship(0, capacity=3)
    t.set_hold(0, [(F, 2)])
    t.set_hub([[(W, 1)], None, None, None], fill=2)
    t.finish(rest=("stash", 3))
    t.play_turn(0)  # Weapons 1 is the only card that fits: L = K, a normal delivery follows
    assert len(t.hub(0)) == 2 and t[A.S_DECK_N] == 0
    assert t[A.S_DISC_N] > 0  # the delivered sets could now be reshuffled into a deck
    assert t.check() == 0 and t.engine_check() == 0
    t.st[A.S_HUB_SHORT] = 0  # the same short column, but no refill ever failed
    assert t.check() == "SC.17.5 hub shape"
    assert t.engine_check() != 0

# ============================================================================================
# SC.10.1c, SC.3.19 — timing of a new ship's ability; optional delivery of a full hold (A4)
# ============================================================================================

def test_sc_10_1c_new_ship_ability_from_next_turn():
    """SC.10.1c: the delivering ship's ability applies to the whole delivery; a ship taken at its
    end gives its ability only from the owner's next turn on."""
    t = Table(4)
    t.ship(0, capacity=7, ability=A.A_NONE)
    t.set_hold(0, [(F, 3), (W, 1), (P, 2)])
    t.set_hub([None] * 4, fill=2)
    new = t.yard()[0]
    t.c[A.C_SHIP_ABIL + new] = A.A_PRICE_SWAY
    t.c[A.C_SHIP_CAP + new] = 2
    t.play_turn(0)  # forced delivery with the old ship: no sway decision
    assert t.cur_ship(0) == new
    assert D.D_SWAY not in t.kinds()
    t.script(pos(0), 1)  # next turn: load a size-2 card (L = K), deliver with the new ship
    t.play_turn(0)
    assert t.script_ok()
    assert t.asked()[-1] == (D.D_SWAY, 2)

    t = Table(4)
    t.ship(0, capacity=7, ability=A.A_PRICE_SWAY)
    t.set_hold(0, [(F, 3), (W, 1), (P, 2)])
    t.set_hub([None] * 4, fill=2)
    t.c[A.C_SHIP_ABIL + t.yard()[0]] = A.A_NONE
    t.script(1)
    t.play_turn(0)  # the delivering ship's PRICE_SWAY applies although it is exchanged after
    assert t.script_ok()
    assert t.markers()[F] == 1


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


def test_sc_10_2_purged_row_is_discarded_before_the_refill():
    """SC.10.2 / SC.5.3: the purged row goes to the discard pile before the columns refill, so
    with the deck and the discard pile empty the refills come from the reshuffled purged cards."""
    t = Table(4)
    t.ship(0, capacity=10, ability=A.A_ROW_PURGE)
    hub = t.set_hub([None] * 4, fill=2)
    t.finish(rest=("stash", 1))  # deck and discard pile empty
    assert t[A.S_DECK_N] == 0 and t[A.S_DISC_N] == 0
    t.script(0, pos(0), 0)
    t.play_turn(0)
    assert t[A.S_RESHUF] == 1
    assert [len(t.hub(c)) for c in range(4)] == [2, 3, 3, 3]  # the load then empties the deck again
    placed = sorted(x for c in range(4) for x in t.hub(c)) + t.hold(0)
    assert sorted(placed) == sorted(x for col in hub for x in col)
    assert t.check() == 0


def test_sc_10_6_no_extra_card_after_a_normal_third():
    """SC.10.6 with SC.3.11 = 3: THIRD_OF_KIND gives *the third* card; after three cards taken
    under max_cards_per_load = 3 it offers nothing more."""
    t, hub = _third_table(max_cards_per_load=3)
    t.script(pos(0), 1, 1)
    assert t.load_step(0, A.A_THIRD) == 3
    assert t.kinds() == [D.D_FIRST, D.D_MORE, D.D_MORE]
    assert t.hold(0) == hub[0]
