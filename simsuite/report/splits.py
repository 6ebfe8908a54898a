"""Axes a report never pools over (Game.split_axes, e.g. Cosmic's rules `edition`), and the
"<axis> side by side" section that puts their values next to each other.

A split axis names different games to a reader: an alien's win share under the 2000 rules and
under the 2008 rules are two figures, and their average is neither. When a results set has more
than one value of such an axis, every ranking, contribution, robustness table and the start
player's edge is computed per (player count, value) (``split_parts`` gives the cells of each
value), and ``side_by_side`` compares the values at each player count:

- each label's (alien's) win share and rank under each value, the change with its 95% interval
  (independent cells: the variances add) and Holm-corrected verdicts;
- Kendall's tau-b between the rankings (scipy.stats.kendalltau) with the simultaneous 95% bounds of
  simsuite.analysis.robustness.tau_interval;
- for a modelling-choice axis (Game.choice_axes, e.g. Cosmic's deal model): which fair-share
  verdicts hold under every value and which depend on it (only where the direct difference test,
  Holm over every label and pair, says so: simsuite.analysis.robustness.verdict_sentence);
- the mean game length, the shared-win rate and the start player's win share under each value and
  their differences, with normal 95% intervals from the per-game standard deviations (pooled over
  the cells of a value when there are several).

A player count where only one value has cells shows that value alone and says why there is
nothing to compare (the game refuses the combination, or the sweep did not ask for it).
"""
from __future__ import annotations

import html
import math
import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from ..analysis.inference import Z95
from ..analysis.robustness import label_differs, skill_sensitivity, tau_interval, verdict_sentence
from ..errors import BadInput
from .common import (
    ALPHA,
    fmt_pct,
    fmt_pp,
    fmt_value,
    grouped_table,
    join,
    label_name,
    pct_ci,
    plural,
    ranking_fair,
    share_se_series,
    table,
)

# the per-cell metrics compared between the values of a split axis (the generic metrics of every game,
# simsuite.games.base): (metric, what the table calls it, a share of games shown as a percentage)
COMPARED = (("turns", "mean game length (turns)", False), ("shared_win", "shared (joint) wins, % of games", True))


def split_axes(game: str, cells: pd.DataFrame) -> list[str]:
    """The game's split axes (Game.split_axes) that have more than one value in these cells."""
    from .. import games

    try:
        axes = games.get(str(game)).split_axes
    except BadInput:  # results of a game this version does not know: nothing to split
        return []
    return [a for a in axes if a in cells and cells[a].astype(str).nunique() > 1]


def choice_axes(game: str) -> dict[str, str]:
    """The game's modelling-choice axes (Game.choice_axes: parameter -> what a sentence calls it)."""
    from .. import games

    try:
        return dict(games.get(str(game)).choice_axes)
    except BadInput:
        return {}


def at_choice_defaults(game: str, cells: pd.DataFrame) -> pd.DataFrame:
    """The cells played at each modelling choice's own (default) value, where the sweep swept it and
    played that value: the answer's turn order is that of the game as modelled by default, the other
    choices' figures stand in their side-by-side section."""
    for a in choice_axes(game):
        d = _default(game, a)
        if a in cells and cells[a].astype(str).nunique() > 1 and d is not None and (cells[a].astype(str) == d).any():
            cells = cells[cells[a].astype(str) == d]
    return cells


def _default(game: str, axis: str) -> str | None:
    from .. import games

    try:
        return str(games.get(str(game)).param(axis).default)
    except (BadInput, KeyError, AttributeError):
        return None


def split_parts(cells: pd.DataFrame, axes: list[str]) -> list[tuple[str, str, list[int] | None]]:
    """(where, tag, cells) per combination of the split axes' values: where = "edition FFG2008"
    (what titles and sentences say), tag = "FFG2008" (file names and anchors); a modelling-choice axis
    (Game.choice_axes) at its default is left out of both. Without split axes one part of every
    cell: ("", "", None)."""
    if not axes:
        return [("", "", None)]
    game = str(cells["game"].iloc[0]) if "game" in cells and len(cells) else ""
    choices = choice_axes(game)
    out = []
    for vals, d in cells.groupby(axes, sort=True):
        vals = vals if isinstance(vals, tuple) else (vals,)
        # a modelling choice at its default names no part: the main results keep their titles and files,
        # the other values are named
        named = [(a, v) for a, v in zip(axes, vals) if not (a in choices and str(v) == _default(game, a))]
        where = ", ".join(f"{a} {fmt_value(v)}" for a, v in named)
        tag = "_".join(re.sub(r"[^A-Za-z0-9.-]+", "-", fmt_value(v)) for _, v in named)
        out.append((where, tag, sorted(int(c) for c in d["cell"])))
    return out


