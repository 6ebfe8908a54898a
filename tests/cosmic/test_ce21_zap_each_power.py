"""Cosmic Encounter: a Cosmic Zap (CE.21.1) on each of the twenty powers of CE.22, and the FFG2008
zap rule (CE.43.3 / A60).

The powers zapped in other files (Anti-Matter: test_ce_revision2; Chronos: test_ce22_02_04;
Healer, Macron, Oracle, Pacifist, Vulch: test_ce19_21) are not repeated here. Each test below
plays the power's moment twice from the same explicit state: once with the Zap holder passing (the
power acts and its use counter S_POWER_USES moves) and once with the Zap played (CE.21.1: "that
use of the power does not happen, and that player's power is off until the end of the
encounter": the plain rule happens, the counter does not move). Both runs check that the Zap
holder is asked at that moment (E.POWER, CE.20.3). The Zombie (redirect and its RELEASE deal
term) and the Vulch (collecting is zapped in test_ce19_21; KEEP_ALL at a new hand here) have two
moments each.

Rule ids (CE.x.y, ambiguity choices An = CE.60.n) as in shared/rules/cosmic_encounter.md; states,
seats and scripted decisions as in tests/cosmic_harness.py; ``aliens`` lists each seat's alien.
"""
import numpy as np
import pytest
from cosmic_harness import (
    ART,
    ATT,
    BLUE,
    DEF,
    GAS,
    GREEN,
    MOBIUS,
    NEG,
    OFF,
    RED,
    ZAP,
    P,
    aside,
    fight,
    setup_fight,
    table,
    totals,
    uses,
)

import simsuite.games.cosmic.api as A
from simsuite.games.cosmic.api import src_code as S

ZAPPED = pytest.mark.parametrize("zap", [False, True], ids=["zap_passes", "zapped"])
FFG = dict(edition="FFG2008")


def answer(zap, p):
    """The Zap holder's answer at p's E.POWER: play the Zap on p, or pass."""
    return A.art_code(ZAP, p) if zap else -1


def check_use(t, p, zap, before=0):
    """CE.21.1: zapped, p's power is off for the rest of the encounter (although its home colonies
    are intact) and the use was not counted; otherwise the use was counted once."""
    if zap:
        assert t[A.S_ZAPPED + p] == 1 and t.power(p) == 0 and t.home(p) >= 3
        assert uses(t, p) == before
        assert [e[0] for e in t.events(t.k.E_ZAP)] == [p]
    else:
        assert t[A.S_ZAPPED + p] == 0 and t.power(p) == 1
        assert uses(t, p) == before + 1
        assert t.events(t.k.E_ZAP) == []


# ============================================================================================
# CE.21.1 on the optional powers of CE.22 (kind: optional)
# ============================================================================================

@ZAPPED
def test_ce_21_1_zap_on_amoeba_adjustment(zap):
    """CE.21.1 / CE.22.1: in W-8 the offense Amoeba (2 ships on the centre row) adds 3 ships; green
    may zap the adjustment. Zapped: no ship moves, 8 + 2 loses to 8 + 4 (CE.10.4 tie rule not
    needed). Not zapped: 8 + 5 = 13 beats 12."""
    t = setup_fight("Amoeba,none,none,none", centre=2, def_ships=4)
    t.hands(p2=[ART(ZAP), ATT(6)])
    t.st[A.S_IN7] = 1 << 0
    t.face_down(ATT(8), ATT(8))
    t.script(3, -1, answer(zap, RED), *([] if zap else [S(P(RED, 1), 3)]))
    t.window(A.W_8)
    assert t.script_ok()
    assert t.asked()[:3] == [(A.D_POWER, RED, 1 + 16 + 2), (A.D_POWER, RED, 1 + 5), (A.D_ARTIFACT, GREEN, 2)]
    check_use(t, RED, zap)
    assert t[A.S_CENTRE] == (2 if zap else 5) and t.on(0, P(RED, 1)) == (4 if zap else 1)
    t.reveal()
    assert t.outcome() == (A.R_DEFENSE_WIN if zap else A.R_OFFENSE_WIN)
    assert totals(t)[:3] == ([8, 2, 10] if zap else [8, 5, 13])
    assert t.conserved() == 0


