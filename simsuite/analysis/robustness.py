"""Robustness of a label ranking (aliens, ...) to the strategy that plays it.

A sweep can rank the same labels under several strategies (every seat of a cell plays one strategy
X: "the ranking under X"). These pure functions compare such rankings from the per-label win
shares and their standard errors (the same normal standard errors the ranking's own intervals
use); they take plain arrays or DataFrames and know nothing about the report.

- ``kendall_tau``: Kendall's tau-b of two rankings (scipy.stats.kendalltau on the win shares).
- ``tau_interval``: tau with simultaneous 95% bounds. Sweeps keep exact per-cell sums, not the
  games, so games cannot be resampled, and a parametric bootstrap (each share redrawn from a normal
  with its estimate and standard error) is not a confidence interval for tau: the redraws add the
  noise a second time, so they sit below the observed tau, which itself sits below the true one
  (noise can only swap close labels); at 20 labels such an interval covered a true tau of 0.93 in
  about 60% of synthetic sweeps and a true tau of 1 never. The bounds here need no resampling: every
  label pair whose order is established in both rankings (two-sided z-test of the two shares,
  Holm-corrected over all the pairs of both rankings) counts as observed, every other pair once as
  concordant (upper bound) and once as discordant (lower bound). With probability at least 95% no
  established order is wrong, and then the true tau lies between the bounds: the coverage is at least
  95% whatever the truth (tests/common/test_robustness.py checks it at true tau 0.8, 0.93 and 1).
  The bounds are conservative and wide when many labels are close; the per-label difference tests
  (``skill_sensitivity``) are the sharper tool and what the verdicts use. ``noisy`` says when the
  point estimate is pulled towards 0: the label pairs whose order is uncertain (win shares closer
  than 1.96 standard errors of their difference, counted in both rankings) outnumber NOISY_RATIO
  times the pairs the two rankings order differently (at least 2).
- ``skill_sensitivity``: per label, the difference in win share between two strategies with its
  95% interval (independent games: the variances add) and Holm-adjusted p-values.
- ``label_differs``: per label, whether its win share differs between any two strategies (or
  modelling choices) by the direct difference test, Holm-corrected over every label and pair.
- ``verdict_sentence``: which fair-share verdicts hold under every strategy and which depend on it;
  a label is said to depend on the strategy only when its direct difference test says so.
- ``places_across``: each label's place (rank interval) under every strategy at once, and the order
  claim that holds under all of them: the span of its intervals, computed at 1 - (1 - level) / S
  each (Bonferroni over the S strategies), so that with probability at least `level` the label's
  true place under every strategy lies in its span; a place "depends on play" only where two of its
  intervals are disjoint, which with the same truth under every strategy happens with probability
  at most 1 - level (tests/common/test_order_claims.py checks both on known truth).
"""
from __future__ import annotations

from statistics import NormalDist

import numpy as np
import pandas as pd
from scipy.stats import kendalltau, norm

from .inference import N_RANK_BOOT, RANK_SEED, Z95, holm, rank_intervals

NOISY_RATIO = 2.5  # uncertain pairs / discordant pairs above which tau's interval is flagged noisy
VERDICTS = ("above fair", "below fair", "fair")


def kendall_tau(a, b) -> float:
    """Kendall's tau-b between two score vectors (the same labels in the same order); NaN for fewer
    than two labels or a constant vector."""
    a, b = np.asarray(a, float), np.asarray(b, float)
    if len(a) < 2:
        return float("nan")
    return round(float(kendalltau(a, b).statistic), 12)  # rounded as tau_rows: the same tau compares equal


def tau_rows(A: np.ndarray, B: np.ndarray) -> np.ndarray:
    """Kendall's tau-b of every row of A with the same row of B (shape draws x labels), vectorised
    for the bootstrap (scipy's kendalltau takes one pair of vectors at a time); equal to it row by
    row, ties included."""
    A, B = np.atleast_2d(np.asarray(A, float)), np.atleast_2d(np.asarray(B, float))
    i, j = np.triu_indices(A.shape[1], 1)
    sa, sb = np.sign(A[:, i] - A[:, j]), np.sign(B[:, i] - B[:, j])
    den = np.sqrt((sa != 0).sum(axis=1) * (sb != 0).sum(axis=1).astype(float))
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(den > 0, np.round((sa * sb).sum(axis=1) / den, 12), np.nan)


