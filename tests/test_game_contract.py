"""What every registered game owes the runner, checked for each game in ``simsuite.games.names()``
(a new game is covered as soon as it registers itself):

* determinism: a game's record depends only on (run key, game index): the same across numba
  thread counts, across splits of the game range into batches, and through the runner's chunks;
* replay: ``Game.replay`` plays the batch's game (the same record);
* invariants: the checked entry ``run_checked`` finds no violation over random games (the
  ``random`` strategy at every seat) and plays the same games as ``run_batch``;
* illegal answers: an answer outside a decision's options is rejected (option 0 is played in its
  place), counted in the record with the first offending seat, and the runner refuses the run;
* records: every field of every row is written by the kernel; the seats not in the game are
  marked -1 in every per-seat field (the layout's convention), and -1 appears nowhere else unless
  the field's doc says what it means there or that the field may be negative.

The game owes, besides the ``Game`` interface: an api module ``simsuite.games.<dirname>.api``
with the state offsets S_RNG, S_STRAT, S_NOPT, S_OPT, S_SCR (64 scratch words), S_VIOL,
STATE_SIZE and VIOLATION_NAMES; a ``random`` strategy; record fields game, strategy, win, illegal
and illegal_seat. Game counts are kept small (this file runs in about a minute per game once
the kernels are compiled); the per-game invariant tests play many more games.
"""
import numpy as np
import pytest

import harness
from harness import ILLEGAL_HIGH, ILLEGAL_LOW, I, api_of, build_of, extra_dirs, kernel_of
from simsuite.errors import BadInput
from simsuite.kernel_common import new_log
from simsuite.games import get, names
from simsuite.rng import run_key
from simsuite.runner import check_legal, run_cell, set_threads

GAMES = names()
N_GAMES = 1500
SEED = 0xC0_47AC7


def _seat_fields(game):
    """Per-seat vector fields: length max_players (RecordLayout.columns' convention)."""
    return [name for name, k, _ in game.layout.vector_fields if k == game.max_players]


def _largest(game, params=None) -> int:
    """The largest table the configuration allows (Cosmic: 4 under AH2000, 5 under FFG2008)."""
    return game.players_need(params or {}).stop - 1


def _setup(name, players=None, **params):
    game = get(name)
    players = players or _largest(game, params)
    cfg, c = build_of(name, players, "random", **params)
    return game, cfg, c, run_key(SEED, game.config_hash(cfg))


@pytest.fixture
def threads():
    import numba

    before = numba.get_num_threads()
    yield set_threads
    numba.set_num_threads(before)


@pytest.mark.parametrize("name", GAMES)
def test_game_owes_the_runner_its_layout_and_strategies(name):
    game = get(name)
    A = api_of(game)
    assert game.state_size == A.STATE_SIZE
    for off in ("S_RNG", "S_STRAT", "S_NOPT", "S_OPT", "S_SCR", "S_VIOL"):
        assert 0 <= getattr(A, off) < A.STATE_SIZE, off
    assert A.S_SCR + 64 <= A.STATE_SIZE
    assert A.VIOLATION_NAMES[0] == ""
    fields = set(game.layout.dtype.names)
    assert {"game", "strategy", "win", "illegal", "illegal_seat"} <= fields
    assert {"strategy", "win"} <= set(_seat_fields(game))
    strategies = [s.name for s in game.strategies(extra_dirs(game))]
    assert {"random", "scripted"} <= set(strategies)


@pytest.mark.parametrize("name", GAMES)
def test_thread_count_does_not_change_a_game(name, threads):
    game, cfg, c, key = _setup(name)
    k = kernel_of(name)
    assert threads(2) == 2  # conftest gives numba at least two threads
    a = game.run_range(k, c, key, 0, N_GAMES).copy()
    threads(1)
    b = game.run_range(k, c, key, 0, N_GAMES).copy()
    threads(2)
    a2 = game.run_range(k, c, key, 0, N_GAMES).copy()
    assert (a["game"] == np.arange(N_GAMES)).all()
    assert np.array_equal(a, b), f"{name}: 1 thread and 2 threads differ"
    assert np.array_equal(a, a2)


@pytest.mark.parametrize("name", GAMES)
def test_chunk_splits_do_not_change_a_game(name):
    game, cfg, c, key = _setup(name)
    k = kernel_of(name)
    whole = game.run_range(k, c, key, 0, N_GAMES).copy()
    cuts = [0, 1, 130, 777, N_GAMES]  # blocks of 64 games cut off-boundary
    parts = np.concatenate([game.run_range(k, c, key, a, b - a).copy() for a, b in zip(cuts, cuts[1:])])
    assert np.array_equal(whole, parts)
    assert np.array_equal(game.run_range(k, c, key, 1001, 1)[0], whole[1001])
    for chunk in (500, 333):  # through the runner, whose folding thread gets the chunks
        recs = []
        res = run_cell(game, cfg, N_GAMES, seed=SEED, extra_dirs=extra_dirs(game), chunk=chunk,
                       on_chunk=lambda r: recs.append(r.copy()))
        assert res.key == key
        assert np.array_equal(np.concatenate(recs), whole), f"{name}: chunk {chunk} differs"
    # the comparisons can fail: another key plays other games
    assert not np.array_equal(game.run_range(k, c, key + 1, 0, 200), whole[:200])


