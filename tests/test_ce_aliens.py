"""Cosmic Encounter (AH2000) alien powers: one rule test per alien (CE.22.x), the interaction
rulings (CE.23.x), power loss (CE.19) and Cosmic Zap on powers (CE.21.1), and CE.70-checked games
with aliens at the table.

Contract: shared/rules/cosmic_encounter.md. States are built explicitly with the harness
(tests/cosmic_harness.py); decisions come from the test-only ``scripted`` strategy, and
``t.asked()`` lists the decisions the engine asked as (kind, seat, number of options), so a test
also checks that a power use was, or was not, offered. Seats: 0 red (offense), 1 blue (defense),
2 green, 3 yellow; ``aliens`` lists the alien of each seat.
"""
import numpy as np
import pytest

import simsuite.games.cosmic.api as A
from cosmic_harness import (ART, ATT, BLUE, GREEN, NEG, RED, YELLOW, P, build, fight, run_checked,
                            setup_fight, table, totals, uses)
from simsuite.games.cosmic.api import src_code as S

ZAP, MOBIUS, FF, PLAGUE, GAS, EMOTION = (A.ART_ZAP, A.ART_MOBIUS, A.ART_FORCE_FIELD, A.ART_PLAGUE, A.ART_GAS,
                                         A.ART_EMOTION)
OFF, DEF = int(A.SIDE_OFFENSE), int(A.SIDE_DEFENSE)


def turn_table(aliens, **hands):
    """A fresh table (every ship at home, warp empty) whose next order disc is blue."""
    t = table(aliens)
    t.hands(**hands)
    t.set_order([BLUE])
    return t


def aside(t):
    return [(t[A.S_ASIDE + 2 * i], t[A.S_ASIDE + 2 * i + 1]) for i in range(t[A.S_ASIDE_N])]


# ============================================================================================
# CE.22.1 Amoeba
# ============================================================================================

def test_ce_22_1_amoeba_offense_adds_ships_beyond_four():
    """CE.22.1 / CE.50.20: in W-8 the offense Amoeba (2 ships on the centre row at the end of step
    7) adds 3 more from its colonies (the limit of 4 does not apply): 5 ships, and the totals use
    them: 8 + 5 = 13 beats 8 + 4 (with 2 ships it would lose 10 to 12)."""
    t = setup_fight("Amoeba,none,none,none", centre=2, def_ships=4)
    t.st[A.S_IN7] = 1 << 0
    t.face_down(ATT(8), ATT(8))
    t.script(3, -1, S(P(RED, 1), 3))
    t.window(A.W_8)
    assert t.script_ok()
    # options: pass, add 1..16 (its ships on colonies), take back 1..2; then, in the same
    # adjustment, "also take back": no, or 1..5 (the 2 in it and the 3 added)
    assert t.asked()[:2] == [(A.D_POWER, 0, 1 + 16 + 2), (A.D_POWER, 0, 1 + 5)]
    assert t.kinds()[2] == A.D_POWER_SHIPS
    assert t[A.S_CENTRE] == 5 and t.on(0, P(RED, 1)) == 1
    t.reveal()
    assert t.outcome() == A.R_OFFENSE_WIN
    assert totals(t)[:3] == [8, 5, 13]
    assert t.on(0, P(BLUE, 1)) == 5
    assert t.conserved() == 0


def test_ce_22_1_amoeba_adds_and_takes_back_in_one_adjustment():
    """CE.22.1 "and/or" / CE.50.20 ADJUST(add; remove): the offense Amoeba adds 3 ships from red 1
    and, in the same adjustment, takes 3 back onto red 2: the centre row keeps its 2 ships and 3
    ships moved from red 1 to red 2; it is one power use (one E.POWER)."""
    t = setup_fight("Amoeba,none,none,none", centre=2, def_ships=4)
    t.st[A.S_IN7] = 1 << 0
    t.face_down(ATT(8), ATT(8))
    t.script(3, A.AMOEBA_REMOVE + 3, S(P(RED, 1), 3), S(P(RED, 2), 3))
    t.window(A.W_8)
    assert t.script_ok()
    assert t[A.S_CENTRE] == 2 and t.on(0, P(RED, 1)) == 1 and t.on(0, P(RED, 2)) == 7
    assert uses(t, 0) == 1
    assert t.conserved() == 0


