"""Cosmic Encounter turn structure, each rule as one whole turn played from an explicit state with
scripted answers, under both editions: the second encounter (AH2000 CE.15; FFG2008 CE.39.7 with
A62), the start-of-turn new hand (CE.17.1; FFG2008 CE.31.1), the end of the turn (CE.15.2-CE.15.4;
the turn passes after a loss), and who is the offense next (CE.3.2 / CE.15.4) over replayed games.

Rule ids (CE.x.y, ambiguity choices An = CE.60.n, invariants CE.70.n) as in
shared/rules/cosmic_encounter.md; states, seats and scripted decisions as in tests/cosmic_harness.py;
no aliens.
"""
import pytest
from cosmic_harness import ART, ATT, BLUE, EXTRA, GAME, GREEN, NEG, RED, REIN, P, Table, turn_table

import simsuite.games.cosmic.api as A
from simsuite.games.cosmic.api import src_code as S

FFG = dict(edition="FFG2008")


def ffg_turn_table(**hands):
    """An FFG2008 table, every ship at home, every hand set (so nobody else holds a reinforcement
    or an artifact), the next destiny cards blue then green."""
    t = Table(4, aliens="none", **FFG)
    t.strip_artifacts()
    t.hands(**hands)
    t.set_order([BLUE, GREEN])
    return t


def codes(t):
    """The event codes of the log, in order."""
    n = int(t.log[0, 0])
    return [int(r[0]) for r in t.log[1:n + 1]]


def turn_shape(t):
    """(encounter numbers, (result, offense, defense, target) per encounter) of the turn played."""
    encs = [e[1] for e in t.events(t.k.E_ENCOUNTER)]
    return encs, [e[:4] for e in t.events(t.k.E_RESULT)]


def check_turn_over(t, o):
    """CE.15.4 / CE.70.2: the turn of o ended: one turn logged, its end logged last, nothing left on
    the mothership or a carrier, no ally, no zap, no defense (engine check between turns)."""
    assert [e[0] for e in t.events(t.k.E_TURN)] == [o]
    assert codes(t)[-1] == int(t.k.E_END_TURN) and t.events(t.k.E_END_TURN) == [(o, 0, 0, 0, 0, 0)]
    assert t[A.S_CENTRE] == 0 and t[A.S_DEF] == -1
    assert all(t[A.S_WING + q] == 0 and t[A.S_CARRIER + q] == 0 and t[A.S_ALLY + q] == 0 for q in range(4))
    assert t.engine_check() == 0


# ============================================================================================
# AH2000: CE.15 second encounter and end of turn, CE.17.1 new hand
# ============================================================================================

def test_ce_15_whole_turn_win_second_encounter_loss_end():
    """CE.15.1 / CE.15.3 / CE.15.4: red wins encounter 1 against blue (30 + 4 against 4 + 4), still
    holds an encounter card and TAKEs a second encounter; encounter 2 starts again at step 1 with a
    new order disc (green) and is lost (6 + 4 against 12 + 4); the turn then ends (no third
    encounter, no second question); red's 4 ships from encounter 2 are in the warp."""
    t = turn_table("none", p0=[ATT(30), ATT(6)], p1=[ATT(4)], p2=[ATT(12)])
    t.set_order([BLUE, GREEN])
    c30, c6 = t.card(0, ATT(30)), t.card(0, ATT(6))
    t.script(S(P(RED, 1), 4), P(BLUE, 1), 0, 0, c30, 1,
             S(P(RED, 2), 4), P(GREEN, 1), 0, 0)  # encounter 2: c6 is red's only card, not asked
    t.play_turn(RED)
    assert t.script_ok(), t.asked()
    assert t.kinds().count(A.D_SECOND) == 1
    assert turn_shape(t) == ([1, 2], [(A.R_OFFENSE_WIN, RED, BLUE, P(BLUE, 1)),
                                      (A.R_DEFENSE_WIN, RED, GREEN, P(GREEN, 1))])
    assert t.events(t.k.E_SECOND) == [(RED, 0, 0, 0, 0, 0)]
    assert c30 in t.discard() and c6 in t.discard()
    assert t.on(RED, P(BLUE, 1)) == 4 and t.warp(RED) == 4 and t.on(RED, P(RED, 2)) == 0
    check_turn_over(t, RED)


