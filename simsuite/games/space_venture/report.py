"""Amazing Space Venture's own report section: where each strategy's points come from:
score sources (planets, probes, stations, pirates, quests, bonuses) per strategy.

The figures come from the per-strategy game metrics of game.py (``spts__<strategy>__<source>``: the
points the seats of that strategy took from the source in a game, summed over its seats;
``seats__<strategy>``: how many seats it held), so a sweep needs no per-game records: each cell's
mean and 95% interval use the per-game variance (games are independent; seats of one game are not,
which is why the sum over a game's seats is the sampled quantity)."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from simsuite import __version__
from simsuite.analysis.inference import Z95
from simsuite.games.base import ReportKit

from . import api as A
from .columns import BY_STRAT_PREFIX, SEATS_PREFIX

SOURCES = A.SOURCE_NAMES
# colours per source, stacked in this order (planet-related first, end bonus last)
COLORS = {"sun": "#f2c14e", "planets": "#2a7fbf", "explorers": "#7fb8e6", "galaxies": "#8e5fbf",
          "open_probes": "#c9a8e8", "stations": "#2a9d6f", "pirates": "#c33d3d", "quests": "#e0883a",
          "bonus": "#888888"}


def _label(src: str) -> str:
    return src.replace("_", " ")


def source_table(cells: pd.DataFrame) -> pd.DataFrame:
    """One row per cell, strategy and source: mean points per seat of that strategy per game, its
    95% interval, and the source's share of the strategy's mean total. Strategies absent from a
    cell (no seats) are left out."""
    rows = []
    strategies = sorted({c[len(SEATS_PREFIX):-len("_mean")] for c in cells.columns
                         if c.startswith(SEATS_PREFIX) and c.endswith("_mean")})
    for _, r in cells.iterrows():
        for s in strategies:
            seats = r.get(f"{SEATS_PREFIX}{s}_mean")
            if seats is None or not np.isfinite(seats) or seats <= 0:
                continue
            # a fixed line-up rotated through the seats gives the strategy the same number of seats in
            # every game: per seat = per game / seats, exactly; otherwise it is a ratio of means
            fixed = r.get(f"{SEATS_PREFIX}{s}_min") == r.get(f"{SEATS_PREFIX}{s}_max")
            n = float(r["games"])
            means = {src: r[f"{BY_STRAT_PREFIX}{s}__{src}_mean"] / seats for src in SOURCES}
            total = sum(means.values())
            for src in SOURCES:
                half = Z95 * r[f"{BY_STRAT_PREFIX}{s}__{src}_sd"] / np.sqrt(n) / seats
                rows.append(dict(cell=int(r["cell"]), players=int(r["players"]), lineup=str(r["strategies"]),
                                 strategy=s, seats=seats, seats_fixed=bool(fixed), games=int(n), source=src,
                                 points=means[src], points_lo=means[src] - half, points_hi=means[src] + half,
                                 total=total, share=means[src] / total if total else np.nan))
    return pd.DataFrame(rows)


def chart_sources(t: pd.DataFrame, path: Path) -> bool:
    """Stacked bars: mean points per player per game from each source, one bar per cell and strategy
    (negative sources stack below zero), with the mean total written at the bar's end."""
    import matplotlib.pyplot as plt

    if t.empty:
        return False
    bars = t[["cell", "players", "lineup", "strategy"]].drop_duplicates().reset_index(drop=True)
    fig, ax = plt.subplots(figsize=(9, 0.42 * len(bars) + 2.0))
    y = np.arange(len(bars))[::-1]
    pos, neg = np.zeros(len(bars)), np.zeros(len(bars))
    for src in SOURCES:
        v = np.array([t[(t["cell"] == b.cell) & (t["strategy"] == b.strategy) & (t["source"] == src)]["points"].iloc[0]
                      for b in bars.itertuples()])
        left = np.where(v >= 0, pos, neg)
        ax.barh(y, v, left=left, color=COLORS[src], label=_label(src), edgecolor="white", linewidth=0.5)
        pos += np.where(v >= 0, v, 0)
        neg += np.where(v < 0, v, 0)
    totals = t.drop_duplicates(["cell", "strategy"])["total"].to_numpy()
    for yi, p, tot in zip(y, pos, totals):
        ax.text(p + 1, yi, f"{tot:.1f}", va="center", fontsize=8)
    ax.set_yticks(y, [f"{b.players}p, line-up {b.lineup}: {b.strategy}" for b in bars.itertuples()], fontsize=8)
    ax.axvline(0, color="k", lw=0.8)
    ax.set_xlabel("mean points per player per game, by source (number at the bar's end: the total)")
    ax.set_title("Where each strategy's points come from (players, line-up: strategy)", fontsize=10)
    ax.set_xlim(min(0, neg.min() * 1.1), pos.max() * 1.12)
    ax.legend(ncol=5, fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.08 - 0.5 / max(len(bars), 1)),
              frameon=False)
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def headline(t: pd.DataFrame) -> list[str]:
    """One sentence: for each strategy, its largest source as a share of its points, at the largest
    table where it plays, in the cell where it has most seats (basic alone before basic among others)."""
    if t.empty:
        return []
    parts = []
    for s in sorted(t["strategy"].unique(), key=lambda x: (x != "basic", x)):
        d = t[t["strategy"] == s]
        d = d[d["players"] == d["players"].max()]
        d = d[d["seats"] == d["seats"].max()]
        d = d[d["cell"] == d["cell"].min()]
        top = d.loc[d["points"].idxmax()]
        if not np.isfinite(top["share"]) or top["total"] <= 0:
            continue
        parts.append(f"{s} scores {top['share'] * 100:.0f}% of its points from {_label(top['source'])} "
                     f"({top['points']:.1f} of {top['total']:.1f} per player per game, {int(top['players'])} "
                     f"players, line-up {top['lineup']})")
    if not parts:
        return []
    return ["Score sources (how these bots score, not what the rules make each source worth): "
            + "; ".join(parts) + ". Tile faces and most card values are assumed."]