@pytest.mark.parametrize("defense, def_ships, card_d, want", [
    ("none", 4, 8, 2),  # 8 + 4 vs 8 + 4 loses (tie to the defense): 1 more wins, 1 to spare
    ("Anti-Matter", 8, 20, -2),  # 8 + 4 vs 20 - 8, lower wins, tie to the defense: 1 fewer wins, 1 to spare
    ("Anti-Matter", 4, 8, 0),  # 8 + 4 vs 8 - 4: no adjustment gets below 4
])
def test_ce_22_1_basic_amoeba_adjusts_as_the_totals_are_computed(defense, def_ships, card_d, want):
    """CE.22.1 with CE.22.2 / CE.10.3, the `basic` heuristic (powers.amoeba): against a known card it
    makes the smallest adjustment that wins as the engine totals it, so against an Anti-Matter
    (the lower total wins) it takes ships back instead of adding them, or passes."""
    from simsuite.games.cosmic import powers
    from simsuite.unmanaged import pointer_call

    centre = 4
    t = setup_fight(f"Amoeba,{defense},none,none", centre=centre, def_ships=def_ships)
    t.st[A.S_IN7] = 1 << 0
    t.face_down(ATT(8), ATT(card_d))
    t.st[A.S_FACEUP] = 2  # the defense's card is known (as with an Oracle)
    opts = [int(A.NONE)] + list(range(1, 17)) + [int(A.AMOEBA_REMOVE) + k for k in range(1, centre + 1)]
    t.st[A.S_OPT:A.S_OPT + len(opts)] = opts
    t.st[A.S_NOPT] = len(opts)
    t.st[A.S_PK] = A.PK_AMOEBA
    i = pointer_call(powers.amoeba)(t.st, t.c, np.int64(0))
    o = opts[i]
    got = 0 if o < 0 else (o if o < A.AMOEBA_REMOVE else -(o - int(A.AMOEBA_REMOVE)))
    assert got == want


def test_ce_22_1_amoeba_withdraws_all_ships_no_compensation():
    """CE.22.1: the offense Amoeba negotiates and takes both its ships back to its colonies: it loses
    the A/N outcome with 0 ships in the encounter, so nothing reaches the warp and no compensation
    is claimed (CE.12.4)."""
    t = setup_fight("Amoeba,none,none,none", centre=2, def_ships=4)
    t.hands(p0=[ATT(6)], p1=[ATT(4), ATT(6), NEG])
    t.st[A.S_IN7] = 1 << 0
    t.face_down(NEG, ATT(8))
    w0 = t.warp(0)
    t.script(A.AMOEBA_REMOVE + 2, S(P(RED, 2), 2))
    t.window(A.W_8)
    assert t.script_ok()
    assert t[A.S_CENTRE] == 0 and t.on(0, P(RED, 2)) == 6
    t.reveal()
    assert t.outcome() == A.R_DEFENSE_WIN
    assert t.warp(0) == w0
    assert t.events(t.k.E_COMP) == [] and len(t.hand(0)) == 1
    assert t.conserved() == 0


def test_ce_22_1_amoeba_defense_adds_to_the_target_planet():
    """CE.22.1: the defense Amoeba moves 4 ships from its other colonies onto the target planet in
    W-8 (the only exception to CE.7.2): S_D = 5."""
    t = setup_fight("none,Amoeba,none,none", centre=4, def_ships=1)
    t.set_ships(1, {P(BLUE, 1): 1, P(BLUE, 2): 4, P(BLUE, 3): 4, P(BLUE, 4): 4})
    t.st[A.S_IN7] = 1 << 1
    t.face_down(ATT(8), ATT(8))
    t.script(4, -1, S(P(BLUE, 2), 2), S(P(BLUE, 3), 2))
    t.window(A.W_8)
    assert t.script_ok()
    assert t.on(1, P(BLUE, 1)) == 5 and t.on(1, P(BLUE, 2)) == 2 and t.on(1, P(BLUE, 3)) == 2
    t.reveal()
    assert t.outcome() == A.R_DEFENSE_WIN
    assert totals(t)[3:6] == [8, 5, 13]


def test_ce_22_1_amoeba_needs_ships_in_the_encounter_at_step_7():
    """CE.22.1 holder: a main player with no ship in the encounter at the end of step 7 (S_IN7) is
    not offered the adjustment; nor is an Amoeba that is not a main player."""
    t = setup_fight("Amoeba,none,none,none", centre=2, def_ships=4)
    t.st[A.S_IN7] = 1 << 1
    t.face_down(ATT(8), ATT(8))
    t.window(A.W_8)
    assert t.asked() == []
    t = setup_fight("none,none,Amoeba,none", centre=2, def_ships=4)
    t.st[A.S_IN7] = 0b111
    t.face_down(ATT(8), ATT(8))
    t.window(A.W_8)
    assert t.asked() == []


# ============================================================================================
# CE.22.2 Anti-Matter
# ============================================================================================