@ZAPPED
def test_ce_21_1_zap_on_clone_keeping_its_card(zap):
    """CE.21.1 / CE.22.4 / CE.9.4: the Clone asks to KEEP its revealed card at the discards; green
    may zap it. Zapped: the plain rule, both encounter cards go to the discard pile."""
    t = setup_fight("Clone,none,none,none", centre=2, def_ships=2)
    t.hands(p2=[ART(ZAP), ATT(6)])
    co, cd = t.play_cards(ATT(8), ATT(10))
    t.script(1, answer(zap, RED))
    assert t.outcome() == A.R_DEFENSE_WIN
    assert t.script_ok()
    assert t.asked() == [(A.D_POWER, RED, 2), (A.D_ARTIFACT, GREEN, 2)]
    check_use(t, RED, zap)
    assert cd in t.discard()
    if zap:
        assert co in t.discard() and co not in t.hand(0)
    else:
        assert co in t.hand(0) and co not in t.discard()
    assert t.conserved() == 0


@ZAPPED
def test_ce_21_1_zap_on_filch_taking_the_card(zap):
    """CE.21.1 / CE.22.6: in W-10 the defense Filch asks to take the offense's used 10 from the
    discard pile; yellow may zap it. Zapped: the 10 stays in the discard pile."""
    t = setup_fight("none,Filch,none,none", centre=2, def_ships=2)
    t.set_ships(1, {P(BLUE, n): 4 if n > 1 else 2 for n in range(1, 5)})  # 3 home colonies after the loss
    t.hands(p3=[ART(ZAP), ATT(6)])
    co, cd = t.play_cards(ATT(10), ATT(8))
    assert t.outcome() == A.R_OFFENSE_WIN
    t.script(1, answer(zap, BLUE))
    t.window(A.W_10)
    assert t.script_ok()
    assert t.asked() == [(A.D_POWER, BLUE, 2), (A.D_ARTIFACT, 3, 2)]
    check_use(t, BLUE, zap)
    assert (co in t.discard()) == zap and (co in t.hand(1)) == (not zap)
    assert cd in t.discard()
    assert t.conserved() == 0


@ZAPPED
def test_ce_21_1_zap_on_laser_blinding(zap):
    """CE.21.1 / CE.22.8 / CE.9.2: the offense Laser selects first and asks to BLIND; green may zap
    it. Zapped: the plain rule, the defense chooses its own card (it is asked, and picks the
    negotiate). Not zapped: the defense is not asked; its card is drawn at random."""
    t = setup_fight("Laser,none,none,none", centre=2, def_ships=3)
    t.hands(p0=[ATT(30), ATT(6)], p1=[ATT(10), NEG], p2=[ART(ZAP), ATT(6)])
    c30, cn = t.card(0, ATT(30)), t.card(1, NEG)
    t.script(c30, 1, answer(zap, RED), *([cn] if zap else []))
    t.select()
    assert t.script_ok()
    head = [(A.D_CARD, RED, 2), (A.D_POWER, RED, 2), (A.D_ARTIFACT, GREEN, 2)]
    assert t.asked() == head + ([(A.D_CARD, BLUE, 2)] if zap else [])
    check_use(t, RED, zap)
    assert t[A.S_CARD_O] == c30
    if zap:
        assert t[A.S_CARD_D] == cn
    assert aside(t) == []  # no artifact in blue's hand: nothing set aside either way


