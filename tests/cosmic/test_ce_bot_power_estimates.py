"""The `basic` heuristic's estimates of what a power does come from the engine's rules, not from
constants (simsuite/games/cosmic/bots/basic/cardplay.py, heuristics.py, policy.py, powers.py, naive.py):

* the Sorcerer's swap (CE.22.16) is a best response computed with the engine's outcome rules, for
  the Sorcerer itself and in its opponents' forecast;
* a lost ship costs its owner only if it reaches the warp (E.LOSS CE.20.6: the Zombie CE.22.20,
  the Healer CE.22.7): launch size, ships sent as an ally and alliance answers follow;
* a Macron ally is one ship of weight 4 (CE.8.4, CE.22.9, ``api.ship_limit``);
* the naive power policies control every use of the power, also the Parasite's uninvited join,
  which is an answer to the alliance decision (CE.8.3, CE.22.14).

States are built with tests/cosmic_harness.py and the decision is asked of the strategy functions
themselves. Seats: 0 red (offense), 1 blue (defense), 2 green, 3 yellow.
"""
import numpy as np
import pytest
from cosmic_harness import ATT, GREEN, NEG, RED, P, setup_fight

import simsuite.games.cosmic.api as A
from simsuite.engine.unmanaged import pointer_call
from simsuite.games.cosmic.bots.basic.heuristics import OWN_ALWAYS, OWN_NEVER, OWN_RANDOM
from simsuite.games.cosmic.bots.basic.naive import naive_decide
from simsuite.games.cosmic.bots.basic.policy import basic_decide

I = np.int64
ALLY = [int(A.NONE), int(A.SIDE_OFFENSE), int(A.SIDE_DEFENSE)]


def _decide(t, kind, me, options, own=None):
    t.sync()
    t.st[A.S_OPT:A.S_OPT + len(options)] = options
    t.st[A.S_NOPT] = len(options)
    if own is None:
        i = int(pointer_call(basic_decide)(I(kind), t.st, t.c, I(me)))
    else:
        i = int(pointer_call(naive_decide)(I(kind), t.st, t.c, I(me), I(own)))
        assert list(t.st[A.S_OPT:A.S_OPT + len(options)]) == options  # the option list put back
    return options[i]


def _sorcerer_swaps(t, me):
    t.st[A.S_PK] = A.PK_SORCERER
    return _decide(t, A.D_POWER, me, [int(A.NONE), 1]) == 1


def test_sorcerer_keeps_a_low_attack_that_wins_on_ships():
    """CE.22.16 / CE.10.3: red (Sorcerer, offense) has 4 ships and green's 8 on its side against
    blue's 1: its face-down attack 4 wins against nearly any attack (16 against v + 1), and it
    also wins if blue negotiates, which a swap would turn into red's loss; swapping gains nothing.
    The old rule swapped any card below 0.8 x the deck's mean attack."""
    t = setup_fight("Sorcerer,none,none,none", centre=4, def_ships=1, wings={GREEN: 8})
    t.face_down(ATT(4), ATT(6))
    assert not _sorcerer_swaps(t, RED)
    # with the ships even and its card a negotiate, exchanging for blue's unknown card pays
    t = setup_fight("Sorcerer,none,none,none", centre=4, def_ships=4)
    t.face_down(NEG, ATT(6))
    assert _sorcerer_swaps(t, RED)


def test_macron_ally_is_one_ship_of_weight_4():
    """CE.8.4 / CE.22.9: green (Macron) may commit exactly one ship, of weight 4. Red attacks
    with 1 ship against blue's 6: with green's one ship the offense totals 5 against 6 and is the
    likely loser, so green defends (4 ships of weight 4, the old estimate of 12, made the
    offense the likely winner)."""
    t = setup_fight("none,none,Macron,none", centre=1, def_ships=6)
    t.set_hand(GREEN, [ATT(8), NEG])
    assert _decide(t, A.D_ALLIANCE, GREEN, ALLY) == A.SIDE_DEFENSE


@pytest.mark.parametrize("aliens, expect", [("none,none,none,none", A.SIDE_DEFENSE),
                                            ("none,none,Zombie,none", A.SIDE_OFFENSE),
                                            ("none,none,none,Healer", A.SIDE_OFFENSE)])