def _pooled_metric(d: pd.DataFrame, m: str) -> dict | None:
    """A metric's mean over the games of the cells `d` with its standard error (from the per-cell
    means, sds and game counts: the within-cell and between-cell sums of squares)."""
    if f"{m}_mean" not in d or "games" not in d:
        return None
    n = d["games"].to_numpy(float)
    mean, sd = d[f"{m}_mean"].to_numpy(float), d[f"{m}_sd"].to_numpy(float)
    N = n.sum()
    if N < 2 or not np.isfinite(mean).all():
        return None
    mu = float((n * mean).sum() / N)
    var = float(((n - 1) * sd ** 2 + n * (mean - mu) ** 2).sum() / (N - 1))
    se = math.sqrt(var / N)
    return dict(mean=mu, se=se, ci_low=mu - Z95 * se, ci_high=mu + Z95 * se, games=int(N))


def _start_player(groups: pd.DataFrame, cells: list[int]) -> dict | None:
    """Turn-order position 1's win share over these cells (pooled by player-games) with its standard
    error and the fair share."""
    g = groups[(groups["kind"] == "position") & (groups["key"].astype(str) == "1") & groups["cell"].isin(cells)]
    g = g.dropna(subset=["win_share"])
    if g.empty:
        return None
    n = g["n"].to_numpy(float)
    se_i = share_se_series(g).to_numpy(float)
    share = float((n * g["win_share"]).sum() / n.sum())
    se = float(math.sqrt(((se_i * n) ** 2).sum()) / n.sum())
    fair = float((n * g["fair_share"]).sum() / n.sum())
    return dict(mean=share, se=se, ci_low=share - Z95 * se, ci_high=share + Z95 * se, fair=fair, games=int(n.sum()))


def _diff(a: dict, b: dict) -> dict:
    """b - a of two estimates from independent games, with its normal 95% interval."""
    d, se = b["mean"] - a["mean"], math.hypot(a["se"], b["se"])
    return dict(diff=d, se=se, ci_low=d - Z95 * se, ci_high=d + Z95 * se)


def _why_missing(game: str, axis: str, value, players: int, row: pd.Series | None) -> str:
    """Why the results hold no cell of `axis` = value at this player count: the game's own refusal
    (its one-line error) when it refuses the combination, else that the sweep did not ask for it."""
    from .. import games

    try:
        g = games.get(str(game))
        over = {axis: value, "players": players}
        if row is not None and "strategies" in row:
            over["strategies"] = row["strategies"]
        g.resolve(over)
    except BadInput as e:
        return f"the game refuses it: “{e}”"
    except Exception:
        return "the sweep has no such cell"
    return "the sweep did not ask for it"


def _fmt_est(e: dict, pct: bool) -> str:
    if pct:
        return pct_ci(e["mean"], e["ci_low"], e["ci_high"])
    return f"{e['mean']:.2f} ({e['ci_low']:.2f}–{e['ci_high']:.2f})"


def _fmt_diff(d: dict, pct: bool, unit: str = "") -> str:
    if pct:
        return f"{fmt_pp(d['diff'])} pp ({fmt_pp(d['ci_low'])} to {fmt_pp(d['ci_high'])})"
    return f"{d['diff']:+.2f}{unit} ({d['ci_low']:+.2f} to {d['ci_high']:+.2f})"


def _ranking_of(tables: dict, kind: str, players: int, where: str) -> tuple[pd.DataFrame, str]:
    """The ranking the rankings section shows for (kind, players, where) and the strategy every
    seat played in it ("" if mixed)."""
    rs = tables.get((kind, players, where)) or {}
    if not rs:
        return pd.DataFrame(), ""
    by, rank = next(iter(rs.items()))
    return rank, by


