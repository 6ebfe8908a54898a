"""The report's PNG charts (matplotlib, object API: no global state, safe in threads)."""
from __future__ import annotations

import math
import textwrap
from pathlib import Path

import numpy as np
import pandas as pd

from .common import DATA_EXT, MAX_PANELS, facet_series, fmt_value, pooled_sd


def new_figure(n_panels: int, ncols: int = 3, w: float = 4.6, h: float = 3.4):
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    ncols = max(1, min(ncols, n_panels))
    nrows = math.ceil(n_panels / ncols)
    fig = Figure(figsize=(w * ncols, h * nrows + 0.5), layout="constrained")
    FigureCanvasAgg(fig)
    axes = fig.subplots(nrows, ncols, squeeze=False).ravel()
    for ax in axes[n_panels:]:
        ax.set_visible(False)
    return fig, axes


def _xcoords(d: pd.DataFrame, lay: dict, cat: dict):
    return d[lay["x"]].astype(float).to_numpy() if lay["x"] else d["cell"].map(cat).to_numpy(float)


def _dodge(d: pd.DataFrame, lay: dict) -> float:
    """Horizontal offset between series, so equal points with error bars stay visible."""
    if not lay["x"]:
        return 0.08
    v = np.unique(d[lay["x"]].astype(float))
    return 0.04 * np.diff(v).min() if len(v) > 1 else 0.0


def percent_axis(axis) -> None:
    """Tick labels as percentages (the values are shares, 0..1)."""
    from matplotlib.ticker import FuncFormatter

    # as many digits as the tick needs (12.5%, 33.3%, 40%): a fixed count rounds 12.5 to 13
    axis.set_major_formatter(FuncFormatter(lambda v, _: f"{100 * v:.3g}%"))


