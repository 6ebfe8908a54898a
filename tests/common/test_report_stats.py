"""The report's statistics on synthetic games with a known truth (no simulation kernel): the
dominance test under the null, ranking provenance, Plackett-Luce caveats on the page, and what an
analyst reads off a ranking: minimum detectable difference, equivalence (TOST), bootstrap rank
intervals, rank correlation across player counts and the heterogeneity check before pooling."""
import math

import numpy as np
import pandas as pd
import pytest
from scipy.stats import kendalltau

from simsuite import report
from simsuite.analysis.stats import Accumulator
from simsuite.runner import CellResult
from simsuite.store import ResultsDir

# the statistics under test are imported inside each test, so that on code without them only the
# tests that need them fail


# ---- synthetic games and results directories ---------------------------------------------------
def _games(rng, n, lineup, strength):
    """n games of a fixed line-up (label ids per seat, rotated through the seats each game); one
    winner per game, seat j winning with probability strength[label_j] / sum."""
    lineup = np.asarray(lineup)
    N = len(lineup)
    ids = np.stack([np.roll(lineup, g % N) for g in range(n)])
    p = np.asarray(strength, float)[ids]
    p /= p.sum(axis=1, keepdims=True)
    winner = (rng.random(n)[:, None] > np.cumsum(p, axis=1)).sum(axis=1)
    win = np.zeros((n, N), np.int64)
    win[np.arange(n), np.minimum(winner, N - 1)] = 1
    return ids, win


def _acc(ids, win, names):
    n, N = ids.shape
    acc = Accumulator(N, names)
    acc.add({"turns": np.full(n, 10, np.int64), "timeout": (win.sum(axis=1) == 0).astype(np.int64)},
            dict(win=win, score=win, strategy=ids, position=np.tile(np.arange(N), (n, 1))))
    return acc


def _results(path, cells, game="star-cartel"):
    """A results directory written by simsuite.store from accumulators: cells = [(cell, config,
    acc)]."""
    rd = ResultsDir(path, dict(kind="sweep", game=game, seed=7, axes={}))
    for cell, cfg, acc in cells:
        res = CellResult(game=game, config=cfg, seed=7 + cell, key=cell, config_hash=1000 + cell, g0=0,
                         games=acc.games, acc=acc, seconds=1.0)
        rd.add(f"k{cell}", res, cell)
    return path


# ---- 4. dominance --------------------------------------------------------------------------------
@pytest.mark.parametrize("N", [2, 3])
def test_dominance_gap_has_its_nominal_rate_under_the_null(N):
    """Equal strategies, one seat each: over 1500 synthetic cells the gap between A's and B's win
    shares exceeds 1.96 standard errors of the difference (the paired variance, from the per-game
    covariance) in about 5% of cells. Shares of one table are negatively correlated; the
    independent formula (hypot of the two se) fired in 16.6% (2 players) / 11% (3 players)."""
    rng = np.random.default_rng(44 + N)
    reps, n = 1500, 400
    fires, fires_indep = 0, 0
    for _ in range(reps):
        ids, win = _games(rng, n, list(range(N)), [1.0] * N)
        acc = _acc(ids, win, [chr(65 + i) for i in range(N)])
        g = {r["key"]: r for r in acc.group_rows() if r["kind"] == "strategy"}
        a, b = (dict(g[k], se=g[k]["share_se"]) for k in ("A", "B"))
        best, second = (a, b) if a["win_share"] >= b["win_share"] else (b, a)
        cov = acc.share_cov("strategy")[0, 1]
        fires += report.gap_z(best, second, cov) > 1.96
        fires_indep += (best["win_share"] - second["win_share"]) / math.hypot(a["se"], b["se"]) > 1.96
    assert 0.035 <= fires / reps <= 0.065, fires / reps
    assert fires_indep / reps > 0.09  # the old test: about twice to three times the nominal rate