def _chart_side_by_side(pairs: list[dict], kind: str, axis: str, path: Path) -> bool:
    """Per player count: each label's win share under the first value (x) against another (y) with
    95% intervals, the diagonal (no change) and the fair share."""
    pairs = [p for p in pairs if len(p["rows"])]
    if not pairs:
        return False
    from .charts import new_figure, percent_axis

    fig, axes = new_figure(len(pairs), ncols=min(4, len(pairs)), w=4.2, h=4.2)  # one row of up to four: a screen high
    for ax, p in zip(axes, pairs):
        r = p["rows"]
        x, y = r["share_a"].to_numpy(float), r["share_b"].to_numpy(float)
        ax.errorbar(x, y, xerr=Z95 * r["se_a"].to_numpy(float), yerr=Z95 * r["se_b"].to_numpy(float), fmt="o",
                    ms=4, capsize=2, lw=1, color="C0", ecolor="0.55", zorder=3)
        lo = min(x.min(), y.min()) - 0.02
        hi = max(x.max(), y.max()) + 0.02
        ax.plot([lo, hi], [lo, hi], color="k", lw=1, ls="-", zorder=1, label="no change (diagonal)")
        ax.axvline(p["fair"], color="0.5", ls="--", lw=0.8, zorder=1)
        ax.axhline(p["fair"], color="0.5", ls="--", lw=0.8, zorder=1, label=f"fair share {100 * p['fair']:.1f}%")
        for lab, xi, yi, moved in zip(r["label"], x, y, r["sig"]):
            ax.annotate(str(lab), (xi, yi), xytext=(3, 2), textcoords="offset points", fontsize=6.5,
                        color="C3" if moved else "0.25")
        ax.set_xlim(lo, hi)
        ax.set_ylim(lo, hi)
        ax.set_aspect("equal")
        percent_axis(ax.xaxis)
        percent_axis(ax.yaxis)
        ax.set_xlabel(f"win share under {p['a']}")
        ax.set_ylabel(f"win share under {p['b']}")
        ax.set_title(f"{p['players']} players{', ' + p['context'] if p['context'] else ''}: Kendall's tau "
                     f"{p['tau']['tau']:.2f} ({p['tau']['ci_low']:.2f} to {p['tau']['ci_high']:.2f})", fontsize=9)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7, loc="upper left", frameon=False)
    fig.suptitle(f"{label_name(kind).capitalize()} win share, {axis} against {axis} (95% intervals; red names: "
                 f"changed beyond the noise, Holm)", fontsize=10)
    fig.savefig(path, dpi=100)
    return True


@dataclass
class _Axis:
    """One split axis as its section reads it: the results, the other split axes (a context is a
    player count and their values), the game's modelling choices, the label kinds ranked and the
    rankings (label_sections' tables), which cells each ranking's `where` names, and the sort key
    of its values (a modelling choice's default first)."""
    axis: str
    others: list
    anchor: str
    game: str
    cells: pd.DataFrame
    groups: pd.DataFrame
    choices: dict
    kinds: list
    tables: dict
    where_of: dict
    vkey: object


@dataclass
class _Gathered:
    """What one axis's section gathers as its contexts are walked: the HTML blocks, the CSV rows, the
    pairs its charts draw and the bots that played; the findings and headline sentences (with the
    section's anchor) of every axis."""
    findings: list
    headline: list
    blocks: list = field(default_factory=list)
    rows_csv: list = field(default_factory=list)
    metric_csv: list = field(default_factory=list)
    tau_csv: list = field(default_factory=list)
    pairs_by_kind: dict = field(default_factory=dict)
    strategies: set = field(default_factory=set)