def test_ally_risk_follows_where_lost_ships_go(aliens, expect):
    """E.LOSS (CE.20.6): red attacks with 1 ship against blue's 6 and invites green, as does
    blue. Without a Zombie or Healer, green's 3 ships would likely go to the warp on the offense
    side, so it defends. A Zombie's ships never reach the warp (CE.22.20), and a Healer at the
    table returns green's (CE.22.7): nothing is at risk, and green joins the offense for a
    colony."""
    t = setup_fight(aliens, centre=1, def_ships=6)
    t.set_hand(GREEN, [ATT(8), NEG])
    assert _decide(t, A.D_ALLIANCE, GREEN, ALLY) == expect


@pytest.mark.parametrize("aliens, expect", [("none,none,Zombie,none", A.SIDE_OFFENSE),
                                            ("none,none,none,Healer", A.SIDE_DEFENSE)])
def test_the_answer_to_saved_ships_can_ignore_another_players_power(aliens, expect):
    """basic_answer_zombie and basic_answer_healer 0 (answers the bands and the tuner search): the same state as above,
    but green plays as if another player's Zombie or Healer were not at the table. Yellow's Healer
    would return green's ships (CE.22.7); ignored, they count as lost to the warp, and green defends
    as it does with no power at the table. Green's own Zombie (CE.22.20) is its own power, still
    counted: it joins the offense."""
    t = setup_fight(aliens, centre=1, def_ships=6, basic_answer_zombie=0, basic_answer_healer=0)
    t.set_hand(GREEN, [ATT(8), NEG])
    assert _decide(t, A.D_ALLIANCE, GREEN, ALLY) == expect


@pytest.mark.parametrize("answers, expect", [(dict(basic_answer_healer=0), A.SIDE_DEFENSE),
                                             (dict(basic_answer_zombie=0), A.SIDE_OFFENSE)])
def test_the_answers_to_the_healer_and_the_zombie_are_separate(answers, expect):
    """The same state with yellow's Healer (CE.22.7): answer_healer 0 alone makes green count its
    ships as lost to the warp, and it defends; answer_zombie 0 alone leaves the Healer answered
    (basic's default, 1), and green joins the offense. The two answers are searched apart because
    they do best at different values (tools/answer_defaults.py)."""
    t = setup_fight("none,none,none,Healer", centre=1, def_ships=6,
                    **{"basic_answer_zombie": 1, "basic_answer_healer": 1, **answers})
    t.set_hand(GREEN, [ATT(8), NEG])
    assert _decide(t, A.D_ALLIANCE, GREEN, ALLY) == expect


@pytest.mark.parametrize("alien", ["Macron", "Virus", "Anti-Matter", "Empath", "Pacifist"])
def test_the_answer_to_an_offensive_power_moves_the_alliance_answer(alien):
    """Red attacks with 1 ship against blue's 6, holding the power; green is invited by both sides.
    Against a plain offense green defends (1 + 3 of its ships against 6: the offense is the likely
    loser). basic's modelled answer (basic_answer_NAME 1) forecasts by the engine's
    rules for red's power: a Macron's ship weighs 4 (CE.22.9), a Virus multiplies its card by its
    ships (CE.22.18), against an Anti-Matter the lower total wins (CE.22.2 revision 2), an Empath's
    negotiate turns the other card into a negotiate (CE.22.5), a Pacifist's negotiate beats an attack
    (CE.22.13): each makes the offense the likely winner with green's ships, and green joins it for a
    colony. With the answer at 0 (a value the bands and the tuner search) green plays as if the power
    were not at the table and defends, as against the plain offense."""
    answer = "basic_answer_" + alien.lower().replace("-", "_")

    def green(aliens, **kw):
        t = setup_fight(aliens, centre=1, def_ships=6, **kw)
        t.set_hand(GREEN, [ATT(8), NEG])
        return _decide(t, A.D_ALLIANCE, GREEN, ALLY)

    assert green("none,none,none,none") == A.SIDE_DEFENSE
    assert green(f"{alien},none,none,none", **{answer: 1}) == A.SIDE_OFFENSE
    assert green(f"{alien},none,none,none", **{answer: 0}) == A.SIDE_DEFENSE