@ZAPPED
def test_ce_21_1_zap_on_mind_looking(zap):
    """CE.21.1 / CE.22.10: in W-2 the Mind (green, not a main player) asks to look at blue's hand;
    yellow may zap it. Zapped: it sees nothing (S_MIND_SEEN empty) and, its power off for the
    encounter, is not asked again in W-4."""
    t = table("none,none,Mind,none")
    t.hands(p3=[ART(ZAP), ATT(6)])
    t.st[A.S_OFF], t.st[A.S_DEF] = 0, 1
    t.script(BLUE, answer(zap, GREEN))
    t.window(A.W_2)
    assert t.script_ok()
    assert t.asked() == [(A.D_POWER, GREEN, 3), (A.D_ARTIFACT, 3, 2)]
    check_use(t, GREEN, zap)
    assert t[A.S_MIND_SEEN] == (0 if zap else 1 << BLUE)
    assert A.may_see_hand(t.st, np.int64(GREEN), np.int64(BLUE)) == (not zap)
    t.window(A.W_4)
    assert len(t.asked()) == 2


@ZAPPED
def test_ce_21_1_zap_on_mutant_regeneration(zap):
    """CE.21.1 / CE.22.11: in W-8 the offense Mutant (2 cards) asks to fill its hand to 7; yellow may
    zap it. Zapped: it draws nothing (the deck is untouched)."""
    t = setup_fight("Mutant,none,none,none", centre=2, def_ships=2)
    t.hands(p0=[ATT(6), NEG], p3=[ART(ZAP), ATT(6)])
    t.face_down(ATT(10), ATT(12))
    deck = t[A.S_DECK_N]
    t.script(1, answer(zap, RED), *([] if zap else [-1] * 5))
    t.window(A.W_8)
    assert t.script_ok()
    assert t.asked()[:2] == [(A.D_POWER, RED, 2), (A.D_ARTIFACT, 3, 2)]
    check_use(t, RED, zap)
    assert len(t.hand(0)) == (2 if zap else 7)
    assert t[A.S_DECK_N] == (deck if zap else deck - 5)
    assert t.conserved() == 0


@ZAPPED
def test_ce_21_1_zap_on_parasite_joining(zap):
    """CE.21.1 / CE.22.14 / CE.8.3: nobody invited anyone; at its step-7 answer the Parasite (green)
    joins the defense uninvited; yellow may zap it. Zapped: the plain rule, an uninvited player
    does not join (no ships committed), and it is not asked again in W-7. The outcome follows: 10
    + 2 against 8 + 2 (OFFENSE_WIN) without it, against 8 + 2 + 3 with it."""
    t = setup_fight("none,none,Parasite,none", centre=2, def_ships=2)
    t.hands(p3=[ART(ZAP), ATT(6)])
    t.script(DEF, answer(zap, GREEN), *([] if zap else [S(P(GREEN, 1), 3), -1]))
    t.call("answers", 0)
    assert t.script_ok()
    assert t.asked()[:2] == [(A.D_ALLIANCE, GREEN, 3), (A.D_ARTIFACT, 3, 2)]
    check_use(t, GREEN, zap)
    assert t[A.S_ALLY + GREEN] == (0 if zap else DEF) and t[A.S_CARRIER + GREEN] == (0 if zap else 3)
    n = len(t.asked())
    t.window(A.W_7)
    assert len(t.asked()) == n
    t.play_cards(ATT(10), ATT(8))
    assert t.outcome() == (A.R_OFFENSE_WIN if zap else A.R_DEFENSE_WIN)
    assert totals(t)[4] == (2 if zap else 5)


@ZAPPED
def test_ce_21_1_zap_on_philanthropist_gift(zap):
    """CE.21.1 / CE.22.15: in W-2 the Philanthropist (green) gives its 12 to the defense; yellow may
    zap it. Zapped: the card stays in green's hand, blue's hand is unchanged."""
    t = table("none,none,Philanthropist,none")
    t.hands(p2=[ATT(12), NEG], p3=[ART(ZAP), ATT(6)])
    c12 = t.card(2, ATT(12))
    h1 = sorted(t.hand(1))
    t.st[A.S_OFF], t.st[A.S_DEF] = 0, 1
    t.script(c12 * 8 + BLUE, answer(zap, GREEN))
    t.window(A.W_2)
    assert t.script_ok()
    assert t.asked() == [(A.D_POWER, GREEN, 5), (A.D_ARTIFACT, 3, 2)]
    check_use(t, GREEN, zap)
    if zap:
        assert c12 in t.hand(2) and sorted(t.hand(1)) == h1
    else:
        assert c12 not in t.hand(2) and sorted(t.hand(1)) == sorted(h1 + [c12])


