"""Power-aware play of the `basic` heuristic (simsuite/games/cosmic/bots/basic/cardplay.py): the
encounter card, alliance answers and launches are forecast with the engine's own totals and
outcome rules for the aliens at the table (CE.10.3, CE.22.2 revision 2, CE.22.18, CE.22.9,
CE.22.5, CE.22.13, CE.22.12), so the same hand gives different answers against different aliens.

States are built with tests/cosmic_harness.py; the decision is asked of ``basic_decide`` itself
with the options the engine lists (``_card_options``), so the tests read exactly what a game
would do. Seats: 0 red (offense), 1 blue (defense), 2 green, 3 yellow.
"""
import numpy as np
import pytest
from cosmic_harness import ATT, NEG, RED, P, setup_fight

import simsuite.games.cosmic.api as A
from simsuite.engine.unmanaged import pointer_call
from simsuite.games.cosmic.bots.basic.policy import basic_decide
from simsuite.games.cosmic.bots.basic.weights import ANSWERS

I = np.int64
HAND = [ATT(4), ATT(8), ATT(12), ATT(20), NEG]
# every answer to another player's power at 1, the modelled answer (the engine's rules), whatever
# basic's default for it: the tests below read the modelled answers
MODELLED = {"basic_answer_" + a.removeprefix("answer_"): 1 for a in ANSWERS}


def _table(aliens, centre=4, def_ships=4):
    """Red (offense) with `centre` ships against blue 1 with `def_ships` (step 8, no card yet),
    every seat answering other players' powers as modelled."""
    return setup_fight(aliens, centre, def_ships, **MODELLED)


def _card(t, me, hand):
    """The card basic chooses from `hand` (as ("A", v) / ("N",)), with the engine's option list."""
    t.set_hand(me, hand)
    t.sync()
    n = int(t.k._card_options(t.st, t.c, I(me), I(-3)))  # ENC_CARD: one option per distinct card
    t.st[A.S_NOPT] = n
    i = int(pointer_call(basic_decide)(I(A.D_CARD), t.st, t.c, I(me)))
    assert 0 <= i < n
    c = int(t.st[A.S_OPT + i])
    kind = int(t.c[A.C_CARD_KIND + c])
    return ("N",) if kind == A.K_NEGOTIATE else ("A", int(t.c[A.C_CARD_VAL + c]))


def _decide(t, kind, me, options):
    t.sync()
    t.st[A.S_OPT:A.S_OPT + len(options)] = options
    t.st[A.S_NOPT] = len(options)
    return options[int(pointer_call(basic_decide)(I(kind), t.st, t.c, I(me)))]


def test_card_differs_against_anti_matter_virus_and_no_alien():
    """CE.22.2 (revision 2) / CE.22.18 / CE.10.3: red attacks with 4 ships, the same hand each time.
    Against a plain defense a middling attack wins; against a defending Anti-Matter the lower total
    wins, so red's lowest attack is best; against a defending Virus (4 ships x card) only a
    negotiate or the 20 can hope: three different answers from one hand."""
    plain = _card(_table("none,none,none,none"), 0, HAND)
    anti = _card(_table("none,Anti-Matter,none,none"), 0, HAND)
    virus = _card(_table("none,Virus,none,none"), 0, HAND)
    assert len({plain, anti, virus}) == 3, (plain, anti, virus)
    assert anti == ("A", 4)
    assert plain[0] == "A" and 4 < plain[1] <= 20
    assert virus in (("N",), ("A", 20))


def test_card_as_anti_matter_and_as_virus():
    """The holder uses its own power: an offensive Anti-Matter plays its lowest attack (its own
    ships subtract, CE.22.2); an offensive Virus with 4 ships multiplies, so a low attack already
    beats a typical defense (4 x 8 = 32 against 8 + 4) and it keeps its 20 (CE.22.18)."""
    assert _card(_table("Anti-Matter,none,none,none"), 0, HAND) == ("A", 4)
    v = _card(_table("Virus,none,none,none"), 0, HAND)
    assert v[0] == "A" and v[1] < 20


def test_card_against_pacifist_and_empath():
    """CE.22.13: a defending Pacifist's negotiate beats an attack, and CE.22.5: a defending
    Empath's negotiate turns red's card into a negotiate: against both, red's choice differs from
    the plain table's only through the outcome rules; the defense holding the power rates its own
    negotiate higher than without the power."""
    hand = [ATT(6), ATT(10), NEG]
    t = _table("none,Pacifist,none,none")
    pac = _card(t, 1, hand)
    t = _table("none,none,none,none")
    plain = _card(t, 1, hand)
    assert pac == ("N",)
    assert plain != pac or plain == ("N",)


def test_card_with_the_opponents_card_face_up():
    """CE.22.12: the Oracle's opponent (blue) played first and its 8 is face up; the Oracle (red,
    4 ships against 4) plays the smallest attack that wins by the engine's totals: 4 + 4 and 8 + 4
    do not beat 8 + 4 (a tie goes to the defense, CE.10.4), 12 + 4 does."""
    t = _table("Oracle,none,none,none")
    t.set_hand(0, HAND)
    t.face_down(ATT(30), ATT(8))  # blue's card from the deck; red's slot is cleared below
    t.st[A.S_CARD_O] = -1
    t.st[A.S_FACEUP] = int(A.SIDE_DEFENSE)
    assert _card(t, 0, HAND) == ("A", 12)