def side_by_side(res: dict, out_dir: Path, axes: list[str], parts: list[tuple[str, str, list[int] | None]],
                 tables: dict) -> tuple[str, list[str], list[str], list[tuple[str, str]], list[dict]]:
    """The "<axis> side by side" section for every split axis with several values: HTML, chart paths,
    findings, headline sentences (with the section's anchor) and the figures as JSON-ready dicts.
    `tables`: the rankings of simsuite.report.sections.label_sections, keyed (kind, players, where)."""
    cells, groups = res["cells"], res["groups"]
    if len(groups):
        groups = groups.assign(key=groups["key"].astype(str))
    game = str(cells["game"].iloc[0]) if "game" in cells and len(cells) else ""
    where_of = {}
    for where, _, part in parts:
        for c in part or []:
            where_of[int(c)] = where
    kinds = sorted({k for k, _, _ in tables if k != "strategy"})
    choices = choice_axes(game)
    html_all, charts, findings, headline, data = [], [], [], [], []
    for axis in axes:
        # a modelling choice's default value first: the others are compared against it
        first = _default(game, axis) if axis in choices else None
        ax = _Axis(axis, [a for a in axes if a != axis], f"side-by-side-{axis.replace('_', '-')}", game, cells,
                   groups, choices, kinds, tables, where_of, lambda v, first=first: (str(v) != first, str(v)))
        out = _Gathered(findings, headline, pairs_by_kind={k: [] for k in kinds})
        axis_data = dict(axis=axis, values=[fmt_value(v) for v in sorted(cells[axis].unique(), key=ax.vkey)],
                         contexts=[])
        for ctx, d in cells.groupby(["players"] + ax.others, sort=True):
            axis_data["contexts"].append(_context(ax, ctx if isinstance(ctx, tuple) else (ctx,), d, out))
        html_all.append(_axis_intro(ax, axis_data, out, out_dir, charts, first_axis=not html_all)
                        + "".join(out.blocks))
        data.append(axis_data)
    return "".join(html_all), charts, findings, headline, data


def _context(ax: _Axis, ctx: tuple, d: pd.DataFrame, out: _Gathered) -> dict:
    """One player count (and value of each other split axis): its folded block, the measures under
    each value of the axis and their changes, and the label rankings under each; its figures as a
    JSON-ready dict."""
    esc, axis = html.escape, ax.axis
    players = int(ctx[0])
    context = ", ".join(f"{a} {fmt_value(v)}" for a, v in zip(ax.others, ctx[1:]))
    at = f"{players} players" + (f", {context}" if context else "")
    values = sorted(d[axis].unique(), key=ax.vkey)
    cells_of = {v: sorted(int(c) for c in d.loc[d[axis] == v, "cell"]) for v in values}
    wh = {v: ax.where_of.get(cells_of[v][0], f"{axis} {fmt_value(v)}") for v in values}
    cd = dict(players=players, context=context, values=[fmt_value(v) for v in values],
              cells={fmt_value(v): cells_of[v] for v in values}, compared=len(values) > 1)
    out.blocks.append(f"<details class='section' id='{ax.anchor}-{players}p'><summary>{esc(at)}: game length, "
                      f"seat advantage and the ranking under each {esc(axis)}</summary>")
    if len(values) == 1:
        _one_value_note(ax, values[0], players, at, d, cd, out)
    quantities = _measures(ax, d, values, cells_of, players, context, cd, out)
    cd["rankings"] = {}
    for kind in ax.kinds:
        _kind_rankings(ax, kind, players, context, at, values, wh, quantities, cd, out)
    out.blocks.append("</details>")
    return cd


def _one_value_note(ax: _Axis, v, players: int, at: str, d: pd.DataFrame, cd: dict, out: _Gathered) -> None:
    """A context with one value of the axis: why each other value is absent, and that there is nothing
    to compare."""
    axis = ax.axis
    missing = [x for x in sorted(ax.cells[axis].unique(), key=str) if x != v]
    whys = {x: _why_missing(ax.game, axis, x, players, d.iloc[0]) for x in missing}
    why = "; ".join(f"{axis} {fmt_value(x)}: {w}" for x, w in whys.items())
    note = (f"Only {axis} {fmt_value(v)} has cells at {at} in these results, so there is nothing to "
            f"compare at this player count ({why}). Its figures alone:")
    cd["note"] = note
    # why each other value is absent, in a word the answer box can say: the game's rules
    # refuse the combination, or the sweep did not ask for it
    cd["missing"] = {fmt_value(x): "refused" if w.startswith("the game refuses") else "not asked"
                     for x, w in whys.items()}
    out.blocks.append(f"<p class='note'>{html.escape(note)}</p>")
    out.findings.append(f"At {at}: {note[:-len(' Its figures alone:')]}")