def tau_interval(share_a, se_a, share_b, se_b, level: float = 0.95) -> dict:
    """Kendall's tau of two rankings (win shares of the same labels under a and b) with simultaneous
    bounds at `level` (see the module docstring): pairs whose order is established in both rankings
    (Holm over all 2 x k(k-1)/2 pair tests) count as observed, the others both ways. Returns tau,
    ci_low, ci_high, labels (how many), concordant (share of label pairs in the same order,
    (1 + tau) / 2 without ties), established_pairs (pairs ordered in both rankings beyond the
    noise), uncertain_pairs (label pairs closer than 1.96 standard errors of their difference, in
    a's ranking plus in b's), discordant_pairs (pairs the two rankings order differently) and noisy
    (uncertain pairs above NOISY_RATIO times the discordant ones, at least 2: tau is then likely
    pulled towards 0)."""
    sa, ea, sb, eb = (np.asarray(x, float) for x in (share_a, se_a, share_b, se_b))
    k = len(sa)
    tau = kendall_tau(sa, sb)
    if k < 2 or not np.isfinite(tau):
        return dict(tau=tau, ci_low=float("nan"), ci_high=float("nan"), labels=k, concordant=float("nan"),
                    established_pairs=0, uncertain_pairs=0, discordant_pairs=0, noisy=False)
    i, j = np.triu_indices(k, 1)
    da, db = sa[i] - sa[j], sb[i] - sb[j]
    with np.errstate(invalid="ignore", divide="ignore"):
        za = np.where(np.hypot(ea[i], ea[j]) > 0, da / np.hypot(ea[i], ea[j]), np.sign(da) * np.inf)
        zb = np.where(np.hypot(eb[i], eb[j]) > 0, db / np.hypot(eb[i], eb[j]), np.sign(db) * np.inf)
    p = 2 * norm.sf(np.abs(np.concatenate([za, zb])))
    p = np.where(np.concatenate([da, db]) == 0, 1.0, p)  # a tie establishes no order
    known = holm(p) < 1 - level
    est = known[:len(i)] & known[len(i):]
    n = len(i)
    base = float((np.sign(da) * np.sign(db) * est).sum())
    free = int((~est).sum())
    lo, hi = max(-1.0, round((base - free) / n, 12)), min(1.0, round((base + free) / n, 12))  # as kendall_tau
    lo, hi = min(lo, tau), max(hi, tau)  # tau-b with ties can step outside the pair count's bounds
    uncertain = int((np.abs(da) < Z95 * np.hypot(ea[i], ea[j])).sum() + (np.abs(db) < Z95 * np.hypot(eb[i], eb[j])).sum())
    discordant = int((np.sign(da) * np.sign(db) < 0).sum())
    return dict(tau=tau, ci_low=float(lo), ci_high=float(hi), labels=k, concordant=(1 + tau) / 2,
                established_pairs=int(est.sum()), uncertain_pairs=uncertain, discordant_pairs=discordant,
                noisy=bool(uncertain > NOISY_RATIO * max(discordant, 2)))


def skill_sensitivity(share_a, se_a, share_b, se_b, alpha: float = 0.05) -> pd.DataFrame:
    """Per label: diff = share_b - share_a (b's win share minus a's), its standard error
    sqrt(se_a^2 + se_b^2) (the two come from different games, so they are independent), the 95%
    interval, z, the two-sided p and the Holm-adjusted p over the labels, and `sig` (p_holm < alpha)."""
    sa, ea, sb, eb = (np.asarray(x, float) for x in (share_a, se_a, share_b, se_b))
    d = sb - sa
    se = np.sqrt(ea ** 2 + eb ** 2)
    with np.errstate(invalid="ignore", divide="ignore"):
        z = np.where(se > 0, d / se, np.nan)
    p = np.array([2 * (1 - NormalDist().cdf(abs(v))) if np.isfinite(v) else 1.0 for v in z])
    ph = holm(p) if len(p) else p
    return pd.DataFrame(dict(diff=d, se=se, ci_low=d - Z95 * se, ci_high=d + Z95 * se, z=z, p=p, p_holm=ph,
                             sig=ph < alpha))


