"""ASV.24 invariants over many random and heuristic games at 2, 3 and 4 players.

``run_checked`` runs the engine's own checks (tile and card conservation, edge-consistent board,
suns, pieces, planets, ship positions, score = sum of its sources, turn bound) after setup, after
every turn and after final scoring; the records are then checked from outside, and a few replays
check that the logged scoring events add up to the final scores.
"""
import numpy as np
import pytest
from sv_harness import GAME, build, kernel

import simsuite.games.space_venture.api as A
from simsuite.engine.rng import run_key

GAMES = 2000


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("lineup", ["random", "basic", "basic,random"])
def test_asv_24_invariants_hold_in_every_game(players, lineup):
    cfg, c = build(players, lineup, rotate=True)
    key = run_key(11, GAME.config_hash(cfg))
    out = np.empty((GAMES, GAME.layout.n_cols), np.int64)
    viol = np.zeros(GAMES, np.int64)
    kernel().run_checked(c, np.int64(key), np.int64(0), out, viol)
    bad = {A.VIOLATION_NAMES[v]: int((viol == v).sum()) for v in np.unique(viol[viol > 0])}
    assert not bad, bad
    r = GAME.layout.view(out)
    N = players
    assert (r["timeout"] == 0).all() and (r["illegal"] == 0).all()
    # ASV.24.13: at most ceil(79 / tiles per turn) turns; every game reaches its last tile
    tpt = 3 if N == 2 else 2
    assert r["turns"].max() <= -(-79 // tpt) and r["turns"].min() >= 79 // (tpt + 7)
    # ASV.24.1: every drawn space tile ends on the board, held as a quest, or removed by ASV.9.8
    assert (r["tiles_placed"] + r["tiles_removed"] + 3 == 79).all()
    assert (r["suns_placed"] <= 4).all()
    # ASV.24.12: the score is the sum of the sources, per seat
    src = sum(r[f"src_{n}"][:, :N] for n in A.SOURCE_NAMES)
    assert np.array_equal(src, r["score"][:, :N])
    assert (r["src_sun"][:, :N].sum(axis=1) == 10).all() or (r["tiles_removed"] > 0).any()
    # ASV.19.3: the winners hold the top score; a shared win is a tie
    top = r["score"][:, :N].max(axis=1)
    assert np.array_equal(r["win"][:, :N] == 1, r["score"][:, :N] == top[:, None])
    assert (r["score"][:, N:] == -1).all()
    # the games are not degenerate: planets get discovered and regions complete
    assert r["discoveries"].mean() > 1 and r["paths_completed"].mean() > 1


@pytest.mark.parametrize("players", [2, 4])
def test_asv_24_12_logged_score_events_add_up(players):
    """Replay a few games: the E_SCORE events of the log sum to each seat's final score."""
    cfg, c = build(players, "basic,random")
    k = kernel()
    for g in range(5):
        events, rec = GAME.replay(cfg, 99, g)
        total = np.zeros(players, np.int64)
        for e in events:
            if e["event"] == "score":
                total[e["player"]] += e["points"]
        assert list(total) == list(rec["score"][0, :players])
        assert events[-1]["event"] == "winners"
        assert sum(e["event"] == "place_tile" for e in events) == rec["tiles_placed"][0]
    assert k is not None
