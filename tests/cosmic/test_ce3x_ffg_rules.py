"""Cosmic Encounter, Fantasy Flight edition (edition = FFG2008, Part 2 CE.30-CE.47): every rule that
differs from the 2000 edition, on explicit states.

Rule ids (CE.x.y, ambiguity choices An = CE.60.n) as in shared/rules/cosmic_encounter.md; states,
seats and scripted decisions as in tests/cosmic_harness.py; no aliens.
"""
import numpy as np
import pytest
from cosmic_harness import ART, ATT, BLUE, GREEN, MORPH, NEG, PURPLE, RED, REIN, YELLOW, P, Table, setup_fight

import simsuite.games.cosmic.api as A
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


def test_ce_32_2_whole_encounter_regroups_before_the_destiny_draw():
    """CE.32.2 through a whole encounter: red, with 3 ships in the warp and five colonies, is
    first asked where its regrouped ship goes, among its five colonies only (no skip); the ship
    leaves the warp for red 2 before the destiny card names blue."""
    t = ffg_table()
    t.hands(p0=[ATT(8), ATT(6)], p1=[ATT(4)], p2=[ATT(6)], p3=[ATT(6)])
    t.set_ships(0, {P(RED, n): 4 for n in range(1, 5)} | {P(RED, 5): 1})  # 3 in the warp
    t.set_order([BLUE])
    t.script(P(RED, 2), P(BLUE, 1), S(P(RED, 1), 4), 0, 0, t.card(0, ATT(8)))
    assert t.encounter(0) == A.R_OFFENSE_WIN
    assert t.script_ok(), t.asked()
    assert t.asked()[0] == (A.D_REGROUP, 0, 5)  # the five colonies, no skip
    assert t.events(t.k.E_REGROUP)[0][:2] == (0, P(RED, 2))
    assert t.on(0, P(RED, 2)) == 5 and t.warp(0) == 2 and t.on(0, P(BLUE, 1)) == 4
    assert t.engine_check() == 0 and t.conserved() == 0


@pytest.mark.parametrize("edition, skipped", [("FFG2008", False), ("AH2000", True)])
def test_ce_32_2_regroup_cannot_be_skipped_under_ffg2008(edition, skipped):
    """CE.32.2 against CE.4.1: a strategy answering SKIP (-1) to the regroup is refused under
    FFG2008 (not a legal option: the script records a mismatch and a ship still leaves the warp);
    under AH2000 the skip is legal and the warp keeps its ships."""
    t = Table(4, aliens="none", edition=edition)
    t.strip_artifacts()
    t.set_ships(0, {P(RED, 1): 4, P(RED, 2): 4})
    t.st[A.S_OFF] = 0
    warp = t.warp(0)
    t.script(-1)
    t.call("regroup", 0)
    assert t.script_ok() == skipped
    assert t.warp(0) == (warp if skipped else warp - 1)
    assert t.asked() == [(A.D_REGROUP, 0, 2 if edition == "FFG2008" else 3)]


def test_ce_32_3_whole_encounter_the_gate_ship_is_the_offense():
    """CE.32.3 / CE.34.2 through a whole encounter: red has no colony; its regrouped ship goes onto
    the gate unasked and is its whole side (nothing to launch): 1 ship + 20 against blue's 4 + 4;
    red wins and lands that one ship on blue 1 (a colony again, CE.39)."""
    t = ffg_table()
    t.hands(p0=[ATT(20), ATT(6)], p1=[ATT(4)], p2=[ATT(6)], p3=[ATT(6)])
    t.set_ships(0, {})
    t.set_order([BLUE])
    t.script(P(BLUE, 1), 0, 0, t.card(0, ATT(20)))  # aim, invites, card: no regroup, no launch asked
    assert t.encounter(0) == A.R_OFFENSE_WIN
    assert t.script_ok(), t.asked()
    assert A.D_REGROUP not in t.kinds() and A.D_LAUNCH not in t.kinds()
    assert t.events(t.k.E_REGROUP)[0][:2] == (0, int(A.OPT_MOTHERSHIP))
    assert t.on(0, P(BLUE, 1)) == 1 and t.warp(0) == 19
    assert t.engine_check() == 0 and t.conserved() == 0


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


def _own_colour_table(edition):
    """Red offense with a yellow colony on red 4 (so the own colour is a real choice: REDRAW or
    EXPEL); blue's home planets all held."""
    t = Table(4, aliens="none", edition=edition)
    t.strip_artifacts()
    t.hands(p0=[ATT(8), ATT(6)], p1=[ATT(4)], p2=[ATT(6)], p3=[ATT(6)])
    t.set_ships(3, {P(YELLOW, n): 4 for n in range(1, 5)} | {P(RED, 4): 2})
    return t


