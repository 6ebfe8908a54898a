"""Cosmic Encounter (AH2000) CE.21 artifacts, on explicit states.

Rule ids (CE.x.y, ambiguity choices An = CE.60.n, invariants CE.70.n) as in
shared/rules/cosmic_encounter.md; states, seats and scripted decisions as in tests/cosmic_harness.py;
no aliens.
"""
from cosmic_harness import ART, ATT, BLUE, NEG, RED, P, Table, fight, setup_fight

import simsuite.games.cosmic.api as A
from simsuite.games.cosmic.api import src_code as S

# ============================================================================================
# CE.21 artifacts
# ============================================================================================

def test_ce_21_1_cosmic_zap_cancels_a_power_use():
    """CE.21.1 / CE.20.3 E.POWER / A25: a power about to take effect is zapped by a Zap holder: the
    power is off for the encounter (flag), the Zap is discarded; with no Zap in play the power
    takes effect. Zap is never playable in a window (no alien power uses there)."""
    t = Table(4)
    t.strip_artifacts()
    t.set_hand(2, [ART(A.ART_ZAP), ATT(6)])
    t.st[A.S_OFF] = 0
    t.st[A.S_DEF] = 1
    t.window(A.W_2)
    assert t.asked() == []
    t.script(A.art_code(A.ART_ZAP, 1))
    assert t.power_event(1) == 0
    assert t[A.S_ZAPPED + 1] == 1 and t.power(1) == 0
    assert ("X", int(A.ART_ZAP)) not in t.hand_classes(2)
    assert t.power_event(3) == 1  # no Zap left in any hand


def test_ce_21_2_force_field_sends_allies_home():
    """CE.21.2 / A27: in W-7 the defense removes the offensive ally: its ships return to its colonies,
    it is no ally any more and its ships no longer count (CE.10.2): the offense then loses."""
    t = setup_fight("none", centre=4, def_ships=4, wings={2: 3}, carriers={3: 2})
    t.set_hand(1, [ART(A.ART_FORCE_FIELD), ATT(4)])
    on2 = t.ships_on_planets(2)
    t.script(A.art_code(A.ART_FORCE_FIELD, 1 << 2))
    t.window(A.W_7)
    assert t.script_ok()
    opts = t.asked()[0]
    assert opts[:2] == (A.D_ARTIFACT, 1) and opts[2] == 4  # pass, {2}, {3}, {2, 3}
    assert t[A.S_WING + 2] == 0 and t[A.S_ALLY + 2] == 0 and t[A.S_FF_OUT] == 1 << 2
    assert t.ships_on_planets(2) == on2 + 3
    t.play_cards(ATT(8), ATT(8))
    assert t.outcome() == A.R_DEFENSE_WIN
    assert t[A.S_TOT + 1] == 4


def test_ce_21_3_mobius_tube_frees_the_warp():
    """CE.21.3 / A28: the offense plays the Mobius Tube in W-E0: every player with a colony moves all
    its warp ships onto its colonies; a player with no colony keeps them in the warp. Outside
    W-E0/W-1 it is not offered."""
    t = Table(4)
    t.strip_artifacts()
    t.set_hand(0, [ART(A.ART_MOBIUS), ATT(8)])
    t.set_ships(0, {P(RED, 1): 10})
    t.set_ships(1, {P(BLUE, 1): 15})
    t.set_ships(2, {})
    t.st[A.S_OFF] = 0
    t.st[A.S_DEF] = -1
    t.window(A.W_2)
    assert t.asked() == []
    t.script(A.art_code(A.ART_MOBIUS, 0))
    t.window(A.W_E0)
    assert t.warp(0) == 0 and t.on(0, P(RED, 1)) == 20
    assert t.warp(1) == 0 and t.on(1, P(BLUE, 1)) == 20
    assert t.warp(2) == 20
    assert t[A.S_ART_USED + A.ART_MOBIUS] == 1


