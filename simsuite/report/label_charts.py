"""The report's charts of labels and strategies: head to head, strength, rankings, contributions,
robustness to the strategy, and the label overview (the effect and metric charts: charts.py)."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from .charts import hbars, new_figure, percent_axis
from .common import MAX_PANELS, label_name, players_at, ranking_fair


def _h2h_matrix(h2h: pd.DataFrame, kind: str, players: int) -> pd.DataFrame:
    """A's win share in the games where B sits at the table, pooled over the cells (long form)."""
    d = h2h[(h2h["kind"] == kind) & (h2h["players"] == players)]
    if d.empty:
        return d
    d = d.assign(share_n=d["win_share"] * d["n"])
    m = d.groupby(["a", "b"]).agg(share_n=("share_n", "sum"), n=("n", "sum")).reset_index()
    m["share"] = m["share_n"] / m["n"]
    return m


def h2h_constant(h2h: pd.DataFrame, kind: str, players: int) -> bool:
    """Every row of the head-to-head matrix is constant: each label met every other in every game
    (a rotating line-up that seats all of them), so "A when B plays" is A's overall share."""
    m = _h2h_matrix(h2h, kind, players)
    if m.empty:
        return False
    spread = m.groupby("a")["share"].agg(lambda v: v.max() - v.min())
    return bool((spread < 1e-9).all())


