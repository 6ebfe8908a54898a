"""Cosmic Encounter (AH2000) rules checked on explicit, hand-built states.

Contract: shared/rules/cosmic_encounter.md. Every test names the rule ids (CE.x.y, ambiguity
choices An = CE.60.n, invariants CE.70.n) it checks. Decisions are made by the test-only
``scripted`` strategy; ``t.asked()`` lists the decisions the engine asked as (kind, seat, number
of options), so a test can also check that a choice was, or was not, offered.
"""
import pytest

import simsuite.games.cosmic.api as A
from cosmic_harness import ART, ATT, BLUE, GREEN, NEG, RED, YELLOW, P, Table
from simsuite.games.cosmic.api import src_code as S

HOME = {0: [P(RED, n) for n in range(1, 6)]}


def full_home(colour, per=4):
    return {P(colour, n): per for n in range(1, 6)}


def fight(card_o, card_d, centre, def_ships, wings=None, carriers=None, players=4, **params):
    """Offense red (0) against defense blue (1) on blue 1, cards face up; every other ship at home."""
    t = fight_setup(centre, def_ships, wings, carriers, players, **params)
    t.play_cards(card_o, card_d)
    return t


def fight_setup(centre, def_ships, wings=None, carriers=None, players=4, **params):
    """fight() before the cards are chosen (W-7)."""
    t = Table(players, **params)
    t.strip_artifacts()
    t.encounter_state(0, 1, P(BLUE, 1), centre=centre, wings=wings, carriers=carriers)
    t.set_ships(0, {P(RED, 1): 4, P(RED, 2): 4, P(RED, 3): 4, P(RED, 4): 4})
    t.set_ships(1, {P(BLUE, 1): def_ships, P(BLUE, 2): 4, P(BLUE, 3): 4})
    for q in range(2, players):
        t.set_ships(q, {P(q, 1): 4, P(q, 2): 4, P(q, 3): 4})
    return t


# ============================================================================================
# CE.10 totals, ties and allies
# ============================================================================================

def test_ce_10_4_tie_goes_to_the_defense():
    """CE.10.3 / CE.10.4 / CE.70.13: T_O = 10 + 3 = 13 = T_D = 8 + 5: the defense wins; the
    mothership's ships go to the warp (CE.11.2), the defense keeps its ships."""
    t = fight(ATT(10), ATT(8), centre=3, def_ships=5)
    warp0 = t.warp(0)
    assert t.outcome() == A.R_DEFENSE_WIN
    assert (t[A.S_TOT + 2], t[A.S_TOT + 5]) == (13, 13)
    assert t.warp(0) == warp0 + 3 and t[A.S_CENTRE] == 0
    assert t.on(1, P(BLUE, 1)) == 5
    assert t.conserved() == 0


def test_ce_10_4_one_more_wins_for_the_offense():
    """CE.10.4 / CE.11.1: T_O = 14 > T_D = 13: the defense's ships go to the warp, the offense lands
    and has a foreign colony (CE.18.1 counting)."""
    t = fight(ATT(10), ATT(8), centre=4, def_ships=5)
    warp1 = t.warp(1)
    assert t.outcome() == A.R_OFFENSE_WIN
    assert t.warp(1) == warp1 + 5 and t.on(1, P(BLUE, 1)) == 0
    assert t.on(0, P(BLUE, 1)) == 4 and t.foreign(0) == 1
    # CE.9.4: both encounter cards are in the discard pile afterwards
    assert t[A.S_CARD_O] == -1 and t[A.S_CARD_D] == -1 and len(t.discard()) >= 2
    assert t.conserved() == 0


def test_ce_10_2_allies_ships_count_for_their_side():
    """CE.10.2: S_O = centre + wings = 4 + 3, S_D = defense on target + carriers = 4 + 2; with the
    ally the offense wins 15 to 14 (alone it would lose 12 to 14). CE.11.1: wings land too,
    carriers go to the warp; a third player's colony on the target is untouched (CE.7.3, CE.70.10)."""
    t = fight(ATT(8), ATT(8), centre=4, def_ships=4, wings={2: 3}, carriers={3: 2})
    t.set_ships(3, {P(YELLOW, 1): 4, P(BLUE, 1): 1})  # yellow also has a colony on the target
    warp3 = t.warp(3)
    assert t.outcome() == A.R_OFFENSE_WIN
    assert [t[A.S_TOT + i] for i in range(6)] == [8, 7, 15, 8, 6, 14]
    assert t.on(0, P(BLUE, 1)) == 4 and t.on(2, P(BLUE, 1)) == 3  # both land (CE.11.1.2)
    assert t.warp(3) == warp3 + 2  # the carrier's ships are lost
    assert t.on(3, P(BLUE, 1)) == 1  # bystander colony on the target untouched
    assert t[A.S_WING + 2] == 0 and t[A.S_CARRIER + 3] == 0
    assert t.conserved() == 0


