"""Cosmic Encounter (AH2000) alien powers: CE.22.14 Parasite, CE.22.15 Philanthropist,
CE.22.16 Sorcerer, CE.22.17 Trader.

Rule ids (CE.x.y, ambiguity choices An = CE.60.n, invariants CE.70.n) as in
shared/rules/cosmic_encounter.md; states, seats and scripted decisions as in tests/cosmic_harness.py;
``aliens`` lists each seat's alien.
"""
from cosmic_harness import ART, ATT, DEF, GAS, GREEN, NEG, OFF, P, setup_fight, table, totals, turn_table, uses

import simsuite.games.cosmic.api as A
from simsuite.games.cosmic.api import src_code as S

# ============================================================================================
# CE.22.14 Parasite
# ============================================================================================

def test_ce_22_14_parasite_joins_uninvited_in_step_7():
    """CE.22.14 / CE.8.3: nobody invited anyone; the Parasite (green) may still join either side
    (3 options) and commits ships like an ally; yellow, uninvited, is not asked."""
    t = setup_fight("none,none,Parasite,none", centre=2, def_ships=2)
    t.script(DEF, S(P(GREEN, 1), 3), -1)
    t.call("answers", 0)
    assert t.script_ok()
    assert t.asked()[0] == (A.D_ALLIANCE, 2, 3)
    assert all(p == 2 for _, p, _ in t.asked())
    assert t[A.S_ALLY + 2] == DEF and t[A.S_CARRIER + 2] == 3
    assert uses(t, 2) == 1
    t.play_cards(ATT(10), ATT(8))
    assert t.outcome() == A.R_DEFENSE_WIN  # 10 + 2 against 8 + 2 + 3
    assert totals(t)[4] == 5


def test_ce_22_14_parasite_joins_in_w7_if_not_joined_yet():
    """CE.22.14: a Parasite that declined in step 7 may join in W-7 (once)."""
    t = setup_fight("none,none,Parasite,none", centre=2, def_ships=2)
    t.script(-1)
    t.call("answers", 0)
    assert t[A.S_ALLY + 2] == 0
    t.script(OFF, S(P(GREEN, 2), 2), -1)
    t.window(A.W_7)
    assert t.script_ok()
    assert t[A.S_ALLY + 2] == OFF and t[A.S_WING + 2] == 2


def test_ce_22_14_a_hook_joins_only_its_own_seat_to_an_alliance():
    """CE.22.14 through the power API (hb_join, W-7): the Parasite's hook (green) joins green; a hook
    naming another seat (yellow) as the joiner moves none of yellow's ships, and the misuse is
    recorded (the invariant check reports it, V_ALIEN_API)."""
    import numpy as np

    I = np.int64
    t = setup_fight("none,none,Parasite,none", centre=2, def_ships=2)
    t.st[A.S_HB_HOOK], t.st[A.S_HB_SEAT] = A.W_7, 2
    t.k.hb_join(t.st, t.c, I(3), I(OFF), t.log, t.lg)
    assert t[A.S_ALLY + 3] == 0 and t[A.S_WING + 3] == 0
    assert t.engine_check() == A.VIOLATION_NAMES[A.V_ALIEN_API]
    t = setup_fight("none,none,Parasite,none", centre=2, def_ships=2)
    t.st[A.S_HB_HOOK], t.st[A.S_HB_SEAT] = A.W_7, 2
    t.script(S(P(GREEN, 2), 2), -1)
    t.k.hb_join(t.st, t.c, I(2), I(OFF), t.log, t.lg)
    assert t[A.S_ALLY + 2] == OFF and t[A.S_WING + 2] == 2 and t[A.S_HB_ERR] == 0


def test_ce_22_14_ordinary_player_uninvited_is_not_asked():
    """CE.8.3 control for CE.22.14: without the Parasite power an uninvited player cannot join."""
    t = setup_fight("none,none,none,none", centre=2, def_ships=2)
    t.call("answers", 0)
    assert t.asked() == []


# ============================================================================================
# CE.22.15 Philanthropist
# ============================================================================================

def test_ce_22_15_philanthropist_gives_a_card():
    """CE.22.15 / A46: green gives its 12 to the defense (options: pass, each of its 2 cards to the
    offense or the defense); once per encounter."""
    t = table("none,none,Philanthropist,none")
    t.hands(p2=[ATT(12), NEG])
    c12 = t.card(2, ATT(12))
    h1 = len(t.hand(1))
    t.st[A.S_OFF], t.st[A.S_DEF] = 0, 1
    t.script(c12 * 8 + 1)
    t.window(A.W_2)
    assert t.asked() == [(A.D_POWER, 2, 5)]
    assert c12 in t.hand(1) and len(t.hand(1)) == h1 + 1
    assert t.hand_classes(2) == [NEG]
    t.window(A.W_4)
    assert len(t.asked()) == 1


# ============================================================================================
# CE.22.16 Sorcerer
# ============================================================================================

def test_ce_22_16_sorcerer_swaps_the_face_down_cards():
    """CE.22.16: in W-8 the offense Sorcerer swaps the two face-down cards: it plays the defense's 20
    and the defense its 4: 20 + 2 beats 4 + 2."""
    t = setup_fight("Sorcerer,none,none,none", centre=2, def_ships=2)
    co, cd = t.face_down(ATT(4), ATT(20))
    t.script(1)
    t.window(A.W_8)
    assert t.asked() == [(A.D_POWER, 0, 2)]
    assert (t[A.S_CARD_O], t[A.S_CARD_D]) == (cd, co)
    t.reveal()
    assert t.outcome() == A.R_OFFENSE_WIN
    assert totals(t) == [20, 2, 22, 4, 2, 6, 0]


# ============================================================================================
# CE.22.17 Trader
# ============================================================================================

def test_ce_22_17_trader_swaps_hands():
    """CE.22.17: the defense Trader swaps its one negotiate for the offense's two attack cards; the
    hand caches follow."""
    t = table("none,Trader,none,none")
    t.hands(p0=[ATT(30), ATT(20)], p1=[NEG])
    t.st[A.S_OFF], t.st[A.S_DEF] = 0, 1
    t.script(1)
    t.window(A.W_2)
    assert t.asked() == [(A.D_POWER, 1, 2)]
    assert t.hand_classes(0) == [NEG] and t.hand_classes(1) == [ATT(20), ATT(30)]
    assert (t[A.S_HAND_ENC + 0], t[A.S_HAND_ENC + 1]) == (1, 2)
    assert t.engine_check() == 0


def test_ce_22_17_trader_leaves_offense_without_encounter_card():
    """CE.22.17 / CE.17.3: the defense Trader hands the offense a hand of artifacts only: the
    offense's turn ends at once (NO_RESULT, nothing launched)."""
    t = turn_table("none,Trader,none,none", p0=[ATT(8)], p1=[ART(GAS)])
    t.script(1)
    assert t.encounter(0) == A.R_NO_RESULT
    assert t.events(t.k.E_EARLY_END)[0][1] == int(t.k.END_OFFENSE_OUT)
    assert A.D_LAUNCH not in t.kinds()