def _measures(ax: _Axis, d: pd.DataFrame, values: list, cells_of: dict, players: int, context: str, cd: dict,
              out: _Gathered) -> list:
    """Game length, shared wins and the start player under each value, and the changes from the
    first value: the table, cd["metrics"] and the CSV rows; the quantities measured under every value."""
    axis = ax.axis
    est = {v: {m: _pooled_metric(d[d[axis] == v], m) for m, _, _ in COMPARED} for v in values}
    for v in values:
        est[v]["start"] = _start_player(ax.groups, cells_of[v]) if len(ax.groups) else None
    quantities = [(m, label, pct) for m, label, pct in COMPARED] + [
        ("start", "start player's win share (seat advantage)", True)]
    quantities = [q for q in quantities if all(est[v][q[0]] is not None for v in values)]
    base = values[0]
    trows, cd["metrics"] = [], []
    for m, label, pct in quantities:
        row = {"": label}
        md = dict(metric=m, label=label, by_value={}, differences=[])
        for v in values:
            e = est[v][m]
            row[f"{axis} {fmt_value(v)} (95% CI)"] = _fmt_est(e, pct)
            md["by_value"][fmt_value(v)] = {k: e[k] for k in ("mean", "se", "ci_low", "ci_high", "games")}
            if m == "start":
                md["by_value"][fmt_value(v)]["fair"] = e["fair"]
            out.metric_csv.append(dict(players=players, context=context, axis=axis, value=fmt_value(v), metric=m,
                                       **{k: e[k] for k in ("mean", "se", "ci_low", "ci_high", "games")},
                                       cells=";".join(map(str, cells_of[v]))))
        for v in values[1:]:
            df = _diff(est[base][m], est[v][m])
            row[f"{fmt_value(v)} − {fmt_value(base)} (95% CI)"] = _fmt_diff(df, pct)
            md["differences"].append(dict(a=fmt_value(base), b=fmt_value(v), **df))
        trows.append(row)
        cd["metrics"].append(md)
    if trows:
        fair = next((est[v]["start"]["fair"] for v in values if est[v].get("start")), 1 / players)
        out.blocks.append(f"<div class='scroll'>{table(pd.DataFrame(trows))}</div>"
                          f"<p class='muted'>Means over the games with normal 95% intervals from the per-game "
                          f"standard deviations; a difference's interval adds the two variances (the cells are "
                          f"independent games). The start player's fair share is {fmt_pct(fair)}: its win share "
                          f"minus that is the seat advantage.</p>")
    return quantities