# ============================================================================================
# CE.12 attack against negotiate: compensation
# ============================================================================================

def test_ce_12_2_compensation_counts_only_the_main_players_lost_ships():
    """CE.12.1 / CE.12.2 / CE.70.15: the offense negotiates with 3 ships and an ally's 2: it loses,
    all 5 go to the warp, but it takes only 3 random cards (allies' ships never count)."""
    t = fight(NEG, ATT(10), centre=3, def_ships=4, wings={2: 2})
    t.hands(p0=[ATT(6)], p1=[ATT(4), ATT(4), ATT(6), ATT(6), NEG])
    w0, w2 = t.warp(0), t.warp(2)
    assert t.outcome() == A.R_DEFENSE_WIN
    assert t.warp(0) == w0 + 3 and t.warp(2) == w2 + 2
    assert len(t.hand(0)) == 4 and len(t.hand(1)) == 2
    assert t.events(t.k.E_COMP) == [(0, 1, 3, 3, 0, 0)]
    assert t.conserved() == 0


def test_ce_12_2_compensation_is_limited_by_the_opponents_hand():
    """CE.12.2 / CE.70.15: 4 ships lost but the defense holds 2 cards: min(4, 2) = 2 are taken;
    CE.17.6: the defense, now empty-handed, draws nothing."""
    t = fight(NEG, ATT(10), centre=4, def_ships=4)
    t.hands(p0=[], p1=[ATT(4), NEG])
    assert t.outcome() == A.R_DEFENSE_WIN
    assert len(t.hand(0)) == 2 and t.hand(1) == []
    assert t.events(t.k.E_COMP) == [(0, 1, 4, 2, 0, 0)]


def test_ce_12_4_no_ships_lost_no_compensation():
    """CE.12.4: the defense negotiates with 0 ships on the target planet: it loses, N = 0, nothing
    is taken."""
    t = fight(ATT(6), NEG, centre=2, def_ships=0)
    t.hands(p0=[ATT(4), NEG, NEG], p1=[ATT(6)])
    assert t.outcome() == A.R_OFFENSE_WIN
    assert len(t.hand(0)) == 3 and len(t.hand(1)) == 1
    assert t.events(t.k.E_COMP) == []


def test_ce_12_2_defense_compensation_ignores_its_allies():
    """CE.12.2 / A14: the defense negotiates with 4 ships and a defensive ally's 2: the offense wins,
    the defense claims 4 cards (not 6); the offense's hand had 5."""
    t = fight(ATT(6), NEG, centre=2, def_ships=4, carriers={3: 2})
    t.hands(p0=[ATT(4), ATT(4), NEG, NEG, ATT(6)], p1=[])
    assert t.outcome() == A.R_OFFENSE_WIN
    assert len(t.hand(1)) == 4 and len(t.hand(0)) == 1
    assert t.events(t.k.E_COMP) == [(1, 0, 4, 4, 0, 0)]


# ============================================================================================
# CE.14 defensive rewards
# ============================================================================================