def test_ce_33_4_b_redraw_draws_on_past_every_own_colour_card_whole_encounter():
    """CE.33.4 (b), revision 2.1 (seed 002: 「別のカードが出るまでカードを引き続ける」): destiny red, red,
    blue for the red offense. Red chooses REDRAW once; the second red card is passed over with no
    new choice, blue becomes the defense and the encounter runs to its end (red 8 + 4 against blue
    4 + 4: red wins). The replay says the second card was drawn on, not chosen."""
    t = _own_colour_table("FFG2008")
    t.set_order([RED, RED, BLUE])
    t.script(-1, P(BLUE, 1), S(P(RED, 1), 4), 0, 0, t.card(0, ATT(8)))  # REDRAW, aim, launch, invites, card
    assert t.encounter(0) == A.R_OFFENSE_WIN
    assert t.script_ok(), t.asked()
    assert t.kinds().count(A.D_OWN_COLOUR) == 1 and t.asked()[0] == (A.D_OWN_COLOUR, 0, 2)
    assert [e[0] for e in t.events(t.k.E_DISC)] == [RED, RED, BLUE]
    assert [e[:3] for e in t.events(t.k.E_OWN_COLOUR)] == [(0, -1, 0), (0, -1, 1)]  # chosen, then drawn on
    assert [e[0] for e in t.events(t.k.E_DEFENSE)] == [BLUE] and t.on(0, P(BLUE, 1)) == 4
    assert t.on(3, P(RED, 4)) == 2  # the yellow colony was not expelled
    assert t.engine_check() == 0 and t.conserved() == 0
    from simsuite.games.cosmic.replay import describe_events
    texts = [e["text"] for e in describe_events(t.k, t.log, t.c, ["scripted"] * 4) if e["event"].startswith("own_colour")]
    assert texts[0].strip() == "own colour: REDRAW" and "not asked again" in texts[1]


@pytest.mark.parametrize("edition, asks", [("FFG2008", 1), ("AH2000", 3)])
def test_ce_33_4_b_one_redraw_choice_per_destiny_phase(edition, asks):
    """CE.33.4 (b) against CE.5.4 (a): three own-colour cards before blue. Under FFG2008 the one
    REDRAW carries the offense past all of them; under AH2000 the offense may choose again each
    time its own colour comes up (asked three times)."""
    t = _own_colour_table(edition)
    t.set_order([RED, RED, RED, BLUE])
    t.st[A.S_OFF] = 0
    t.script(*([-1] * asks))
    assert t.call("order", 0) == 0
    assert t.script_ok(), t.asked()
    assert t.kinds() == [A.D_OWN_COLOUR] * asks and t[A.S_DEF] == BLUE and t[A.S_EXPEL] == 0


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
    assert c not in t.discard() and c not in t.hand(2)  # in play until the end of the encounter (CE.37.4)
    t.k.ffg_end_encounter(t.st)
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
    from simsuite.engine.unmanaged import pointer_call  # arrays would compile a second version of every helper
    from simsuite.games.cosmic.bots.basic.policy import basic_decide

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
    from simsuite.engine.unmanaged import pointer_call  # arrays would compile a second version of every helper
    from simsuite.games.cosmic.bots.basic.policy import basic_decide
    assert pointer_call(basic_decide)(np.int64(A.D_DESTINY), t.st, t.c, np.int64(0)) == 1  # green


# ============================================================================================
# CE.33 / CE.34.1 / A52: ffg_target_requires_defense_colony
# ============================================================================================

STRICT = dict(ffg_target_requires_defense_colony=True)


@pytest.mark.parametrize("strict, n_targets", [(False, 5), (True, 2)])
def test_a52_targets_any_home_planet_or_only_defense_colonies(strict, n_targets):
    """CE.34.1 / A52: blue has ships on blue 1 and blue 3 only. Default (false): any of blue's five
    home planets may be aimed at (an empty one defends at 0); true (the seeds' "encounter a colony
    on that colour's planets"): only blue 1 and blue 3."""
    t = ffg_table(ffg_target_requires_defense_colony=strict)
    t.set_ships(1, {P(BLUE, 1): 4, P(BLUE, 3): 2})
    t.st[A.S_OFF] = 0
    t.st[A.S_DEF] = 1
    t.st[A.S_EXPEL] = 0
    t.script(P(BLUE, 3))
    assert t.call("aim", 0) == 1
    assert t.script_ok() and t.asked() == [(A.D_TARGET, 0, n_targets)]
    assert t[A.S_TARGET] == P(BLUE, 3)


def test_a52_strict_no_defense_colony_left_at_aim_ends_the_encounter():
    """A52 true: a defense that lost its last home colony after the destiny phase (e.g. to a
    Plague at W-2) leaves nothing to target: aim offers nothing and the encounter ends with no
    result (its ships go home, CE.17.3 style); by default an empty home planet is a target."""
    t = ffg_table(**STRICT)
    t.hands(p0=[ATT(20), ATT(6)], p1=[ATT(4)], p2=[ATT(6)], p3=[ATT(6)])
    t.set_ships(1, {P(RED, 1): 2})  # blue: no home colony, one foreign colony
    t.st[A.S_OFF] = 0
    t.st[A.S_DEF] = 1
    assert t.call("aim", 0) == 0 and t.asked() == []
    d = ffg_table()
    d.set_ships(1, {P(RED, 1): 2})
    d.st[A.S_OFF] = 0
    d.st[A.S_DEF] = 1
    assert d.call("aim", 0) == 1 and d.asked()[0][:2] == (A.D_TARGET, 0)


