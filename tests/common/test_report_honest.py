"""The report's sentences claim no more than the data show: each statistic behind a sentence is
checked by simulation against a known truth (synthetic estimates drawn around chosen true values),
and the old, overclaiming rule is shown to fail the same check where it matters."""
from __future__ import annotations

import json
import math

import numpy as np
import pandas as pd
import pytest
from scipy.stats import chi2, norm

from simsuite.analysis.inference import Z95, detectable_spread, holm, mdd, random_effects
from simsuite.games.base import Metric
from simsuite.report import headline as H

REPS = 2000


# ---- MDD under the Holm correction the verdicts use ------------------------------------------------
def test_mdd_is_found_with_80_percent_power_by_the_holm_corrected_verdict():
    """20 labels, one off fair by the MDD of the ranking column: the Holm-corrected test over the 20
    finds it in at least 80% of synthetic rankings. The MDD at the uncorrected alpha (the column's
    old value) is found far less often (about half the time)."""
    rng = np.random.default_rng(2701)
    K, se = 20, 0.004
    for alpha, lo, hi in ((0.05 / K, 0.79, 0.90), (0.05, 0.35, 0.60)):
        d = float(mdd(se, alpha=alpha))
        z = rng.normal(0, 1, (REPS, K))
        z[:, 0] += d / se
        p = 2 * norm.sf(np.abs(z))
        found = np.array([holm(row)[0] < 0.05 for row in p])
        assert lo <= found.mean() <= hi, (alpha, found.mean())


def test_ranking_mdd_column_uses_the_corrected_level():
    from simsuite.report.rankings import label_rankings

    rows = []
    for cell in range(2):
        for i, key in enumerate("abcd"):
            rows.append(dict(cell=cell, kind="strategy", key=key, players=4, n=10000, wins=2500, win_share=0.25,
                             share_ci_low=0.24, share_ci_high=0.26, fair_share=0.25, share_se=0.01 / Z95,
                             shared_win_rate=0.0))
    g = pd.DataFrame(rows)
    r = label_rankings(g, pd.DataFrame(), "strategy", 4)
    expect = (norm.ppf(1 - 0.05 / 8) + norm.ppf(0.8)) * r["share_se"]
    assert np.allclose(r["mdd"], expect)


# ---- the start player's edge over cells that disagree -----------------------------------------------
def _turn_frames(edges, se, players=4, x="crash_threshold"):
    rows, cells = [], []
    for c, e in enumerate(edges):
        fair = 1 / players
        rows.append(dict(cell=c, kind="position", key="1", players=players, win_share=fair + e, fair_share=fair,
                         share_se=se, share_ci_low=fair + e - Z95 * se, share_ci_high=fair + e + Z95 * se))
        cells.append(dict(cell=c, players=players, **{x: 6 + c}))
    lay = dict(varying=[x], x=x, facets=[], split=[])
    return pd.DataFrame(rows), pd.DataFrame(cells), lay


def test_random_effects_interval_covers_the_mean_edge_where_the_fixed_effect_does_not():
    """Cells whose true edges scatter around a mean of +1 pp (between-cell sd 1 pp, within-cell se
    0.3 pp): the random-effects 95% interval (Hartung-Knapp, t quantile) covers the true mean in about 95% of samples, the
    fixed-effect (inverse-variance) interval far less often."""
    rng = np.random.default_rng(2702)
    k, se, tau, mu = 6, 0.003, 0.01, 0.01
    cover_re = cover_fe = 0
    for _ in range(1000):
        theta = mu + rng.normal(0, tau, k)
        est = theta + rng.normal(0, se, k)
        r = random_effects(est, np.full(k, se ** 2))
        cover_re += abs(r["mean"] - mu) < r["crit"] * r["se"]
        fe, fe_se = est.mean(), se / math.sqrt(k)
        cover_fe += abs(fe - mu) < Z95 * fe_se
    assert cover_re / 1000 >= 0.93
    assert cover_fe / 1000 < 0.5


def test_turn_order_never_says_every_when_the_cells_disagree():
    """A measured case: +0.89, +0.69 and -0.90 pp at one player count. The sentence gives the
    random-effects mean and the range, not "more than fair at every player count"."""
    g, c, lay = _turn_frames([0.0089, 0.0069, -0.0090], 0.0015)
    (text, anchor), = H.turn_order(g, c, lay)[0]
    assert "every" not in text and "random-effects" in text and "−0.9 pp" in text.replace("-", "−")
    assert anchor == "turn-order"