def test_ce_14_rewards_only_for_defensive_allies():
    """CE.14.1-CE.14.3 / A12 / A13: after DEFENSE_WIN only the defensive ally (3 ships on its carrier)
    gets rewards: 3 choices, here card, ship, card; the ship goes onto a colony that is not the
    target planet, even though the ally has a colony there. The defense and the offensive ally get
    nothing (the offensive ally's ships are lost)."""
    t = fight(ATT(4), ATT(10), centre=2, def_ships=3, wings={2: 2}, carriers={3: 3})
    t.set_ships(3, {P(YELLOW, 1): 2, P(BLUE, 1): 1})
    h1, h2, h3 = len(t.hand(1)), len(t.hand(2)), len(t.hand(3))
    w2, w3 = t.warp(2), t.warp(3)
    t.script(-1, P(YELLOW, 1), -1)
    assert t.outcome() == A.R_DEFENSE_WIN
    assert t.script_ok()
    # ally returns: only yellow 1 is permitted (target excluded), so no placement is asked
    assert t.asked() == [(A.D_REWARD, 3, 2)] * 3
    assert len(t.hand(3)) == h3 + 2 and t.warp(3) == w3 - 1
    assert t.on(3, P(YELLOW, 1)) == 2 + 3 + 1 and t.on(3, P(BLUE, 1)) == 1
    assert len(t.hand(1)) == h1 and len(t.hand(2)) == h2
    assert t.warp(2) == w2 + 2
    assert t[A.S_N_REWARD_CARDS] == 2 and t[A.S_N_REWARD_SHIPS] == 1
    assert t.conserved() == 0


def test_ce_14_3_ship_rewards_need_warp_ships():
    """CE.14.3: with no ship in the warp the only reward is a card, so nothing is asked."""
    t = fight(ATT(4), ATT(10), centre=2, def_ships=3, carriers={3: 2})
    t.set_ships(3, {P(YELLOW, 1): 18}, warp=0)
    h3 = len(t.hand(3))
    assert t.outcome() == A.R_DEFENSE_WIN
    assert t.asked() == [] and len(t.hand(3)) == h3 + 2


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


# ============================================================================================
# CE.15 second encounter, CE.17 hands
# ============================================================================================

def _turn_table(hand0, hand1):
    t = Table(4)
    t.strip_artifacts()
    t.hands(p0=hand0, p1=hand1)
    t.set_order([BLUE])
    return t


def _script_first_encounter(t, card_o):
    t.script(S(P(RED, 1), 4), P(BLUE, 1), 0, 0, card_o, 0)


def test_ce_15_1_second_encounter_offered_after_a_win_with_a_card_left():
    """CE.15.1 / CE.70.12: the offense wins encounter 1 (30 + 4 against 4 + 4) and still holds an
    encounter card, so it is asked (TAKE / END); it ends the turn."""
    t = _turn_table([ATT(30), ATT(6)], [ATT(4)])
    c30 = [c for c in t.hand(0) if t.cls(c) == ("A", 30)][0]
    _script_first_encounter(t, c30)
    t.play_turn(0)
    assert t.script_ok()
    assert t.kinds() == [A.D_LAUNCH, A.D_TARGET, A.D_INVITE_O, A.D_INVITE_D, A.D_CARD, A.D_SECOND]
    assert t.foreign(0) == 1
    assert len(t.events(t.k.E_ENCOUNTER)) == 1


def test_ce_15_1_no_second_encounter_without_an_encounter_card():
    """CE.15.1: a win, but the offense's last encounter card was played: no second encounter is
    offered (an artifact does not count)."""
    t = _turn_table([ATT(30), ART(A.ART_ZAP)], [ATT(4)])
    c30 = [c for c in t.hand(0) if t.cls(c) == ("A", 30)][0]
    t.script(S(P(RED, 1), 4), P(BLUE, 1), 0, 0)  # the only encounter card is not a choice
    t.play_turn(0)
    assert A.D_SECOND not in t.kinds()
    assert t.foreign(0) == 1 and c30 in t.discard()


def test_ce_15_1_no_second_encounter_after_a_loss():
    """CE.15.1 / CE.3.6: DEFENSE_WIN is unsuccessful: the turn ends although cards are left."""
    t = _turn_table([ATT(4), ATT(6), NEG], [ATT(30)])
    c4 = [c for c in t.hand(0) if t.cls(c) == ("A", 4)][0]
    _script_first_encounter(t, c4)
    t.play_turn(0)
    assert A.D_SECOND not in t.kinds()
    assert t.events(t.k.E_RESULT)[0][0] == A.R_DEFENSE_WIN