def test_ce_21_4_plague():
    """CE.21.4 / A26: the victim loses 3 ships from its colonies (its choice) and discards one
    attack card (its choice), one negotiate and one artifact; kinds it lacks are skipped."""
    t = Table(4)
    t.strip_artifacts()
    t.hands(p0=[ART(A.ART_PLAGUE), ATT(6)], p1=[ATT(8), ATT(6), NEG, NEG, ART(A.ART_ZAP)])
    t.st[A.S_OFF] = 0
    t.st[A.S_DEF] = 1
    c6 = [c for c in t.hand(1) if t.cls(c) == ("A", 6)][0]
    w1 = t.warp(1)
    t.script(A.art_code(A.ART_PLAGUE, 1), S(P(BLUE, 2), 2), S(P(BLUE, 3), 1), c6)
    t.window(A.W_2)
    assert t.script_ok()
    assert t.warp(1) == w1 + 3 and t.on(1, P(BLUE, 2)) == 2 and t.on(1, P(BLUE, 3)) == 3
    assert t.hand_classes(1) == [("A", 8), ("N",)]
    assert c6 in t.discard()
    assert t.conserved() == 0


def test_ce_21_4_plague_with_few_ships_and_missing_kinds():
    """CE.21.4 / A26: fewer than 3 ships on colonies: all are lost; no attack card, no artifact:
    only the negotiate is discarded."""
    t = Table(4)
    t.strip_artifacts()
    t.hands(p0=[ART(A.ART_PLAGUE), ATT(6)], p1=[NEG, NEG])
    t.set_ships(1, {P(BLUE, 1): 2})
    t.st[A.S_OFF] = 0
    t.st[A.S_DEF] = 1
    t.script(A.art_code(A.ART_PLAGUE, 1))
    t.window(A.W_2)
    assert t.warp(1) == 20 and t.ships(1) == {}
    assert t.hand_classes(1) == [("N",)]


def test_ce_21_4_plague_spares_the_defending_ships():
    """CE.21.4 with CE.7.2 / CE.70.11: from step 4 to the outcome the defense's ships on the target
    planet are in the encounter: a Plague on the defense takes its ships from its other colonies."""
    t = fight("none", ATT(8), ATT(8), centre=2, def_ships=4)
    t.set_ships(1, {P(BLUE, 1): 4, P(BLUE, 2): 1})
    t.set_hand(3, [ART(A.ART_PLAGUE)])
    t.script(A.art_code(A.ART_PLAGUE, 1))
    t.window(A.W_8)
    assert t.on(1, P(BLUE, 1)) == 4 and t.on(1, P(BLUE, 2)) == 0


def test_ce_21_5_stellar_gas_cancels_the_claim():
    """CE.21.5 / CE.20.3 E.COMP / A30: the offense negotiated and lost 3 ships; a third player plays
    Stellar Gas on the claim: no card changes hands."""
    t = fight("none", NEG, ATT(10), centre=3, def_ships=4)
    t.hands(p0=[ATT(6)], p1=[ATT(4), NEG, ATT(6)], p3=[ART(A.ART_GAS)])
    t.script(A.art_code(A.ART_GAS, 0))
    assert t.outcome() == A.R_DEFENSE_WIN
    assert t.asked() == [(A.D_ARTIFACT, 3, 2)]
    assert len(t.hand(0)) == 1 and len(t.hand(1)) == 3
    assert t.events(t.k.E_COMP) == [] and t.events(t.k.E_GAS) == [(3, 0, 3, 0, 0, 0)]


def test_ce_21_6_emotion_control_turns_attacks_into_a_deal():
    """CE.21.6 / A29 / CE.13: after the reveal (W-9) Emotion Control makes both attack cards
    negotiates: the main players make a deal (standard deal accepted) instead of fighting."""
    t = fight("none", ATT(30), ATT(4), centre=4, def_ships=2)
    t.set_hand(2, [ART(A.ART_EMOTION)])
    t.script(A.art_code(A.ART_EMOTION, 0))
    t.window(A.W_9)
    assert t[A.S_EMOTION] == 1
    t.script()
    w0, w1 = t.warp(0), t.warp(1)
    assert t.outcome() == A.R_DEAL_MADE
    assert (t.warp(0), t.warp(1)) == (w0, w1)  # no fight: nobody lost a ship
    assert t.on(0, P(BLUE, 1)) >= 1 and t.on(1, P(BLUE, 1)) >= 1  # the standard deal's colony


def test_ce_21_6_emotion_control_needs_an_attack_card():
    """CE.21.6: with two negotiate cards face up, Emotion Control is not offered."""
    t = fight("none", NEG, NEG, centre=4, def_ships=2)
    t.set_hand(2, [ART(A.ART_EMOTION)])
    t.window(A.W_9)
    assert t.asked() == []