def test_no_significant_dependence_gives_the_detectable_spread_and_it_is_right():
    """Cells that agree: "No significant dependence", never "does not depend", with the spread the
    Q test would find with 80% power; a true linear spread of that size is found in about 80% of
    samples (Cochran's Q from the same variances)."""
    rng = np.random.default_rng(2703)
    se = 0.002
    g, c, lay = _turn_frames(list(rng.normal(0.02, se, 7)), se)
    (text, _), = H.turn_order(g, c, lay)[0]
    assert "No significant dependence on crash_threshold" in text and "does not depend" not in text
    s = detectable_spread(np.full(7, se ** 2))
    assert f"±{100 * s:.1f} pp" in text
    theta = np.linspace(-s, s, 7)
    w = 1 / se ** 2
    est = theta + rng.normal(0, se, (REPS, 7))
    q = (w * (est - est.mean(axis=1, keepdims=True)) ** 2).sum(axis=1)
    power = (q > chi2.ppf(0.95, 6)).mean()
    assert 0.76 <= power <= 0.84


# ---- trend words ------------------------------------------------------------------------------------
def _trend_cells(rng, a, b, se):
    ya, yb = rng.normal(a, se), rng.normal(b, se)
    return pd.DataFrame([dict(cell=0, players=4, t=6, turns_mean=ya, turns_ci_low=ya - Z95 * se,
                              turns_ci_high=ya + Z95 * se),
                         dict(cell=1, players=4, t=12, turns_mean=yb, turns_ci_low=yb - Z95 * se,
                              turns_ci_high=yb + Z95 * se)]), ya, yb


def test_a_true_six_percent_change_is_called_a_change_as_often_as_the_difference_test_finds_it():
    """A true 6% change with intervals that usually overlap: the sentence says "what it changes" as
    often as a z-test of the difference rejects (its power); "less than 5%" rarely (that takes an
    equivalence test, wrong for a true 6% change at most 5% of the time), and otherwise that the
    change is not distinguishable from none, with how large it could be. The old rule (intervals
    apart) called it a change far less often."""
    rng = np.random.default_rng(2704)
    m = Metric("turns", "turns per game", trend="the game length")
    lay = dict(x="t", varying=["t"], facets=[], split=[])
    a, b, se = 20.0, 21.2, 0.4
    said_change = overlap_rule = said_small = 0
    for _ in range(600):
        cells, ya, yb = _trend_cells(rng, a, b, se)
        (text, anchor), = H.swept_question(cells, lay, [m], None)
        rel = abs(yb - ya) / ya
        change = "What it changes" in text
        said_change += change
        overlap_rule += (ya + Z95 * se) < (yb - Z95 * se)
        said_small += "less than 5%" in text
        if not change and rel >= 0.05:
            assert "Not distinguishable from no change" in text and "could be as large as" in text
        assert anchor == "effect"
    power = norm.sf(Z95 - (b - a) / (se * math.sqrt(2)))
    assert abs(said_change / 600 - power) < 0.06
    assert overlap_rule / 600 < power - 0.2
    assert said_small / 600 <= 0.05


# ---- power value notes -----------------------------------------------------------------------------
def test_power_value_note_uses_the_naive_and_control_standard_errors():
    """With no true gain from any policy, the note "the best naive one a little" comes from noise at
    about the one-sided 2.5% rate when it compares the naive policy's gain with its own and the
    control's standard errors; with basic's se twice (the old code) and a precise basic cell, it
    fires far more often."""
    from simsuite.games.cosmic.studies import power_value as pv

    rng = np.random.default_rng(2705)
    off, se_off, se_on, se_naive = 0.25, 0.004, 0.001, 0.004
    fired_new = fired_old = 0
    for _ in range(REPS):
        s_off = rng.normal(off, se_off)
        s_naive = rng.normal(off, se_naive)
        row = dict(value_significant=False, bot_worse=False, power_value=0.0, power_value_lo=-0.01,
                   power_value_hi=0.01, share_nopower=s_off, share_nopower_lo=s_off - Z95 * se_off,
                   share_nopower_hi=s_off + Z95 * se_off, best_naive="power_always", basic_minus_best=0.0, _m=30)
        _, note = pv._verdict(row, {"power_always": dict(share=s_naive, se=se_naive)}, dict(se=se_on))
        fired_new += "a little" in note
        fired_old += (s_naive - s_off) > Z95 * math.hypot(se_on, se_on)
        assert "would be found with 80% power" in note or "a little" in note
    assert fired_new / REPS < 0.04
    assert fired_old / REPS > 0.2


