"""Cosmic Encounter, Fantasy Flight edition (edition = FFG2008, Part 2 CE.30-CE.47): every rule that
differs from the 2000 edition, on explicit states.

Rule ids (CE.x.y, ambiguity choices An = CE.60.n) as in shared/rules/cosmic_encounter.md; states,
seats and scripted decisions as in tests/cosmic_harness.py; no aliens.
"""
import numpy as np
import pytest

import simsuite.games.cosmic.api as A
from cosmic_harness import (ART, ATT, BLUE, GREEN, MORPH, NEG, PURPLE, RED, REIN, YELLOW, P, Table, setup_fight)
from simsuite.games.cosmic.api import art_code
from simsuite.games.cosmic.api import src_code as S

FFG = dict(edition="FFG2008")
OFF, DEF = int(A.SIDE_OFFENSE), int(A.SIDE_DEFENSE)


def ffg_table(players=4, **params):
    t = Table(players, aliens="none", **FFG, **params)
    t.strip_artifacts()
    return t


def ffg_fight(card_o, card_d, centre, def_ships, hands=None, **kw):
    """Red (0) against blue (1) on blue 1, both cards face down then revealed (step 9 with CE.38)."""
    t = setup_fight("none", centre, def_ships, **FFG, **kw)
    t.hands(**(hands or {"p0": [ATT(4)], "p1": [ATT(4)], "p2": [ATT(6)], "p3": [ATT(6)]}))
    t.face_down(card_o, card_d)
    t.reveal()
    return t


# ============================================================================================
# CE.30.3 / data.md: the deck, the hand size, the destiny deck
# ============================================================================================

def test_ce_30_3_ffg_deck_hands_and_destiny_deck():
    """data.md: 72 cards (55 encounter cards, morph and reinforcements included; 11 artifacts with
    Card Zap, Ionic Gas, Quash); hands of ffg_hand_size = 8; destiny deck of 3 cards per colour,
    2 wild and 3 special cards (CE.33)."""
    t = ffg_table()
    c = t.c
    assert c[A.C_N_CARDS] == 72 and c[A.C_N_ENC] == 55
    kinds = [int(c[A.C_CARD_KIND + i]) for i in range(72)]
    assert kinds.count(A.K_MORPH) == 1 and kinds.count(A.K_REINF) == 6
    arts = sorted(int(c[A.C_CARD_VAL + i]) for i in range(72) if kinds[i] == A.K_ARTIFACT)
    assert arts.count(A.ART_CARD_ZAP) == 2 and arts.count(A.ART_IONIC) == 1 and arts.count(A.ART_QUASH) == 1
    t2 = Table(4, aliens="none", **FFG)
    assert all(t2[A.S_HAND_N + p] == 8 for p in range(4))
    pile = sorted(int(t2[A.S_ORD + i]) for i in range(t2[A.S_ORD_N]))
    assert pile == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 16, 16, 17, 18, 19]


def test_ce_33_five_players_destiny_deck_holds_the_five_colours():
    """CE.33 / data.md (3-5 players, five colours; destiny deck 3 cards per colour in play, 2 wild,
    3 special): at 5 players the destiny deck holds 3 cards of each of the five colours (20 cards),
    the fifth seat has its home system of 5 planets x 4 ships and an 8-card hand; at 3 players the
    colours not in play are removed."""
    t = Table(5, aliens="none", **FFG)
    pile = sorted(int(t[A.S_ORD + i]) for i in range(t[A.S_ORD_N]))
    assert pile == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 16, 16, 17, 18, 19]
    assert all(t[A.S_HAND_N + p] == 8 for p in range(5))
    assert t.ships(PURPLE) == {P(PURPLE, n): 4 for n in range(1, 6)} and t[A.S_HOME + PURPLE] == 5
    assert t.warp(PURPLE) == 0 and t[A.S_POWER + PURPLE] == 1
    t3 = Table(3, aliens="none", **FFG)
    assert sorted(int(t3[A.S_ORD + i]) for i in range(t3[A.S_ORD_N])) == [0, 0, 0, 1, 1, 1, 2, 2, 2, 16, 16, 17, 18, 19]


