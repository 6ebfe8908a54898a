"""No seat is favoured by its index (CE.0.5: a seat index has no meaning in the rules; every order
the rules name runs clockwise from a player, CE.8.3, CE.14.4, CE.20.2, CE.44.1).

With the start player drawn at random (CE.2.4) the game is the same seen from every seat, so every
seat's expected win share is the same: where a strategy or the engine breaks a tie by the lowest
seat index (or lists a choice in seat order and a strategy keeps the first of equal options) the
shares drift with the index. The statistical test plays `basic` on every seat with random aliens,
40,000 games at 4 players under each deal model (CE.51.5), and tests each seat's win share
against the fair share of its game (Holm over the seats). The start player's edge (a property of
the rules) is left in the games: it averages out over the seats because the start player is
random, which the test checks too.

The rule tests below build explicit states where the old seat-index tie-breaks chose differently:
the options a decision lists run clockwise from the player deciding, and `basic` breaks its ties
relative to itself.
"""
import numpy as np
import pytest
from cosmic_harness import ART, BLUE, GAME, GREEN, RED, YELLOW, P, Table, build, kernel
from scipy.stats import chisquare, norm
from statsmodels.stats.multitest import multipletests

import simsuite.games.cosmic.api as A
from simsuite.engine.rng import run_key
from simsuite.engine.unmanaged import pointer_call
from simsuite.games.cosmic.bots.basic.heuristics import pick_artifact, pick_source
from simsuite.games.cosmic.bots.basic.policy import basic_decide

GAMES = 40_000
PLAYERS = 4
ALPHA = 0.01


def _seat_shares(policy):
    cfg, c = build(PLAYERS, "basic", aliens="random", deal_accept_policy=policy)
    key = run_key(20261127, GAME.config_hash(cfg))
    rec = GAME.run_range(kernel(), c, key, 0, GAMES)
    win = rec["win"][:, :PLAYERS].astype(float)
    k = win.sum(axis=1, keepdims=True)
    share = np.divide(win, k, out=np.zeros_like(win), where=k > 0)  # 1/k to each of k winners
    return share, rec["start_player"].copy()


@pytest.mark.parametrize("policy", ["wary", "never", "standard_only"])
def test_ce_0_5_no_seat_favoured_by_its_index(policy):
    """CE.0.5 / CE.2.4: each seat's win share equals the fair share of its games within noise
    (two-sided z tests of the per-game difference share - (games' total share) / N, Holm over
    the seats at 1%), with the start player drawn at random (its counts are uniform, chi-square)."""
    share, start = _seat_shares(policy)
    assert chisquare(np.bincount(start, minlength=PLAYERS)).pvalue > 0.001  # random start player
    assert share.sum(axis=1).mean() > 0.95  # nearly every game has a winner
    dev = share - share.sum(axis=1, keepdims=True) / PLAYERS  # per game, sums to 0 over the seats
    z = dev.mean(axis=0) / (dev.std(axis=0, ddof=1) / np.sqrt(GAMES))
    p = 2 * norm.sf(np.abs(z))
    reject = multipletests(p, alpha=ALPHA, method="holm")[0]
    shares = ", ".join(f"seat {s}: {100 * share[:, s].mean():.2f}%" for s in range(PLAYERS))
    assert not reject.any(), f"deal model {policy}: {shares} (z {np.round(z, 2).tolist()})"


# --- rule tests from explicit states: ties broken relative to the player deciding --------------
# Seats: 0 red, 1 blue, 2 green, 3 yellow; clockwise from blue is green, yellow, red (CE.0.5).


def _options(t):
    return [int(t.st[A.S_OPT + i]) for i in range(t.st[A.S_NOPT])]


def _basic(t, kind, me):
    """basic's answer (an option value) to the options now in st[S_OPT:]."""
    return int(t.st[A.S_OPT + pointer_call(basic_decide)(np.int64(kind), t.st, t.c, np.int64(me))])


