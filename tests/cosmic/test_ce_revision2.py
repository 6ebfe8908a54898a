"""Cosmic Encounter contract revision 2 (shared/rules/cosmic_encounter.md, version 2.0): rule tests
for the changes of revision 2 that the engine implements.

* CE.10.3 / CE.22.2 / CE.23.7 / A33 (= CE.60.33) Anti-Matter: in an attack-vs-attack encounter
  where a main player is an active Anti-Matter, every allied ship on either side subtracts from
  its side's total, the Anti-Matter's own ships subtract, only the opponent's own ships add, the
  lower total wins and ties go to the defense; a Virus against it: T = v x S_own - S_allies;
  Macron ships weigh 4, on allies too.
  Revision 1 had T = v - S for the Anti-Matter (its allies included) and a normal total
  T = v + S (allies adding) for its opponent; each docstring says what that would have given.
* CE.51.5: standard_only accepts a Zombie's RELEASE term.
* A46 (CE.60.46) / CE.22.15: the `philanthropist_giver` switch.

States are built explicitly with the harness (tests/cosmic_harness.py); decisions come from the
test-only ``scripted`` strategy. Seats: 0 red (offense), 1 blue (defense), 2 green, 3 yellow.
``totals`` = st[S_TOT + 0..6] = v_O, S_O, T_O, v_D, S_D, T_D, lower_wins (S_O, S_D the plain
CE.10.2 side strengths, allies included, Macron weight included).
"""
import pytest
from cosmic_harness import ART, ATT, BLUE, NEG, RED, P, fight, setup_fight, table, totals, uses

import simsuite.games.cosmic.api as A
from simsuite.games.cosmic.api import src_code as S

ZAP = A.ART_ZAP
OFF, DEF = int(A.SIDE_OFFENSE), int(A.SIDE_DEFENSE)
OW, DW = int(A.R_OFFENSE_WIN), int(A.R_DEFENSE_WIN)


def aa(aliens, card_o, card_d, centre, def_ships, wings=None, carriers=None):
    """Resolve an A/A fight (step 10) and return (result, totals)."""
    t = fight(aliens, ATT(card_o), ATT(card_d), centre, def_ships, wings=wings, carriers=carriers)
    res = t.outcome()
    return t, res, totals(t)


# ============================================================================================
# CE.10.3 / CE.22.2 / A33 Anti-Matter, revision 2: allied ships subtract on both sides
# ============================================================================================

def test_ce_22_2_defensive_ally_lowers_the_defense_total_against_an_offensive_anti_matter():
    """CE.10.3 / CE.22.2 / A33 (revision 2): against the offense Anti-Matter (10 - 4 = 6) the
    defense's own 2 ships add but its ally's 4 ships subtract: 6 + 2 - 4 = 4 < 6, so the defense
    has the lower total and wins.
    Revision 1 (opponent's total normal): 6 + 2 + 4 = 12 > 6, OFFENSE_WIN."""
    t, res, tot = aa("Anti-Matter,none,none,none", 10, 6, centre=4, def_ships=2, carriers={3: 4})
    assert res == DW
    assert tot == [10, 4, 6, 6, 6, 4, 1]
    assert uses(t, 0) == 1


def test_ce_22_2_offensive_ally_lowers_the_offense_total_against_a_defending_anti_matter():
    """CE.10.3 / CE.22.2 / A33 (revision 2): against the defense Anti-Matter (8 - 2 = 6) the
    offense's own 3 ships add but its ally's 4 ships subtract: 6 + 3 - 4 = 5 < 6, OFFENSE_WIN.
    Revision 1: 6 + 3 + 4 = 13 > 6, DEFENSE_WIN."""
    t, res, tot = aa("none,Anti-Matter,none,none", 6, 8, centre=3, def_ships=2, wings={2: 4})
    assert res == OW
    assert tot == [6, 7, 5, 8, 2, 6, 1]
    assert uses(t, 1) == 1