def test_ce_33_3_fifth_colour_card_names_the_fifth_player():
    """CE.33.3 at 5 players: the fifth colour's card makes that player the defense; CE.33.5 / A53:
    the wild card offers the four other players."""
    t = ffg_table(5)
    t.set_order([PURPLE])
    t.st[A.S_OFF] = 0
    assert t.call("order", 0) == 0
    assert t[A.S_DEF] == PURPLE and t.asked() == []
    t = ffg_table(5)
    t.set_order([int(A.DESTINY_WILD)])
    t.st[A.S_OFF] = 0
    t.script(PURPLE)
    assert t.call("order", 0) == 0
    assert t.script_ok() and t.asked() == [(A.D_DESTINY, 0, 4)]
    assert t[A.S_DEF] == PURPLE


def test_ce_33_1_destiny_reshuffled_when_one_card_is_left():
    """CE.33.1 / A5: when a draw leaves exactly one card, that card and the whole discard (the card
    just drawn included) become the new destiny deck: nothing is lost, the pile never runs out."""
    t = ffg_table()
    st = t.st
    allc = [int(st[A.S_ORD + i]) for i in range(st[A.S_ORD_N])]
    st[A.S_ORD] = allc[0]
    st[A.S_ORD + 1] = allc[1]
    st[A.S_ORD_N] = 2
    for i, x in enumerate(allc[2:]):
        st[A.S_ORDD + i] = x
    st[A.S_ORDD_N] = len(allc) - 2
    t.call("_flip_disc")
    assert st[A.S_ORD_N] == 17 and st[A.S_ORDD_N] == 0
    assert sorted(int(st[A.S_ORD + i]) for i in range(17)) == sorted(allc)


# ============================================================================================
# CE.32 regroup, CE.33 destiny
# ============================================================================================

def test_ce_32_2_regroup_is_mandatory():
    """CE.32.2 / CE.50.1: with ships in the warp the offense must regroup one onto a colony (no
    SKIP option)."""
    t = ffg_table()
    t.set_ships(0, {P(RED, 1): 4, P(RED, 2): 4})
    t.st[A.S_OFF] = 0
    warp = t.warp(0)
    t.script(P(RED, 2))
    t.call("regroup", 0)
    assert t.script_ok()
    assert t.asked() == [(A.D_REGROUP, 0, 2)]  # two colonies, no skip
    assert t.warp(0) == warp - 1 and t.on(0, P(RED, 2)) == 5


def test_ce_32_3_regroup_onto_the_gate_with_no_colony():
    """CE.32.3: an offense with no colony puts its regrouped ship on the hyperspace gate; nothing
    is asked (it is forced); that ship is its side in the encounter."""
    t = ffg_table()
    t.set_ships(0, {})
    t.st[A.S_OFF] = 0
    t.call("regroup", 0)
    assert t.asked() == []
    assert t[A.S_CENTRE] == 1 and t.warp(0) == 19


def test_ce_33_3_colour_card_names_the_defense():
    """CE.33.3: another player's colour card: that player is the defense."""
    t = ffg_table()
    t.set_order([GREEN])
    t.st[A.S_OFF] = 0
    assert t.call("order", 0) == 0
    assert t[A.S_DEF] == GREEN and t.asked() == []


def test_ce_33_5_wild_card_the_offense_names_any_other_player():
    """CE.33.5 / A53 / CE.50.3: the wild card: the offense picks the defense among all the other
    players (three options with four players)."""
    t = ffg_table()
    t.set_order([int(A.DESTINY_WILD)])
    t.st[A.S_OFF] = 0
    t.script(YELLOW)
    assert t.call("order", 0) == 0
    assert t.script_ok() and t.asked() == [(A.D_DESTINY, 0, 3)]
    assert t[A.S_DEF] == YELLOW


def test_ce_33_6_special_cards_pick_the_named_player_and_ties_are_asked():
    """CE.33.6 / data.md: fewest ships in the warp (unique: no decision), most cards in hand (a tie:
    the offense chooses among the tied players, CE.50.4), most foreign colonies."""
    t = ffg_table()
    t.st[A.S_OFF] = 0
    t.set_ships(1, {P(BLUE, 1): 4})          # 16 in the warp
    t.set_ships(2, {P(GREEN, 1): 4, P(GREEN, 2): 4, P(GREEN, 3): 4, P(GREEN, 4): 4})  # 4
    t.set_ships(3, {P(YELLOW, 1): 4, P(YELLOW, 2): 4})  # 12
    t.set_ships(0, {})  # the offense's own warp (20) does not count either way
    t.set_order([int(A.DESTINY_FEWEST_WARP)])
    t.call("order", 0)
    assert t[A.S_DEF] == GREEN and t.asked() == []
    t.hands(p0=[ATT(4)] * 1, p1=[ATT(6), ATT(8)], p2=[ATT(4)], p3=[NEG, NEG])
    t.set_order([int(A.DESTINY_MOST_CARDS)])
    t.script(YELLOW)
    t.call("order", 0)
    assert t.asked() == [(A.D_DESTINY, 0, 2)] and t[A.S_DEF] == YELLOW
    t.set_ships(3, {P(YELLOW, 1): 4, P(RED, 1): 1, P(BLUE, 2): 1})
    t.set_order([int(A.DESTINY_MOST_FOREIGN)])
    t.call("order", 0)
    assert t[A.S_DEF] == YELLOW