@pytest.mark.parametrize("aliens, card_o, card_d, centre, def_ships, carriers, want, tot", [
    # offense Anti-Matter: 6 - 4 = 2 < 8 + 2 = 10: the lower total wins (plain: 10 vs 10, defense)
    ("Anti-Matter,none,none,none", 6, 8, 4, 2, None, A.R_OFFENSE_WIN, [6, 4, 2, 8, 2, 10, 1]),
    # tie 14 - 4 = 10 = 8 + 2: still the defense (CE.10.4)
    ("Anti-Matter,none,none,none", 14, 8, 4, 2, None, A.R_DEFENSE_WIN, [14, 4, 10, 8, 2, 10, 1]),
    # defense Anti-Matter with a defensive ally: 8 - (2 + 2) = 4 < 12 + 4 = 16: the defense wins
    # (plain: 16 > 12, the offense)
    ("none,Anti-Matter,none,none", 12, 8, 4, 2, {3: 2}, A.R_DEFENSE_WIN, [12, 4, 16, 8, 4, 4, 1]),
])
def test_ce_22_2_anti_matter_lower_total_wins(aliens, card_o, card_d, centre, def_ships, carriers, want, tot):
    """CE.22.2 / CE.10.3 / CE.10.4 (revision 2): the Anti-Matter's total is v - S (its allies'
    ships included); its opponent, with no ally here, has v + S (its own ships add; allies of
    either side would subtract, see tests/test_ce_revision2.py); the lower total wins and ties go
    to the defense."""
    t = fight(aliens, ATT(card_o), ATT(card_d), centre, def_ships, carriers=carriers)
    assert t.outcome() == want
    assert totals(t) == tot
    am = 0 if aliens.startswith("Anti") else 1
    assert uses(t, am) == 1


def test_ce_22_2_anti_matter_ally_counts_normally():
    """CE.22.2 not as an ally: an Anti-Matter offensive ally's ships add to S_O as usual and the
    higher total wins: 8 + (2 + 2) = 12 vs 8 + 4 = 12, a tie, the defense."""
    t = fight("none,none,Anti-Matter,none", ATT(8), ATT(8), centre=2, def_ships=4, wings={2: 2})
    assert t.outcome() == A.R_DEFENSE_WIN
    assert totals(t) == [8, 4, 12, 8, 4, 12, 0]
    assert uses(t, 2) == 0


def test_ce_22_2_anti_matter_no_effect_on_attack_against_negotiate():
    """CE.22.2: no effect on A/N: the Anti-Matter's attack beats a negotiate as usual."""
    t = fight("Anti-Matter,none,none,none", ATT(4), NEG, centre=4, def_ships=2)
    assert t.outcome() == A.R_OFFENSE_WIN
    assert uses(t, 0) == 0


# ============================================================================================
# CE.22.3 Chronos
# ============================================================================================

def test_ce_22_3_chronos_replays_once():
    """CE.22.3: the offense Chronos loses the first reveal (4 + 4 against 20 + 4) and travels back
    in W-9: it takes its 4 back, the defense's 20 is set aside; both select again (the defense
    from its other cards only), the second reveal is final (30 + 4 against 6 + 4): OFFENSE_WIN.
    Chronos is asked once only; the 20 goes back to the defense's hand at the end."""
    t = turn_table("Chronos,none,none,none", p0=[ATT(4), ATT(30)], p1=[ATT(20), ATT(6), NEG])
    c4, c30 = t.card(0, ATT(4)), t.card(0, ATT(30))
    c20, c6 = t.card(1, ATT(20)), t.card(1, ATT(6))
    t.script(S(P(RED, 1), 4), P(BLUE, 1), 0, 0, c4, c20, 1, c30, c6)
    assert t.encounter(0) == A.R_OFFENSE_WIN
    assert t.script_ok()
    assert t.kinds() == [A.D_LAUNCH, A.D_TARGET, A.D_INVITE_O, A.D_INVITE_D, A.D_CARD, A.D_CARD, A.D_POWER,
                         A.D_CARD, A.D_CARD]
    assert t.asked()[7] == (A.D_CARD, 0, 2)  # its whole hand again, the 4 included
    assert t.asked()[8] == (A.D_CARD, 1, 2)  # the set-aside 20 is not available
    assert len(t.events(t.k.E_REVEAL)) == 2
    assert t.hand(0) == [c4] and sorted(t.hand(1)) == sorted([c20, t.card(1, NEG)])
    assert c30 in t.discard() and c6 in t.discard() and c20 not in t.discard()
    assert t[A.S_ASIDE_N] == 0 and t.engine_check() == 0