@pytest.mark.parametrize("aliens, card_o, card_d, centre, def_ships, wings, carriers, want, tot", [
    # offense Anti-Matter: 10 - 2 - 1 = 7; defense 6 + 3 - 4 = 5 < 7: DEFENSE_WIN
    # (revision 1: 10 - 3 = 7 against 6 + 3 + 4 = 13: OFFENSE_WIN)
    ("Anti-Matter,none,none,none", 10, 6, 2, 3, {2: 1}, {3: 4}, DW, [10, 3, 7, 6, 7, 5, 1]),
    # defense Anti-Matter: 12 - 2 - 2 = 8; offense 6 + 4 - 4 = 6 < 8: OFFENSE_WIN
    # (revision 1: 6 + 4 + 4 = 14 against 12 - 4 = 8: DEFENSE_WIN)
    ("none,Anti-Matter,none,none", 6, 12, 4, 2, {2: 4}, {3: 2}, OW, [6, 8, 6, 12, 4, 8, 1]),
])
def test_ce_22_2_allies_on_both_sides_subtract(aliens, card_o, card_d, centre, def_ships, wings, carriers,
                                               want, tot):
    """CE.10.3 / CE.22.2 / A33 (revision 2): with allies on both sides, every allied ship subtracts
    from its side's total, the Anti-Matter's own ships subtract, the opponent's own ships add; the
    lower total wins. Revision 1 added the opponent's allies, which reverses both winners."""
    t, res, tot_got = aa(aliens, card_o, card_d, centre, def_ships, wings=wings, carriers=carriers)
    assert res == want
    assert tot_got == tot


@pytest.mark.parametrize("aliens, card_o, card_d, centre, def_ships, wings, carriers, want, tot", [
    # offense Anti-Matter 10 - 3 - 2 = 5; defense Virus 6 x 1 - 3 = 3 < 5: DEFENSE_WIN
    # (revision 1: the Virus 6 x (1 + 3) = 24 > 5: OFFENSE_WIN)
    ("Anti-Matter,Virus,none,none", 10, 6, 3, 1, {2: 2}, {3: 3}, DW, [10, 5, 5, 6, 4, 3, 1]),
    # offense Virus 6 x 1 - 3 = 3; defense Anti-Matter 8 - 2 - 2 = 4 > 3: OFFENSE_WIN
    # (revision 1: the Virus 6 x (1 + 3) = 24 > 4: DEFENSE_WIN)
    ("Virus,Anti-Matter,none,none", 6, 8, 1, 2, {2: 3}, {3: 2}, OW, [6, 4, 3, 8, 4, 4, 1]),
])
def test_ce_23_7_virus_against_anti_matter_with_allies_on_both_sides(aliens, card_o, card_d, centre, def_ships,
                                                                       wings, carriers, want, tot):
    """CE.23.7 (revision 2) / CE.22.2 / CE.22.18: the Virus multiplies its card by its own ships'
    weight, then its allies' ships subtract: T = v x S_own - S_allies; the Anti-Matter's total is
    v - S_own - S_allies; the lower total wins. Both powers are used (E.POWER)."""
    t, res, tot_got = aa(aliens, card_o, card_d, centre, def_ships, wings=wings, carriers=carriers)
    assert res == want
    assert tot_got == tot
    assert uses(t, 0) == 1 and uses(t, 1) == 1


def test_ce_22_2_macron_ally_weighs_four_in_the_subtraction():
    """CE.10.2 / CE.22.9 / CE.22.2 (revision 2): the Macron (yellow) defends with 1 ship on its
    carrier, weight 4, against the offense Anti-Matter (8 - 3 = 5): the defense's total is
    6 + 2 - 4 = 4 < 5, DEFENSE_WIN (weight 1 would give 6 + 2 - 1 = 7, OFFENSE_WIN).
    Revision 1: 6 + 2 + 4 = 12 > 5, OFFENSE_WIN."""
    t, res, tot = aa("Anti-Matter,none,none,Macron", 8, 6, centre=3, def_ships=2, carriers={3: 1})
    assert res == DW
    assert tot == [8, 3, 5, 6, 6, 4, 1]
    assert uses(t, 0) == 1 and uses(t, 3) == 1


