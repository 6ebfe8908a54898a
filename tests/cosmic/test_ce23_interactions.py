"""Cosmic Encounter (AH2000) CE.23 interaction rulings between alien powers (and artifacts).

Rule ids (CE.x.y, ambiguity choices An = CE.60.n, invariants CE.70.n) as in
shared/rules/cosmic_encounter.md; states, seats and scripted decisions as in tests/cosmic_harness.py;
``aliens`` lists each seat's alien.
"""
import numpy as np
import pytest
from cosmic_harness import (
    ART,
    ATT,
    BLUE,
    DEF,
    EMOTION,
    FF,
    GAS,
    GREEN,
    NEG,
    OFF,
    RED,
    P,
    fight,
    setup_fight,
    table,
    totals,
    turn_table,
    uses,
)

import simsuite.games.cosmic.api as A
from simsuite.games.cosmic.api import src_code as S

# ============================================================================================
# CE.23 interaction rulings
# ============================================================================================

def test_ce_23_1_laser_against_oracle_blind():
    """CE.23.1: the Laser's card is face up (Oracle) when it decides to blind; blinding picks the
    Oracle's card at random: the Oracle is not asked."""
    t = setup_fight("Laser,Oracle,none,none", centre=2, def_ships=3)
    t.hands(p0=[ATT(30), ATT(6)], p1=[ATT(10), ATT(4), NEG])
    before = sorted(t.hand(1))
    t.script(t.card(0, ATT(6)), 1)
    t.select()
    assert t.asked() == [(A.D_CARD, 0, 2), (A.D_POWER, 0, 2)]
    assert t.faceup_at() == [0, OFF]
    assert t[A.S_CARD_D] in before and len(t.hand(1)) == 2


def test_ce_23_1_laser_against_oracle_no_blind():
    """CE.23.1: if the Laser does not blind, the Oracle chooses knowing the Laser's card."""
    t = setup_fight("Laser,Oracle,none,none", centre=2, def_ships=3)
    t.hands(p0=[ATT(30), ATT(6)], p1=[ATT(10), ATT(4), NEG])
    c10 = t.card(1, ATT(10))
    t.script(t.card(0, ATT(6)), -1, c10)
    t.select()
    assert t.asked() == [(A.D_CARD, 0, 2), (A.D_POWER, 0, 2), (A.D_CARD, 1, 3)]
    assert t.faceup_at() == [0, OFF, OFF]
    assert t[A.S_CARD_D] == c10


def test_ce_23_1_oracle_as_offense_against_a_defending_laser():
    """CE.23.1 with the seats the other way round: the offense Oracle's E.POWER comes first (the
    start of step 8, CE.22.12), then the defense Laser selects first although it defends (CE.22.8),
    its card is face up when it decides to blind, and blinding draws the Oracle's card from its
    hand: the Oracle is not asked."""
    t = setup_fight("Oracle,Laser,none,none", centre=2, def_ships=3)
    t.hands(p0=[ATT(10), ATT(4), NEG], p1=[ATT(30), ATT(6)])
    before = sorted(t.hand(0))
    c6 = t.card(1, ATT(6))
    t.script(c6, 1)
    t.select()
    assert t.asked() == [(A.D_CARD, 1, 2), (A.D_POWER, 1, 2)]
    assert t.faceup_at() == [0, DEF] and t[A.S_FACEUP] == DEF
    assert t[A.S_CARD_D] == c6 and t[A.S_CARD_O] in before and len(t.hand(0)) == 2
    assert [e[2] for e in t.events(t.k.E_ALIEN)] == [t.k.FX_ORACLE, A.PK_LASER]
    assert uses(t, 0) == 1 and uses(t, 1) == 1


def test_ce_23_1_an_oracle_without_its_power_leaves_the_lasers_card_face_down():
    """CE.23.1 / CE.19: the Oracle's power is off (zapped this encounter): no E.POWER of it, the
    Laser still selects first (CE.22.8) but its card stays face down, and the Oracle, not blinded,
    chooses without seeing it."""
    t = setup_fight("Laser,Oracle,none,none", centre=2, def_ships=3)
    t.hands(p0=[ATT(30), ATT(6)], p1=[ATT(10), ATT(4), NEG])
    t.st[A.S_ZAPPED + 1] = 1
    t.st[A.S_POWER + 1] = 0
    c10 = t.card(1, ATT(10))
    t.script(t.card(0, ATT(6)), -1, c10)
    t.select()
    assert t.asked() == [(A.D_CARD, 0, 2), (A.D_POWER, 0, 2), (A.D_CARD, 1, 3)]
    assert t.faceup_at() == [0, 0, 0] and t[A.S_FACEUP] == 0
    assert t[A.S_CARD_D] == c10 and uses(t, 1) == 0
    assert [e[2] for e in t.events(t.k.E_ALIEN)] == []


