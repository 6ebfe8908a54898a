"""Robustness of a label ranking to the strategy that plays it (simsuite.analysis.robustness), on synthetic
data with a known truth: Kendall's tau, its simultaneous bounds (coverage at true tau 0.8, 0.93 and
1), the skill sensitivity and its interval (coverage), the direct difference test behind
"depends on the strategy" (false-label rate with identical truth, power with a real difference)
and the verdict sentence."""
import numpy as np
import pandas as pd
import pytest
from scipy.stats import kendalltau, norm

from simsuite.analysis.inference import Z95, holm
from simsuite.analysis.robustness import (
    classify_verdicts,
    kendall_tau,
    label_differs,
    skill_sensitivity,
    tau_interval,
    tau_rows,
    verdict_sentence,
)


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


def _truth_with_tau(rng, k, discordant):
    """True win shares of k labels under a and b whose Kendall tau is 1 - 4 d / (k (k - 1)): b's
    ranking is a's with `discordant` adjacent swaps that each add one discordant pair."""
    ta = np.sort(0.3 + 0.06 * rng.standard_normal(k))[::-1]
    perm = np.arange(k)
    inv = 0
    while inv < discordant:
        i = rng.integers(k - 1)
        if perm[i] < perm[i + 1]:
            perm[i], perm[i + 1] = perm[i + 1], perm[i]
            inv += 1
    tb = np.empty(k)
    tb[perm] = ta
    return ta, tb


@pytest.mark.parametrize("discordant, true_tau", [(19, 0.8), (7, 0.926), (0, 1.0)])
def test_tau_interval_covers_the_true_tau(discordant, true_tau):
    """Repeated synthetic sweeps with a known truth at 20 labels (true tau 0.8, 0.93 and 1): each
    share observed with a normal error of its standard error, 0.3 pp under a and 0.8 pp under b (the
    basic and search cells of the alien sweep). The bounds cover the true tau in at least 93% of 300
    sweeps (they are built for at least 95%); a parametric percentile bootstrap of the same data (the
    interval this replaced) covers far less at 0.93 and 1."""
    rng = np.random.default_rng(2024 + discordant)
    k, reps = 20, 300
    ea, eb = np.full(k, 0.003), np.full(k, 0.008)
    covered, boot_covered, width = 0, 0, []
    for _ in range(reps):
        ta, tb = _truth_with_tau(rng, k, discordant)
        true = kendalltau(ta, tb).statistic
        assert true == pytest.approx(true_tau, abs=1e-3)
        oa, ob = ta + ea * rng.standard_normal(k), tb + eb * rng.standard_normal(k)
        r = tau_interval(oa, ea, ob, eb)
        assert r["ci_low"] <= r["tau"] <= r["ci_high"]
        covered += r["ci_low"] - 1e-9 <= true <= r["ci_high"] + 1e-9
        width.append(r["ci_high"] - r["ci_low"])
        draws = tau_rows(oa + ea * rng.standard_normal((300, k)), ob + eb * rng.standard_normal((300, k)))
        lo, hi = np.quantile(draws, [0.025, 0.975])
        boot_covered += lo - 1e-9 <= true <= hi + 1e-9
    assert covered / reps >= 0.93, covered / reps
    if discordant <= 7:
        assert boot_covered / reps < 0.8, boot_covered / reps
    assert np.mean(width) < 1.0  # not the trivial interval -1..1


def test_tau_interval_narrows_with_precision_and_flags_noise():
    """Exact shares give a point; tighter standard errors give narrower bounds; intervals wide
    compared with the gaps are flagged noisy (tau pulled towards 0)."""
    rng = np.random.default_rng(5)
    k = 20
    ta, tb = _truth_with_tau(rng, k, 7)
    exact = tau_interval(ta, np.zeros(k), tb, np.zeros(k))
    assert exact["ci_low"] == exact["ci_high"] == exact["tau"] == pytest.approx(kendalltau(ta, tb).statistic)
    assert exact["established_pairs"] == k * (k - 1) // 2 and not exact["noisy"]
    assert exact["concordant"] == pytest.approx((1 + exact["tau"]) / 2)
    widths = []
    for se in (0.0005, 0.002, 0.008):
        e = np.full(k, se)
        r = tau_interval(ta + e * rng.standard_normal(k), e, tb + e * rng.standard_normal(k), e)
        widths.append(r["ci_high"] - r["ci_low"])
    assert widths[0] < widths[1] < widths[2]
    e = np.full(k, 0.015)
    noisy = tau_interval(ta + e * rng.standard_normal(k), e, tb + e * rng.standard_normal(k), e)
    assert noisy["noisy"] and noisy["uncertain_pairs"] > 2.5 * noisy["discordant_pairs"]


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