@pytest.mark.parametrize("aliens, centre, def_ships, wings, carriers, want, tot", [
    # offense Anti-Matter 6 - 1 = 5; two defensive allies with 4 ships each: 6 + 1 - 8 = -1 < 5:
    # DEFENSE_WIN (revision 1: 6 + 1 + 8 = 15 > 5, OFFENSE_WIN)
    ("Anti-Matter,none,none,none", 1, 1, None, {2: 4, 3: 4}, DW, [6, 1, 5, 6, 9, -1, 1]),
    # defense Anti-Matter 6 - 1 = 5; two offensive allies: 6 + 1 - 8 = -1 < 5: OFFENSE_WIN
    # (revision 1: 6 + 1 + 8 = 15 > 5, DEFENSE_WIN)
    ("none,Anti-Matter,none,none", 1, 1, {2: 4, 3: 4}, None, OW, [6, 9, -1, 6, 1, 5, 1]),
])
def test_ce_22_2_totals_may_be_negative(aliens, centre, def_ships, wings, carriers, want, tot):
    """CE.22.2 (revision 2, "totals may be negative"): the Anti-Matter's opponent with two allies
    of 4 ships gets a negative total, which is the lower total and wins; the engine keeps the
    negative value (st[S_TOT] and the E_TOTALS log)."""
    t, res, tot_got = aa(aliens, 6, 6, centre, def_ships, wings=wings, carriers=carriers)
    assert res == want
    assert tot_got == tot
    logged = t.events(t.k.E_TOTALS)
    assert logged and logged[-1][2] == tot[2] and logged[-1][5] == tot[5]


@pytest.mark.parametrize("aliens, card_o, card_d, centre, def_ships, wings, carriers, tot", [
    # offense Anti-Matter 10 - 4 = 6 = 8 + 2 - 4: tie, DEFENSE_WIN
    # (revision 1: 6 against 8 + 2 + 4 = 14: OFFENSE_WIN)
    ("Anti-Matter,none,none,none", 10, 8, 4, 2, None, {3: 4}, [10, 4, 6, 8, 6, 6, 1]),
    # defense Anti-Matter 8 - 2 = 6 = 6 + 4 - 4: tie, DEFENSE_WIN
    # (revision 1: 6 + 4 + 4 = 14 against 6: also DEFENSE_WIN, but T_O = 14, not 6)
    ("none,Anti-Matter,none,none", 6, 8, 4, 2, {2: 4}, None, [6, 8, 6, 8, 2, 6, 1]),
])
def test_ce_10_4_tie_still_goes_to_the_defense(aliens, card_o, card_d, centre, def_ships, wings, carriers, tot):
    """CE.10.4 / CE.22.2 / A33 (revision 2): equal totals under the Anti-Matter rule, with the
    allies subtracting, go to the defense (the offense needs the strictly lower total)."""
    t, res, tot_got = aa(aliens, card_o, card_d, centre, def_ships, wings=wings, carriers=carriers)
    assert res == DW
    assert tot_got == tot
    assert tot_got[2] == tot_got[5]


@pytest.mark.parametrize("ally", [2, 3])
def test_ce_22_2_anti_matter_only_an_ally_has_no_effect(ally):
    """CE.22.2 "not as an ally" / A33: the same table (red 12 with 3 ships and green's 2 on the
    wing, blue 6 with 2 ships and yellow's 3 on the carrier) resolved with the Anti-Matter as
    only an ally (green on the offense's wing, or yellow on the defense's carrier) uses the plain
    rule 12 + 5 = 17 > 6 + 5 = 11, OFFENSE_WIN, no power use; with the Anti-Matter as the offense
    (revision 2) 12 - 3 - 2 = 7 against 6 + 2 - 3 = 5: DEFENSE_WIN.
    Revision 1 would give 7 against 6 + 5 = 11 for the main-player case: OFFENSE_WIN."""
    aliens = ",".join("Anti-Matter" if q == ally else "none" for q in range(4))
    t, res, tot = aa(aliens, 12, 6, centre=3, def_ships=2, wings={2: 2}, carriers={3: 3})
    assert res == OW
    assert tot == [12, 5, 17, 6, 5, 11, 0]
    assert uses(t, ally) == 0
    t, res, tot = aa("Anti-Matter,none,none,none", 12, 6, centre=3, def_ships=2, wings={2: 2}, carriers={3: 3})
    assert res == DW
    assert tot == [12, 5, 7, 6, 5, 5, 1]