def test_ce_15_3_at_most_two_encounters():
    """CE.15.1 / CE.15.3: TAKE starts encounter 2 at step 1; after it the turn ends whatever the
    result (no third encounter, no further second-encounter question)."""
    t = _turn_table([ATT(30), ATT(20), ATT(6), NEG], [ATT(4)])
    c30 = [c for c in t.hand(0) if t.cls(c) == ("A", 30)][0]
    t.script(S(P(RED, 1), 4), P(BLUE, 1), 0, 0, c30, 1)
    t.play_turn(0)
    encs = t.events(t.k.E_ENCOUNTER)
    assert [e[1] for e in encs] == [1, 2]
    assert t.kinds().count(A.D_SECOND) == 1
    assert t[A.S_N_SECOND] == 1


def test_ce_17_1_new_hand_repeats_until_an_encounter_card():
    """CE.17.1 / A19 / A28 / A24: the offense holds only a Cosmic Zap: it is discarded (no legal use), 7
    cards are drawn, all artifacts: only the Mobius Tubes may be played (asked); the others are
    discarded, Plague and Force Field too (a new hand is not a window); then 7 more cards, now with
    encounter cards."""
    t = Table(4)
    t.set_hand(0, [ART(A.ART_ZAP)])
    arts = [ART(A.ART_MOBIUS), ART(A.ART_MOBIUS), ART(A.ART_PLAGUE), ART(A.ART_FORCE_FIELD), ART(A.ART_GAS),
            ART(A.ART_EMOTION), ART(A.ART_ZAP)]
    for q in (1, 2, 3):  # keep every artifact out of the other hands
        t.set_hand(q, [ATT(6)])
    t.deck_top(arts + [ATT(20), NEG])
    t.st[A.S_OFF] = 0
    t.st[A.S_DEF] = -1
    t.script(A.art_code(A.ART_MOBIUS, 0), -1)
    assert t.new_hand(0, A.T_NEWHAND_TURN) == 1
    assert t.script_ok()
    # asked: the two Mobius Tubes (discard / play), nothing else
    assert t.asked() == [(A.D_NEW_HAND, 0, 2), (A.D_NEW_HAND, 0, 2)]
    assert len(t.hand(0)) == 7 and ("A", 20) in t.hand_classes(0) and ("N",) in t.hand_classes(0)
    assert t[A.S_N_ART] == 1 and t[A.S_ART_USED + A.ART_MOBIUS] == 1
    assert sum(1 for c in t.discard() if t.cls(c)[0] == "X") == 8
    assert [e[1] for e in t.events(t.k.E_NEW_HAND)] == [7, 7]
    assert t.conserved() == 0


def test_ce_17_4_defense_takes_a_new_hand_at_step_8():
    """CE.9.1 / CE.17.4: the defense holds no encounter card when it must select one: it draws a
    new hand of 7 (then plays from it)."""
    t = _turn_table([ATT(30), ATT(6)], [])
    t.deck_top([ATT(10), NEG, NEG, NEG, NEG, NEG, NEG])
    c30 = [c for c in t.hand(0) if t.cls(c) == ("A", 30)][0]
    t.script(S(P(RED, 1), 4), P(BLUE, 1), 0, 0, c30)
    res = t.encounter(0)
    assert t.events(t.k.E_NEW_HAND) == [(1, 7, int(A.T_NEWHAND_DEF), 7, 0, 0)]
    assert res == A.R_OFFENSE_WIN
    assert len(t.hand(1)) == 6


def test_ce_17_5_no_encounter_card_anywhere_ends_the_encounter():
    """CE.17.5 / A19 / CE.70.2: the defense needs a card but the deck and the discard pile hold no
    encounter card: NO_RESULT, the mothership's ships go home, the state is clean."""
    t = _turn_table([ATT(30)], [])
    t.park_cards(2, "AN")
    c30 = t.hand(0)[0]
    t.script(S(P(RED, 1), 4), P(BLUE, 1), 0, 0)
    res = t.encounter(0)
    assert res == A.R_NO_RESULT
    assert t.events(t.k.E_EARLY_END)[0][1] == int(t.k.END_DEFENSE_NO_CARD)
    assert t.hand(0) == [c30]  # no card was played
    assert t.ships_on_planets(0) == 20 and t[A.S_CENTRE] == 0
    assert t.engine_check() == 0


