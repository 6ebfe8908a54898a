"""Cosmic Encounter (AH2000) alien powers: CE.22.10 Mind, CE.22.11 Mutant, CE.22.12 Oracle,
CE.22.13 Pacifist.

Rule ids (CE.x.y, ambiguity choices An = CE.60.n, invariants CE.70.n) as in
shared/rules/cosmic_encounter.md; states, seats and scripted decisions as in tests/cosmic_harness.py;
``aliens`` lists each seat's alien.
"""
import numpy as np
from cosmic_harness import ATT, BLUE, DEF, NEG, OFF, YELLOW, P, fight, setup_fight, table, uses

import simsuite.games.cosmic.api as A
from simsuite.games.cosmic.api import src_code as S

# ============================================================================================
# CE.22.10 Mind
# ============================================================================================

def test_ce_22_10_mind_looks_at_a_main_players_hand_once():
    """CE.22.10: a Mind that is not a main player chooses the offense or the defense (3 options);
    the hand it saw is recorded in S_MIND_SEEN (may_see_hand); once per encounter, so it is not
    asked in a later window."""
    t = table("none,none,Mind,none")
    t.st[A.S_OFF], t.st[A.S_DEF] = 0, 1
    t.script(1)
    t.window(A.W_2)
    assert t.asked() == [(A.D_POWER, 2, 3)]
    assert t[A.S_MIND_SEEN] == 1 << 1
    assert A.may_see_hand(t.st, np.int64(2), np.int64(1)) and not A.may_see_hand(t.st, np.int64(2), np.int64(0))
    t.window(A.W_4)
    assert len(t.asked()) == 1


def test_ce_22_10_mind_knows_the_hand_as_it_was_when_it_looked():
    """CE.22.10 / CE.70.14: the Mind sees a hand once (a look in W-2), not the hand as it changes
    afterwards: after blue's hand changes, the Mind's strategy still reads the hand it saw; the
    other main player's hand stays unknown (-1)."""
    t = table("none,none,Mind,none")
    t.st[A.S_OFF], t.st[A.S_DEF] = 0, 1
    t.set_hand(1, [ATT(4), ATT(20)])
    seen = sorted(t.hand(1))
    t.script(1)
    t.window(A.W_2)
    assert t.asked() == [(A.D_POWER, 2, 3)]
    t.set_hand(1, [ATT(4)])
    me, q = np.int64(2), np.int64(1)
    assert A.seen_hand_n(t.st, me, q) == 2
    assert sorted(A.seen_hand_card(t.st, me, q, np.int64(i)) for i in range(2)) == seen
    assert A.seen_hand_n(t.st, me, np.int64(0)) == -1
    assert A.seen_hand_n(t.st, q, q) == 1 and A.seen_hand_card(t.st, q, q, np.int64(0)) == t.hand(1)[0]


def test_ce_22_10_mind_as_main_player_sees_only_its_opponent():
    """CE.22.10: as the offense the Mind may only look at the defense's hand (PASS or LOOK(1))."""
    t = table("Mind,none,none,none")
    t.st[A.S_OFF], t.st[A.S_DEF] = 0, 1
    t.script(1)
    t.window(A.W_2)
    assert t.asked() == [(A.D_POWER, 0, 2)]
    assert t[A.S_MIND_SEEN] == 1 << 1


# ============================================================================================
# CE.22.11 Mutant
# ============================================================================================

def test_ce_22_11_mutant_fills_its_hand_to_seven():
    """CE.22.11: in W-8 the offense Mutant (2 cards) draws 5 cards one at a time, each from the
    deck or at random from another player's hand: deck, green, deck, deck, yellow."""
    t = setup_fight("Mutant,none,none,none", centre=2, def_ships=2)
    t.hands(p0=[ATT(6), NEG], p2=[ATT(4), ATT(8)], p3=[NEG])
    t.face_down(ATT(10), ATT(12))
    deck = t[A.S_DECK_N]
    t.script(1, -1, 2, -1, -1, 3)
    t.window(A.W_8)
    assert t.script_ok()
    assert t.asked()[0] == (A.D_POWER, 0, 2)
    assert len(t.hand(0)) == 7
    assert len(t.hand(2)) == 1 and t.hand(3) == []
    assert t[A.S_DECK_N] == deck - 3
    t.window(A.W_9)  # once per encounter
    assert len(t.asked()) == 6
    assert t.conserved() == 0


# ============================================================================================
# CE.22.12 Oracle
# ============================================================================================

