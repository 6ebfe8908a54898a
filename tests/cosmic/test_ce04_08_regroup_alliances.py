"""Cosmic Encounter (AH2000) CE.4-CE.8: the order pile, EXPEL and RESETTLE (CE.5), alliances
(CE.8.8), on explicit states.

Rule ids (CE.x.y, ambiguity choices An = CE.60.n, invariants CE.70.n) as in
shared/rules/cosmic_encounter.md; states, seats and scripted decisions as in tests/cosmic_harness.py;
no aliens.
"""
import pytest
from cosmic_harness import ATT, BLUE, RED, P, Table, turn_table

import simsuite.games.cosmic.api as A
from simsuite.games.cosmic.api import src_code as S

# ============================================================================================
# CE.5 order: EXPEL and RESETTLE
# ============================================================================================

def test_ce_5_6_expel_only_the_expelled_players_ships_count():
    """CE.5.4 / CE.5.6 / CE.7.3: red turns its own colour and expels blue from red 2, where red has
    4 ships of its own: step 4 is skipped, only blue's 2 ships defend, red's own ships there take
    no part, and after the win red lands its 4 launched ships on red 2."""
    t = turn_table("none", p0=[ATT(20), ATT(6)], p1=[ATT(4)])
    t.set_ships(1, {P(BLUE, 1): 4, P(RED, 2): 2})
    t.set_order([RED])
    c20 = [c for c in t.hand(0) if t.cls(c) == ("A", 20)][0]
    expel = A.EXPEL_BASE + 1 * A.MAX_PLANETS + P(RED, 2)
    t.script(expel, S(P(RED, 1), 4), 0, 0, c20, 0)
    t.play_turn(0)
    assert t.script_ok()
    assert A.D_TARGET not in t.kinds()
    assert t.kinds()[0] == A.D_OWN_COLOUR
    assert t[A.S_TOT + 4] == 2 and t[A.S_TOT + 1] == 4
    assert t.on(0, P(RED, 2)) == 8 and t.on(1, P(RED, 2)) == 0
    assert t[A.S_N_EXPEL] == 1


def test_ce_5_5_resettle_is_unsuccessful():
    """CE.5.4 / CE.5.5 / A9: red turns its own colour and re-settles 2 ships onto its empty red 5:
    a home colony again, result NO_RESULT, and the turn ends (no second encounter)."""
    t = turn_table("none", p0=[ATT(20), ATT(6)], p1=[ATT(4)])
    t.set_ships(0, {P(RED, 1): 6, P(RED, 2): 6, P(RED, 3): 4, P(RED, 4): 4})
    t.set_order([RED])
    t.script(P(RED, 5), S(P(RED, 1), 2), -1)
    t.play_turn(0)
    assert t.script_ok()
    assert t.on(0, P(RED, 5)) == 2 and t.home(0) == 5
    assert t.events(t.k.E_RESULT)[0][0] == A.R_NO_RESULT
    assert A.D_SECOND not in t.kinds() and len(t.events(t.k.E_ENCOUNTER)) == 1


def test_ce_5_2_order_pile_rebuilt_with_the_last_disc():
    """CE.5.2 / A5 / CE.70.17: turning the last disc rebuilds the pile from the whole discard, that
    disc included, so the pile is never empty and every disc stays in play."""
    t = Table(4)
    st = t.st
    for i in range(11):
        st[A.S_ORDD + i] = [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3][i]
    st[A.S_ORDD_N] = 11
    st[A.S_ORD] = 3
    st[A.S_ORD_N] = 1
    t.strip_artifacts()
    t.set_hand(0, [ATT(8)])
    t.script()
    t.encounter(0)
    assert t.events(t.k.E_DISC_RESHUFFLE)[0][0] == 12
    assert t.engine_check() == 0


@pytest.mark.parametrize("players", [2, 3])
def test_ce_8_8_no_alliances_with_two_players(players):
    """CE.8.8 / CE.70.16: with 2 players steps 5-7 ask nothing; with 3 the single other player can
    be invited (mask options 0 and its bit)."""
    t = Table(players)
    t.strip_artifacts()
    t.hands(p0=[ATT(10)], p1=[ATT(6)])
    t.set_order([1])
    t.script(S(P(RED, 1), 1), -1, P(BLUE, 1))
    t.encounter(0)
    kinds = t.kinds()
    if players == 2:
        assert A.D_INVITE_O not in kinds and A.D_ALLIANCE not in kinds
    else:
        assert (A.D_INVITE_O, 0, 2) in t.asked()