def test_ce_22_3_chronos_opponents_only_card_stays_in_place():
    """CE.22.3: the defense's revealed card was its only encounter card: it stays face down as its
    card for the redo (not chosen again) and is discarded normally afterwards."""
    t = turn_table("Chronos,none,none,none", p0=[ATT(4), ATT(30)], p1=[ATT(20)])
    c4, c30, c20 = t.card(0, ATT(4)), t.card(0, ATT(30)), t.card(1, ATT(20))
    t.script(S(P(RED, 1), 4), P(BLUE, 1), 0, 0, c4, 1, c30)
    assert t.encounter(0) == A.R_OFFENSE_WIN
    assert t.script_ok()
    assert [k for k, p, _ in t.asked() if k == A.D_CARD] == [A.D_CARD, A.D_CARD]  # the offense twice
    assert all(p == 0 for k, p, _ in t.asked() if k == A.D_CARD)
    assert c20 in t.discard() and t.hand(1) == [] and t.hand(0) == [c4]
    assert t.engine_check() == 0


def test_ce_22_3_chronos_zapped_first_reveal_stands():
    """CE.22.3 / CE.21.1: a Cosmic Zap answering the time travel cancels it: the first reveal stands
    (4 + 4 against 20 + 4: DEFENSE_WIN)."""
    t = turn_table("Chronos,none,none,none", p0=[ATT(4), ATT(30)], p1=[ATT(20), ATT(6)], p2=[ART(ZAP)])
    c4, c20 = t.card(0, ATT(4)), t.card(1, ATT(20))
    t.script(S(P(RED, 1), 4), P(BLUE, 1), 0, 0, c4, c20, 1, A.art_code(ZAP, 0))
    assert t.encounter(0) == A.R_DEFENSE_WIN
    assert t.script_ok()
    assert len(t.events(t.k.E_REVEAL)) == 1
    assert c4 in t.discard() and c20 in t.discard()


# ============================================================================================
# CE.22.4 Clone
# ============================================================================================

@pytest.mark.parametrize("keep", [1, -1])
def test_ce_22_4_clone_keeps_its_card(keep):
    """CE.22.4: at the discards the Clone may take its revealed card back into its hand (KEEP); the
    opponent's card is discarded. Declining discards both."""
    t = setup_fight("Clone,none,none,none", centre=2, def_ships=2)
    co, cd = t.play_cards(ATT(8), ATT(10))
    t.script(keep)
    assert t.outcome() == A.R_DEFENSE_WIN
    assert t.asked() == [(A.D_POWER, 0, 2)]
    assert cd in t.discard()
    if keep == 1:
        assert co in t.hand(0) and co not in t.discard()
    else:
        assert co in t.discard() and co not in t.hand(0)
    assert t.conserved() == 0


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


# ============================================================================================
# CE.22.9 Macron
# ============================================================================================

def test_ce_22_9_macron_launches_exactly_one_ship_worth_four():
    """CE.22.9 / CE.6.1: the offense Macron is offered only 1-ship chunks at launch (one per colony)
    and launches exactly 1 ship; in the totals it weighs 4 (30 + 4 against 4 + 4) and it lands as
    1 ship."""
    t = turn_table("Macron,none,none,none", p0=[ATT(30), ATT(6)], p1=[ATT(4)])
    c30 = t.card(0, ATT(30))
    t.script(S(P(RED, 1), 1), P(BLUE, 1), 0, 0, c30)
    assert t.encounter(0) == A.R_OFFENSE_WIN
    assert t.script_ok()
    assert t.asked()[0] == (A.D_LAUNCH, 0, 5)
    assert t.events(t.k.E_LAUNCH) == [(0, 1, 0, 0, 0, 0)]
    assert totals(t)[:3] == [30, 4, 34]
    assert t.on(0, P(BLUE, 1)) == 1 and t.on(0, P(RED, 1)) == 3


def test_ce_22_9_macron_single_ship_counts_four_in_totals():
    """CE.22.9 / CE.10.2: one Macron ship on the centre row: S_O = 4, 8 + 4 = 12 beats 8 + 3 (with
    weight 1 it would lose 9 to 11)."""
    t = fight("Macron,none,none,none", ATT(8), ATT(8), centre=1, def_ships=3)
    assert t.outcome() == A.R_OFFENSE_WIN
    assert totals(t) == [8, 4, 12, 8, 3, 11, 0]
    assert uses(t, 0) == 1


def test_ce_22_9_macron_ally_joins_with_one_ship():
    """CE.22.9 / CE.8.4: an invited Macron ally commits exactly 1 ship (only 1-ship chunks offered)
    and it weighs 4 for its side: 8 + (2 + 4) = 14 beats 10 + 2."""
    t = setup_fight("none,none,Macron,none", centre=2, def_ships=2)
    t.st[A.S_INV_O] = 1 << 2
    t.script(OFF, S(P(GREEN, 1), 1))
    t.call("answers", 0)
    assert t.script_ok()
    assert t.asked() == [(A.D_ALLIANCE, 2, 2), (A.D_ALLY_SHIPS, 2, 3)]
    assert t[A.S_WING + 2] == 1
    t.play_cards(ATT(8), ATT(10))
    assert t.outcome() == A.R_OFFENSE_WIN
    assert totals(t) == [8, 6, 14, 10, 2, 12, 0]