@ZAPPED
@pytest.mark.parametrize("edition", ["AH2000", "FFG2008"])
def test_ce_21_1_zap_on_sorcerer_swap(zap, edition):
    """CE.21.1 / CE.22.16: in W-8 the offense Sorcerer swaps the face-down 4 and 20; green may zap
    it. Zapped: the cards stay where they were and 4 + 2 loses to 20 + 2. Under FFG2008 too
    (CE.43.3: the Sorcerer's power is optional, "a power that says use", so it can be zapped)."""
    t = setup_fight("Sorcerer,none,none,none", centre=2, def_ships=2, **(FFG if edition == "FFG2008" else {}))
    t.hands(p2=[ART(ZAP), ATT(6)])
    co, cd = t.face_down(ATT(4), ATT(20))
    t.script(1, answer(zap, RED))
    t.window(A.W_8)
    assert t.script_ok()
    assert t.asked() == [(A.D_POWER, RED, 2), (A.D_ARTIFACT, GREEN, 2)]
    check_use(t, RED, zap)
    assert (t[A.S_CARD_O], t[A.S_CARD_D]) == ((co, cd) if zap else (cd, co))
    t.reveal()
    assert t.outcome() == (A.R_DEFENSE_WIN if zap else A.R_OFFENSE_WIN)


@ZAPPED
def test_ce_21_1_zap_on_trader_swap(zap):
    """CE.21.1 / CE.22.17: in W-2 the defense Trader swaps hands with the offense; green may zap it.
    Zapped: both hands stay as they were, and the Trader is not asked again in W-4."""
    t = table("none,Trader,none,none")
    t.hands(p0=[ATT(30), ATT(20)], p1=[NEG], p2=[ART(ZAP), ATT(6)])
    t.st[A.S_OFF], t.st[A.S_DEF] = 0, 1
    t.script(1, answer(zap, BLUE))
    t.window(A.W_2)
    assert t.script_ok()
    assert t.asked() == [(A.D_POWER, BLUE, 2), (A.D_ARTIFACT, GREEN, 2)]
    check_use(t, BLUE, zap)
    if zap:
        assert t.hand_classes(0) == [ATT(20), ATT(30)] and t.hand_classes(1) == [NEG]
    else:
        assert t.hand_classes(0) == [NEG] and t.hand_classes(1) == [ATT(20), ATT(30)]
    t.window(A.W_4)
    assert len(t.asked()) == 2
    assert t.conserved() == 0  # (engine_check's CE.70.5 holds between turns only: zaps expire then)


@ZAPPED
def test_ce_21_1_zap_on_zombie_redirect(zap):
    """CE.21.1 / CE.22.20 / CE.20.6: the offense Zombie loses A/A and asks to redirect its 3 ships;
    green may zap it. Zapped: the plain rule, the 3 ships reach the warp (a loss is logged)."""
    t = fight("Zombie,none,none,none", ATT(4), ATT(10), centre=3, def_ships=4)
    t.hands(p2=[ART(ZAP), ATT(6)])
    w0 = t.warp(0)
    t.script(1, answer(zap, RED), *([] if zap else [S(P(RED, 1), 3)]))
    assert t.outcome() == A.R_DEFENSE_WIN
    assert t.script_ok()
    assert t.asked()[:2] == [(A.D_POWER, RED, 2), (A.D_ARTIFACT, GREEN, 2)]
    check_use(t, RED, zap)
    assert t.warp(0) == (w0 + 3 if zap else w0)
    assert [e[:2] for e in t.events(t.k.E_LOSS) if e[0] == RED] == ([(RED, 3)] if zap else [])
    assert t.conserved() == 0