def test_ce_23_1_after_a_redo_the_card_left_in_place_is_face_up_and_not_drawn_again():
    """CE.22.3 / CE.22.12 / CE.22.8: after a time travel the Oracle's only encounter card stayed in
    place (CE.23.4): in the new step 8 the Oracle's E.POWER comes again and the Laser selects first,
    face up, but the Oracle's card is neither chosen nor drawn again: the Laser is not asked to
    blind."""
    t = setup_fight("Laser,Oracle,none,none", centre=2, def_ships=3)
    t.hands(p0=[ATT(30), ATT(6)], p1=[ATT(10), ART(GAS)])
    c10 = t.card(1, ATT(10))
    t.k._hand_remove(t.st, t.c, np.int64(1), np.int64(c10))
    t.st[A.S_CARD_D] = c10
    c6 = t.card(0, ATT(6))
    t.script(c6)
    t.select()
    assert t.asked() == [(A.D_CARD, 0, 2)]
    assert t.faceup_at() == [0] and t[A.S_FACEUP] == OFF
    assert (t[A.S_CARD_O], t[A.S_CARD_D]) == (c6, c10)
    assert [e[2] for e in t.events(t.k.E_ALIEN)] == [t.k.FX_ORACLE]


def test_ce_23_2_sorcerer_against_oracle():
    """CE.23.2: the Sorcerer's card is turned face up first, the Oracle chooses; in W-8 the Sorcerer
    swaps: the Oracle plays the Sorcerer's (seen) card, face up, and the Sorcerer the Oracle's."""
    t = setup_fight("Sorcerer,Oracle,none,none", centre=2, def_ships=3)
    t.hands(p0=[ATT(30), ATT(6)], p1=[ATT(10), NEG])
    c6, c10 = t.card(0, ATT(6)), t.card(1, ATT(10))
    t.script(c6, c10)
    t.select()
    assert t.asked() == [(A.D_CARD, 0, 2), (A.D_CARD, 1, 2)]
    assert t.faceup_at() == [0, OFF]
    t.script(1)
    t.window(A.W_8)
    assert (t[A.S_CARD_O], t[A.S_CARD_D]) == (c10, c6)
    assert t[A.S_FACEUP] == DEF
    t.reveal()
    assert t.outcome() == A.R_OFFENSE_WIN  # 10 + 2 against 6 + 3
    assert totals(t) == [10, 2, 12, 6, 3, 9, 0]


@pytest.mark.parametrize("keep", [1, -1])
def test_ce_23_3_clone_against_filch(keep):
    """CE.23.3 / CE.22.6: the Clone decides first; a kept card is never in the discard pile, so the
    Filch is not asked; if the Clone discards, the Filch may take it."""
    t = setup_fight("Clone,Filch,none,none", centre=2, def_ships=2)
    t.set_ships(1, {P(BLUE, n): 4 if n > 1 else 2 for n in range(1, 5)})  # 3 home colonies after the loss
    co, cd = t.play_cards(ATT(10), ATT(8))
    t.script(keep, 1)
    assert t.outcome() == A.R_OFFENSE_WIN
    t.window(A.W_10)
    if keep == 1:
        assert t.asked() == [(A.D_POWER, 0, 2)]
        assert co in t.hand(0) and co not in t.hand(1)
    else:
        assert t.asked() == [(A.D_POWER, 0, 2), (A.D_POWER, 1, 2)]
        assert co in t.hand(1) and co not in t.discard()


def test_ce_23_4_chronos_cancels_empath_change():
    """CE.23.4 / CE.22.5: the defense Empath's negotiate turned the Chronos's 30 into a negotiate;
    the time travel cancels that change: on the redo the Empath plays its 6 (its negotiate is set
    aside) and the A/A outcome is 30 + 4 against 6 + 4."""
    t = turn_table("Chronos,Empath,none,none", p0=[ATT(30), ATT(4)], p1=[NEG, ATT(6)])
    c30, cn = t.card(0, ATT(30)), t.card(1, NEG)
    t.script(S(P(RED, 1), 4), P(BLUE, 1), 0, 0, c30, cn, 1, c30)
    assert t.encounter(0) == A.R_OFFENSE_WIN
    assert t.script_ok()
    assert len(t.events(t.k.E_REVEAL)) == 2 and len(t.events(t.k.E_TOTALS)) == 1
    assert t[A.S_NEG_SIDE] == 0
    assert cn in t.hand(1)


