"""Cosmic Encounter (AH2000) alien powers: CE.22.5 Empath, CE.22.6 Filch, CE.22.7 Healer.

Rule ids (CE.x.y, ambiguity choices An = CE.60.n, invariants CE.70.n) as in
shared/rules/cosmic_encounter.md; states, seats and scripted decisions as in tests/cosmic_harness.py;
``aliens`` lists each seat's alien.
"""
import pytest
from cosmic_harness import ATT, BLUE, NEG, OFF, YELLOW, P, fight, setup_fight, uses

import simsuite.games.cosmic.api as A
from simsuite.games.cosmic.api import src_code as S

# ============================================================================================
# CE.22.5 Empath
# ============================================================================================

def test_ce_22_5_empath_negotiate_turns_attack_into_a_deal():
    """CE.22.5: the defense Empath reveals a negotiate against a 30: the 30 counts as a negotiate,
    the outcome is N/N: a deal (standard deal), no compensation, nobody loses a ship."""
    t = setup_fight("none,Empath,none,none", centre=3, def_ships=2)
    t.face_down(ATT(30), NEG)
    t.reveal()
    assert t[A.S_NEG_SIDE] == OFF and uses(t, 1) == 1
    w0, w1 = t.warp(0), t.warp(1)
    assert t.outcome() == A.R_DEAL_MADE
    assert (t.warp(0), t.warp(1)) == (w0, w1)
    assert t.events(t.k.E_COMP) == [] and t.events(t.k.E_TOTALS) == []
    assert t.on(0, P(BLUE, 1)) >= 1  # the standard deal's colony on the target planet


def test_ce_22_5_empath_attack_does_nothing():
    """CE.22.5: if the Empath reveals an attack card nothing happens: the offense's negotiate loses
    and claims compensation (CE.12)."""
    t = setup_fight("none,Empath,none,none", centre=3, def_ships=2)
    t.face_down(NEG, ATT(8))
    t.reveal()
    assert t[A.S_NEG_SIDE] == 0 and uses(t, 1) == 0
    assert t.outcome() == A.R_DEFENSE_WIN
    assert len(t.events(t.k.E_COMP)) == 1


# ============================================================================================
# CE.22.6 Filch
# ============================================================================================

def test_ce_22_6_filch_takes_the_opponents_card_from_the_discard():
    """CE.22.6: in W-10, once the cards are discarded, the defense Filch takes the offense's revealed
    card into its hand; its own card stays in the discard pile."""
    t = setup_fight("none,Filch,none,none", centre=2, def_ships=2)
    t.set_ships(1, {P(BLUE, n): 4 if n > 1 else 2 for n in range(1, 5)})  # 3 home colonies after the loss
    co, cd = t.play_cards(ATT(10), ATT(8))
    assert t.outcome() == A.R_OFFENSE_WIN
    assert co in t.discard()
    t.script(1)
    t.window(A.W_10)
    assert t.asked() == [(A.D_POWER, 1, 2)]
    assert co in t.hand(1) and co not in t.discard()
    assert cd in t.discard() and cd not in t.hand(1)
    assert t.conserved() == 0


# ============================================================================================
# CE.22.7 Healer
# ============================================================================================

def test_ce_22_7_healer_heals_another_players_ships_for_a_card():
    """CE.22.7 / CE.20.6: green (the Healer, not in the encounter) heals the defense's 3 ships
    lost on the target planet: they go onto blue's other colonies (blue chooses, the target
    excluded) and the Healer draws 1 card; it declines the defensive ally's 2 ships, which reach
    the warp. Each losing player is a separate decision."""
    t = fight("none,none,Healer,none", ATT(20), ATT(6), centre=2, def_ships=3, carriers={3: 2})
    w1, w3, h2 = t.warp(1), t.warp(3), len(t.hand(2))
    t.script(1, S(P(BLUE, 2), 3), -1)
    assert t.outcome() == A.R_OFFENSE_WIN
    assert t.script_ok()
    assert t.asked() == [(A.D_POWER, 2, 2), (A.D_PLACE, 1, 6), (A.D_POWER, 2, 2)]
    assert t.warp(1) == w1 and t.on(1, P(BLUE, 2)) == 7 and t.on(1, P(BLUE, 1)) == 0
    assert len(t.hand(2)) == h2 + 1
    assert t.warp(3) == w3 + 2
    assert t.conserved() == 0


@pytest.mark.parametrize("aliens, decider", [("none,none,Healer,none", 2), ("none,none,none,Zombie", 3)])
def test_ce_22_7_healed_defensive_ally_ships_not_onto_the_target(aliens, decider):
    """CE.22.7 / CE.22.20 with A12: the defensive ally (yellow, 2 ships on its carrier, and a colony
    of 1 ship on the target planet) loses after OFFENSE_WIN; healed (or, as the Zombie,
    redirected) ships follow the return rule excluding the target planet: yellow 1-3 x 1..2 ships
    are offered, not blue 1."""
    t = fight(aliens, ATT(20), ATT(6), centre=2, def_ships=3, carriers={3: 2})
    t.set_ships(3, {P(YELLOW, 1): 4, P(YELLOW, 2): 4, P(YELLOW, 3): 4, P(BLUE, 1): 1})
    w3 = t.warp(3)
    if decider == 2:
        t.script(-1, 1, S(P(YELLOW, 1), 2))  # the Healer passes on blue's ships, heals yellow's
    else:
        t.script(1, S(P(YELLOW, 1), 2))
    assert t.outcome() == A.R_OFFENSE_WIN
    assert t.script_ok()
    assert (A.D_POWER, decider, 2) in t.asked()
    assert [a for a in t.asked() if a[0] == A.D_PLACE] == [(A.D_PLACE, 3, 6)]
    assert t.on(3, P(YELLOW, 1)) == 6 and t.on(3, P(BLUE, 1)) == 1 and t.warp(3) == w3


def test_ce_22_7_healer_never_heals_its_own_ships():
    """CE.22.7 limit: the Healer's own ships (here on its defensive carrier) go to the warp; it is
    asked only about the defense's ships."""
    t = fight("none,none,Healer,none", ATT(20), ATT(6), centre=2, def_ships=3, carriers={2: 2})
    w2 = t.warp(2)
    t.script(-1)
    assert t.outcome() == A.R_OFFENSE_WIN
    assert t.asked() == [(A.D_POWER, 2, 2)]
    assert t.warp(2) == w2 + 2


def test_ce_22_7_healer_never_heals_the_negotiator_owed_compensation():
    """CE.22.7 / CE.12.3: the defense negotiated and lost 3 ships: the Healer is not asked about
    them; the defense claims 3 cards for them."""
    t = fight("none,none,Healer,none", ATT(20), NEG, centre=2, def_ships=3)
    t.hands(p0=[ATT(4), ATT(6), ATT(8), NEG])
    w1 = t.warp(1)
    assert t.outcome() == A.R_OFFENSE_WIN
    assert t.asked() == []
    assert t.warp(1) == w1 + 3
    assert t.events(t.k.E_COMP) == [(1, 0, 3, 3, 0, 0)]