def chart_h2h(h2h: pd.DataFrame, kind: str, players: int, path: Path, where: str = "") -> bool:
    m = _h2h_matrix(h2h, kind, players)
    if m.empty or h2h_constant(h2h, kind, players):
        return False
    # strongest first (A's overall win share in these games), so the matrix reads top-left to bottom-right
    overall = m.groupby("a")["share_n"].sum() / m.groupby("a")["n"].sum()
    labels = sorted(set(m["a"]) | set(m["b"]), key=lambda x: (-overall.get(x, 0.0), x))
    M = m.pivot(index="a", columns="b", values="share").reindex(index=labels, columns=labels)
    from matplotlib.figure import Figure

    k = len(labels)
    fig = Figure(figsize=(max(4.5, 0.45 * k + 2.5), max(3.8, 0.4 * k + 1.8)))
    ax = fig.subplots()
    fair = 1.0 / players
    span = max(float(np.nanmax(np.abs(M.values - fair))), 1e-3)
    from matplotlib.colors import TwoSlopeNorm

    # white at the fair share; shares cannot go below 0
    im = ax.imshow(M.values, cmap="RdBu_r", norm=TwoSlopeNorm(fair, max(0.0, fair - span), fair + span))
    ax.set_xticks(range(k), labels, rotation=60, ha="right", fontsize=8)
    ax.set_yticks(range(k), labels, fontsize=8)
    ax.set_xlabel(f"{kind} B at the table")
    ax.set_ylabel(f"{kind} A")
    if k <= 12:
        for i in range(k):
            for j in range(k):
                v = M.values[i, j]
                if np.isfinite(v):  # white on the dark ends of the scale, so every number stays legible
                    dark = abs(v - fair) > 0.6 * span
                    ax.text(j, i, f"{100 * v:.0f}", ha="center", va="center", fontsize=8 if k <= 8 else 7,
                            color="white" if dark else "black")
    cb = fig.colorbar(im, ax=ax, label=f"win share of A (fair {100 * fair:.1f}%)")
    percent_axis(cb.ax.yaxis)
    # a figure title: an axes title would run under the colour bar's top label
    fig.suptitle(f"Head to head, {players_at(players, where)}: A's win share (%) when B plays", fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    return True


def chart_strength(rank: pd.DataFrame, kind: str, players: int, path: Path, where: str = "") -> bool:
    if rank.empty or "strength" not in rank:
        return False
    from matplotlib.figure import Figure

    r = rank[np.isfinite(rank["strength_ci_low"])].sort_values("strength")  # only finite, converged estimates
    if r.empty:
        return False
    fig = Figure(figsize=(6.4, max(2.6, 0.32 * len(r) + 1.2)))
    ax = fig.subplots()
    y = np.arange(len(r))
    ax.errorbar(r["strength"], y, xerr=[r["strength"] - r["strength_ci_low"], r["strength_ci_high"] - r["strength"]],
                fmt="o", ms=4, capsize=4, elinewidth=1.5)
    ax.axvline(1.0, color="grey", ls="--", lw=1)
    # an interval under a dot's width cannot be seen: say so rather than leave the reader looking
    tiny = bool((np.log(r["strength_ci_high"] / r["strength_ci_low"]) < 0.03).all())
    ax.set_yticks(y, r[kind], fontsize=8)
    ax.set_xscale("log")
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    # plain numbers at 1-2-5 steps (a log axis alone shows 10^0 and little else)
    ax.xaxis.set_major_locator(LogLocator(subs=(1.0, 2.0, 5.0)))
    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
    ax.xaxis.set_minor_formatter(NullFormatter())
    lo, hi = float(r["strength_ci_low"].min()), float(r["strength_ci_high"].max())
    ax.set_xlim(min(lo, 1.0) / 1.3, max(hi, 1.0) * 1.3)
    ax.grid(axis="x", alpha=0.3)
    ax.set_xlabel("Plackett-Luce strength (log scale; dashed: the average, 1), 95% interval")
    ax.set_title(f"{label_name(kind).capitalize()} strength, {players_at(players, where)}", fontsize=10)
    fig.text(0.01, 0.005, "Method: a label wins a table with probability its strength / the sum of the\n"
             "table's strengths (Plackett-Luce), fitted from every table composition."
             + (" The 95% intervals are narrower than the dots." if tiny else ""), fontsize=7, color="0.3",
             va="bottom")
    fig.tight_layout(rect=(0, 0.07, 1, 1))
    fig.savefig(path, dpi=110)
    return True


def chart_ranking(rank: pd.DataFrame, kind: str, players: int, path: Path, by: str | None = None,
                   where: str = "") -> bool:
    """Win share per label, best on top, with 95% intervals and the fair share marked (`by`: the
    strategy every seat played, named in the title)."""
    if len(rank) < 2:
        return False
    from matplotlib.figure import Figure

    r = rank.iloc[::-1]
    fig = Figure(figsize=(6.8, max(2.6, 0.3 * len(r) + 1.3)))
    ax = fig.subplots()
    y = np.arange(len(r))
    colors = ["C3" if v == "above fair" else "C0" if v == "below fair" else "0.45" for v in r["verdict"]]
    hbars(ax, r["win_share"].to_numpy(), y, (r["win_share"] - r["share_ci_low"]).to_numpy(),
           (r["share_ci_high"] - r["win_share"]).to_numpy(), colors)
    fair = ranking_fair(rank, players)
    ax.axvline(fair, color="k", ls="--", lw=1, label=f"fair share {100 * fair:.1f}%" if abs(fair - 1 / players) > 5e-4
               else f"fair share 1/{players}")
    ax.set_yticks(y, r[kind], fontsize=8)
    ax.set_xlabel("win share (a win shared by k players counts 1/k to each), 95% interval")
    percent_axis(ax.xaxis)
    ax.scatter([], [], c="C3", s=18, label="above fair (Holm)")
    ax.scatter([], [], c="C0", s=18, label="below fair (Holm)")
    ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.12 if len(r) > 12 else -0.2), ncols=3,
              frameon=False)  # below the axis, never over the points
    ax.grid(axis="x", alpha=0.3)
    ax.set_title(f"{label_name(kind).capitalize()} win share, {players_at(players, where)}"
                 + (f", bots playing {by}" if by else ""), fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    return True


def chart_contribution(con: pd.DataFrame, base: str, players: int, path: Path, where: str = "") -> bool:
    if con.empty:
        return False
    from matplotlib.figure import Figure

    r = con.iloc[::-1]
    fig = Figure(figsize=(6.8, max(2.6, 0.3 * len(r) + 1.3)))
    ax = fig.subplots()
    y = np.arange(len(r))
    colors = ["C2" if v == "power helps" else "C3" if v == "power hurts" else "0.45" for v in r["verdict"]]
    x = 100 * r["contribution"]
    ax.barh(y, x, color=colors, alpha=0.35)
    hbars(ax, x.to_numpy(), y, (x - 100 * r["ci_low"]).to_numpy(), (100 * r["ci_high"] - x).to_numpy(), colors)
    ax.axvline(0, color="k", lw=1)
    ax.set_yticks(y, r["label"], fontsize=8)
    ax.set_xlabel("win share with the power minus without it (percentage points, 95% interval)")
    ax.grid(axis="x", alpha=0.3)
    ax.set_title(f"What each {base} power is worth, {players_at(players, where)} (vs the control, power off)", fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    return True


def chart_robustness(by: dict[str, pd.DataFrame], strategies: list[str], labels: list[str], kind: str,
                      players: int, fairs: dict[str, float], path: Path, where: str = "") -> bool:
    """Win share per label (best under the first strategy on top) with one dot and 95% interval per
    strategy side by side; filled dots differ from the fair share (Holm), hollow ones do not."""
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D

    k, m = len(labels), len(strategies)
    fig = Figure(figsize=(7.6, max(3.0, 0.22 * k * m + 1.8)), layout="constrained")
    ax = fig.subplots()
    y = np.arange(k)[::-1].astype(float)  # first label on top
    step = 0.8 / m
    handles = []
    for i, x in enumerate(strategies):
        r = by[x]
        yy = y + 0.4 - step * (i + 0.5)
        v = 100 * r["win_share"].to_numpy()
        err = [v - 100 * r["share_ci_low"].to_numpy(), 100 * r["share_ci_high"].to_numpy() - v]
        color = f"C{i % 10}"
        ax.errorbar(v, yy, xerr=err, fmt="none", ecolor=color, capsize=2, lw=1.2, zorder=2)
        sig = (r["verdict"] != "").to_numpy()
        ax.scatter(v[sig], yy[sig], s=26, color=color, zorder=3)
        ax.scatter(v[~sig], yy[~sig], s=26, facecolor="white", edgecolor=color, zorder=3)
        handles.append(Line2D([], [], color=color, marker="o", lw=1.2, label=f"under {x}"))
    if max(fairs.values()) - min(fairs.values()) < 5e-4:  # one fair share
        fair = fairs[strategies[0]]
        ax.axvline(100 * fair, color="k", ls="--", lw=1)
        handles.append(Line2D([], [], color="k", ls="--", lw=1, label=f"fair share {100 * fair:.1f}%"))
    else:  # games without a winner: each strategy's own
        for i, x in enumerate(strategies):
            ax.axvline(100 * fairs[x], color=f"C{i % 10}", ls="--", lw=1)
            handles.append(Line2D([], [], color=f"C{i % 10}", ls="--", lw=1,
                                  label=f"fair share under {x} {100 * fairs[x]:.1f}%"))
    handles.append(Line2D([], [], color="0.3", marker="o", ls="none", label="filled: differs from fair (Holm)"))
    handles.append(Line2D([], [], color="0.3", marker="o", ls="none", markerfacecolor="white",
                          label="hollow: not distinguishable"))
    ax.set_yticks(y, labels, fontsize=8)
    ax.set_ylim(-0.6, k - 0.4)
    for b in y[:-1]:
        ax.axhline(b - 0.5, color="0.92", lw=0.8, zorder=0)
    from matplotlib.ticker import PercentFormatter

    ax.xaxis.set_major_formatter(PercentFormatter(decimals=0))
    ax.set_xlabel("win share (a win shared by k players counts 1/k to each), 95% interval")
    ax.grid(axis="x", alpha=0.3)
    ax.set_title(f"{label_name(kind).capitalize()} win share under each strategy, {players_at(players, where)}",
                 fontsize=10)
    fig.legend(handles=handles, loc="outside lower center", ncols=min(3, len(handles)), fontsize=8, frameon=False)
    fig.savefig(path, dpi=110)
    return True


def chart_label_overview(by_key: dict, kind: str, path: Path, focus: list[str] = ()) -> bool:
    """The label ranking at a glance: one panel per player count (and split value), every label
    with its win share and 95% interval under each strategy that ranked it (a dot per strategy,
    best under the first strategy on top), the fair share dashed; filled dots differ from fair
    (Holm), hollow ones do not. `by_key`: (players, where) -> {strategy or "": ranking}. The
    `focus` labels (the page's question) are marked: a band across their row, their name bold."""
    from matplotlib.lines import Line2D

    panels = [(k, rs) for k, rs in by_key.items() if rs and len(next(iter(rs.values()))) >= 2]
    if not panels:
        return False
    panels = panels[:MAX_PANELS]
    k_max = max(len(next(iter(rs.values()))) for _, rs in panels)
    m_max = max(len(rs) for _, rs in panels)
    ncols = min(3, len(panels))
    fig, axes = new_figure(len(panels), ncols=ncols, w=5.4 if ncols > 1 else 7.6,
                        h=min(9.5, max(3.0, 0.13 * k_max * m_max + 0.16 * k_max + 1.0)))  # at most a screen
    strategies = list(dict.fromkeys(s for _, rs in panels for s in rs))
    colors = {s: f"C{i % 10}" for i, s in enumerate(strategies)}
    fairs = set()
    for ax, ((players, where), rs) in zip(axes, panels):
        first = next(iter(rs.values()))
        labels = list(first[kind])
        k, m = len(labels), len(rs)
        y = np.arange(k)[::-1].astype(float)
        step = 0.8 / m
        for i, (s, r) in enumerate(rs.items()):
            r = r.set_index(kind).reindex(labels)
            yy = y + 0.4 - step * (i + 0.5)
            v = 100 * r["win_share"].to_numpy(float)
            err = [v - 100 * r["share_ci_low"].to_numpy(float), 100 * r["share_ci_high"].to_numpy(float) - v]
            ax.errorbar(v, yy, xerr=err, fmt="none", ecolor=colors[s], capsize=2, lw=1.1, zorder=2)
            sig = (r["verdict"].fillna("") != "").to_numpy() if "verdict" in r else np.zeros(k, bool)
            ax.scatter(v[sig], yy[sig], s=20, color=colors[s], zorder=3)
            ax.scatter(v[~sig], yy[~sig], s=20, facecolor="white", edgecolor=colors[s], zorder=3)
            fair = ranking_fair(r.reset_index(), players)
            fairs.add(round(fair, 4))
            ax.axvline(100 * fair, color=colors[s] if m > 1 and len({round(ranking_fair(x, players), 4)
                                                                     for x in rs.values()}) > 1 else "k",
                       ls="--", lw=1)
        ax.set_yticks(y, labels, fontsize=8)
        asked = set(map(str, focus))
        for yi, lab, tick in zip(y, labels, ax.get_yticklabels()):
            if str(lab) in asked:
                ax.axhspan(yi - 0.45, yi + 0.45, color="#ffd54f", alpha=0.45, zorder=0, lw=0)
                tick.set_fontweight("bold")
        ax.set_ylim(-0.6, k - 0.4)
        from matplotlib.ticker import PercentFormatter

        ax.xaxis.set_major_formatter(PercentFormatter(decimals=0))
        ax.grid(axis="x", alpha=0.3)
        ax.set_xlabel("win share, 95% interval", fontsize=9)
        ax.set_title(f"{players_at(players, where)} (fair {100 * ranking_fair(first, players):.1f}%)", fontsize=10)
    handles = [Line2D([], [], color=colors[s], marker="o", lw=1.1, label=f"bots playing {s}" if s else "win share")
               for s in strategies]
    handles += [Line2D([], [], color="k", ls="--", lw=1, label="fair share"),
                Line2D([], [], color="0.3", marker="o", ls="none", label="filled: differs from fair (Holm)"),
                Line2D([], [], color="0.3", marker="o", ls="none", markerfacecolor="white",
                       label="hollow: not distinguishable from fair")]
    fig.legend(handles=handles, loc="outside lower center", ncols=min(3, len(handles)), fontsize=8, frameon=False)
    fig.suptitle(f"{label_name(kind).capitalize()} win share (a win shared by k players counts 1/k to each), strongest on top")
    fig.savefig(path, dpi=100)
    return True
