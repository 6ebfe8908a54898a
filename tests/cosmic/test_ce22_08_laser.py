"""Cosmic Encounter (AH2000) alien powers: CE.22.8 Laser.

Rule ids (CE.x.y, ambiguity choices An = CE.60.n, invariants CE.70.n) as in
shared/rules/cosmic_encounter.md; states, seats and scripted decisions as in tests/cosmic_harness.py;
``aliens`` lists each seat's alien.
"""
import numpy as np
from cosmic_harness import ART, ATT, BLUE, EMOTION, FF, GAS, MOBIUS, NEG, PLAGUE, RED, P, aside, setup_fight, turn_table

import simsuite.games.cosmic.api as A
from simsuite.games.cosmic.api import src_code as S

# ============================================================================================
# CE.22.8 Laser
# ============================================================================================

LASER_ARTS = [ART(GAS), ART(MOBIUS), ART(MOBIUS), ART(FF), ART(EMOTION), ART(PLAGUE)]


def test_ce_22_8_laser_blinds_the_opponent():
    """CE.22.8: the offense Laser selects first, then BLINDs: the defense is not asked; random cards
    are taken from its hand until the first encounter card (its only one, the 10), which becomes
    its face-down card; the artifacts taken on the way are set aside (out of its hand). Over a
    few seeds at least one artifact is set aside."""
    seen_aside = 0
    for seed in range(1, 13):
        t = setup_fight("Laser,none,none,none", centre=2, def_ships=3, seed=seed)
        t.hands(p0=[ATT(30), ATT(6)], p1=LASER_ARTS + [ATT(10)])
        arts = sorted(c for c in t.hand(1) if t.cls(c)[0] == "X")
        c30, c10 = t.card(0, ATT(30)), t.card(1, ATT(10))
        t.script(c30, 1)
        t.select()
        assert t.asked() == [(A.D_CARD, 0, 2), (A.D_POWER, 0, 2)]
        assert t[A.S_CARD_O] == c30 and t[A.S_CARD_D] == c10
        a = aside(t)
        assert all(owner == 1 for _, owner in a)
        assert sorted([c for c, _ in a] + t.hand(1)) == arts
        seen_aside += len(a)
    assert seen_aside > 0


def test_ce_22_8_laser_set_aside_artifacts_come_back_at_the_end():
    """CE.22.8 / CE.20.1: in a whole encounter the blinded defense's artifacts set aside are back in
    its hand at the end of the encounter; its random encounter card was played and discarded."""
    t = turn_table("Laser,none,none,none", p0=[ATT(30), ATT(6)],
                   p1=[ART(GAS), ART(MOBIUS), ART(MOBIUS), ART(FF), ATT(4)])
    c30, c4 = t.card(0, ATT(30)), t.card(1, ATT(4))
    arts = sorted(c for c in t.hand(1) if c != c4)
    t.script(S(P(RED, 1), 4), P(BLUE, 1), 0, 0, c30, 1)
    assert t.encounter(0) == A.R_OFFENSE_WIN
    assert t.script_ok()
    assert (A.D_CARD, 1) not in [(k, p) for k, p, _ in t.asked()]
    assert sorted(t.hand(1)) == arts and c4 in t.discard()
    assert t[A.S_ASIDE_N] == 0 and t.engine_check() == 0


def test_ce_22_8_laser_blinds_again_after_a_chronos_redo():
    """CE.22.8 / CE.22.3: the defense Chronos travels back after the Laser's blind; on the redo the
    Laser (its 4 set aside, only its 6 left: no choice) may blind again: the defense never
    chooses its card."""
    t = turn_table("Laser,Chronos,none,none", p0=[ATT(4), ATT(6)], p1=[ATT(20), ATT(10), ATT(8)])
    c4 = t.card(0, ATT(4))
    t.script(S(P(RED, 1), 4), P(BLUE, 1), 0, 0, c4, 1, 1, 1)
    assert t.encounter(0) == A.R_DEFENSE_WIN  # 6 + 4 against at least 8 + 4
    assert t.script_ok()
    assert t.asked()[4:] == [(A.D_CARD, 0, 2), (A.D_POWER, 0, 2), (A.D_POWER, 1, 2), (A.D_POWER, 0, 2)]
    assert len(t.events(t.k.E_REVEAL)) == 2
    assert c4 in t.hand(0) and t.engine_check() == 0


def test_ce_22_8_laser_pass_lets_the_opponent_choose():
    """CE.22.8 optional: with PASS the opponent selects as usual."""
    t = setup_fight("Laser,none,none,none", centre=2, def_ships=3)
    t.hands(p0=[ATT(30), ATT(6)], p1=[ATT(10), NEG])
    c30, c10 = t.card(0, ATT(30)), t.card(1, ATT(10))
    t.script(c30, -1, c10)
    t.select()
    assert t.asked() == [(A.D_CARD, 0, 2), (A.D_POWER, 0, 2), (A.D_CARD, 1, 2)]
    assert t[A.S_CARD_D] == c10


def test_ce_22_8_the_random_draw_acts_only_at_its_moment_and_for_the_first_selector():
    """CE.22.8 through the power API (alien_api_flow.hb_select_at_random): the opponent's card is
    drawn at random only in on_select_second and only by the main player who selected first; at
    on_select (no card selected yet), or asked by the seat about to select, nothing is drawn and the
    misuse is recorded (the invariant check reports it, V_ALIEN_API). Nor may another seat's hook
    (green's, at the same moment) draw on the first selector's behalf, naming it as `me`."""
    for hook, me, running in ((A.H_SELECT, 0, 0), (A.H_SELECT_SECOND, 1, 1), (A.H_SELECT_SECOND, 0, 2)):
        t = setup_fight("Laser,none,none,none", centre=2, def_ships=3)
        t.hands(p0=[ATT(30), ATT(6)], p1=[ATT(10), NEG])
        hand = sorted(t.hand(1))
        t.st[A.S_HB_HOOK], t.st[A.S_HB_SEAT] = hook, running
        t.st[A.S_HB_ARG], t.st[A.S_HB_ARG + 1] = 0, 1  # red selects first, blue is about to
        assert t.k.hb_select_at_random(t.st, t.c, np.int64(me)) == 0
        assert sorted(t.hand(1)) == hand and t[A.S_CARD_D] == -1 and t[A.S_ASIDE_N] == 0
        assert t.engine_check() == A.VIOLATION_NAMES[A.V_ALIEN_API]
    t = setup_fight("Laser,none,none,none", centre=2, def_ships=3)
    t.hands(p0=[ATT(30), ATT(6)], p1=[ATT(10), NEG])
    t.st[A.S_HB_HOOK], t.st[A.S_HB_SEAT] = A.H_SELECT_SECOND, 0
    t.st[A.S_HB_ARG], t.st[A.S_HB_ARG + 1] = 0, 1
    assert t.k.hb_select_at_random(t.st, t.c, np.int64(0)) == 1
    assert t[A.S_CARD_D] >= 0 and len(t.hand(1)) + t[A.S_ASIDE_N] == 1 and t[A.S_HB_ERR] == 0