@pytest.mark.parametrize("strict", [False, True])
def test_a52_destiny_card_naming_a_player_without_home_colony(strict):
    """CE.33.3 / A52: green has no colony in its home system. Default: green's colour card makes it
    the defense (its planets defend at 0). True: "only the defense's colonies" can be encountered
    and green has none, so the card is set aside (it stays in the destiny discard, CE.33.1) and the
    next card is drawn, as the seeds do for the offense's own colour ("keep drawing until another
    card comes up"): yellow defends."""
    t = ffg_table(ffg_target_requires_defense_colony=strict)
    t.set_ships(2, {P(RED, 1): 1})
    t.set_order([GREEN, YELLOW])
    t.st[A.S_OFF] = 0
    assert t.call("order", 0) == 0
    assert t[A.S_DEF] == (YELLOW if strict else GREEN)
    assert t.asked() == []
    assert [e[0] for e in t.events(t.k.E_DISC)] == ([GREEN, YELLOW] if strict else [GREEN])


@pytest.mark.parametrize("strict, n_named", [(False, 3), (True, 2)])
def test_a52_wild_card_names_only_players_with_a_home_colony(strict, n_named):
    """CE.33.5 / A53 / A52: on the wild card the offense names any other player; under true only
    one with a colony in its home system (not green, which has none)."""
    t = ffg_table(ffg_target_requires_defense_colony=strict)
    t.set_ships(2, {P(BLUE, 2): 3})
    t.set_order([int(A.DESTINY_WILD)])
    t.st[A.S_OFF] = 0
    t.script(YELLOW)
    assert t.call("order", 0) == 0
    assert t.script_ok() and t.asked() == [(A.D_DESTINY, 0, n_named)]
    assert t[A.S_DEF] == YELLOW


def test_a52_strict_special_card_naming_no_colony_draws_again():
    """CE.33.6 / A52 true: the fewest-ships-in-the-warp card names green (0 in the warp) but green
    has no home colony: the next card (blue) is drawn instead."""
    t = ffg_table(**STRICT)
    t.set_ships(2, {P(RED, 1): 4, P(RED, 2): 4, P(BLUE, 1): 4, P(BLUE, 2): 4, P(YELLOW, 1): 4})
    t.set_ships(1, {P(BLUE, 1): 4})
    t.set_ships(3, {P(YELLOW, 1): 4})
    t.set_order([int(A.DESTINY_FEWEST_WARP), BLUE])
    t.st[A.S_OFF] = 0
    assert t.call("order", 0) == 0 and t[A.S_DEF] == BLUE and t.asked() == []


@pytest.mark.parametrize("strict", [False, True])
def test_a52_nobody_else_with_a_home_colony(strict):
    """A52 true: when no player but the offense has a home colony only the offense's own colour can
    give an encounter (CE.33.4): blue's card is set aside, red's own colour comes up, and REDRAW is
    not offered (no other card could name a defense): the offense EXPELs one of the three foreign
    colonies on its home planets. Default: blue's card makes blue the defense, attacked at 0."""
    t = ffg_table(ffg_target_requires_defense_colony=strict)
    t.set_ships(1, {P(RED, 1): 2})
    t.set_ships(2, {P(RED, 2): 2})
    t.set_ships(3, {P(RED, 3): 2})
    t.set_order([BLUE, RED])
    t.st[A.S_OFF] = 0
    t.script(A.EXPEL_BASE + GREEN * A.MAX_PLANETS + P(RED, 2))
    assert t.call("order", 0) == 0
    if strict:
        assert t.script_ok() and t.asked() == [(A.D_OWN_COLOUR, 0, 3)]
        assert t[A.S_DEF] == GREEN and t[A.S_TARGET] == P(RED, 2) and t[A.S_EXPEL] == 1
    else:
        assert t.asked() == [] and t[A.S_DEF] == BLUE


def test_a52_strict_nobody_to_encounter_ends_the_encounter():
    """A52 true: no other player has a home colony and red's own colour offers nothing (no foreign
    colony on its home planets, none of them empty): the encounter ends with no result at the
    destiny phase instead of drawing for ever."""
    t = ffg_table(**STRICT)
    t.hands(p0=[ATT(20), ATT(6)], p1=[ATT(4)], p2=[ATT(6)], p3=[ATT(6)])
    t.set_ships(1, {P(GREEN, 1): 2})
    t.set_ships(2, {P(YELLOW, 2): 2})
    t.set_ships(3, {P(BLUE, 3): 2})
    t.set_order([BLUE, RED])
    assert t.encounter(0) == A.R_NO_RESULT
    assert t.asked() == [] and t.conserved() == 0
    assert [e[0] for e in t.events(t.k.E_DISC)] == [BLUE, RED]
    assert t.events(t.k.E_EARLY_END)[0][1] == t.k.END_NO_DEFENSE


