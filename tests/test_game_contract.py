"""What every registered game owes the runner, checked for each game in ``simsuite.games.names()``
(a new game is covered as soon as it registers itself): the public contract check
``simsuite.testing`` (its CHECKS: layout, determinism across threads and batch splits, replay =
batch record, no invariant violation, illegal answers rejected and counted, every record field
written; `simsuite check game NAME` runs the same), one test per game and check; and, with the
test-only ``scripted`` strategy, that rejected answers are counted exactly with the first seat
that gave one, and the contract of configurations other than the default.

Game counts are kept small (this file runs in about a minute per game once the kernels are
compiled); the per-game invariant tests play many more games.
"""
import harness
import numpy as np
import pytest
from harness import ILLEGAL_HIGH, ILLEGAL_LOW, api_of, build_of, extra_dirs, kernel_of

from simsuite.engine.rng import run_key
from simsuite.errors import BadInput
from simsuite.games import get, names
from simsuite.runner import check_legal, set_threads
from simsuite.testing import CHECKS, run_check

GAMES = names()
N_GAMES = 1500
SEED = 0xC0_47AC7


def _largest(game, params=None) -> int:
    """The largest table the configuration allows (Cosmic: 4 under AH2000, 5 under FFG2008)."""
    return game.players_need(params or {}).stop - 1


def _setup(name, players=None, **params):
    game = get(name)
    players = players or _largest(game, params)
    cfg, c = build_of(name, players, "random", **params)
    return game, cfg, c, run_key(SEED, game.config_hash(cfg))


@pytest.mark.parametrize("check", list(CHECKS))
@pytest.mark.parametrize("name", GAMES)
def test_the_public_contract_check(name, check):
    """simsuite.testing.check_game's checks (`simsuite check game NAME`), one test each."""
    problem = run_check(name, check, N_GAMES, extra_dirs(get(name)))
    assert problem == "", f"{name}: {check}: {problem}"


@pytest.mark.parametrize("name", GAMES)
def test_the_test_strategies_are_there(name):
    game = get(name)
    assert {"random", "scripted", "first", "wild"} <= {s.name for s in game.strategies(extra_dirs(game))}


@pytest.fixture
def threads():
    import numba

    before = numba.get_num_threads()
    yield set_threads
    numba.set_num_threads(before)


def _scripted_game(name, players, g, *answers):
    t = harness.table_for(name)(players, key=SEED, g=g)
    t.script(*answers)
    rec = t.play(check=True)
    return t, rec


@pytest.mark.parametrize("name", GAMES)
def test_illegal_answers_are_rejected_and_counted(name):
    """Answers past the options (n) and below them (-1) are not played: option 0 is, so the game is
    the one an always-first-option player plays; the record counts them and names the first
    seat; the runner stops such a run naming the strategy."""
    game = get(name)
    A = api_of(game)
    names_ = [s.name for s in game.strategies(extra_dirs(game))]
    for players, g in ((game.min_players, 0), (_largest(game), 1), (_largest(game), 2)):
        bad = (ILLEGAL_HIGH, ILLEGAL_LOW, ILLEGAL_HIGH)
        t, rec = _scripted_game(name, players, g, *bad)
        t0, rec0 = _scripted_game(name, players, g)
        assert len(t.decisions()) >= len(bad), f"{name}: too few decisions to test"
        assert t.script_ok() and t0.script_ok()
        assert t[A.S_VIOL] == 0 and t0[A.S_VIOL] == 0
        assert t.decisions() == t0.decisions()  # the same decisions were asked
        assert int(rec["illegal"][0]) == len(bad)
        assert int(rec["illegal_seat"][0]) == t.decisions()[0][1]
        assert int(rec0["illegal"][0]) == 0 and int(rec0["illegal_seat"][0]) == -1
        other = [f for f in game.layout.dtype.names if f not in ("illegal", "illegal_seat")]
        for f in other:
            assert np.array_equal(rec[f], rec0[f]), f"{name}: field {f} changed by rejected answers"
        check_legal(rec0, names_)
        with pytest.raises(BadInput, match="'scripted'.*outside 0..n-1"):
            check_legal(rec, names_)


# configurations other than the default that must keep the contract too (the FFG2008
# edition of Cosmic Encounter is a configuration of the same kernel, at 3-5 players: _setup plays
# the largest table, 5, unless players is given)
VARIANTS = [("cosmic", {"edition": "FFG2008", "aliens": "random"}),
            ("cosmic", {"edition": "FFG2008", "aliens": "random", "players": 4})]


@pytest.mark.parametrize("name, params", VARIANTS)
def test_thread_count_does_not_change_a_variant(name, params, threads):
    game, cfg, c, key = _setup(name, **params)
    k = kernel_of(name)
    assert threads(2) == 2
    a = game.run_range(k, c, key, 0, N_GAMES).copy()
    threads(1)
    b = game.run_range(k, c, key, 0, N_GAMES).copy()
    threads(2)
    assert np.array_equal(a, b), f"{name} {params}: 1 thread and 2 threads differ"
