"""Cosmic Encounter (AH2000) alien powers: CE.22.18 Virus, CE.22.19 Vulch.

Rule ids (CE.x.y, ambiguity choices An = CE.60.n, invariants CE.70.n) as in
shared/rules/cosmic_encounter.md; states, seats and scripted decisions as in tests/cosmic_harness.py;
``aliens`` lists each seat's alien.
"""
import pytest
from cosmic_harness import ART, ATT, BLUE, GAS, MOBIUS, NEG, PLAGUE, P, fight, setup_fight, table, totals

import simsuite.games.cosmic.api as A
from simsuite.games.cosmic.api import src_code as S

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


def test_ce_22_19_vulch_collects_the_zaps_inside_a_healers_use_which_still_takes_effect():
    """CE.22.19 / CE.22.7 / CE.20.3 (FFG2008, data.md Card Zap): the Healer (green) rescues blue's 3
    lost ships; red plays a Cosmic Zap on that use and blue's Card Zap cancels it as it is played.
    The Vulch (yellow) takes both used cards, its hook running inside the Healer's E.POWER, and the
    Healer's use then takes effect: blue's ships go home and the Healer draws."""
    t = setup_fight("none,none,Healer,Vulch", 4, 3, edition="FFG2008")
    t.hands(p0=[ART(A.ART_ZAP), ATT(10), ATT(6)], p1=[ART(A.ART_CARD_ZAP), ATT(4), ATT(6)], p2=[ATT(6)], p3=[ATT(6)])
    t.face_down(ATT(10), ATT(4))
    t.reveal()
    zap, czap = t.card(0, ART(A.ART_ZAP)), t.card(1, ART(A.ART_CARD_ZAP))
    w1, h2, h3 = t.warp(1), len(t.hand(2)), len(t.hand(3))
    t.script(1, A.art_code(A.ART_ZAP, 2), A.art_code(A.ART_CARD_ZAP, 0), 1, -1, 1, S(P(BLUE, 2), 3))
    assert t.outcome() == A.R_OFFENSE_WIN
    assert t.script_ok(), t.asked()
    # the Healer, red's Zap, blue's Card Zap, the Vulch takes it (and is asked whether to play it
    # against blue's), the Vulch takes the Cosmic Zap, blue places its ships
    assert [k[:2] for k in t.asked()] == [(A.D_POWER, 2), (A.D_ARTIFACT, 0), (A.D_ARTIFACT, 1), (A.D_POWER, 3),
                                          (A.D_ARTIFACT, 3), (A.D_POWER, 3), (A.D_PLACE, 1)]
    assert zap in t.hand(3) and czap in t.hand(3) and len(t.hand(3)) == h3 + 2
    assert t.warp(1) == w1 and len(t.hand(2)) == h2 + 1
    assert t[A.S_HB_ERR] == 0 and t.conserved() == 0
