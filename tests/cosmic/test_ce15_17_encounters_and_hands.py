"""Cosmic Encounter (AH2000) CE.15 second encounter and CE.17 new hands, on explicit states.

Rule ids (CE.x.y, ambiguity choices An = CE.60.n, invariants CE.70.n) as in
shared/rules/cosmic_encounter.md; states, seats and scripted decisions as in tests/cosmic_harness.py;
no aliens.
"""
from cosmic_harness import ART, ATT, BLUE, NEG, RED, P, Table, script_first_encounter, turn_table

import simsuite.games.cosmic.api as A
from simsuite.games.cosmic.api import src_code as S

# ============================================================================================
# CE.15 second encounter, CE.17 hands
# ============================================================================================


def test_ce_15_1_second_encounter_offered_after_a_win_with_a_card_left():
    """CE.15.1 / CE.70.12: the offense wins encounter 1 (30 + 4 against 4 + 4) and still holds an
    encounter card, so it is asked (TAKE / END); it ends the turn."""
    t = turn_table("none", p0=[ATT(30), ATT(6)], p1=[ATT(4)])
    c30 = [c for c in t.hand(0) if t.cls(c) == ("A", 30)][0]
    script_first_encounter(t, c30)
    t.play_turn(0)
    assert t.script_ok()
    assert t.kinds() == [A.D_LAUNCH, A.D_TARGET, A.D_INVITE_O, A.D_INVITE_D, A.D_CARD, A.D_SECOND]
    assert t.foreign(0) == 1
    assert len(t.events(t.k.E_ENCOUNTER)) == 1


def test_ce_15_1_no_second_encounter_without_an_encounter_card():
    """CE.15.1: a win, but the offense's last encounter card was played: no second encounter is
    offered (an artifact does not count)."""
    t = turn_table("none", p0=[ATT(30), ART(A.ART_ZAP)], p1=[ATT(4)])
    c30 = [c for c in t.hand(0) if t.cls(c) == ("A", 30)][0]
    t.script(S(P(RED, 1), 4), P(BLUE, 1), 0, 0)  # the only encounter card is not a choice
    t.play_turn(0)
    assert A.D_SECOND not in t.kinds()
    assert t.foreign(0) == 1 and c30 in t.discard()


def test_ce_15_1_no_second_encounter_after_a_loss():
    """CE.15.1 / CE.3.6: DEFENSE_WIN is unsuccessful: the turn ends although cards are left."""
    t = turn_table("none", p0=[ATT(4), ATT(6), NEG], p1=[ATT(30)])
    c4 = [c for c in t.hand(0) if t.cls(c) == ("A", 4)][0]
    script_first_encounter(t, c4)
    t.play_turn(0)
    assert A.D_SECOND not in t.kinds()
    assert t.events(t.k.E_RESULT)[0][0] == A.R_DEFENSE_WIN


def test_ce_15_3_at_most_two_encounters():
    """CE.15.1 / CE.15.3: TAKE starts encounter 2 at step 1; after it the turn ends whatever the
    result (no third encounter, no further second-encounter question)."""
    t = turn_table("none", p0=[ATT(30), ATT(20), ATT(6), NEG], p1=[ATT(4)])
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
    t = turn_table("none", p0=[ATT(30), ATT(6)], p1=[])
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
    t = turn_table("none", p0=[ATT(30)], p1=[])
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
