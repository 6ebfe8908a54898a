"""Cosmic Encounter (AH2000) alien powers: CE.22.2 Anti-Matter, CE.22.3 Chronos, CE.22.4 Clone.

Rule ids (CE.x.y, ambiguity choices An = CE.60.n, invariants CE.70.n) as in
shared/rules/cosmic_encounter.md; states, seats and scripted decisions as in tests/cosmic_harness.py;
``aliens`` lists each seat's alien.
"""
import pytest
from cosmic_harness import ART, ATT, BLUE, NEG, RED, ZAP, P, fight, setup_fight, totals, turn_table, uses

import simsuite.games.cosmic.api as A
from simsuite.games.cosmic.api import src_code as S

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
    either side would subtract, see tests/cosmic/test_ce_revision2.py); the lower total wins and ties go
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
