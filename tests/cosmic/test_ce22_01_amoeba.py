"""Cosmic Encounter (AH2000) alien powers: CE.22.1 Amoeba.

Rule ids (CE.x.y, ambiguity choices An = CE.60.n, invariants CE.70.n) as in
shared/rules/cosmic_encounter.md; states, seats and scripted decisions as in tests/cosmic_harness.py;
``aliens`` lists each seat's alien.
"""
import numpy as np
import pytest
from cosmic_harness import ATT, BLUE, NEG, RED, P, setup_fight, totals, uses

import simsuite.games.cosmic.api as A
from simsuite.games.cosmic.api import src_code as S

# ============================================================================================
# CE.22.1 Amoeba
# ============================================================================================

def test_ce_22_1_amoeba_offense_adds_ships_beyond_four():
    """CE.22.1 / CE.50.20: in W-8 the offense Amoeba (2 ships on the centre row at the end of step
    7) adds 3 more from its colonies (the limit of 4 does not apply): 5 ships, and the totals use
    them: 8 + 5 = 13 beats 8 + 4 (with 2 ships it would lose 10 to 12)."""
    t = setup_fight("Amoeba,none,none,none", centre=2, def_ships=4)
    t.st[A.S_IN7] = 1 << 0
    t.face_down(ATT(8), ATT(8))
    t.script(3, -1, S(P(RED, 1), 3))
    t.window(A.W_8)
    assert t.script_ok()
    # options: pass, add 1..16 (its ships on colonies), take back 1..2; then, in the same
    # adjustment, "also take back": no, or 1..5 (the 2 in it and the 3 added)
    assert t.asked()[:2] == [(A.D_POWER, 0, 1 + 16 + 2), (A.D_POWER, 0, 1 + 5)]
    assert t.kinds()[2] == A.D_POWER_SHIPS
    assert t[A.S_CENTRE] == 5 and t.on(0, P(RED, 1)) == 1
    t.reveal()
    assert t.outcome() == A.R_OFFENSE_WIN
    assert totals(t)[:3] == [8, 5, 13]
    assert t.on(0, P(BLUE, 1)) == 5
    assert t.conserved() == 0


def test_ce_22_1_amoeba_adds_and_takes_back_in_one_adjustment():
    """CE.22.1 "and/or" / CE.50.20 ADJUST(add; remove): the offense Amoeba adds 3 ships from red 1
    and, in the same adjustment, takes 3 back onto red 2: the centre row keeps its 2 ships and 3
    ships moved from red 1 to red 2; it is one power use (one E.POWER)."""
    t = setup_fight("Amoeba,none,none,none", centre=2, def_ships=4)
    t.st[A.S_IN7] = 1 << 0
    t.face_down(ATT(8), ATT(8))
    t.script(3, A.AMOEBA_REMOVE + 3, S(P(RED, 1), 3), S(P(RED, 2), 3))
    t.window(A.W_8)
    assert t.script_ok()
    assert t[A.S_CENTRE] == 2 and t.on(0, P(RED, 1)) == 1 and t.on(0, P(RED, 2)) == 7
    assert uses(t, 0) == 1
    assert t.conserved() == 0


@pytest.mark.parametrize("defense, def_ships, card_d, want", [
    ("none", 4, 8, 2),  # 8 + 4 vs 8 + 4 loses (tie to the defense): 1 more wins, 1 to spare
    ("Anti-Matter", 8, 20, -2),  # 8 + 4 vs 20 - 8, lower wins, tie to the defense: 1 fewer wins, 1 to spare
    ("Anti-Matter", 4, 8, 0),  # 8 + 4 vs 8 - 4: no adjustment gets below 4
])
def test_ce_22_1_basic_amoeba_adjusts_as_the_totals_are_computed(defense, def_ships, card_d, want):
    """CE.22.1 with CE.22.2 / CE.10.3, the `basic` heuristic (powers.amoeba): against a known card it
    makes the smallest adjustment that wins as the engine totals it, so against an Anti-Matter
    (the lower total wins) it takes ships back instead of adding them, or passes."""
    from simsuite.engine.unmanaged import pointer_call
    from simsuite.games.cosmic.bots.basic import powers

    centre = 4
    t = setup_fight(f"Amoeba,{defense},none,none", centre=centre, def_ships=def_ships)
    t.st[A.S_IN7] = 1 << 0
    t.face_down(ATT(8), ATT(card_d))
    t.st[A.S_FACEUP] = 2  # the defense's card is known (as with an Oracle)
    opts = [int(A.NONE)] + list(range(1, 17)) + [int(A.AMOEBA_REMOVE) + k for k in range(1, centre + 1)]
    t.st[A.S_OPT:A.S_OPT + len(opts)] = opts
    t.st[A.S_NOPT] = len(opts)
    t.st[A.S_PK] = A.PK_AMOEBA
    i = pointer_call(powers.amoeba)(t.st, t.c, np.int64(0))
    o = opts[i]
    got = 0 if o < 0 else (o if o < A.AMOEBA_REMOVE else -(o - int(A.AMOEBA_REMOVE)))
    assert got == want


