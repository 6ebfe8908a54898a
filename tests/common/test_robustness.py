"""Robustness of a label ranking to the strategy that plays it (simsuite.robustness), on synthetic
data with a known truth: Kendall's tau, its parametric-bootstrap interval (coverage), the skill
sensitivity and its interval (coverage), and the verdict sentence."""
import numpy as np
import pandas as pd
import pytest
from scipy.stats import kendalltau

from simsuite.robustness import kendall_tau, skill_sensitivity, tau_bootstrap, tau_rows, verdict_sentence
from simsuite.stats import Z95, holm


def test_kendall_tau_is_scipys_on_known_orderings():
    a = np.array([0.45, 0.40, 0.36, 0.33, 0.30, 0.25])
    assert kendall_tau(a, a) == pytest.approx(1.0)
    assert kendall_tau(a, a[::-1]) == pytest.approx(-1.0)
    b = np.array([0.44, 0.36, 0.41, 0.33, 0.30, 0.25])  # one adjacent pair swapped: 14 of 15 pairs agree
    assert kendall_tau(a, b) == pytest.approx((14 - 1) / 15)
    rng = np.random.default_rng(3)
    for _ in range(20):
        x, y = rng.random(12), rng.random(12)
        y[:3] = y[3]  # ties: tau-b, as scipy
        assert kendall_tau(x, y) == pytest.approx(kendalltau(x, y).statistic, abs=1e-12)
        assert tau_rows(x[None], y[None])[0] == pytest.approx(kendalltau(x, y).statistic, abs=1e-12)


def test_tau_bootstrap_interval_covers_the_true_tau():
    """Repeated synthetic sweeps: 20 labels whose true win shares under strategies a and b are
    related (true tau about 0.6), each observed with a normal error of its standard error (intervals
    narrow compared with the gaps between labels, as in the alien sweep). The 95% interval covers the
    true tau in at least 90% of 200 draws, and the noise check stays quiet."""
    rng = np.random.default_rng(2024)
    k, se, reps = 20, 0.003, 200
    covered, noisy = 0, 0
    for i in range(reps):
        ta = 1 / 3 + 0.05 * rng.standard_normal(k)
        tb = ta + 0.035 * rng.standard_normal(k)
        true = kendalltau(ta, tb).statistic
        e = np.full(k, se)
        oa, ob = ta + se * rng.standard_normal(k), tb + se * rng.standard_normal(k)
        r = tau_bootstrap(oa, e, ob, e, n_boot=500, seed=i)
        covered += r["ci_low"] - 1e-9 <= true <= r["ci_high"] + 1e-9
        noisy += r["noisy"]
    assert covered / reps >= 0.9, covered / reps
    assert noisy / reps < 0.2


def test_tau_bootstrap_flags_noisy_rankings_and_is_reproducible():
    """Intervals wide compared with the gaps: noise pulls tau towards 0 and the check says so."""
    rng = np.random.default_rng(5)
    k = 20
    ta = 1 / 3 + 0.05 * rng.standard_normal(k)
    tb = ta + 0.005 * rng.standard_normal(k)  # nearly the same ranking: true tau about 0.95
    e = np.full(k, 0.015)
    oa, ob = ta + e * rng.standard_normal(k), tb + e * rng.standard_normal(k)
    r = tau_bootstrap(oa, e, ob, e)
    assert r["noisy"] and r["uncertain_pairs"] > 2.5 * r["discordant_pairs"]
    assert tau_bootstrap(oa, e, ob, e) == r  # fixed seed: the same interval every time
    exact = tau_bootstrap(ta, np.zeros(k), tb, np.zeros(k))  # no noise: a point
    assert exact["ci_low"] == exact["ci_high"] == exact["tau"] and not exact["noisy"]
    assert exact["concordant"] == pytest.approx((1 + exact["tau"]) / 2)


def test_skill_sensitivity_interval_covers_the_known_difference():
    rng = np.random.default_rng(7)
    diff = np.array([0.0, 0.05, -0.03, 0.10, 0.0, 0.01])
    sa = np.array([0.40, 0.35, 0.33, 0.30, 0.28, 0.25])
    sb = sa + diff
    se_a = np.full(6, 0.004)
    se_b = np.full(6, 0.006)
    covered = np.zeros(6)
    reps = 200
    for _ in range(reps):
        oa, ob = sa + se_a * rng.standard_normal(6), sb + se_b * rng.standard_normal(6)
        d = skill_sensitivity(oa, se_a, ob, se_b)
        covered += (d["ci_low"] <= diff) & (diff <= d["ci_high"])
    assert (covered / reps >= 0.9).all(), covered / reps
    d = skill_sensitivity(sa, se_a, sb, se_b)  # exact shares: the interval is centred on the difference
    assert np.allclose(d["diff"], diff)
    se = np.sqrt(0.004 ** 2 + 0.006 ** 2)
    assert np.allclose(d["ci_high"] - d["ci_low"], 2 * Z95 * se)  # independent games: variances add
    assert list(d["sig"]) == [False, True, True, True, False, False]
    assert np.allclose(d["p_holm"], holm(d["p"]))


def test_verdict_sentence_names_the_aliens_whose_verdict_flips():
    v = pd.DataFrame({"basic": ["above fair", "above fair", "fair", "below fair", "", ""],
                      "search": ["above fair", "above fair", "above fair", "below fair", "fair", ""]},
                     index=["Virus", "Macron", "Oracle", "Pacifist", "Zombie", "Clone"])
    s = verdict_sentence(v, "aliens", players=4)
    assert s == ("With 4 players, under both basic and search: Virus and Macron above fair, Pacifist below fair "
                 "(Zombie and Clone fair under both); verdicts that depend on the strategy: Oracle (fair under "
                 "basic, above fair under search).")
    same = verdict_sentence(v.assign(search=v["basic"]), "aliens")
    assert same.startswith("Under both basic and search: Virus and Macron above fair, Pacifist below fair")
    assert same.endswith("no verdict depends on the strategy.") and "Oracle" in same  # Oracle: fair under both
    three = verdict_sentence(v.assign(random=["fair"] * 6), "aliens")
    assert three.startswith("No alien is above or below fair under every strategy (basic, search and random)")
    assert "Virus and Macron (above fair under basic and search, fair under random)" in three
    assert "Zombie (" not in three and "Clone (" not in three