@pytest.mark.parametrize("name", GAMES)
def test_replay_equals_the_batch_record(name):
    game, cfg, c, key = _setup(name)
    batch = game.run_range(kernel_of(name), c, key, 0, 300).copy()
    for g in (0, 1, 64, 299):
        events, rec = game.replay(cfg, key, g, extra_dirs(game))
        assert np.array_equal(rec[0], batch[g]), f"{name}: replay of game {g} differs from the batch"
        assert events and all(isinstance(e["text"], str) and e["text"] for e in events)


@pytest.mark.parametrize("name", GAMES)
def test_random_games_break_no_invariant(name):
    """Over random games at the smallest and the largest table (the engine's own checks after
    every turn), and the checked entry plays exactly the batch's games."""
    game = get(name)
    A = api_of(game)
    k = kernel_of(name)
    need = game.players_need({})
    for players in sorted({need.start, need.stop - 1}):
        _, cfg, c, key = _setup(name, players)
        out = np.empty((N_GAMES, game.layout.n_cols), np.int64)
        viol = np.full(N_GAMES, -1, np.int64)  # -1: a game the checked entry never reached
        k.run_checked(c, I(key), I(0), out, viol)
        bad = viol[viol != 0]
        found = {A.VIOLATION_NAMES[v] if 0 < v < len(A.VIOLATION_NAMES) else int(v): int((bad == v).sum())
                 for v in np.unique(bad)}
        assert not found, f"{name}, {players} players: violations {found}"
        assert np.array_equal(game.layout.view(out), game.run_range(k, c, key, 0, N_GAMES))


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


def _field_docs(game):
    return {f[0]: f[-1] for f in (*game.layout.scalar_fields, *game.layout.vector_fields)}


@pytest.mark.parametrize("name", GAMES)
def test_every_record_field_is_written(name):
    """Two runs into outputs pre-filled with different sentinels give the same rows (the kernel
    wrote every column) with neither sentinel left. The kernels start a row at -1, the layout's
    mark of an empty seat: seats not in the game are -1 in every per-seat field, and no field of
    a seat in the game (nor a per-game field) is -1 unless its doc says what -1 means there (as
    illegal_seat's "-1: none") or that it may be negative, so a field the kernel forgets to fill
    shows. Seats in the game have the line-up's strategy and a 0/1 win."""
    game = get(name)
    k = kernel_of(name)
    players = game.min_players
    _, cfg, c, key = _setup(name, players)
    sentinels = (0x5A5A_5A5A_5A5A_5A5A, -0x2B2B_2B2B_2B2B_2B2B)
    rows = []
    for sentinel in sentinels:
        out = np.full((N_GAMES, game.layout.n_cols), sentinel, np.int64)
        k.run_batch(c, I(key), I(0), out, new_log(1), np.zeros(1, np.int64))  # a one-row log: a batch, not a replay
        rows.append(out)
    a, b = (game.layout.view(r) for r in rows)
    unwritten = [f for f in game.layout.dtype.names if not np.array_equal(a[f], b[f])]
    assert not unwritten, f"{name}: fields not written by the kernel: {unwritten}"
    assert not np.isin(rows[0], sentinels).any()
    rec = a
    seat_fields = _seat_fields(game)
    docs = _field_docs(game)
    left_at_minus_one = []
    for f in game.layout.dtype.names:
        if f in seat_fields:
            assert (rec[f][:, players:] == -1).all(), f"{name}: {f} of an empty seat is not -1"
        if "-1" in docs[f] or "negative" in docs[f]:
            continue
        mine = rec[f][:, :players] if f in seat_fields else rec[f]
        if (mine == -1).any():
            left_at_minus_one.append(f)
    assert not left_at_minus_one, f"{name}: fields left at -1 (not written, or -1 undocumented): {left_at_minus_one}"
    assert (rec["strategy"][:, :players] == harness.strategy_id_of(name, "random")).all()
    assert np.isin(rec["win"][:, :players], (0, 1)).all()
    assert (rec["illegal"] == 0).all() and (rec["illegal_seat"] == -1).all()


# configurations other than the default that must keep the contract too (issue 16: the FFG2008
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