def test_strategy_findings_dominance_uses_the_covariance():
    """A 3-player cell (240 games, one seat each) where A wins 45%, B 33%, C 22%: A is above fair,
    but its lead over B is 2.72 standard errors if the shares were independent and only 2.12 with
    their covariance (-pA pB / games), below the Bonferroni z 2.39: no "dominates" claim; without
    the covariance in h2h the conservative se_a + se_b is used."""
    from simsuite.analysis.inference import diff_se

    G = 240
    p = {"A": 0.45, "B": 0.33, "C": 0.22}
    rows, h2h = [], []
    for k, v in p.items():
        se = math.sqrt(v * (1 - v) / G)
        rows.append(dict(cell=0, players=3, kind="strategy", key=k, n=G, wins=round(v * G), win_share=v,
                         share_ci_low=v - 1.959963984540054 * se, share_ci_high=v + 1.959963984540054 * se,
                         fair_share=1 / 3))
        for j, w in p.items():
            if j != k:
                h2h.append(dict(cell=0, players=3, kind="strategy", a=k, b=j, n=G, share_cov=-v * w / G))
    groups, h2h = pd.DataFrame(rows), pd.DataFrame(h2h)
    cells = pd.DataFrame([dict(cell=0, players=3)])
    desc = {0: "With 3 players"}
    out, m, k = report.strategy_findings(groups, cells, desc, h2h)
    assert k >= 1 and "A" in out[0] and "dominates" not in out[0]
    # the independent formula would have claimed it
    se = {x: math.sqrt(v * (1 - v) / G) for x, v in p.items()}
    z_bonf = report.NormalDist().inv_cdf(1 - 0.05 / (2 * 3))
    assert (p["A"] - p["B"]) / math.hypot(se["A"], se["B"]) > z_bonf
    out2, _, _ = report.strategy_findings(groups, cells, desc, None)
    assert "dominates" not in out2[0]
    assert float(diff_se(0.3, 0.4, np.nan)) == pytest.approx(0.7)


# ---- 5. provenance -------------------------------------------------------------------------------
def test_ranking_csv_names_exactly_the_contributing_cells(tmp_path):
    """Cell 2 seats basic at every seat (it says nothing about the strategies and is left out of
    the ranking); cell 3 mixes basic and random: the ranking CSV's cells column is "3", not "2;3",
    and its seed column is cell 3's only."""
    rng = np.random.default_rng(5)
    a2 = _acc(*_games(rng, 2000, [0, 0, 0], [1, 1]), ["basic", "random"])
    a3 = _acc(*_games(rng, 2000, [0, 1, 1], [1.5, 1]), ["basic", "random"])
    cfg = dict(players=3, strategies="x", rotate=True)
    path = _results(tmp_path / "res", [(2, dict(cfg, strategies="basic"), a2),
                                       (3, dict(cfg, strategies="basic,random,random"), a3)])
    report.make_report(path, tmp_path / "rep")
    csv = pd.read_csv(tmp_path / "rep" / "ranking_strategy_3p.csv")
    assert set(csv["cells"].astype(str)) == {"3"}
    assert set(csv["seed"].astype(str)) == {"10"}


# ---- 3. Plackett-Luce caveats on the page ----------------------------------------------------------
def test_report_says_no_finite_estimate_instead_of_a_number(tmp_path):
    """Strategy d wins every game it plays: the ranking table says "no finite estimate" for its
    Plackett-Luce strength (it used to print about 911), the CSV keeps the status, and the chart
    and the findings use only the finite strengths."""
    rng = np.random.default_rng(6)
    ids, win = _games(rng, 6000, [0, 1, 2], [2.0, 1.0, 0.5])
    ids2 = np.tile([0, 1, 3], (300, 1))
    win2 = np.tile([0, 0, 1], (300, 1))
    acc = _acc(np.concatenate([ids, ids2]), np.concatenate([win, win2]), list("abcd"))
    path = _results(tmp_path / "res", [(0, dict(players=3, strategies="a,b,c|a,b,d", rotate=True), acc)])
    out = report.make_report(path, tmp_path / "rep")
    page = (tmp_path / "rep" / "index.html").read_text()
    assert "No finite Plackett-Luce strength for d" in page
    csv = pd.read_csv(tmp_path / "rep" / "ranking_strategy_3p.csv").set_index("strategy")
    assert csv.loc["d", "strength_status"].startswith("no finite estimate")
    assert np.isnan(csv.loc["d", "strength_ci_low"])
    assert not any("911" in f for f in out["findings"])


# ---- 6a. minimum detectable difference -------------------------------------------------------------
def test_mdd_is_detected_with_80_percent_power():
    """A label whose true win share is the fair share plus the MDD computed from its standard
    error is found different from fair (two-sided z-test, alpha 0.05) in 80% of 4000 synthetic
    binomial cells (within 2.5 points); the ranking's mdd column is 2.80 x share_se."""
    from simsuite.analysis.inference import MDD_FACTOR, mdd

    rng = np.random.default_rng(61)
    n, fair = 3000, 0.25
    se0 = math.sqrt(fair * (1 - fair) / n)
    d = float(mdd(se0))
    assert d == pytest.approx(MDD_FACTOR * se0) and MDD_FACTOR == pytest.approx(2.8015852)
    k = rng.binomial(n, fair + d, size=4000)
    p = k / n
    z = (p - fair) / np.sqrt(p * (1 - p) / n)
    assert np.mean(np.abs(z) > 1.959963984540054) == pytest.approx(0.80, abs=0.025)