def test_a52_key_in_the_configuration_hash():
    """CE.80: the key acts under FFG2008 only. At its default it is left out of the hash (an FFG2008
    run's seed is what it was before the key existed); true is another configuration; under
    AH2000 it is ignored."""
    from cosmic_harness import GAME
    h = lambda **kw: GAME.config_hash(GAME.resolve({"players": 4, **kw}))
    assert h(edition="FFG2008") == h(edition="FFG2008", ffg_target_requires_defense_colony=False)
    assert h(edition="FFG2008") != h(edition="FFG2008", ffg_target_requires_defense_colony=True)
    assert h() == h(ffg_target_requires_defense_colony=True)
    assert '"ffg_target_requires_defense_colony"' not in GAME.canonical_json(GAME.resolve({"edition": "FFG2008"}))


# ============================================================================================
# Card Zap against a Cosmic Zap (data.md: "Card Zap cancels an artifact ... as it is played")
# ============================================================================================

@pytest.mark.parametrize("card_zap", [False, True])
def test_card_zap_cancels_a_cosmic_zap(card_zap):
    """data.md / CE.43 / CE.44: green plays a Cosmic Zap on blue's power (an optional use, E.POWER);
    yellow's Card Zap cancels it as it is played: blue's power takes effect (not zapped) and both
    cards go to the discard pile. Without the Card Zap (yellow passes) the power is zapped."""
    t = ffg_table()
    t.hands(p2=[ART(A.ART_ZAP), ATT(6)], p3=[ART(A.ART_CARD_ZAP), ATT(6)])
    zap, czap = t.card(2, ART(A.ART_ZAP)), t.card(3, ART(A.ART_CARD_ZAP))
    t.st[A.S_OFF] = 0
    t.st[A.S_DEF] = 1
    t.script(art_code(A.ART_ZAP, 1), art_code(A.ART_CARD_ZAP, 2) if card_zap else -1)
    took = t.power_event(1)
    assert t.script_ok(), t.asked()
    assert [k[:2] for k in t.asked()] == [(A.D_ARTIFACT, 2), (A.D_ARTIFACT, 3)]
    assert t[A.S_ART_USED + A.ART_ZAP] == 1
    if card_zap:
        assert took == 1 and t[A.S_ZAPPED + 1] == 0 and t.power(1) == 1
        assert zap in t.discard() and czap in t.discard() and t[A.S_ART_USED + A.ART_CARD_ZAP] == 1
        assert t[A.S_POWER_USES + 1] == 1
    else:
        assert took == 0 and t[A.S_ZAPPED + 1] == 1
        assert zap in t.discard() and czap in t.hand(3)
    assert t.conserved() == 0


def test_card_zap_holders_asked_in_priority_order_against_a_cosmic_zap():
    """CE.44: with the offense (red) and yellow both holding a Card Zap, red is asked first; it
    passes, yellow cancels; red, still holding its Card Zap, is then asked whether it cancels
    yellow's (data.md: a Card Zap is an artifact) and passes."""
    t = ffg_table()
    t.hands(p0=[ART(A.ART_CARD_ZAP), ATT(6)], p2=[ART(A.ART_ZAP), ATT(6)], p3=[ART(A.ART_CARD_ZAP), ATT(6)])
    t.st[A.S_OFF] = 0
    t.st[A.S_DEF] = 1
    t.script(art_code(A.ART_ZAP, 1), -1, art_code(A.ART_CARD_ZAP, 2), -1)
    assert t.power_event(1) == 1
    assert t.script_ok() and [k[:2] for k in t.asked()] == [(A.D_ARTIFACT, 2), (A.D_ARTIFACT, 0),
                                                              (A.D_ARTIFACT, 3), (A.D_ARTIFACT, 0)]
    assert len(t.hand(0)) == 2 and len(t.hand(3)) == 1


def test_card_zap_against_a_card_zap_lets_the_cosmic_zap_through():
    """data.md ("Card Zap cancels an artifact"): yellow's Card Zap cancels green's Cosmic Zap on
    blue's power; red cancels yellow's Card Zap with its own: the Cosmic Zap takes effect (blue's
    power is zapped) and all three cards are used and discarded."""
    t = ffg_table()
    t.hands(p0=[ART(A.ART_CARD_ZAP), ATT(6)], p2=[ART(A.ART_ZAP), ATT(6)], p3=[ART(A.ART_CARD_ZAP), ATT(6)])
    cz0, zap, cz3 = t.card(0, ART(A.ART_CARD_ZAP)), t.card(2, ART(A.ART_ZAP)), t.card(3, ART(A.ART_CARD_ZAP))
    t.st[A.S_OFF] = 0
    t.st[A.S_DEF] = 1
    t.script(art_code(A.ART_ZAP, 1), -1, art_code(A.ART_CARD_ZAP, 2), art_code(A.ART_CARD_ZAP, 3))
    assert t.power_event(1) == 0
    assert t.script_ok(), t.asked()
    assert t[A.S_ZAPPED + 1] == 1
    assert zap in t.discard() and cz0 in t.discard() and cz3 in t.discard()
    assert t[A.S_ART_USED + A.ART_CARD_ZAP] == 2 and t[A.S_ART_USED + A.ART_ZAP] == 1
    assert t.conserved() == 0


