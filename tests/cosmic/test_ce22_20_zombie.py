"""Cosmic Encounter (AH2000) alien powers: CE.22.20 Zombie.

Rule ids (CE.x.y, ambiguity choices An = CE.60.n, invariants CE.70.n) as in
shared/rules/cosmic_encounter.md; states, seats and scripted decisions as in tests/cosmic_harness.py;
``aliens`` lists each seat's alien.
"""
import pytest
from cosmic_harness import ART, ATT, BLUE, GREEN, NEG, PLAGUE, RED, P, fight, setup_fight, table, totals

import simsuite.games.cosmic.api as A
from simsuite.games.cosmic.api import src_code as S

# ============================================================================================
# CE.22.20 Zombie
# ============================================================================================

def test_ce_22_20_zombie_ships_never_reach_the_warp():
    """CE.22.20 / CE.20.6: the offense Zombie loses A/A; its 3 ships go onto a colony of its choice
    instead of the warp (no loss logged for it)."""
    t = fight("Zombie,none,none,none", ATT(4), ATT(10), centre=3, def_ships=4)
    w0 = t.warp(0)
    t.script(1, S(P(RED, 1), 3))
    assert t.outcome() == A.R_DEFENSE_WIN
    assert t.script_ok()
    assert t.asked()[0] == (A.D_POWER, 0, 2)
    assert t.warp(0) == w0 and t.on(0, P(RED, 1)) == 7
    assert [e for e in t.events(t.k.E_LOSS) if e[0] == 0] == []
    assert t.conserved() == 0


def test_ce_22_20_zombie_negotiator_gets_no_compensation_for_redirected_ships():
    """CE.22.20 / CE.12.2 / A15: the Zombie negotiated and lost; its redirected ships did not reach
    the warp, so N = 0 and no card is taken."""
    t = fight("Zombie,none,none,none", NEG, ATT(10), centre=3, def_ships=4)
    t.hands(p0=[ATT(6)], p1=[ATT(4), ATT(6), NEG])
    t.script(1, S(P(RED, 1), 3))
    assert t.outcome() == A.R_DEFENSE_WIN
    assert t.events(t.k.E_COMP) == []
    assert (len(t.hand(0)), len(t.hand(1))) == (1, 3)


def test_ce_22_20_zombie_redirects_plague_losses():
    """CE.22.20: the Plague's 3 ships are redirected too (onto a colony of the Zombie's choice)."""
    t = table("none,none,Zombie,none")
    t.set_ships(2, {P(GREEN, 1): 4, P(GREEN, 2): 4, P(GREEN, 3): 4})
    t.hands(p2=[ATT(6)], p3=[ART(PLAGUE), ATT(8)])
    t.st[A.S_OFF], t.st[A.S_DEF] = 0, 1
    w2 = t.warp(2)
    t.script(A.art_code(PLAGUE, 2), S(P(GREEN, 1), 3), 1, S(P(GREEN, 2), 3))
    t.window(A.W_2)
    assert t.script_ok()
    assert t.warp(2) == w2 and t.on(2, P(GREEN, 1)) == 1 and t.on(2, P(GREEN, 2)) == 7


@pytest.mark.parametrize("aliens", ["none,Zombie,none,none", "none,none,Healer,none"])
def test_ce_7_2_redirected_or_healed_plague_losses_not_onto_the_target(aliens):
    """CE.22.20 / CE.22.7 with CE.7.2 / CE.70.11: a Plague hits the defense in W-8; its 3 ships come
    from its other colonies, and when the Zombie redirects them (or the Healer heals them) they may
    not go onto the target planet: the defense's ships there are frozen until the outcome, nor
    back onto blue 2, which they left (blue 3, 4 x 1..3 ships offered); S_D stays 2."""
    t = setup_fight(aliens, centre=4, def_ships=2)
    t.set_ships(1, {P(BLUE, 1): 2, P(BLUE, 2): 4, P(BLUE, 3): 4, P(BLUE, 4): 4})
    t.hands(p1=[ATT(8)], p3=[ART(PLAGUE), ATT(6)])
    t.face_down(ATT(8), ATT(8))
    w1 = t.warp(1)
    t.script(A.art_code(PLAGUE, 1), S(P(BLUE, 2), 3), 1, S(P(BLUE, 3), 3))
    t.window(A.W_8)
    assert t.script_ok()
    assert [a for a in t.asked() if a[0] == A.D_PLACE] == [(A.D_PLACE, 1, 6)]
    assert t.on(1, P(BLUE, 1)) == 2 and t.on(1, P(BLUE, 3)) == 7 and t.warp(1) == w1
    t.reveal()
    t.outcome()
    assert totals(t)[4] == 2