def test_ce_22_1_amoeba_withdraws_all_ships_no_compensation():
    """CE.22.1: the offense Amoeba negotiates and takes both its ships back to its colonies: it loses
    the A/N outcome with 0 ships in the encounter, so nothing reaches the warp and no compensation
    is claimed (CE.12.4)."""
    t = setup_fight("Amoeba,none,none,none", centre=2, def_ships=4)
    t.hands(p0=[ATT(6)], p1=[ATT(4), ATT(6), NEG])
    t.st[A.S_IN7] = 1 << 0
    t.face_down(NEG, ATT(8))
    w0 = t.warp(0)
    t.script(A.AMOEBA_REMOVE + 2, S(P(RED, 2), 2))
    t.window(A.W_8)
    assert t.script_ok()
    assert t[A.S_CENTRE] == 0 and t.on(0, P(RED, 2)) == 6
    t.reveal()
    assert t.outcome() == A.R_DEFENSE_WIN
    assert t.warp(0) == w0
    assert t.events(t.k.E_COMP) == [] and len(t.hand(0)) == 1
    assert t.conserved() == 0


def test_ce_22_1_amoeba_defense_adds_to_the_target_planet():
    """CE.22.1: the defense Amoeba moves 4 ships from its other colonies onto the target planet in
    W-8 (the only exception to CE.7.2): S_D = 5."""
    t = setup_fight("none,Amoeba,none,none", centre=4, def_ships=1)
    t.set_ships(1, {P(BLUE, 1): 1, P(BLUE, 2): 4, P(BLUE, 3): 4, P(BLUE, 4): 4})
    t.st[A.S_IN7] = 1 << 1
    t.face_down(ATT(8), ATT(8))
    t.script(4, -1, S(P(BLUE, 2), 2), S(P(BLUE, 3), 2))
    t.window(A.W_8)
    assert t.script_ok()
    assert t.on(1, P(BLUE, 1)) == 5 and t.on(1, P(BLUE, 2)) == 2 and t.on(1, P(BLUE, 3)) == 2
    t.reveal()
    assert t.outcome() == A.R_DEFENSE_WIN
    assert totals(t)[3:6] == [8, 5, 13]


def test_ce_22_1_amoeba_defense_empties_a_home_planet_and_loses_its_power_after_the_adjustment():
    """CE.22.1 / CE.16.1 / CE.19.1: the defense Amoeba, with 3 home colonies, takes its only ship on
    the target planet (blue 1) back onto blue 2: blue 1 is no longer its colony, and the power
    check after the adjustment turns its power off (2 home colonies)."""
    t = setup_fight("none,Amoeba,none,none", centre=4, def_ships=1)
    t.st[A.S_IN7] = 1 << 1
    t.face_down(ATT(8), ATT(8))
    assert t[A.S_POWER + 1] == 1
    t.script(A.AMOEBA_REMOVE + 1, S(P(BLUE, 2), 1))
    t.window(A.W_8)
    assert t.script_ok()
    assert t.on(1, P(BLUE, 1)) == 0 and t.on(1, P(BLUE, 2)) == 5
    assert t[A.S_HOME + 1] == 2 and t[A.S_POWER + 1] == 0
    assert uses(t, 1) == 1
    assert t.conserved() == 0


def test_ce_22_1_amoeba_needs_ships_in_the_encounter_at_step_7():
    """CE.22.1 holder: a main player with no ship in the encounter at the end of step 7 (S_IN7) is
    not offered the adjustment; nor is an Amoeba that is not a main player."""
    t = setup_fight("Amoeba,none,none,none", centre=2, def_ships=4)
    t.st[A.S_IN7] = 1 << 1
    t.face_down(ATT(8), ATT(8))
    t.window(A.W_8)
    assert t.asked() == []
    t = setup_fight("none,none,Amoeba,none", centre=2, def_ships=4)
    t.st[A.S_IN7] = 0b111
    t.face_down(ATT(8), ATT(8))
    t.window(A.W_8)
    assert t.asked() == []
