"""Robustness of a label ranking (aliens, ...) to the strategy that plays it.

A sweep can rank the same labels under several strategies (every seat of a cell plays one strategy
X: "the ranking under X"). These pure functions compare such rankings from the per-label win
shares and their standard errors (the same normal standard errors the ranking's own intervals
use); they take plain arrays or DataFrames and know nothing about the report.

- ``kendall_tau``: Kendall's tau-b of two rankings (scipy.stats.kendalltau on the win shares).
- ``tau_bootstrap``: tau with a parametric-bootstrap 95% interval. Sweeps keep exact per-cell sums,
  not the games, so games cannot be resampled; instead each label's win share is drawn again from
  a normal distribution with its estimate and standard error (a mean over thousands of
  player-games, so normal to a close approximation; shared wins are included, which a binomial on
  the win count would miss), independently per label and per strategy, with a fixed seed, and the
  interval is the 2.5 and 97.5 percentiles of tau over the draws. It is reliable when the labels'
  intervals are narrow compared with the gaps between them. When they are not, noise swaps close
  labels at random, which pulls tau towards 0, and the draws (noise added once more) are pulled
  further: the interval then tends to miss on the side of 0. ``noisy`` says when: the label pairs
  whose order is uncertain (win shares closer than 1.96 standard errors of their difference, counted
  in both rankings) outnumber NOISY_RATIO times the pairs the two rankings order differently (at
  least 2). In synthetic tests (20 labels) coverage was 0.91-1.0 below that ratio and fell to 0.84,
  0.77 and 0.55 at ratios 2.5-3, 3-4 and 4-6.
- ``skill_sensitivity``: per label, the difference in win share between two strategies with its
  95% interval (independent games: the variances add) and Holm-adjusted p-values.
- ``verdict_sentence``: which fair-share verdicts hold under every strategy and which depend on it.
"""
from __future__ import annotations

from statistics import NormalDist

import numpy as np
import pandas as pd
from scipy.stats import kendalltau

from .stats import Z95, holm

TAU_SEED = 20_141  # the bootstrap's fixed seed: a report is the same every time it is written
N_BOOT = 2000
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


def tau_bootstrap(share_a, se_a, share_b, se_b, n_boot: int = N_BOOT, seed: int = TAU_SEED,
                  level: float = 0.95) -> dict:
    """Kendall's tau of two rankings (win shares of the same labels under strategies a and b) with a
    parametric-bootstrap percentile interval: each share is redrawn from N(share, se) (independent
    labels, independent strategies), `n_boot` times with a fixed seed. Returns tau, ci_low, ci_high,
    labels (how many), concordant (share of label pairs in the same order, (1 + tau) / 2 without
    ties), uncertain_pairs (label pairs closer than their noise, in a's ranking plus in b's),
    discordant_pairs (pairs the two rankings order differently) and noisy (uncertain pairs above
    NOISY_RATIO times the discordant ones, at least 2: tau and its interval are then likely pulled
    towards 0)."""
    sa, ea, sb, eb = (np.asarray(x, float) for x in (share_a, se_a, share_b, se_b))
    k = len(sa)
    tau = kendall_tau(sa, sb)
    if k < 2 or not np.isfinite(tau):
        return dict(tau=tau, ci_low=float("nan"), ci_high=float("nan"), labels=k, concordant=float("nan"),
                    uncertain_pairs=0, discordant_pairs=0, noisy=False)
    rng = np.random.default_rng(seed)
    A = sa + ea * rng.standard_normal((n_boot, k))
    B = sb + eb * rng.standard_normal((n_boot, k))
    t = tau_rows(A, B)
    t = t[np.isfinite(t)]
    lo, hi = np.quantile(t, [(1 - level) / 2, (1 + level) / 2]) if len(t) else (np.nan, np.nan)
    i, j = np.triu_indices(k, 1)
    uncertain = sum(int((np.abs(s[i] - s[j]) < Z95 * np.hypot(e[i], e[j])).sum()) for s, e in ((sa, ea), (sb, eb)))
    discordant = int((np.sign(sa[i] - sa[j]) * np.sign(sb[i] - sb[j]) < 0).sum())
    return dict(tau=tau, ci_low=float(lo), ci_high=float(hi), labels=k, concordant=(1 + tau) / 2,
                uncertain_pairs=uncertain, discordant_pairs=discordant,
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


def _join(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _verdict(v) -> str:
    v = "" if v is None or (isinstance(v, float) and np.isnan(v)) else str(v)
    return v if v in VERDICTS else "fair" if v == "" else v


def verdict_sentence(verdicts: pd.DataFrame, noun: str, players: int | None = None) -> str:
    """One sentence from a table of fair-share verdicts: index = labels (in the order to name them),
    one column per strategy, values "above fair", "below fair" or "fair" ("" counts as fair).
    Names the labels whose verdict is the same under every strategy (above or below fair; the fair
    ones too, up to four, else counted) and the labels whose verdict depends on the strategy with
    their verdict under each strategy (labels with the same verdicts named together). `noun`: what the
    labels are, plural (the game's label name, e.g. "aliens")."""
    strategies = [str(s) for s in verdicts.columns]
    v = verdicts.apply(lambda col: col.map(_verdict))
    under = (f"under both {strategies[0]} and {strategies[1]}" if len(strategies) == 2
             else f"under every strategy ({_join(strategies)})" if len(strategies) > 2 else f"under {strategies[0]}")
    same = v.nunique(axis=1) == 1
    firm = v[same].iloc[:, 0] if len(strategies) else pd.Series(dtype=str)
    parts = [f"{_join([str(x) for x in firm.index[firm == w]])} {w}" for w in ("above fair", "below fair")
             if (firm == w).any()]
    n_fair = int((firm == "fair").sum())
    lead = f"With {players} players, " if players is not None else ""
    every = "both" if len(strategies) == 2 else "every strategy"
    if parts:
        text = f"{lead}{under}: " + ", ".join(parts)
        if n_fair:
            fair = [str(x) for x in firm.index[firm == "fair"]]
            who = _join(fair) if n_fair <= 4 else f"{n_fair} other {noun}"
            text += f" ({who} fair under {every})"
    else:
        text = f"{lead}no {noun.rstrip('s')} is above or below fair {under}"
        if n_fair:
            text += f"; {n_fair} {'are' if n_fair > 1 else 'is'} fair under {every}"
    text = text[0].upper() + text[1:]
    moving = v[~same]
    if moving.empty:
        return text + "; no verdict depends on the strategy."
    patterns: dict[tuple, list[str]] = {}  # labels with the same verdicts under each strategy are named together
    for label, row in moving.iterrows():
        patterns.setdefault(tuple(row), []).append(str(label))
    items = []
    for pattern, names in patterns.items():
        by: dict[str, list[str]] = {}
        for s, w in zip(strategies, pattern):
            by.setdefault(w, []).append(s)
        items.append(f"{_join(names)} (" + ", ".join(f"{w} under {_join(ss)}" for w, ss in by.items()) + ")")
    return text + "; verdicts that depend on the strategy: " + "; ".join(items) + "."