def label_differs(shares: pd.DataFrame, ses: pd.DataFrame, alpha: float = 0.05) -> pd.Series:
    """Per label (index of `shares`, one column per strategy or modelling choice, the same columns in
    `ses`): True when its win share differs between some two columns by the direct two-sided test of
    ``skill_sensitivity``, Holm-corrected over every label and every pair of columns together (so the
    family-wise error stays at alpha however many columns there are)."""
    cols = list(shares.columns)
    pairs = [(a, b) for i, a in enumerate(cols) for b in cols[i + 1:]]
    if not pairs or shares.empty:
        return pd.Series(False, index=shares.index)
    p = np.concatenate([skill_sensitivity(shares[a], ses[a], shares[b], ses[b], alpha)["p"].to_numpy()
                        for a, b in pairs])
    sig = (holm(p) < alpha).reshape(len(pairs), len(shares)).any(axis=0)
    return pd.Series(sig, index=shares.index)


def classify_verdicts(verdicts: pd.DataFrame, differs) -> pd.Series:
    """Per label: "same" (the same fair-share verdict in every column), "depends" (the verdicts differ
    and the direct difference test says the win share moves: ``label_differs``) or "unresolved" (the
    verdicts differ but the direct test finds no significant difference: one column's test had less
    power, not a shown dependence)."""
    v = verdicts.apply(lambda col: col.map(_verdict))
    d = pd.Series(differs, index=v.index).astype(bool) if not isinstance(differs, pd.Series) \
        else differs.reindex(v.index).fillna(False).astype(bool)
    same = v.nunique(axis=1) == 1
    return pd.Series(np.where(same, "same", np.where(d, "depends", "unresolved")), index=v.index)


