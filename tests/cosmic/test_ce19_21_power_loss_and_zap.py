"""Cosmic Encounter (AH2000) alien powers and CE.19 power loss, CE.21.1 Cosmic Zap on powers.

Rule ids (CE.x.y, ambiguity choices An = CE.60.n, invariants CE.70.n) as in
shared/rules/cosmic_encounter.md; states, seats and scripted decisions as in tests/cosmic_harness.py;
``aliens`` lists each seat's alien.
"""
import pytest
from cosmic_harness import ART, ATT, BLUE, NEG, RED, ZAP, P, fight, table, totals, turn_table, uses

import simsuite.games.cosmic.api as A
from simsuite.games.cosmic.api import src_code as S

# ============================================================================================
# CE.19 power loss, CE.21.1 Cosmic Zap on powers
# ============================================================================================

def test_ce_19_macron_weight_off_at_two_home_colonies_and_back_at_three():
    """CE.19.1 / CE.19.3 / CE.22.9: the Macron offense with 2 home colonies: its 2 ships weigh 1
    each; with a third home colony again 4 each."""
    t = fight("Macron,none,none,none", ATT(8), ATT(8), centre=2, def_ships=3)
    t.set_ships(0, {P(RED, 1): 4, P(RED, 2): 4})
    assert t.power(0) == 0
    t.call("side_totals")
    assert totals(t)[:3] == [8, 2, 10]
    t.ships_add(0, P(RED, 3), 1)
    assert t.power(0) == 1
    t.call("side_totals")
    assert totals(t)[:3] == [8, 8, 16]


def test_ce_19_2_macron_launch_limit_lapses_with_the_power():
    """CE.19.2: with its power off the Macron launches up to 4 ships like anyone (chunks of 1..4
    from each colony) and they weigh 1."""
    t = turn_table("Macron,none,none,none", p0=[ATT(30), ATT(6)], p1=[ATT(4)])
    t.set_ships(0, {P(RED, 1): 4, P(RED, 2): 4})
    c30 = t.card(0, ATT(30))
    t.script(-1, S(P(RED, 1), 4), P(BLUE, 1), 0, 0, c30)
    t.encounter(0)
    assert t.script_ok()
    assert (A.D_LAUNCH, 0, 8) in t.asked()
    assert t.events(t.k.E_LAUNCH) == [(0, 4, 0, 0, 0, 0)]
    assert totals(t)[1] == 4


def test_ce_19_3_optional_power_not_offered_while_off():
    """CE.19.3 / CE.20.5: the Trader with 2 home colonies is not offered its swap in W-2; once it has
    3 again it is offered in W-4."""
    t = table("none,Trader,none,none")
    t.set_ships(1, {P(BLUE, 1): 4, P(BLUE, 2): 4})
    t.st[A.S_OFF], t.st[A.S_DEF] = 0, 1
    t.window(A.W_2)
    assert t.asked() == []
    t.ships_add(1, P(BLUE, 3), 1)
    assert t.power(1) == 1
    t.window(A.W_4)
    assert t.asked() == [(A.D_POWER, 1, 2)]


def test_ce_21_1_zap_on_macron_weight():
    """CE.21.1 / CE.22.9: a Cosmic Zap at the A/A totals (E.POWER of the Macron's weight): its ship
    weighs 1 (8 + 1 against 8 + 3: DEFENSE_WIN) and its power is off for the encounter although it
    has 4 home colonies."""
    t = fight("Macron,none,none,none", ATT(8), ATT(8), centre=1, def_ships=3)
    t.set_hand(2, [ART(ZAP), ATT(6)])
    t.script(A.art_code(ZAP, 0))
    assert t.outcome() == A.R_DEFENSE_WIN
    assert t.asked() == [(A.D_ARTIFACT, 2, 2)]
    assert totals(t)[:3] == [8, 1, 9]
    assert t[A.S_ZAPPED] == 1 and t.power(0) == 0 and t.home(0) == 4
    assert uses(t, 0) == 0