@pytest.mark.parametrize("counter", [False, True])
def test_card_zap_against_a_card_zap_restores_the_artifact(counter):
    """data.md: green's Ionic Gas on the compensation blue is owed; red passes, yellow's Card Zap
    cancels it; red's Card Zap then cancels yellow's Card Zap, so the Ionic Gas stands: no
    compensation (without red's counter: 3 cards, test_card_zap_cancels_an_artifact). The chain
    is a loop (no recursion): with both Card Zaps of data.md spent nobody is asked again."""
    t = ffg_fight(ATT(4), NEG, centre=2, def_ships=3,
                  hands={"p0": [ART(A.ART_CARD_ZAP), ATT(6), ATT(8), ATT(10), ATT(12)], "p1": [ATT(4)],
                         "p2": [ART(A.ART_IONIC)], "p3": [ART(A.ART_CARD_ZAP)]})
    ionic = t.card(2, ART(A.ART_IONIC))
    cz0, cz3 = t.card(0, ART(A.ART_CARD_ZAP)), t.card(3, ART(A.ART_CARD_ZAP))
    t.script(art_code(A.ART_IONIC, 1), -1, art_code(A.ART_CARD_ZAP, 2),
             art_code(A.ART_CARD_ZAP, 3) if counter else -1)
    assert t.outcome() == A.R_OFFENSE_WIN
    assert t.script_ok(), t.asked()
    assert ionic in t.discard() and cz3 in t.discard()
    if counter:
        assert t[A.S_IONIC] == 1 and t[A.S_N_COMP] == 0 and cz0 in t.discard()
        assert t[A.S_ART_USED + A.ART_CARD_ZAP] == 2 and len(t.hand(0)) == 4
    else:
        assert t[A.S_IONIC] == 0 and t[A.S_N_COMP] == 3
        assert t[A.S_ART_USED + A.ART_CARD_ZAP] == 1
    assert t.conserved() == 0


def test_card_zap_cancels_a_plague():
    """data.md Card Zap against the Plague (CE.21.4), which goes through the generic artifact play:
    yellow cancels green's Plague on blue; blue loses no ship and discards nothing."""
    t = ffg_table()
    t.hands(p1=[ATT(6), NEG], p2=[ART(A.ART_PLAGUE)], p3=[ART(A.ART_CARD_ZAP)])
    warp1, hand1 = t.warp(1), len(t.hand(1))
    t.script(art_code(A.ART_CARD_ZAP, 2))
    t.st[A.S_WINDOW] = A.W_1
    assert t.call("play_artifact", 2, art_code(A.ART_PLAGUE, 1)) == 0
    assert t.script_ok(), t.asked()
    assert t.warp(1) == warp1 and len(t.hand(1)) == hand1
    assert t[A.S_ART_USED + A.ART_CARD_ZAP] == 1


@pytest.mark.parametrize("me, zapped, plays", [(1, 1, True), (3, 1, True), (3, 0, False), (2, 0, False)])
def test_basic_card_zaps_a_cosmic_zap_on_its_side(me, zapped, plays):
    """basic cancels a Cosmic Zap aimed at its own power (blue on blue) or at a player on its side
    (yellow, blue's defensive ally, for blue), not one aimed at the other side (red's power), nor
    one it is not part of (green, on no side)."""
    from simsuite.engine.unmanaged import pointer_call  # arrays would compile a second version of every helper
    from simsuite.games.cosmic.bots.basic.policy import basic_decide

    t = ffg_table()
    t.st[A.S_OFF] = 0
    t.st[A.S_DEF] = 1
    t.st[A.S_ALLY + 3] = DEF
    t.st[A.S_PEND_POWER] = zapped
    t.st[A.S_CZ_KIND] = A.ART_ZAP
    t.st[A.S_WINDOW] = A.T_POWER
    zapper = 2 if me != 2 else 0
    t.st[A.S_OPT] = -1
    t.st[A.S_OPT + 1] = art_code(A.ART_CARD_ZAP, zapper)
    t.st[A.S_NOPT] = 2
    i = pointer_call(basic_decide)(np.int64(A.D_ARTIFACT), t.st, t.c, np.int64(me))
    assert i == (1 if plays else 0)


# ============================================================================================
# basic and the FFG artifacts: Ionic Gas, Quash, Card Zap against what hurts it (data.md)
# ============================================================================================