@ZAPPED
def test_ce_21_1_zap_on_zombie_release_in_a_deal(zap):
    """CE.21.1 / CE.22.20 effect 2 / CE.51.1 RELEASE: the offense Zombie's deal (the standard deal
    with RELEASE(3) of blue's warp ships) is accepted; when the RELEASE term is carried out (a use
    of the power) green may zap it. Zapped: the other terms stand (DEAL_MADE) but no ship leaves
    blue's warp."""
    t = fight("Zombie,none,none,none", NEG, NEG, centre=2, def_ships=3)
    t.hands(p2=[ART(ZAP), ATT(6)])
    w1 = t.warp(1)
    t.script(S(P(RED, 1), 2), 3, S(P(RED, 2), 1), -1, S(P(BLUE, 2), 1), -1, answer(zap, RED),
             *([] if zap else [S(P(BLUE, 3), 3)]))
    assert t.outcome() == A.R_DEAL_MADE
    assert t.script_ok(), t.asked()
    assert (A.D_ARTIFACT, GREEN, 2) in t.asked()
    check_use(t, RED, zap)
    assert t.warp(1) == (w1 if zap else w1 - 3)
    assert t.conserved() == 0


@ZAPPED
def test_ce_21_1_zap_on_vulch_keeping_its_artifacts(zap):
    """CE.21.1 / CE.22.19 / CE.17.4: the defense Vulch must take a new hand and asks to KEEP_ALL its
    2 artifacts; green may zap it. Zapped: the plain rule, its artifacts are discarded (none has a
    legal use there) and it draws 7."""
    t = table("none,none,none,Vulch")
    t.hands(p3=[ART(GAS), ART(MOBIUS)], p2=[ART(ZAP), ATT(6)])
    arts = sorted(t.hand(3))
    t.deck_top([ATT(8), NEG, ATT(6), ATT(6), ATT(10), NEG, ATT(4)])
    t.st[A.S_OFF], t.st[A.S_DEF] = 0, 3
    t.script(1, answer(zap, 3))
    assert t.new_hand(3, A.T_NEWHAND_DEF) == 1
    assert t.script_ok()
    assert t.asked() == [(A.D_POWER, 3, 2), (A.D_ARTIFACT, GREEN, 2)]
    check_use(t, 3, zap)
    if zap:
        assert len(t.hand(3)) == 7 and set(arts) <= set(t.discard())
    else:
        assert len(t.hand(3)) == 9 and set(arts) <= set(t.hand(3))
    assert t.conserved() == 0


# ============================================================================================
# CE.21.1 on the mandatory powers of CE.22 (AH2000: automatic effects are zapped too, A25)
# ============================================================================================

@ZAPPED
def test_ce_21_1_zap_on_empath_at_the_reveal(zap):
    """CE.21.1 / CE.22.5: the defense Empath reveals a negotiate against a 30 (its E.POWER moment,
    at the reveal); green may zap it. Zapped: the plain A/N rule, the negotiate loses (OFFENSE_WIN)
    and blue claims compensation for its 2 ships (CE.12). Not zapped: N/N, a deal."""
    t = setup_fight("none,Empath,none,none", centre=3, def_ships=2)
    t.hands(p2=[ART(ZAP), ATT(6)])
    t.face_down(ATT(30), NEG)
    t.script(answer(zap, BLUE))
    t.reveal()
    assert t.asked() == [(A.D_ARTIFACT, GREEN, 2)]
    check_use(t, BLUE, zap)
    assert t[A.S_NEG_SIDE] == (0 if zap else OFF)
    res = t.outcome()
    assert res == (A.R_OFFENSE_WIN if zap else A.R_DEAL_MADE)
    assert [e[:3] for e in t.events(t.k.E_COMP)] == ([(BLUE, RED, 2)] if zap else [])


