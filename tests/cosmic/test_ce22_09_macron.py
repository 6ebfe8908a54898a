"""Cosmic Encounter (AH2000) alien powers: CE.22.9 Macron.

Rule ids (CE.x.y, ambiguity choices An = CE.60.n, invariants CE.70.n) as in
shared/rules/cosmic_encounter.md; states, seats and scripted decisions as in tests/cosmic_harness.py;
``aliens`` lists each seat's alien.
"""
from cosmic_harness import ATT, BLUE, GREEN, NEG, OFF, RED, YELLOW, P, fight, setup_fight, totals, turn_table, uses

import simsuite.games.cosmic.api as A
from simsuite.games.cosmic.api import src_code as S

# ============================================================================================
# CE.22.9 Macron
# ============================================================================================

def test_ce_22_9_macron_launches_exactly_one_ship_worth_four():
    """CE.22.9 / CE.6.1: the offense Macron is offered only 1-ship chunks at launch (one per colony)
    and launches exactly 1 ship; in the totals it weighs 4 (30 + 4 against 4 + 4) and it lands as
    1 ship."""
    t = turn_table("Macron,none,none,none", p0=[ATT(30), ATT(6)], p1=[ATT(4)])
    c30 = t.card(0, ATT(30))
    t.script(S(P(RED, 1), 1), P(BLUE, 1), 0, 0, c30)
    assert t.encounter(0) == A.R_OFFENSE_WIN
    assert t.script_ok()
    assert t.asked()[0] == (A.D_LAUNCH, 0, 5)
    assert t.events(t.k.E_LAUNCH) == [(0, 1, 0, 0, 0, 0)]
    assert totals(t)[:3] == [30, 4, 34]
    assert t.on(0, P(BLUE, 1)) == 1 and t.on(0, P(RED, 1)) == 3


def test_ce_22_9_macron_single_ship_counts_four_in_totals():
    """CE.22.9 / CE.10.2: one Macron ship on the centre row: S_O = 4, 8 + 4 = 12 beats 8 + 3 (with
    weight 1 it would lose 9 to 11)."""
    t = fight("Macron,none,none,none", ATT(8), ATT(8), centre=1, def_ships=3)
    assert t.outcome() == A.R_OFFENSE_WIN
    assert totals(t) == [8, 4, 12, 8, 3, 11, 0]
    assert uses(t, 0) == 1


def test_ce_22_9_macron_ally_joins_with_one_ship():
    """CE.22.9 / CE.8.4: an invited Macron ally commits exactly 1 ship (only 1-ship chunks offered)
    and it weighs 4 for its side: 8 + (2 + 4) = 14 beats 10 + 2."""
    t = setup_fight("none,none,Macron,none", centre=2, def_ships=2)
    t.st[A.S_INV_O] = 1 << 2
    t.script(OFF, S(P(GREEN, 1), 1))
    t.call("answers", 0)
    assert t.script_ok()
    assert t.asked() == [(A.D_ALLIANCE, 2, 2), (A.D_ALLY_SHIPS, 2, 3)]
    assert t[A.S_WING + 2] == 1
    t.play_cards(ATT(8), ATT(10))
    assert t.outcome() == A.R_OFFENSE_WIN
    assert totals(t) == [8, 6, 14, 10, 2, 12, 0]


def test_ce_22_9_macron_compensation_counts_one_per_ship():
    """CE.22.9 / CE.12.2 / A15: the defense Macron negotiates with 2 ships (weight 8 if it had
    fought); it loses them and claims 2 cards, not 8."""
    t = fight("none,Macron,none,none", ATT(8), NEG, centre=1, def_ships=2)
    t.hands(p0=[ATT(4), ATT(6), ATT(6), ATT(8), NEG])
    assert t.outcome() == A.R_OFFENSE_WIN
    assert t.events(t.k.E_COMP) == [(1, 0, 2, 2, 0, 0)]
    assert len(t.hand(1)) >= 2 and len(t.hand(0)) == 3


def test_ce_22_9_macron_defensive_ally_one_reward_per_ship():
    """CE.22.9 / CE.14.2: the Macron's 1 ship on its carrier weighs 4 (S_D = 2 + 4) and, after
    DEFENSE_WIN, gives exactly 1 reward."""
    t = fight("none,none,none,Macron", ATT(6), ATT(8), centre=2, def_ships=2, carriers={3: 1})
    h3 = len(t.hand(3))
    t.script(S(P(YELLOW, 1), 1), -1)
    assert t.outcome() == A.R_DEFENSE_WIN
    assert t.script_ok()
    assert totals(t)[3:6] == [8, 6, 14]
    assert [a for a in t.asked() if a[0] == A.D_REWARD] == [(A.D_REWARD, 3, 4)]
    assert len(t.hand(3)) == h3 + 1