def test_verdict_sentence_says_depends_only_where_the_direct_test_does():
    v = pd.DataFrame({"basic": ["above fair", "above fair", "fair", "below fair", "", "", "above fair"],
                      "search": ["above fair", "above fair", "above fair", "below fair", "fair", "", "fair"]},
                     index=["Virus", "Macron", "Oracle", "Pacifist", "Zombie", "Clone", "Laser"])
    differs = pd.Series([False, False, True, False, False, False, False], index=v.index)
    s = verdict_sentence(v, differs, "aliens", players=4)
    assert s == ("With 4 players, under both basic and search: Virus and Macron above fair, Pacifist below fair "
                 "(Zombie and Clone not distinguishable from fair under both); verdicts that depend on the strategy "
                 "(direct difference test, Holm): Oracle (not distinguishable from fair under basic, above fair "
                 "under search); verdicts that differ, but with no significant difference between strategies: "
                 "Laser (above fair under basic, not distinguishable from fair under search).")
    assert list(classify_verdicts(v, differs)) == ["same", "same", "depends", "same", "same", "same", "unresolved"]
    same = verdict_sentence(v.assign(search=v["basic"]), differs, "aliens")
    assert same.startswith("Under both basic and search: Virus, Macron and Laser above fair, Pacifist below fair")
    assert same.endswith("no verdict depends on the strategy by the direct difference test (Holm).")
    deal = verdict_sentence(v, ~differs & (v.index == "Laser"), "aliens", axis="deal model", axes="deal models")
    assert "verdicts that depend on the deal model (direct difference test, Holm): Laser (above fair under basic" in deal
    assert "no significant difference between deal models: Oracle" in deal
    three = verdict_sentence(v.assign(random=["fair"] * 7), differs, "aliens")
    assert three.startswith("No alien is above or below fair under every strategy (basic, search and random)")
    assert "Virus and Macron (above fair under basic and search, not distinguishable from fair under random)" in three
    assert "Zombie (" not in three and "Clone (" not in three


def _fair_verdicts(share, se, fair):
    z = (share - fair) / se
    p = 2 * norm.sf(np.abs(z))
    sig = holm(p) < 0.05
    return np.where(sig, np.where(share > fair, "above fair", "below fair"), "fair")


def test_strategy_dependence_false_label_rate_with_identical_truth():
    """Synthetic sweeps of known truth, 20 labels, the same true win shares under both strategies,
    several near the edge of the fair-share test; basic measured to 0.3 pp, search to 0.9 pp (the
    alien sweep's cells). Comparing verdicts alone names a label as strategy-dependent in most
    sweeps; the direct Holm-corrected difference test in at most about 5%. A real difference of 5
    pp (fair under basic, above fair under search) is named in most sweeps."""
    rng = np.random.default_rng(11)
    k, fair, reps = 20, 0.25, 400
    truth = fair + np.array([0.10, 0.08, 0.06, 0.04, 0.025, 0.02, 0.015, 0.012, 0.01, 0.0,
                             0.0, -0.005, -0.01, -0.012, -0.015, -0.02, -0.03, -0.05, -0.07, -0.09])
    ea, eb = np.full(k, 0.003), np.full(k, 0.009)
    labels = [f"L{i}" for i in range(k)]
    naive = false = named = 0
    moved = truth.copy()
    moved[9] += 0.05
    for _ in range(reps):
        for tb, real in ((truth, False), (moved, True)):
            oa, ob = truth + ea * rng.standard_normal(k), tb + eb * rng.standard_normal(k)
            v = pd.DataFrame({"basic": _fair_verdicts(oa, ea, fair), "search": _fair_verdicts(ob, eb, fair)},
                             index=labels)
            d = label_differs(pd.DataFrame({"basic": oa, "search": ob}, index=labels),
                              pd.DataFrame({"basic": ea, "search": eb}, index=labels))
            kind = classify_verdicts(v, d)
            if real:
                named += kind["L9"] == "depends"
                continue
            naive += (v["basic"] != v["search"]).any()
            false += (kind == "depends").any()
            if naive < 40:
                s = verdict_sentence(v, d, "labels")
                assert ("verdicts that depend on the strategy" in s) == (kind == "depends").any()
    assert naive / reps > 0.3, naive / reps
    assert false / reps <= 0.0625, false / reps  # 0.05 plus about 1.2 binomial standard errors at 400 sweeps
    assert named / reps >= 0.8, named / reps


def test_label_differs_holm_over_labels_and_pairs():
    """label_differs is skill_sensitivity's test, Holm-corrected over every label and pair at once."""
    shares = pd.DataFrame({"a": [0.30, 0.25, 0.20], "b": [0.33, 0.25, 0.20], "c": [0.30, 0.25, 0.22]},
                          index=["x", "y", "z"])
    ses = pd.DataFrame(0.008, index=shares.index, columns=shares.columns)
    got = label_differs(shares, ses)
    p = np.concatenate([skill_sensitivity(shares[a], ses[a], shares[b], ses[b])["p"].to_numpy()
                        for a, b in (("a", "b"), ("a", "c"), ("b", "c"))])
    want = (holm(p) < 0.05).reshape(3, 3).any(axis=0)
    assert list(got) == list(want)
    assert got["y"] == False  # noqa: E712  (identical shares never differ)
