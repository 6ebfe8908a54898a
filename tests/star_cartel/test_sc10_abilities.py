"""Star Cartel SC.10 ship abilities (and SC.3.12 / SC.3.13 switches, SC.10.1c timing), on
explicit states.

Rule ids (SC.x.y, test vectors SC.T.n, ambiguity choices An) as in shared/rules/star_cartel.md;
states and scripted decisions as in tests/star_cartel_harness.py.
"""
import pytest
from star_cartel_harness import C, F, M, P, Table, W, pos, types_of

import simsuite.games.star_cartel.api as A

D = A  # decision kinds live in api


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
    t.set_hold(0, [(F, 4), (W, 1), (P, 2), (M, 3), (C, 2)])
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
