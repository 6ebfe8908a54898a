"""Cosmic Encounter (AH2000) CE.16 colonies, CE.18 victory and CE.19 power, on explicit states.

Rule ids (CE.x.y, ambiguity choices An = CE.60.n, invariants CE.70.n) as in
shared/rules/cosmic_encounter.md; states, seats and scripted decisions as in tests/cosmic_harness.py;
no aliens.
"""
from cosmic_harness import ATT, BLUE, GREEN, NEG, RED, YELLOW, P, Table, fight

import simsuite.games.cosmic.api as A
from simsuite.games.cosmic.api import src_code as S

# ============================================================================================
# CE.16 colonies, CE.19 power, CE.18 victory
# ============================================================================================

def test_ce_16_1_colony_lost_with_its_last_ship():
    """CE.16.1 / CE.70.4: taking the last ship off a planet ends the colony at once, foreign or home."""
    t = Table(4)
    t.set_ships(0, {P(RED, 1): 4, P(RED, 2): 4, P(BLUE, 2): 1})
    assert (t.home(0), t.foreign(0)) == (2, 1)
    t.ships_add(0, P(BLUE, 2), -1)
    assert t.foreign(0) == 0 and P(BLUE, 2) not in t.ships(0)
    t.ships_add(0, P(RED, 2), -4)
    assert t.home(0) == 1


def test_ce_16_2_returning_ships_only_go_to_existing_colonies():
    """CE.16.2 / CE.13.2 / CE.50.15: the offense launched its last ship from blue 2; when the
    mothership's ships return (N/N) only its existing colonies red 1 and red 3 are offered."""
    t = Table(4, deal_propose_policy="none")
    t.strip_artifacts()
    t.encounter_state(0, 1, P(BLUE, 1), centre=2)
    t.set_ships(0, {P(RED, 1): 4, P(RED, 3): 2})
    t.set_ships(1, {P(BLUE, 1): 4})
    t.play_cards(NEG, NEG)
    t.script(S(P(RED, 3), 2))
    t.outcome()
    assert t.asked()[0] == (A.D_PLACE, 0, 4)  # (red 1 | red 3) x (1 | 2 ships): blue 2 is not offered
    assert P(BLUE, 2) not in t.ships(0)


def test_ce_16_3_no_colony_means_the_warp():
    """CE.16.3 / A17: returning ships of a player with no colony go to the warp."""
    t = Table(4, deal_propose_policy="none")
    t.strip_artifacts()
    t.encounter_state(0, 1, P(BLUE, 1), centre=2)
    t.set_ships(0, {})
    t.set_ships(1, {P(BLUE, 1): 4})
    t.play_cards(NEG, NEG)
    assert t.outcome() == A.R_DEAL_FAILED
    assert t.warp(0) == 20 and t.events(t.k.E_NO_COLONY)[0][:2] == (0, 2)


def test_ce_19_1_power_off_below_three_home_colonies_and_back_at_three():
    """CE.19.1 / CE.70.5 / A22: the power flag is on with >= 3 home colonies, off at 2, on again
    at 3 (no aliens yet, the flag is kept all the same)."""
    t = Table(4)
    assert t.power(0) == 1
    for n in (1, 2):
        t.ships_add(0, P(RED, n), -4)
    assert t.home(0) == 3 and t.power(0) == 1
    t.ships_add(0, P(RED, 3), -4)
    assert t.home(0) == 2 and t.power(0) == 0 and t[A.S_N_POWER_OFF] == 1
    t.ships_add(0, P(RED, 1), 1)
    assert t.home(0) == 3 and t.power(0) == 1
    assert [e[:2] for e in t.events(t.k.E_POWER)] == [(0, 0), (0, 1)]


def test_ce_18_2_joint_victory_and_nothing_after_the_end():
    """CE.18.1 / CE.18.2 / A21 / CE.70.18: the offense and its ally both have 4 foreign colonies and
    land together: both win at once. The defense negotiated, but the game ended at the landing,
    so no compensation follows and the cards stay in play."""
    t = fight("none", ATT(6), NEG, centre=2, def_ships=2, wings={2: 1})
    t.set_ships(0, {P(RED, 1): 4, P(GREEN, 4): 1, P(GREEN, 5): 1, P(YELLOW, 4): 1, P(YELLOW, 5): 1})
    t.set_ships(2, {P(GREEN, 1): 4, P(RED, 4): 1, P(RED, 5): 1, P(YELLOW, 2): 1, P(YELLOW, 3): 1})
    assert t.foreign(0) == 4 and t.foreign(2) == 4
    assert t.outcome() == A.R_OFFENSE_WIN
    assert t[A.S_DONE] == 1 and t[A.S_WINNERS] == 0b101
    assert t.foreign(0) == 5 and t.foreign(2) == 5
    assert t.events(t.k.E_COMP) == []
    assert t[A.S_CARD_O] >= 0 and t[A.S_CARD_D] >= 0
    assert t.events(t.k.E_WIN) == [(0b101, 2, 0, 0, 0, 0)]