def test_ce_15_2_whole_turn_declined_second_encounter_ends_the_turn():
    """CE.15.2: after a win with cards left the offense may decline (END): one encounter, the turn
    ends, its remaining cards stay in hand."""
    t = turn_table("none", p0=[ATT(30), ATT(6), NEG], p1=[ATT(4)])
    c30 = t.card(0, ATT(30))
    t.script(S(P(RED, 1), 4), P(BLUE, 1), 0, 0, c30, 0)
    t.play_turn(RED)
    assert t.script_ok()
    assert turn_shape(t) == ([1], [(A.R_OFFENSE_WIN, RED, BLUE, P(BLUE, 1))])
    assert t.events(t.k.E_SECOND) == [] and t.hand_classes(0) == sorted([ATT(6), NEG])
    check_turn_over(t, RED)


def test_ce_17_1_whole_turn_starts_with_a_new_hand():
    """CE.17.1 / A19: red starts its turn holding only a Stellar Gas (no legal use at that moment):
    the Gas is discarded, 7 cards are drawn (before encounter 1 starts) and the turn is played
    from the new hand: a win with the 30, then END."""
    t = turn_table("none", p0=[ART(A.ART_GAS)], p1=[ATT(4)])
    gas = t.hand(0)[0]
    new = t.deck_top([ATT(30), ATT(8), ATT(6), ATT(6), NEG, NEG, NEG])
    t.script(S(P(RED, 1), 4), P(BLUE, 1), 0, 0, new[0], 0)
    t.play_turn(RED)
    assert t.script_ok(), t.asked()
    ev = codes(t)
    assert ev.index(int(t.k.E_NEW_HAND)) < ev.index(int(t.k.E_ENCOUNTER))
    assert t.events(t.k.E_NEW_HAND) == [(RED, 7, int(A.T_NEWHAND_TURN), 7, 0, 0)]
    assert gas in t.discard() and A.D_NEW_HAND not in t.kinds()
    assert turn_shape(t) == ([1], [(A.R_OFFENSE_WIN, RED, BLUE, P(BLUE, 1))])
    assert sorted(t.hand(0)) == sorted(new[1:])
    check_turn_over(t, RED)


def test_ce_17_1_no_new_hand_while_an_encounter_card_is_held():
    """CE.17.1 / CE.17.6 control: holding one encounter card (and an artifact) the offense draws no
    new hand at the start of its turn."""
    t = turn_table("none", p0=[ART(A.ART_GAS), ATT(30)], p1=[ATT(4)])
    t.script(S(P(RED, 1), 4), P(BLUE, 1), 0, 0)
    t.play_turn(RED)
    assert t.events(t.k.E_NEW_HAND) == []
    assert turn_shape(t) == ([1], [(A.R_OFFENSE_WIN, RED, BLUE, P(BLUE, 1))])
    assert A.D_SECOND not in t.kinds()  # CE.15.1: the Gas is no encounter card
    check_turn_over(t, RED)


# ============================================================================================
# FFG2008: CE.39.7 / A62 second encounter, CE.31.1 new hand, CE.36.3 turn end
# (under FFG2008 the gate is aimed before the ships are launched, CE.34: target, then ships)
# ============================================================================================

def test_ce_39_7_ffg_whole_turn_win_second_encounter_loss_end():
    """CE.39.7 / CE.15.3: under FFG2008 red wins encounter 1 (20 + 4 against 4 + 4), TAKEs a second
    encounter; encounter 2 (destiny: green) is lost (6 + 4 against 12 + 4); the turn ends."""
    t = ffg_turn_table(p0=[ATT(20), ATT(6)], p1=[ATT(4)], p2=[ATT(12)], p3=[ATT(6)])
    c20 = t.card(0, ATT(20))
    t.script(P(BLUE, 1), S(P(RED, 1), 4), 0, 0, c20, 1,
             P(GREEN, 1), S(P(RED, 2), 4), 0, 0)
    t.play_turn(RED)
    assert t.script_ok(), t.asked()
    assert t.kinds().count(A.D_SECOND) == 1
    assert turn_shape(t) == ([1, 2], [(A.R_OFFENSE_WIN, RED, BLUE, P(BLUE, 1)),
                                      (A.R_DEFENSE_WIN, RED, GREEN, P(GREEN, 1))])
    check_turn_over(t, RED)


