"""The example alien files that need the power API's own-ship moves, how-many question, power
memory and regroup hook (examples/aliens/kamikaze.py, loser.py, remora.py), each from an explicit
state citing the rule ids of the moments it acts at (CE.20.1 W-7, CE.10 totals, CE.4 regroup)."""
import os
from pathlib import Path

import numpy as np
import pytest
from cosmic_harness import ATT, BLUE, GREEN, NEG, RED, P, strategy_id, uses
from cosmic_harness import Table as _Table
from harness import extra_dirs

import simsuite.games.cosmic.api as A
from simsuite.engine.unmanaged import PointerKernel, pointer_call
from simsuite.games import get
from simsuite.games.cosmic.bots.basic.heuristics import seen_aa
from simsuite.plugin_dirs import ENV

pytestmark = pytest.mark.own_kernel  # the example alien files: a kernel of their own
I = np.int64
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "aliens"


@pytest.fixture(scope="module")
def kern():
    old = os.environ.get(ENV)
    os.environ[ENV] = str(EXAMPLES)
    game = get("cosmic")
    k = game.kernel(extra_dirs(game))
    yield k
    if old is None:
        del os.environ[ENV]
    else:
        os.environ[ENV] = old


class Table(_Table):
    kern = None

    def __init__(self, kern, aliens, players=4, **params):
        Table.kern = kern
        super().__init__(players, aliens=aliens, **params)
        self.strip_artifacts()

    def _start(self, players, seed=None, **params):
        super()._start(players, seed=seed, **params)
        self.k = PointerKernel(Table.kern)


def _codes(t):
    """The event codes logged so far, in order."""
    n = int(t.log[0, 0])
    return [int(row[0]) for row in t.log[1:n + 1]]


# ---- Kamikaze ------------------------------------------------------------------------------

def _kamikaze(kern, hand):
    t = Table(kern, "Kamikaze,none,none,none")
    t.encounter_state(0, 1, P(BLUE, 1), centre=2)
    t.set_ships(0, {P(RED, 1): 4, P(RED, 2): 4, P(RED, 3): 4, P(RED, 4): 2})
    t.set_ships(1, {P(BLUE, 1): 4, P(BLUE, 2): 4, P(BLUE, 3): 4})
    t.set_hand(0, hand)
    return t


def test_ce_20_1_kamikaze_sends_ships_and_draws_a_card_each(kern):
    """W-7 (after the alliances, before the cards, CE.20.1): the offense Kamikaze is asked how many
    of its 14 colony ships it sends (options 0..14); it answers 3, takes them from red 4 (2, ending
    that colony, CE.16.1) and red 1, and draws the deck's top 3 cards; one use (E.POWER), ships and
    cards conserved (CE.70.1, CE.70.6), its power still on with red 1-3 (CE.19.1)."""
    t = _kamikaze(kern, [ATT(8)])
    drawn = t.deck_top([ATT(6), NEG, ATT(8)])
    warp = t.warp(0)
    t.script(3, A.src_code(P(RED, 4), 2), A.src_code(P(RED, 1), 1))
    t.window(A.W_7)
    assert t.script_ok()
    asked = t.asked()
    assert asked[0] == (A.D_POWER, RED, 15) and {k for k, _, _ in asked[1:]} == {A.D_POWER_SHIPS}
    assert t.warp(0) == warp + 3 and t.on(0, P(RED, 4)) == 0 and t.on(0, P(RED, 1)) == 3
    assert set(drawn) <= set(t.hand(0)) and len(t.hand(0)) == 4
    assert t.home(0) == 3 and t.power(0) == 1 and uses(t, 0) == 1
    assert t[A.S_HB_ERR] == 0 and t.conserved() == 0


def test_kamikaze_declines_with_zero(kern):
    """Answering 0 is not using the power: no ship moves, no card, no use counted."""
    t = _kamikaze(kern, [ATT(8)])
    before = (t.ships(0), t.warp(0), len(t.hand(0)))
    t.script(0)
    t.window(A.W_7)
    assert (t.ships(0), t.warp(0), len(t.hand(0))) == before and uses(t, 0) == 0


def test_kamikaze_basic_default_keeps_every_colony(kern):
    """basic answers the Kamikaze's hint: only ships above one per colony, only enough to bring its
    hand to 8 cards. With 5 cards and 14 ships on 4 colonies it sends 3, from its biggest stacks,
    and keeps all 4 colonies (CE.16.1) and its power."""
    t = _kamikaze(kern, [ATT(8), ATT(6), ATT(4), NEG, NEG])
    t.st[A.S_STRAT + RED] = strategy_id("basic")
    warp = t.warp(0)
    t.window(A.W_7)
    assert t.warp(0) == warp + 3 and len(t.hand(0)) == 8
    assert all(t.on(0, P(RED, n)) >= 1 for n in range(1, 5)) and t.power(0) == 1
    assert t.conserved() == 0