# ---- tune headline ---------------------------------------------------------------------------------
def test_tune_gain_is_a_difference_test_not_an_overlap():
    """A real gain of the objective (2.55 -> 2.05 pp, re-check se 0.17 pp each): the headline says
    "significant" as often as a one-sided z-test of the difference rejects; the old overlap rule
    said it far less often."""
    from simsuite.tune import gain_test

    rng = np.random.default_rng(2706)
    d_true, b_true, se = 0.0255, 0.0205, 0.0017
    sig = overlap = 0
    for _ in range(REPS):
        d, b = rng.normal(d_true, se), rng.normal(b_true, se)
        rd = dict(value=d, lo=d - Z95 * se, hi=d + Z95 * se)
        rb = dict(value=b, lo=b - Z95 * se, hi=b + Z95 * se)
        sig += gain_test(rd, rb)["sig"]
        overlap += rb["hi"] < rd["lo"]
    power = norm.sf(norm.ppf(0.95) - (d_true - b_true) / (se * math.sqrt(2)))
    assert abs(sig / REPS - power) < 0.04
    assert overlap / REPS < power - 0.3


# ---- Plackett-Luce with shared wins ------------------------------------------------------------------
def test_plackett_luce_with_shared_wins_is_biased_and_the_strengths_are_withheld():
    """Two labels of true strengths 2 and 1 at 3-seat tables where 18% of the games end in a shared
    win: the fitted log-strength gap falls short of log 2 (a bias from the joint wins, which the
    model has no place for), so the strengths are withheld and the note names the bias (it used to
    blame narrow intervals); with no joint wins they are shown and the note says nothing about them."""
    from simsuite.analysis.rating import JOINT_WINS, plackett_luce, withhold_for_joint_wins
    from simsuite.report.findings import strength_note

    rng = np.random.default_rng(2707)
    s = {"A": 2.0, "B": 1.0}
    comps = []
    for members in (("A", "A", "B"), ("A", "B", "B")):
        p = np.array([s[m] for m in members]) / sum(s[m] for m in members)
        n = 40000
        shares = np.zeros(3)
        win = rng.choice(3, size=n, p=p)
        tie = rng.random(n) < 0.18
        other = (win + 1 + rng.integers(0, 2, n)) % 3
        np.add.at(shares, win[~tie], 1.0)
        np.add.at(shares, win[tie], 0.5)
        np.add.at(shares, other[tie], 0.5)
        comps.append(dict(members=",".join(members), games=n, shares=",".join(repr(float(v)) for v in shares)))
    fit = plackett_luce(pd.DataFrame(comps))
    gap = fit.set_index("label").loc["A", "log_strength"] - fit.set_index("label").loc["B", "log_strength"]
    assert gap < math.log(2) - 0.05
    shown = withhold_for_joint_wins(fit, 2 * 0.18 / 1.18)
    assert (shown["status"] == JOINT_WINS).all() and shown["strength"].isna().all()
    rank = pd.DataFrame({"strategy": ["A", "B"], "strength": [np.nan] * 2, "strength_status": [JOINT_WINS] * 2})
    rank.attrs.update(shared_wins=0.31, joint_pull=tuple(sorted(shown.attrs["joint_pull"].items())))
    note = strength_note(rank, "strategy")
    assert "not shown" in note and "joint wins" in note and "bias" in note and "narrow" not in note
    kept = withhold_for_joint_wins(fit, 0.0)
    assert np.isfinite(kept["strength"]).all() and (kept["status"] == "").all()
    rank = pd.DataFrame({"strategy": ["A", "B"], "strength": [1.0, 1.0], "strength_status": ["", ""]})
    rank.attrs.update(shared_wins=0.0, joint_pull=tuple(sorted(kept.attrs["joint_pull"].items())))
    assert "joint" not in strength_note(rank, "strategy")