def _basic_artifact(t, me, code):
    """basic's D_ARTIFACT answer for `me` on the explicit state of t: 1 = play `code`, 0 = pass."""
    from simsuite.engine.unmanaged import pointer_call  # arrays would compile a second version of every helper
    from simsuite.games.cosmic.bots.basic.policy import basic_decide

    t.st[A.S_OPT] = -1
    t.st[A.S_OPT + 1] = code
    t.st[A.S_NOPT] = 2
    return int(pointer_call(basic_decide)(np.int64(A.D_ARTIFACT), t.st, t.c, np.int64(me)))


def _comp_state(claimant, n, ally=None):
    """Red (0) against blue (1); `claimant` is owed n cards of compensation from the other main
    player (hands of 4 cards each, E.COMP); `ally`: (seat, side) of an ally."""
    t = ffg_table()
    t.hands(p0=[ATT(4), ATT(6), ATT(8), ATT(10)], p1=[ATT(4), ATT(6), ATT(8), ATT(10)])
    t.st[A.S_OFF] = 0
    t.st[A.S_DEF] = 1
    t.st[A.S_CLAIMANT] = claimant
    t.st[A.S_CLAIM_N] = n
    if ally is not None:
        t.st[A.S_ALLY + ally[0]] = ally[1]
    return t


@pytest.mark.parametrize("me, claimant, n, ally, plays", [
    (2, 1, 3, None, True),        # an opponent (blue) takes 3 cards: stop it
    (2, 1, 1, None, False),       # 1 card between two others: not worth the gas
    (0, 1, 1, None, True),        # the card is taken from me: stop even one
    (1, 1, 3, None, False),       # my own compensation: never
    (2, 1, 3, (2, DEF), False),   # green is blue's ally: its side's compensation
    (3, 1, 3, (2, DEF), True),    # yellow, on no side, still stops it
])
def test_basic_ionic_gas_on_compensation(me, claimant, n, ally, plays):
    """data.md Ionic Gas (cancels all compensation of the encounter): basic plays it when an
    opponent, not itself nor its side, is about to take >= 2 cards (or any card from its own hand)."""
    t = _comp_state(claimant, n, ally)
    assert _basic_artifact(t, me, art_code(A.ART_IONIC, claimant)) == int(plays)


@pytest.mark.parametrize("me, plays", [(2, True), (1, False), (3, False), (0, True)])
def test_basic_ionic_gas_on_defensive_rewards(me, plays):
    """data.md Ionic Gas / CE.39.5: blue won the defense with yellow's 2 ships as its ally; yellow is
    owed 2 rewards. Green (on no side) and red (the losing offense, which attacked: no
    compensation of its own to lose) gas them; blue and yellow (the side that gains) do not."""
    t = ffg_table()
    t.st[A.S_OFF] = 0
    t.st[A.S_DEF] = 1
    t.st[A.S_ALLY + 3] = DEF
    t.st[A.S_RWD + 3] = 2
    t.st[A.S_CARD_O] = -1  # no revealed card of red to weigh (it attacked)
    assert _basic_artifact(t, me, art_code(A.ART_IONIC, 0)) == int(plays)


def test_basic_ionic_gas_keeps_its_own_compensation_at_the_rewards():
    """Ionic Gas also cancels the compensation still to come: red, the offense, revealed a negotiate
    and lost, so it will claim compensation; it does not gas yellow's rewards (it would lose its own
    cards)."""
    t = ffg_table()
    t.hands(p0=[NEG, ATT(6)])
    t.st[A.S_OFF] = 0
    t.st[A.S_DEF] = 1
    t.st[A.S_ALLY + 3] = DEF
    t.st[A.S_RWD + 3] = 2
    t.st[A.S_CARD_O] = t.card(0, NEG)
    assert _basic_artifact(t, 0, art_code(A.ART_IONIC, 0)) == 0
    t.st[A.S_CARD_O] = t.card(0, ATT(6))
    assert _basic_artifact(t, 0, art_code(A.ART_IONIC, 0)) == 1


@pytest.mark.parametrize("me, deal, foreign, plays", [
    (2, "colony_to_offense", 1, True),     # a colony for red, green not a party: quash
    (2, "colony_to_offense", 4, True),     # ... the colony that would win red the game
    (2, "cards_only", 4, False),           # no colony changes hands
    (0, "colony_to_offense", 1, False),    # red's own deal
    (1, "colony_to_offense", 1, False),    # blue's own deal
])
def test_basic_quash(me, deal, foreign, plays):
    """data.md Quash (cancels a deal just made; CE.39.6 penalty): basic quashes a deal between two
    other players that gives one of them a colony (st[S_DEAL] holds the deal just made), never its
    own deal, not a cards-only deal."""
    from simsuite.engine.unmanaged import pointer_call  # arrays would compile a second version
    from simsuite.games.cosmic.bots.basic.heuristics import quash_value
    t = ffg_table()
    t.st[A.S_OFF] = 0
    t.st[A.S_DEF] = 1
    t.st[A.S_FOREIGN + 0] = foreign
    if deal == "colony_to_offense":
        t.st[A.S_DEAL] = A.deal_code(P(BLUE, 2), -1, 0, 0, 0, 0)
    else:
        t.st[A.S_DEAL] = A.deal_code(-1, -1, 1, A.RULE_GIVER_CHOICE, 0, 0)
    assert _basic_artifact(t, me, art_code(A.ART_QUASH, 0)) == int(plays)
    if plays and me == 2:  # the winning colony is worth more (several holders: not used, but ranked)
        assert (pointer_call(quash_value)(t.st, t.c, np.int64(2)) > 10) == (foreign + 1 >= t.c[A.C_WIN_COLONIES])