def test_ce_22_20_defending_zombie_redirects_from_its_third_home_colony():
    """CE.20.6 / CE.22.20 / CE.19.1: the defense Zombie has exactly 3 home colonies and loses its
    2 ships on the target (blue 1). The ships are about to be lost, not gone: its power is still
    on when it decides, so it may redirect them (not onto blue 1); the home colony is lost after
    the event, and the power goes off then."""
    t = fight("none,Zombie,none,none", ATT(10), ATT(4), centre=4, def_ships=2)
    w1 = t.warp(1)
    t.script(1, S(P(BLUE, 2), 2))
    assert t.outcome() == A.R_OFFENSE_WIN
    assert t.script_ok()
    assert (A.D_POWER, 1, 2) in t.asked()
    assert t.warp(1) == w1 and t.on(1, P(BLUE, 2)) == 6 and t.on(1, P(BLUE, 1)) == 0
    assert t[A.S_POWER + 1] == 0 and t[A.S_HOME + 1] == 2
    assert t.conserved() == 0


def test_ce_22_20_penalty_ships_not_back_onto_the_planet_they_left():
    """CE.22.20 / CE.13.5 / A18: a Zombie main player fails a deal (its 2 centre ships go home
    first) and gives its 3 penalty ships from red 1; redirected, they may go anywhere but red 1
    ("excluding the planet they are being removed from"): 2 colonies x 1..3 ships offered, not 3."""
    t = table("Zombie,none,none,none", deal_propose_policy="none")
    t.encounter_state(0, 1, P(BLUE, 1), centre=2)
    t.set_ships(0, {P(RED, 1): 5, P(RED, 2): 4, P(RED, 3): 4})
    t.set_ships(1, {P(BLUE, 1): 2})
    t.play_cards(NEG, NEG)
    w0 = t.warp(0)
    t.script(S(P(RED, 1), 2), S(P(RED, 1), 3), 1, S(P(RED, 2), 3))
    assert t.outcome() == A.R_DEAL_FAILED
    assert t.script_ok()
    assert [a for a in t.asked() if a[0] == A.D_PLACE] == [(A.D_PLACE, 0, 6), (A.D_PLACE, 0, 6)]
    assert t.warp(0) == w0 and t.on(0, P(RED, 1)) == 4 and t.on(0, P(RED, 2)) == 7
    assert t.conserved() == 0


def test_ce_22_20_zombie_release_deal_term():
    """CE.22.20 effect 2 / CE.51.1 RELEASE / CE.51.3: the offense Zombie adds RELEASE(3) to the
    standard deal (options: pass, 1..4); the standard_only defense accepts; after the COLONY terms
    3 of the defense's ships leave the warp onto its colonies (its placement)."""
    t = fight("Zombie,none,none,none", NEG, NEG, centre=2, def_ships=3)
    w1 = t.warp(1)
    assert w1 == 9
    t.script(S(P(RED, 1), 2), 3, S(P(RED, 2), 1), -1, S(P(BLUE, 2), 1), -1, S(P(BLUE, 3), 3))
    assert t.outcome() == A.R_DEAL_MADE
    assert t.script_ok()
    assert (A.D_POWER, 0, 1 + 9) in t.asked()  # PASS or RELEASE(1..9): blue has 9 ships in the warp
    assert t.warp(1) == w1 - 3 and t.on(1, P(BLUE, 3)) == 7
    terms = t.events(t.k.E_DEAL_TERM)
    assert (int(t.k.TERM_RELEASE), 0, 1, 3, 0, 0) in terms
    assert t.conserved() == 0


def test_ce_22_20_release_up_to_all_warp_ships():
    """CE.22.20 effect 2 / CE.51.1: 1 <= k <= the opponent's ships in the warp: with 9 of blue's
    ships in the warp the Zombie may offer RELEASE(1..9) (10 options with PASS); RELEASE(9) frees
    them all."""
    t = fight("Zombie,none,none,none", NEG, NEG, centre=2, def_ships=3)
    assert t.warp(1) == 9
    t.script(S(P(RED, 1), 2), 9, S(P(RED, 2), 1), -1, S(P(BLUE, 2), 1), -1,
             S(P(BLUE, 3), 4), S(P(BLUE, 3), 4), S(P(BLUE, 3), 1))
    assert t.outcome() == A.R_DEAL_MADE
    assert (A.D_POWER, 0, 10) in t.asked()
    assert t.script_ok()
    assert t.warp(1) == 0 and t.on(1, P(BLUE, 3)) == 13
    assert t.conserved() == 0


def test_ce_22_20_no_release_offered_without_the_power():
    """CE.51.1: RELEASE only with an active Zombie main player: the Zombie with 2 home colonies is
    not offered it."""
    t = fight("Zombie,none,none,none", NEG, NEG, centre=2, def_ships=3)
    t.set_ships(0, {P(RED, 1): 8, P(RED, 2): 8})
    assert t.power(0) == 0
    t.outcome()
    assert A.D_POWER not in t.kinds()
