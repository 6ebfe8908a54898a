"""Head-to-head and table-composition statistics, and the Plackett-Luce strengths."""
import math

import numpy as np
import pandas as pd
import pytest

from simsuite.analysis.rating import plackett_luce
from simsuite.analysis.stats import SHARE_UNIT, Accumulator


def _synthetic(strengths, n_games=40000, N=3, seed=1):
    rng = np.random.default_rng(seed)
    K = len(strengths)
    ids = np.stack([rng.choice(K, size=N, replace=False) for _ in range(n_games)])
    p = np.asarray(strengths)[ids]
    p = p / p.sum(axis=1, keepdims=True)
    u = rng.random(n_games)[:, None]
    winner = (u > np.cumsum(p, axis=1)).sum(axis=1)
    win = np.zeros_like(ids)
    win[np.arange(n_games), winner] = 1
    return ids, win


def test_plackett_luce_recovers_known_strengths():
    truth = np.array([2.0, 1.0, 0.5, 1.0])
    ids, win = _synthetic(truth)
    acc = Accumulator(3, ["a", "b", "c", "d"])
    seats = dict(win=win, score=win, strategy=ids, position=np.tile(np.arange(3), (len(ids), 1)))
    acc.add({"turns": np.ones(len(ids), np.int64)}, seats)
    fit = plackett_luce(pd.DataFrame(acc.comp_rows())).set_index("label")
    want = truth / np.exp(np.log(truth).mean())
    for lab, w in zip("abcd", want):
        assert fit.loc[lab, "ci_low"] <= w <= fit.loc[lab, "ci_high"], (lab, w, fit.loc[lab].to_dict())
    assert list(fit.index[:1]) == ["a"] and fit.index[-1] == "c"
    assert abs(fit["log_strength"].sum()) < 1e-9


def test_head_to_head_counts_each_opponent_label_once_per_game():
    # two games, 3 seats: [x, y, y] won by x; [y, x, z] won by z (labels x=0, y=1, z=2)
    ids = np.array([[0, 1, 1], [1, 0, 2]])
    win = np.array([[1, 0, 0], [0, 0, 1]])
    acc = Accumulator(3, ["x", "y", "z"])
    acc.add({"turns": np.array([5, 6])}, dict(win=win, score=win, strategy=ids, position=np.zeros_like(ids)))
    h = {(r["a"], r["b"]): r for r in acc.h2h_rows()}
    assert h[("x", "y")]["n"] == 2 and h[("x", "y")]["wins"] == 1  # y twice in game 1 counts once
    assert h[("y", "x")]["n"] == 3 and h[("y", "x")]["wins"] == 0  # two y seats in game 1, one in game 2
    assert h[("z", "x")]["n"] == 1 and h[("z", "x")]["win_rate"] == 1.0
    assert ("z", "z") not in h
    comps = {r["members"]: r for r in acc.comp_rows()}
    assert comps["x,y,y"]["games"] == 1 and comps["x,y,y"]["shares"] == "1.0,0.0,0.0"
    assert comps["x,y,z"]["shares"] == "0.0,0.0,1.0"
    # exact merge: splitting the games gives the same sums
    a1, a2 = Accumulator(3, ["x", "y", "z"]), Accumulator(3, ["x", "y", "z"])
    for a, sl in ((a1, slice(0, 1)), (a2, slice(1, 2))):
        a.add({"turns": np.array([5, 6])[sl]}, dict(win=win[sl], score=win[sl], strategy=ids[sl],
                                                    position=np.zeros_like(ids[sl])))
    a1.merge(Accumulator.from_dict(a2.to_dict()))
    assert a1.h2h_rows() == acc.h2h_rows() and a1.comp_rows() == acc.comp_rows()
    assert SHARE_UNIT % 6 == 0