def score_sources_section(res: dict, out_dir: Path, kit: ReportKit) -> tuple[str, list[str], list[tuple[str, str]]]:
    cells = res["cells"]
    if not len(cells) or not any(c.startswith(BY_STRAT_PREFIX) for c in cells.columns):
        return "", [], []
    t = source_table(cells)
    if t.empty:
        return "", [], []
    t.assign(seed=";".join(sorted({str(x) for x in cells["seed"]})), simsuite_version=__version__).to_csv(
        out_dir / "score_sources.csv", index=False)
    path = out_dir / "score_sources.png"
    charts, fig = [], ""
    if chart_sources(t, path):
        charts.append(str(path))
        fig = "<figure><img src='score_sources.png' alt='points by source per strategy'></figure>"
    wide = t.assign(v=[f"{p:.2f} ({lo:.2f}, {hi:.2f})" for p, lo, hi in zip(t["points"], t["points_lo"], t["points_hi"])])
    show = wide.pivot_table(index=["players", "lineup", "strategy", "games"], columns="source", values="v",
                            aggfunc="first", sort=False)[list(SOURCES)].reset_index()
    totals = t.drop_duplicates(["cell", "strategy"])
    show["total"] = [f"{v:.1f}" for v in totals["total"]]
    show.columns = [_label(str(c)) for c in show.columns]
    uneven = t[~t["seats_fixed"]]
    note_uneven = ("" if uneven.empty else
                   "<p class='warn'>In some cells a strategy held a different number of seats from game to game: "
                   "there the per-player figure is a ratio of means and its interval is approximate.</p>")
    heads = [(h, "score-sources") for h in headline(t)]
    html_ = ("<h2 id='score-sources'>Score sources per strategy</h2>"
             "<p class='note'>Mean <b>points per player per game</b> from each source, for the seats each strategy "
             "held (summed over its seats in a game, then divided by its seats per game), per cell; in brackets "
             "the 95% interval from the per-game variance. The chart stacks the same means in points (not "
             "percent); a negative source (e.g. a planet discovered with a negative card) stacks left of zero. "
             "<b>These sources reflect how the bots play</b>: <code>basic</code> places tiles and pieces by "
             "fixed heuristic weights and <code>random</code> uniformly, so a source's share says what these "
             "bots earn from it, not what the rules make it worth to a good player. The tile faces and most card "
             "values are assumed (configs/space_venture/).</p>"
             + fig + note_uneven + "<details><summary>The points per source as a table (95% intervals)</summary><div class='scroll'>"
             + kit.table(show) + "</div></details>"
             + "<p class='muted'>Table as CSV (long form, with shares of each strategy's total): "
               "<a href='score_sources.csv'>score_sources.csv</a></p>")
    return html_, charts, heads


# this section adds to the generic seat and strategy rankings, it does not replace them
score_sources_section.replaces_rankings = False
# what a strategy scores from depends on how the bots play: its sentence stands under bot skill
score_sources_section.headline_topic = "skill"