def _join(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _verdict(v) -> str:
    v = "" if v is None or (isinstance(v, float) and np.isnan(v)) else str(v)
    return v if v in VERDICTS else "fair" if v == "" else v


def _say(v: str) -> str:
    """How a sentence words a verdict: "fair" is a test that found nothing, not a shown fairness."""
    return "not distinguishable from fair" if v == "fair" else v


def verdict_sentence(verdicts: pd.DataFrame, differs, noun: str, players: int | None = None,
                     axis: str = "strategy", axes: str = "strategies") -> str:
    """One sentence from a table of fair-share verdicts: index = labels (in the order to name them),
    one column per strategy (or modelling choice: `axis` / `axes` name it, e.g. "deal model" /
    "deal models"), values "above fair", "below fair" or "fair" ("" counts as fair); `differs`:
    per label, whether the direct Holm-corrected difference test finds its win share moving
    (``label_differs``). Names the labels whose verdict is the same in every column (above or below
    fair; those not distinguishable from fair too, up to four, else counted); the labels whose verdict
    depends on the column, only where the direct test says so, with their verdict in each column; and
    the labels whose verdicts differ without a significant difference (labels with the same verdicts
    named together)."""
    cols = [str(s) for s in verdicts.columns]
    v = verdicts.apply(lambda col: col.map(_verdict))
    kind = classify_verdicts(v, differs)
    under = (f"under both {cols[0]} and {cols[1]}" if len(cols) == 2
             else f"under every {axis} ({_join(cols)})" if len(cols) > 2 else f"under {cols[0]}")
    same = kind == "same"
    firm = v[same].iloc[:, 0] if len(cols) else pd.Series(dtype=str)
    parts = [f"{_join([str(x) for x in firm.index[firm == w]])} {w}" for w in ("above fair", "below fair")
             if (firm == w).any()]
    n_fair = int((firm == "fair").sum())
    lead = f"With {players} players, " if players is not None else ""
    every = "both" if len(cols) == 2 else f"every {axis}"
    if parts:
        text = f"{lead}{under}: " + ", ".join(parts)
        if n_fair:
            fair = [str(x) for x in firm.index[firm == "fair"]]
            who = _join(fair) if n_fair <= 4 else f"{n_fair} other {noun}"
            text += f" ({who} not distinguishable from fair under {every})"
    else:
        text = f"{lead}no {noun.rstrip('s')} is above or below fair {under}"
        if n_fair:
            text += f"; {n_fair} {'are' if n_fair > 1 else 'is'} not distinguishable from fair under {every}"
    text = text[0].upper() + text[1:]

    def listed(rows: pd.DataFrame) -> str:
        patterns: dict[tuple, list[str]] = {}  # labels with the same verdicts in each column are named together
        for label, row in rows.iterrows():
            patterns.setdefault(tuple(row), []).append(str(label))
        items = []
        for pattern, names in patterns.items():
            by: dict[str, list[str]] = {}
            for s, w in zip(cols, pattern):
                by.setdefault(w, []).append(s)
            items.append(f"{_join(names)} (" + ", ".join(f"{_say(w)} under {_join(ss)}" for w, ss in by.items())
                         + ")")
        return "; ".join(items)

    dep, unres = v[kind == "depends"], v[kind == "unresolved"]
    if dep.empty:
        text += f"; no verdict depends on the {axis} by the direct difference test (Holm)"
    else:
        text += f"; verdicts that depend on the {axis} (direct difference test, Holm): " + listed(dep)
    if not unres.empty:
        text += f"; verdicts that differ, but with no significant difference between {axes}: " + listed(unres)
    return text + "."


def places_across(est: dict, cov: dict, level: float = 0.95, n_boot: int = N_RANK_BOOT,
                  seed: int = RANK_SEED) -> pd.DataFrame:
    """Where each label stands under every strategy together. `est`: strategy -> the win shares of
    the same labels in the same order; `cov`: strategy -> their K x K covariance (or standard
    errors). An order claim about a label holds under every strategy only when it holds under each,
    so its rank interval under each strategy is computed at 1 - (1 - level) / S
    (inference.rank_intervals; S = 1: the ranking's own interval): all S intervals of a label then
    cover its true places together with probability at least `level`. Per label (rows in the order
    given), per strategy s: rank_s (its place by the estimate, 1 = the highest), low_s, high_s; and
    low, high: the span of its intervals, a place that holds under every strategy; status: "same"
    (every interval alike), "overlap" (they differ, but a common place fits all of them: the span is
    claimed, no single one) or "depends" (two intervals share no place: the label's place differs
    between two strategies, wrongly said with probability at most 1 - level, since identical truths
    give intervals that share the true place); shift_low, shift_high: by how many places its place
    moves between two strategies, at least (the largest gap between two disjoint intervals, 0
    unless "depends") and at most (high - low)."""
    names = list(est)
    s_ = len(names)
    lvl = 1 - (1 - level) / max(s_, 1)
    out = {}
    for x in names:
        r = rank_intervals(np.asarray(est[x], float), cov[x], n_boot=n_boot, seed=seed, level=lvl)
        e = pd.Series(np.asarray(est[x], float))
        out[f"rank_{x}"] = e.rank(ascending=False, method="min").astype(int).to_numpy()
        out[f"low_{x}"], out[f"high_{x}"] = np.asarray(r["rank_low"], int), np.asarray(r["rank_high"], int)
    t = pd.DataFrame(out)
    lows = t[[f"low_{x}" for x in names]].to_numpy()
    highs = t[[f"high_{x}" for x in names]].to_numpy()
    t["low"], t["high"] = lows.min(axis=1), highs.max(axis=1)
    gap = lows.max(axis=1) - highs.min(axis=1)  # > 0: the highest low lies beyond the lowest high
    same = (lows == lows[:, :1]).all(axis=1) & (highs == highs[:, :1]).all(axis=1)
    t["status"] = np.where(same, "same", np.where(gap > 0, "depends", "overlap"))
    t["shift_low"] = np.maximum(gap, 0)
    t["shift_high"] = t["high"] - t["low"]
    t.attrs["level"] = level
    t.attrs["strategies"] = names
    return t