def test_quash_holder_sees_the_deal_just_made():
    """data.md Quash, kernel side: the Quash holder is asked with the deal just made in st[S_DEAL]
    (what a strategy judges); it is cleared afterwards. Green (scripted) reads it: the deal gives
    blue's planet 2 to red."""
    t = ffg_fight(NEG, NEG, centre=4, def_ships=4, deal_accept_policy="always", deal_propose_policy="strategy",
                  hands={"p0": [ATT(6), ATT(8)], "p1": [ATT(4), ATT(10)], "p2": [ART(A.ART_QUASH)],
                         "p3": [ATT(6)]})
    deal = A.deal_code(P(BLUE, 2), -1, 0, 0, 0, 0)
    t.script(S(P(RED, 1), 4), deal, art_code(A.ART_QUASH, 0))
    assert t.outcome() == A.R_DEAL_FAILED
    assert t.script_ok(), t.asked()
    assert t[A.S_DEAL] == -1


@pytest.mark.parametrize("kind, setup, me, plays", [
    ("plague", 1, 1, True),     # a Plague on me
    ("plague", 3, 1, True),     # ... on yellow, my defensive ally
    ("plague", 0, 1, False),    # ... on red, the other side
    ("ionic", 1, 1, True),      # Ionic Gas on my compensation
    ("ionic", 1, 3, False),     # ... on blue's, yellow being no ally here
    ("quash", 0, 0, True),      # a Quash of my deal
    ("quash", 0, 3, False),     # ... of a deal I am not a party to
    ("czap", 1, 1, True),       # a Card Zap that cancels my play
    ("czap", 0, 1, False),      # ... red's play
])
def test_basic_card_zaps_what_hurts_it(kind, setup, me, plays):
    """data.md Card Zap (cancels an artifact as it is played): green plays the artifact; basic
    cancels it when it hurts basic or its side: a Plague on it or its ally, an Ionic Gas on its
    compensation, a Quash of its deal, a Card Zap against its own play (S_CZ_ARG)."""
    t = _comp_state(1, 3)
    if kind == "plague":
        t.st[A.S_ALLY + 3] = DEF
        t.st[A.S_CZ_KIND] = A.ART_PLAGUE
        t.st[A.S_CZ_ARG] = setup
    elif kind == "ionic":
        t.st[A.S_CZ_KIND] = A.ART_IONIC
        t.st[A.S_CZ_ARG] = setup
    elif kind == "quash":
        t.st[A.S_CZ_KIND] = A.ART_QUASH
        t.st[A.S_DEAL] = A.deal_code(P(BLUE, 2), -1, 0, 0, 0, 0)
    else:
        t.st[A.S_CZ_KIND] = A.ART_CARD_ZAP
        t.st[A.S_CZ_ARG] = setup
    t.st[A.S_WINDOW] = A.T_POWER
    assert _basic_artifact(t, me, art_code(A.ART_CARD_ZAP, 2)) == int(plays)


# ============================================================================================
# CE.37.4: reinforcement cards reach the discard pile at the end of the encounter
# ============================================================================================

def test_ce_37_4_reinforcement_in_play_until_the_end_not_reshuffled():
    """CE.37.4: green's +5 played for the defense stays in play through the resolution: the deck is
    empty, so yellow's defensive rewards (2 cards, CE.39.5) reshuffle the discard pile into a new
    deck, and the +5 is not in it; it reaches the discard pile at the end of the encounter. The
    72 cards are all accounted for at every step (CE.70.6, the +5 counted in play)."""
    t = ffg_fight(ATT(8), ATT(8), centre=4, def_ships=3, carriers={3: 2},
                  hands={"p0": [ATT(4)], "p1": [ATT(4)], "p2": [REIN(5)], "p3": [ATT(6)]})
    c = t.card(2, REIN(5))
    pl = t._places()
    pl["discard"] += pl["deck"]
    pl["deck"] = []
    t._write(pl)
    t.script(c * 4 + DEF)
    t.call("ffg_reinforcements")
    assert t.script_ok()
    assert c not in t.discard() and c not in t.hand(2) and t[A.S_REINF_N] == 1
    assert t.conserved() == 0
    assert t.outcome() == A.R_DEFENSE_WIN  # 8 + 4 against 8 + 3 + 2 + 5
    assert t.events(t.k.E_DECK_RESHUFFLE), "the rewards drew from an empty deck"
    assert t[A.S_N_REWARD_CARDS] == 2
    deck = [int(t.st[A.S_DECK + i]) for i in range(t[A.S_DECK_N])]
    assert c not in deck and c not in t.discard() and all(c not in t.hand(p) for p in range(4))
    assert t.conserved() == 0
    t.k.ffg_end_encounter(t.st)
    assert t.discard()[-1] == c and t[A.S_REINF_N] == 0
    assert t.conserved() == 0