@pytest.mark.parametrize("left, offered", [(ATT(6), True), (REIN(3), False), (NEG, True)])
def test_a62_ffg_second_encounter_needs_an_encounter_card(left, offered):
    """CE.39.7 / A62 / CE.15.1: after an FFG2008 win the second encounter is offered only if the
    offense still holds an encounter card: an attack or negotiate left → asked (here END); only a
    reinforcement left (CE.36.1: not an encounter card) → not asked, the turn ends."""
    t = ffg_turn_table(p0=[ATT(20), left], p1=[ATT(4)], p2=[ATT(6)], p3=[ATT(6)])
    c20 = t.card(0, ATT(20))
    if offered:
        t.script(P(BLUE, 1), S(P(RED, 1), 4), 0, 0, c20, 0)
    else:  # the 20 is red's only encounter card (no choice); red passes its reinforcement
        t.script(P(BLUE, 1), S(P(RED, 1), 4), 0, 0, -1)
    t.play_turn(RED)
    assert t.script_ok(), t.asked()
    assert (A.D_SECOND in t.kinds()) == offered
    assert turn_shape(t) == ([1], [(A.R_OFFENSE_WIN, RED, BLUE, P(BLUE, 1))])
    check_turn_over(t, RED)


def test_ce_39_7_ffg_turn_passes_after_a_loss():
    """CE.39.7: "after any other result the turn passes": red loses (4 + 4 against 20 + 4) while
    holding encounter cards: no second-encounter question, the turn ends."""
    t = ffg_turn_table(p0=[ATT(4), ATT(6), NEG], p1=[ATT(20)], p2=[ATT(6)], p3=[ATT(6)])
    c4 = t.card(0, ATT(4))
    t.script(P(BLUE, 1), S(P(RED, 1), 4), 0, 0, c4)
    t.play_turn(RED)
    assert t.script_ok(), t.asked()
    assert A.D_SECOND not in t.kinds()
    assert turn_shape(t) == ([1], [(A.R_DEFENSE_WIN, RED, BLUE, P(BLUE, 1))])
    assert t.warp(RED) == 4
    check_turn_over(t, RED)


def test_ce_31_1_ffg_whole_turn_starts_with_a_new_hand_of_eight():
    """CE.31.1 / A58: red starts its FFG2008 turn with only a reinforcement: it is discarded and
    ffg_hand_size = 8 cards are drawn before encounter 1; the turn is played from them."""
    t = ffg_turn_table(p0=[REIN(2)], p1=[ATT(4)], p2=[ATT(6)], p3=[ATT(6)])
    rein = t.hand(0)[0]
    new = t.deck_top([ATT(20), ATT(8), ATT(8), ATT(6), ATT(6), ATT(4), NEG, NEG])
    t.script(P(BLUE, 1), S(P(RED, 1), 4), 0, 0, new[0], 0)
    t.play_turn(RED)
    assert t.script_ok(), t.asked()
    ev = codes(t)
    assert ev.index(int(t.k.E_NEW_HAND)) < ev.index(int(t.k.E_ENCOUNTER))
    assert t.events(t.k.E_NEW_HAND) == [(RED, 8, int(A.T_NEWHAND_TURN), 8, 0, 0)]
    assert rein in t.discard()
    assert turn_shape(t) == ([1], [(A.R_OFFENSE_WIN, RED, BLUE, P(BLUE, 1))])
    assert sorted(t.hand(0)) == sorted(new[1:])
    check_turn_over(t, RED)


def test_ce_36_2_ffg_whole_turn_defense_new_hand_at_planning():
    """CE.36.2 / CE.31.1: in a whole FFG2008 turn the defense (blue, only a reinforcement) takes a
    new hand of 8 at the planning phase, after launch and alliances, and plays from it; red wins
    (20 + 4 against at most 8 + 4) and ENDs."""
    t = ffg_turn_table(p0=[ATT(20), ATT(6)], p1=[REIN(3)], p2=[ATT(6)], p3=[ATT(6)])
    c20 = t.card(0, ATT(20))
    new = t.deck_top([ATT(8), ATT(8), ATT(6), ATT(6), ATT(4), ATT(4), NEG, NEG])
    t.script(P(BLUE, 1), S(P(RED, 1), 4), 0, 0, c20, new[0], 0)  # red's 20, blue's 8, END
    t.play_turn(RED)
    assert t.script_ok(), t.asked()
    ev = codes(t)
    assert ev.index(int(t.k.E_LAUNCH)) < ev.index(int(t.k.E_NEW_HAND)) < ev.index(int(t.k.E_SELECT))
    assert t.events(t.k.E_NEW_HAND) == [(BLUE, 8, int(A.T_NEWHAND_DEF), 8, 0, 0)]
    assert t[A.S_LAST_CD] == new[0] and t.events(t.k.E_TOTALS)[0][2] == 24
    assert turn_shape(t) == ([1], [(A.R_OFFENSE_WIN, RED, BLUE, P(BLUE, 1))])
    check_turn_over(t, RED)