def test_ce_23_4_chronos_cancels_emotion_control():
    """CE.23.4 / CE.21.6: the offense plays Emotion Control in W-9 (asked first), then the defense
    Chronos travels back: the change lapses (the artifact stays discarded) and the redo is fought
    as A/A: 30 + 4 against 6 + 4."""
    t = turn_table("none,Chronos,none,none", p0=[ATT(30), ATT(4), ART(EMOTION)], p1=[ATT(20), ATT(6)])
    c4, c20, c6 = t.card(0, ATT(4)), t.card(1, ATT(20)), t.card(1, ATT(6))
    emo = t.card(0, ART(EMOTION))
    t.script(S(P(RED, 1), 4), P(BLUE, 1), 0, 0, c4, c20, A.art_code(EMOTION, 0), 1, c6)
    assert t.encounter(0) == A.R_OFFENSE_WIN
    assert t.script_ok()
    assert t[A.S_EMOTION] == 0 and len(t.events(t.k.E_TOTALS)) == 1
    assert totals(t)[2] == 34 and totals(t)[5] == 10
    assert emo in t.discard() and c4 in t.hand(0) and c20 in t.hand(1)


def test_ce_23_4_chronos_after_sorcerer_swap():
    """CE.23.4 / CE.22.16: the offense Sorcerer swapped (it plays the 20, the defense Chronos the 4);
    Chronos takes back the card in front of it (the 4) and the card in front of the Sorcerer (the
    20) is set aside and goes back to the Sorcerer's hand at the end. Redo: 6 + 4 against 10 + 4."""
    t = turn_table("Sorcerer,Chronos,none,none", p0=[ATT(4), ATT(6)], p1=[ATT(20), ATT(10)])
    c4, c6, c20, c10 = t.card(0, ATT(4)), t.card(0, ATT(6)), t.card(1, ATT(20)), t.card(1, ATT(10))
    t.script(S(P(RED, 1), 4), P(BLUE, 1), 0, 0, c4, c20, 1, 1, c10, -1)
    assert t.encounter(0) == A.R_DEFENSE_WIN
    assert t.script_ok()
    assert totals(t)[:6] == [6, 4, 10, 10, 4, 14]
    assert c20 in t.hand(0) and c4 in t.hand(1)
    assert c6 in t.discard() and c10 in t.discard()
    assert t.engine_check() == 0


def test_ce_23_5_emotion_control_against_pacifist():
    """CE.23.5: Emotion Control in W-9 makes the attack a negotiate before step 10: the Pacifist's
    condition no longer holds (not asked); the outcome is a deal."""
    t = fight("Pacifist,none,none,none", NEG, ATT(10), centre=3, def_ships=2)
    t.set_hand(2, [ART(EMOTION)])
    t.script(A.art_code(EMOTION, 0))
    t.window(A.W_9)
    assert t[A.S_EMOTION] == 1
    t.script()
    res = t.outcome()
    assert (A.D_POWER, 0, 2) not in t.asked()
    assert res == A.R_DEAL_MADE


def test_ce_23_6_empath_negotiate_against_pacifist_attack():
    """CE.23.6: Empath negotiate against Pacifist attack: a deal; the Pacifist is not asked."""
    t = setup_fight("Empath,Pacifist,none,none", centre=3, def_ships=2)
    t.face_down(NEG, ATT(10))
    t.reveal()
    assert t.outcome() == A.R_DEAL_MADE
    assert A.D_POWER not in t.kinds()


def test_ce_23_6_empath_attack_against_pacifist_negotiate():
    """CE.23.6: Empath attack against Pacifist negotiate: no Empath effect; the Pacifist may win."""
    t = setup_fight("Empath,Pacifist,none,none", centre=3, def_ships=2)
    t.face_down(ATT(10), NEG)
    t.reveal()
    assert t[A.S_NEG_SIDE] == 0
    t.script(1)
    assert t.outcome() == A.R_DEFENSE_WIN
    assert t.asked()[0] == (A.D_POWER, 1, 2)
    assert t.events(t.k.E_COMP) == []


@pytest.mark.parametrize("zombie", [1, -1])
def test_ce_23_8_the_zombie_decides_first_even_after_the_healer_in_priority(zombie):
    """CE.23.8 / CE.20.6: the Healer is the offense (first in priority, CE.20.2) and wins; the
    defending Zombie still decides first for its own lost ships, and the Healer is asked only if
    the Zombie declines."""
    t = fight("Healer,Zombie,none,none", ATT(10), ATT(4), centre=4, def_ships=4)
    w1, h0 = t.warp(1), len(t.hand(0))
    t.script(zombie, *([] if zombie == 1 else [1]), S(P(BLUE, 2), 4))
    assert t.outcome() == A.R_OFFENSE_WIN
    assert t.script_ok()
    if zombie == 1:
        assert [a for a in t.asked() if a[0] == A.D_POWER] == [(A.D_POWER, 1, 2)]
        assert len(t.hand(0)) == h0
    else:
        assert [a for a in t.asked() if a[0] == A.D_POWER] == [(A.D_POWER, 1, 2), (A.D_POWER, 0, 2)]
        assert len(t.hand(0)) == h0 + 1
    assert t.warp(1) == w1  # redirected or healed: none reached the warp