def test_ce_4_1_regroup_colonies_listed_from_own_system_clockwise():
    """CE.4.1 / CE.50.1 / CE.0.5: the colonies a regrouping offense may choose are listed from its
    own home system clockwise round the table; basic sends the ship to the foreign colony with
    the fewest ships, and between equal ones to the first clockwise from itself (blue: green's
    colony before red's, whatever the seat indices)."""
    t = Table()
    t.set_ships(BLUE, {P(RED, 2): 1, P(GREEN, 3): 1, P(YELLOW, 4): 1})
    t.st[A.S_OFF] = BLUE
    t.call("regroup", BLUE)  # the scripted seat passes (option 0, CE.4.1 AH2000)
    assert _options(t) == [A.NONE, P(GREEN, 3), P(YELLOW, 4), P(RED, 2)]
    assert _basic(t, A.D_REGROUP, BLUE) == P(GREEN, 3)


def test_ce_6_launch_ships_taken_from_own_system_first_on_equal_stacks():
    """CE.6.1 / CE.50.5 / CE.0.5: ship sources are listed from the player's own system clockwise; with
    a home colony and a foreign colony of equal size, basic launches from the home colony first
    for every seat (before, yellow took its foreign colony in red's system first, red its home)."""
    for me, foreign in ((RED, P(GREEN, 1)), (YELLOW, P(RED, 1))):
        t = Table()
        t.set_ships(me, {P(me, 1): 4, foreign: 4})
        t.st[A.S_OFF] = me
        t.st[A.S_CTX_N] = 0
        t.st[A.S_CTX_MAX] = 4
        n = t.k._chunk_options(t.st, np.int64(me), np.int64(0), np.int64(4), np.int64(1), np.int64(0))
        t.st[A.S_NOPT] = n
        assert [x // A.SRC_SHIFT for x in _options(t)] == [P(me, 1)] * 4 + [foreign] * 4
        code = int(t.st[A.S_OPT + pointer_call(pick_source)(t.st, t.c, np.int64(me), np.int64(3))])
        assert code // A.SRC_SHIFT == P(me, 1)


def test_ce_5_6_expel_options_clockwise_and_basic_expels_the_first_small_colony():
    """CE.5.4 / CE.5.6 / CE.0.5: the colonies an offense drawing its own colour may expel are listed
    planet by planet, the players on a planet clockwise from the offense's left; basic expels the
    smallest colony, and of equal ones the first clockwise (blue: yellow before red)."""
    t = Table()
    t.set_ships(BLUE, {P(BLUE, 1): 3, P(BLUE, 2): 3})
    t.set_ships(RED, {P(RED, 1): 4, P(BLUE, 1): 1})
    t.set_ships(YELLOW, {P(YELLOW, 1): 4, P(BLUE, 1): 1})
    t.set_order([BLUE, GREEN])
    t.script(A.NONE)  # REDRAW; then green is drawn
    assert t.call("order", BLUE) == 0 and t.st[A.S_DEF] == GREEN
    expel = [x for x in _options(t) if x >= A.EXPEL_BASE]
    assert expel == [A.EXPEL_BASE + q * A.MAX_PLANETS + P(BLUE, 1) for q in (YELLOW, RED)]
    t.st[A.S_OFF] = BLUE
    assert _basic(t, A.D_OWN_COLOUR, BLUE) == A.EXPEL_BASE + YELLOW * A.MAX_PLANETS + P(BLUE, 1)


def test_ce_21_4_plague_on_the_leader_ties_clockwise_from_the_player():
    """CE.21.4 / CE.0.5: Plague victims are listed clockwise from the holder's left (itself last);
    basic plagues the leader other than itself, and of two tied leaders the first clockwise from it
    (green: yellow before red)."""
    t = Table()
    t.hands(p2=[ART(A.ART_PLAGUE)])
    t.set_ships(RED, {P(RED, 1): 4, P(BLUE, 1): 1, P(GREEN, 1): 1, P(YELLOW, 1): 1})
    t.set_ships(YELLOW, {P(YELLOW, 2): 4, P(RED, 2): 1, P(BLUE, 2): 1, P(GREEN, 2): 1})
    t.set_ships(GREEN, {P(GREEN, 3): 4, P(RED, 3): 1})
    t.st[A.S_OFF] = BLUE
    t.st[A.S_DEF] = -1
    t.st[A.S_OPT] = A.NONE
    n = t.k.art_plays(t.st, t.c, np.int64(GREEN), np.int64(A.W_1), np.int64(A.ART_PLAGUE), np.int64(1))
    t.st[A.S_NOPT] = n
    assert [x % 64 for x in _options(t)[1:]] == [YELLOW, RED, BLUE, GREEN]
    i = pointer_call(pick_artifact)(t.st, t.c, np.int64(GREEN))
    assert int(t.st[A.S_OPT + i]) == A.art_code(A.ART_PLAGUE, YELLOW)


def test_ce_51_4_standard_deal_colony_fallback_follows_the_contract():
    """CE.51.4 (1): with no qualifying planet in the defense's own system, the standard deal gives the
    offense a colony where the defense has one, systems in seat order as the contract names them (red's
    before green's): the one seat-index order left, a modelling choice of the contract itself."""
    t = Table()
    t.set_ships(BLUE, {P(BLUE, 1): 2, P(RED, 4): 1, P(GREEN, 4): 1})
    t.set_ships(YELLOW, {P(YELLOW, 1): 4, P(BLUE, 1): 1})
    t.encounter_state(YELLOW, BLUE, P(BLUE, 1))
    code = int(t.k.standard_deal(t.st, t.c))
    assert A.deal_col_do(np.int64(code)) == P(RED, 4)


def test_ce_33_5_wild_destiny_lists_players_clockwise_from_the_offense():
    """CE.33.5 / CE.50.3 / CE.0.5 (FFG2008): the wild destiny card's players are listed clockwise from
    the offense's left; basic names the one with the fewest ships on planets, and of equal ones
    the first clockwise (green: yellow before red)."""
    t = Table(edition="FFG2008")
    for q in (RED, BLUE, GREEN, YELLOW):
        t.set_ships(q, {P(q, 1): 4, P(q, 2): 4})
    t.st[A.S_OFF] = GREEN
    assert int(t.k.ffg_destiny_pick(t.st, t.c, np.int64(GREEN), np.int64(A.DESTINY_WILD))) == YELLOW
    assert _options(t) == [YELLOW, RED, BLUE]
    assert _basic(t, A.D_DESTINY, GREEN) == YELLOW


@pytest.mark.parametrize("p", [0, 1, 2, 3])
def test_ce_8_1_and_21_2_subset_options_are_every_subset_listed_relative(p):
    """CE.8.1 (invitations: any subset of the other players) and CE.21.2 (Force Field: a non-empty set
    of current allies): the options are exactly those subsets, whatever seat decides; they are listed
    in the order of the mask turned to the decider (the empty set first)."""
    t = Table()
    t.st[A.S_OFF] = p
    t.st[A.S_DEF] = (p + 2) % 4
    t.k._invite(t.st, t.c, np.int64(p), np.int64(A.D_INVITE_O))
    others = (1 << ((p + 1) % 4)) | (1 << ((p + 3) % 4))
    every = [m for m in range(16) if m & ~others == 0]
    got = _options(t)
    assert got[0] == 0 and sorted(got) == every
    for q in range(4):
        t.st[A.S_ALLY + q] = A.SIDE_OFFENSE if q != p else 0
    t.st[A.S_OPT] = A.NONE
    n = t.k.art_plays(t.st, t.c, np.int64(p), np.int64(A.W_7), np.int64(A.ART_FORCE_FIELD), np.int64(1))
    t.st[A.S_NOPT] = n
    allies = sum(1 << q for q in range(4) if q != p)
    masks = [x % 64 for x in _options(t)[1:]]
    assert sorted(masks) == [m for m in range(1, 16) if m & ~allies == 0]
    assert masks[0] == 1 << ((p + 1) % 4)  # the first: the ally on the decider's left alone
