"""A label's win share along a ladder of ever-stronger players, and where it has stopped moving.

A ladder is a sequence of strategies, each measured stronger than the one below (head to head). A
label (an alien) played with every seat at rung r has a win share s_r with a standard error e_r,
from games independent of the other rungs' (the rungs are separate cells). These pure functions
read that table; they take plain arrays and know nothing about the report.

- ``trend``: per label, whether its share rises or falls with skill: the weighted least-squares
  slope of s_r on the rung index r (weights 1 / e_r^2), a two-sided z-test of slope 0, Holm-corrected
  over the labels. With the same true share at every rung the slope estimate is normal with the
  variance used, so a label is said to rise or fall when it does not with probability at most
  alpha, however many labels (family-wise). A trend that is not monotone (up, then back down) may
  show no slope: "no trend found" is not "no change".
- ``top_verdict``: per label, what the two top rungs say. d = s_top - s_below, e_d their hypot.
  "settled" when the two agree within `margin` by two one-sided tests (TOST, each at alpha): a label
  whose true top two shares differ by at least the margin is called settled with probability at
  most alpha (per label: a family-wise correction would need a step of almost nothing at the game
  counts of a sweep, 7,752 games per alien and rung at 4 players, before any label could settle).
  "rising" / "falling" when the two-sided test of d = 0 rejects (Holm over the labels): said of any
  label whose top two rungs truly agree with probability at most alpha (family-wise). Otherwise "unsettled": the top two differ by less than the
  noise can tell but not surely by less than the margin (more games at the top two rungs decide).
  The estimate under expert play, where settled, is the two rungs' inverse-variance mean.
- ``expert_places``: places (rank intervals, inference.rank_intervals) at the top of the ladder:
  each label's expert-play share where settled, its top rung's share otherwise.

tests/common/test_skill_trace.py checks the error rates on synthetic ladders of known truth
(ladders that converge and ladders still moving at the top).
"""
from __future__ import annotations

import numpy as np
import pandas as pd
from scipy.stats import norm

from .inference import MARGIN, N_RANK_BOOT, RANK_SEED, equivalence_p, holm, rank_intervals

TOP_VERDICTS = ("settled", "rising", "falling", "unsettled")


def _arrays(shares, ses) -> tuple[np.ndarray, np.ndarray]:
    s, e = np.atleast_2d(np.asarray(shares, float)), np.atleast_2d(np.asarray(ses, float))
    if s.shape != e.shape or s.shape[1] < 2:
        raise ValueError("shares and ses: one row per label, one column per rung (at least two), the same shape")
    return s, e


def trend(shares, ses, alpha: float = 0.05) -> pd.DataFrame:
    """Per label (rows of `shares`, columns the rungs weakest first; `ses` alike): slope (win share per
    rung), its standard error, z, p, p_holm and direction: "rises", "falls" or "no trend found"
    (p_holm >= alpha)."""
    s, e = _arrays(shares, ses)
    r = np.arange(s.shape[1], dtype=float)
    w = 1.0 / e ** 2
    rbar = (w * r).sum(axis=1, keepdims=True) / w.sum(axis=1, keepdims=True)
    sxx = (w * (r - rbar) ** 2).sum(axis=1)
    slope = (w * (r - rbar) * s).sum(axis=1) / sxx
    se = 1.0 / np.sqrt(sxx)
    z = slope / se
    p = 2 * norm.sf(np.abs(z))
    ph = holm(p)
    direction = np.where(ph >= alpha, "no trend found", np.where(slope > 0, "rises", "falls"))
    return pd.DataFrame(dict(slope=slope, se=se, z=z, p=p, p_holm=ph, direction=direction))


def top_verdict(shares, ses, margin: float = MARGIN, alpha: float = 0.05) -> pd.DataFrame:
    """Per label: step (top rung minus the one below), step_se, p_moving (two-sided, d = 0) and
    p_moving_holm (Holm-adjusted over the labels), p_settled (TOST, |d| < margin, per label), verdict
    (TOP_VERDICTS), and expert / expert_se: the two rungs' inverse-variance mean where settled, the
    top rung's share (and its error) otherwise."""
    s, e = _arrays(shares, ses)
    top, below, et, eb = s[:, -1], s[:, -2], e[:, -1], e[:, -2]
    d, ed = top - below, np.hypot(et, eb)
    p_move = 2 * norm.sf(np.abs(d) / ed)
    p_same = equivalence_p(d, ed, margin)
    pm = holm(p_move)
    settled = p_same < alpha
    moving = (pm < alpha) & ~settled  # both at once only if |d| is small and very precise: settled wins
    verdict = np.where(settled, "settled", np.where(moving, np.where(d > 0, "rising", "falling"), "unsettled"))
    wt, wb = 1 / et ** 2, 1 / eb ** 2
    pooled, pooled_se = (wt * top + wb * below) / (wt + wb), 1 / np.sqrt(wt + wb)
    return pd.DataFrame(dict(step=d, step_se=ed, p_moving=p_move, p_moving_holm=pm, p_settled=p_same,
                             verdict=verdict, expert=np.where(settled, pooled, top),
                             expert_se=np.where(settled, pooled_se, et)))


def expert_places(top: pd.DataFrame, level: float = 0.95, n_boot: int = N_RANK_BOOT,
                  seed: int = RANK_SEED) -> pd.DataFrame:
    """Places at the top of the ladder from ``top_verdict``'s table: rank (1 = the highest expert
    share), rank_low, rank_high (the rank interval at `level`, the labels' estimates taken as
    independent)."""
    est = top["expert"].to_numpy(float)
    r = rank_intervals(est, top["expert_se"].to_numpy(float), n_boot=n_boot, seed=seed, level=level)
    return pd.DataFrame(dict(rank=pd.Series(est).rank(ascending=False, method="min").astype(int).to_numpy(),
                             rank_low=np.asarray(r["rank_low"], int), rank_high=np.asarray(r["rank_high"], int)),
                        index=top.index)