def test_zombie_launches_and_allies_with_the_most_ships():
    """CE.22.20: the Zombie loses no ship to the warp, so with a weak hand (negotiates only) it
    still launches as many as a colony can give (3 of 4, keeping the colony), not 2; as an ally it
    sends 4 where basic sends 3 (two colonies of 4: 3 from one, 1 from the other). A Zombie that
    never uses its power (power_never) counts on its ships going to the warp."""
    src = int(A.SRC_SHIFT)
    for aliens, own, want in (("Zombie,none,none,none", None, 3), ("none,none,none,none", None, 2),
                              ("Zombie,none,none,none", OWN_NEVER, 2)):
        t = setup_fight(aliens, centre=0, def_ships=4)
        t.set_hand(RED, [NEG, NEG])
        t.st[A.S_CTX_N] = 0
        t.st[A.S_CTX_MAX] = 4
        opts = [P(RED, 1) * src + k for k in range(1, 5)]
        assert _decide(t, A.D_LAUNCH, RED, opts, own) % src == want, (aliens, own)
    for aliens, want in (("none,none,Zombie,none", 4), ("none,none,none,none", 3)):
        t = setup_fight(aliens, centre=1, def_ships=4)
        t.st[A.S_ALLY + GREEN] = A.SIDE_OFFENSE
        t.st[A.S_CTX_N] = 3
        t.st[A.S_CTX_MAX] = 4
        opts = [int(A.NONE)] + [P(GREEN, 2) * src + 1]
        got = _decide(t, A.D_ALLY_SHIPS, GREEN, opts)
        assert (got != A.NONE) == (want == 4), aliens


def _parasite_table(inv_o, inv_d):
    """Green (Parasite) answers: red attacks with 1 ship against blue's 6; basic would defend."""
    t = setup_fight("none,none,Parasite,none", centre=1, def_ships=6)
    t.set_hand(GREEN, [ATT(8), NEG])
    t.st[A.S_INV_O] = inv_o
    t.st[A.S_INV_D] = inv_d
    t.st[A.S_HB_OFFER] = 3 << (2 * GREEN)  # its file's on_answer opened both sides to it (hb_offer_side)
    return t


def test_naive_policies_control_the_parasites_uninvited_join():
    """CE.22.14 / CE.8.3: joining a side that did not invite it is a use of the Parasite's power,
    asked as an alliance answer. Invited by nobody, basic joins the defense (a use); power_never
    declines. Invited by the defense, joining it is no use and power_never does; power_always
    takes a use (the offense, uninvited) and power_random picks among {not using, the offense}."""
    g = 1 << GREEN
    assert _decide(_parasite_table(0, 0), A.D_ALLIANCE, GREEN, ALLY) == A.SIDE_DEFENSE
    assert _decide(_parasite_table(0, 0), A.D_ALLIANCE, GREEN, ALLY, OWN_NEVER) == A.NONE
    assert _decide(_parasite_table(0, g), A.D_ALLIANCE, GREEN, ALLY, OWN_NEVER) == A.SIDE_DEFENSE
    assert _decide(_parasite_table(0, g), A.D_ALLIANCE, GREEN, ALLY, OWN_ALWAYS) == A.SIDE_OFFENSE
    seen = set()
    for seed in range(40):
        t = _parasite_table(0, g)
        t.st[A.S_RNG] = 12345 + 7919 * seed
        seen.add(_decide(t, A.D_ALLIANCE, GREEN, ALLY, OWN_RANDOM))
    assert seen == {A.SIDE_OFFENSE, A.SIDE_DEFENSE}
    # the engine's own test of an uninvited join is the one the policies read
    t = _parasite_table(0, g)
    t.st[A.S_OPT:A.S_OPT + 3] = ALLY
    t.st[A.S_NOPT] = 3
    assert [int(A.option_uses_power(t.st, A.D_ALLIANCE, I(GREEN), I(i))) for i in range(3)] == [0, 1, 0]
    t.st[A.S_HB_OFFER] = 0  # no side opened by a power: an answer is never a use
    assert [int(A.option_uses_power(t.st, A.D_ALLIANCE, I(GREEN), I(i))) for i in range(3)] == [0, 0, 0]


def test_power_value_check_names_the_decisions_the_naive_policies_control():
    """The power-value report says per alien what power_always / never / random answer: every
    optional alien has its power decisions, the Parasite also its uninvited alliance answer (the
    case option_uses_power finds above); a mandatory power (Macron, CE.22.9) has none."""
    from simsuite.games.cosmic.bots.basic.naive import naive_controls
    from simsuite.games.cosmic.studies import power_value as pv

    assert all(naive_controls(a) for a in pv.OPTIONAL)
    assert any("alliance" in d for d in naive_controls("Parasite"))
    assert not any("alliance" in d for a in pv.OPTIONAL - {"Parasite"} for d in naive_controls(a))
    assert naive_controls("Macron") == () and naive_controls("Virus") == ()