def test_ce_37_4_whole_encounter_discards_the_reinforcement_at_its_end():
    """CE.37.4 through a whole encounter: green's +3 for the offense decides it (8 + 4 + 3 against
    8 + 4 + 0) and is in the discard pile when the encounter is over; the state then passes the
    engine's own CE.70 check."""
    t = ffg_table()
    hands = t.hands(p0=[ATT(8), ATT(6)], p1=[ATT(8)], p2=[REIN(3), ATT(6)], p3=[ATT(6)])
    t.set_ships(1, {P(BLUE, n): 4 for n in range(1, 6)})
    rein = t.card(2, REIN(3))
    t.set_order([BLUE])
    t.script(P(BLUE, 1), S(P(RED, 1), 4), 0, 0, hands[0][0], rein * 4 + OFF)  # aim, then launch (CE.34)  # blue's one card is not asked
    assert t.encounter(0) == A.R_OFFENSE_WIN
    assert t.script_ok(), t.asked()
    assert rein in t.discard() and t[A.S_REINF_N] == 0
    assert t.events(t.k.E_REINF)[0][:3] == (2, rein, OFF)
    assert t.engine_check() == 0


# ============================================================================================
# Part 2 review: A12 under FFG2008 (N/N, early ends, Force Field); Ionic Gas only with rewards owed
# ============================================================================================

@pytest.mark.parametrize("edition, asked", [("AH2000", False), ("FFG2008", True)])
def test_a12_ffg_allies_may_return_onto_the_target_planet(edition, asked):
    """CE.39.3 / A12: in N/N every ally returns its ships to its colonies. Under AH2000 a defensive
    ally may not land on the target planet, so yellow (colonies on yellow 1 and on the target blue
    1) has one permitted colony and nothing is asked; under FFG2008 the ban does not apply: yellow
    chooses, and puts its 2 ships onto blue 1."""
    t = setup_fight("none", 4, 4, carriers={3: 2}, edition=edition)
    t.set_ships(3, {P(YELLOW, 1): 4, P(BLUE, 1): 1})
    t.script(S(P(BLUE, 1), 2))
    t.call("_allies_home")
    assert t[A.S_CARRIER + 3] == 0 and t.conserved() == 0
    if asked:
        assert t.script_ok() and [k[:2] for k in t.asked()] == [(A.D_PLACE, 3)]
        assert t.on(3, P(BLUE, 1)) == 3 and t.on(3, P(YELLOW, 1)) == 4
    else:
        assert t.asked() == [] and t.on(3, P(YELLOW, 1)) == 6 and t.on(3, P(BLUE, 1)) == 1


def test_ionic_gas_not_offered_when_no_reward_is_owed():
    """data.md Ionic Gas / CE.39.5: the defense wins with only an offensive ally (yellow's 2 ships
    on the gate go to the warp): no defensive reward is owed, so green's Ionic Gas is not offered
    for them (it stays in green's hand for a later encounter)."""
    t = ffg_fight(ATT(4), ATT(10), centre=4, def_ships=4, wings={3: 2},
                  hands={"p0": [ATT(6)], "p1": [ATT(4)], "p2": [ART(A.ART_IONIC)], "p3": [ATT(6)]})
    assert t.outcome() == A.R_DEFENSE_WIN
    assert all(k[0] != A.D_ARTIFACT for k in t.asked()), t.asked()
    assert t.hand_classes(2) == [ART(A.ART_IONIC)] and t[A.S_ART_USED + A.ART_IONIC] == 0


@pytest.mark.parametrize("edition", ["AH2000", "FFG2008"])
def test_ce_34_the_gate_is_aimed_before_the_ships_are_launched(edition):
    """CE.34.1-CE.34.2: under FFG2008 the offense aims the gate at the planet first, then puts 1 to
    4 ships on it (the seeds: "超空間ゲートを遭遇が発生した惑星に向けて配置する。自分の任意のコロニーから宇宙船を
    1～4個取り"), so it picks its ships knowing the target; AH2000 launches (CE.6) before aiming
    (CE.7)."""
    t = Table(4, aliens="none", edition=edition)
    t.strip_artifacts()
    t.hands(p0=[ATT(20), ATT(6)], p1=[ATT(4)], p2=[ATT(6)], p3=[ATT(6)])
    t.set_order([BLUE])
    t.encounter(0)
    kinds = [k for k in t.kinds() if k in (A.D_LAUNCH, A.D_TARGET)]
    first = sorted({k: kinds.index(k) for k in kinds}, key=kinds.index)  # a launch may take several chunks
    assert first == ([A.D_TARGET, A.D_LAUNCH] if edition == "FFG2008" else [A.D_LAUNCH, A.D_TARGET])
    assert t.conserved() == 0
