"""The start player's edge per player count (and split value), and its verdict: the one function
that decides it, which the answer box, its table and the run summary quote.

The verdict reads two tests. The pooled one: the random-effects mean of the cells' edges
(inference.random_effects, modified Hartung-Knapp, no pre-test, as the folded turn-order sentence),
Holm over the groups: "start player ahead" / "behind". The per-cell one: each cell's start player
tested as the findings test every position of every cell (Bonferroni over all of them,
common.corrected_intervals), so that where a finding calls a cell a first-player advantage the
verdict is never "no edge found": it is "edge in some cells". Only where neither finds an edge is it
"no edge found", and the bound it quotes is the interval of the average over the cells measured
(every game of the group pooled), not the random-effects interval, which with two or three cells
mostly measures how little they say about other cells."""
from __future__ import annotations

import numpy as np
import pandas as pd

from ..analysis.inference import Z95, holm, random_effects
from .common import ALPHA, corrected_intervals

# the columns start_edges adds beside its grouping columns (any other column is a grouping one)
STAT_COLS = ("eff", "se", "fair", "share", "avg", "avg_se", "k", "up", "down", "word", "bound")


def share_se(g: pd.DataFrame) -> pd.Series:
    from_ci = (g["share_ci_high"] - g["share_ci_low"]) / (2 * Z95)
    return g["share_se"].fillna(from_ci) if "share_se" in g else from_ci


def pool(diff: np.ndarray, var: np.ndarray) -> tuple[float, float]:
    """The random-effects mean of the cells' edges, by the same method as the folded turn-order
    sentence (inference.random_effects), and a z-scale se: Z95 times it is that method's interval
    half-width, so the box's intervals and verdicts are the folded sentence's."""
    ok = np.isfinite(diff) & np.isfinite(var) & (var > 0)
    if not ok.any():
        return (float(np.nanmean(diff)) if len(diff) else float("nan")), float("nan")
    r = random_effects(diff[ok], var[ok])
    return float(r["mean"]), float(r["se"] * r["crit"] / Z95)


def cell_edges(groups: pd.DataFrame) -> pd.DataFrame:
    """The start player's row of every cell with whether the findings' per-cell test (every position
    of every cell, Bonferroni: findings.position_findings) finds its win share off fair."""
    pos = groups[groups["kind"] == "position"].dropna(subset=["win_share", "share_ci_low", "share_ci_high"])
    if pos.empty:
        return pos.assign(sig=pd.Series(dtype=bool))
    pos = corrected_intervals(pos, len(pos))
    return pos[pos["key"].astype(str) == "1"]


def start_edges(groups: pd.DataFrame, cells: pd.DataFrame, by: list[str]) -> pd.DataFrame:
    """Position 1's win share minus the fair share, pooled over the cells of each `by` group: eff,
    se (pool), fair (the mean fair share), share (fair + eff); avg and avg_se (the plain average of
    the cells' edges: the cells measured, variances adding), k cells, up / down (cells the
    per-cell test finds ahead / behind), word (the verdict: module doc) and bound (for "no edge
    found": |avg| + Z95 avg_se, the largest edge these games leave possible on average over
    the cells measured)."""
    if not len(groups) or "kind" not in groups:
        return pd.DataFrame()
    pos = groups[(groups["kind"] == "position") & (groups["key"].astype(str) == "1")]
    pos = pos.dropna(subset=["win_share", "fair_share"])
    if pos.empty:
        return pd.DataFrame()
    sig = cell_edges(groups)
    up = set(sig.loc[sig["sig"] & (sig["win_share"] > sig["fair_share"]), "cell"])
    down = set(sig.loc[sig["sig"] & (sig["win_share"] < sig["fair_share"]), "cell"])
    cols = [c for c in by if c in cells and c != "cell"]
    pos = pos.drop(columns=[c for c in cols if c in pos]).merge(cells[["cell", *cols]], on="cell")
    pos = pos.assign(_se=share_se(pos), _d=pos["win_share"] - pos["fair_share"])
    rows = []
    for key, d in (pos.groupby(cols) if cols else [((), pos)]):
        key = key if isinstance(key, tuple) else (key,)
        eff, se = pool(d["_d"].to_numpy(float), (d["_se"] ** 2).to_numpy(float))
        fair = float(d["fair_share"].mean())
        k = len(d)
        avg, avg_se = float(d["_d"].mean()), float(np.sqrt((d["_se"] ** 2).sum()) / k)
        rows.append({**dict(zip(cols, key)), "eff": eff, "se": se, "fair": fair, "share": fair + eff,
                     "avg": avg, "avg_se": avg_se, "k": k, "up": int(d["cell"].isin(up).sum()),
                     "down": int(d["cell"].isin(down).sum()), "bound": abs(avg) + Z95 * avg_se})
    e = pd.DataFrame(rows)
    e["word"] = edge_words(e)
    return e


def edge_words(edges: pd.DataFrame) -> list[str]:
    """Each row's verdict (the module doc): the pooled edge against zero, Holm over the rows (the
    player counts), then the per-cell test where the rows carry its counts (up, down)."""
    from scipy.stats import norm

    if "word" in edges:
        return list(edges["word"])
    z = (edges["eff"] / edges["se"]).to_numpy(float)
    ok = np.isfinite(z)
    adj = np.ones(len(z))
    if ok.any():
        adj[ok] = holm(2 * norm.sf(np.abs(z[ok])))
    some = ((edges["up"] + edges["down"]) > 0).to_numpy() if "up" in edges else np.zeros(len(z), bool)
    return [("start player ahead" if e > 0 else "start player behind") if a < ALPHA
            else "edge in some cells" if s else "no edge found"
            for e, a, s in zip(edges["eff"].to_numpy(float), adj, some)]