def test_ce_17_3_offense_running_out_ends_the_turn_at_once():
    """CE.17.3 / CE.21.4: in W-E0 a Plague makes the offense discard its only encounter card: the
    encounter ends at once with NO_RESULT (nothing launched), and no new hand is drawn."""
    t = Table(4)
    t.strip_artifacts()
    t.hands(p0=[ATT(8)], p1=[ART(A.ART_PLAGUE), ATT(6)])
    t.script(A.art_code(A.ART_PLAGUE, 0))
    res = t.encounter(0)
    assert res == A.R_NO_RESULT
    assert t.events(t.k.E_EARLY_END)[0][1] == int(t.k.END_OFFENSE_OUT)
    assert t.hand(0) == [] and t.warp(0) == 3
    assert A.D_LAUNCH not in t.kinds()
    assert t.engine_check() == 0


def test_ce_17_3_the_window_closes_when_the_offense_runs_out():
    """CE.17.3: the turn ends at once, not when the window closes: after the Plague takes the
    offense's only encounter card in W-E0, the offense is not asked again about its Mobius Tube
    (which the Plague left it) in that window."""
    t = Table(4)
    t.strip_artifacts()
    t.hands(p0=[ATT(8), ART(A.ART_MOBIUS), ART(A.ART_MOBIUS)], p1=[ART(A.ART_PLAGUE), ATT(6)])
    t.script(-1, A.art_code(A.ART_PLAGUE, 0))
    res = t.encounter(0)
    assert res == A.R_NO_RESULT
    assert t.events(t.k.E_EARLY_END)[0][1] == int(t.k.END_OFFENSE_OUT)
    assert [a for a in t.asked() if a[0] == A.D_ARTIFACT and a[1] == 0] == [(A.D_ARTIFACT, 0, 2)]
    assert t.hand_classes(0) == [("X", int(A.ART_MOBIUS))]
    assert t.engine_check() == 0

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
    t = fight(ATT(6), NEG, centre=2, def_ships=2, wings={2: 1})
    t.set_ships(0, {P(RED, 1): 4, P(GREEN, 4): 1, P(GREEN, 5): 1, P(YELLOW, 4): 1, P(YELLOW, 5): 1})
    t.set_ships(2, {P(GREEN, 1): 4, P(RED, 4): 1, P(RED, 5): 1, P(YELLOW, 2): 1, P(YELLOW, 3): 1})
    assert t.foreign(0) == 4 and t.foreign(2) == 4
    assert t.outcome() == A.R_OFFENSE_WIN
    assert t[A.S_DONE] == 1 and t[A.S_WINNERS] == 0b101
    assert t.foreign(0) == 5 and t.foreign(2) == 5
    assert t.events(t.k.E_COMP) == []
    assert t[A.S_CARD_O] >= 0 and t[A.S_CARD_D] >= 0
    assert t.events(t.k.E_WIN) == [(0b101, 2, 0, 0, 0, 0)]


# ============================================================================================
# CE.5 order: EXPEL and RESETTLE
# ============================================================================================

def test_ce_5_6_expel_only_the_expelled_players_ships_count():
    """CE.5.4 / CE.5.6 / CE.7.3: red turns its own colour and expels blue from red 2, where red has
    4 ships of its own: step 4 is skipped, only blue's 2 ships defend, red's own ships there take
    no part, and after the win red lands its 4 launched ships on red 2."""
    t = _turn_table([ATT(20), ATT(6)], [ATT(4)])
    t.set_ships(1, {P(BLUE, 1): 4, P(RED, 2): 2})
    t.set_order([RED])
    c20 = [c for c in t.hand(0) if t.cls(c) == ("A", 20)][0]
    expel = A.EXPEL_BASE + 1 * A.MAX_PLANETS + P(RED, 2)
    t.script(expel, S(P(RED, 1), 4), 0, 0, c20, 0)
    t.play_turn(0)
    assert t.script_ok()
    assert A.D_TARGET not in t.kinds()
    assert t.kinds()[0] == A.D_OWN_COLOUR
    assert t[A.S_TOT + 4] == 2 and t[A.S_TOT + 1] == 4
    assert t.on(0, P(RED, 2)) == 8 and t.on(1, P(RED, 2)) == 0
    assert t[A.S_N_EXPEL] == 1