def test_headline_keeps_p_best_out():
    rank = pd.DataFrame(dict(alien=["X", "Y"], win_share=[0.4, 0.3], fair_share=[0.25, 0.25], share_se=[0.01, 0.01],
                             p_best=[0.78, 0.22], verdict=["above fair", ""]))
    (text, anchor), = H.label_verdicts({("alien", 4, ""): {"basic": rank}})
    assert "P(best)" not in text and "X is the strongest alien" in text and anchor == "ranking-alien"


# ---- the fair share of a label whose games stall ----------------------------------------------------
def test_fair_share_definition_is_stated_when_games_time_out():
    """Labels dealt 2 of 4 per game, one of them stalling its games (30% end without a winner, the
    others never): its win share is below the cell's fair share (1/N of the games someone won) even
    though it wins exactly 1/N of its own decided games. The ranking note says what fair means
    there; with no timeouts it says 1/N."""
    from simsuite.report.common import ranking_fair
    from simsuite.report.sections import fair_definition

    rng = np.random.default_rng(2708)
    n, N = 200000, 2
    pairs = np.array([rng.choice(4, size=2, replace=False) for _ in range(n)])
    stalls = (pairs == 0).any(axis=1) & (rng.random(n) < 0.3)
    winner = np.where(stalls, -1, pairs[np.arange(n), rng.integers(0, 2, n)])
    share = np.array([(winner == k).sum() / (pairs == k).any(axis=1).sum() for k in range(4)])
    decided = 1 - stalls.mean()
    fair = decided / N
    rank = pd.DataFrame(dict(strategy=list("abcd"), win_share=share, fair_share=fair))
    # the staller wins half its decided games, yet sits below the cell's fair share
    own = (winner == 0).sum() / ((pairs == 0).any(axis=1) & ~stalls).sum()
    assert abs(own - 0.5) < 0.01 and share[0] < fair - 0.05
    text = fair_definition(rank, N, "strategy")
    assert ranking_fair(rank, N) == pytest.approx(fair)
    assert "games someone won" in text and "partly for that reason" in text
    assert fair_definition(rank.assign(fair_share=0.5), N, "strategy") == "the fair share is 1/2 = 50.0%."


def test_focus_label_reads_its_place_from_the_rank_interval():
    # a made-up ranking of 5 labels: the focus label is 3rd by win share; its 95% rank interval 2..4
    # means exactly one label is surely stronger and one surely weaker
    rank = pd.DataFrame(dict(alien=["A", "B", "New", "D", "E"], win_share=[0.40, 0.31, 0.30, 0.29, 0.20],
                             share_ci_low=[0.39, 0.30, 0.29, 0.28, 0.19], share_ci_high=[0.41, 0.32, 0.31, 0.30, 0.21],
                             fair_share=[0.3] * 5, share_se=[0.005] * 5, rank_low=[1, 2, 2, 2, 5],
                             rank_high=[1, 4, 4, 4, 5], verdict=["above fair", "", "", "", "below fair"]))
    tables = {("alien", 3, ""): {"basic": rank.iloc[::-1].reset_index(drop=True)}}  # order must not matter
    (text, anchor), = H.focus_labels(tables, ["New"])
    assert anchor == "ranking-alien"
    assert "at 3 players 3rd of 5" in text
    assert "1 alien surely stronger, 1 surely weaker" in text
    assert "not distinguishable from fair" in text and "bots playing basic" in text
    assert H.focus_labels(tables, ["Absent"]) == []


def test_focus_label_is_checked_against_the_results(tmp_path):
    from test_cli import assert_bad, sim

    out = tmp_path / "r"
    r = sim("sweep", "cosmic", "--players", "3", "--aliens", "random", "--games", "300", "--out", out, "--quiet")
    assert r.returncode == 0, r.stderr
    bad = sim("report", out, "--out", tmp_path / "rep", "--focus", "Nobody", "--quiet")
    assert_bad(bad, "--focus", "Nobody", "allowed", "Virus")
    ok = sim("report", out, "--out", tmp_path / "rep2", "--focus", "Virus", "--json")
    assert ok.returncode == 0, ok.stderr
    head = json.loads(ok.stdout)["headline"][0]
    assert head.startswith("Virus: at 3 players ") and " of 20 (" in head
