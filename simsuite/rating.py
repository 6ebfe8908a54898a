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
    """Fit strengths; returns one row per label: strength (geometric mean 1), log_strength, se,
    95% interval of the strength, and the chance to win a 4-player table of average opponents."""
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
    s = np.ones(K)
    for _ in range(iters):
        denom = np.zeros(K)
        for g, ids, _sh in tables:
            np.add.at(denom, ids, g / s[ids].sum())
        new = np.where(denom > 0, np.maximum(wins, 1e-12) / np.maximum(denom, 1e-300), s)
        new /= np.exp(np.mean(np.log(new)))
        done = np.max(np.abs(np.log(new) - np.log(s))) < tol
        s = new
        if done:
            break
    # observed information of theta = log s: sum over tables of g * (diag(p) - p p^T), by label
    info = np.zeros((K, K))
    for g, ids, _sh in tables:
        p = s[ids] / s[ids].sum()
        P = np.zeros(K)
        np.add.at(P, ids, p)
        info += g * (np.diag(P) - np.outer(P, P))
    # the sum-to-zero constraint: invert on the subspace orthogonal to the all-ones vector
    C = np.eye(K) - 1.0 / K
    cov = C @ np.linalg.pinv(C @ info @ C) @ C
    se = np.sqrt(np.maximum(np.diag(cov), 0.0))
    theta = np.log(s)
    return pd.DataFrame(dict(label=labels, strength=s, log_strength=theta, se=se,
                             ci_low=np.exp(theta - 1.96 * se), ci_high=np.exp(theta + 1.96 * se),
                             wins=wins, player_games=appear)).sort_values("strength", ascending=False,
                                                                          ignore_index=True)
