"""Star Cartel determinism (SC.17.13): the same seed, config and decisions give the same game,
whatever the thread count, chunking or split of the game range; replay and the checked entry
reproduce the batch rows."""
import numpy as np
import pytest
from star_cartel_harness import EXTRA, GAME, I, build, kernel

import simsuite.games.star_cartel.records as R
from simsuite.engine.rng import run_key
from simsuite.runner import run_cell, set_threads

N = 5000
LINEUPS = ["random", "market,greedy"]


@pytest.fixture
def threads():
    import numba

    before = numba.get_num_threads()
    yield set_threads
    numba.set_num_threads(before)


def _setup(players, lineup, **params):
    cfg, c = build(players, lineup, **params)
    key = run_key(2024, GAME.config_hash(cfg))
    return cfg, c, key


@pytest.mark.parametrize("lineup", LINEUPS)
def test_sc_17_13_thread_count(threads, lineup):
    """SC.17.13: 1 thread and 2 threads give identical records."""
    cfg, c, key = _setup(4, lineup)
    k = kernel()
    assert threads(2) == 2  # conftest gives numba at least two threads
    a = GAME.run_range(k, c, key, 0, N).copy()
    threads(1)
    b = GAME.run_range(k, c, key, 0, N).copy()
    threads(2)
    a2 = GAME.run_range(k, c, key, 0, N).copy()
    assert np.array_equal(a, b)
    assert np.array_equal(a, a2)
    assert (a["game"] == np.arange(N)).all()


@pytest.mark.parametrize("lineup", LINEUPS)
def test_sc_17_13_split_ranges(lineup):
    """SC.17.13: run_range(0, 5000) == run_range(0, 1234) ++ run_range(1234, 3766); a game's
    result depends only on (key, game index)."""
    cfg, c, key = _setup(5, lineup)
    k = kernel()
    whole = GAME.run_range(k, c, key, 0, N).copy()
    parts = np.concatenate([GAME.run_range(k, c, key, 0, 1234).copy(),
                            GAME.run_range(k, c, key, 1234, N - 1234).copy()])
    assert np.array_equal(whole, parts)
    single = GAME.run_range(k, c, key, 4321, 1).copy()
    assert np.array_equal(single[0], whole[4321])


def test_sc_17_13_run_cell_chunks():
    """SC.17.13: runner.run_cell with different chunk sizes yields the same per-game records."""
    cfg, c, key = _setup(6, "random")
    got = {}
    for chunk in (1000, 777, 4096):
        recs = []
        run_cell(GAME, cfg, 3000, seed=2024, extra_dirs=EXTRA, chunk=chunk,
                 on_chunk=lambda r: recs.append(r.copy()))
        got[chunk] = np.concatenate(recs)
    assert np.array_equal(got[1000], got[777])
    assert np.array_equal(got[1000], got[4096])
    direct = GAME.run_range(kernel(), c, key, 0, 3000)
    assert np.array_equal(got[1000], direct)


def test_sc_17_13_keys_matter():
    """The comparisons above can fail: another key gives other games."""
    cfg, c, key = _setup(4, "random")
    k = kernel()
    a = GAME.run_range(k, c, key, 0, 500).copy()
    b = GAME.run_range(k, c, key + 1, 0, 500).copy()
    assert not np.array_equal(a, b)


@pytest.mark.parametrize("players,lineup", [(3, "random"), (4, "market,greedy"), (6, "market,greedy,random")])
def test_sc_17_13_replay_matches_batch(players, lineup):
    """SC.17.13: g.replay(cfg, key, game) gives the same record as the batch row for that game,
    and its event log is consistent with it."""
    cfg, c, key = _setup(players, lineup)
    batch = GAME.run_range(kernel(), c, key, 0, 400).copy()
    for g in (0, 1, 17, 123, 399):
        events, rec = GAME.replay(cfg, key, g, extra_dirs=EXTRA)
        assert np.array_equal(rec[0], batch[g]), f"game {g}"
        assert sum(e["event"] == "delivery" for e in events) == batch[g]["deliveries"]
        winners = [e for e in events if e["event"] == "winners"]
        assert len(winners) == 1
        assert winners[0]["seats"] == [p for p in range(players) if batch[g]["win"][p] == 1]


@pytest.mark.parametrize("lineup", LINEUPS)
def test_sc_17_13_checked_entry_matches_batch(lineup):
    """SC.17.13: the invariant-checked entry plays exactly the same games as run_batch."""
    cfg, c, key = _setup(4, lineup)
    k = kernel()
    batch = GAME.run_range(k, c, key, 100, 2000).copy()
    out = np.empty((2000, R.N_COLS), np.int64)
    viol = np.zeros(2000, np.int64)
    k.run_checked(c, I(key), I(100), out, viol)
    assert np.array_equal(R.as_records(out), batch)


def test_sc_17_13_rotation():
    """Seat rotation (rotate = true) is deterministic too and rotates the line-up by game index."""
    cfg, c = build(3, "market,greedy,random", rotate=True)
    key = run_key(7, GAME.config_hash(cfg))
    k = kernel()
    a = GAME.run_range(k, c, key, 0, 300).copy()
    b = GAME.run_range(k, c, key, 0, 300).copy()
    assert np.array_equal(a, b)
    lineup = a["strategy"][:, :3]
    assert sorted(lineup[0]) == sorted(set(lineup[0]))  # three different strategies
    for g in range(6):
        assert (lineup[g] == np.roll(lineup[0], -g)).all()  # seat s plays lineup[(s + g) % N]


_ALLOC_SCRIPT = r"""
import sys
import numpy as np
sys.path.insert(0, {tests!r})
import simsuite.games.star_cartel.records as R
from star_cartel_harness import GAME, I, build, kernel
cfg, c = build(4, {lineup!r})
k = kernel()
n = 2000
batch = GAME.run_range(k, c, 7, 0, n).copy()
out = np.empty((n, R.N_COLS), np.int64)
viol = np.zeros(n, np.int64)
k.run_checked(c, I(7), I(0), out, viol)
checked = R.as_records(out).copy()
print("DIFF", int((batch != checked).sum()), flush=True)
"""


def _alloc_run(lineup):
    import subprocess
    import sys
    from pathlib import Path

    code = _ALLOC_SCRIPT.format(tests=str(Path(__file__).resolve().parent.parent), lineup=lineup)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)


def test_sc_17_13_batch_vs_checked_random_subprocess():
    """Control for the test below: with the built-in random strategy, run_batch and run_checked
    agree (also in a fresh process)."""
    r = _alloc_run("random")
    assert r.returncode == 0, r.stderr[-2000:]
    assert "DIFF 0" in r.stdout


def test_sc_17_13_batch_with_allocating_strategy():
    """SC.17.13: a strategy that allocates a small array in each decision plays the same games in
    run_batch as in run_checked (which uses ordinary arrays); run in a subprocess because a heap
    corruption aborts the interpreter."""
    r = _alloc_run("alloc")
    assert r.returncode == 0, f"rc={r.returncode}: {r.stderr[-2000:]}"
    assert "DIFF 0" in r.stdout, r.stdout