def test_ce_33_4_own_colour_reestablish_counts_as_success():
    """CE.33.4 (c) / A54 / CE.39.7: red draws its own colour; only its home planet with no ship of
    anyone may be re-established (red 5; red 4 holds a blue ship); 2 ships from red 1 land there,
    the result is REESTABLISHED and the offense is offered a second encounter. RESETTLE does not
    exist under FFG2008."""
    t = ffg_table()
    t.hands(p0=[ATT(20), ATT(6)], p1=[ATT(4)])
    t.set_ships(0, {P(RED, 1): 6, P(RED, 2): 6, P(RED, 3): 4})
    t.set_ships(1, {P(BLUE, 1): 4, P(RED, 4): 1})
    t.set_order([RED])
    t.script(P(RED, 3), P(RED, 5), S(P(RED, 1), 2), -1, 0)  # the regroup (mandatory) comes first
    t.play_turn(0)
    assert t.script_ok(), t.asked()
    assert t.asked()[1] == (A.D_OWN_COLOUR, 0, 3)  # REDRAW, RE-ESTABLISH red 5, ENCOUNTER blue on red 4
    assert t.on(0, P(RED, 5)) == 2 and t.home(0) == 4 and t.on(0, P(RED, 3)) == 5
    assert t.events(t.k.E_RESULT)[0][0] == A.R_REESTABLISHED
    assert A.D_SECOND in t.kinds()


# ============================================================================================
# CE.36 planning
# ============================================================================================

def test_ce_36_3_offense_without_encounter_card_ends_at_planning():
    """CE.36.3 / A20: under FFG2008 an offense holding no encounter card is not stopped at once
    (AH2000 CE.17.3) but goes through destiny, launch and alliances; its turn ends at planning."""
    t = ffg_table()
    t.hands(p0=[REIN(2)], p1=[ATT(4)], p2=[ATT(6)], p3=[ATT(6)])
    t.set_order([BLUE])
    res = t.encounter(0)
    assert res == A.R_NO_RESULT
    kinds = t.kinds()
    assert A.D_LAUNCH in kinds and A.D_TARGET in kinds and A.D_CARD not in kinds
    assert t.events(t.k.E_EARLY_END)[0][1] == t.k.END_OFFENSE_OUT
    assert t.conserved() == 0 and t[A.S_CENTRE] == 0


def test_ce_36_2_defense_without_encounter_card_takes_a_new_hand():
    """CE.36.2 / CE.31.1 / A58: the defense holding only a reinforcement discards it and draws
    ffg_hand_size (8) cards, then plays one."""
    t = ffg_table()
    t.hands(p0=[ATT(20), ATT(6)], p1=[REIN(3)], p2=[ATT(6)], p3=[ATT(6)])
    rein = t.hand(1)[0]
    t.set_order([BLUE])
    t.encounter(0)
    nh = t.events(t.k.E_NEW_HAND)
    assert nh and nh[0][0] == 1 and nh[0][1] == 8 and nh[0][2] == A.T_NEWHAND_DEF
    assert rein in t.discard() and rein not in t.hand(1)
    assert t.conserved() == 0


# ============================================================================================
# CE.37 reinforcements, CE.38 morph
# ============================================================================================

def test_ce_37_2_reinforcement_by_a_non_main_player_changes_the_named_side():
    """CE.37.2 / A55: after the reveal green (neither main player nor ally) plays +5 for the
    defense: 10 + 4 ships = 14 against 8 + 3 + 5 = 16: the defense wins (without it 14 > 11)."""
    t = ffg_fight(ATT(10), ATT(8), centre=4, def_ships=3,
                  hands={"p0": [ATT(4)], "p1": [ATT(4)], "p2": [REIN(5)], "p3": [ATT(6)]})
    c = t.card(2, REIN(5))
    t.script(c * 4 + DEF)
    t.call("ffg_reinforcements")
    assert t.script_ok() and t.asked() == [(A.D_REINF, 2, 3)]
    assert t[A.S_REINF] == 0 and t[A.S_REINF + 1] == 5
    assert t.outcome() == A.R_DEFENSE_WIN
    assert t[A.S_TOT + 2] == 14 and t[A.S_TOT + 5] == 16
    assert c in t.discard()