def test_ce_22_9_macron_compensation_counts_one_per_ship():
    """CE.22.9 / CE.12.2 / A15: the defense Macron negotiates with 2 ships (weight 8 if it had
    fought); it loses them and claims 2 cards, not 8."""
    t = fight("none,Macron,none,none", ATT(8), NEG, centre=1, def_ships=2)
    t.hands(p0=[ATT(4), ATT(6), ATT(6), ATT(8), NEG])
    assert t.outcome() == A.R_OFFENSE_WIN
    assert t.events(t.k.E_COMP) == [(1, 0, 2, 2, 0, 0)]
    assert len(t.hand(1)) >= 2 and len(t.hand(0)) == 3


def test_ce_22_9_macron_defensive_ally_one_reward_per_ship():
    """CE.22.9 / CE.14.2: the Macron's 1 ship on its carrier weighs 4 (S_D = 2 + 4) and, after
    DEFENSE_WIN, gives exactly 1 reward."""
    t = fight("none,none,none,Macron", ATT(6), ATT(8), centre=2, def_ships=2, carriers={3: 1})
    h3 = len(t.hand(3))
    t.script(S(P(YELLOW, 1), 1), -1)
    assert t.outcome() == A.R_DEFENSE_WIN
    assert t.script_ok()
    assert totals(t)[3:6] == [8, 6, 14]
    assert [a for a in t.asked() if a[0] == A.D_REWARD] == [(A.D_REWARD, 3, 4)]
    assert len(t.hand(3)) == h3 + 1


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


# ============================================================================================
# CE.22.18 Virus
# ============================================================================================

@pytest.mark.parametrize("aliens, card_o, card_d, centre, def_ships, wings, want, tot", [
    # offense Virus with an ally: 6 x (3 + 1) = 24 > 10 + 4 (plain 10 < 14)
    ("Virus,none,none,none", 6, 10, 3, 4, {2: 1}, A.R_OFFENSE_WIN, [6, 4, 24, 10, 4, 14, 0]),
    # defense Virus: 6 x 3 = 18 >= 12 + 4 (plain 9 < 16)
    ("none,Virus,none,none", 12, 6, 4, 3, None, A.R_DEFENSE_WIN, [12, 4, 16, 6, 3, 18, 0]),
    # tie 4 x 3 = 12 = 8 + 4: the defense
    ("Virus,none,none,none", 4, 8, 3, 4, None, A.R_DEFENSE_WIN, [4, 3, 12, 8, 4, 12, 0]),
    # with a Macron ally on its side the weighted S is used: 6 x (3 + 4) = 42
    ("Virus,none,Macron,none", 6, 30, 3, 4, {2: 1}, A.R_OFFENSE_WIN, [6, 7, 42, 30, 4, 34, 0]),
])
def test_ce_22_18_virus_multiplies(aliens, card_o, card_d, centre, def_ships, wings, want, tot):
    """CE.22.18 / CE.10.3: the Virus's total is v x S (its allies' ships, Macron weight, included)."""
    t = fight(aliens, ATT(card_o), ATT(card_d), centre, def_ships, wings=wings)
    assert t.outcome() == want
    assert totals(t) == tot


def test_ce_22_18_virus_ally_counts_normally():
    """CE.22.18 not as an ally: a Virus offensive ally adds its ships: 6 + 3 + 1 = 10 < 10 + 4."""
    t = fight("none,none,Virus,none", ATT(6), ATT(10), centre=3, def_ships=4, wings={2: 1})
    assert t.outcome() == A.R_DEFENSE_WIN
    assert totals(t)[:3] == [6, 4, 10]


# ============================================================================================
# CE.22.19 Vulch
# ============================================================================================

def test_ce_22_19_vulch_collects_another_players_artifact():
    """CE.22.19 / CE.20.3 E.ARTDISCARD: the offense plays a Mobius Tube in W-E0; instead of the
    discard pile it goes into the Vulch's (yellow's) hand."""
    t = table("none,none,none,Vulch")
    t.hands(p0=[ART(MOBIUS), ATT(6)])
    mob = t.card(0, ART(MOBIUS))
    t.st[A.S_OFF], t.st[A.S_DEF] = 0, -1
    t.script(A.art_code(MOBIUS, 0), 1)
    t.window(A.W_E0)
    assert t.script_ok()
    assert t.asked() == [(A.D_ARTIFACT, 0, 2), (A.D_POWER, 3, 2)]
    assert mob in t.hand(3) and mob not in t.discard()
    assert t[A.S_ART_USED + MOBIUS] == 1 and t.conserved() == 0