def test_ce_23_7_anti_matter_against_virus():
    """CE.23.7: each total by its owner's rule (Anti-Matter 10 - 4 = 6, Virus 4 x 2 = 8), then the
    lower total wins: the Anti-Matter offense. (Anti-Matter alone: 6 against 4 + 2 = 6, a tie.)"""
    t = fight("Anti-Matter,Virus,none,none", ATT(10), ATT(4), centre=4, def_ships=2)
    assert t.outcome() == A.R_OFFENSE_WIN
    assert totals(t) == [10, 4, 6, 4, 2, 8, 1]
    assert uses(t, 0) == 1 and uses(t, 1) == 1


@pytest.mark.parametrize("zombie", [1, -1])
def test_ce_23_8_healer_against_zombie(zombie):
    """CE.23.8 / CE.20.6: the Zombie decides first for its own ships; the Healer is asked only if
    the Zombie declines."""
    t = fight("Zombie,none,Healer,none", ATT(4), ATT(10), centre=3, def_ships=4)
    w0, h2 = t.warp(0), len(t.hand(2))
    t.script(zombie, *([] if zombie == 1 else [1]), S(P(RED, 1), 3))
    assert t.outcome() == A.R_DEFENSE_WIN
    assert t.script_ok()
    if zombie == 1:
        assert [a for a in t.asked() if a[0] == A.D_POWER] == [(A.D_POWER, 0, 2)]
        assert len(t.hand(2)) == h2
    else:
        assert [a for a in t.asked() if a[0] == A.D_POWER] == [(A.D_POWER, 0, 2), (A.D_POWER, 2, 2)]
        assert len(t.hand(2)) == h2 + 1
    assert t.warp(0) == w0 and t.on(0, P(RED, 1)) == 7


def test_ce_23_9_force_field_against_parasite():
    """CE.23.9 / CE.21.2: the Parasite joined the offense uninvited; a Force Field in W-7 sends it
    home, and it cannot join again in the encounter (not asked in W-7 nor W-8)."""
    t = setup_fight("none,none,Parasite,none", centre=2, def_ships=2)
    t.set_hand(3, [ART(FF), ATT(6)])
    t.script(OFF, S(P(GREEN, 1), 2), -1)
    t.call("answers", 0)
    assert t[A.S_WING + 2] == 2
    t.script(A.art_code(FF, 1 << 2), S(P(GREEN, 2), 2))
    t.window(A.W_7)
    assert t.script_ok()
    assert t.kinds() == [A.D_ARTIFACT, A.D_PLACE]
    assert t[A.S_ALLY + 2] == 0 and t[A.S_WING + 2] == 0 and t[A.S_FF_OUT] == 1 << 2
    t.script()
    t.call("answers", 0)
    assert t.asked() == []


def test_ce_23_10_healer_against_stellar_gas():
    """CE.23.10: the offense negotiated and lost 3 ships: the Healer may not heal them (the ban is
    fixed at the loss); a later Stellar Gas cancels the claim: the ships stay in the warp and no
    card is taken."""
    t = fight("none,none,Healer,none", NEG, ATT(10), centre=3, def_ships=4)
    t.hands(p0=[ATT(6)], p1=[ATT(4), NEG, ATT(6)], p3=[ART(GAS)])
    w0 = t.warp(0)
    t.script(A.art_code(GAS, 0))
    assert t.outcome() == A.R_DEFENSE_WIN
    assert t.asked() == [(A.D_ARTIFACT, 3, 2)]
    assert t.warp(0) == w0 + 3
    assert (len(t.hand(0)), len(t.hand(1))) == (1, 3)


def test_ce_23_11_trader_philanthropist_mind_in_priority_order():
    """CE.23.11 / CE.20.2: in W-2 the offense Trader swaps first, then green (Philanthropist) gives
    its 12 to the defense (now holding the traded hand), then yellow (Mind) looks at the
    defense's hand: each acts on the hands as the previous left them."""
    t = table("Trader,none,Philanthropist,Mind")
    t.hands(p0=[NEG], p1=[ATT(30), ATT(20)], p2=[ATT(12)])
    c12 = t.card(2, ATT(12))
    t.st[A.S_OFF], t.st[A.S_DEF] = 0, 1
    t.script(1, c12 * 8 + 1, 1)
    t.window(A.W_2)
    assert t.script_ok()
    assert t.asked() == [(A.D_POWER, 0, 2), (A.D_POWER, 2, 3), (A.D_POWER, 3, 3)]
    assert t.hand_classes(0) == [ATT(20), ATT(30)]
    assert t.hand_classes(1) == sorted([NEG, ATT(12)])
    assert t[A.S_MIND_SEEN] == 1 << 1