def test_ce_37_2_reinforcements_loop_until_all_pass_and_either_side():
    """CE.37.2 / CE.44: the loop runs in priority order until everyone has passed in a row: the
    defense plays +3 for itself, then the offense answers with +2 for itself (it was asked again
    after the defense acted)."""
    t = ffg_fight(ATT(8), ATT(8), centre=4, def_ships=4,
                  hands={"p0": [REIN(2), ATT(4)], "p1": [REIN(3)], "p2": [ATT(6)], "p3": [ATT(6)]})
    c2 = t.card(0, REIN(2))
    c3 = t.card(1, REIN(3))
    t.script(-1, c3 * 4 + DEF, c2 * 4 + OFF)
    t.call("ffg_reinforcements")
    assert t.script_ok()
    assert [k[:2] for k in t.asked()] == [(A.D_REINF, 0), (A.D_REINF, 1), (A.D_REINF, 0)]
    assert t[A.S_REINF] == 2 and t[A.S_REINF + 1] == 3
    assert t.outcome() == A.R_DEFENSE_WIN  # 8 + 4 + 2 = 14 against 8 + 4 + 3 = 15


def test_ce_37_3_reinforcements_do_nothing_against_a_negotiate():
    """CE.37.3: a reinforcement may be played in A/N but changes nothing: the attack still wins."""
    t = ffg_fight(ATT(4), NEG, centre=1, def_ships=4,
                  hands={"p0": [ATT(4)], "p1": [REIN(5)], "p2": [ATT(6)], "p3": [ATT(6)]})
    c = t.card(1, REIN(5))
    t.script(c * 4 + DEF)
    t.call("ffg_reinforcements")
    assert t[A.S_REINF + 1] == 5
    assert t.outcome() == A.R_OFFENSE_WIN


def test_a55_involved_only_keeps_outsiders_out():
    """A55 ffg_reinforcement_players = involved: green is neither main player nor ally and is not
    asked; an ally is."""
    t = ffg_fight(ATT(8), ATT(8), centre=4, def_ships=4, carriers={3: 1}, ffg_reinforcement_players="involved",
                  hands={"p0": [ATT(4)], "p1": [ATT(4)], "p2": [REIN(5)], "p3": [REIN(2)]})
    t.call("ffg_reinforcements")
    assert [k[:2] for k in t.asked()] == [(A.D_REINF, 3)]
    assert t[A.S_REINF + 1] == 0


def test_ce_38_1_morph_copies_the_opponents_card():
    """CE.38.1: the offense's morph becomes an attack 12 like the defense's card: 12 + 4 = 16 beats
    12 + 3; against a negotiate it is a negotiate (N/N: a deal, not a win)."""
    t = ffg_fight(MORPH, ATT(12), centre=4, def_ships=3)
    assert t.outcome() == A.R_OFFENSE_WIN
    assert t[A.S_TOT] == 12 and t[A.S_TOT + 2] == 16 and t[A.S_TOT + 5] == 15
    t = ffg_fight(ATT(6), MORPH, centre=4, def_ships=4)
    assert t.outcome() == A.R_DEFENSE_WIN and t[A.S_TOT + 3] == 6  # 10 against 10: ties to the defense
    t = ffg_fight(NEG, MORPH, centre=4, def_ships=4)
    assert t.outcome() in (A.R_DEAL_MADE, A.R_DEAL_FAILED)


@pytest.mark.parametrize("rule, result", [("attack0", A.R_OFFENSE_WIN), ("negotiate", None)])
def test_ce_38_2_morph_against_morph(tmp_path, rule, result):
    """CE.38.2 / A56: morph against morph: both attack 0 (ships decide: 4 > 3) by default, both
    negotiate (a deal) with ffg_double_morph = negotiate. A test deck holds two morphs."""  # 4 > 3 ships
    deck = (tmp_path / "two_morphs.toml")
    deck.write_text('require_ah2000_totals = false\n'
                    '[[card]]\nkind = "attack"\nvalue = 4\ncount = 30\nsource = "assumed"\n'
                    '[[card]]\nkind = "attack"\nvalue = 6\ncount = 6\nsource = "assumed"\n'
                    '[[card]]\nkind = "morph"\ncount = 2\nsource = "assumed"\n')
    t = ffg_fight(MORPH, MORPH, centre=4, def_ships=3, deck=str(deck), ffg_double_morph=rule)
    res = t.outcome()
    if result is None:
        assert res in (A.R_DEAL_MADE, A.R_DEAL_FAILED)
    else:
        assert res == result and t[A.S_TOT] == 0 and t[A.S_TOT + 3] == 0