def test_ce_36_3_ffg_whole_turn_offense_without_encounter_card_ends_at_planning():
    """CE.36.3 / A20: a whole FFG2008 turn whose offense loses its last encounter card after the
    start-of-turn check (yellow's Plague in W-E0: 3 ships and the 20): under FFG2008 the encounter
    goes on (mandatory regroup, destiny, launch, alliances) to planning, ends there with NO_RESULT,
    the launched ships go home, red draws no new hand, and the turn ends."""
    t = ffg_turn_table(p0=[ATT(20)], p1=[ATT(4)], p2=[ATT(6)], p3=[ART(A.ART_PLAGUE), ATT(6)])
    t.script(A.art_code(A.ART_PLAGUE, RED), S(P(RED, 1), 3),  # W-E0: yellow plagues red
             P(RED, 1),  # CE.32.2: the regroup is mandatory
             P(BLUE, 1), S(P(RED, 2), 4), 0, 0)
    t.play_turn(RED)
    assert t.script_ok(), t.asked()
    assert A.D_CARD not in t.kinds() and A.D_SECOND not in t.kinds()
    assert A.D_LAUNCH in t.kinds() and A.D_INVITE_D in t.kinds()
    assert t.events(t.k.E_EARLY_END)[0][1] == int(t.k.END_OFFENSE_OUT)
    assert turn_shape(t)[0] == [1] and turn_shape(t)[1][0][0] == A.R_NO_RESULT
    assert t.events(t.k.E_NEW_HAND) == [] and t.hand(0) == []
    assert t.ships_on_planets(RED) == 18 and t.warp(RED) == 2  # 3 plagued, 1 regrouped, 4 home again
    check_turn_over(t, RED)


# ============================================================================================
# CE.3.2 / CE.15.4: who is the offense next, over whole games
# ============================================================================================

SUCCESS = {"AH2000": ("OFFENSE_WIN", "DEAL_MADE"), "FFG2008": ("OFFENSE_WIN", "DEAL_MADE", "REESTABLISHED")}


@pytest.mark.parametrize("edition", ["AH2000", "FFG2008"])
def test_ce_3_2_turns_pass_clockwise_and_second_encounters_follow_a_success(edition):
    """CE.3.2 / CE.15.4: over 12 replayed games (random strategies) each turn's offense is the
    player to the left of the previous one (seat + 1 mod 4), starting with the first player; every
    encounter of a turn is that player's; a second encounter (CE.15.1 / CE.39.7) only ever follows
    a successful first one (CE.3.6), and there are never more than two."""
    cfg = GAME.resolve({"players": 4, "strategies": "random", "edition": edition}, EXTRA)
    seconds = 0
    for g in range(12):
        events, _ = GAME.replay(cfg, 7, g, EXTRA)
        start = [e["player"] for e in events if e["event"] == "start"]
        turns = [e["player"] for e in events if e["event"] == "turn"]
        assert turns and turns[0] == start[0]
        assert all(b == (a + 1) % 4 for a, b in zip(turns, turns[1:])), f"game {g}: {turns}"
        off, last, n_enc, took = None, None, 0, False
        for e in events:
            ev = e["event"]
            if ev == "turn":
                off, last, n_enc, took = e["player"], None, 0, False
            elif ev == "encounter":
                n_enc += 1
                assert e["player"] == off and n_enc <= 2
                assert n_enc == 1 or took, f"game {g}: a second encounter nobody took"
            elif ev == "result":
                last = e["result"]
            elif ev == "second":
                assert e["player"] == off and n_enc == 1 and last in SUCCESS[edition], f"game {g}: {last}"
                took = True
                seconds += 1
    assert seconds > 0  # the check above was exercised
