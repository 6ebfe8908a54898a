"""Star Cartel SC.7 load step (test vector SC.T.1), on explicit states.

Rule ids (SC.x.y, test vectors SC.T.n, ambiguity choices An) as in shared/rules/star_cartel.md;
states and scripted decisions as in tests/star_cartel_harness.py.
"""
from star_cartel_harness import C, F, M, P, Table, W, pos

import simsuite.games.star_cartel.api as A

D = A  # decision kinds live in api


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
