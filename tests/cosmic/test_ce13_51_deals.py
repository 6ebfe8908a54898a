"""Cosmic Encounter (AH2000) CE.13 / CE.51 deals, on explicit states.

Rule ids (CE.x.y, ambiguity choices An = CE.60.n, invariants CE.70.n) as in
shared/rules/cosmic_encounter.md; states, seats and scripted decisions as in tests/cosmic_harness.py;
no aliens.
"""
import pytest
from cosmic_harness import BLUE, GREEN, NEG, RED, YELLOW, P, Table

import simsuite.games.cosmic.api as A
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
    t = Table(4, deal_propose_policy="strategy", deal_accept_policy="standard_only")
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


# ---- CE.51.5 wary: a deal that lets the other win alone, or makes it a leader, is refused ----------
def _near_win_table(red_foreign, blue_foreign, **params):
    """N/N at blue 1 (red attacks blue); red holds `red_foreign` foreign colonies (green and yellow
    planets), blue `blue_foreign` (yellow and green planets other than red's); the standard deal
    gives red blue 1 and blue red 1 (CE.51.4)."""
    t = Table(4, **params)
    t.strip_artifacts()
    t.encounter_state(0, 1, P(BLUE, 1))
    red_away = [P(GREEN, 1), P(GREEN, 2), P(YELLOW, 1), P(YELLOW, 2)][:red_foreign]
    blue_away = [P(GREEN, 3), P(GREEN, 4), P(YELLOW, 3), P(YELLOW, 4)][:blue_foreign]
    t.set_ships(0, {P(RED, 1): 4, P(RED, 2): 4, **{pl: 1 for pl in red_away}})
    t.set_ships(1, {P(BLUE, 1): 3, P(BLUE, 2): 4, **{pl: 1 for pl in blue_away}})
    t.set_ships(2, {P(GREEN, 5): 4})
    t.set_ships(3, {P(YELLOW, 5): 4})
    t.play_cards(NEG, NEG)
    assert t.foreign(0) == red_foreign and t.foreign(1) == blue_foreign
    return t


@pytest.mark.parametrize("edition", ["AH2000", "FFG2008"])
def test_ce_51_5_wary_refuses_a_deal_that_lets_the_other_win_alone(edition):
    """CE.51.5 wary / CE.13.5 / CE.18.1 (both editions: CE.40.1 keeps the deal model): red needs one
    colony to win, blue needs five; the standard deal would give red its fifth foreign colony and
    blue its first, so blue refuses, and in round 2 blue does not propose the deal it refused (it
    passes): the deal fails, each main player loses 3 ships, nobody wins. Under standard_only the
    same deal is made and red wins."""
    t = _near_win_table(4, 0, edition=edition)
    assert t.cfg["deal_accept_policy"] == "wary"  # the default
    w0, w1 = t.warp(0), t.warp(1)
    assert t.outcome() == A.R_DEAL_FAILED
    props = t.events(t.k.E_DEAL_PROPOSE)
    assert [p[0] for p in props] == [0, 1]
    assert props[0][2] == 1 and props[1][1] == -1  # red offered the standard deal; blue passed
    assert t.events(t.k.E_DEAL_ANSWER) == [(1, 0, 0, 0, 0, 0)]
    assert t.foreign(0) == 4 and t.foreign(1) == 0
    assert t.warp(0) == w0 + 3 and t.warp(1) == w1 + 3
    assert t.conserved() == 0

    s = _near_win_table(4, 0, deal_accept_policy="standard_only", edition=edition)
    assert s.outcome() == A.R_DEAL_MADE
    assert s.foreign(0) == 5


def test_ce_51_5_wary_takes_a_deal_that_makes_both_win():
    """CE.51.5 wary / CE.18.1: both main players need one colony; the standard deal gives each its
    fifth foreign colony, so it is taken (a joint win) in round 1."""
    t = _near_win_table(4, 4)
    assert t.outcome() == A.R_DEAL_MADE
    assert t.events(t.k.E_DEAL_ANSWER) == [(1, 1, 0, 0, 0, 0)]
    assert t.foreign(0) == 5 and t.foreign(1) == 5
    assert t.conserved() == 0


def test_ce_51_5_wary_proposer_does_not_offer_a_deal_that_lets_the_other_win():
    """CE.51.5 wary: blue (the defense) needs one colony, red none of its own in reach: red, the
    proposer of round 1, would refuse the standard deal and passes; blue offers it in round 2 and red
    refuses: the deal fails and blue has not won."""
    t = _near_win_table(0, 4)
    assert t.outcome() == A.R_DEAL_FAILED
    props = t.events(t.k.E_DEAL_PROPOSE)
    assert props[0][0] == 0 and props[0][1] == -1
    assert props[1][0] == 1 and props[1][2] == 1
    assert t.events(t.k.E_DEAL_ANSWER) == [(0, 0, 0, 0, 0, 0)]
    assert t.foreign(1) == 4


def test_ce_51_5_wary_leader_margin():
    """CE.51.5 wary, deal_leader_margin: red holds 3 foreign colonies, blue none. The standard deal
    would leave red one colony from victory (4 of 5) and blue four away: with the default margin 1
    blue refuses (a leader is not handed a colony); with margin 0 (refuse only a deal that lets the
    other win alone) it is made. Between equals (2 and 2: both end 2 colonies away) it is made."""
    t = _near_win_table(3, 0)
    assert t.outcome() == A.R_DEAL_FAILED
    assert t.foreign(0) == 3
    t = _near_win_table(3, 0, deal_leader_margin=0)
    assert t.outcome() == A.R_DEAL_MADE
    assert t.foreign(0) == 4 and t.foreign(1) == 1
    t = _near_win_table(2, 2)
    assert t.outcome() == A.R_DEAL_MADE
    assert t.foreign(0) == 3 and t.foreign(1) == 3


def test_ce_51_5_wary_leader_margin_is_out_of_the_hash_at_its_default():
    """deal_leader_margin at its default leaves the configuration hash (the seed) as it was before
    the key existed, so `deal_accept_policy = standard_only` replays the earlier default's games;
    another value changes it."""
    from cosmic_harness import GAME
    base = GAME.resolve({"players": 4, "deal_accept_policy": "standard_only"})
    assert "deal_leader_margin" not in GAME.canonical_json(base)
    assert GAME.config_hash(base) != GAME.config_hash({**base, "deal_leader_margin": 2})