def test_sweep_writes_h2h_and_strengths_rank_strategies(tmp_path):
    from simsuite.games import get
    from simsuite.sweep import run_sweep

    run_sweep(get("star-cartel"), {"strategies": "market,greedy,random", "rotate": True}, {"players": "3"},
              6000, 5, tmp_path, unit=3000, progress=False)
    h2h = pd.read_parquet(tmp_path / "h2h.parquet")
    comps = pd.read_parquet(tmp_path / "comps.parquet")
    assert set(h2h["kind"]) == {"strategy"} and len(h2h) == 6
    assert (comps["games"].sum()) == 6000
    fit = plackett_luce(comps[comps["kind"] == "strategy"])
    assert list(fit["label"]) == ["market", "greedy", "random"]
    from simsuite.report import make_report

    rep = make_report(tmp_path, tmp_path / "report")
    names = {p.rsplit("/", 1)[-1] for p in rep["charts"]}
    assert "strength_strategy_3p.png" in names
    # all three strategies sit at every table (the line-up rotates): every head-to-head row is the
    # strategy's overall share, so the heatmap is left out and the page says why
    assert "h2h_strategy_3p.png" not in names
    page = (tmp_path / "report" / "index.html").read_text()
    assert "No head-to-head chart (strategy, 3 players): every strategy met every other in every game" in page
    assert "Strategy ranking, 3 players" in page
    assert any("market" in f and "above fair" in f for f in rep["findings"])


def test_fair_share_counts_only_games_someone_won():
    """A game without a winner (a timeout) gives nobody a share: the fair share is 1/N of the games
    someone won, the same after splitting and merging, and the win shares of all seats add up
    to it times N."""
    win = np.array([[1, 0, 0], [0, 0, 0], [0, 1, 1], [0, 0, 0]])
    ids = np.zeros_like(win)
    acc = Accumulator(3, ["x"])
    acc.add({"turns": np.ones(4, np.int64)}, dict(win=win, score=win, strategy=ids, position=ids))
    assert acc.fair_share() == pytest.approx(2 / (3 * 4))
    seats = [r for r in acc.group_rows() if r["kind"] == "seat"]
    assert sum(r["win_share"] for r in seats) == pytest.approx(3 * acc.fair_share())
    assert all(r["fair_share"] == acc.fair_share() for r in acc.group_rows())
    a1, a2 = Accumulator(3, ["x"]), Accumulator(3, ["x"])
    for a, sl in ((a1, slice(0, 2)), (a2, slice(2, 4))):
        a.add({"turns": np.ones(2, np.int64)}, dict(win=win[sl], score=win[sl], strategy=ids[sl], position=ids[sl]))
    a1.merge(Accumulator.from_dict(a2.to_dict()))
    assert a1.fair_share() == acc.fair_share() and a1.group_rows() == acc.group_rows()


def test_strategy_ranking_leaves_out_cells_where_every_seat_plays_it():
    """A cell where every seat has the same label says nothing about the label (its share is the
    fair share by construction); the pooled ranking uses only cells that mix labels."""
    from simsuite.report import label_rankings

    def rows(cell, shares, n):
        out = []
        for key, p in shares:
            h = 1.96 * math.sqrt(p * (1 - p) / n)
            out.append(dict(cell=cell, players=4, kind="strategy", key=key, n=n, wins=round(p * n), win_rate=p,
                            ci_low=p - h, ci_high=p + h, win_share=p, share_ci_low=p - h, share_ci_high=p + h,
                            fair_share=0.25))
        return out

    groups = pd.DataFrame(rows(0, [("basic", 0.25)], 40_000) + rows(1, [("basic", 0.30), ("random", 0.20)], 20_000))
    rank = label_rankings(groups, pd.DataFrame(), "strategy", 4).set_index("strategy")
    assert rank.loc["basic", "n"] == 20_000 and rank.loc["basic", "win_share"] == pytest.approx(0.30)
    assert label_rankings(groups[groups["cell"] == 0], pd.DataFrame(), "strategy", 4).empty