def test_ce_21_1_zapped_anti_matter_leaves_the_plain_rule():
    """CE.21.1 / CE.22.2 / CE.19.3: green (the offense's ally) zaps the offense Anti-Matter at the
    A/A totals (its E.POWER moment): the plain rule applies, 12 + 3 + 2 = 17 > 6 + 2 + 3 = 11,
    the higher total wins: OFFENSE_WIN; the Anti-Matter's power is off for the encounter. The same
    table with green passing: revision 2, 12 - 5 = 7 against 6 + 2 - 3 = 5: DEFENSE_WIN
    (revision 1: 7 against 11, OFFENSE_WIN)."""
    t = fight("Anti-Matter,none,none,none", ATT(12), ATT(6), centre=3, def_ships=2, wings={2: 2}, carriers={3: 3})
    t.set_hand(2, [ART(ZAP), ATT(4)])
    t.script(A.art_code(ZAP, 0))
    assert t.outcome() == OW
    assert t.script_ok()
    assert t.asked() == [(A.D_ARTIFACT, 2, 2)]
    assert totals(t) == [12, 5, 17, 6, 5, 11, 0]
    assert t[A.S_ZAPPED] == 1 and t.power(0) == 0 and uses(t, 0) == 0

    t = fight("Anti-Matter,none,none,none", ATT(12), ATT(6), centre=3, def_ships=2, wings={2: 2}, carriers={3: 3})
    t.set_hand(2, [ART(ZAP), ATT(4)])
    t.script(-1)
    assert t.outcome() == DW
    assert t.asked()[0] == (A.D_ARTIFACT, 2, 2)
    assert totals(t) == [12, 5, 7, 6, 5, 5, 1]
    assert uses(t, 0) == 1


# ============================================================================================
# CE.51.5 (revision 2): standard_only and the Zombie's RELEASE term
# ============================================================================================

def _core(code):
    return int(code) & ~(63 << 22)


def test_ce_51_5_standard_deal_with_release_is_accepted():
    """CE.51.5 (revision 2) / CE.22.20 / CE.51.1: under the standard_only policy the
    standard deal with the offense Zombie's RELEASE(3) added is accepted and carried out: the
    proposal is not the standard deal itself (flag 0), its other terms are."""
    t = fight("Zombie,none,none,none", NEG, NEG, centre=2, def_ships=3, deal_accept_policy="standard_only")
    assert t.cfg["deal_accept_policy"] == "standard_only"
    w1 = t.warp(1)
    t.script(S(P(RED, 1), 2), 3, S(P(RED, 2), 1), -1, S(P(BLUE, 2), 1), -1, S(P(BLUE, 3), 3))
    assert t.outcome() == A.R_DEAL_MADE
    assert t.script_ok()
    props = t.events(t.k.E_DEAL_PROPOSE)
    assert len(props) == 1 and props[0][0] == 0 and props[0][2] == 0
    code = props[0][1]
    assert A.deal_release(code) == 3 and _core(code) == t[A.S_DEAL_STD] >= 0
    assert t.events(t.k.E_DEAL_ANSWER) == [(1, 1, 0, 0, 0, 0)]
    assert t.warp(1) == w1 - 3
    assert t.conserved() == 0


