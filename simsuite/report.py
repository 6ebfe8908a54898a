"""HTML balance report for a results directory: PNG charts plus plain-language findings.

``make_report(results_dir)`` reads the tables written by :mod:`simsuite.store` and writes
``index.html`` and its charts into one folder (relative links only, no external CSS/JS).

Fairness is judged on the win share (a shared win counts 1/k to each of its k winners), whose
fair value is 1/N of the games someone won (1/N unless games time out without a winner).
Label rankings (strategies, aliens) pool only the cells that mix labels. Turn-order and strategy
tests are Bonferroni-corrected over all the tests of their kind in the report; the normal
interval stored per group gives the standard error (from the per-game variance: simsuite.stats).
A ranking also carries its minimum detectable difference, a TOST equivalence verdict within
+-margin (``make_report(margin=...)``, CLI ``--margin``), bootstrap rank intervals and P(best) from
the pooled covariance of the win shares, and Cochran's Q across the cells it pools (a warning when
they disagree); rankings at several player counts are compared with Kendall's tau.
"""
from __future__ import annotations

import hashlib
import html
import itertools
import math
import textwrap
import time
import tomllib
from pathlib import Path
from statistics import NormalDist
from string import Template

import numpy as np
import pandas as pd

from . import __version__
from .errors import BadInput
from .stats import MARGIN, Z95, diff_se
from .stats import holm as _holm
from .store import read_results

ALPHA = 0.05
from .resources import TEMPLATE  # noqa: E402 (package data)
METRIC_SUFFIXES = ("_mean", "_sd", "_ci_low", "_ci_high", "_min", "_max")
NON_CONFIG = {"cell", "config_hash", "code_hash", "seed", "simsuite_version", "game", "games", "first_game",
              "max_ci_half_width", "seconds", "games_per_s"}
DATA_EXT = (".toml", ".json", ".csv", ".yaml", ".yml", ".txt")
SHARED_HIGH = 0.05  # shared-win rate worth a finding of its own
MAX_LISTED = 10  # per-cell sentences for timeouts / shared wins before summarising
MAX_PANELS = 24
ORDINALS = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
TREND_METRICS = (("crashes", "the crash rate (crashes per game)"), ("margin", "the mean winning margin"),
                 ("turns", "the mean game length (turns)"))


# ---- layout: which columns are parameters, which vary, what goes on the x axis --------------
def _metric_names(cols) -> list[str]:
    return [c[:-5] for c in cols if c.endswith("_mean") and f"{c[:-5]}_sd" in cols]


def _config_cols(cells: pd.DataFrame) -> list[str]:
    metric_cols = {m + s for m in _metric_names(cells.columns) for s in METRIC_SUFFIXES}
    return [c for c in cells.columns if c not in NON_CONFIG and c not in metric_cols]


def _is_numeric(s: pd.Series) -> bool:
    return pd.api.types.is_numeric_dtype(s) and not pd.api.types.is_bool_dtype(s)


def _layout(cells: pd.DataFrame, meta: dict) -> dict:
    config = _config_cols(cells)
    varies = [c for c in config if cells[c].astype(str).nunique() > 1]
    axes = [a for a in (meta.get("axes") or {}) if a in varies]
    varying = axes + [c for c in varies if c not in axes]
    # players first: it is the natural panel / series split
    if "players" in varying:
        varying = ["players"] + [c for c in varying if c != "players"]
    x = next((c for c in varying if c != "players" and _is_numeric(cells[c])), None)
    facets = [c for c in varying if c != x] if x else (["players"] if "players" in varying else [])
    x_values = sorted(cells[x].astype(float).unique()) if x else []
    return dict(config=config, varying=varying, x=x, x_values=x_values, facets=facets,
                fixed=[c for c in config if c not in varying])


def _value(v) -> str:
    if isinstance(v, (float, np.floating)) and float(v).is_integer():
        return str(int(v))
    return str(v)


def _facet_label(row, facets) -> str:
    parts = []
    for c in facets:
        v = row[c]
        if c == "players":
            parts.append(f"{_value(v)} players")
        elif c == "strategies":
            parts.append(f"line-up {v}")
        else:
            parts.append(f"{c} {_value(v)}")
    return ", ".join(parts)


def _where(d: str) -> str:
    """'With 4 players' -> '4 players' (chart labels, parentheticals)."""
    return d[5:] if d.startswith("With ") else d[3:] if d.startswith("In ") else d