# ============================================================================================
# CE.39 resolution: compensation, rewards; the FFG artifacts
# ============================================================================================

def test_ce_39_2_compensation_counts_the_ships_that_took_part():
    """CE.39.2 / A57: the negotiating defense takes as many cards as its ships that took part (3 on
    the target), at most the offense's hand."""
    t = ffg_fight(ATT(4), NEG, centre=2, def_ships=3,
                  hands={"p0": [ATT(6), ATT(8), ATT(10), ATT(12)], "p1": [ATT(4)], "p2": [ATT(6)], "p3": [ATT(6)]})
    assert t.outcome() == A.R_OFFENSE_WIN
    assert t[A.S_N_COMP] == 3 and len(t.hand(0)) == 1


def test_ionic_gas_cancels_compensation():
    """data.md Ionic Gas: green cancels the compensation the negotiating defense is owed: no card
    changes hands (without it: 3 cards, previous test)."""
    t = ffg_fight(ATT(4), NEG, centre=2, def_ships=3,
                  hands={"p0": [ATT(6), ATT(8), ATT(10), ATT(12)], "p1": [ATT(4)], "p2": [ART(A.ART_IONIC)],
                         "p3": [ATT(6)]})
    t.script(art_code(A.ART_IONIC, 1))
    assert t.outcome() == A.R_OFFENSE_WIN
    assert t.script_ok()
    assert t[A.S_N_COMP] == 0 and len(t.hand(0)) == 4 and t[A.S_IONIC] == 1
    assert t[A.S_ART_USED + A.ART_IONIC] == 1


def test_ionic_gas_cancels_defensive_rewards():
    """data.md Ionic Gas / CE.39.5: the defense wins with yellow's 2 ships beside the planet; green's
    Ionic Gas cancels yellow's 2 rewards (no card drawn, no ship back from the warp)."""
    t = ffg_fight(ATT(4), ATT(10), centre=4, def_ships=4, carriers={3: 2},
                  hands={"p0": [ATT(6)], "p1": [ATT(4)], "p2": [ART(A.ART_IONIC)], "p3": [ATT(6)]})
    warp3 = t.warp(3)
    t.script(S(P(YELLOW, 1), 2), art_code(A.ART_IONIC, 0))  # yellow's ships go home first (CE.39.5)
    assert t.outcome() == A.R_DEFENSE_WIN
    assert t.script_ok(), t.asked()
    assert t[A.S_N_REWARD_CARDS] == 0 and t[A.S_N_REWARD_SHIPS] == 0
    assert len(t.hand(3)) == 1 and t.warp(3) == warp3


def test_ce_39_5_rewards_without_ionic_gas():
    """CE.39.5 / A13: the same encounter without Ionic Gas: yellow takes 2 rewards (cards here)."""
    t = ffg_fight(ATT(4), ATT(10), centre=4, def_ships=4, carriers={3: 2},
                  hands={"p0": [ATT(6)], "p1": [ATT(4)], "p2": [ATT(6)], "p3": [ATT(6)]})
    assert t.outcome() == A.R_DEFENSE_WIN
    assert t[A.S_N_REWARD_CARDS] + t[A.S_N_REWARD_SHIPS] == 2


def test_card_zap_cancels_an_artifact():
    """data.md Card Zap: green plays Ionic Gas on the compensation; yellow's Card Zap cancels it as
    it is played: the compensation goes ahead (3 cards) and both artifacts are discarded."""
    t = ffg_fight(ATT(4), NEG, centre=2, def_ships=3,
                  hands={"p0": [ATT(6), ATT(8), ATT(10), ATT(12)], "p1": [ATT(4)], "p2": [ART(A.ART_IONIC)],
                         "p3": [ART(A.ART_CARD_ZAP)]})
    ionic = t.card(2, ART(A.ART_IONIC))
    czap = t.card(3, ART(A.ART_CARD_ZAP))
    t.script(art_code(A.ART_IONIC, 1), art_code(A.ART_CARD_ZAP, 2))
    assert t.outcome() == A.R_OFFENSE_WIN
    assert t.script_ok()
    assert t[A.S_IONIC] == 0 and t[A.S_N_COMP] == 3
    assert ionic in t.discard() and czap in t.discard()
    assert t[A.S_ART_USED + A.ART_CARD_ZAP] == 1


