"""Cosmic Encounter (AH2000) CE.10 totals, CE.12 compensation and CE.14 defensive rewards, on
explicit states.

Rule ids (CE.x.y, ambiguity choices An = CE.60.n, invariants CE.70.n) as in
shared/rules/cosmic_encounter.md; states, seats and scripted decisions as in tests/cosmic_harness.py;
no aliens.
"""
from cosmic_harness import ATT, BLUE, NEG, YELLOW, P, fight

import simsuite.games.cosmic.api as A

# ============================================================================================
# CE.10 totals, ties and allies
# ============================================================================================

def test_ce_10_4_tie_goes_to_the_defense():
    """CE.10.3 / CE.10.4 / CE.70.13: T_O = 10 + 3 = 13 = T_D = 8 + 5: the defense wins; the
    mothership's ships go to the warp (CE.11.2), the defense keeps its ships."""
    t = fight("none", ATT(10), ATT(8), centre=3, def_ships=5)
    warp0 = t.warp(0)
    assert t.outcome() == A.R_DEFENSE_WIN
    assert (t[A.S_TOT + 2], t[A.S_TOT + 5]) == (13, 13)
    assert t.warp(0) == warp0 + 3 and t[A.S_CENTRE] == 0
    assert t.on(1, P(BLUE, 1)) == 5
    assert t.conserved() == 0


def test_ce_10_4_one_more_wins_for_the_offense():
    """CE.10.4 / CE.11.1: T_O = 14 > T_D = 13: the defense's ships go to the warp, the offense lands
    and has a foreign colony (CE.18.1 counting)."""
    t = fight("none", ATT(10), ATT(8), centre=4, def_ships=5)
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
    t = fight("none", ATT(8), ATT(8), centre=4, def_ships=4, wings={2: 3}, carriers={3: 2})
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
    t = fight("none", NEG, ATT(10), centre=3, def_ships=4, wings={2: 2})
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
    t = fight("none", NEG, ATT(10), centre=4, def_ships=4)
    t.hands(p0=[], p1=[ATT(4), NEG])
    assert t.outcome() == A.R_DEFENSE_WIN
    assert len(t.hand(0)) == 2 and t.hand(1) == []
    assert t.events(t.k.E_COMP) == [(0, 1, 4, 2, 0, 0)]


def test_ce_12_4_no_ships_lost_no_compensation():
    """CE.12.4: the defense negotiates with 0 ships on the target planet: it loses, N = 0, nothing
    is taken."""
    t = fight("none", ATT(6), NEG, centre=2, def_ships=0)
    t.hands(p0=[ATT(4), NEG, NEG], p1=[ATT(6)])
    assert t.outcome() == A.R_OFFENSE_WIN
    assert len(t.hand(0)) == 3 and len(t.hand(1)) == 1
    assert t.events(t.k.E_COMP) == []


def test_ce_12_2_defense_compensation_ignores_its_allies():
    """CE.12.2 / A14: the defense negotiates with 4 ships and a defensive ally's 2: the offense wins,
    the defense claims 4 cards (not 6); the offense's hand had 5."""
    t = fight("none", ATT(6), NEG, centre=2, def_ships=4, carriers={3: 2})
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
    t = fight("none", ATT(4), ATT(10), centre=2, def_ships=3, wings={2: 2}, carriers={3: 3})
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
    t = fight("none", ATT(4), ATT(10), centre=2, def_ships=3, carriers={3: 2})
    t.set_ships(3, {P(YELLOW, 1): 18}, warp=0)
    h3 = len(t.hand(3))
    assert t.outcome() == A.R_DEFENSE_WIN
    assert t.asked() == [] and len(t.hand(3)) == h3 + 2