@ZAPPED
def test_ce_21_1_zap_on_virus_at_the_totals(zap):
    """CE.21.1 / CE.22.18 / CE.10.3: the offense Virus (3 ships and a 1-ship ally) reveals a 6
    against 10 + 4; at the A/A totals (its E.POWER moment) yellow may zap it. Zapped: the plain
    rule 6 + 4 = 10 < 14, DEFENSE_WIN. Not zapped: 6 x 4 = 24, OFFENSE_WIN."""
    t = fight("Virus,none,none,none", ATT(6), ATT(10), centre=3, def_ships=4, wings={GREEN: 1})
    t.hands(p3=[ART(ZAP), ATT(6)])
    t.script(answer(zap, RED))
    assert t.outcome() == (A.R_DEFENSE_WIN if zap else A.R_OFFENSE_WIN)
    assert t.script_ok()
    assert t.asked() == [(A.D_ARTIFACT, 3, 2)]
    check_use(t, RED, zap)
    assert totals(t) == ([6, 4, 10, 10, 4, 14, 0] if zap else [6, 4, 24, 10, 4, 14, 0])


# ============================================================================================
# CE.43.3 / A60: under FFG2008 only the optional powers can be zapped
# ============================================================================================

@pytest.mark.parametrize("edition", ["AH2000", "FFG2008"])
@pytest.mark.parametrize("aliens, p, card_o, card_d, centre, def_ships, plain, power", [
    # Virus offense: 6 x 3 = 18 against 10 + 4; plain 6 + 3 = 9
    ("Virus,none,none,none", RED, 6, 10, 3, 4, A.R_DEFENSE_WIN, A.R_OFFENSE_WIN),
    # Macron offense, 1 ship: 8 + 4 against 8 + 3; plain 8 + 1
    ("Macron,none,none,none", RED, 8, 8, 1, 3, A.R_DEFENSE_WIN, A.R_OFFENSE_WIN),
    # Anti-Matter defense: 6 - 2 = 4 against 8 + 3, the lower wins; plain 8 + 3 against 6 + 2
    ("none,Anti-Matter,none,none", BLUE, 8, 6, 3, 2, A.R_OFFENSE_WIN, A.R_DEFENSE_WIN),
])
def test_ce_43_3_mandatory_power_cannot_be_zapped_under_ffg(edition, aliens, p, card_o, card_d, centre, def_ships,
                                                             plain, power):
    """CE.43.3 / A60 against CE.21.1 / A25: at the A/A totals of a mandatory power the Zap holder
    (yellow) is asked under AH2000 (and its Zap makes the plain rule apply) but never under
    FFG2008, where the power applies although a Zap is in hand."""
    t = fight(aliens, ATT(card_o), ATT(card_d), centre, def_ships, edition=edition)
    t.hands(p3=[ART(ZAP), ATT(6)])
    t.script(A.art_code(ZAP, p))
    res = t.outcome()
    if edition == "AH2000":
        assert t.asked() == [(A.D_ARTIFACT, 3, 2)]
        assert res == plain and t[A.S_ZAPPED + p] == 1 and uses(t, p) == 0
        assert totals(t)[6] == 0
    else:
        assert t.asked() == [] and t.hand_classes(3) == sorted([ART(ZAP), ATT(6)])
        assert res == power and t[A.S_ZAPPED + p] == 0 and uses(t, p) == 1
        assert totals(t)[6] == (1 if "Anti" in aliens else 0)


def test_ce_43_3_mandatory_empath_cannot_be_zapped_under_ffg():
    """CE.43.3 / A60: the Empath's reveal (mandatory) under FFG2008: the Zap holder is not asked and
    the 30 counts as a negotiate."""
    t = setup_fight("none,Empath,none,none", centre=3, def_ships=2, **FFG)
    t.hands(p2=[ART(ZAP), ATT(6)])
    t.face_down(ATT(30), NEG)
    t.script(A.art_code(ZAP, BLUE))
    t.reveal()
    assert t.asked() == []
    assert t[A.S_NEG_SIDE] == OFF and uses(t, BLUE) == 1 and t[A.S_ZAPPED + BLUE] == 0