def test_ce_51_5_release_only_accepted_when_no_standard_deal_exists():
    """CE.51.5 (revision 2) / CE.51.4 step 4: red (offense Zombie) and blue have colonies on
    exactly the same planets and no cards, so no standard deal exists (no COLONY term, no CARDS
    term); the Zombie proposes RELEASE(2) alone, standard_only accepts it, and 2 of blue's ships
    leave the warp onto its colonies (DEAL_MADE)."""
    t = table("Zombie,none,none,none", deal_accept_policy="standard_only")
    t.encounter_state(0, 1, P(BLUE, 1), centre=0)
    same = [P(RED, 1), P(RED, 2), P(RED, 3), P(BLUE, 1)]
    t.set_ships(0, {pl: 4 for pl in same})
    t.set_ships(1, {pl: 2 for pl in same})
    t.play_cards(NEG, NEG)
    t.set_hand(0, [])
    t.set_hand(1, [])
    assert t.power(0) == 1
    w1 = t.warp(1)
    assert w1 == 12
    t.script(2, S(P(BLUE, 1), 2))
    assert t.outcome() == A.R_DEAL_MADE
    assert t.script_ok()
    assert t[A.S_DEAL_STD] < 0
    assert (A.D_POWER, 0, 1 + w1) in t.asked()  # PASS or RELEASE(1..12)
    props = t.events(t.k.E_DEAL_PROPOSE)
    assert len(props) == 1 and props[0][0] == 0 and props[0][2] == 0
    assert A.deal_release(props[0][1]) == 2 and _core(props[0][1]) == 0
    assert t.events(t.k.E_DEAL_ANSWER) == [(1, 1, 0, 0, 0, 0)]
    assert (int(t.k.TERM_RELEASE), 0, 1, 2, 0, 0) in t.events(t.k.E_DEAL_TERM)
    assert t.warp(1) == w1 - 2 and t.on(1, P(BLUE, 1)) == 4
    assert t.conserved() == 0


@pytest.mark.parametrize("proposal", ["pass", "one_sided"])
def test_ce_51_5_other_proposals_with_release_are_refused(proposal):
    """CE.51.5 (revision 2): standard_only accepts the standard deal (with or without a RELEASE)
    and a RELEASE alone only when no standard deal exists; anything else is refused: here, with
    deal_propose_policy = strategy, the offense Zombie proposes RELEASE(3) alone although a
    standard deal exists ("pass" + RELEASE), or a one-sided colony for itself with RELEASE(3)
    added; blue refuses, then passes in round 2: the deal fails and nobody leaves the warp."""
    t = fight("Zombie,none,none,none", NEG, NEG, centre=2, def_ships=3, deal_propose_policy="strategy",
              deal_accept_policy="standard_only")
    w1 = t.warp(1)
    first = -1 if proposal == "pass" else int(A.deal_code(P(BLUE, 2), -1, 0, 0, 0, 0))
    t.script(S(P(RED, 1), 2), first, 3, -1)
    assert t.outcome() == A.R_DEAL_FAILED
    assert t[A.S_DEAL_STD] >= 0
    props = t.events(t.k.E_DEAL_PROPOSE)
    assert props[0][0] == 0 and A.deal_release(props[0][1]) == 3
    assert _core(props[0][1]) == (0 if proposal == "pass" else first)
    assert t.events(t.k.E_DEAL_ANSWER) == [(1, 0, 0, 0, 0, 0)]
    assert t.events(t.k.E_DEAL_TERM) == []
    assert t.warp(1) >= w1  # nothing released (the failed-deal penalty may add ships)
    assert t.conserved() == 0


# ============================================================================================
# A46 (CE.60.46) / CE.22.15: philanthropist_giver (revision 2)
# ============================================================================================

def test_a46_philanthropist_giver_default_is_any():
    """A46 (revision 2) / CE.80: `philanthropist_giver` defaults to `any`: green, neither a main
    player nor an ally, is offered the gift in W-2 (pass, each of its 2 cards to the offense or
    the defense) and gives its 12 to the defense."""
    t = table("none,none,Philanthropist,none")
    assert t.cfg["philanthropist_giver"] == "any"
    assert t.c[A.C_PHIL_GIVER] == A.PHIL_GIVER_ANY
    t.hands(p2=[ATT(12), NEG])
    c12 = t.card(2, ATT(12))
    t.st[A.S_OFF], t.st[A.S_DEF] = 0, 1
    t.script(c12 * 8 + 1)
    t.window(A.W_2)
    assert t.asked() == [(A.D_POWER, 2, 5)]
    assert c12 in t.hand(1) and t.hand_classes(2) == [NEG]