# ---- Loser ---------------------------------------------------------------------------------

def _loser(kern, card_o, card_d):
    """Red, the Loser, attacks blue 1 (4 ships) with 2 ships; encounter 1 of turn 3."""
    t = Table(kern, "Loser,none,none,none")
    t.encounter_state(0, 1, P(BLUE, 1), centre=2)
    t.st[A.S_TURN], t.st[A.S_ENC_NO] = 3, 1
    t.set_ships(0, {P(RED, n): 4 for n in range(1, 5)})
    t.set_ships(1, {P(BLUE, 1): 4, P(BLUE, 2): 4, P(BLUE, 3): 4})
    for q in (2, 3):
        t.set_ships(q, {P(q, 1): 4, P(q, 2): 4, P(q, 3): 4})
    return t


@pytest.mark.parametrize("declare", [1, 0], ids=["upset", "no_upset"])
def test_ce_10_4_loser_upset_declared_before_the_cards(kern, declare):
    """W-7 (before the cards are selected, CE.20.1): the Loser is asked (a how-many question with
    n = 1) and declares an upset, remembered in its power memory as this encounter; at the totals
    (CE.10.3) 4 + 2 = 6 against 10 + 4 = 14: with the upset the lower total wins (the offense,
    CE.10.4 reversed), without it the defense."""
    t = _loser(kern, ATT(4), ATT(10))
    t.script(declare)
    t.window(A.W_7)
    assert t.asked()[0] == (A.D_POWER, RED, 2)
    assert t[A.S_HB_MEM] == (3 * 2 + 1 if declare else 0)
    t.play_cards(ATT(4), ATT(10))
    r = t.outcome()
    assert (t[A.S_TOT + 2], t[A.S_TOT + 5]) == (6, 14)
    assert r == (A.R_OFFENSE_WIN if declare else A.R_DEFENSE_WIN)
    assert uses(t, 0) == declare and t[A.S_HB_ERR] == 0


def test_loser_upset_holds_for_its_own_encounter_only(kern):
    """An upset declared in encounter 1 of turn 3 does not carry into encounter 2 (CE.15): there the
    higher total wins as usual (CE.10.4)."""
    t = _loser(kern, ATT(4), ATT(10))
    t.script(1)
    t.window(A.W_7)
    t.st[A.S_ENC_NO] = 2
    t.play_cards(ATT(4), ATT(10))
    assert t.outcome() == A.R_DEFENSE_WIN


def test_loser_basic_default_declares_when_outnumbered(kern):
    """basic answers the Loser's hint: declare when its side has fewer ships in the encounter (2
    against 4 here), not when it has more (6 against 4)."""
    for centre, declared in ((2, 7), (6, 0)):
        t = _loser(kern, ATT(4), ATT(10))
        t.st[A.S_CENTRE] = centre
        t.set_ships(0, {P(RED, n): 4 for n in range(1, 4)})
        t.st[A.S_STRAT + RED] = strategy_id("basic")
        t.window(A.W_7)
        assert t[A.S_HB_MEM] == declared


@pytest.mark.parametrize("declare", [1, 0], ids=["upset", "no_upset"])
def test_ce_10_4_the_forecast_knows_the_declared_upset(kern, declare):
    """After the Loser declared its upset in W-7 (remembered in its power memory), the engine's
    forecast before the cards (forecast_totals, its on_totals as at CE.10.3) has the lower total win, so
    every player's forecast of the totals (api.predicted_aa, heuristics.seen_aa) says that 4 + 2
    against 10 + 4 is a win for the offense; without the upset, the higher total wins as usual."""
    t = _loser(kern, ATT(4), ATT(10))
    t.script(declare)
    t.window(A.W_7)
    t.k.forecast_totals(t.st, t.c, t.log, I(0))
    assert (t[A.S_HB_FC], t[A.S_HB_FC + 1], t[A.S_HB_FC + 2]) == (0, 0, 2 if declare else 0)
    assert tuple(t.k.predicted_aa(t.st, t.c, I(4), I(10), I(0), I(0))) == (6, 14, declare)
    for me in (0, 1, 2):
        assert tuple(pointer_call(seen_aa)(t.st, t.c, I(me), 4.0, 10.0, I(0), I(0))) == (6.0, 14.0, declare)
    assert t[A.S_HB_MEM] == (3 * 2 + 1 if declare else 0) and uses(t, 0) == declare  # nothing spent again