def _kind_rankings(ax: _Axis, kind: str, players: int, context: str, at: str, values: list, wh: dict,
                   quantities: list, cd: dict, out: _Gathered) -> None:
    """One label kind's ranking under each value at one context: win share and rank per value, and
    where several values ranked it, the changes, tau, a modelling choice's verdicts and the
    sentences a reader takes away."""
    esc, axis, name = html.escape, ax.axis, label_name(kind)
    ranks = {v: _ranking_of(ax.tables, kind, players, wh[v]) for v in values}
    ranks = {v: r for v, r in ranks.items() if len(r[0]) >= 2}
    if not ranks:
        return
    out.strategies |= {by for _, by in ranks.values() if by}
    vs = list(ranks)
    by = {v: r.set_index(kind) for v, (r, _) in ranks.items()}
    labels = [x for x in by[vs[0]].index if all(x in by[v].index for v in vs)]
    if len(labels) < 2:
        return
    order = {v: by[v]["win_share"].rank(ascending=False, method="min").astype(int) for v in vs}
    cols = {(name, ""): labels}
    for v in vs:
        r = by[v].loc[labels]
        cols[(f"{axis} {fmt_value(v)}", "win share (95% CI)")] = [
            pct_ci(s, lo, hi) for s, lo, hi in zip(r["win_share"], r["share_ci_low"], r["share_ci_high"])]
        cols[(f"{axis} {fmt_value(v)}", "rank")] = order[v].loc[labels].tolist()
    kd = dict(labels=len(labels), rows=[], comparisons=[])
    for x in labels:
        kd["rows"].append({name: x, **{fmt_value(v): dict(win_share=float(by[v].loc[x, "win_share"]),
                                                        share_se=float(by[v].loc[x, "share_se"]),
                                                        ci_low=float(by[v].loc[x, "share_ci_low"]),
                                                        ci_high=float(by[v].loc[x, "share_ci_high"]),
                                                        rank=int(order[v].loc[x])) for v in vs}})
        for v in vs:
            out.rows_csv.append(dict(players=players, context=context, axis=axis, value=fmt_value(v), kind=kind,
                                     label=x, win_share=by[v].loc[x, "win_share"],
                                     share_se=by[v].loc[x, "share_se"], ci_low=by[v].loc[x, "share_ci_low"],
                                     ci_high=by[v].loc[x, "share_ci_high"], rank=int(order[v].loc[x]),
                                     player_games=int(by[v].loc[x, "n"]), strategy=ranks[v][1],
                                     cells=";".join(map(str, ranks[v][0].attrs.get("cells", [])))))
    cd["rankings"][kind] = kd
    if len(vs) == 1:
        t = pd.DataFrame(cols)
        t.columns = pd.MultiIndex.from_tuples(t.columns)
        out.blocks.append(f"<h4>{esc(name.capitalize())} ranking, {esc(at)}, {esc(axis)} "
                          f"{esc(fmt_value(vs[0]))} alone</h4><div class='scroll'>{grouped_table(t)}</div>")
        return
    tau_rows = _changes(ax, kind, players, context, vs, by, labels, ranks, cols, kd, out)
    choice_note = _choice_verdicts(ax, name, players, vs, by, labels, kd, out) if axis in ax.choices else ""
    t = pd.DataFrame(cols)
    t.columns = pd.MultiIndex.from_tuples(t.columns)
    if choice_note:
        out.blocks.append(f"<p class='note'>{esc(choice_note)}</p>")
    a = vs[0]
    taus = "; ".join(
        f"{fmt_value(a)} against {fmt_value(b)}: Kendall's tau {t['tau']:.2f} (95% interval {t['ci_low']:.2f} "
        f"to {t['ci_high']:.2f}; {100 * t['concordant']:.0f}% of {name} pairs in the same order"
        + ("; noisy: pulled towards 0" if t["noisy"] else "") + ")" for b, t, _ in tau_rows)
    out.blocks.append(f"<h4>{esc(name.capitalize())} ranking under each {esc(axis)}, {esc(at)}</h4>"
                      f"<p class='note'>{esc(taus)}.</p>"
                      f"<div class='scroll'>{grouped_table(t)}</div>")
    _takeaways(ax, name, at, vs, ranks, tau_rows, quantities, cd, out)