def _join(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _cell_descriptions(cells: pd.DataFrame, lay: dict) -> dict[int, str]:
    """'With 4 players and crash_threshold 9' per cell (unique: the cell number is added if needed)."""
    out = {}
    for _, r in cells.iterrows():
        # players always named: a sentence should stand on its own
        cols = (["players"] if "players" in cells and "players" not in lay["varying"] else []) + lay["varying"]
        parts = _facet_label(r, cols).split(", ") if cols else []
        out[int(r["cell"])] = f"With {_join(parts)}" if parts else f"In cell {int(r['cell'])}"
    counts = pd.Series(list(out.values())).value_counts()
    return {c: (d if counts[d] == 1 else f"{d} (cell {c})") for c, d in out.items()}


# ---- formatting ------------------------------------------------------------------------------
def _pct(p: float, lo: float | None = None, hi: float | None = None) -> str:
    nd = 1 if lo is None or (hi - lo) >= 0.002 else 2
    s = f"{100 * p:.{nd}f}%"
    if lo is not None:
        lo, hi = max(lo, 0.0), min(hi, 1.0)  # the normal interval can overshoot near 0 or 1
        s += f" (95% CI {100 * lo:.{nd}f}–{100 * hi:.{nd}f}%)"
    return s


def _num(v: float) -> str:
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return "–"
    return f"{v:.2f}" if abs(v) < 10 else f"{v:.1f}" if abs(v) < 100 else f"{v:.0f}"


def _fmt_float(v: float) -> str:
    if pd.isna(v):
        return "–"
    return f"{v:.4g}" if abs(v) < 1e4 else f"{v:.0f}"


def _ordinal(k: int) -> str:
    return ORDINALS[k] if k < len(ORDINALS) else f"{k}th"


def _position_name(k: int, n: int) -> str:
    if k == 1:
        return "the start player"
    if k == n:
        return f"the last player ({_ordinal(k)} in turn order)"
    return f"the {_ordinal(k)} player"


def _position_effect(k: int, n: int, above: bool) -> str:
    who = "first" if k == 1 else "last" if k == n else _ordinal(k)
    return f"a {who}-player {'advantage' if above else 'disadvantage'}"


# ---- statistics ------------------------------------------------------------------------------
def _corrected(df: pd.DataFrame, m: int) -> pd.DataFrame:
    """Bonferroni-corrected interval around win_share; se from the stored 95% normal interval."""
    z = NormalDist().inv_cdf(1 - ALPHA / (2 * max(m, 1)))
    se = (df["share_ci_high"] - df["share_ci_low"]) / (2 * Z95)
    df = df.assign(se=se, z=z, lo_c=df["win_share"] - z * se, hi_c=df["win_share"] + z * se)
    return df.assign(sig=(df["lo_c"] > df["fair_share"]) | (df["hi_c"] < df["fair_share"]))


def _pooled_sd(g: pd.DataFrame) -> pd.DataFrame:
    """Within-cell sd of a player's final score, pooled over turn-order positions, with an
    approximate (normal-theory) 95% interval counted in games, not player-games: the seats of one
    game are not independent."""
    rows = []
    for cell, d in g.groupby("cell"):
        n = d["n"].sum()
        sd = math.sqrt((d["n"] * d["score_sd"] ** 2).sum() / n) if n > 0 else float("nan")
        games = n / int(d["players"].iloc[0]) if "players" in d else n
        h = Z95 / math.sqrt(2 * max(games - 1, 1))
        rows.append(dict(cell=cell, y=sd, lo=sd * (1 - h), hi=sd * (1 + h)))
    return pd.DataFrame(rows)


# ---- findings --------------------------------------------------------------------------------
def _position_findings(groups: pd.DataFrame, desc: dict) -> tuple[list[str], int, int]:
    pos = groups[groups["kind"] == "position"].dropna(subset=["win_share", "share_ci_low", "share_ci_high"])
    m = len(pos)
    if m == 0:
        return [], 0, 0
    pos = _corrected(pos, m)
    out = []
    for _, r in pos[pos["sig"]].sort_values(["cell", "key"], key=_key_order).iterrows():
        k, n = int(r["key"]), int(r["players"]) if "players" in r else int(round(1 / r["fair_share"]))
        above = r["win_share"] > r["fair_share"]
        out.append(f"{desc[int(r['cell'])]}, {_position_name(k, n)} wins "
                   f"{_pct(r['win_share'], r['share_ci_low'], r['share_ci_high'])} against a fair "
                   f"{_pct(r['fair_share'])}: {_position_effect(k, n, above)}.")
    return out, m, int(pos["sig"].sum())


def _cell_cov(h2h: pd.DataFrame | None, kind: str, cell, a: str, b: str) -> float:
    """The covariance of labels a's and b's win shares in one cell (h2h share_cov), NaN if unknown."""
    if h2h is None or not len(h2h) or "share_cov" not in h2h:
        return float("nan")
    r = h2h[(h2h["kind"] == kind) & (h2h["cell"] == cell) & (h2h["a"].astype(str) == str(a))
            & (h2h["b"].astype(str) == str(b))]
    return float(r["share_cov"].iloc[0]) if len(r) else float("nan")


def _gap_z(best, second, cov: float) -> float:
    """How many standard errors of their difference separate two win shares of one cell: the shares
    of one table are negatively correlated, so the variance of the gap is var_a + var_b - 2 cov
    (the conservative se_a + se_b when the covariance is unknown)."""
    se = float(diff_se(best["se"], second["se"], cov))
    return (best["win_share"] - second["win_share"]) / se if se > 0 else float("inf")


def _strategy_findings(groups: pd.DataFrame, cells: pd.DataFrame, desc: dict,
                       h2h: pd.DataFrame | None = None) -> tuple[list[str], int, int]:
    st = groups[groups["kind"] == "strategy"].dropna(subset=["win_share", "share_ci_low", "share_ci_high"])
    st = st[st.groupby("cell")["key"].transform("nunique") > 1]
    m = len(st)
    if m == 0:
        return [], 0, 0
    st = _corrected(st, m)
    out = []
    for cell, d in st.groupby("cell"):
        d = d.sort_values("win_share", ascending=False)
        sig = d[d["sig"]]
        if sig.empty:
            continue
        side = {}
        for _, r in sig.iterrows():
            word = "above" if r["win_share"] > r["fair_share"] else "below"
            side.setdefault(word, []).append(
                f"{r['key']} {_pct(r['win_share'], r['share_ci_low'], r['share_ci_high'])}")
        text = (f"{desc[int(cell)]}, strategy win shares differ from a fair {_pct(d['fair_share'].iloc[0])}: "
                + "; ".join(f"{_join(v)} {w}" for w, v in side.items()) + ".")
        best, second = d.iloc[0], d.iloc[1]
        # dominance: clearly ahead of the runner-up, not only of the fair share (a paired test:
        # the two shares come from the same games)
        ahead = _gap_z(best, second, _cell_cov(h2h, "strategy", cell, best["key"], second["key"])) > best["z"]
        if ahead and best["win_share"] >= 1.25 * second["win_share"]:
            text += (f" Strategy {best['key']} dominates: it wins {_pct(best['win_share'])} against "
                     f"{_pct(second['win_share'])} for the next best ({second['key']}).")
        out.append(text)
    if "rotate" in cells:
        mixed = cells[cells["cell"].isin(st["cell"])]
        if (~mixed["rotate"].astype(bool)).any():
            out.append("The line-up was not rotated (rotate false) in some of these cells, so each strategy kept "
                       "its table seat there: strategy results include any seat effect.")
    return out, m, int(st["sig"].sum())


def _shared_win_note(row) -> str:
    """What a high shared-win rate means depends on the game's rules (Game.shared_win_note)."""
    from . import games

    try:
        return games.get(str(row["game"])).shared_win_note
    except BadInput:  # a game name this version does not know: the generic reading
        return "a high rate: the tie-break may need a look"


def _rate_findings(cells: pd.DataFrame, desc: dict) -> list[str]:
    out = []
    if "timeout_mean" in cells:
        to = cells[cells["timeout_mean"] > 0].sort_values(["timeout_mean", "cell"], ascending=[False, True])
        cap = " (max_turns {})"
        for _, r in to.head(MAX_LISTED).iterrows():
            c = cap.format(_value(r["max_turns"])) if "max_turns" in cells else ""
            out.append(f"{desc[int(r['cell'])]}, {_pct(r['timeout_mean'])} of games hit the turn cap{c} and "
                       "ended as timeouts: their results are not real game ends.")
        if len(to) > MAX_LISTED:
            out.append(f"… and {len(to) - MAX_LISTED} more cells with timeouts (see the cells table).")
        if to.empty:
            out.append("No game hit the turn cap (no timeouts).")
    if "shared_win_mean" in cells:
        sw = cells.sort_values(["shared_win_mean", "cell"], ascending=[False, True])
        high = sw[sw["shared_win_mean"] > SHARED_HIGH]
        for _, r in high.head(MAX_LISTED).iterrows():
            out.append(f"{desc[int(r['cell'])]}, {_pct(r['shared_win_mean'])} of games end in a shared win "
                       f"({_shared_win_note(r)}).")
        if len(high) > MAX_LISTED:
            out.append(f"… and {len(high) - MAX_LISTED} more cells with over {_pct(SHARED_HIGH)} shared wins.")
        if high.empty and len(sw):
            top = sw.iloc[0]
            if top["shared_win_mean"] > 0:
                out.append(f"Shared wins are rare: at most {_pct(top['shared_win_mean'])} of games "
                           f"({_where(desc[int(top['cell'])])}).")
            else:
                out.append("No game ended in a shared win.")
    return out


def _trend_findings(cells: pd.DataFrame, lay: dict) -> list[str]:
    x = lay["x"]
    if x is None or cells[x].nunique() < 2:
        return []
    out = []
    for metric, label in TREND_METRICS:
        if f"{metric}_mean" not in cells:
            continue
        for key, d in _series(cells, lay["facets"]):
            d = d.dropna(subset=[f"{metric}_mean"]).sort_values(x)
            if d[x].nunique() < 2:
                continue
            a, b = d.iloc[0], d.iloc[-1]
            ya, yb = a[f"{metric}_mean"], b[f"{metric}_mean"]
            apart = a[f"{metric}_ci_high"] < b[f"{metric}_ci_low"] or b[f"{metric}_ci_high"] < a[f"{metric}_ci_low"]
            verb = ("rises" if yb > ya else "falls") if apart else "changes little"
            steps = np.sign(np.diff(d[f"{metric}_mean"].to_numpy()))
            steady = "" if not apart or (steps >= 0).all() or (steps <= 0).all() else ", not steadily"
            who = f"With {key}, {label}" if key else label[0].upper() + label[1:]
            out.append(f"{who} {verb} from {_num(ya)} at {x} {_value(a[x])} to {_num(yb)} at {x} "
                       f"{_value(b[x])}{steady}.")
    return out


# ---- charts ----------------------------------------------------------------------------------
def _key_order(s: pd.Series) -> pd.Series:
    if s.name == "key":
        num = pd.to_numeric(s, errors="coerce")
        return num if num.notna().all() else s
    return s


def _series(df: pd.DataFrame, facets: list[str]):
    """(label, rows) per combination of the facet columns, in sorted order."""
    if not facets:
        yield "", df
        return
    for _, d in df.groupby(facets, sort=True, dropna=False):
        yield _facet_label(d.iloc[0], facets), d


def _figure(n_panels: int, ncols: int = 3, w: float = 4.6, h: float = 3.4):
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


def _panel_title(label: str, cells: pd.DataFrame) -> str:
    if label or "players" not in cells or cells["players"].nunique() != 1:
        return label
    return f"{_value(cells['players'].iloc[0])} players"


def _tick_labels(cells: pd.DataFrame, lay: dict) -> dict[int, str]:
    """Short per-cell labels for a categorical x axis: cell number and what the panel does not show."""
    shown = set(lay["facets"])
    out = {}
    for _, r in cells.iterrows():
        parts = [str(r[c]) if c == "strategies" else f"{c}={_value(r[c])}" for c in lay["varying"] if c not in shown]
        out[int(r["cell"])] = "\n".join([f"cell {int(r['cell'])}"] + [textwrap.fill(p, 22) for p in parts])
    return out


def _width(cells: pd.DataFrame, lay: dict) -> float:
    """Panel width: a categorical x axis needs room for one label per cell."""
    return 4.6 if lay["x"] else float(np.clip(1.1 * len(cells), 4.6, 16))


def _set_xaxis(ax, lay: dict, cat: dict, labels: dict):
    if lay["x"]:
        ax.set_xlabel(lay["x"])
        if len(lay["x_values"]) <= 12:
            ax.set_xticks(lay["x_values"], [_value(v) for v in lay["x_values"]])
    else:
        ticks = sorted(cat.items(), key=lambda kv: kv[1])
        ax.set_xticks([v for _, v in ticks], [labels[c] for c, _ in ticks], fontsize=7)
        ax.set_xlabel("cell")


def _share_err(d: pd.DataFrame):
    return d["win_share"] - d["share_ci_low"], d["share_ci_high"] - d["win_share"]


def _chart_groups(groups, cells, lay, kind, title, path, labels) -> bool:
    g = groups[groups["kind"] == kind].dropna(subset=["win_share"])
    if g.empty or (kind == "strategy" and g.groupby("cell")["key"].nunique().max() < 2):
        return False
    cols = ["cell"] + [c for c in [lay["x"], *lay["facets"]] if c and c not in g]
    g = g.merge(cells[cols], on="cell")
    panels = list(_series(g, [c for c in lay["facets"] if c in g]))[:MAX_PANELS]
    fig, axes = _figure(len(panels), w=_width(cells, lay))
    cat = {c: i for i, c in enumerate(sorted(cells["cell"]))}
    keys = sorted(g["key"].unique(), key=lambda k: (0, int(k)) if str(k).isdigit() else (1, str(k)))
    colors = {k: f"C{i % 10}" for i, k in enumerate(keys)}
    name = (lambda k: f"position {k}" + (" (start)" if k == "1" else "")) if kind == "position" else str
    for ax, (plabel, d) in zip(axes, panels):
        if d["cell"].nunique() == 1:  # one cell: a bar per key
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
            _set_xaxis(ax, lay, cat, labels)
        for fair in sorted(d["fair_share"].round(4).unique()):
            ax.axhline(fair, ls="--", color="0.4", lw=1, label=f"fair share = {fair:.3f}")
        ax.legend(fontsize=7)
        ax.set_ylabel("win share (shared wins split)")
        ax.set_title(_panel_title(plabel, cells), fontsize=10)
        ax.grid(alpha=0.3)
    fig.suptitle(f"{title} with 95% intervals")
    fig.savefig(path, dpi=100)
    return True


def _metric_panel(ax, df, lay, cat, labels, ylabel):
    """df: cell, y, lo, hi plus layout columns; one line per facet combination."""
    numeric = lay["x"] is not None
    series = list(_series(df, [c for c in lay["facets"] if c in df]))
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
    if len(series) > 1:
        ax.legend(fontsize=7)


def _metric_frame(cells, metric):
    return cells.assign(y=cells[f"{metric}_mean"], lo=cells[f"{metric}_ci_low"], hi=cells[f"{metric}_ci_high"])


def _chart_spread_margin(cells, groups, lay, path, labels) -> bool:
    pos = groups[groups["kind"] == "position"] if len(groups) else groups
    have_sd = len(pos) and "score_sd" in pos
    have_margin = "margin_mean" in cells
    if not (have_sd or have_margin):
        return False
    fig, axes = _figure(int(bool(have_sd)) + int(have_margin), ncols=2, w=_width(cells, lay))
    cat = {c: i for i, c in enumerate(sorted(cells["cell"]))}
    axes = list(axes)
    if have_sd:
        ax = axes.pop(0)
        _metric_panel(ax, _pooled_sd(pos).merge(cells, on="cell"), lay, cat, labels, "sd of a player's final score")
        ax.set_title("Final-score spread", fontsize=10)
    if have_margin:
        ax = axes.pop(0)
        _metric_panel(ax, _metric_frame(cells, "margin"), lay, cat, labels, "winner minus best loser")
        ax.set_title("Winning margin (mean, 95% CI)", fontsize=10)
    fig.savefig(path, dpi=100)
    return True


def _chart_crashes(cells, lay, path, labels) -> bool:
    if "crashes_mean" not in cells:
        return False
    fig, (ax,) = _figure(1, w=max(6.4, _width(cells, lay)), h=4.0)
    cat = {c: i for i, c in enumerate(sorted(cells["cell"]))}
    _metric_panel(ax, _metric_frame(cells, "crashes"), lay, cat, labels, "crashes per game")
    ax.set_title("Crashes per game (mean, 95% CI)", fontsize=10)
    fig.savefig(path, dpi=100)
    return True


def _chart_turns(cells, hists, lay, path, labels) -> bool:
    h = hists[hists["metric"] == "turns"] if len(hists) else hists
    if h.empty:
        return False
    from matplotlib import colormaps
    from matplotlib.cm import ScalarMappable
    from matplotlib.colors import Normalize

    x = lay["x"]
    facets = [c for c in lay["facets"] if c in cells]
    panels = list(_series(cells, facets))[:MAX_PANELS]
    fig, axes = _figure(len(panels))
    xs = cells[x].astype(float) if x else None
    norm = Normalize(xs.min(), xs.max()) if x and xs.nunique() > 1 else None
    cmap = colormaps["viridis"]
    for ax, (plabel, d) in zip(axes, panels):
        d = d.sort_values(x or "cell")
        for i, (_, r) in enumerate(d.iterrows()):
            hc = h[h["cell"] == r["cell"]]
            if hc.empty:
                continue
            v = np.arange(int(hc["value"].min()), int(hc["value"].max()) + 1)
            counts = hc.groupby("value")["count"].sum().reindex(v, fill_value=0).to_numpy(float)
            p = counts / counts.sum()
            color = cmap(norm(float(r[x]))) if norm else f"C{i % 10}"
            lab = f"{x} {_value(r[x])}" if x else labels[int(r["cell"])]
            # pad with zeros so the step closes at both ends
            ax.step(np.r_[v[0] - 1, v, v[-1] + 1], np.r_[0, p, 0], where="mid", color=color, lw=1.2, label=lab)
        ax.set_xlabel("turns per game")
        ax.set_ylabel("share of games")
        ax.set_title(_panel_title(plabel, cells), fontsize=10)
        ax.grid(alpha=0.3)
        if norm is not None and len(d) > 8:
            fig.colorbar(ScalarMappable(norm, cmap), ax=ax, label=x)
        elif len(d) > 1:
            ax.legend(fontsize=7)
    fig.suptitle("Game length distribution")
    fig.savefig(path, dpi=100)
    return True


# ---- reproducibility header ------------------------------------------------------------------
def _shown_path(p) -> str:
    """A path as the report shows it: a built-in data file as configs/..., else relative to the
    current directory when inside it (a report moved to another machine then still names the
    right file), else as given."""
    from .resources import DATA

    for base in (DATA, Path.cwd()):
        try:
            return str(Path(p).resolve().relative_to(base.resolve()))
        except (ValueError, OSError):
            pass
    return str(p)


def _data_files(cells: pd.DataFrame, meta: dict) -> list[tuple[str, str, str]]:
    """(parameter, path, note) for every data file the cells used."""
    rows, seen = [], set()
    for c in cells.columns:
        if not _is_text(cells[c]):
            continue
        for v in cells[c].dropna().unique():
            if isinstance(v, str) and v.lower().endswith(DATA_EXT) and (c, v) not in seen:
                seen.add((c, v))
                rows.append((c, v, _file_note(Path(v))))
    md = meta.get("data_files")
    items = md.items() if isinstance(md, dict) else enumerate(md) if isinstance(md, list) else ()
    for k, v in items:
        p = v.get("path") if isinstance(v, dict) else v
        if isinstance(p, str) and not any(p == r[1] for r in rows):
            rows.append((str(k), p, _file_note(Path(p))))
    return rows


def _is_text(s: pd.Series) -> bool:
    return s.dtype == object or pd.api.types.is_string_dtype(s)


def _file_note(p: Path) -> str:
    """sha256 prefix and, for TOML rows with a 'source' field, how many rows are assumed."""
    if not p.is_file():
        return "file not found now"
    b = p.read_bytes()
    note = f"sha256 now {hashlib.sha256(b).hexdigest()[:12]}"
    if p.suffix == ".toml":
        try:
            d = tomllib.loads(b.decode())
        except (tomllib.TOMLDecodeError, UnicodeDecodeError):
            return note
        src = [r.get("source") for v in d.values() if isinstance(v, list) for r in v if isinstance(r, dict)]
        src = [s for s in src if s is not None]
        if src:
            counts = pd.Series(src).value_counts()
            note += "; rows by source: " + ", ".join(f"{k} {n}" for k, n in counts.items())
    return note


def _sort_key(x):
    """Numbers numerically, before anything else (stored axis values are sorted as text)."""
    return (0, x, "") if isinstance(x, (int, float)) and not isinstance(x, bool) else (1, 0, str(x))


def _axis_values(v) -> str:
    return ", ".join(map(str, sorted(v, key=_sort_key))) if isinstance(v, (list, tuple)) else str(v)


def _uniq(s: pd.Series) -> list:
    return sorted(s.dropna().unique().tolist(), key=_sort_key)


def _header(res: dict, lay: dict, results_dir: Path) -> tuple[str, list[str]]:
    cells, meta = res["cells"], res["meta"]
    warnings, rows = [], []
    esc = html.escape
    versions = _uniq(cells["simsuite_version"]) if "simsuite_version" in cells else []
    if len(versions) > 1:
        warnings.append(f"Cells come from different simsuite versions ({', '.join(map(str, versions))}): "
                        "engine changes between versions may make them incomparable.")
    codes = _uniq(cells["code_hash"]) if "code_hash" in cells else []
    if len(codes) > 1:
        warnings.append(f"Cells were computed by {len(codes)} different builds of the engine and strategies "
                        f"(code hashes {', '.join(c[:8] for c in map(str, codes))}): compare them with care.")
    games = _uniq(cells["games"]) if "games" in cells else []
    prec = meta.get("precision")
    if prec is not None and "max_ci_half_width" in cells:
        short = cells[cells["max_ci_half_width"] > prec]
        if len(short):
            warnings.append(f"{len(short)} of {len(cells)} cells reached the game cap before every win rate's 95% "
                            f"interval was within ±{prec:g} (widest ±{short['max_ci_half_width'].max():.4f}); "
                            "raise --games to reach the precision asked.")
    if "timeout_mean" in cells and (cells["timeout_mean"] > 0).any():
        warnings.append(f"Some games hit the turn cap without a winner (up to {cells['timeout_mean'].max():.2%} "
                        "of a cell): nobody gets a share of those, so the fair share is 1/N of the games "
                        "someone won.")
    if len(games) > 1:
        warnings.append(f"Cells played different numbers of games ({min(games)}–{max(games)}): "
                        "intervals differ in width.")
    done = len((res.get("manifest") or {}).get("done", {}))
    planned = meta.get("cells")
    if isinstance(planned, int) and planned != len(cells):
        warnings.append(f"The sweep plans {planned} cells but {len(cells)} are finished: it was interrupted "
                        "or is still running (rerun it to resume).")
    elif res.get("manifest") and done != len(cells):
        warnings.append(f"The manifest lists {done} finished cells but the table holds {len(cells)}.")
    game = meta.get("game") or (", ".join(map(str, _uniq(cells["game"]))) if "game" in cells else "?")
    seeds = _uniq(cells["seed"]) if "seed" in cells else [meta.get("seed")]
    axes = meta.get("axes") or {}
    rows += [
        ("Game", game),
        ("Results", f"{_shown_path(results_dir)} ({meta.get('kind', '?')}"
                    + (f", created {meta['created']})" if meta.get("created") else ")")),
        ("simsuite version", ", ".join(map(str, versions)) or "?"),
        ("Seed", ", ".join(map(str, seeds))),
        ("Games per cell", ", ".join(f"{g:,}" for g in games) or str(meta.get("games", "?"))),
        ("Cells", f"{len(cells)}"),
        ("Swept axes", "; ".join(f"{k}: {_axis_values(v)}" for k, v in axes.items())
         or ", ".join(lay["varying"]) or "none (single run)"),
    ]
    name = (meta.get("definition") or {}).get("name") if isinstance(meta.get("definition"), dict) else None
    if name:
        rows.insert(1, ("Sweep definition", name))
    head = "".join(f"<tr><th>{esc(k)}</th><td>{esc(str(v))}</td></tr>" for k, v in rows)
    files = _data_files(cells, meta)
    if files:
        head += ("<tr><th>Data files</th><td><ul class='tight'>"
                 + "".join(f"<li><code>{esc(c)}</code>: {esc(_shown_path(p))} <span class='muted'>({esc(n)})</span></li>"
                           for c, p, n in files)
                 + "</ul><span class='muted'>The results are only as good as these data files; rows marked "
                   "assumed are guesses, not published values.</span></td></tr>")
    return f"<table class='kv'>{head}</table>", warnings


# ---- page ------------------------------------------------------------------------------------
def _table(df: pd.DataFrame) -> str:
    return df.to_html(index=False, border=0, classes="data", na_rep="–", float_format=_fmt_float)


def _grouped_table(df: pd.DataFrame) -> str:
    """A table whose columns are grouped (two-level column index): the group names span their
    columns, and a rule separates the groups."""
    spans = [len(list(g)) for _, g in itertools.groupby(c[0] for c in df.columns)]
    cols = "".join(('<col class="grp">' + (f'<col span="{n - 1}">' if n > 1 else "")) if i else f'<col span="{n}">'
                   for i, n in enumerate(spans))
    return _table(df).replace(">\n  <thead>", f"><colgroup>{cols}</colgroup>\n  <thead>", 1)


def _fixed_table(cells: pd.DataFrame, lay: dict) -> str:
    def shown(v):  # a data file, as the header names it
        return _shown_path(v) if isinstance(v, str) and v.lower().endswith(DATA_EXT) else v

    rows = [(c, shown(_value(cells[c].iloc[0]))) for c in lay["fixed"]]
    if not rows:
        return "<p class='muted'>Every parameter varies across cells.</p>"
    return _table(pd.DataFrame(rows, columns=["parameter", "value"]))


def _cells_table(cells: pd.DataFrame) -> pd.DataFrame:
    df = cells.copy()
    for c in df.columns:  # data file paths are listed in the header; the name is enough here
        if _is_text(df[c]) and df[c].map(lambda v: isinstance(v, str) and v.lower().endswith(DATA_EXT)).all():
            df[c] = df[c].map(lambda v: Path(v).name)
    return df


def _groups_table(groups: pd.DataFrame) -> pd.DataFrame:
    cols = [c for c in ("cell", "players", "kind", "key", "n", "win_rate", "ci_low", "ci_high", "win_share",
                        "share_ci_low", "share_ci_high", "fair_share", "shared_win_rate", "score_mean", "score_sd")
            if c in groups]
    return groups[cols]


def _render(template: str, **parts) -> str:
    return Template(template).substitute(**parts)


def _load_template() -> str:
    if TEMPLATE.is_file():
        return TEMPLATE.read_text(encoding="utf-8")
    # fallback for non-editable installs, where the repo's reports/ folder is absent
    return ("<!doctype html><html><head><meta charset='utf-8'><title>$title</title></head><body>"
            "<h1>$title</h1>$headline$header$warnings<h2>Findings</h2>$findings<h2>Charts</h2>$charts"
            "<h2>Rankings</h2>$rankings<h2>Fixed parameters</h2>$fixed<h2>Cells</h2>$cells_table<h2>Groups</h2>$groups_table"
            "<p>$footer</p></body></html>")


def _share_se(g: pd.DataFrame) -> pd.Series:
    """Per group row: the win share's standard error (stored, else from its 95% interval)."""
    from_ci = (g["share_ci_high"] - g["share_ci_low"]) / (2 * Z95)
    return g["share_se"].fillna(from_ci) if "share_se" in g else from_ci


def _pooled_cov(h2h: pd.DataFrame | None, g: pd.DataFrame, kind: str, labels: list[str], n: pd.Series,
                se: np.ndarray) -> np.ndarray:
    """Covariance matrix of the pooled win shares of `labels` (pooled over the cells of g, each a
    mean over n player-games): per cell, share_cov of two labels (h2h) weighted by their
    player-games, sum_i n_a,i n_b,i cov_i / (n_a n_b); the diagonal is se^2. Without share_cov
    (results written before it) the labels are taken as independent."""
    K = len(labels)
    cov = np.diag(np.asarray(se, float) ** 2)
    if h2h is None or not len(h2h) or "share_cov" not in h2h:
        return cov
    h = h2h[(h2h["kind"] == kind) & h2h["cell"].isin(set(g["cell"])) & (h2h["a"] != h2h["b"])]
    if "players" in h and "players" in g and len(g):
        h = h[h["players"] == g["players"].iloc[0]]
    idx = {x: i for i, x in enumerate(labels)}
    h = h[h["a"].astype(str).isin(idx) & h["b"].astype(str).isin(idx)]
    if h["share_cov"].isna().any():
        return cov
    ncell = g.set_index(["cell", "key"])["n"]
    na = ncell.reindex(list(zip(h["cell"], h["a"].astype(str)))).to_numpy(float)
    nb = ncell.reindex(list(zip(h["cell"], h["b"].astype(str)))).to_numpy(float)
    ia, ib = h["a"].astype(str).map(idx).to_numpy(), h["b"].astype(str).map(idx).to_numpy()
    acc = np.zeros((K, K))
    np.add.at(acc, (ia, ib), np.nan_to_num(h["share_cov"].to_numpy(float) * na * nb))
    nn = np.asarray(n, float)
    off = acc / np.outer(nn, nn)
    np.fill_diagonal(off, 0.0)
    return cov + off


def _heterogeneity(g: pd.DataFrame, se: pd.Series) -> pd.DataFrame:
    """Per label pooled over several cells: Cochran's Q of its win share minus the fair share
    across the cells (do the cells agree beyond their noise?), df, p, I^2 and the Holm-adjusted p
    over the labels tested."""
    from .stats import heterogeneity

    rows = []
    for key, d in g.assign(_se=se).groupby("key"):
        h = heterogeneity(d["win_share"] - d["fair_share"], d["_se"] ** 2)
        rows.append(dict(key=key, het_q=h["q"], het_df=h["df"], het_p=h["p"], het_i2=h["i2"]))
    out = pd.DataFrame(rows, columns=["key", "het_q", "het_df", "het_p", "het_i2"])
    tested = out["het_p"].notna()
    out["het_p_holm"] = np.nan
    if tested.any():
        out.loc[tested, "het_p_holm"] = _holm(out.loc[tested, "het_p"].to_numpy())
    return out


def _label_rankings(groups: pd.DataFrame, comps: pd.DataFrame, kind: str, players: int,
                    h2h: pd.DataFrame | None = None, margin: float = MARGIN) -> pd.DataFrame:
    """Pooled over the cells with this player count that mix labels (a cell where every seat
    has the same label says nothing about it): win rate (Wilson, at the effective sample size of
    the per-game variance), win share with its interval, z and Holm-adjusted p against the fair
    share (1/N of the games someone won), the minimum detectable difference (mdd), the equivalence
    test (TOST within +-margin, Holm: equivalent), the bootstrap rank interval and P(best), the
    heterogeneity of the cells pooled (Cochran's Q per label) and the Plackett-Luce strength.
    attrs: cells (the cells pooled), heterogeneous (labels whose cells disagree, Holm), pl_groups,
    pl_converged."""
    from .rating import plackett_luce
    from .stats import equivalence_p, mdd, rank_intervals, wilson_se

    g = groups[(groups["kind"] == kind) & (groups["players"] == players)]
    g = g[g.groupby("cell")["key"].transform("nunique") > 1]
    if g.empty:
        return pd.DataFrame()
    se = _share_se(g)
    wse = g["win_rate_se"] if "win_rate_se" in g else pd.Series(np.nan, index=g.index)
    het = _heterogeneity(g, se)
    g = g.assign(share_n=g["win_share"] * g["n"], var_n2=(se * g["n"]) ** 2, fair_n=g["fair_share"] * g["n"],
                 wvar_n2=(wse * g["n"]) ** 2)
    agg = g.groupby("key").agg(n=("n", "sum"), wins=("wins", "sum"), share_n=("share_n", "sum"),
                               var_n2=("var_n2", "sum"), fair_n=("fair_n", "sum"),
                               wvar_n2=("wvar_n2", lambda v: v.sum(min_count=len(v)))).reset_index()
    agg["win_rate"] = agg["wins"] / agg["n"]
    ci = [wilson_se(w, n, math.sqrt(v) / n if np.isfinite(v) else float("nan"))
          for w, n, v in zip(agg["wins"], agg["n"], agg["wvar_n2"])]
    agg["ci_low"] = [c[0] for c in ci]
    agg["ci_high"] = [c[1] for c in ci]
    agg["win_share"] = agg["share_n"] / agg["n"]
    share_se = np.sqrt(agg["var_n2"]) / agg["n"]
    agg["share_se"] = share_se
    agg["share_ci_low"] = agg["win_share"] - Z95 * share_se
    agg["share_ci_high"] = agg["win_share"] + Z95 * share_se
    fair = agg["fair_share"] = agg["fair_n"] / agg["n"]
    z = (agg["win_share"] - fair) / share_se.replace(0, np.nan)
    agg["z"] = z
    p = 2 * (1 - np.array([NormalDist().cdf(abs(v)) if np.isfinite(v) else 0.5 for v in z]))
    agg["p_holm"] = _holm(p)
    # what "not distinguishable from fair" is worth, and when fair is shown
    agg["mdd"] = mdd(share_se)
    agg["margin"] = margin
    pe = equivalence_p(agg["win_share"] - fair, share_se, margin)
    agg["equiv_p"] = pe
    agg["equiv_p_holm"] = _holm(np.nan_to_num(pe, nan=1.0))
    agg["equivalent"] = agg["equiv_p_holm"] < ALPHA
    cov = _pooled_cov(h2h, g, kind, list(agg["key"]), agg["n"], share_se.to_numpy())
    r = rank_intervals(agg["win_share"].to_numpy(), cov)
    agg["rank_low"], agg["rank_high"], agg["p_best"] = r["rank_low"], r["rank_high"], r["p_best"]
    agg = agg.merge(het, on="key", how="left")
    c = comps[(comps["kind"] == kind) & (comps["players"] == players)] if len(comps) else comps
    pl_groups, pl_converged = 1, True
    if len(c):
        pooled = c.groupby("members").agg(games=("games", "sum")).reset_index()
        # shares are per member position: sum them across cells of the same composition
        sh = {}
        for m, shares in zip(c["members"], c["shares"]):
            v = np.array([float(x) for x in str(shares).split(",")])
            sh[m] = sh.get(m, 0) + v
        pooled["shares"] = [",".join(repr(float(x)) for x in sh[m]) for m in pooled["members"]]
        fit = plackett_luce(pooled)
        pl_groups, pl_converged = fit.attrs.get("groups", 1), fit.attrs.get("converged", True)
        fit = fit.set_index("label")
        agg["strength"] = agg["key"].map(fit["strength"])
        agg["strength_ci_low"] = agg["key"].map(fit["ci_low"])
        agg["strength_ci_high"] = agg["key"].map(fit["ci_high"])
        agg["strength_group"] = agg["key"].map(fit["group"])
        agg["strength_status"] = agg["key"].map(fit["status"]).fillna("")
    agg = agg.drop(columns=["share_n", "var_n2", "fair_n", "wvar_n2"]).rename(columns={"key": kind})
    out = agg.sort_values("win_share", ascending=False, ignore_index=True)
    out.attrs.update(cells=sorted(int(x) for x in g["cell"].unique()),
                     heterogeneous=list(out.loc[out["het_p_holm"] < ALPHA, kind]),
                     pl_groups=int(pl_groups), pl_converged=bool(pl_converged))
    return out


def _chart_h2h(h2h: pd.DataFrame, kind: str, players: int, path: Path) -> bool:
    d = h2h[(h2h["kind"] == kind) & (h2h["players"] == players)]
    if d.empty:
        return False
    d = d.assign(share_n=d["win_share"] * d["n"])
    m = d.groupby(["a", "b"]).agg(share_n=("share_n", "sum"), n=("n", "sum")).reset_index()
    m["share"] = m["share_n"] / m["n"]
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
                if np.isfinite(v):
                    ax.text(j, i, f"{100 * v:.0f}", ha="center", va="center", fontsize=7)
    fig.colorbar(im, ax=ax, label=f"win share of A (fair {fair:.3f})")
    ax.set_title(f"Head to head, {players} players: A's win share when B plays", fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    return True


def _chart_strength(rank: pd.DataFrame, kind: str, players: int, path: Path) -> bool:
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
                fmt="o", capsize=3)
    ax.axvline(1.0, color="grey", ls="--", lw=1, label="average (1)")
    ax.set_yticks(y, r[kind])
    ax.set_xscale("log")
    from matplotlib.ticker import NullFormatter

    ax.xaxis.set_minor_formatter(NullFormatter())
    ax.set_xlabel("Plackett-Luce strength (log scale, 95% interval)")
    ax.set_title(f"{kind} strength, {players} players", fontsize=10)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    return True


CONTROL_SUFFIX = " (no power)"  # label of a seat that holds the same attribute but plays it switched off


def _label_name(kind: str) -> str:
    return kind.replace("_", " ")


def _control_kinds(groups: pd.DataFrame) -> dict[str, str]:
    """Label kinds that pair "X" with "X (no power)" (seats holding X with its power switched off:
    a control), mapped to the plain kind they refine ("alien_power" -> "alien")."""
    out = {}
    for kind in groups["kind"].unique():
        keys = groups.loc[groups["kind"] == kind, "key"].astype(str)
        if keys.str.endswith(CONTROL_SUFFIX).any() or kind.endswith("_power"):
            base = kind[:-len("_power")] if kind.endswith("_power") else kind
            out[kind] = base
    return out


def _control_cells(groups: pd.DataFrame, ctl_kind: str | None, players: int) -> set[int]:
    """Cells with this player count where some seat plays its label switched off (a control seat)."""
    if ctl_kind is None:
        return set()
    g = groups[(groups["kind"] == ctl_kind) & (groups["players"] == players)]
    return {int(c) for c in g.loc[g["key"].astype(str).str.endswith(CONTROL_SUFFIX), "cell"]}


def _ranking_lineups(groups: pd.DataFrame, ctl_kind: str | None,
                     players: int) -> tuple[dict[str, list[int]], str | None]:
    """The strategies a label ranking was played under: strategy X -> the cells with this player
    count where every seat plays X and uses its power ("the ranking under X"), in cell order; and
    the primary one: the strategy the control seats' opponents play (the contribution compares
    against it), else the first. Cells whose seats play different strategies, and control cells,
    give no such ranking."""
    st = groups[(groups["kind"] == "strategy") & (groups["players"] == players)]
    ctl = _control_cells(groups, ctl_kind, players)
    out: dict[str, list[int]] = {}
    for cell, d in sorted(st.groupby("cell"), key=lambda kv: int(kv[0])):
        keys = d["key"].astype(str).unique()
        if len(keys) == 1 and int(cell) not in ctl:
            out.setdefault(str(keys[0]), []).append(int(cell))
    if not out:
        return out, None
    opponents = set(st.loc[st["cell"].isin(ctl), "key"].astype(str))
    primary = next((x for x in out if x in opponents), next(iter(out)))
    return out, primary


def _reference_cells(groups: pd.DataFrame, ctl_kind: str | None, players: int) -> list[int] | None:
    """Cells with this player count where no seat plays its label switched off (every seat uses
    its power); None when there is no such restriction to make (no control kind, or no such cell).
    When the labels were ranked under several strategies, only the cells of the primary one (the
    strategy the control's opponents play; see _ranking_lineups)."""
    if ctl_kind is None:
        return None
    g = groups[(groups["kind"] == ctl_kind) & (groups["players"] == players)]
    has_ctl = g.groupby("cell")["key"].agg(lambda k: k.astype(str).str.endswith(CONTROL_SUFFIX).any())
    ref = sorted(int(c) for c in has_ctl.index[~has_ctl.to_numpy(bool)])
    if not ref or len(ref) == has_ctl.size:
        return None
    lineups, primary = _ranking_lineups(groups, ctl_kind, players)
    return lineups[primary] if len(lineups) >= 2 else ref


def _has_control(groups: pd.DataFrame, ctl_kind: str | None, players: int) -> bool:
    if ctl_kind is None:
        return False
    g = groups[(groups["kind"] == ctl_kind) & (groups["players"] == players)]
    return bool(g["key"].astype(str).str.endswith(CONTROL_SUFFIX).any())


def _pct_ci(p, lo, hi) -> str:
    return _pct(p, lo, hi).replace("95% CI ", "")


def _pp(v: float) -> str:
    return f"{100 * v:+.1f}"


def _fmt_p(p: float) -> str:
    if not np.isfinite(p):
        return "–"
    return "<0.0001" if p < 1e-4 else f"{p:.4f}" if p < 0.01 else f"{p:.3f}"


def _ranking_fair(rank: pd.DataFrame, players: int) -> float:
    """The fair share a ranking is judged against (1/N, less where games ended without a winner)."""
    return float(rank["fair_share"].mean()) if "fair_share" in rank else 1.0 / players


def _ranking_display(rank: pd.DataFrame, kind: str, players: int) -> pd.DataFrame:
    """The ranking as a readable table (percentages with intervals, verdicts)."""
    fair = _ranking_fair(rank, players)
    rows = []
    for i, r in rank.iterrows():
        row = {"rank": i + 1, _label_name(kind): r[kind], "player-games": f"{int(r['n']):,}",
               "win rate (95% CI)": _pct_ci(r["win_rate"], r["ci_low"], r["ci_high"]),
               "win share (95% CI)": _pct_ci(r["win_share"], r["share_ci_low"], r["share_ci_high"]),
               f"vs fair {_pct(fair)} (pp)": _pp(r["win_share"] - r.get("fair_share", fair)),
               "Holm p": _fmt_p(r["p_holm"]), "verdict": r["verdict"]}
        if "mdd" in rank:
            row["MDD (pp)"] = f"{100 * r['mdd']:.1f}"
            row["equivalence (TOST)"] = r.get("equivalence", "")
            row["rank (95% interval)"] = (f"{int(r['rank_low'])}–{int(r['rank_high'])}"
                                          if r["rank_low"] != r["rank_high"] else f"{int(r['rank_low'])}")
            row["P(best)"] = f"{100 * r['p_best']:.0f}%" if r["p_best"] >= 0.005 or r["p_best"] == 0 else "<1%"
        if "strength" in rank:
            status = r.get("strength_status", "")
            status = status if isinstance(status, str) else ""
            row["Plackett-Luce strength (95% CI)"] = (
                status if status else
                f"{r['strength']:.3f} ({r['strength_ci_low']:.3f}–{r['strength_ci_high']:.3f})"
                if np.isfinite(r["strength"]) and np.isfinite(r["strength_ci_low"]) else "no finite estimate")
        rows.append(row)
    return pd.DataFrame(rows)


def _hbars(ax, x, y, lo, hi, colors):
    """Points with horizontal 95% error bars, one colour per point."""
    for c in dict.fromkeys(colors):
        m = np.array([k == c for k in colors])
        ax.errorbar(x[m], y[m], xerr=[lo[m], hi[m]], fmt="o", ms=4, color=c, ecolor=c, capsize=3, zorder=3)


def _chart_ranking(rank: pd.DataFrame, kind: str, players: int, path: Path, by: str | None = None) -> bool:
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
    _hbars(ax, r["win_share"].to_numpy(), y, (r["win_share"] - r["share_ci_low"]).to_numpy(),
           (r["share_ci_high"] - r["win_share"]).to_numpy(), colors)
    fair = _ranking_fair(rank, players)
    ax.axvline(fair, color="k", ls="--", lw=1, label=f"fair share {fair:.3f}" if abs(fair - 1 / players) > 5e-4
               else f"fair share 1/{players}")
    ax.set_yticks(y, r[kind], fontsize=8)
    ax.set_xlabel("win share (a joint win counts 1/k), 95% interval")
    ax.scatter([], [], c="C3", s=18, label="above fair (Holm)")
    ax.scatter([], [], c="C0", s=18, label="below fair (Holm)")
    ax.legend(fontsize=7, loc="lower right")
    ax.grid(axis="x", alpha=0.3)
    ax.set_title(f"{_label_name(kind).capitalize()} win share, {players} players"
                 + (f", bots playing {by}" if by else ""), fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    return True


def _pool_labels(g: pd.DataFrame) -> pd.DataFrame:
    """Per key over cells: player-games, wins, win share and its standard error."""
    se = (g["share_ci_high"] - g["share_ci_low"]) / (2 * Z95)
    g = g.assign(share_n=g["win_share"] * g["n"], var_n2=(se * g["n"]) ** 2)
    agg = g.groupby("key").agg(n=("n", "sum"), wins=("wins", "sum"), share_n=("share_n", "sum"),
                               var_n2=("var_n2", "sum"))
    agg["win_rate"] = agg["wins"] / agg["n"]
    agg["win_share"] = agg["share_n"] / agg["n"]
    agg["share_se"] = np.sqrt(agg["var_n2"]) / agg["n"]
    return agg


def _contributions(groups: pd.DataFrame, ctl_kind: str, players: int) -> tuple[pd.DataFrame, list[int] | None]:
    """Per label X: win share of X played with its power minus X played switched off (the control),
    95% interval, z and Holm-adjusted p over the labels. With-power results come from the cells
    where every seat uses its power (the control's opponents are such seats too), if any."""
    g = groups[(groups["kind"] == ctl_kind) & (groups["players"] == players)]
    keys = g["key"].astype(str)
    ctl = g[keys.str.endswith(CONTROL_SUFFIX)]
    if ctl.empty:
        return pd.DataFrame(), None
    ref = _reference_cells(groups, ctl_kind, players)
    pw = g[~keys.str.endswith(CONTROL_SUFFIX) & (keys != "none")]
    if ref is not None:
        pw = pw[pw["cell"].isin(ref)]
    a = _pool_labels(pw)
    b = _pool_labels(ctl.assign(key=ctl["key"].str[:-len(CONTROL_SUFFIX)]))
    both = a.add_suffix("_p").join(b.add_suffix("_c"), how="inner")
    if both.empty:
        return pd.DataFrame(), ref
    d = both["win_share_p"] - both["win_share_c"]
    se = np.sqrt(both["share_se_p"] ** 2 + both["share_se_c"] ** 2)
    z = d / se.replace(0, np.nan)
    p = 2 * (1 - np.array([NormalDist().cdf(abs(v)) if np.isfinite(v) else 0.5 for v in z]))
    out = pd.DataFrame(dict(label=both.index, n_power=both["n_p"], share_power=both["win_share_p"],
                            se_power=both["share_se_p"], win_rate_power=both["win_rate_p"],
                            n_control=both["n_c"], share_control=both["win_share_c"],
                            se_control=both["share_se_c"], win_rate_control=both["win_rate_c"],
                            contribution=d, ci_low=d - Z95 * se, ci_high=d + Z95 * se, z=z, p=p,
                            p_holm=_holm(p)))
    out["verdict"] = np.where(out["p_holm"] < ALPHA, np.where(out["contribution"] > 0, "power helps",
                                                               "power hurts"), "")
    out = out.sort_values("contribution", ascending=False, ignore_index=True)
    labels = set(both.index)
    used = pd.concat([pw[pw["key"].isin(labels)]["cell"],
                      ctl[ctl["key"].str[:-len(CONTROL_SUFFIX)].isin(labels)]["cell"]])
    out.attrs["cells"] = sorted(int(c) for c in used.unique())  # the cells that contributed
    return out, ref


def _chart_contribution(con: pd.DataFrame, base: str, players: int, path: Path) -> bool:
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
    _hbars(ax, x.to_numpy(), y, (x - 100 * r["ci_low"]).to_numpy(), (100 * r["ci_high"] - x).to_numpy(), colors)
    ax.axvline(0, color="k", lw=1)
    ax.set_yticks(y, r["label"], fontsize=8)
    ax.set_xlabel("win share with the power minus without it (percentage points, 95% interval)")
    ax.grid(axis="x", alpha=0.3)
    ax.set_title(f"What each {base} power is worth, {players} players (vs the nopower control)", fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    return True


def _contribution_block(con: pd.DataFrame, ref, base: str, players: int) -> str:
    esc = html.escape
    rows = []
    for i, r in con.iterrows():
        rows.append({"rank": i + 1, base: r["label"],
                     "with power: win share (95% CI)": _pct_ci(r["share_power"], r["share_power"] - Z95 * r["se_power"],
                                                               r["share_power"] + Z95 * r["se_power"]),
                     "player-games": f"{int(r['n_power']):,}",
                     "power off (nopower): win share (95% CI)": _pct_ci(
                         r["share_control"], r["share_control"] - Z95 * r["se_control"],
                         r["share_control"] + Z95 * r["se_control"]),
                     "player-games ": f"{int(r['n_control']):,}",
                     "contribution, pp (95% CI)": f"{_pp(r['contribution'])} ({_pp(r['ci_low'])} to {_pp(r['ci_high'])})",
                     "win rate with / without": f"{100 * r['win_rate_power']:.1f}% / {100 * r['win_rate_control']:.1f}%",
                     "Holm p": _fmt_p(r["p_holm"]), "verdict": r["verdict"]})
    where = (f"the cells where every seat plays its power (cell{'s' if len(ref) > 1 else ''} "
             f"{', '.join(map(str, ref))}), so both face the same kind of opposition" if ref is not None else
             "all cells with this player count (no cell without a control seat: the opponents of the two "
             "differ slightly)")
    return (f"<h3>The power's own contribution, {players} players</h3>"
            f"<p class='muted'>Each {esc(base)} played with its power by <code>basic</code> against the same "
            f"{esc(base)} held face down by the <code>nopower</code> control (the same heuristic, power never "
            f"used). With-power results are pooled over {esc(where)}; control results over the cells with a "
            f"nopower seat. Contribution = difference in win share (percentage points); verdicts use "
            f"Holm-corrected two-sided tests over the {len(con)} {esc(base)}s (family-wise alpha {ALPHA}).</p>"
            f"<div class='scroll'>{_table(pd.DataFrame(rows))}</div>")


def _label_findings(show: pd.DataFrame, kind: str, players: int, note: str = "") -> list[str]:
    """Plain-language summary of one ranking: who is above / below the fair share (`note`, e.g.
    which strategy played it, is added to the first sentence)."""
    name = _label_name(kind)
    fair = _pct(_ranking_fair(show, players))
    sig = show[show["verdict"] != ""]
    note = f" {note}" if note else ""
    if sig.empty:
        return [f"With {players} players, no {name} differs significantly from the fair share {fair} after "
                f"Holm correction over {len(show)} {name}s.{note}"]
    out = []
    above = [f"{r[kind]} {_pct(r['win_share'], r['share_ci_low'], r['share_ci_high'])}"
             for _, r in sig[sig["verdict"] == "above fair"].iterrows()]
    below = [f"{r[kind]} {_pct(r['win_share'], r['share_ci_low'], r['share_ci_high'])}"
             for _, r in sig[sig["verdict"] == "below fair"].iterrows()]
    n_fair = len(show) - len(sig)
    if kind == "strategy":
        out.append(f"With {players} players, {kind} win shares that differ from the fair {fair} after Holm "
                   f"correction: " + "; ".join([f"{x} (above fair)" for x in above]
                                                + [f"{x} (below fair)" for x in below]) + ".")
        return out
    text = f"With {players} players, "
    if above:
        text += f"over-powered {name}s (win share above the fair {fair}, Holm-corrected over {len(show)}): " \
                + "; ".join(above)
    if below:
        text += ("; " if above else "") + f"under-powered (below {fair}): " + "; ".join(below)
    text += f". {n_fair} of {len(show)} {name}s {'is' if n_fair == 1 else 'are'} not distinguishable from fair."
    out.append(text + note)
    est = show[np.isfinite(show["strength_ci_low"])] if "strength_ci_low" in show else show.iloc[:0]
    if len(est):
        best = est.loc[est["strength"].idxmax()]
        worst = est.loc[est["strength"].idxmin()]
        out.append(f"With {players} players, the Plackett-Luce strengths (fitted from every table composition) "
                   f"range from {worst[kind]} {worst['strength']:.2f} (95% CI {worst['strength_ci_low']:.2f}–"
                   f"{worst['strength_ci_high']:.2f}) to {best[kind]} {best['strength']:.2f} "
                   f"({best['strength_ci_low']:.2f}–{best['strength_ci_high']:.2f}); 1 is the average {name}"
                   + (" of its group (groups that never meet are fitted separately)."
                      if show.attrs.get("pl_groups", 1) > 1 else "."))
    note = _strength_note(show, name)
    if note:
        out.append(f"With {players} players: {note}")
    return out


def _contribution_findings(con: pd.DataFrame, base: str, players: int) -> list[str]:
    helps = con[con["verdict"] == "power helps"]
    hurts = con[con["verdict"] == "power hurts"]
    fmt = lambda r: f"{r['label']} {_pp(r['contribution'])} pp ({_pp(r['ci_low'])} to {_pp(r['ci_high'])})"  # noqa: E731
    mean = con["contribution"].mean()
    text = (f"With {players} players, the {base} power itself (vs the same {base} played face down by the nopower "
            f"control) is worth {_pp(mean)} pp of win share on average over {len(con)} {base}s. ")
    if len(helps):
        text += f"It helps significantly (Holm-corrected) for {len(helps)}: " + "; ".join(fmt(r) for _, r in
                                                                                         helps.iterrows()) + ". "
    if len(hurts):
        text += f"It hurts its holder for {len(hurts)}: " + "; ".join(fmt(r) for _, r in hurts.iterrows()) + ". "
    rest = len(con) - len(helps) - len(hurts)
    if rest:
        text += f"{rest} show no significant effect."
    return [text.strip()]


def _provenance(groups, players, cells=None) -> dict:
    """Where a pooled table's rows came from: the cells, seeds and simsuite versions of its games
    (`cells`: exactly the cells that contributed, e.g. a ranking's attrs["cells"])."""
    g = groups[groups["players"] == players] if "players" in groups.columns else groups
    if cells is not None:
        g = g[g["cell"].isin(list(cells))]

    def values(c):
        return ";".join(sorted({str(v) for v in g[c]})) if c in g.columns else ""

    return dict(cells=";".join(str(c) for c in sorted({int(c) for c in g["cell"]})), seed=values("seed"),
                simsuite_version=values("simsuite_version"))


def _played_by(groups: pd.DataFrame, cells, players: int) -> str | None:
    """The one strategy every seat of these cells plays, else None."""
    st = groups[(groups["kind"] == "strategy") & (groups["players"] == players)]
    if cells is not None:
        st = st[st["cell"].isin(cells)]
    keys = st["key"].astype(str).unique()
    return str(keys[0]) if len(keys) == 1 else None


def _robustness_anchor(kind: str, players: int) -> str:
    return f"robustness-{kind.replace('_', '-')}-{players}p"


def _skill_anchor(kind: str, players: int) -> str:
    return f"skill-{kind.replace('_', '-')}-{players}p"


def _skill_note(kind: str, players: int, by: str | None, others: list[str]) -> tuple[str, str]:
    """What a single-strategy ranking says about skill: (HTML for its section, plain text for the
    findings). Every label ranking depends on how well the bots play."""
    name = _label_name(kind)
    who = f"bots playing {by} at every seat" if by else "the line-ups of these cells"
    if others:
        anchor = _skill_anchor(kind, players)
        html_ = (f"This is the ranking for {html.escape(who)}. A ranking depends on how well the bots play: the "
                 f"same {html.escape(name)}s under {html.escape(_join(others))} are compared in the "
                 f"<a href='#{anchor}'>skill-sensitivity table</a> (robustness, {players} players) below.")
        text = (f"This ranking is for {who}; it depends on how well the bots play (see the skill-sensitivity "
                f"table, {players} players).")
    else:
        html_ = (f"This is the ranking for {html.escape(who)}. A ranking depends on how well the bots play; this "
                 f"sweep ranks the {html.escape(name)}s under one strategy only, so the report has no "
                 f"skill-sensitivity table (name a second ranking strategy in the sweep for one: README, "
                 f"Aliens).")
        text = f"This ranking is for {who}; it depends on how well the bots play (one strategy measured)."
    return html_, text


def _plural(name: str) -> str:
    return name[:-1] + "ies" if name.endswith("y") else name + "s"


def _ranking_columns_note(margin: float) -> str:
    """What the analyst's columns of a ranking table mean."""
    return (f"MDD: the minimum detectable difference, the smallest true gap to the fair share this ranking "
            f"finds with 80% power (two-sided alpha {ALPHA}; (z 0.975 + z 0.8) × standard error = 2.80 se): a "
            f"value not distinguishable from fair may still be off by about that much. “Fair within "
            f"±{100 * margin:g} pp”: two one-sided tests (TOST, Holm-corrected) show the win share within "
            f"±{100 * margin:g} percentage points of the fair share (the margin is the report's --margin). Rank "
            f"(95% interval) and P(best): a parametric bootstrap of the win shares from their estimates, standard "
            f"errors and covariances (shares of one table are negatively correlated), 4,000 draws, fixed seed; "
            f"P(best) is the share of draws in which the value has the highest win share.")


def _strength_note(rank: pd.DataFrame, name: str) -> str:
    """Plackett-Luce caveats: labels in groups that never meet, strengths that did not converge."""
    if "strength" not in rank:
        return ""
    parts = []
    k = rank.attrs.get("pl_groups", 1)
    if k > 1:
        parts.append(f"The {_plural(name)} form {k} groups that never meet at a table with a winner: "
                     f"Plackett-Luce strengths are fitted separately per group (strength_group in the CSV) and "
                     f"compare only within a group.")
    if not rank.attrs.get("pl_converged", True):
        parts.append("The Plackett-Luce fit did not converge: its strengths are not shown.")
    st = rank.get("strength_status", pd.Series(dtype=str)).fillna("")
    nf = rank.loc[st.str.startswith("no finite estimate"), rank.columns[0]]
    if len(nf):
        parts.append(f"No finite Plackett-Luce strength for {_join([str(x) for x in nf])} (never won, never lost "
                     f"or never beat the others: the likelihood grows without bound).")
    return " ".join(parts)


def _heterogeneity_warning(rank: pd.DataFrame, kind: str, players: int) -> str:
    """A warning when the cells pooled into a ranking disagree beyond their noise (Cochran's Q per
    label, Holm-corrected): pooling then averages over different results."""
    bad = rank.attrs.get("heterogeneous", [])
    if not bad:
        return ""
    name = _label_name(kind)
    rows = rank.set_index(kind).loc[bad]
    worst = ", ".join(f"{x} (Q = {r['het_q']:.1f}, df {int(r['het_df'])}, Holm p {_fmt_p(r['het_p_holm'])}, "
                      f"I² {100 * r['het_i2']:.0f}%)" for x, r in rows.iterrows())
    cells = rank.attrs.get("cells", [])
    return (f"With {players} players, the {len(cells)} cells pooled into the {name} ranking (cells "
            f"{', '.join(map(str, cells))}) disagree beyond their noise for {len(bad)} "
            f"{_plural(name) if len(bad) > 1 else name}: {worst}. Cochran's Q test of heterogeneity, "
            f"Holm-corrected; the pooled ranking averages over results that differ between the cells' parameters.")


def _players_tau_section(by_players: dict[int, pd.DataFrame], kind: str, out_dir: Path) -> tuple[str, list[str]]:
    """Kendall's tau between the rankings of the same labels at different player counts (each pair
    of consecutive counts), with the parametric-bootstrap interval of simsuite.robustness."""
    from .robustness import tau_bootstrap

    name = _label_name(kind)
    counts = sorted(by_players)
    rows, show, findings = [], [], []
    for a, b in zip(counts, counts[1:]):
        ra, rb = by_players[a].set_index(kind), by_players[b].set_index(kind)
        labels = [x for x in ra.index if x in rb.index]
        if len(labels) < 2:
            continue
        t = tau_bootstrap(ra.loc[labels, "win_share"], ra.loc[labels, "share_se"],
                          rb.loc[labels, "win_share"], rb.loc[labels, "share_se"])
        cells = sorted(set(by_players[a].attrs["cells"]) | set(by_players[b].attrs["cells"]))
        rows.append(dict(players_a=a, players_b=b, **t, cells=";".join(map(str, cells))))
        show.append({"rankings": f"{a} vs {b} players", _plural(name): t["labels"],
                     "Kendall's tau (95% interval)": f"{t['tau']:.2f} ({t['ci_low']:.2f} to {t['ci_high']:.2f})",
                     f"{name} pairs in the same order": f"{100 * t['concordant']:.0f}%",
                     "noise check": "noisy: pulled towards 0" if t["noisy"] else "ok"})
        findings.append(f"The {name} rankings at {a} and {b} players agree with Kendall's tau {t['tau']:.2f} (95% "
                        f"interval {t['ci_low']:.2f} to {t['ci_high']:.2f}; {100 * t['concordant']:.0f}% of {name} "
                        f"pairs in the same order)" + (": noisy, tau is pulled towards 0." if t["noisy"] else "."))
    if not rows:
        return "", []
    csv = f"tau_players_{kind}.csv"
    pd.DataFrame(rows).to_csv(out_dir / csv, index=False)
    html_ = (f"<h3>The {html.escape(name)} ranking across player counts</h3>"
             f"<p class='muted'>Kendall's tau-b between the rankings (win shares) at two player counts, over the "
             f"{html.escape(_plural(name))} both rank, with the parametric-bootstrap 95% interval of the "
             f"robustness section (simsuite.robustness.tau_bootstrap). <a href='{csv}'>CSV</a>.</p>"
             f"<div class='scroll'>{_table(pd.DataFrame(show))}</div>")
    return html_, findings


def _label_sections(res: dict, out_dir: Path, margin: float = MARGIN,
                    warnings: list[str] | None = None) -> tuple[str, list[str], list[tuple[str, str]], list[str]]:
    """Rankings, head-to-head heatmaps and strengths for every labelled seat attribute; for label
    kinds with a switched-off control ("X (no power)"), the contribution of the power itself; for
    labels ranked under several strategies (cells where every seat plays one strategy), the
    rankings side by side, their rank correlation and each label's skill sensitivity. Returns the
    HTML, the chart paths, (kind, finding) pairs and the headline sentences (with the anchor of
    their section). `margin`: the equivalence margin (win share); heterogeneity warnings are
    appended to `warnings`."""
    groups, h2h, comps = res["groups"], res.get("h2h", pd.DataFrame()), res.get("comps", pd.DataFrame())
    warnings = [] if warnings is None else warnings
    if groups.empty or "players" not in groups:
        return "", [], [], []
    groups = groups.assign(key=groups["key"].astype(str))
    ctl_kinds = _control_kinds(groups)
    refines = {base: k for k, base in ctl_kinds.items()}
    kinds = [k for k in groups["kind"].unique() if k not in ("seat", "position") and k not in ctl_kinds]
    blocks, charts, findings, headline = [], [], [], []
    esc = html.escape

    def restrict(cells):
        if cells is None:
            return groups, h2h, comps
        return (groups[groups["cell"].isin(cells)], h2h[h2h["cell"].isin(cells)] if len(h2h) else h2h,
                comps[comps["cell"].isin(cells)] if len(comps) else comps)

    def ranked(cells, players):
        g, hh, cc = restrict(cells)
        rank = _label_rankings(g, cc, kind, players, hh, margin)
        if len(rank):
            rank["verdict"] = np.where(rank["p_holm"] < ALPHA,
                                       np.where(rank["win_share"] > rank["fair_share"], "above fair", "below fair"),
                                       "")
            rank["equivalence"] = np.where(rank["equivalent"], f"fair within ±{100 * margin:g} pp", "")
        return rank

    for kind in kinds:
        name = _label_name(kind)
        by_players = {}
        for players in sorted(groups.loc[groups["kind"] == kind, "players"].unique()):
            players = int(players)
            ctl = refines.get(kind)
            lineups, primary = _ranking_lineups(groups, ctl, players) if kind != "strategy" else ({}, None)
            multi = len(lineups) >= 2
            ref = lineups[primary] if multi else _reference_cells(groups, ctl, players)
            g, hh, cc = restrict(ref)
            rank = ranked(ref, players)
            if len(rank) < 2:
                continue
            by = primary if multi else _played_by(groups, ref, players)
            others = [x for x in lineups if x != primary] if multi else []
            csv = f"ranking_{kind}_{players}p.csv"
            by_players[players] = rank
            used = rank.attrs["cells"]
            # the strategy the seats played (a strategy ranking's own column is the strategy ranked)
            played = {} if kind == "strategy" else dict(strategy=by or "")
            rank.assign(**played, **_provenance(g, players, used)).to_csv(out_dir / csv, index=False)
            if multi:
                pool = (f"Pooled over the cells with {players} players where every seat plays {by} and uses its "
                        f"power (cell{'s' if len(used) > 1 else ''} {', '.join(map(str, used))})"
                        + ("; the cells with a nopower control seat are used for the contribution below."
                           if _has_control(groups, ctl, players) else "."))
            else:
                pool = (f"Pooled over the cells with {players} players where every seat plays its power "
                        f"(cell{'s' if len(used) > 1 else ''} {', '.join(map(str, used))}); the cells with a nopower "
                        f"control seat are used for the contribution below." if ref is not None
                        else f"Pooled over the cells with {players} players that mix {_plural(name)} "
                        f"(cell{'s' if len(used) > 1 else ''} {', '.join(map(str, used))})"
                        + (" (every cell has a nopower control seat, so these results include seats that held "
                           f"the {name} face down)." if _has_control(groups, ctl, players) else "."))
            skill_html, skill_text = _skill_note(kind, players, by, others) if kind != "strategy" else ("", "")
            who = f": bots playing {by}" if by and kind != "strategy" else ""
            title = f"{name.capitalize()} ranking, {players} players" + (f" (bots playing {by})" if who else "")
            het = _heterogeneity_warning(rank, kind, players)
            if het:
                warnings.append(het)
                findings.append((kind, het))
            blocks.append(f"<h3>{esc(title)}</h3>"
                          + (f"<p class='warn'>⚠ {esc(het)}</p>" if het else "")
                          + f"<p class='muted'>{esc(pool)} Win rate: games won, a joint win counting as a win "
                          f"(Wilson 95% interval). Win share counts a joint win as 1/k, so it sums to 1 over the "
                          f"table; the fair share is 1/{players} = {_pct(1 / players)}. Intervals count games, not "
                          f"player-games (a {esc(name)} at several seats of a table wins or loses with them "
                          f"together). Verdicts use Holm-corrected "
                          f"two-sided tests of the win share against the fair share over the {len(rank)} "
                          f"{esc(name)} values (family-wise alpha {ALPHA}). "
                          f"{esc(_ranking_columns_note(margin))} "
                          f"<a href='{csv}'>All columns as CSV</a>.</p>"
                          + (f"<p class='note'>{esc(_strength_note(rank, name))}</p>" if _strength_note(rank, name)
                             else "")
                          + (f"<p class='note'>{skill_html}</p>" if skill_html else "")
                          + f"<div class='scroll'>{_table(_ranking_display(rank, kind, players))}</div>")
            findings += [(kind, f) for f in _label_findings(rank, kind, players, skill_text)]
            jobs = [(f"h2h_{kind}_{players}p.png", f"Head to head ({name}, {players} players){who}",
                     lambda p: _chart_h2h(hh, kind, players, p) if len(hh) else False),
                    (f"strength_{kind}_{players}p.png", f"Plackett-Luce strength ({name}, {players} players){who}",
                     lambda p: _chart_strength(rank, kind, players, p))]
            if kind != "strategy":
                jobs.insert(0, (f"ranking_{kind}_{players}p.png",
                                f"{name.capitalize()} win share, {players} players{who}",
                                lambda p: _chart_ranking(rank, kind, players, p, by)))
            for fname, title, draw in jobs:
                path = out_dir / fname
                if draw(path):
                    charts.append(str(path))
                    blocks.append(f"<figure><figcaption>{esc(title)}</figcaption>"
                                  f"<img src='{fname}' alt='{esc(title)}'></figure>")
            if ctl is not None:
                con, cref = _contributions(groups, ctl, players)
                if not con.empty:
                    csv = f"contribution_{kind}_{players}p.csv"
                    con.assign(**_provenance(groups, players, con.attrs["cells"])).to_csv(out_dir / csv, index=False)
                    blocks.append(_contribution_block(con, cref, name, players)
                                  + f"<p class='muted'><a href='{csv}'>All columns as CSV</a>.</p>")
                    findings += [(kind, f) for f in _contribution_findings(con, name, players)]
                    fname = f"contribution_{kind}_{players}p.png"
                    if _chart_contribution(con, name, players, out_dir / fname):
                        title = f"The power's own contribution ({name}, {players} players)"
                        charts.append(str(out_dir / fname))
                        blocks.append(f"<figure><figcaption>{esc(title)}</figcaption>"
                                      f"<img src='{fname}' alt='{esc(title)}'></figure>")
            if multi:
                ranks = {primary: rank}
                ranks.update({x: ranked(lineups[x], players) for x in others})
                ranks = {x: r for x, r in ranks.items() if len(r) >= 2}
                if len(ranks) >= 2:
                    html_, ch, fs, hl = _robustness_section(ranks, lineups, groups, kind, players, out_dir)
                    blocks += [html_] if html_ else []
                    charts += ch
                    findings += [(kind, f) for f in fs]
                    headline += hl
        if len(by_players) >= 2:
            html_, fs = _players_tau_section(by_players, kind, out_dir)
            blocks += [html_] if html_ else []
            findings += [(kind, f) for f in fs]
    return "".join(blocks), charts, findings, headline


def _robustness_section(ranks: dict[str, pd.DataFrame], lineups: dict[str, list[int]], groups: pd.DataFrame,
                        kind: str, players: int, out_dir: Path) -> tuple[str, list[str], list[str], list[str]]:
    """The label ranking under each strategy side by side (table and chart), Kendall's tau between
    every pair of rankings with its bootstrap interval, each label's skill sensitivity (difference in
    win share between two strategies) and the verdict sentence. Returns HTML, charts, findings and
    the headline sentence."""
    from .robustness import NOISY_RATIO, skill_sensitivity, tau_bootstrap, verdict_sentence

    esc = html.escape
    name = _label_name(kind)
    strategies = list(ranks)
    first = ranks[strategies[0]].set_index(kind)
    labels = [x for x in first.index if all(x in set(r[kind]) for r in ranks.values())]
    if len(labels) < 2:
        return "", [], [], []
    by = {x: r.set_index(kind).loc[labels] for x, r in ranks.items()}
    pairs = [(a, b) for i, a in enumerate(strategies) for b in strategies[i + 1:]]
    anchor = _robustness_anchor(kind, players)
    fairs = {x: _ranking_fair(r, players) for x, r in ranks.items()}
    fair = fairs[strategies[0]]
    fair_note = ("" if max(fairs.values()) - min(fairs.values()) < 5e-4 else
                 " Some games ended without a winner, so the fair shares differ: "
                 + ", ".join(f"{_pct(v)} under {x}" for x, v in fairs.items())
                 + "; part of a difference in win share comes from that.")

    # 1. side by side
    cols = {(name, ""): labels}
    for x in strategies:
        r = by[x]
        order = r["win_share"].rank(ascending=False, method="min").astype(int)
        cols[(f"under {x}", "win share (95% CI)")] = [_pct_ci(v, lo, hi) for v, lo, hi in
                                                      zip(r["win_share"], r["share_ci_low"], r["share_ci_high"])]
        cols[(f"under {x}", "rank")] = order.tolist()
        cols[(f"under {x}", "verdict")] = [v or "fair" for v in r["verdict"]]
    side = pd.DataFrame(cols)
    side.columns = pd.MultiIndex.from_tuples(side.columns)
    long = pd.concat([r.assign(strategy=x, **_provenance(groups, players, r.attrs["cells"]))
                      for x, r in ranks.items()], ignore_index=True)
    csv_rank = f"ranking_{kind}_{players}p_by_strategy.csv"
    long.to_csv(out_dir / csv_rank, index=False)

    # 2. rank correlation
    tau_rows, tau_show = [], []
    for a, b in pairs:
        t = tau_bootstrap(by[a]["win_share"], by[a]["share_se"], by[b]["win_share"], by[b]["share_se"])
        tau_rows.append(dict(strategy_a=a, strategy_b=b, **t))
        tau_show.append({"rankings": f"{a} vs {b}", f"{name}s": t["labels"],
                         "Kendall's tau (95% interval)": f"{t['tau']:.2f} ({t['ci_low']:.2f} to {t['ci_high']:.2f})",
                         f"{name} pairs in the same order": f"{100 * t['concordant']:.0f}%",
                         "pairs closer than their noise": t["uncertain_pairs"],
                         "pairs ordered differently": t["discordant_pairs"],
                         "noise check": "noisy: pulled towards 0" if t["noisy"] else "ok"})
    prov = _provenance(groups, players, sorted({c for r in ranks.values() for c in r.attrs["cells"]}))
    csv_tau = f"tau_{kind}_{players}p.csv"
    pd.DataFrame(tau_rows).assign(**prov).to_csv(out_dir / csv_tau, index=False)

    # 3. skill sensitivity
    skill_cols = {(name, ""): labels}
    skill_long, moved = [], {}
    for a, b in pairs:
        d = skill_sensitivity(by[a]["win_share"], by[a]["share_se"], by[b]["win_share"], by[b]["share_se"],
                              alpha=ALPHA)
        verdict = np.where(d["sig"], np.where(d["diff"] > 0, f"higher under {b}", f"lower under {b}"), "")
        g = f"{b} − {a}"
        skill_cols[(g, "win share, pp (95% CI)")] = [f"{_pp(v)} ({_pp(lo)} to {_pp(hi)})" for v, lo, hi in
                                                     zip(d["diff"], d["ci_low"], d["ci_high"])]
        skill_cols[(g, "Holm p")] = [_fmt_p(v) for v in d["p_holm"]]
        skill_cols[(g, "verdict")] = list(verdict)
        skill_long.append(d.assign(label=labels, strategy_a=a, strategy_b=b, share_a=by[a]["win_share"].to_numpy(),
                                   se_a=by[a]["share_se"].to_numpy(), share_b=by[b]["win_share"].to_numpy(),
                                   se_b=by[b]["share_se"].to_numpy(), verdict=verdict))
        moved[(a, b)] = [f"{x} {_pp(v)} pp" for x, v, s in zip(labels, d["diff"], d["sig"]) if s]
    skill = pd.DataFrame(skill_cols)
    skill.columns = pd.MultiIndex.from_tuples(skill.columns)
    csv_skill = f"skill_{kind}_{players}p.csv"
    lead = ["label", "strategy_a", "strategy_b", "share_a", "se_a", "share_b", "se_b"]
    sk = pd.concat(skill_long, ignore_index=True)
    sk[lead + [c for c in sk.columns if c not in lead]].assign(**prov).to_csv(out_dir / csv_skill, index=False)

    # 4. the verdicts that hold under every strategy
    verdicts = pd.DataFrame({x: [v or "fair" for v in by[x]["verdict"]] for x in strategies}, index=labels)
    sentence = verdict_sentence(verdicts, noun=f"{name}s", players=players)

    findings = []
    for (a, b), t in zip(pairs, tau_rows):
        f = (f"With {players} players, the {name} rankings under {a} and under {b} agree with Kendall's tau "
             f"{t['tau']:.2f} (95% interval {t['ci_low']:.2f} to {t['ci_high']:.2f}; {100 * t['concordant']:.0f}% "
             f"of {name} pairs in the same order)")
        f += (f"; {len(moved[(a, b)])} {name}s' win shares differ significantly between them (Holm; {b} minus "
              f"{a}): " + ", ".join(moved[(a, b)]) + "." if moved[(a, b)]
              else f"; no {name}'s win share differs significantly between them (Holm).")
        if t["noisy"]:
            f += " The rankings are noisy for this comparison: tau and its interval are pulled towards 0."
        findings.append(f)

    charts, figs = [], []
    fname = f"robustness_{kind}_{players}p.png"
    if _chart_robustness(by, strategies, labels, kind, players, fairs, out_dir / fname):
        charts.append(str(out_dir / fname))
        title = f"{name.capitalize()} win share under each strategy, {players} players"
        figs.append(f"<figure><figcaption>{esc(title)}</figcaption><img src='{fname}' alt='{esc(title)}'></figure>")
    cells_of = "; ".join(f"{x}: cell{'s' if len(lineups[x]) > 1 else ''} {', '.join(map(str, lineups[x]))}"
                         for x in strategies)
    html_ = (f"<h3 id='{anchor}'>Robustness: the {esc(name)} ranking under {esc(_join(strategies))}, "
             f"{players} players</h3>"
             f"<p class='note'>{esc(sentence)}</p>"
             f"<p class='muted'>Each ranking comes from the cells where every seat plays that strategy "
             f"({esc(cells_of)}); "
             f"verdicts as in the ranking above (Holm-corrected over the {len(labels)} {esc(name)}s of each ranking; "
             f"fair = not distinguishable from the fair share"
             + (f" {_pct(fair)}). " if not fair_note else f" of that strategy).{fair_note} ")
             + f"<a href='{csv_rank}'>Every ranking as CSV</a>.</p>"
             f"<div class='scroll'>{_grouped_table(side)}</div>" + "".join(figs)
             + f"<h4>Rank correlation</h4>"
             f"<p class='muted'>Kendall's tau between two rankings of the same {esc(name)}s (scipy.stats.kendalltau, "
             f"tau-b, on the win shares): 1 = the same order, 0 = unrelated, −1 = reversed; without ties, "
             f"(1 + tau) / 2 of the {esc(name)} pairs are in the same order in both. The 95% interval is a "
             f"parametric bootstrap: the sweep keeps per-cell sums, not the games, so instead of resampling games "
             f"each {esc(name)}'s win share is drawn again from a normal distribution with its estimate and standard "
             f"error (2,000 draws, fixed seed). Noise swaps {esc(name)}s whose win shares are close, which pulls "
             f"tau and its interval towards 0; the noise check says when that matters: when the pairs closer than "
             f"their noise (counted in both rankings) are more than {NOISY_RATIO:g} times the pairs the rankings "
             f"order differently; tau and its interval are then too close to 0, and more games would help. "
             f"<a href='{csv_tau}'>CSV</a>.</p>"
             f"<div class='scroll'>{_table(pd.DataFrame(tau_show))}</div>"
             f"<h4 id='{_skill_anchor(kind, players)}'>Skill sensitivity</h4>"
             f"<p class='muted'>Per {esc(name)}: its win share under one strategy minus under the other, in "
             f"percentage points, with a 95% interval (the two come from different games, so their variances add); "
             f"column group “b − a” is the win share under b minus under a. "
             f"A large difference means the {esc(name)}'s strength depends on how well the bots play it and "
             f"against it. Verdicts use Holm-corrected two-sided tests over the {len(labels)} {esc(name)}s "
             f"(family-wise alpha {ALPHA}).{fair_note} <a href='{csv_skill}'>CSV</a>.</p>"
             f"<div class='scroll'>{_grouped_table(skill)}</div>")
    return html_, charts, findings, [(sentence, anchor)]


def _chart_robustness(by: dict[str, pd.DataFrame], strategies: list[str], labels: list[str], kind: str,
                      players: int, fairs: dict[str, float], path: Path) -> bool:
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
    ax.set_xlabel("win share (a joint win counts 1/k), 95% interval")
    ax.grid(axis="x", alpha=0.3)
    ax.set_title(f"{_label_name(kind).capitalize()} win share under each strategy, {players} players", fontsize=10)
    fig.legend(handles=handles, loc="outside lower center", ncols=min(3, len(handles)), fontsize=8, frameon=False)
    fig.savefig(path, dpi=110)
    return True


def check_out_dir(out_dir: Path) -> None:
    """Make the report directory, or BadInput on --out when it cannot be made or written to."""
    from .store import writable_dir

    writable_dir(out_dir, "--out")


def _chart_power_value(t: pd.DataFrame, players: int, path: Path) -> bool:
    """Each alien's power value (win share with the power minus face down) with its 95% interval,
    largest on top; green where it helps, red where it hurts (Holm), grey where not measurable."""
    import matplotlib.pyplot as plt

    d = t[t["players"] == players].sort_values("power_value")
    if d.empty:
        return False
    y = np.arange(len(d))
    fig, ax = plt.subplots(figsize=(7.5, 0.3 * len(d) + 1.4))
    colors = ["#2a7" if v == "helps" else ("#c33" if v == "hurts" else "#888") for v in d["verdict"]]
    x = d["power_value"].to_numpy() * 100
    _hbars(ax, x, y, x - d["power_value_lo"].to_numpy() * 100, d["power_value_hi"].to_numpy() * 100 - x, colors)
    ax.axvline(0, color="k", lw=0.8)
    ax.set_yticks(y, d["alien"])
    ax.set_xlabel("power value: win share with the power − face down (percentage points, 95% CI)")
    ax.set_title(f"What each power is worth alone among powerless basic players, {players} players", fontsize=10)
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def _power_value_section(res: dict, out_dir: Path) -> tuple[str, list[str], list[tuple[str, str]]]:
    """The power-value check (simsuite/power_value.py) for a sweep of one alien per table: HTML,
    chart paths and the headline sentences (with their anchor)."""
    from . import power_value as pv

    cells, groups = res["cells"], res["groups"]
    if not len(groups) or not pv.is_power_value_sweep(cells):
        return "", [], []
    t = pv.table(cells, groups)
    if t.empty:
        return "", [], []
    t.assign(seed=";".join(sorted({str(x) for x in cells["seed"]})), simsuite_version=__version__).to_csv(
        out_dir / "power_value.csv", index=False)
    charts, figs = [], []
    for n in sorted(t["players"].unique()):
        path = out_dir / f"power_value_{n}p.png"
        if _chart_power_value(t, int(n), path):
            charts.append(str(path))
            figs.append(f"<figure><img src='{path.name}' alt='power value, {n} players'></figure>")
    show = pd.DataFrame({
        "alien": t["alien"], "players": t["players"],
        "with power (basic)": [_pct_ci(a, b, c) for a, b, c in zip(t["share_power"], t["share_power_lo"],
                                                                   t["share_power_hi"])],
        "face down (nopower)": [_pct_ci(a, b, c) for a, b, c in zip(t["share_nopower"], t["share_nopower_lo"],
                                                                    t["share_nopower_hi"])],
        "power value, pp (95% CI)": [f"{a * 100:+.1f} ({b * 100:+.1f}, {c * 100:+.1f})" for a, b, c in
                                     zip(t["power_value"], t["power_value_lo"], t["power_value_hi"])],
        "verdict": t["verdict"],
        "basic − best naive, pp": [f"{v * 100:+.1f} vs {str(b).replace('power_', '')}" if isinstance(b, str) else
                                   "mandatory" for v, b in zip(t.get("basic_minus_best", [np.nan] * len(t)),
                                                               t.get("best_naive", [None] * len(t)))],
        "note": t["note"]})
    heads = [(h, "power-value") for h in pv.headline(t)]
    html_ = ("<h2 id='power-value'>What each power is worth, and whether basic uses it</h2>"
             "<p class='note'>Each cell puts one alien at a table of powerless players (the alien moves round "
             "the seats). <b>Power value</b> is the alien's win share with its power used by <code>basic</code> "
             "minus its share with the same alien face down (<code>nopower</code>): independent cells, a "
             "Wald 95% interval, verdicts Holm-corrected over every alien and player count. For optional powers "
             "<code>basic</code> is compared with three naive policies (always, never, at random: "
             "<code>power_always</code>, <code>power_never</code>, <code>power_random</code>), each on its own "
             "(one-sided, Holm); the table shows the best of them. These figures measure the power <i>as the "
             "bot plays it</i>: a power that shows no benefit is weak under these rules, or the bot cannot use "
             "it yet, and the note says which the naive policies point to.</p>"
             + "".join(figs) + "<div class='scroll'>" + _table(show) + "</div>"
             + "<p class='muted'>Table as CSV: <a href='power_value.csv'>power_value.csv</a></p>")
    return html_, charts, heads


def make_report(results_dir: Path, out_dir: Path | None = None, margin: float = MARGIN) -> dict:
    """Write index.html and PNG charts for a results directory; return paths and findings.

    `margin` is the equivalence margin of the rankings (a win share: 0.02 = "fair within +-2
    percentage points", the CLI's --margin 2).

    out_dir defaults to ``reports/<results_dir name>/`` under the repository root. The return value
    is JSON-serialisable: ``{"html": path, "charts": [paths], "findings": [sentences], "headline":
    [sentences], "cells": n}``; the headline sentences (which label verdicts hold under every ranking
    strategy) are shown at the top of the page and also lead the findings.
    """
    results_dir = Path(results_dir)
    if not (isinstance(margin, (int, float)) and 0 < margin < 1):
        raise BadInput("--margin", f"{margin!r}; allowed: a number of percentage points between 0 and 100 "
                                   "(exclusive), e.g. 2")
    res = read_results(results_dir)
    cells = res["cells"].sort_values("cell").reset_index(drop=True)
    groups, hists, meta = res["groups"], res["hists"], res["meta"]
    res["cells"] = cells
    out_dir = Path(out_dir) if out_dir is not None else Path.cwd() / "reports" / results_dir.resolve().name
    check_out_dir(out_dir)

    lay = _layout(cells, meta)
    desc = _cell_descriptions(cells, lay)
    labels = _tick_labels(cells, lay)
    if len(groups):
        groups = groups.assign(key=groups["key"].astype(str))

    # findings
    pos_f, m_pos, k_pos = _position_findings(groups, desc) if len(groups) else ([], 0, 0)
    st_f, m_st, k_st = _strategy_findings(groups, cells, desc, res.get("h2h")) if len(groups) else ([], 0, 0)
    findings = [] if len(groups) else ["No group table: turn-order and strategy balance cannot be judged."]
    if m_pos:
        z = NormalDist().inv_cdf(1 - ALPHA / (2 * m_pos))
        what = (f"{k_pos} of {m_pos} position tests show a win share different from the fair 1/N" if k_pos else
                "no turn-order position wins significantly more or less than the fair 1/N")
        findings.append(f"Turn order: {what}. Tests are Bonferroni-corrected over all {m_pos} cell × position "
                        f"tests (each at alpha {ALPHA}/{m_pos}, z = {z:.2f}); a shared win counts 1/k.")
    findings += pos_f
    if m_st:
        findings.append(f"Strategies: {k_st} of {m_st} strategy tests differ from the fair share "
                        f"(Bonferroni-corrected over {m_st} tests).")
    findings += st_f
    if m_pos + m_st and k_pos + k_st == 0:
        findings.append("Nothing is significantly out of balance: no turn-order position"
                        + (" or strategy" if m_st else "") + " wins more or less than its fair share "
                        "after the correction.")
    findings += _rate_findings(cells, desc)
    findings += _trend_findings(cells, lay)

    # charts
    charts = []
    jobs = [
        ("winshare_position.png", "Win share by turn-order position",
         lambda p: len(groups) and _chart_groups(groups, cells, lay, "position", "Win share by turn-order position",
                                                 p, labels)),
        ("winshare_strategy.png", "Win share by strategy",
         lambda p: len(groups) and _chart_groups(groups, cells, lay, "strategy", "Win share by strategy", p, labels)),
        ("spread_margin.png", "Final-score spread and winning margin",
         lambda p: _chart_spread_margin(cells, groups, lay, p, labels)),
        ("crashes.png", "Crashes per game", lambda p: _chart_crashes(cells, lay, p, labels)),
        ("turns_hist.png", "Game length distribution", lambda p: _chart_turns(cells, hists, lay, p, labels)),
    ]
    blocks = []
    for fname, title, draw in jobs:
        path = out_dir / fname
        if draw(path):
            charts.append(str(path))
            blocks.append(f"<figure><figcaption>{html.escape(title)}</figcaption>"
                          f"<img src='{fname}' alt='{html.escape(title)}'></figure>")
    npanels = len(list(_series(cells, lay["facets"])))
    if npanels > MAX_PANELS:
        blocks.append(f"<p class='muted'>Only the first {MAX_PANELS} of {npanels} panels are drawn.</p>")

    rank_warnings: list[str] = []
    pv_html, pv_charts, pv_heads = _power_value_section(res, out_dir)
    # a power-value sweep (one alien per table) answers its question in its own section: pooled
    # alien rankings over its cells would rank each alien against powerless seats only
    rank_html, rank_charts, rank_findings, heads = (_label_sections(res, out_dir, margin, rank_warnings) if not pv_html
                                                    else ("", [], [], []))
    heads = pv_heads + heads
    rank_html = pv_html + rank_html
    headline = [h for h, _ in heads]
    charts += pv_charts + rank_charts
    # game labels (aliens, ...) are what such a sweep asks about: their summary comes first
    findings = [f for k, f in rank_findings if k != "strategy"] + findings + [f for k, f in rank_findings
                                                                              if k == "strategy"]
    # the verdicts that hold under every ranking strategy head the page (and the findings' JSON)

    header, warnings = _header(res, lay, results_dir)
    warnings += rank_warnings
    esc = html.escape
    page = _render(
        _load_template(),
        title=esc(f"Balance report: {meta.get('game') or results_dir.name} ({results_dir.name})"),
        header=header,
        warnings="".join(f"<p class='warn'>⚠ {esc(w)}</p>" for w in warnings),
        headline=("<div class='headline'><h2>Summary</h2><ul class='findings'>"
                  + "".join(f"<li>{esc(h)} <a href='#{a}'>Details</a></li>" for h, a in heads)
                  + "</ul></div>") if heads else "",
        findings="<ul class='findings'>" + "".join(f"<li>{esc(f)}</li>" for f in findings) + "</ul>",
        charts="".join(blocks) or "<p class='muted'>No data to chart.</p>",
        rankings=rank_html or "<p class='muted'>No labelled groups to rank.</p>",
        fixed=_fixed_table(cells, lay),
        cells_table=_table(_cells_table(cells)),
        groups_table=_table(_groups_table(groups)) if len(groups) else "<p class='muted'>No group table.</p>",
        footer=esc(f"Generated {time.strftime('%Y-%m-%d %H:%M:%S')} by simsuite {__version__} report."),
    )
    index = out_dir / "index.html"
    index.write_text(page, encoding="utf-8")
    return {"html": str(index), "charts": charts, "findings": headline + findings, "headline": headline,
            "cells": int(len(cells))}