def test_holm_matches_statsmodels(monkeypatch):
    """The project's Holm adjustment (simsuite.analysis.inference.holm: every report's family-wise
    correction, without the full garbage collection statsmodels runs on each call) gives
    statsmodels' Holm-adjusted p-values, ties and p near 1 included."""
    import gc

    from statsmodels.stats.multitest import multipletests

    # statsmodels collects garbage on every call: seconds each in a test worker holding compiled kernels
    monkeypatch.setattr(gc, "collect", lambda *a: 0)

    from simsuite.analysis.inference import holm

    rng = np.random.default_rng(5)
    for m in (1, 2, 7, 40):
        for _ in range(50):
            p = rng.uniform(0, 1, m) ** 3
            p[rng.integers(0, m, m // 3)] = p[0]  # ties
            rej, adj, _, _ = multipletests(p, alpha=0.05, method="holm")
            np.testing.assert_allclose(holm(p), adj, rtol=1e-12)
            assert np.array_equal(holm(p) <= 0.05, rej)


# ---- 6b. equivalence -------------------------------------------------------------------------------
def test_equivalence_tost_matches_statsmodels_and_keeps_its_size():
    """TOST from a normal standard error equals statsmodels' ztost on the raw data; when the true
    difference sits on the margin, "equivalent" is declared in at most 5% of synthetic samples, and
    with a true difference of 0 and a standard error of a quarter of the margin, almost always."""
    from statsmodels.stats.weightstats import ztost

    from simsuite.analysis.inference import equivalence_p

    rng = np.random.default_rng(62)
    x = rng.normal(0.005, 0.1, 400)
    want = ztost(x, -0.02, 0.02)[0]
    assert float(equivalence_p(x.mean(), x.std(ddof=1) / 20, 0.02)) == pytest.approx(want, rel=1e-9)
    m, se = 0.02, 0.006
    at_margin = rng.normal(m, se, 20000)
    assert np.mean(equivalence_p(at_margin, se, m) < 0.05) == pytest.approx(0.05, abs=0.01)
    fair = rng.normal(0.0, m / 4, 2000)
    assert np.mean(equivalence_p(fair, m / 4, m) < 0.05) > 0.95


# ---- 6c. rank intervals ----------------------------------------------------------------------------
def test_rank_intervals_cover_the_true_ranks_and_p_best():
    """Six labels with known win shares (two tied at the top), each observed with a normal error of
    its standard error: the 95% bootstrap rank intervals cover the true rank (either tied rank
    counts) in at least 93% of 300 samples, the tied leaders are each the best about half the time
    and a label far below never is."""
    from simsuite.analysis.inference import rank_intervals

    rng = np.random.default_rng(63)
    truth = np.array([0.30, 0.30, 0.27, 0.25, 0.24, 0.15])
    se = np.full(6, 0.008)
    true_rank = [(1, 2), (1, 2), (3, 3), (4, 4), (5, 5), (6, 6)]
    covered, pbest = 0, []
    for _ in range(300):
        r = rank_intervals(truth + se * rng.standard_normal(6), se, n_boot=1000)
        covered += sum(lo <= hi_t and lo_t <= hi for lo, hi, (lo_t, hi_t) in
                       zip(r["rank_low"], r["rank_high"], true_rank))
        pbest.append(r["p_best"])
    assert covered / (300 * 6) >= 0.93
    pbest = np.mean(pbest, axis=0)
    assert pbest[0] == pytest.approx(0.5, abs=0.08) and pbest[1] == pytest.approx(0.5, abs=0.08)
    assert pbest[5] == 0 and pbest.sum() == pytest.approx(1)
    # with their covariance: two shares of one 2-player table (correlation -1) never swap less often
    r = rank_intervals([0.51, 0.49], np.array([[1e-4, -1e-4], [-1e-4, 1e-4]]), n_boot=4000)
    r_ind = rank_intervals([0.51, 0.49], np.array([0.01, 0.01]), n_boot=4000)
    assert r["p_best"][0] < r_ind["p_best"][0]


def test_rank_intervals_cover_every_label_of_a_dense_ranking():
    """Known truth: 20 labels a quarter of a standard error apart (the bootstrap alone covered the
    top label's true rank only about 87% of the time here) and 20 labels two standard errors apart:
    every label's 95% interval covers its true rank in at least 93% of 200 samples."""
    from simsuite.analysis.inference import rank_intervals

    rng = np.random.default_rng(64)
    k = 20
    se = np.full(k, 0.005)
    true_rank = np.arange(1, k + 1)
    for gap in (0.25, 2.0):
        truth = 0.3 - np.arange(k) * gap * 0.005
        covered = np.zeros(k)
        for _ in range(200):
            r = rank_intervals(truth + se * rng.standard_normal(k), se, n_boot=500)
            covered += (r["rank_low"] <= true_rank) & (true_rank <= r["rank_high"])
        assert (covered / 200).min() >= 0.93, (gap, covered / 200)


# ---- 6d. rank correlation across player counts ----------------------------------------------------
def test_ranking_rank_correlation_across_player_counts(tmp_path):
    """Five strategies with fixed strengths at 3 and at 4 players (the same true order, true tau
    1): the report's tau_players CSV holds Kendall's tau of the two rankings' win shares (scipy),
    its interval covers the truth, and the page has the section."""
    rng = np.random.default_rng(64)
    strength = [3.0, 2.0, 1.4, 1.0, 0.6]
    names = list("vwxyz")
    cells = []
    for cell, N in enumerate((3, 4)):
        ids = np.stack([rng.choice(5, size=N, replace=False) for _ in range(20000)])
        p = np.asarray(strength)[ids]
        p /= p.sum(axis=1, keepdims=True)
        winner = (rng.random(len(ids))[:, None] > np.cumsum(p, axis=1)).sum(axis=1)
        win = np.zeros_like(ids)
        win[np.arange(len(ids)), np.minimum(winner, N - 1)] = 1
        cells.append((cell, dict(players=N, strategies="v,w,x,y,z", rotate=True), _acc(ids, win, names)))
    path = _results(tmp_path / "res", cells)
    out = report.make_report(path, tmp_path / "rep")
    rep = tmp_path / "rep"
    r3 = pd.read_csv(rep / "ranking_strategy_3p.csv").set_index("strategy").loc[names, "win_share"]
    r4 = pd.read_csv(rep / "ranking_strategy_4p.csv").set_index("strategy").loc[names, "win_share"]
    tau = pd.read_csv(rep / "tau_players_strategy.csv")
    assert len(tau) == 1 and tau.loc[0, "tau"] == pytest.approx(kendalltau(r3, r4).statistic)
    assert tau.loc[0, "ci_low"] <= 1.0 <= tau.loc[0, "ci_high"] + 1e-12
    assert "ranking across player counts" in (rep / "index.html").read_text()
    assert any(f.startswith("The strategy rankings at 3 and 4 players agree with Kendall's tau")
               for f in out["findings"])


# ---- 6e. heterogeneity before pooling --------------------------------------------------------------
def test_heterogeneity_test_has_its_nominal_rate_and_matches_cochran():
    """Cochran's Q from statsmodels equals sum w (x - x_w)^2; over 3000 synthetic sets of 4 cells
    with one true effect (normal errors of known se) it flags about 5%."""
    from simsuite.analysis.inference import heterogeneity

    x, v = np.array([0.02, -0.01, 0.0, 0.03]), np.array([1e-4, 2e-4, 1e-4, 4e-4])
    w = 1 / v
    q = (w * (x - (w * x).sum() / w.sum()) ** 2).sum()
    h = heterogeneity(x, v)
    assert h["q"] == pytest.approx(q) and h["df"] == 3 and h["i2"] == pytest.approx(max(0, (q - 3) / q))
    rng = np.random.default_rng(65)
    se = np.array([0.01, 0.014, 0.01, 0.02])
    ps = [heterogeneity(0.01 + se * rng.standard_normal(4), se ** 2)["p"] for _ in range(3000)]
    assert np.mean(np.array(ps) < 0.05) == pytest.approx(0.05, abs=0.012)


def test_report_warns_when_pooled_cells_disagree(tmp_path):
    """Two cells with different parameters pooled into one ranking: basic wins 60% against random
    in one and 40% in the other (truth: heterogeneous), so the page warns (Cochran's Q) and names
    them; two cells with the same truth give no warning."""
    def sweep(name, s0, s1, seed):
        rng = np.random.default_rng(seed)
        cells = [(c, dict(players=2, strategies="basic,random", rotate=True, crash_threshold=9 + c),
                  _acc(*_games(rng, 4000, [0, 1], [s, 1.0]), ["basic", "random"])) for c, s in ((0, s0), (1, s1))]
        out = report.make_report(_results(tmp_path / name, cells), tmp_path / f"rep-{name}")
        return out, (tmp_path / f"rep-{name}" / "index.html").read_text()

    out, page = sweep("het", 1.5, 1 / 1.5, 66)
    assert "disagree beyond their noise" in page and "Cochran" in page and "class='warn'" in page
    assert any("disagree beyond their noise" in f for f in out["findings"])
    csv = pd.read_csv(tmp_path / "rep-het" / "ranking_strategy_2p.csv").set_index("strategy")
    assert csv.loc["basic", "het_p_holm"] < 0.05 and csv.loc["basic", "het_i2"] > 0.9
    out, page = sweep("same", 1.2, 1.2, 67)
    assert "disagree beyond their noise" not in page


# ---- the analyst's columns in the ranking table and CSV --------------------------------------------
def test_ranking_has_mdd_equivalence_and_rank_columns(tmp_path):
    """Four strategies at 3 players, equal (true win share the fair 1/3), and at 4 players with s
    twice as strong (20,000 games each): every ranking row has its MDD (2.80 x share_se) and its
    rank interval and P(best); at 3 players all four are "fair within ±2 pp" (TOST) with wide rank
    intervals, at 4 players s is not, ranks first in every draw; the page shows the columns and
    --margin moves the verdict."""
    rng = np.random.default_rng(68)
    cells = []
    for cell, (N, strength) in enumerate(((3, [1.0, 1.0, 1.0, 1.0]), (4, [2.0, 1.0, 1.0, 1.0]))):
        ids = np.stack([rng.choice(4, size=N, replace=False) for _ in range(20000)])
        p = np.asarray(strength)[ids]
        p /= p.sum(axis=1, keepdims=True)
        win = np.zeros_like(ids)
        win[np.arange(len(ids)), np.minimum((rng.random(len(ids))[:, None] > np.cumsum(p, axis=1)).sum(axis=1),
                                            N - 1)] = 1
        cells.append((cell, dict(players=N, strategies="s,t,u,v", rotate=True), _acc(ids, win, list("stuv"))))
    path = _results(tmp_path / "res", cells)
    report.make_report(path, tmp_path / "rep")
    MDD_FACTOR = 3.3393267079852884  # z_(1 - 0.05/8) + z_0.8: the Holm-corrected verdict over 4 labels
    eq = pd.read_csv(tmp_path / "rep" / "ranking_strategy_3p.csv").set_index("strategy")
    strong = pd.read_csv(tmp_path / "rep" / "ranking_strategy_4p.csv").set_index("strategy")
    for csv in (eq, strong):
        assert np.allclose(csv["mdd"], MDD_FACTOR * csv["share_se"])
        assert (csv["rank_high"] >= csv["rank_low"]).all() and csv["p_best"].sum() == pytest.approx(1)
    assert eq["equivalent"].all() and (eq["equivalence"] == "fair within ±2 pp").all()
    assert (eq["rank_high"] - eq["rank_low"] >= 1).all() and (eq["p_best"] < 0.9).all()
    assert not strong.loc["s", "equivalent"] and strong.loc["s", "rank_low"] == strong.loc["s", "rank_high"] == 1
    assert strong.loc["s", "p_best"] == 1.0
    page = (tmp_path / "rep" / "index.html").read_text()
    assert "MDD (pp)" in page and "fair within ±2 pp" in page and "rank (95% interval)" in page
    report.make_report(path, tmp_path / "rep2", margin=0.001)
    assert not pd.read_csv(tmp_path / "rep2" / "ranking_strategy_3p.csv")["equivalent"].any()
    with pytest.raises(report.BadInput):
        report.make_report(path, tmp_path / "rep3", margin=0)


def test_report_margin_option_is_checked():
    """simsuite report --margin takes percentage points in (0, 100); anything else is one line of
    bad input (exit 2) naming --margin, before the source is looked at."""
    from test_cli import assert_bad, sim

    for bad in ("0", "-1", "100", "nan"):
        assert_bad(sim("report", "no-such-results", "--margin", bad), "--margin", "allowed")