def test_ce_22_12_oracle_chooses_after_seeing_the_opponents_card():
    """CE.22.12 / CE.21.1 E.POWER: the offense Oracle: the defense selects first and its card is
    face up at once (S_FACEUP = 2) when the Oracle chooses; the Oracle's card stays face down."""
    t = setup_fight("Oracle,none,none,none", centre=2, def_ships=3)
    t.hands(p0=[ATT(30), ATT(6), NEG], p1=[ATT(10), ATT(4)])
    c6, c10 = t.card(0, ATT(6)), t.card(1, ATT(10))
    t.script(c10, c6)
    t.select()
    assert t.script_ok()
    assert t.asked() == [(A.D_CARD, 1, 2), (A.D_CARD, 0, 3)]
    assert t.faceup_at() == [0, DEF]
    assert t[A.S_CARD_D] == c10 and t[A.S_CARD_O] == c6
    assert t[A.S_FACEUP] == DEF and t[A.S_REVEALED] == 0
    assert A.card_visible(t.st, A.SIDE_DEFENSE) == 1 and A.card_visible(t.st, A.SIDE_OFFENSE) == 0
    assert uses(t, 0) == 1


def test_ce_22_12_oracle_as_defense_sees_the_offenses_card():
    """CE.22.12: the defense Oracle: the offense's card is face up (S_FACEUP = 1) when it chooses."""
    t = setup_fight("none,Oracle,none,none", centre=2, def_ships=3)
    t.hands(p0=[ATT(30), ATT(6)], p1=[ATT(10), ATT(4)])
    t.script(t.card(0, ATT(6)), t.card(1, ATT(4)))
    t.select()
    assert t.asked() == [(A.D_CARD, 0, 2), (A.D_CARD, 1, 2)]
    assert t.faceup_at() == [0, OFF] and t[A.S_FACEUP] == OFF


# ============================================================================================
# CE.22.13 Pacifist
# ============================================================================================

def test_ce_22_13_pacifist_negotiate_beats_an_attack():
    """CE.22.13: the offense Pacifist's negotiate meets a 10: it WINs: OFFENSE_WIN, the defense's
    ships are lost, the Pacifist lands; nobody claims compensation."""
    t = fight("Pacifist,none,none,none", NEG, ATT(10), centre=3, def_ships=2)
    t.hands(p0=[ATT(6)], p1=[ATT(4), ATT(6), NEG])
    w1 = t.warp(1)
    t.script(1)
    assert t.outcome() == A.R_OFFENSE_WIN
    assert t.asked() == [(A.D_POWER, 0, 2)]
    assert t.warp(1) == w1 + 2 and t.on(0, P(BLUE, 1)) == 3
    assert t.events(t.k.E_COMP) == []
    assert (len(t.hand(0)), len(t.hand(1))) == (1, 3)


def test_ce_22_13_pacifist_declines_normal_negotiate_loss():
    """CE.22.13: declining gives the normal A/N outcome: it loses and claims compensation."""
    t = fight("Pacifist,none,none,none", NEG, ATT(10), centre=3, def_ships=2)
    t.hands(p0=[ATT(6)], p1=[ATT(4), ATT(6), NEG])
    t.script(-1)
    assert t.outcome() == A.R_DEFENSE_WIN
    assert t.events(t.k.E_COMP) == [(0, 1, 3, 3, 0, 0)]


def test_ce_22_13_pacifist_defense_wins_with_rewards():
    """CE.22.13: the defense Pacifist wins with its negotiate: DEFENSE_WIN, its defensive ally gets
    its 2 rewards, the offense's ships are lost, no compensation."""
    t = fight("none,Pacifist,none,none", ATT(20), NEG, centre=3, def_ships=2, carriers={3: 2})
    h0, h3, w0 = len(t.hand(0)), len(t.hand(3)), t.warp(0)
    t.script(1, S(P(YELLOW, 1), 2), -1, -1)
    assert t.outcome() == A.R_DEFENSE_WIN
    assert t.script_ok()
    assert t.asked()[0] == (A.D_POWER, 1, 2)
    assert t.warp(0) == w0 + 3 and len(t.hand(3)) == h3 + 2 and len(t.hand(0)) == h0
    assert t.events(t.k.E_COMP) == []


def test_ce_22_13_pacifist_attack_is_a_normal_outcome():
    """CE.22.13: a Pacifist that revealed an attack card is not asked: the normal A/N outcome."""
    t = fight("none,Pacifist,none,none", NEG, ATT(20), centre=3, def_ships=2)
    assert t.outcome() == A.R_DEFENSE_WIN
    assert A.D_POWER not in t.kinds()