def test_a46_main_or_ally_bystander_is_not_offered_the_gift():
    """A46 (revision 2) / CE.22.15: under philanthropist_giver = main_or_ally green, neither a main
    player nor an ally, is not offered its power in any window W-2 to W-7; its hand is unchanged."""
    t = table("none,none,Philanthropist,none", philanthropist_giver="main_or_ally")
    assert t.c[A.C_PHIL_GIVER] == A.PHIL_GIVER_MAIN_OR_ALLY
    t.hands(p2=[ATT(12), NEG])
    before = sorted(t.hand(2))
    t.st[A.S_OFF], t.st[A.S_DEF] = 0, 1
    for w in (A.W_2, A.W_4, A.W_6, A.W_7):
        t.window(w)
    assert t.asked() == []
    assert sorted(t.hand(2)) == before
    assert uses(t, 2) == 0


@pytest.mark.parametrize("side", [OFF, DEF])
def test_a46_main_or_ally_ally_gives(side):
    """A46 (revision 2) / CE.22.15: under main_or_ally green, once it is an ally (of either side,
    W-7, allies committed), is offered the gift and gives its 12 to the defense; the receivers are
    still only the offense and the defense (philanthropist_to_allies false): 5 options."""
    kw = {"wings": {2: 2}} if side == OFF else {"carriers": {2: 2}}
    t = setup_fight("none,none,Philanthropist,none", centre=2, def_ships=3, philanthropist_giver="main_or_ally",
                    **kw)
    assert t[A.S_ALLY + 2] == side
    t.hands(p2=[ATT(12), NEG])
    c12 = t.card(2, ATT(12))
    h1 = len(t.hand(1))
    t.script(c12 * 8 + 1)
    t.window(A.W_7)
    assert t.script_ok()
    assert t.asked() == [(A.D_POWER, 2, 5)]
    assert c12 in t.hand(1) and len(t.hand(1)) == h1 + 1
    assert uses(t, 2) == 1


def test_a46_main_or_ally_main_player_gives():
    """A46 (revision 2) / CE.22.15: under main_or_ally the offense Philanthropist (a main player)
    is offered the gift in W-2: pass, or each of its 2 cards to the defense (never to itself):
    3 options; it gives its 12."""
    t = table("Philanthropist,none,none,none", philanthropist_giver="main_or_ally")
    t.hands(p0=[ATT(12), NEG])
    c12 = t.card(0, ATT(12))
    h1 = len(t.hand(1))
    t.st[A.S_OFF], t.st[A.S_DEF] = 0, 1
    t.script(c12 * 8 + 1)
    t.window(A.W_2)
    assert t.asked() == [(A.D_POWER, 0, 3)]
    assert c12 in t.hand(1) and len(t.hand(1)) == h1 + 1
    assert t.hand_classes(0) == [NEG]


def test_a46_philanthropist_giver_is_a_listed_parameter():
    """CE.80 / A46 (revision 2): `philanthropist_giver` is a choice parameter (any | main_or_ally,
    default any) with its rule id; another value is refused naming the key."""
    from simsuite.errors import BadInput
    from simsuite.games import get

    g = get("cosmic")
    par = {p.name: p for p in g.params}["philanthropist_giver"]
    assert par.kind == "choice" and par.default == "any" and par.choices == ("any", "main_or_ally")
    assert par.rule == "A46"
    with pytest.raises(BadInput) as e:
        par.parse("allies")
    assert "philanthropist_giver" in str(e.value)


def test_ce_70_checked_games_with_philanthropist_giver_main_or_ally():
    """CE.70 / A46 (revision 2): 1,000 checked games with random aliens under
    philanthropist_giver = main_or_ally keep every invariant, and the Philanthropist still acts."""
    import numpy as np
    from cosmic_harness import build, run_checked

    cfg, c = build(4, "basic,random", aliens="random", rotate=True, philanthropist_giver="main_or_ally")
    assert c[A.C_PHIL_GIVER] == A.PHIL_GIVER_MAIN_OR_ALLY
    rec, viol = run_checked(c, 1000, 0xA46)
    assert (viol == 0).all(), {int(v): int((viol == v).sum()) for v in np.unique(viol[viol != 0])}
    phil = A.ALIEN_NAMES.index("Philanthropist")
    al = rec["alien"][:, :4]
    assert rec["power_uses"][:, :4][al == phil].sum() > 0