def test_ce_22_18_the_virus_product_comes_before_a_homebrew_upset(kern):
    """CE.10.3 with two files at the totals: the Virus's product is the classic's (CE.22.18), the
    Loser's declared upset (a homebrew) changes who wins after it, whatever the priority order
    (the Loser, the offense, comes first in it, CE.20.2). Blue, the Virus, defends with 4 ships and
    green's 2 allied: 10 x (4 + 2) = 60 against 4 + 2 = 6, and the lower total wins (the offense).
    The engine's totals are the strategies' forecast (api.predicted_aa), which adds the homebrew
    change to the classics' totals."""
    t = Table(kern, "Loser,Virus,none,none")
    t.encounter_state(0, 1, P(BLUE, 1), centre=2, carriers={2: 2})
    t.st[A.S_TURN], t.st[A.S_ENC_NO] = 3, 1
    t.set_ships(0, {P(RED, n): 4 for n in range(1, 5)})
    t.set_ships(1, {P(BLUE, 1): 4, P(BLUE, 2): 4, P(BLUE, 3): 4})
    for q in (2, 3):
        t.set_ships(q, {P(q, 1): 4, P(q, 2): 4, P(q, 3): 4})
    t.script(1)
    t.window(A.W_7)
    t.k.forecast_totals(t.st, t.c, t.log, I(0))
    forecast = tuple(t.k.predicted_aa(t.st, t.c, I(4), I(10), I(0), I(0)))
    t.play_cards(ATT(4), ATT(10))
    assert t.outcome() == A.R_OFFENSE_WIN
    assert (t[A.S_TOT + 2], t[A.S_TOT + 5], t[A.S_TOT + 6]) == (6, 60, 1) == forecast


# ---- Remora --------------------------------------------------------------------------------

def _remora(kern):
    """Red (offense) with 2 ships in the warp; the Remora at green with 8 in the warp."""
    t = Table(kern, "none,none,Remora,none")
    t.hands(p0=[ATT(8), ATT(6)], p1=[ATT(4)], p2=[ATT(6)], p3=[ATT(8)])
    t.set_ships(0, {P(RED, 1): 6, P(RED, 2): 6, P(RED, 3): 3, P(RED, 4): 3})
    t.set_ships(2, {P(GREEN, 1): 4, P(GREEN, 2): 4, P(GREEN, 3): 4})
    t.set_order([RED])  # red's own colour: it re-settles and the encounter ends in step 2 (CE.5.5)
    return t


def test_ce_4_remora_follows_the_offense_regroup(kern):
    """CE.4.1: red regroups a warp ship onto red 4; at that moment (on_regroup, before the order disc
    of CE.5) the Remora is asked, uses its power and one of its warp ships goes onto green 1, as it
    chooses (CE.0.8)."""
    t = _remora(kern)
    warp = t.warp(2)
    t.script(P(RED, 4), 1, A.src_code(P(GREEN, 1), 1), P(RED, 5), A.src_code(P(RED, 1), 1), A.NONE)
    assert t.encounter(0) == A.R_NO_RESULT and t.script_ok()
    assert t.warp(2) == warp - 1 and t.on(2, P(GREEN, 1)) == 5 and uses(t, 2) == 1
    codes = _codes(t)
    assert codes.index(t.k.E_REGROUP) < codes.index(t.k.E_ALIEN) < codes.index(t.k.E_DISC)
    assert (A.D_POWER, GREEN, 2) in t.asked() and t.conserved() == 0


def test_remora_not_asked_without_a_regroup(kern):
    """CE.4.1 is optional: red regroups no ship, so the Remora has nothing to follow."""
    t = _remora(kern)
    warp = t.warp(2)
    t.script(A.NONE, P(RED, 5), A.src_code(P(RED, 1), 1), A.NONE)
    assert t.encounter(0) == A.R_NO_RESULT and t.script_ok()
    assert t.warp(2) == warp and uses(t, 2) == 0
    assert not any(s == GREEN for _, s, _ in t.asked())


# ---- replay words ------------------------------------------------------------------------

@pytest.mark.parametrize("alien, said, not_said", [
    ("Kamikaze", "Kamikaze's power sends to the warp", "Amoeba adds"),
    ("Remora", "leaves the warp (Remora's power) onto", "is healed (Healer)"),
])
def test_the_replay_names_the_file_aliens_power(kern, alien, said, not_said):
    """CE.71: a replay names the power that moved the ships. The Kamikaze's ships sent to the warp
    and the Remora's ships out of it are the file alien's power, not the Amoeba's or the Healer's
    (no Amoeba or Healer is at the table): replayed games of basic with the alien dealt at seat 0."""
    game = get("cosmic")
    cfg = game.resolve({"players": 4, "strategies": "basic", "aliens": f"{alien},Laser,Mind,Trader"},
                       extra_dirs(game))
    texts = [e["text"] for g in range(40) for e in game.replay(cfg, 5, g, extra_dirs(game))[0]]
    assert any(said in s for s in texts)
    assert not any(not_said in s for s in texts)