def test_ce_5_5_resettle_is_unsuccessful():
    """CE.5.4 / CE.5.5 / A9: red turns its own colour and re-settles 2 ships onto its empty red 5:
    a home colony again, result NO_RESULT, and the turn ends (no second encounter)."""
    t = _turn_table([ATT(20), ATT(6)], [ATT(4)])
    t.set_ships(0, {P(RED, 1): 6, P(RED, 2): 6, P(RED, 3): 4, P(RED, 4): 4})
    t.set_order([RED])
    t.script(P(RED, 5), S(P(RED, 1), 2), -1)
    t.play_turn(0)
    assert t.script_ok()
    assert t.on(0, P(RED, 5)) == 2 and t.home(0) == 5
    assert t.events(t.k.E_RESULT)[0][0] == A.R_NO_RESULT
    assert A.D_SECOND not in t.kinds() and len(t.events(t.k.E_ENCOUNTER)) == 1


def test_ce_5_2_order_pile_rebuilt_with_the_last_disc():
    """CE.5.2 / A5 / CE.70.17: turning the last disc rebuilds the pile from the whole discard, that
    disc included, so the pile is never empty and every disc stays in play."""
    t = Table(4)
    st = t.st
    for i in range(11):
        st[A.S_ORDD + i] = [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3][i]
    st[A.S_ORDD_N] = 11
    st[A.S_ORD] = 3
    st[A.S_ORD_N] = 1
    t.strip_artifacts()
    t.set_hand(0, [ATT(8)])
    t.script()
    t.encounter(0)
    assert t.events(t.k.E_DISC_RESHUFFLE)[0][0] == 12
    assert t.engine_check() == 0


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
    t = fight_setup(centre=4, def_ships=4, wings={2: 3}, carriers={3: 2})
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
    t = fight(ATT(8), ATT(8), centre=2, def_ships=4)
    t.set_ships(1, {P(BLUE, 1): 4, P(BLUE, 2): 1})
    t.set_hand(3, [ART(A.ART_PLAGUE)])
    t.script(A.art_code(A.ART_PLAGUE, 1))
    t.window(A.W_8)
    assert t.on(1, P(BLUE, 1)) == 4 and t.on(1, P(BLUE, 2)) == 0


def test_ce_21_5_stellar_gas_cancels_the_claim():
    """CE.21.5 / CE.20.3 E.COMP / A30: the offense negotiated and lost 3 ships; a third player plays
    Stellar Gas on the claim: no card changes hands."""
    t = fight(NEG, ATT(10), centre=3, def_ships=4)
    t.hands(p0=[ATT(6)], p1=[ATT(4), NEG, ATT(6)], p3=[ART(A.ART_GAS)])
    t.script(A.art_code(A.ART_GAS, 0))
    assert t.outcome() == A.R_DEFENSE_WIN
    assert t.asked() == [(A.D_ARTIFACT, 3, 2)]
    assert len(t.hand(0)) == 1 and len(t.hand(1)) == 3
    assert t.events(t.k.E_COMP) == [] and t.events(t.k.E_GAS) == [(3, 0, 3, 0, 0, 0)]


def test_ce_21_6_emotion_control_turns_attacks_into_a_deal():
    """CE.21.6 / A29 / CE.13: after the reveal (W-9) Emotion Control makes both attack cards
    negotiates: the main players make a deal (standard deal accepted) instead of fighting."""
    t = fight(ATT(30), ATT(4), centre=4, def_ships=2)
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
    t = fight(NEG, NEG, centre=4, def_ships=2)
    t.set_hand(2, [ART(A.ART_EMOTION)])
    t.window(A.W_9)
    assert t.asked() == []


@pytest.mark.parametrize("players", [2, 3])
def test_ce_8_8_no_alliances_with_two_players(players):
    """CE.8.8 / CE.70.16: with 2 players steps 5-7 ask nothing; with 3 the single other player can
    be invited (mask options 0 and its bit)."""
    t = Table(players)
    t.strip_artifacts()
    t.hands(p0=[ATT(10)], p1=[ATT(6)])
    t.set_order([1])
    t.script(S(P(RED, 1), 1), -1, P(BLUE, 1))
    t.encounter(0)
    kinds = t.kinds()
    if players == 2:
        assert A.D_INVITE_O not in kinds and A.D_ALLIANCE not in kinds
    else:
        assert (A.D_INVITE_O, 0, 2) in t.asked()
