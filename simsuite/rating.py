"""Strength ratings from multiplayer results: Plackett-Luce on the winner (multinomial logit).

Each seat at a table has a strength s (of its label: strategy, alien, ...); the chance that seat
j wins a game at table c is s_j / sum_k s_k. Shared wins count fractionally. The maximum
likelihood strengths are found with Hunter's MM algorithm (2004) from the table compositions
(``comps.parquet``); their uncertainty comes from the observed Fisher information of the log
strengths under the constraint that the log strengths sum to zero.
"""
from __future__ import annotations

import numpy as np
import pandas as pd


def _parse(comps: pd.DataFrame):
    labels = sorted({m for row in comps["members"] for m in row.split(",")})
    idx = {x: i for i, x in enumerate(labels)}
    tables = []  # (games, member label ids, member win shares)
    for members, games, shares in zip(comps["members"], comps["games"], comps["shares"]):
        ids = np.array([idx[m] for m in members.split(",")])
        sh = np.array([float(x) for x in str(shares).split(",")])
        tables.append((float(games), ids, sh))
    return labels, tables


def plackett_luce(comps: pd.DataFrame, iters: int = 2000, tol: float = 1e-10) -> pd.DataFrame:
    """Fit strengths; returns one row per label: strength (geometric mean 1 over the labels that
    won something), log_strength, se and the 95% interval of the strength. A label that never won
    has no finite estimate (its likelihood grows as its strength goes to 0): strength 0, the rest
    NaN, and it is left out of the normalisation. ``result.attrs["converged"]`` says whether the
    iteration met `tol` within `iters`."""
    labels, tables = _parse(comps)
    K = len(labels)
    if K == 0:
        return pd.DataFrame(columns=["label", "strength", "log_strength", "se", "ci_low", "ci_high",
                                     "wins", "player_games"])
    wins = np.zeros(K)
    appear = np.zeros(K)
    for g, ids, sh in tables:
        np.add.at(wins, ids, sh)
        np.add.at(appear, ids, g)
    ok = wins > 0
    s = np.where(ok, 1.0, 0.0)
    converged = False
    for _ in range(iters):
        denom = np.zeros(K)
        for g, ids, _sh in tables:
            tot = s[ids].sum()
            if tot > 0:
                np.add.at(denom, ids, g / tot)
        new = np.where(ok & (denom > 0), wins / np.maximum(denom, 1e-300), s)
        new[ok] /= np.exp(np.mean(np.log(new[ok])))
        done = np.max(np.abs(np.log(new[ok]) - np.log(s[ok]))) < tol if ok.any() else True
        s = new
        if done:
            converged = True
            break
    # observed information of theta = log s (labels that won): sum over tables of
    # g * (diag(p) - p p^T), by label
    idx = np.flatnonzero(ok)
    M = len(idx)
    pos = np.full(K, -1)
    pos[idx] = np.arange(M)
    info = np.zeros((M, M))
    for g, ids, _sh in tables:
        tot = s[ids].sum()
        if tot <= 0:
            continue
        P = np.zeros(M)
        keep = ok[ids]
        np.add.at(P, pos[ids[keep]], s[ids[keep]] / tot)
        info += g * (np.diag(P) - np.outer(P, P))
    se = np.full(K, np.nan)
    if M:
        # the sum-to-zero constraint: invert on the subspace orthogonal to the all-ones vector
        C = np.eye(M) - 1.0 / M
        cov = C @ np.linalg.pinv(C @ info @ C) @ C
        se[idx] = np.sqrt(np.maximum(np.diag(cov), 0.0))
    with np.errstate(divide="ignore"):
        theta = np.where(ok, np.log(np.where(ok, s, 1.0)), np.nan)
    out = pd.DataFrame(dict(label=labels, strength=s, log_strength=theta, se=se,
                            ci_low=np.exp(theta - 1.96 * se), ci_high=np.exp(theta + 1.96 * se),
                            wins=wins, player_games=appear)).sort_values("strength", ascending=False,
                                                                         ignore_index=True)
    out.attrs["converged"] = converged
    return out
