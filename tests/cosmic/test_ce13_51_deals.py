"""Cosmic Encounter (AH2000) CE.13 / CE.51 deals, on explicit states.

Rule ids (CE.x.y, ambiguity choices An = CE.60.n, invariants CE.70.n) as in
shared/rules/cosmic_encounter.md; states, seats and scripted decisions as in tests/cosmic_harness.py;
no aliens.
"""
import simsuite.games.cosmic.api as A
from cosmic_harness import BLUE, GREEN, NEG, RED, YELLOW, P, Table
from simsuite.games.cosmic.api import src_code as S


# ============================================================================================
# CE.13 / CE.51 deals
# ============================================================================================

def test_ce_13_5_failed_deal_costs_each_main_player_three_ships():
    """CE.13.1 / CE.13.2 / CE.13.5 / A18 / CE.70.15: N/N with no proposal (deal_propose_policy =
    none): allies go home unharmed, the mothership's ships return, then each main player loses
    min(3, ships on colonies): 3 for the offense, only 2 for a defense with 2 ships."""
    t = Table(4, deal_propose_policy="none")
    t.strip_artifacts()
    t.encounter_state(0, 1, P(BLUE, 1), centre=2, wings={2: 1}, carriers={3: 1})
    t.set_ships(0, {P(RED, 1): 1})
    t.set_ships(1, {P(BLUE, 1): 2})
    t.set_ships(2, {P(GREEN, 1): 4})
    t.set_ships(3, {P(YELLOW, 1): 4})
    t.play_cards(NEG, NEG)
    w = [t.warp(p) for p in range(4)]
    assert t.outcome() == A.R_DEAL_FAILED
    assert t.warp(0) == w[0] + 3 and t.warp(1) == w[1] + 2
    assert t.warp(2) == w[2] and t.warp(3) == w[3]
    assert t.on(2, P(GREEN, 1)) == 5 and t.on(3, P(YELLOW, 1)) == 5
    assert t.conserved() == 0


def test_ce_51_standard_deal_is_made_and_carried_out():
    """CE.51.4 / CE.51.3 / CE.13.4: the standard deal grants the offense a colony on the target
    planet (the defense has one there) and the defense a colony on the offense's lowest home
    planet; the receivers choose 1..4 ships from their colonies (offense's colony first)."""
    t = Table(4)
    t.strip_artifacts()
    t.encounter_state(0, 1, P(BLUE, 1), centre=3)
    t.set_ships(0, {P(RED, 1): 4, P(RED, 2): 4})
    t.set_ships(1, {P(BLUE, 1): 3, P(BLUE, 2): 4})
    t.play_cards(NEG, NEG)
    # mothership returns: 3 ships onto red 1 (one chunk), then the deal ships (chunks, then stop)
    t.script(S(P(RED, 1), 3), S(P(RED, 2), 2), -1, S(P(BLUE, 2), 1), -1)
    assert t.outcome() == A.R_DEAL_MADE
    assert t.script_ok()
    assert t.on(0, P(BLUE, 1)) == 2 and t.foreign(0) == 1
    assert t.on(1, P(RED, 1)) == 1 and t.foreign(1) == 1
    props = t.events(t.k.E_DEAL_PROPOSE)
    assert props[0][0] == 0 and props[0][2] == 1  # the offense proposed the standard deal
    assert A.deal_col_do(props[0][1]) == P(BLUE, 1) and A.deal_col_od(props[0][1]) == P(RED, 1)
    assert t.conserved() == 0


def test_ce_51_5_standard_only_rejects_other_proposals_then_fails():
    """CE.51.2 / CE.51.5: with deal_propose_policy = strategy the offense proposes a one-sided
    colony for itself; standard_only rejects it; the defense passes in round 2; the deal fails
    (CE.13.5)."""
    t = Table(4, deal_propose_policy="strategy")
    t.strip_artifacts()
    t.encounter_state(0, 1, P(BLUE, 1), centre=1)
    t.set_ships(0, {P(RED, 1): 4})
    t.set_ships(1, {P(BLUE, 1): 3, P(BLUE, 2): 4})
    t.play_cards(NEG, NEG)
    one_sided = A.deal_code(P(BLUE, 2), -1, 0, 0, 0, 0)
    t.script(one_sided, -1)
    assert t.outcome() == A.R_DEAL_FAILED
    answers = t.events(t.k.E_DEAL_ANSWER)
    assert answers == [(1, 0, 0, 0, 0, 0)]
    assert t.foreign(0) == 0