def test_plackett_luce_label_without_wins_has_no_estimate():
    """A label that never won has no finite strength: it gets 0 (and NaN intervals) and does not
    distort the others, whose strengths keep geometric mean 1."""
    truth = np.array([2.0, 1.0, 0.5])
    ids, win = _synthetic(truth, n_games=6000)
    ids = np.concatenate([ids, np.array([[0, 1, 3]] * 200)])  # label d sits at 200 tables, never wins
    win = np.concatenate([win, np.array([[1, 0, 0]] * 200)])
    acc = Accumulator(3, ["a", "b", "c", "d"])
    acc.add({"turns": np.ones(len(ids), np.int64)}, dict(win=win, score=win, strategy=ids,
                                                        position=np.tile(np.arange(3), (len(ids), 1))))
    fit = plackett_luce(pd.DataFrame(acc.comp_rows())).set_index("label")
    assert fit.attrs["converged"]
    assert fit.loc["d", "strength"] == 0 and np.isnan(fit.loc["d", "ci_low"])
    won = fit.loc[["a", "b", "c"]]
    assert np.exp(np.log(won["strength"]).mean()) == pytest.approx(1.0)
    assert (won["ci_high"] / won["ci_low"] < 1.5).all()
    assert list(won.sort_values("strength").index) == ["c", "b", "a"]