def _fig_legend(fig, axes, ncols: int = 6) -> None:
    """One legend for the whole figure, beside the panels at the top right (never over the data, and
    beside the first row rather than under the last of several); labels deduplicated. A figure of one
    row keeps it below, in columns, where a side legend would squeeze its panels."""
    seen = {}
    for ax in axes:
        if not ax.get_visible():
            continue
        for h, lab in zip(*ax.get_legend_handles_labels()):
            if lab and not lab.startswith("_"):
                seen.setdefault(lab, h)
    if not seen:
        return
    rows = {round(ax.get_subplotspec().rowspan.start) for ax in fig.axes
            if ax.get_visible() and ax.get_subplotspec() is not None}
    if len(rows) > 1:
        fig.legend(list(seen.values()), list(seen), loc="outside right upper", ncols=1, fontsize=8, frameon=False)
        return
    # no more columns than the figure is wide for (a narrow one-panel figure cut its legend off)
    ncols = min(ncols, len(seen), max(1, int(fig.get_figwidth() // 2.2)))
    fig.legend(list(seen.values()), list(seen), loc="outside lower center", ncols=ncols, fontsize=8, frameon=False)


def _mark_fair(ax, fair: float) -> None:
    """The fair share as a dashed line, named at its right end (no legend entry over the data)."""
    ax.axhline(fair, ls="--", color="0.4", lw=1)
    ax.annotate(f"fair {100 * fair:.1f}%", xy=(1.0, fair), xycoords=("axes fraction", "data"), xytext=(2, 0),
                textcoords="offset points", va="center", ha="left", fontsize=7, color="0.3")


def _panel_title(label: str, cells: pd.DataFrame) -> str:
    if label or "players" not in cells or cells["players"].nunique() != 1:
        return label
    return f"{fmt_value(cells['players'].iloc[0])} players"


def _tick_columns(cells: pd.DataFrame, lay: dict) -> list[str]:
    """The swept columns a categorical tick names: those the panel does not show already."""
    facets = [c for c in lay["facets"] if c in cells]
    kept = []
    for c in lay["varying"]:
        if c in facets or c not in cells:
            continue
        # a column that follows the panel or an earlier label (Cosmic's deck follows the edition) says
        # nothing more, and a long one runs into the next tick
        base = facets + kept
        if base and (cells.groupby(base)[c].nunique() <= 1).all():
            continue
        kept.append(c)
    return kept


def tick_labels(cells: pd.DataFrame, lay: dict) -> dict[int, str]:
    """Short per-cell labels for a categorical x axis: the values of the swept columns the panel does
    not show (the axis label names the columns), by name, not cell number; the cell number only
    where two cells would read the same."""
    kept = _tick_columns(cells, lay)
    out = {}
    for _, r in cells.iterrows():
        # a data file by its name (the header lists the full paths): a path would run into the next tick
        parts = [Path(r[c]).name if isinstance(r[c], str) and r[c].lower().endswith(DATA_EXT) else
                 fmt_value(r[c]) if isinstance(r[c], str) or len(kept) == 1 else f"{c} {fmt_value(r[c])}"
                 for c in kept]
        # wrap at commas and spaces only: a name is never broken mid-word
        out[int(r["cell"])] = "\n".join(
            textwrap.fill(p.replace(",", ", "), 16, break_long_words=False, break_on_hyphens=False).replace(", ", ",")
            for p in parts) or f"cell {int(r['cell'])}"
    # two cells that read the same within one panel get their numbers (across panels they may repeat)
    facets = [c for c in lay["facets"] if c in cells]
    panel = (cells[facets].astype(str).agg("|".join, axis=1) if facets else pd.Series("", index=cells.index))
    key = pd.Series([f"{p}\x00{out[int(c)]}" for p, c in zip(panel, cells["cell"])])
    counts = key.value_counts()
    return {int(c): (out[int(c)] if counts[k] == 1 else f"{out[int(c)]}\n(cell {int(c)})")
            for c, k in zip(cells["cell"], key)}


def _width(cells: pd.DataFrame, lay: dict) -> float:
    """Panel width: a categorical x axis needs room for one label per cell."""
    return 4.6 if lay["x"] else float(np.clip(1.1 * len(cells), 4.6, 16))


def _set_xaxis(ax, lay: dict, cat: dict, labels: dict, cells=None):
    """The x axis: the swept numeric parameter, or one tick per cell (only `cells`, the panel's own,
    when given: a per-player-count panel shows only that player count's cells)."""
    if lay["x"]:
        ax.set_xlabel(lay["x"])
        if len(lay["x_values"]) <= 12:
            ax.set_xticks(lay["x_values"], [fmt_value(v) for v in lay["x_values"]])
    else:
        ticks = sorted(((c, v) for c, v in cat.items() if cells is None or c in cells), key=lambda kv: kv[1])
        if len(ticks) > MAX_CATEGORIES:  # too many for words: cell numbers only (the cells table names them)
            ax.set_xticks([v for _, v in ticks], [str(c) for c, _ in ticks], fontsize=6, rotation=90)
            ax.set_xlabel("cell (see the cells table)")
            return
        names = [labels[c] for c, _ in ticks]
        # labels that would run into each other are slanted
        wide = max((len(line) for t in names for line in t.split("\n")), default=0)
        slant = len(names) * wide * 0.07 > ax.get_position().width * ax.figure.get_figwidth() * 1.6
        ax.set_xticks([v for _, v in ticks], names, fontsize=7, rotation=30 if slant else 0,
                      ha="right" if slant else "center", rotation_mode="anchor" if slant else "default")
        ax.set_xlabel(", ".join(c for c in lay["varying"] if c not in lay["facets"]) or "cell")


def _share_err(d: pd.DataFrame):
    return d["win_share"] - d["share_ci_low"], d["share_ci_high"] - d["win_share"]


MAX_CATEGORIES = 16  # more cells than this on a categorical axis are pooled (or shown by number only)


def _pool_keys(d: pd.DataFrame) -> pd.DataFrame:
    """Per key over cells: win share weighted by player-games, with the interval of the pooled mean
    (the cells are independent: variances add)."""
    se = (d["share_ci_high"] - d["share_ci_low"]) / (2 * 1.959963984540054)
    d = d.assign(_sn=d["win_share"] * d["n"], _v=(se * d["n"]) ** 2, _fn=d["fair_share"] * d["n"])
    g = d.groupby("key").agg(n=("n", "sum"), _sn=("_sn", "sum"), _v=("_v", "sum"), _fn=("_fn", "sum"),
                             cells=("cell", "nunique")).reset_index()
    g["win_share"] = g["_sn"] / g["n"]
    h = 1.959963984540054 * np.sqrt(g["_v"]) / g["n"]
    return g.assign(share_ci_low=g["win_share"] - h, share_ci_high=g["win_share"] + h, fair_share=g["_fn"] / g["n"],
                    cell=-1)


def chart_groups(groups, cells, lay, kind, title, path, labels) -> bool:
    """Win share per key (position, strategy) and cell with 95% intervals, a panel per facet."""
    g = groups[groups["kind"] == kind].dropna(subset=["win_share"])
    if kind == "strategy" and len(g):
        # a cell where every seat plays one strategy gives it exactly the fair share: a bar that says
        # nothing, so only the cells that mix strategies are drawn
        g = g[g.groupby("cell")["key"].transform("nunique") > 1]
    if g.empty:
        return False
    split = [a for a in lay.get("split", []) if a in cells]
    cols = ["cell"] + [c for c in dict.fromkeys([lay["x"], *lay["facets"], *split]) if c and c not in g]
    g = g.merge(cells[cols], on="cell")
    facets = [c for c in lay["facets"] if c in g]
    panels = list(facet_series(g, facets))
    if lay["x"] is None and split and any(d["cell"].nunique() > MAX_CATEGORIES for _, d in panels):
        # too many cells: the bars pool a panel's cells, so a panel per value of a split axis (never
        # pooled over, Game.split_axes)
        panels = list(facet_series(g, facets + [a for a in split if a not in facets]))
    panels = panels[:MAX_PANELS]
    all_pooled = lay["x"] is None and all(d["cell"].nunique() > MAX_CATEGORIES for _, d in panels)
    # room for the cells of the widest panel, not for every cell of the sweep in each panel
    per = max(d["cell"].nunique() for _, d in panels)
    w = 6.0 if all_pooled else (4.6 if lay["x"] else float(np.clip(1.1 * per, 4.6, 16)))
    fig, axes = new_figure(len(panels), ncols=1 if w > 8 else 3, w=w)  # wide panels stacked: a page's width
    keys = sorted(g["key"].unique(), key=lambda k: (0, int(k)) if str(k).isdigit() else (1, str(k)))
    colors = {k: f"C{i % 10}" for i, k in enumerate(keys)}
    name = (lambda k: f"position {k}" + (" (start)" if k == "1" else "")) if kind == "position" else str
    for ax, (plabel, d) in zip(axes, panels):
        cat = {c: i for i, c in enumerate(sorted(d["cell"].unique()))}  # this panel's cells only
        pooled = lay["x"] is None and d["cell"].nunique() > MAX_CATEGORIES
        if pooled:  # too many cells to tell apart: one bar per key, pooled over the panel's cells
            d = _pool_keys(d)
            plabel = f"{plabel + ', ' if plabel else ''}pooled over {int(d['cells'].iloc[0])} cells"
        if pooled or d["cell"].nunique() == 1:  # one cell: a bar per key
            d = d.set_index("key").loc[[k for k in keys if k in set(d["key"])]].reset_index()
            lo, hi = _share_err(d)
            ax.bar(range(len(d)), d["win_share"], yerr=[lo, hi], capsize=4,
                   color=[colors[k] for k in d["key"]], alpha=0.85)
            ax.set_xticks(range(len(d)), [name(k) for k in d["key"]], rotation=20, ha="right", fontsize=8)
        else:
            numeric = lay["x"] is not None
            dodge = _dodge(d, lay)
            ks = [k for k in keys if k in set(d["key"])]
            for i, k in enumerate(ks):
                dk = d[d["key"] == k].sort_values(lay["x"] or "cell")
                lo, hi = _share_err(dk)
                xs = _xcoords(dk, lay, cat) + dodge * (i - (len(ks) - 1) / 2)
                ax.errorbar(xs, dk["win_share"], yerr=[lo, hi], marker="o", ms=4, capsize=3,
                            ls="-" if numeric else "none", color=colors[k], label=name(k))
            _set_xaxis(ax, lay, cat, labels, set(cat))
        for fair in sorted(d["fair_share"].round(4).unique()):
            _mark_fair(ax, fair)
        percent_axis(ax.yaxis)
        ax.set_ylabel("win share (shared wins split)")
        ax.set_title(_panel_title(plabel, cells), fontsize=10)
        ax.grid(alpha=0.3)
    _fig_legend(fig, axes)  # bars of a one-cell panel carry their names as ticks, lines get a legend
    fig.suptitle(f"{title} with 95% intervals")
    fig.savefig(path, dpi=100)
    return True


def _metric_panel(ax, df, lay, cat, labels, ylabel):
    """df: cell, y, lo, hi plus layout columns; one line per facet combination."""
    numeric = lay["x"] is not None
    series = list(facet_series(df, [c for c in lay["facets"] if c in df]))
    for i, (label, d) in enumerate(series):
        d = d.sort_values(lay["x"] or "cell")
        yerr = [d["y"] - d["lo"], d["hi"] - d["y"]]
        if numeric:
            xs = _xcoords(d, lay, cat) + _dodge(df, lay) * (i - (len(series) - 1) / 2)
            ax.errorbar(xs, d["y"], yerr=yerr, marker="o", ms=4, capsize=3, ls="-" if len(d) > 1 else "none",
                        label=label or None, color=f"C{i % 10}")
        else:  # a bar per cell; each cell is in exactly one series
            ax.bar(_xcoords(d, lay, cat), d["y"], yerr=yerr, capsize=4, width=0.6, alpha=0.85,
                   label=label or None, color=f"C{i % 10}")
    _set_xaxis(ax, lay, cat, labels)
    ax.set_ylabel(ylabel)
    ax.grid(alpha=0.3)


def _metric_frame(cells, metric):
    return cells.assign(y=cells[f"{metric}_mean"], lo=cells[f"{metric}_ci_low"], hi=cells[f"{metric}_ci_high"])


def chart_spread_margin(cells, groups, lay, path, labels, metrics=()) -> bool:
    """The final-score spread (sd of a player's final score) and, beside it, the metrics a game
    declares with chart="beside_spread" (e.g. a winning margin): how close the games are."""
    pos = groups[groups["kind"] == "position"] if len(groups) else groups
    have_sd = bool(len(pos)) and "score_sd" in pos
    beside = [m for m in metrics if m.chart == "beside_spread" and f"{m.name}_mean" in cells]
    if not (have_sd or beside) or len(cells) < 2:  # one cell: one bar says nothing a table does not
        return False
    if _too_many_cells(cells, lay):  # a bar per cell would be illegible: the extremes, labelled
        frames = ([("Final-score spread", "sd of a player's final score", pooled_sd(pos).merge(cells, on="cell"))]
                  if have_sd else [])
        frames += [(m.title or m.label.capitalize(), m.label, _metric_frame(cells, m.name)) for m in beside]
        fig, axes = new_figure(len(frames), ncols=2, w=6.2, h=0.24 * 2 * TOP_N + 1.2)
        for ax, (title, ylabel, d) in zip(axes, frames):
            _extremes_panel(ax, d, labels, ylabel, title)
        fig.savefig(path, dpi=100)
        return True
    fig, axes = new_figure(int(have_sd) + len(beside), ncols=2, w=_width(cells, lay))
    cat = {c: i for i, c in enumerate(sorted(cells["cell"]))}
    axes = list(axes)
    if have_sd:
        ax = axes.pop(0)
        _metric_panel(ax, pooled_sd(pos).merge(cells, on="cell"), lay, cat, labels, "sd of a player's final score")
        ax.set_title("Final-score spread", fontsize=10)
    for m in beside:
        ax = axes.pop(0)
        _metric_panel(ax, _metric_frame(cells, m.name), lay, cat, labels, m.label)
        ax.set_title(m.title or f"{m.label.capitalize()} (mean, 95% CI)", fontsize=10)
    _fig_legend(fig, fig.axes)
    fig.savefig(path, dpi=100)
    return True


def chart_metric(cells, lay, path, labels, m) -> bool:
    """A metric's mean per cell with its 95% interval (a game's Metric with chart="own")."""
    if f"{m.name}_mean" not in cells or len(cells) < 2:  # one bar: the cells table says it
        return False
    if _too_many_cells(cells, lay):
        fig, (ax,) = new_figure(1, w=7.5, h=0.24 * 2 * TOP_N + 1.2)
        _extremes_panel(ax, _metric_frame(cells, m.name), labels, m.label, m.title or m.label.capitalize())
        fig.savefig(path, dpi=100)
        return True
    fig, (ax,) = new_figure(1, w=max(6.4, _width(cells, lay)), h=4.0)
    cat = {c: i for i, c in enumerate(sorted(cells["cell"]))}
    _metric_panel(ax, _metric_frame(cells, m.name), lay, cat, labels, m.label)
    ax.set_title(m.title or f"{m.label.capitalize()} (mean, 95% CI)", fontsize=10)
    _fig_legend(fig, [ax])
    fig.savefig(path, dpi=100)
    return True


def chart_dist(cells, hists, lay, path, labels, m) -> bool:
    """A metric's distribution per cell from its exact histogram (a Metric with dist=True)."""
    h = hists[hists["metric"] == m.name] if len(hists) else hists
    if h.empty:
        return False
    from matplotlib import colormaps
    from matplotlib.cm import ScalarMappable
    from matplotlib.colors import Normalize

    x = lay["x"]
    facets = [c for c in lay["facets"] if c in cells]
    panels = list(facet_series(cells, facets))[:MAX_PANELS]
    fig, axes = new_figure(len(panels))
    xs = cells[x].astype(float) if x else None
    norm = Normalize(xs.min(), xs.max()) if x and xs.nunique() > 1 else None
    cmap = colormaps["viridis"]
    spaghetti = False
    for ax, (plabel, d) in zip(axes, panels):
        d = d.sort_values(x or "cell")
        if norm is None and len(d) > 8:
            # more unlabelled lines than a reader can tell apart: every cell pooled (black), and the
            # cells with the shortest and the longest mean, named
            spaghetti = True
            _dist_summary(ax, d, h, m, labels)
            ax.set_title(_panel_title(plabel, cells), fontsize=10)
            continue
        for i, (_, r) in enumerate(d.iterrows()):
            hc = h[h["cell"] == r["cell"]]
            if hc.empty:
                continue
            v = np.arange(int(hc["value"].min()), int(hc["value"].max()) + 1)
            counts = hc.groupby("value")["count"].sum().reindex(v, fill_value=0).to_numpy(float)
            p = counts / counts.sum()
            color = cmap(norm(float(r[x]))) if norm else f"C{i % 10}"
            lab = f"{x} {fmt_value(r[x])}" if x else labels[int(r["cell"])]
            # pad with zeros so the step closes at both ends
            ax.step(np.r_[v[0] - 1, v, v[-1] + 1], np.r_[0, p, 0], where="mid", color=color, lw=1.2, label=lab)
        ax.set_xlabel(m.label)
        ax.set_ylabel("share of games")
        percent_axis(ax.yaxis)
        ax.set_title(_panel_title(plabel, cells), fontsize=10)
        ax.grid(alpha=0.3)
        if norm is not None and len(d) > 8:
            fig.colorbar(ScalarMappable(norm, cmap), ax=ax, label=x)
        elif 1 < len(d) <= 8 and not x:  # per-cell labels differ per panel; more lines than 8 cannot be told apart
            ax.legend(fontsize=7)
    if spaghetti:
        pass  # each panel names its own lines
    elif x and not (norm is not None and any(len(d) > 8 for _, d in panels)):  # else a colour bar per panel
        _fig_legend(fig, axes, ncols=8)
    fig.suptitle(m.title or f"Distribution of {m.label}")
    fig.savefig(path, dpi=100)
    return True


def _dist_summary(ax, d, h, m, labels) -> None:
    """One panel of a distribution chart with too many cells for a line each: the distribution of
    all the panel's cells together, and the two cells whose means are lowest and highest."""
    hc = h[h["cell"].isin(set(d["cell"]))]
    v = np.arange(int(hc["value"].min()), int(hc["value"].max()) + 1)

    def dist(cells_):
        c = hc[hc["cell"].isin(cells_)].groupby("value")["count"].sum().reindex(v, fill_value=0).to_numpy(float)
        return c / max(c.sum(), 1.0)

    means = {int(c): float((dist([c]) * v).sum()) for c in d["cell"]}
    lo, hi = min(means, key=means.get), max(means, key=means.get)
    for cells_, color, lw, lab in (([int(c) for c in d["cell"]], "k", 2.0, f"all {len(d)} cells together"),
                                   ([lo], "C0", 1.2, "shortest: " + " ".join(labels.get(lo, f"cell {lo}").split("\n"))),
                                   ([hi], "C3", 1.2, "longest: " + " ".join(labels.get(hi, f"cell {hi}").split("\n")))):
        p = dist(cells_)
        ax.step(np.r_[v[0] - 1, v, v[-1] + 1], np.r_[0, p, 0], where="mid", color=color, lw=lw, label=lab)
    ax.set_xlabel(m.label)
    ax.set_ylabel("share of games")
    percent_axis(ax.yaxis)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7, loc="upper right")


def hbars(ax, x, y, lo, hi, colors):
    """Points with horizontal 95% error bars, one colour per point."""
    for c in dict.fromkeys(colors):
        m = np.array([k == c for k in colors])
        ax.errorbar(x[m], y[m], xerr=[lo[m], hi[m]], fmt="o", ms=4, color=c, ecolor=c, capsize=3, zorder=3)


def effect_frames(cells, groups, lay, metrics):
    """What the effect chart draws: the x column, the series columns, and per panel (title, frame
    with x, series, y, lo, hi). The start player's edge comes first."""
    x = lay["x"] or ("players" if "players" in lay["varying"] else None)
    if x is None or cells[x].nunique() < 2:
        return None, [], []
    # a line per value of every other varying column (player count, line-up, split axis), so no line
    # zigzags between cells of different line-ups at one x
    series = [c for c in dict.fromkeys(["players", *lay.get("split", []), *lay["varying"]])
              if c != x and c in cells and 1 < cells[c].nunique() <= 8]
    cols = ["cell", x, *series]
    panels = []
    if len(groups):
        pos = groups[(groups["kind"] == "position") & (groups["key"].astype(str) == "1")].dropna(subset=["win_share"])
        if len(pos):
            pos = pos[["cell", "win_share", "share_ci_low", "share_ci_high", "fair_share"]].merge(cells[cols], on="cell")
            panels.append(("Start player's edge: win share minus fair (percentage points)",
                           pos.assign(y=100 * (pos["win_share"] - pos["fair_share"]),
                                      lo=100 * (pos["share_ci_low"] - pos["fair_share"]),
                                      hi=100 * (pos["share_ci_high"] - pos["fair_share"]))))
    for m in metrics:
        if m.trend and f"{m.name}_mean" in cells:
            f = _metric_frame(cells, m.name)[cols + ["y", "lo", "hi"]]
            scale = 100 if m.percent else 1
            panels.append((m.label.capitalize() + (" (%)" if m.percent else ""),
                           f.assign(y=scale * f["y"], lo=scale * f["lo"], hi=scale * f["hi"])))
    return x, series, panels


def chart_effect(cells, groups, lay, metrics, path: Path) -> bool:
    """The swept parameter's effect at a glance: the start player's edge over the fair share and each
    trend metric (Metric.trend) against the parameter, a line per player count (and split value),
    95% intervals. Small multiples: one panel per measure."""
    x, series, panels = effect_frames(cells, groups, lay, metrics)
    if not panels:
        return False
    panels = panels[:6]
    fig, axes = new_figure(len(panels), ncols=3, w=4.3, h=3.1)
    numeric = _is_numeric_col(cells[x])
    xs_all = sorted(cells[x].unique(), key=lambda v: (float(v) if numeric else 0, str(v)))
    pos_of = {v: i for i, v in enumerate(xs_all)}
    for ax, (title, d) in zip(axes, panels):
        groups_ = list(d.groupby(series, sort=True)) if series else [((), d)]
        for i, (key, dd) in enumerate(groups_):
            key = key if isinstance(key, tuple) else (key,)
            dd = dd.sort_values(x)
            xv = dd[x].astype(float).to_numpy() if numeric else dd[x].map(pos_of).to_numpy(float)
            if len(groups_) > 1 and numeric:
                span = np.diff(np.unique(xv)).min() if len(np.unique(xv)) > 1 else 1.0
                xv = xv + 0.05 * span * (i - (len(groups_) - 1) / 2)
            lab = ", ".join(f"{fmt_value(v)} players" if c == "players" else
                            f"line-up {v}" if c == "strategies" else f"{c} {fmt_value(v)}"
                            for c, v in zip(series, key)) or None
            ax.errorbar(xv, dd["y"], yerr=[dd["y"] - dd["lo"], dd["hi"] - dd["y"]], marker="o", ms=3.5, capsize=2.5,
                        lw=1.2, color=f"C{i % 10}", label=lab)
        if title.startswith("Start player"):
            ax.axhline(0, color="0.4", ls="--", lw=1)
        if not numeric:
            ax.set_xticks(range(len(xs_all)), [fmt_value(v) for v in xs_all])
        elif len(xs_all) <= 12:
            ax.set_xticks([float(v) for v in xs_all], [fmt_value(v) for v in xs_all])
        ax.set_xlabel(x)
        ax.set_title(title, fontsize=9.5)
        ax.grid(alpha=0.3)
    _fig_legend(fig, axes)
    fig.suptitle(f"What {'the player count' if x == 'players' else x} changes (means per cell, 95% intervals)")
    fig.savefig(path, dpi=100)
    return True


def _is_numeric_col(s: pd.Series) -> bool:
    return pd.api.types.is_numeric_dtype(s) and not pd.api.types.is_bool_dtype(s)


TOP_N = 8  # a chart of more cells than MAX_CATEGORIES shows the TOP_N highest and lowest, labelled


def _extremes_panel(ax, df, labels, ylabel, title):
    """Too many cells for one bar each: the TOP_N highest and lowest cells as labelled horizontal
    bars with their 95% intervals (the cells table lists every cell)."""
    d = df.sort_values("y")
    if len(d) > 2 * TOP_N:
        d = pd.concat([d.head(TOP_N), d.tail(TOP_N)])
    y = np.arange(len(d))
    ax.barh(y, d["y"], xerr=[d["y"] - d["lo"], d["hi"] - d["y"]], capsize=2, color="C0", alpha=0.75)
    names = [" ".join(labels.get(int(c), f"cell {int(c)}").split("\n")) for c in d["cell"]]
    ax.set_yticks(y, names, fontsize=7)
    if len(df) > 2 * TOP_N:
        ax.axhline(TOP_N - 0.5, color="0.3", ls=":", lw=1)
    lo = float(d["lo"].min())
    hi = float(d["hi"].max())
    ax.set_xlim(max(0.0, lo - 0.15 * (hi - lo)) if lo >= 0 else lo - 0.15 * (hi - lo), hi + 0.05 * (hi - lo))
    ax.set_xlabel(ylabel)
    ax.set_title(title + (f": the {TOP_N} lowest and highest of {len(df)} cells" if len(df) > 2 * TOP_N else ""),
                 fontsize=9.5)
    ax.grid(axis="x", alpha=0.3)


def _too_many_cells(cells, lay) -> bool:
    """A categorical x axis with more cells than a chart can label: draw extremes instead."""
    return lay["x"] is None and len(cells) > MAX_CATEGORIES



def chart_ladder(rows: list[tuple], path: Path) -> bool:
    """The ladder (headline.ladder_rows): per rung, the stronger seat's win share against the others
    with its 95% interval, beside the fair share, one row per rung in the sweep's order."""
    if not rows:
        return False
    fig, axes = new_figure(1, 1, w=9.0, h=0.38 * len(rows) + 1.0)
    ax = axes[0]
    y = np.arange(len(rows))[::-1]
    share = np.array([float(r["win_share"]) for _, _, _, _, r, _ in rows])
    lo = share - np.array([float(r["share_ci_low"]) for _, _, _, _, r, _ in rows])
    hi = np.array([float(r["share_ci_high"]) for _, _, _, _, r, _ in rows]) - share
    fair = np.array([float(r["fair_share"]) for _, _, _, _, r, _ in rows])
    colors = ["C0" if s - l > f else "C3" if s + h < f else "0.5" for s, l, h, f in zip(share, lo, hi, fair)]
    hbars(ax, share, y, lo, hi, colors)
    for f in np.unique(fair):
        ax.axvline(f, ls="--", color="0.4", lw=1)
        ax.annotate(f"fair {100 * f:.1f}%", xy=(f, 1.0), xycoords=("data", "axes fraction"), xytext=(0, 2),
                    textcoords="offset points", ha="center", va="bottom", fontsize=7, color="0.3")
    labels = [f"1 {x} vs {n - 1} {yy}" + (f" ({where})" if where else "") for x, yy, n, where, _, _ in rows]
    ax.set_yticks(y, labels, fontsize=8)
    percent_axis(ax.xaxis)
    ax.set_xlabel("win share of the one seat (95% interval)")
    ax.grid(axis="x", alpha=0.3)
    fig.suptitle("How much stronger is each bot: one seat against the others, seats rotated")
    fig.savefig(path, dpi=100)
    return True
