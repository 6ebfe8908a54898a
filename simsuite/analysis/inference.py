"""Inference on summaries: intervals for proportions and means (Wilson, normal), multiple-
comparison corrections (Holm), tests of a difference and of equivalence, the detectable effect at a
given power, the rank intervals of a ranking, and the heterogeneity and random-effects pooling of
effects across cells. Functions of figures a report already has (counts, estimates and standard
errors), not of games; ``simsuite.analysis.stats`` builds those figures from the games. Import
these names from here."""
from __future__ import annotations

import math

import numpy as np

Z95 = 1.959963984540054


def wilson(k: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion."""
    if n <= 0:
        return (float("nan"), float("nan"))
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(max(p * (1 - p) / n + z * z / (4 * n * n), 0.0)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def wilson_se(k: float, n: float, se: float, z: float = Z95) -> tuple[float, float]:
    """Wilson interval at the effective sample size p(1-p)/se^2 (se: the proportion's standard
    error from the per-game variance, so seats of one game that win together or exclude each other
    are accounted for); plain Wilson at n when se is unknown or p is 0 or 1."""
    p = k / n if n > 0 else float("nan")
    if not (se > 0 and 0 < p < 1):
        return wilson(k, n, z)
    n_eff = p * (1 - p) / (se * se)
    return wilson(p * n_eff, n_eff, z)


def mean_ci(s: float, ss: float, n: float, z: float = Z95) -> tuple[float, float, float, float]:
    """Mean, sd and normal-approximation interval from a sum and a sum of squares."""
    if n <= 0:
        return (float("nan"),) * 4
    m = s / n
    var = max(ss / n - m * m, 0.0) * (n / (n - 1) if n > 1 else 1.0)
    sd = math.sqrt(var)
    h = z * sd / math.sqrt(n)
    return (m, sd, m - h, m + h)


def holm(p) -> np.ndarray:
    """Holm-adjusted p-values (family-wise error control for several tests)."""
    p = np.asarray(p, float)
    m = len(p)
    order = np.argsort(p)
    adj = np.empty(m)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, (m - rank) * p[i])
        adj[i] = min(1.0, running)
    return adj


# ---- what an analyst reads off a ranking ---------------------------------------------------
POWER = 0.8
MDD_FACTOR = Z95 + 0.8416212335729143  # z_0.975 + z_0.8: two-sided alpha 0.05, 80% power
MARGIN = 0.02  # equivalence margin (win share, 2 percentage points): "fair within +-2 pp"
RANK_SEED = 20_151  # the rank bootstrap's fixed seed: a report is the same every time it is written
N_RANK_BOOT = 4000


def mdd(se, alpha: float = 0.05, power: float = POWER):
    """Minimum detectable difference: the true difference a two-sided level-alpha z-test with
    standard error `se` detects with probability `power`: (z_{1-alpha/2} + z_power) x se."""
    from scipy.stats import norm

    return (norm.ppf(1 - alpha / 2) + norm.ppf(power)) * np.asarray(se, float)


def equivalence_p(diff, se, margin: float = MARGIN) -> np.ndarray:
    """Two one-sided tests (TOST, normal): p-value of "the true difference lies within +-margin"
    (the larger of the p-values of H0: diff <= -margin and H0: diff >= margin); small p: equivalent.
    NaN where se is not positive."""
    from scipy.stats import norm

    d, e = np.asarray(diff, float), np.asarray(se, float)
    with np.errstate(invalid="ignore", divide="ignore"):
        p_low = norm.sf((d + margin) / e)
        p_high = norm.cdf((d - margin) / e)
    return np.where(e > 0, np.maximum(p_low, p_high), np.nan)


def diff_se(se_a, se_b, cov=np.nan):
    """Standard error of a difference of two estimates: sqrt(se_a^2 + se_b^2 - 2 cov); without a
    covariance (NaN) the bound se_a + se_b (Cauchy-Schwarz), never the independent hypot, which is
    too small for shares of one table (negatively correlated)."""
    a, b, c = (np.asarray(x, float) for x in (se_a, se_b, cov))
    return np.where(np.isfinite(c), np.sqrt(np.maximum(a * a + b * b - 2 * c, 0.0)), a + b)


def rank_intervals(est, cov, n_boot: int = N_RANK_BOOT, seed: int = RANK_SEED, level: float = 0.95) -> dict:
    """Rank intervals of a ranking (1 = the highest estimate) and P(best). `cov`: K x K, or a vector
    of standard errors for independent estimates.

    p_best: a parametric bootstrap (the estimates drawn again from a normal with their covariance,
    `n_boot` times, fixed seed): the share of draws in which the label is the highest.
    rank_low / rank_high: the bootstrap's level interval of the label's rank, widened where needed to
    the pairwise-test interval: 1 + the labels whose share is above this one's by a two-sided z-test
    at (1 - level) / (K - 1) (Bonferroni over the label's K - 1 comparisons, the covariance in the
    difference's standard error), to K - the labels below it by the same test. The bootstrap alone
    adds the noise a second time and under-covers the labels at the ends of a dense ranking (at 20
    labels one standard error apart in steps of a quarter, the top label's 95% interval covered its
    true rank 87% of the time). Two-sided, because a label tied with another (equal true shares) can
    be wrongly placed above it or below it: with one-sided tests at (1 - level) / (K - 1) a label tied
    with 19 others was said to have a label surely stronger or surely weaker 7% of the time. With
    ties, a label's true rank is the span of its tied group, and the interval covers it when it
    holds the whole span (no label said to be surely stronger or weaker that is not). The pairwise
    bounds are wrong only when one of the label's tests is, and each of its K - 1 comparisons errs
    with probability at most (1 - level) / (K - 1) (both directions of a tied pair together), so each
    label's interval covers its true rank, ties included, with probability at least `level`."""
    est = np.asarray(est, float)
    k = len(est)
    cov = np.asarray(cov, float)
    if cov.ndim == 1:
        cov = np.diag(cov ** 2)
    cov = np.where(np.isfinite(cov), cov, 0.0)
    # the nearest positive semi-definite matrix (a covariance estimated per cell can be slightly off)
    w, v = np.linalg.eigh((cov + cov.T) / 2)
    L = v * np.sqrt(np.clip(w, 0.0, None))
    rng = np.random.default_rng(seed)
    draws = est + rng.standard_normal((n_boot, k)) @ L.T
    ranks = (-draws).argsort(axis=1).argsort(axis=1) + 1
    lo, hi = np.quantile(ranks, [(1 - level) / 2, (1 + level) / 2], axis=0, method="inverted_cdf")
    lo, hi = lo.astype(int), hi.astype(int)
    if k > 1:
        from scipy.stats import norm

        var = np.diag(cov)[:, None] + np.diag(cov)[None, :] - 2 * cov
        with np.errstate(invalid="ignore", divide="ignore"):
            z = (est[:, None] - est[None, :]) / np.sqrt(np.maximum(var, 0.0))  # z[j, i]: j above i
        np.fill_diagonal(z, 0.0)
        z = np.where(np.isfinite(z), z, 0.0)
        crit = norm.ppf(1 - (1 - level) / (2 * (k - 1)))
        lo = np.minimum(lo, 1 + (z > crit).sum(axis=0))
        hi = np.maximum(hi, k - (z.T > crit).sum(axis=0))
    return dict(rank=(-est).argsort().argsort() + 1, rank_low=lo, rank_high=hi, p_best=(ranks == 1).mean(axis=0))


def heterogeneity(effects, variances) -> dict:
    """Cochran's Q test of whether several estimates of one quantity (a label's win share minus
    the fair share, per cell) agree beyond their noise, with I^2 (the share of the spread that is
    not noise), from statsmodels' fixed-effect meta-analysis: q, df, p, i2. NaN for fewer than two
    estimates."""
    e, v = np.asarray(effects, float), np.asarray(variances, float)
    ok = np.isfinite(e) & np.isfinite(v) & (v > 0)
    if ok.sum() < 2:
        return dict(q=np.nan, df=0, p=np.nan, i2=np.nan)
    from statsmodels.stats.meta_analysis import combine_effects

    with np.errstate(divide="ignore", invalid="ignore"):  # I^2 = 1 - df / Q divides by Q = 0
        r = combine_effects(e[ok], v[ok], use_t=False)
    q, df = float(r.q), int(ok.sum() - 1)
    return dict(q=q, df=df, p=float(r.test_homogeneity().pvalue), i2=max(1 - df / q, 0.0) if q > 0 else 0.0)


def random_effects(effects, variances, alpha: float = 0.05) -> dict:
    """Random-effects mean of estimates of one quantity in several cells (the start player's edge
    over the cells of one player count), with the modified Hartung-Knapp-Sidik-Jonkman interval: the
    between-cell variance tau2 by Paule-Mandel, the mean's variance rescaled by the weighted spread
    of the estimates around it but never below the plain random-effects variance (the modification
    matters where cells are few), and a t quantile with k - 1 degrees of freedom. One method whatever
    the cells' agreement: a pre-test choosing between a fixed effect and a DerSimonian-Laird z
    interval covered the mean of heterogeneous cells (I^2 0.5 to 0.9, 3 to 10 cells) 80 to 87% of
    the time, this interval about 95%. statsmodels' combine_effects (whose DerSimonian-Laird tau2
    is not truncated at 0, so it is not used). Returns mean, se, df, crit (the two-sided level-alpha
    quantile: the interval is mean +- crit se), p (two-sided, of mean = 0), tau2 and the range lo,
    hi of the estimates; one estimate: itself, its se, a normal quantile."""
    from scipy.stats import norm, t

    e, v = np.asarray(effects, float), np.asarray(variances, float)
    ok = np.isfinite(e) & np.isfinite(v) & (v > 0)
    if ok.sum() < 2:
        m = float(e[ok][0]) if ok.any() else np.nan
        se = float(np.sqrt(v[ok][0])) if ok.any() else np.nan
        p = float(2 * norm.sf(abs(m) / se)) if ok.any() else np.nan
        return dict(mean=m, se=se, df=np.inf, crit=float(norm.isf(alpha / 2)), p=p, tau2=0.0, lo=m, hi=m)
    from statsmodels.stats.meta_analysis import combine_effects

    with np.errstate(divide="ignore", invalid="ignore"):
        r = combine_effects(e[ok], v[ok], use_t=True, method_re="iterated")
    df = int(ok.sum() - 1)
    # the modified Hartung-Knapp se: never below the plain random-effects one. The HKSJ rescaling
    # shrinks the se wherever the estimates happen to agree better than their noise says, which
    # with few cells of unequal noise is often: 3 to 4 cells, standard errors 0.2 to 2 points,
    # tau as large as the noise, covered the mean 0.91 of the time; with the floor 0.94 to 0.98
    m = float(r.mean_effect_re)
    se = max(float(r.sd_eff_w_re_hksj), float(r.sd_eff_w_re))
    p = float(2 * t.sf(abs(m) / se, df)) if se > 0 else np.nan
    return dict(mean=m, se=se, df=df, crit=float(t.isf(alpha / 2, df)), p=p, tau2=float(r.tau2),
                lo=float(e[ok].min()), hi=float(e[ok].max()))


def detectable_spread(variances, alpha: float = 0.05, power: float = POWER) -> float:
    """The spread +-s of true effects across cells, changing steadily from -s at the first cell to
    +s at the last (a parameter's effect that grows along its axis), that Cochran's Q test at level
    `alpha` finds with probability `power`: Q then follows a noncentral chi-square with k - 1
    degrees of freedom and noncentrality sum_i w_i (theta_i - theta_w)^2, w_i = 1 / variance_i.
    What "no significant dependence" still leaves possible."""
    from scipy.optimize import brentq
    from scipy.stats import chi2, ncx2

    v = np.asarray(variances, float)
    v = v[np.isfinite(v) & (v > 0)]
    k = len(v)
    if k < 2:
        return float("nan")
    w = 1 / v
    sign = np.linspace(-1.0, 1.0, k)
    # noncentrality of the pattern with s = 1 (it grows with s^2): sum w (u - weighted mean of u)^2
    c = float((w * (sign - (w * sign).sum() / w.sum()) ** 2).sum())
    crit = chi2.ppf(1 - alpha, k - 1)
    lam = brentq(lambda L: ncx2.sf(crit, k - 1, L) - power, 1e-9, 1e4)
    return float(np.sqrt(lam / c))


def diff_test(a, se_a, b, se_b) -> tuple[float, float, float]:
    """Difference b - a of two independent estimates: (diff, se, two-sided p) of the z-test. Two
    95% intervals that overlap can still differ significantly: test the difference, not the overlap."""
    from scipy.stats import norm

    d = float(b) - float(a)
    se = float(np.hypot(se_a, se_b))
    p = float(2 * norm.sf(abs(d) / se)) if se > 0 else float("nan")
    return d, se, p



def relative_change(a, se_a, b, se_b) -> tuple[float, float]:
    """The relative change (b - a) / |a| of two independent estimates and its delta-method standard
    error (the first value is estimated too)."""
    base = max(abs(float(a)), 1e-12)
    r = (float(b) - float(a)) / base
    return r, float(np.hypot(se_b, float(b) / base * se_a)) / base


def all_within(values, ses, margin: float, relative: bool = False, alpha: float = 0.05) -> dict:
    """Are all the estimates within +-margin of each other? Two one-sided tests (TOST) of every
    pair's difference (``relative``: of the relative change from the earlier of the two, margin a
    fraction, e.g. 0.05 for 5%), each at alpha: an intersection-union test, so the claim "every pair
    lies within the margin" is wrong in at most alpha of samples whatever the truth, without a
    correction for the number of pairs. Returns equivalent (bool), p (the largest pair's TOST p) and
    bound: the largest difference the data leave possible, max over the pairs of |d| + z se at a
    level Bonferroni-corrected over the pairs (simultaneous)."""
    from scipy.stats import norm

    y, s = np.asarray(values, float), np.asarray(ses, float)
    k = len(y)
    if k < 2 or not (np.isfinite(y).all() and np.isfinite(s).all() and (s > 0).all()):
        return dict(equivalent=False, p=float("nan"), bound=float("nan"))
    ds, es = [], []
    for i in range(k):
        for j in range(i + 1, k):
            d, e = (relative_change(y[i], s[i], y[j], s[j]) if relative
                    else (y[j] - y[i], float(np.hypot(s[i], s[j]))))
            ds.append(d)
            es.append(e)
    ds, es = np.array(ds), np.array(es)
    p = float(np.max(equivalence_p(ds, es, margin)))
    crit = norm.isf(alpha / (2 * len(ds)))
    return dict(equivalent=bool(p < alpha), p=p, bound=float(np.max(np.abs(ds) + crit * es)))