def _changes(ax: _Axis, kind: str, players: int, context: str, vs: list, by: dict, labels: list, ranks: dict,
             cols: dict, kd: dict, out: _Gathered) -> list:
    """Each later value against the first: every label's change with its interval and Holm verdict
    (table columns, kd's comparisons), Kendall's tau between the rankings, the CSV rows and the
    chart's pairs; (value, tau, labels moved) per pair."""
    axis, a = ax.axis, vs[0]
    tau_rows = []
    for b in vs[1:]:
        ra, rb = by[a].loc[labels], by[b].loc[labels]
        t = tau_interval(ra["win_share"], ra["share_se"], rb["win_share"], rb["share_se"])
        ch = skill_sensitivity(ra["win_share"], ra["share_se"], rb["win_share"], rb["share_se"],
                               alpha=ALPHA)
        verdict = np.where(ch["sig"], np.where(ch["diff"] > 0, f"higher under {fmt_value(b)}",
                                               f"lower under {fmt_value(b)}"), "")
        g = f"{fmt_value(b)} − {fmt_value(a)}"
        cols[(g, "change, pp (95% CI)")] = [f"{fmt_pp(v)} ({fmt_pp(lo)} to {fmt_pp(hi)})" for v, lo, hi in
                                            zip(ch["diff"], ch["ci_low"], ch["ci_high"])]
        cols[(g, "verdict (Holm)")] = list(verdict)
        moved = [f"{x} {fmt_pp(v)} pp" for x, v, s in zip(labels, ch["diff"], ch["sig"]) if s]
        tau_rows.append((b, t, moved))
        kd["comparisons"].append(dict(a=fmt_value(a), b=fmt_value(b), tau=t["tau"], tau_ci_low=t["ci_low"],
                                      tau_ci_high=t["ci_high"], concordant=t["concordant"],
                                      noisy=t["noisy"], tau_interval="simultaneous bounds",
                                      changed=[dict(label=x, diff=float(v), ci_low=float(lo),
                                                    ci_high=float(hi), p_holm=float(p))
                                               for x, v, lo, hi, p, s in
                                               zip(labels, ch["diff"], ch["ci_low"], ch["ci_high"],
                                                   ch["p_holm"], ch["sig"]) if s]))
        out.tau_csv.append(dict(players=players, context=context, axis=axis, kind=kind, a=fmt_value(a),
                                b=fmt_value(b), **t))
        out.pairs_by_kind[kind].append(dict(
            players=players, context=context, a=fmt_value(a), b=fmt_value(b), tau=t,
            fair=ranking_fair(ranks[a][0], players),
            rows=pd.DataFrame(dict(label=labels, share_a=ra["win_share"].to_numpy(),
                                   se_a=ra["share_se"].to_numpy(), share_b=rb["win_share"].to_numpy(),
                                   se_b=rb["share_se"].to_numpy(), sig=ch["sig"].to_numpy()))))
    return tau_rows


def _choice_verdicts(ax: _Axis, name: str, players: int, vs: list, by: dict, labels: list, kd: dict,
                     out: _Gathered) -> str:
    """A modelling choice: which verdicts hold under every value of it (its sentence, also a headline)."""
    word = ax.choices[ax.axis]
    shares = pd.DataFrame({fmt_value(v): by[v].loc[labels, "win_share"] for v in vs})
    ses = pd.DataFrame({fmt_value(v): by[v].loc[labels, "share_se"] for v in vs})
    verdicts = pd.DataFrame({fmt_value(v): [x or "fair" for x in by[v].loc[labels, "verdict"]]
                             for v in vs}, index=labels)
    differs = label_differs(shares, ses, alpha=ALPHA)
    choice_note = verdict_sentence(verdicts, differs, noun=plural(name), players=players,
                                   axis=word, axes=plural(word))
    kd["verdicts"] = choice_note
    kd["depends"] = [x for x in labels if differs[x]]
    out.headline.append((choice_note, ax.anchor))
    return choice_note


def _takeaways(ax: _Axis, name: str, at: str, vs: list, ranks: dict, tau_rows: list, quantities: list, cd: dict,
               out: _Gathered) -> None:
    """What the reader takes away from each pair: tau, and how length, shared wins and the seat edge
    change (a finding; a headline unless the axis is a modelling choice, whose verdict sentence is)."""
    axis, choices, a = ax.axis, ax.choices, vs[0]
    for b, t, moved in tau_rows:
        parts_ = [f"the {name} rankings agree with Kendall's tau {t['tau']:.2f} ({t['ci_low']:.2f} to "
                  f"{t['ci_high']:.2f})"]
        for m, label, pct in quantities:
            dd = next(x for x in next(q for q in cd["metrics"] if q["metric"] == m)["differences"]
                      if x["b"] == fmt_value(b))
            what = {"turns": "game length", "shared_win": "shared (joint) wins",
                    "start": "the start player's win share"}[m]
            parts_.append(f"{what} {_fmt_diff(dd, pct, ' turns' if m == 'turns' else '')}")
        played = sorted({ranks[v][1] for v in vs if ranks[v][1]})
        bots = join(played) if played else "the line-ups of the cells"
        s = (f"{choices.get(axis, axis).capitalize()} {fmt_value(b)} against {fmt_value(a)} at {at} "
             f"({fmt_value(b)} minus "
             f"{fmt_value(a)}, 95% intervals): "
             + "; ".join(parts_) + f". Bots playing {bots}: the win shares depend on how well the bots "
             f"play.")
        if axis not in choices:  # a modelling choice's detail stays in its section: the answer
            out.headline.append((s, ax.anchor))  # box gives its verdict sentence only
        out.findings.append(s + (f" {len(moved)} {plural(name) if len(moved) > 1 else name} changed beyond "
                                 f"the noise (Holm): " + ", ".join(moved) + "." if moved else
                                 f" No {name}'s win share changed beyond the noise (Holm)."))