@pytest.mark.parametrize("answer", [1, 0])
def test_ce_22_19_vulch_collecting_a_zap_can_itself_be_zapped(answer):
    """CE.22.19 / CE.20.3 / CE.21.1: green zaps the Macron at the totals; the Vulch (yellow)
    collecting the used Zap is an E.POWER too, so blue, holding a second Zap, is asked and may zap
    the Vulch: both Zaps then go to the discard pile and the Vulch's power is off. If blue
    passes, the Vulch gets the first Zap."""
    t = fight("Macron,none,none,Vulch", ATT(8), ATT(8), centre=1, def_ships=3)
    t.set_hand(1, [ART(ZAP), ATT(4)])
    t.set_hand(2, [ART(ZAP), ATT(6)])
    z1, z2 = t.card(2, ART(ZAP)), t.card(1, ART(ZAP))
    t.script(-1, A.art_code(ZAP, 0), 1, A.art_code(ZAP, 3) if answer else -1)
    assert t.outcome() == A.R_DEFENSE_WIN
    assert t.script_ok()
    assert t.asked()[:4] == [(A.D_ARTIFACT, 1, 2), (A.D_ARTIFACT, 2, 2), (A.D_POWER, 3, 2), (A.D_ARTIFACT, 1, 2)]
    if answer:
        assert {z1, z2} <= set(t.discard()) and z1 not in t.hand(3)
        assert t[A.S_ZAPPED + 3] == 1 and t.power(3) == 0 and uses(t, 3) == 0
    else:
        assert z1 in t.hand(3) and z2 in t.hand(1) and uses(t, 3) == 1
    assert t.conserved() == 0


def test_ce_21_1_macron_limit_has_no_power_moment():
    """CE.21.1: Macron's one-ship limit is a restriction, not a use: the Zap holder is asked only
    once, at the A/A totals (the weight), never at the launch."""
    t = turn_table("Macron,none,none,none", p0=[ATT(30), ATT(6)], p1=[ATT(4)], p2=[ART(ZAP)])
    c30 = t.card(0, ATT(30))
    t.script(S(P(RED, 1), 1), P(BLUE, 1), 0, 0, c30, -1)
    assert t.encounter(0) == A.R_OFFENSE_WIN
    assert t.script_ok()
    assert t.kinds() == [A.D_LAUNCH, A.D_TARGET, A.D_INVITE_O, A.D_INVITE_D, A.D_CARD, A.D_ARTIFACT]
    assert totals(t)[1] == 4


def test_ce_21_1_zapped_pacifist_loses_and_claims():
    """CE.21.1 / CE.22.13: the Pacifist's WIN is zapped: the normal A/N outcome follows, it loses and
    claims compensation."""
    t = fight("Pacifist,none,none,none", NEG, ATT(10), centre=3, def_ships=2)
    t.hands(p0=[ATT(6)], p1=[ATT(4), ATT(6), NEG], p2=[ART(ZAP)])
    t.script(1, A.art_code(ZAP, 0))
    assert t.outcome() == A.R_DEFENSE_WIN
    assert t.asked() == [(A.D_POWER, 0, 2), (A.D_ARTIFACT, 2, 2)]
    assert t.events(t.k.E_COMP) == [(0, 1, 3, 3, 0, 0)]


def test_ce_21_1_zapped_power_stays_off_for_the_encounter():
    """CE.21.1: the Healer zapped when it heals the defense's ships cannot heal the ally's ships in
    the same outcome (not even asked): both groups reach the warp."""
    t = fight("none,none,Healer,none", ATT(20), ATT(6), centre=2, def_ships=3, carriers={3: 2})
    t.set_hand(0, [ART(ZAP), ATT(6)])
    w1, w3 = t.warp(1), t.warp(3)
    t.script(1, A.art_code(ZAP, 2))
    assert t.outcome() == A.R_OFFENSE_WIN
    assert t.asked() == [(A.D_POWER, 2, 2), (A.D_ARTIFACT, 0, 2)]
    assert t.warp(1) == w1 + 3 and t.warp(3) == w3 + 2
    assert t[A.S_ZAPPED + 2] == 1


def test_ce_21_1_zap_on_oracle_expires_at_the_end_of_the_encounter():
    """CE.21.1 / CE.20.1: the Oracle zapped at the start of step 8 selects in the normal order (the
    offense first, nothing face up); at the end of the encounter the zap expires and its power is
    on again."""
    t = turn_table("Oracle,none,none,none", p0=[ATT(30), ATT(6)], p1=[ATT(10), ATT(4)], p2=[ART(ZAP)])
    c30, c10 = t.card(0, ATT(30)), t.card(1, ATT(10))
    t.script(S(P(RED, 1), 4), P(BLUE, 1), 0, 0, A.art_code(ZAP, 0), c30, c10)
    assert t.encounter(0) == A.R_OFFENSE_WIN
    assert t.script_ok()
    asked = t.asked()
    assert asked[4:] == [(A.D_ARTIFACT, 2, 2), (A.D_CARD, 0, 2), (A.D_CARD, 1, 2)]
    assert t.faceup_at()[5:] == [0, 0]
    assert t[A.S_ZAPPED] == 0 and t.power(0) == 1
    assert t.events(t.k.E_ZAP) == [(0, 2, 0, 0, 0, 0)]
    assert t.engine_check() == 0