def test_ce_22_19_vulch_cannot_collect_its_own_artifact():
    """CE.22.19 limit: the Vulch's own artifact goes to the discard pile after use; it is not asked."""
    t = table("Vulch,none,none,none")
    t.hands(p0=[ART(MOBIUS), ATT(6)])
    mob = t.card(0, ART(MOBIUS))
    t.st[A.S_OFF], t.st[A.S_DEF] = 0, -1
    t.script(A.art_code(MOBIUS, 0))
    t.window(A.W_E0)
    assert t.asked() == [(A.D_ARTIFACT, 0, 2)]
    assert mob in t.discard() and mob not in t.hand(0)


def test_ce_22_19_vulch_keeps_its_artifacts_at_a_new_hand():
    """CE.22.19 / CE.17.4: the Vulch without an encounter card must take a new hand: KEEP_ALL keeps
    its 2 artifacts and draws 7."""
    t = table("none,none,none,Vulch")
    t.hands(p3=[ART(GAS), ART(MOBIUS)])
    arts = sorted(t.hand(3))
    t.deck_top([ATT(8), NEG, ATT(6), ATT(6), ATT(10), NEG, ATT(4)])
    t.st[A.S_OFF], t.st[A.S_DEF] = 0, 3
    t.script(1)
    assert t.new_hand(3, A.T_NEWHAND_DEF) == 1
    assert t.asked() == [(A.D_POWER, 3, 2)]
    assert len(t.hand(3)) == 9 and set(arts) <= set(t.hand(3))
    assert not set(arts) & set(t.discard())


def test_ce_22_19_vulch_collects_plague_discards():
    """CE.22.19 / CE.21.4: a Plague victim's discarded artifact and the used Plague card itself
    (both another player's) are offered to the Vulch, card by card."""
    t = table("none,none,none,Vulch")
    t.hands(p1=[ART(MOBIUS), ATT(6)], p2=[ART(PLAGUE), ATT(8)])
    mob, plague = t.card(1, ART(MOBIUS)), t.card(2, ART(PLAGUE))
    t.st[A.S_OFF], t.st[A.S_DEF] = 0, 1
    t.script(A.art_code(PLAGUE, 1), S(P(BLUE, 1), 3), 1, 1)
    t.window(A.W_2)
    assert t.script_ok()
    # ... and the Vulch, now holding the Plague, may play it in the same window (it passes)
    assert t.asked() == [(A.D_ARTIFACT, 2, 5), (A.D_PLAGUE_SHIPS, 1, 15), (A.D_POWER, 3, 2), (A.D_POWER, 3, 2),
                         (A.D_ARTIFACT, 3, 5)]
    assert mob in t.hand(3) and plague in t.hand(3)
    assert t.hand_classes(1) == [] and t.conserved() == 0


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


# ============================================================================================
# CE.19 power loss, CE.21.1 Cosmic Zap on powers
# ============================================================================================

def test_ce_19_macron_weight_off_at_two_home_colonies_and_back_at_three():
    """CE.19.1 / CE.19.3 / CE.22.9: the Macron offense with 2 home colonies: its 2 ships weigh 1
    each; with a third home colony again 4 each."""
    t = fight("Macron,none,none,none", ATT(8), ATT(8), centre=2, def_ships=3)
    t.set_ships(0, {P(RED, 1): 4, P(RED, 2): 4})
    assert t.power(0) == 0
    t.call("side_totals")
    assert totals(t)[:3] == [8, 2, 10]
    t.ships_add(0, P(RED, 3), 1)
    assert t.power(0) == 1
    t.call("side_totals")
    assert totals(t)[:3] == [8, 8, 16]


def test_ce_19_2_macron_launch_limit_lapses_with_the_power():
    """CE.19.2: with its power off the Macron launches up to 4 ships like anyone (chunks of 1..4
    from each colony) and they weigh 1."""
    t = turn_table("Macron,none,none,none", p0=[ATT(30), ATT(6)], p1=[ATT(4)])
    t.set_ships(0, {P(RED, 1): 4, P(RED, 2): 4})
    c30 = t.card(0, ATT(30))
    t.script(-1, S(P(RED, 1), 4), P(BLUE, 1), 0, 0, c30)
    t.encounter(0)
    assert t.script_ok()
    assert (A.D_LAUNCH, 0, 8) in t.asked()
    assert t.events(t.k.E_LAUNCH) == [(0, 4, 0, 0, 0, 0)]
    assert totals(t)[1] == 4


def test_ce_19_3_optional_power_not_offered_while_off():
    """CE.19.3 / CE.20.5: the Trader with 2 home colonies is not offered its swap in W-2; once it has
    3 again it is offered in W-4."""
    t = table("none,Trader,none,none")
    t.set_ships(1, {P(BLUE, 1): 4, P(BLUE, 2): 4})
    t.st[A.S_OFF], t.st[A.S_DEF] = 0, 1
    t.window(A.W_2)
    assert t.asked() == []
    t.ships_add(1, P(BLUE, 3), 1)
    assert t.power(1) == 1
    t.window(A.W_4)
    assert t.asked() == [(A.D_POWER, 1, 2)]