def _axis_intro(ax: _Axis, axis_data: dict, out: _Gathered, out_dir: Path, charts: list[str],
                first_axis: bool) -> str:
    """The section's heading, charts (the first axis's first one is the page's main chart), what its
    values are, how to read it and its CSV files (written here)."""
    esc, axis, kinds = html.escape, ax.axis, ax.kinds
    title = (f"{plural(ax.choices[axis]).capitalize()} ({axis}) side by side" if axis in ax.choices
             else f"{plural(axis).capitalize()} side by side")
    sfx = axis.replace("_", "-")
    csvs = []
    for fname, rows in ((f"side_by_side_{sfx}_metrics.csv", out.metric_csv),
                        (f"side_by_side_{sfx}_ranking.csv", out.rows_csv),
                        (f"side_by_side_{sfx}_tau.csv", out.tau_csv)):
        if rows:
            pd.DataFrame(rows).to_csv(out_dir / fname, index=False)
            csvs.append(f"<a href='{fname}'>{fname}</a>")
    figs = []
    for kind, pairs in out.pairs_by_kind.items():
        fname = f"side_by_side_{sfx}_{kind}.png"
        if _chart_side_by_side(pairs, kind, axis, out_dir / fname):
            charts.append(str(out_dir / fname))
            cap = f"{label_name(kind).capitalize()} win share under each {axis}, per player count"
            figs.append(f"<figure><figcaption>{esc(cap)}</figcaption><img src='{fname}' alt='{esc(cap)}'>"
                        f"</figure>")
    bots = join(sorted(out.strategies)) if out.strategies else "the line-ups of these cells"
    kind_of = ("modelling choices of the simulator (the rules leave them open; a verdict that changes "
               "with them depends on the model, not only on the game)" if axis in ax.choices else
               "different rules to a reader")
    if figs and first_axis:  # the first split axis's chart answers the sweep's question
        figs[0] = figs[0].replace("<figure>", "<figure id='main-chart'>", 1)
    return (f"<h2 id='{ax.anchor}'>{esc(title)}</h2>" + "".join(figs)
            + f"<p class='note'>The {esc(axis)} values ({esc(join(axis_data['values']))}) are {esc(kind_of)}, "
            f"so nothing in this report pools them: each ranking, the seat advantage and game length are per player count and {esc(axis)}, and "
            f"this section sets them side by side. Win shares are measured with bots playing {esc(bots)}: how "
            f"strong an {esc(label_name(kinds[0]) if kinds else 'label')} looks under each {esc(axis)} "
            f"depends on how well the bots play it (see the answer box: rule balance as these bots play it, "
            f"not a verdict on the rules for expert players).</p>"
            f"<details><summary>How to read the tables (method)</summary><p class='muted'>{_METHOD}</p></details>"
            f"<p class='muted'>Tables as CSV: {', '.join(csvs) or 'none'}.</p>")


_METHOD = ("Rank 1 = the highest win share (a joint win counts 1/k). Kendall's tau-b "
           "(scipy.stats.kendalltau, on the win shares) compares two rankings of the same labels: 1 = the same "
           "order, 0 = unrelated, −1 = reversed. Its 95% interval is a pair of simultaneous bounds "
           "(simsuite.analysis.robustness.tau_interval: label pairs ordered beyond the noise in both rankings, "
           "Holm over all pairs, count as observed, the others both ways; at least 95% coverage, wide "
           "when labels are close), as in the robustness tables; "
           "noise swaps labels whose shares are close and pulls tau towards 0. A change is the win share "
           "under the second value minus the first, with a 95% interval (independent games: the variances "
           "add) and a Holm-corrected verdict over the labels.")