def test_quash_makes_a_deal_fail_with_the_penalty():
    """data.md Quash / CE.39.6: the main players agree a deal (deal_accept_policy = always); green
    quashes it: the deal fails, nothing of it is carried out, and each main player sends 3 ships
    to the warp. Without the Quash the same deal stands."""
    def run(quash):
        t = ffg_fight(NEG, NEG, centre=4, def_ships=4, deal_accept_policy="always", deal_propose_policy="strategy",
                      hands={"p0": [ATT(6), ATT(8)], "p1": [ATT(4), ATT(10)], "p2": [ART(A.ART_QUASH)],
                             "p3": [ATT(6)]})
        deal = A.deal_code(-1, -1, 1, A.RULE_GIVER_CHOICE, 0, 0)  # the offense gives the defense one card
        t.script(S(P(RED, 1), 4), deal, art_code(A.ART_QUASH, 0) if quash else -1)
        w0, w1, h1 = t.warp(0), t.warp(1), len(t.hand(1))
        res = t.outcome()
        assert t.script_ok(), t.asked()
        return t, res, t.warp(0) - w0, t.warp(1) - w1, len(t.hand(1)) - h1

    t, res, d0, d1, dh = run(False)
    assert res == A.R_DEAL_MADE and (d0, d1, dh) == (0, 0, 1)
    t, res, d0, d1, dh = run(True)
    assert res == A.R_DEAL_FAILED and (d0, d1, dh) == (3, 3, 0)
    assert t[A.S_ART_USED + A.ART_QUASH] == 1


def test_ce_43_3_automatic_powers_cannot_be_zapped():
    """CE.43.3 / A60: under FFG2008 only powers that say "use" (the optional ones) can be zapped: a
    Cosmic Zap holder is not asked at an automatic effect, and is asked at an optional use."""
    t = ffg_table()
    t.set_hand(2, [ART(A.ART_ZAP), ATT(6)])
    t.st[A.S_OFF] = 0
    t.st[A.S_DEF] = 1
    assert t.call("power_event", 1, int(t.k.FX_VIRUS)) == 1
    assert t.asked() == []
    t.script(art_code(A.ART_ZAP, 1))
    assert t.power_event(1) == 0 and t[A.S_ZAPPED + 1] == 1


# ============================================================================================
# basic at the new decision points (CE.50.3, CE.50.21)
# ============================================================================================

def test_basic_reinforces_its_own_side_in_attack_against_attack_only():
    """CE.50.21: basic plays a reinforcement for the side it is on (offense here) in A/A, passes
    when it is on no side, and passes in A/N where the bonus would change nothing (CE.37.3)."""
    from simsuite.games.cosmic.policy import basic_decide
    from simsuite.unmanaged import pointer_call  # arrays would compile a second version of every helper

    def answer(card_o, card_d, seat):
        t = ffg_fight(card_o, card_d, centre=4, def_ships=4,
                      hands={"p0": [REIN(3), ATT(4)], "p1": [ATT(4)], "p2": [REIN(2)], "p3": [ATT(6)]})
        n = t.k._reinf_options(t.st, t.c, np.int64(seat))
        t.st[A.S_NOPT] = n
        return int(t.st[A.S_OPT + pointer_call(basic_decide)(np.int64(A.D_REINF), t.st, t.c, np.int64(seat))])

    v = answer(ATT(8), ATT(8), 0)
    assert v >= 0 and v % 4 == OFF
    assert answer(ATT(8), ATT(8), 2) == -1
    assert answer(ATT(8), NEG, 0) == -1


def test_basic_names_the_weakest_player_on_a_wild_card():
    """CE.50.3: on the wild destiny card basic names the player with the fewest ships on planets."""
    t = ffg_table()
    t.set_ships(2, {P(GREEN, 1): 2})
    t.st[A.S_OFF] = 0
    for i, q in enumerate((1, 2, 3)):
        t.st[A.S_OPT + i] = q
    t.st[A.S_NOPT] = 3
    from simsuite.games.cosmic.policy import basic_decide
    from simsuite.unmanaged import pointer_call  # arrays would compile a second version of every helper
    assert pointer_call(basic_decide)(np.int64(A.D_DESTINY), t.st, t.c, np.int64(0)) == 1  # green