def test_ce_21_1_zap_on_macron_weight():
    """CE.21.1 / CE.22.9: a Cosmic Zap at the A/A totals (E.POWER of the Macron's weight): its ship
    weighs 1 (8 + 1 against 8 + 3: DEFENSE_WIN) and its power is off for the encounter although it
    has 4 home colonies."""
    t = fight("Macron,none,none,none", ATT(8), ATT(8), centre=1, def_ships=3)
    t.set_hand(2, [ART(ZAP), ATT(6)])
    t.script(A.art_code(ZAP, 0))
    assert t.outcome() == A.R_DEFENSE_WIN
    assert t.asked() == [(A.D_ARTIFACT, 2, 2)]
    assert totals(t)[:3] == [8, 1, 9]
    assert t[A.S_ZAPPED] == 1 and t.power(0) == 0 and t.home(0) == 4
    assert uses(t, 0) == 0


@pytest.mark.parametrize("answer", [1, 0])
def test_ce_22_19_vulch_collecting_a_zap_can_itself_be_zapped(answer):
    """CE.22.19 / CE.20.3 / CE.21.1: green zaps the Macron at the totals; the Vulch (yellow)
    collecting the used Zap is an E.POWER too, so blue, holding a second Zap, is asked and may zap
    the Vulch: both Zaps then go to the discard pile and the Vulch's power is off. If blue
    passes, the Vulch gets the first Zap."""
    t = fight("Macron,none,none,Vulch", ATT(8), ATT(8), centre=1, def_ships=3)
    t.set_hand(1, [ART(ZAP), ATT(4)])
    t.set_hand(2, [ART(ZAP), ATT(6)])
    z1, z2 = t.card(2, ART(ZAP)), t.card(1, ART(ZAP))
    t.script(-1, A.art_code(ZAP, 0), 1, A.art_code(ZAP, 3) if answer else -1)
    assert t.outcome() == A.R_DEFENSE_WIN
    assert t.script_ok()
    assert t.asked()[:4] == [(A.D_ARTIFACT, 1, 2), (A.D_ARTIFACT, 2, 2), (A.D_POWER, 3, 2), (A.D_ARTIFACT, 1, 2)]
    if answer:
        assert {z1, z2} <= set(t.discard()) and z1 not in t.hand(3)
        assert t[A.S_ZAPPED + 3] == 1 and t.power(3) == 0 and uses(t, 3) == 0
    else:
        assert z1 in t.hand(3) and z2 in t.hand(1) and uses(t, 3) == 1
    assert t.conserved() == 0


def test_ce_21_1_macron_limit_has_no_power_moment():
    """CE.21.1: Macron's one-ship limit is a restriction, not a use: the Zap holder is asked only
    once, at the A/A totals (the weight), never at the launch."""
    t = turn_table("Macron,none,none,none", p0=[ATT(30), ATT(6)], p1=[ATT(4)], p2=[ART(ZAP)])
    c30 = t.card(0, ATT(30))
    t.script(S(P(RED, 1), 1), P(BLUE, 1), 0, 0, c30, -1)
    assert t.encounter(0) == A.R_OFFENSE_WIN
    assert t.script_ok()
    assert t.kinds() == [A.D_LAUNCH, A.D_TARGET, A.D_INVITE_O, A.D_INVITE_D, A.D_CARD, A.D_ARTIFACT]
    assert totals(t)[1] == 4


def test_ce_21_1_zapped_pacifist_loses_and_claims():
    """CE.21.1 / CE.22.13: the Pacifist's WIN is zapped: the normal A/N outcome follows, it loses and
    claims compensation."""
    t = fight("Pacifist,none,none,none", NEG, ATT(10), centre=3, def_ships=2)
    t.hands(p0=[ATT(6)], p1=[ATT(4), ATT(6), NEG], p2=[ART(ZAP)])
    t.script(1, A.art_code(ZAP, 0))
    assert t.outcome() == A.R_DEFENSE_WIN
    assert t.asked() == [(A.D_POWER, 0, 2), (A.D_ARTIFACT, 2, 2)]
    assert t.events(t.k.E_COMP) == [(0, 1, 3, 3, 0, 0)]


def test_ce_21_1_zapped_power_stays_off_for_the_encounter():
    """CE.21.1: the Healer zapped when it heals the defense's ships cannot heal the ally's ships in
    the same outcome (not even asked): both groups reach the warp."""
    t = fight("none,none,Healer,none", ATT(20), ATT(6), centre=2, def_ships=3, carriers={3: 2})
    t.set_hand(0, [ART(ZAP), ATT(6)])
    w1, w3 = t.warp(1), t.warp(3)
    t.script(1, A.art_code(ZAP, 2))
    assert t.outcome() == A.R_OFFENSE_WIN
    assert t.asked() == [(A.D_POWER, 2, 2), (A.D_ARTIFACT, 0, 2)]
    assert t.warp(1) == w1 + 3 and t.warp(3) == w3 + 2
    assert t[A.S_ZAPPED + 2] == 1