def test_launch_against_a_defending_anti_matter():
    """CE.22.2 revision 2: against a defending Anti-Matter the offense's own ships add to its total
    and the lower total wins, so basic launches the minimum (1 ship); against a plain defense, with
    a strong hand, it takes all but one of the colony's 4 ships (a colony ends with its last ship)."""
    for aliens, want in (("none,Anti-Matter,none,none", 1), ("none,none,none,none", 3)):
        t = _table(aliens, centre=0)
        t.set_hand(0, HAND)
        t.sync()
        t.st[A.S_CTX_N] = 0
        t.st[A.S_CTX_MAX] = 4
        pl = P(RED, 1)
        opts = [pl * int(A.SRC_SHIFT) + k for k in range(1, 5)]
        code = _decide(t, A.D_LAUNCH, 0, opts)
        assert code % int(A.SRC_SHIFT) == want, aliens


@pytest.mark.parametrize("offense_alien", ["none", "Virus", "Macron"])
def test_alliance_answer_follows_the_engine_totals(offense_alien):
    """CE.22.18 / CE.22.9 / CE.10.2: green, invited by both sides, with red attacking with 1 ship
    against blue's 6. Against a plain offense (1 + 3 of green's against 6) green defends; an
    offensive Virus (the card times 1 + 3 ships) or Macron (its ship weighs 4) makes the offense
    the likely winner with green's ships, so green joins it for a colony."""
    t = _table(f"{offense_alien},none,none,none", centre=1, def_ships=6)
    t.set_hand(2, HAND)
    ans = _decide(t, A.D_ALLIANCE, 2, [int(A.NONE), int(A.SIDE_OFFENSE), int(A.SIDE_DEFENSE)])
    if offense_alien == "none":
        assert ans == A.SIDE_DEFENSE
    else:
        assert ans == A.SIDE_OFFENSE


def test_the_answer_to_a_sorcerer_keeps_the_big_card_back_or_ignores_the_swap():
    """CE.22.16: a Sorcerer main player may swap the face-down encounter cards. Red attacks with 1
    ship against blue (Sorcerer) with 1, holding a 4 and a 20. basic's modelled answer
    (basic_answer_sorcerer 1, the default) plays the 4: a 20 would be swapped into the Sorcerer's
    hand of the encounter and win for it. With the answer off (0, a value the bands and the tuner
    search) red plays as if there were no swap and leads with the 20."""
    hand = [ATT(4), ATT(20)]
    assert _card(_table("none,Sorcerer,none,none", 1, 1), 0, hand) == ("A", 4)
    assert _card(setup_fight("none,Sorcerer,none,none", 1, 1, basic_answer_sorcerer=0), 0, hand) == ("A", 20)


def test_the_answer_to_an_oracle_plays_its_best_card_or_ignores_the_oracle():
    """CE.22.12: a defending Oracle sees the offense's card before choosing its own. Red attacks with
    4 ships against blue (Oracle) with 1, holding a 10, a 20 and a negotiate. The modelled answer
    (basic_answer_oracle 1; the default is 0, see weights.py) rates each card against the Oracle's best reply, and only the 20 stands
    up to that; with the answer off (0) red rates its cards against the cards blue may hold, as
    against anyone, and a 10 is enough (the 20 is saved)."""
    hand = [ATT(10), ATT(20), NEG]
    assert _card(_table("none,Oracle,none,none", 4, 1), 0, hand) == ("A", 20)
    assert _card(setup_fight("none,Oracle,none,none", 4, 1, basic_answer_oracle=0), 0, hand) == ("A", 10)


@pytest.mark.parametrize("alien, answer, hand, modelled, ignored", [
    ("Macron", "basic_answer_macron", HAND, ("N",), ("A", 20)),
    ("Virus", "basic_answer_virus", HAND, ("N",), ("A", 20)),
    ("Anti-Matter", "basic_answer_anti_matter", HAND, ("A", 4), ("A", 20)),
    ("Pacifist", "basic_answer_pacifist", [ATT(8), NEG], ("N",), ("A", 8)),
])
def test_the_answer_to_a_defending_power_changes_the_card_or_ignores_the_power(alien, answer, hand, modelled,
                                                                               ignored):
    """Red attacks with 4 ships against blue's 4, blue holding the power. basic's modelled answer (the
    weight at 1; the default for Macron and Anti-Matter) forecasts the encounter by the engine's rules for it: a Macron's 4
    ships weigh 16 (CE.22.9) and a Virus's total is its card times 4 (CE.22.18), so even red's 20 is
    no better than even and red negotiates; against an Anti-Matter the lower total wins (CE.22.2
    revision 2), so red plays its lowest attack; a Pacifist's negotiate beats an attack (CE.22.13),
    so red negotiates too. With the answer at 0 (a value the bands and the tuner search) red plays
    as if the power were not at the table: exactly the card it plays against a plain defense."""
    plain = _card(_table("none,none,none,none"), 0, hand)
    assert _card(_table(f"none,{alien},none,none"), 0, hand) == modelled
    assert _card(setup_fight(f"none,{alien},none,none", 4, 4, **{answer: 0}), 0, hand) == ignored == plain


def test_an_answer_at_0_leaves_the_holders_own_power_counted():
    """The answers are to other players' powers: a holder whose answer weight is 0 still forecasts
    with its own power. As in test_card_as_anti_matter_and_as_virus, an offensive Anti-Matter plays
    its lowest attack (CE.22.2) and an offensive Virus keeps its 20 (CE.22.18), with every seat's
    answer to those powers at 0."""
    t = setup_fight("Anti-Matter,none,none,none", 4, 4, basic_answer_anti_matter=0)
    assert _card(t, 0, HAND) == ("A", 4)
    v = _card(setup_fight("Virus,none,none,none", 4, 4, basic_answer_virus=0), 0, HAND)
    assert v[0] == "A" and v[1] < 20
    assert _card(_table("none,none,none,none"), 0, HAND) not in (("A", 4), v)