def test_comp_shares_are_exact_at_large_counts():
    """Stored composition shares keep every digit: millions of wins and thirds of a win (a
    3-way joint win) survive the text column (it used to keep 6 significant digits)."""
    acc = Accumulator(3, ["x", "y", "z"])
    ids = np.array([[0, 1, 2]])
    acc.add({"turns": np.array([5])}, dict(win=np.array([[1, 1, 1]]), score=np.ones((1, 3), np.int64),
                                           strategy=ids, position=np.zeros_like(ids)))
    t = acc.comps[next(iter(acc.comps))]
    big = 7_654_321
    t["rows"][0, 0] = 3 * big + 1
    t["rows"][0, 1:] = big * SHARE_UNIT + SHARE_UNIT // 3  # big + 1/3 of a win each
    (row,) = acc.comp_rows()
    shares = [float(x) for x in row["shares"].split(",")]
    assert shares == [big + 1 / 3] * 3
    assert sum(shares) * SHARE_UNIT == pytest.approx(3 * (big * SHARE_UNIT + SHARE_UNIT // 3), abs=1e-6)


def _fit_synthetic(ids, win, K):
    acc = Accumulator(ids.shape[1], [chr(ord("a") + i) for i in range(K)])
    acc.add({"turns": np.ones(len(ids), np.int64)}, dict(win=win, score=win, strategy=ids,
                                                        position=np.tile(np.arange(ids.shape[1]), (len(ids), 1))))
    return plackett_luce(pd.DataFrame(acc.comp_rows())).set_index("label")


def test_plackett_luce_leaves_out_games_without_a_winner():
    """Timeouts (no winner) cluster at the tables of label a (60% of its games, 10% elsewhere): the
    fit uses only the games with a winner, so every true log strength lies within 3 standard errors
    (counting the timeouts in the denominators put a about 0.4 too low in log scale)."""
    truth = np.array([2.0, 1.0, 0.5, 1.0])
    ids, win = _synthetic(truth, n_games=40000, seed=7)
    rng = np.random.default_rng(8)
    has_a = (ids == 0).any(axis=1)
    timeout = rng.random(len(ids)) < np.where(has_a, 0.6, 0.1)
    win[timeout] = 0
    fit = _fit_synthetic(ids, win, 4)
    want = np.log(truth) - np.log(truth).mean()
    z = (fit.loc[list("abcd"), "log_strength"].to_numpy() - want) / fit.loc[list("abcd"), "se"].to_numpy()
    assert np.all(np.abs(z) < 3), z
    assert fit.attrs["decided_games"] == pytest.approx((~timeout).sum())


def test_plackett_luce_standard_errors_with_timeouts():
    """30% of games time out at random: over 150 synthetic samples the z-scores of the true log
    strengths have standard deviation 1 (within 0.1); counting timeouts as information made the
    standard errors too small (sd about 1.2, coverage 0.90)."""
    truth = np.array([2.0, 1.0, 0.5, 1.0])
    want = np.log(truth) - np.log(truth).mean()
    rng = np.random.default_rng(9)
    zs = []
    for rep in range(150):
        ids, win = _synthetic(truth, n_games=3000, seed=100 + rep)
        win[rng.random(len(ids)) < 0.3] = 0
        fit = _fit_synthetic(ids, win, 4)
        zs.append((fit.loc[list("abcd"), "log_strength"].to_numpy() - want) / fit.loc[list("abcd"), "se"].to_numpy())
    zs = np.concatenate(zs)
    assert np.std(zs) == pytest.approx(1.0, abs=0.1), np.std(zs)
    assert np.mean(np.abs(zs) < 1.96) >= 0.93


def test_plackett_luce_fits_groups_that_never_meet_separately():
    """Labels a, b only ever play each other and c, d each other: two groups, each normalised to
    geometric mean 1 and fitted on its own (a joint normalisation would compare strengths that no
    game relates); the true within-group ratios are recovered."""
    rng = np.random.default_rng(10)
    n = 20000
    pair = rng.random(n) < 0.5
    ids = np.where(pair[:, None], [0, 1], [2, 3])
    p_first = np.where(pair, 3 / (3 + 1), 1 / (1 + 2))  # a:b = 3:1, c:d = 1:2
    first = rng.random(n) < p_first
    win = np.stack([first, ~first], axis=1).astype(np.int64)
    fit = _fit_synthetic(ids, win, 4)
    assert fit.attrs["groups"] == 2 and fit.attrs["converged"]
    assert fit.loc["a", "group"] == fit.loc["b", "group"] != fit.loc["c", "group"] == fit.loc["d", "group"]
    for x, y, ratio in (("a", "b", 3.0), ("d", "c", 2.0)):
        assert fit.loc[x, "strength"] * fit.loc[y, "strength"] == pytest.approx(1.0)
        est = fit.loc[x, "log_strength"] - fit.loc[y, "log_strength"]
        assert abs(est - np.log(ratio)) < 3 * 2 * fit.loc[x, "se"]
    assert (fit["status"] == "").all()


def test_plackett_luce_label_that_never_loses_has_no_finite_estimate():
    """Label d wins every game it plays: its strength is infinite (the iteration used to stop at
    911 with an unused converged=False); it is reported as having no finite estimate, and the other
    labels are fitted from the tables without d, converged, close to the truth."""
    truth = np.array([2.0, 1.0, 0.5])
    ids, win = _synthetic(truth, n_games=20000, seed=11)
    extra = np.array([[0, 1, 3], [1, 2, 3], [0, 2, 3]] * 300)
    ids = np.concatenate([ids, extra])
    win = np.concatenate([win, np.tile([0, 0, 1], (len(extra), 1))])
    fit = _fit_synthetic(ids, win, 4)
    assert fit.attrs["converged"]
    assert fit.loc["d", "status"].startswith("no finite estimate") and "never lost" in fit.loc["d", "status"]
    assert np.isinf(fit.loc["d", "strength"]) and np.isnan(fit.loc["d", "ci_low"])
    want = np.log(truth) - np.log(truth).mean()
    got = fit.loc[["a", "b", "c"]]
    assert (got["status"] == "").all()
    assert np.all(np.abs(got["log_strength"].to_numpy() - want) < 3 * got["se"].to_numpy())


def test_plackett_luce_says_when_it_did_not_converge():
    """Too few iterations: the labels of the group carry the status "did not converge" and
    attrs["converged"] is False."""
    truth = np.array([2.0, 1.0, 0.5, 1.0])
    ids, win = _synthetic(truth, n_games=2000, seed=12)
    acc = Accumulator(3, list("abcd"))
    acc.add({"turns": np.ones(len(ids), np.int64)}, dict(win=win, score=win, strategy=ids,
                                                        position=np.tile(np.arange(3), (len(ids), 1))))
    fit = plackett_luce(pd.DataFrame(acc.comp_rows()), iters=2)
    assert not fit.attrs["converged"] and (fit["status"] == "did not converge").all()