def test_ce_21_1_zap_on_oracle_expires_at_the_end_of_the_encounter():
    """CE.21.1 / CE.20.1: the Oracle zapped at the start of step 8 selects in the normal order (the
    offense first, nothing face up); at the end of the encounter the zap expires and its power is
    on again."""
    t = turn_table("Oracle,none,none,none", p0=[ATT(30), ATT(6)], p1=[ATT(10), ATT(4)], p2=[ART(ZAP)])
    c30, c10 = t.card(0, ATT(30)), t.card(1, ATT(10))
    t.script(S(P(RED, 1), 4), P(BLUE, 1), 0, 0, A.art_code(ZAP, 0), c30, c10)
    assert t.encounter(0) == A.R_OFFENSE_WIN
    assert t.script_ok()
    asked = t.asked()
    assert asked[4:] == [(A.D_ARTIFACT, 2, 2), (A.D_CARD, 0, 2), (A.D_CARD, 1, 2)]
    assert t.faceup_at()[5:] == [0, 0]
    assert t[A.S_ZAPPED] == 0 and t.power(0) == 1
    assert t.events(t.k.E_ZAP) == [(0, 2, 0, 0, 0, 0)]
    assert t.engine_check() == 0


# ============================================================================================
# CE.70 invariants with aliens; every power is used
# ============================================================================================

def _uses_by_alien(rec, players):
    al = rec["alien"][:, :players]
    pu = rec["power_uses"][:, :players]
    return {a: int(pu[al == a].sum()) for a in range(A.N_ALIENS)}, {a: int((al == a).sum()) for a in range(A.N_ALIENS)}


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("lineup", ["random", "basic,random"])
def test_ce_70_checked_games_with_random_aliens(players, lineup):
    """CE.70 invariants after every turn over 2,000 games with aliens dealt at random (CE.2.5), and
    every alien's power actually used (the Parasite has no use with 2 players, CE.8.8)."""
    cfg, c = build(players, lineup, aliens="random", rotate=True)
    rec, viol = run_checked(c, 2000, 0xA11E + players)
    assert (viol == 0).all(), {int(v): int((viol == v).sum()) for v in np.unique(viol[viol != 0])}
    used, dealt = _uses_by_alien(rec, players)
    assert all(dealt[a] > 0 for a in range(A.N_ALIENS))
    unused = [A.ALIEN_NAMES[a] for a in range(A.N_ALIENS) if used[a] == 0]
    if players == 2:
        assert unused == ["Parasite"]
    else:
        assert unused == []
    assert (rec["power_uses"][:, players:] == -1).all()
    assert ((rec["alien"][:, :players] >= 0).sum(axis=1) == players).all()


def test_ce_70_checked_games_every_alien_combination():
    """CE.70 with aliens = all (every combination of the pool over the games), 4 players."""
    cfg, c = build(4, "random", aliens="all")
    rec, viol = run_checked(c, 3000, 0xA11)
    assert (viol == 0).all(), {int(v): int((viol == v).sum()) for v in np.unique(viol[viol != 0])}
    used, dealt = _uses_by_alien(rec, 4)
    assert [A.ALIEN_NAMES[a] for a in range(A.N_ALIENS) if used[a] == 0] == []
    # each game seats 4 distinct aliens
    al = rec["alien"][:, :4]
    assert all(len(set(row)) == 4 for row in al.tolist())


@pytest.mark.parametrize("params", [
    dict(deal_propose_policy="strategy", deal_accept_policy="heuristic"),
    dict(deal_propose_policy="strategy", deal_accept_policy="always", empath_optional=True,
         philanthropist_to_allies=True),
    dict(players=3, planets_per_system=3, start_ships_per_planet=3, power_home_colonies=2),
])
def test_ce_70_checked_games_with_aliens_and_variants(params):
    """CE.70 with random aliens under non-default deal policies (Zombie RELEASE in strategy
    proposals), the A36 / A46 switches and small systems (2,000 games each)."""
    params = dict(params)
    players = params.pop("players", 4)
    cfg, c = build(players, "basic,random", aliens="random", rotate=True, **params)
    rec, viol = run_checked(c, 2000, 0xA11E5)
    assert (viol == 0).all(), {int(v): int((viol == v).sum()) for v in np.unique(viol[viol != 0])}
    assert (rec["power_uses"][:, :players].sum(axis=0) > 0).all()
