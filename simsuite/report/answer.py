"""The box that opens a report page: its question, a short answer in a designer's words, a compact
table and the glossary its verdict words link to.

The answer box names no statistical procedure and prints no fraction: percentages of the win
share, percentage points ("points") of difference, and verdict words ("too strong", "fair", "can't
tell yet") that link to a glossary on the page saying what each means and how sure it is. The
statistical sentences behind it stay on the page, folded under the box (headline.block).

Every figure here comes from the same tables as the sections below (groups, cells, the label
rankings), so the box can be checked against them.
"""
from __future__ import annotations

import html

import numpy as np
import pandas as pd

from ..analysis.inference import MARGIN, Z95, all_within, holm
from .common import ALPHA, fmt_value, independent_axes, join, label_name, plural
from .edge import STAT_COLS, edge_words, pool, start_edges
from .rankings import DEPENDS, label_places, order_summary, ordinal, place_phrase, place_span

esc = html.escape

# the verdict words and what they mean, in the order the glossary lists them; {m} is the margin in points
GLOSSARY = {
    "too strong": "Wins more than its fair share, by more than chance can explain with this many games: "
                  "at least 95% sure, after allowing for every label checked on the page at once. It is "
                  "measured with these bots playing; better or worse play can change it.",
    "too weak": "Wins less than its fair share, by more than chance can explain with this many games: at "
                "least 95% sure, after allowing for every label checked at once.",
    "fair": "Shown to win within ±{m} points of its fair share: at least 95% sure that any difference is "
            "smaller than that, after allowing for every label checked at once.",
    "can't tell yet": "Neither shown to differ from its fair share nor shown to be within ±{m} points of it: "
                      "these games cannot tell. It does not mean fair; more games would settle it. (The "
                      "statistical sections call this unresolved.)",
    "place": "Where a label stands among all of them, 1st being the strongest, at least 95% sure: a span "
             "(2nd–4th) where these games cannot tell it from its neighbours. Where several bots ranked the "
             "labels, a place is given only where it holds under every one of them (95% sure for all of them "
             "together).",
    "order depends on play": "The label's place differs between two of the bots that ranked them, beyond chance (95% "
                             "sure): no single place holds, so the table gives the span of its places under all the bots "
                             "(its place under each bot, and by how many places it moves, are in the cell's "
                             "tooltip and in the robustness section). A better or different player would order "
                             "these labels differently.",
    "start player ahead": "The first player in turn order wins more than a fair share, beyond chance (95% sure).",
    "start player behind": "The first player in turn order wins less than a fair share, beyond chance (95% sure).",
    "no edge found": "The first player's win share is not distinguishable from a fair share with these games, "
                     "neither on average over the cells measured nor in any one of them. A small edge could "
                     "still be there: the answer says how big it could be.",
    "edge in some cells": "The first player's win share differs from a fair share in some of the cells measured "
                          "(a cell is one setting of the swept parameters, e.g. one line-up of bots), beyond "
                          "chance (95% sure, allowing for every seat of every cell checked at once), but not on "
                          "average over them: the findings name the cells.",
    "fairest": "The value whose start player's edge (win share minus fair share, averaged over the player "
               "counts) is closest to zero.",
    "as fair as the best": "Its start player's edge is not shown to be larger than any other value's with these "
                           "games (a 95% sure test, allowing for every pair of values compared at once). It may "
                           "still differ by less than the games can see.",
    "equally fair": "Shown to give the start player an edge within ±{m} points of every other value's: at "
                    "least 95% sure (two one-sided tests of each pair of values, all of which must pass).",
    "can't tell apart": "No value's start player edge is shown to be larger than another's, and they are not "
                        "shown to be within ±{m} points of each other either: these games cannot tell. It does "
                        "not mean the values are equally fair; more games would settle it.",
    "about the same": "Shown to differ by less than 5% between every two values: at least 95% sure (two "
                      "one-sided tests of each pair of values, all of which must pass).",
    "less fair": "Its start player's edge is larger than another value's, beyond chance (95% sure, allowing "
                 "for every pair of values compared at once).",
    "differs": "The two rule sets give different results on this measure, by more than chance can explain "
               "with these games: at least 95% sure, after allowing for every comparison of its kind in the "
               "answer at once. The interval beside it says by how much.",
    "no difference found": "These games do not show a difference on this measure, after allowing for every "
                           "comparison of its kind in the answer at once. It does not mean there is none: the "
                           "interval beside it says how large a difference could still be. (Each printed interval "
                           "is for its own comparison, so one that only just clears zero can still read no "
                           "difference found.)",
    "beats": "The bot's one seat wins more than a fair share against the others at its table, beyond "
             "chance (95% sure).",
    "loses to": "The bot's one seat wins less than a fair share against the others, beyond chance (95% sure).",
    "level with": "The bot's one seat wins a share not distinguishable from fair against the others.",
    "sure": "At least 95% sure (after allowing for every check on the page of the same kind).",
    "very sure": "At least 99.9% sure (after allowing for every check on the page of the same kind).",
    "win share": "A player's wins, a shared win counting 1/k to each of its k winners, as a percentage of the "
                 "games.",
    "fair share": "The win share every seat would have if the game were fair: 1 in N of the games someone won "
                  "(33.3% at 3 players, 25% at 4).",
    "points": "Percentage points: the difference between two percentages (27% against a fair 25% is +2 "
              "points).",
}

_VERDICT = {"above fair": "too strong", "below fair": "too weak"}


def anchor(word: str) -> str:
    return "g-" + "".join(c if c.isalnum() else "-" for c in word.lower()).strip("-")


def link(word: str, shown: str | None = None) -> str:
    """A verdict word linked to its glossary entry."""
    return f"<a class='v' href='#{anchor(word)}'>{esc(shown or word)}</a>"


BASIC_WORDS = ("win share", "fair share", "points")  # every page's glossary has them


def glossary_html(margin: float = MARGIN, page: str | None = None) -> str:
    """The glossary: the words `page` (HTML) links to and the basic ones; every word without a page."""
    m = f"{100 * margin:g}"
    words = [w for w in GLOSSARY if page is None or w in BASIC_WORDS or f"href='#{anchor(w)}'" in page]
    return ("<h2 id='glossary'>What the words mean</h2><dl class='glossary'>"
            + "".join(f"<dt id='{anchor(w)}'>{esc(w)}</dt><dd>{esc(GLOSSARY[w].format(m=m))}</dd>"
                      for w in words) + "</dl>")


# ---- numbers a reader trusts -------------------------------------------------------------------------
def pct(v: float, nd: int = 1) -> str:
    """A share as a percentage: never "0.0%" for a share above zero, never "-0.0%"."""
    if v is None or not np.isfinite(v):
        return "–"
    v = float(v)
    if v == 0:
        return "0%"
    step = 10 ** -nd
    if 0 < 100 * v < step / 2:
        return f"under {step:g}%"
    s = f"{100 * v:.{nd}f}"
    return ("0" if float(s) == 0 else s) + "%"


def points(v: float, nd: int = 1, sign: bool = True) -> str:
    """A difference of two shares in percentage points, never "-0.0"."""
    if v is None or not np.isfinite(v):
        return "–"
    s = f"{100 * v:{'+' if sign else ''}.{nd}f}"
    if float(s) == 0:
        s = f"{0:.{nd}f}"
    return s


def number(v: float) -> str:
    """A mean (turns per game, crashes per game) with three significant digits, never "-0"."""
    if v is None or not np.isfinite(v):
        return "–"
    if 0 < abs(v) < 0.01:  # a rare event per game: no raw fraction in a designer's table
        return "under 0.01" if v > 0 else "-0.01 to 0"
    # below 1, two significant digits (0.31 crashes per game): three decimals read as a raw fraction
    s = f"{v:.2g}" if abs(v) < 1 else f"{v:.3g}" if abs(v) < 1000 else f"{v:,.0f}"
    return "0" if float(s.replace(",", "")) == 0 else s


def value_range(vals: list) -> str:
    """'8–10' for consecutive values of a sorted axis, else '8, 9 or 11'."""
    vals = [fmt_value(v) for v in vals]
    return vals[0] if len(vals) == 1 else join(vals).replace(" and ", " or ")


def _run(vals: list, axis: list) -> str:
    idx = sorted(axis.index(v) for v in vals)
    if len(idx) > 2 and idx == list(range(idx[0], idx[-1] + 1)):
        return f"{fmt_value(axis[idx[0]])}–{fmt_value(axis[idx[-1]])}"
    return value_range([axis[i] for i in idx])


def _table(head: list[str], rows: list[list[str]], cls: str = "answer", marked: set[int] = frozenset()) -> str:
    """An HTML table whose cells are already HTML; the rows numbered in `marked` (the page's focus)
    stand out."""
    return (f"<div class='scroll'><table class='data fit {cls}'><thead><tr>"
            + "".join(f"<th>{h}</th>" for h in head) + "</tr></thead><tbody>"
            + "".join(("<tr class='focus'>" if i in marked else "<tr>") + "".join(f"<td>{c}</td>" for c in r)
                      + "</tr>" for i, r in enumerate(rows))
            + "</tbody></table></div>")


def _changes(found: list[tuple[str, str]]) -> str:
    """The "does X change it?" cell: 'no', or 'yes: ' and the strategies (or model values) under which
    the verdict word differs, with the words themselves as the cell's tooltip (the folded sections
    below give each with its figures), so that the table stays one screen wide."""
    if not found:
        return "no"
    names = join(list(dict.fromkeys(n for n, _ in found)))
    return f"<span title='{esc('; '.join(w for _, w in found))}'>yes: {esc(names)}</span>"


# ---- the start player's edge ---------------------------------------------------------------------------
# (simsuite.report.edge decides the verdict; the box, its table and the run summary quote it)
_pool, _edge_words = pool, edge_words  # the names the tests of the box read


def _bounds(e: pd.DataFrame, at: list[str]) -> str:
    """How large an unseen edge could be where none was found: per row the bound of the average over
    its cells (edge.start_edges), the games of all of them pooled."""
    b = [points(v, sign=False) for v in e["bound"]]
    many = (e["k"] > 1).any() if "k" in e else False
    over = " averaged over the cells measured" if many else ""
    if len(set(b)) == 1 or not at[0]:
        return f"the start player's win share{over} is within ±{max(b, key=float)} points of fair (95% sure)"
    return (f"the start player's win share{over} is within " + join([f"±{x} points of fair at {a}" for x, a in zip(b, at)])
            + " (95% sure each)")


def turn_sentence(edges: pd.DataFrame) -> str:
    """'The start player wins 2.1–2.4 points more than a fair share at every player count (3–6).'"""
    if edges.empty:
        return ""
    e = edges.sort_values("players") if "players" in edges else edges
    words = _edge_words(e)
    # any other grouping column is a split axis (an edition, a deal model): named beside the count
    other = [c for c in e.columns if c != "players" and c not in STAT_COLS]
    at = [" ".join([f"{int(r['players'])} players"] * ("players" in e) + [f"({c} {r[c]})" for c in other])
          for _, r in e.iterrows()] if ("players" in e or other) else [""]
    sizes = [points(r.eff, sign=False).lstrip("-") for r in e.itertuples()]
    span = sizes[0] if len(set(sizes)) == 1 else f"{min(sizes, key=float)}–{max(sizes, key=float)}"
    if all(w == "start player ahead" for w in words):
        where = " at every player count" if len(e) > 1 else (f" at {at[0]}" if at[0] else "")
        return (f"Turn order: the start player is {link('start player ahead', 'ahead')}{where}, winning {span} "
                "points more than a fair share: an edge a designer may want to offset.")
    if all(w == "start player behind" for w in words):
        return (f"Turn order: the start player is {link('start player behind', 'behind')}, winning {span} points "
                "less than a fair share.")
    if all(w == "no edge found" for w in words):
        return (f"Turn order: {link('no edge found')}" + (f" at {join(at)}" if at[0] else "")
                + (f": {_bounds(e, at)}" if "bound" in e and e["bound"].notna().any() else "") + ".")
    parts = []
    for w, a, r in zip(words, at, e.itertuples()):
        if w == "edge in some cells":
            side = "ahead" if getattr(r, "up", 0) >= getattr(r, "down", 0) else "behind"
            n = getattr(r, "up", 0) if side == "ahead" else getattr(r, "down", 0)
            parts.append(f"{link(w, side)} in {n} of its {r.k} cells at {a} (not on average over them)")
        elif w != "no edge found":
            parts.append(f"{link(w, 'ahead' if r.eff > 0 else 'behind')} by {points(abs(r.eff), sign=False)} "
                         f"points at {a}")
    rest = [a.replace(" players", "") for w, a in zip(words, at) if w == "no edge found"]
    # where none was found, how large an edge could still be (the bound of each average)
    none = e[[w == "no edge found" for w in words]]
    bound = ""
    if rest and "bound" in none and none["bound"].notna().all():
        b = [points(v, sign=False) for v in none["bound"]]
        bound = (f" (within ±{b[0]} points of fair" if len(set(b)) == 1 else
                 " (within " + join([f"±{x}" for x in b]) + " points of fair respectively") + ", 95% sure)"
    return ("Turn order: the start player is " + join(parts)
            + (f"; {link('no edge found')} at {join(rest)} players{bound}" if rest else "") + ".")


# ---- a swept parameter: which value? ---------------------------------------------------------------------
def sweep_recommendation(groups: pd.DataFrame, cells: pd.DataFrame, lay: dict, metrics,
                         margin: float = MARGIN) -> dict | None:
    """Which value of the swept parameter x is fairest by the start player's edge (its absolute value
    per player count, averaged over the player counts), the values not distinguishable from it (those
    not shown worse than any other value: one-sided z-tests of every ordered pair, Bonferroni over the
    pairs, so a set of truly equal values stays whole in at least 95% of sweeps), and the
    trend metrics at each value. Where no value is shown worse than another, none is the fairest:
    the values are "equally fair" only where an equivalence test shows every pair within
    +-margin (inference.all_within), else the games "can't tell them apart". None when nothing
    is swept or no position table exists."""
    x = lay.get("x")
    if not x or x not in cells or cells[x].nunique() < 2:
        return None
    by = [x] + (["players"] if "players" in cells else [])
    e = start_edges(groups, cells, by)
    if e.empty:
        return None
    from scipy.stats import norm

    axis = sorted(cells[x].unique(), key=lambda v: (isinstance(v, str), v))
    rows = []
    for v in axis:
        d = e[e[x] == v]
        if d.empty:
            continue
        k = len(d)
        rows.append(dict(value=v, measure=float(d["eff"].abs().mean()), edge=float(d["eff"].mean()),
                         se=float(np.sqrt((d["se"] ** 2).sum()) / k)))
    t = pd.DataFrame(rows)
    if t.empty:
        return None
    best = int(t["measure"].idxmin())
    b = t.loc[best]
    # a value is less fair when its measure is above some other value's beyond chance: every ordered
    # pair compared one-sided at alpha / (K (K - 1)), so that where the values are truly alike none is
    # called less fair in more than alpha of sweeps (comparing each with the measured best alone
    # would not hold: the smallest of K noisy measures is biased low)
    k = len(t)
    d = norm.isf(ALPHA / max(k * (k - 1), 1))
    m_, s_ = t["measure"].to_numpy(float), t["se"].to_numpy(float)
    worse = ((m_[:, None] - m_[None, :]) > d * np.sqrt(s_[:, None] ** 2 + s_[None, :] ** 2)).any(axis=1)
    # absence of a difference is not equivalence: with no value shown worse, none is labelled
    # fairest, and "equally fair" needs every pair's edges shown within the margin
    eq = all_within(m_, s_, margin)
    if worse.any():
        t["word"] = np.where(worse, "less fair", "as fair as the best")
        t.loc[best, "word"] = "fairest"
    else:
        t["word"] = "equally fair" if eq["equivalent"] else "can't tell apart"
    # what else moves: each trend metric's mean over the cells at each value
    moves = []
    for m in metrics:
        col = f"{m.name}_mean"
        if not getattr(m, "trend", "") or col not in cells:
            continue
        means = cells.groupby(x)[col].mean()
        t[m.name] = [float(means.get(v, np.nan)) for v in t["value"]]
        if f"{m.name}_ci_high" in cells:  # the mean's se over the cells at a value (variances add)
            var = ((cells[f"{m.name}_ci_high"] - cells[f"{m.name}_ci_low"]) / (2 * Z95)) ** 2
            se = np.sqrt(var.groupby(cells[x]).sum()) / cells.groupby(x)[col].size()
            t[f"{m.name}_se"] = [float(se.get(v, np.nan)) for v in t["value"]]
        moves.append(m)
    good = list(t.loc[t["word"] != "less fair", "value"])
    return dict(x=x, table=t, best=b["value"], good=good, axis=list(t["value"]), metrics=moves,
                players=sorted(cells["players"].unique()) if "players" in cells else [],
                equivalent=eq["equivalent"], bound=eq["bound"], margin=margin)


SAME = 0.05  # "about the same at every value": every pair of values shown within 5% of each other


def _unit(m) -> str:
    """The unit a number of this metric needs beside it ("points"), unless its label says it ("crashes
    per game")."""
    unit = getattr(m, "unit", "") or ""
    return "" if not unit or getattr(m, "percent", False) or unit in m.label else unit


def _metric_phrase(t: pd.DataFrame, m, good: list, x: str) -> str:
    """'crashes per game 1.2 at 8 to 0.61 at 10 (3.91 at 6, 0.309 at 12)': the values at the ends of
    the recommended set, then at the ends of the whole axis; numbers only, no trend word."""
    unit = _unit(m)
    f = pct if getattr(m, "percent", False) else (lambda v: number(v) + (f" {unit}" if unit else ""))
    at = t[t["value"].isin(good)]
    ends = [(at["value"].iloc[0], at[m.name].iloc[0]), (at["value"].iloc[-1], at[m.name].iloc[-1])]
    there = (f"{f(ends[0][1])} at {fmt_value(ends[0][0])}" if len(at) == 1 else
             f"{f(ends[0][1])} at {fmt_value(ends[0][0])} to {f(ends[1][1])} at {fmt_value(ends[1][0])}")
    a, b = (t["value"].iloc[0], t[m.name].iloc[0]), (t["value"].iloc[-1], t[m.name].iloc[-1])
    ys = t[m.name].to_numpy(float)
    ses = t[f"{m.name}_se"].to_numpy(float) if f"{m.name}_se" in t else np.full(len(ys), np.nan)
    if all_within(ys, ses, SAME, relative=True)["equivalent"]:
        # every pair of values shown within 5% of each other (an equivalence test), not read off the
        # point estimates' span
        return (f"{m.label} {link('about the same')} at every value (within ±{100 * SAME:g}%: {f(a[1])} at "
                f"{fmt_value(a[0])}, {f(b[1])} at {fmt_value(b[0])})")
    rest = [(v, y) for v, y in (a, b) if v not in set(at["value"])]
    return (f"{m.label} {there}" + (" (" + ", ".join(f"{f(y)} at {fmt_value(v)}" for v, y in rest) + ")"
                                    if rest else ""))


def sweep_answer(rec: dict, focus: list = ()) -> tuple[str, str]:
    """The recommendation sentence and its table (HTML); the rows of the `focus` values marked, and
    what the recommendation says of each of them first."""
    x, t, good, axis = rec["x"], rec["table"], rec["good"], rec["axis"]
    name = "the player count" if x == "players" else x
    over = (f" averaged over {int(rec['players'][0])}–{int(rec['players'][-1])} players"
            if len(rec["players"]) > 1 else "")
    means = (f" (means over {int(rec['players'][0])}–{int(rec['players'][-1])} players)"
             if len(rec["players"]) > 1 else "")
    span = f"from {fmt_value(axis[0])} to {fmt_value(axis[-1])}"
    if len(good) == len(axis) and rec.get("equivalent"):
        m = points(rec["margin"], sign=False)
        text = (f"Any {name} {span} is {link('equally fair')} within ±{m} points by the start player's "
                f"edge{over}: every two of them are shown to differ by less than that. Choose by what else "
                f"it changes{means}: ")
    elif len(good) == len(axis):
        apart = link("can't tell apart", "can't tell them apart")
        bound = points(rec["bound"], sign=False) if np.isfinite(rec.get("bound", np.nan)) else ""
        text = (f"No {name} {span} is measurably fairer than another by the start player's edge{over}: "
                f"these games {apart}"
                + (f", and two of them could still differ by up to {bound} points" if bound else "")
                + f". Choose by what else it changes{means}: ")
    else:
        text = (f"Fairest {name}: {link('fairest', fmt_value(rec['best']))} by the start player's edge{over}; "
                f"any of {_run(good, axis)} is {link('as fair as the best')}. "
                f"What else changes across those values{means}: ")
    ph = [_metric_phrase(t, m, good, x) for m in rec["metrics"]]
    text += ("; ".join(ph) + ".") if ph else "no other measure is declared for this game."
    head = [esc(x), "start player's edge (points, 95% interval)", "verdict"] + [
        esc(m.label + (f", {_unit(m)}" if _unit(m) else "")) for m in rec["metrics"]]
    rows = []
    for r in t.itertuples():
        cells_ = [fmt_value(r.value), f"{points(r.edge)} (±{points(Z95 * r.se, sign=False)})", link(r.word)]
        for m in rec["metrics"]:
            v = getattr(r, m.name)
            cells_.append(pct(v) if getattr(m, "percent", False) else number(v))
        rows.append(cells_)
    shown = [fmt_value(v) for v in t["value"]]
    asked = [str(v) for v in focus if str(v) in shown]
    marked = {shown.index(v) for v in asked}
    if asked:
        said = []
        for v in asked:
            r = t.iloc[shown.index(v)]
            said.append(f"<b>{esc(x)}={esc(v)}</b>: {link(r['word'])}, the start player's edge "
                        f"{points(r['edge'])} points (±{points(Z95 * r['se'], sign=False)}){over}")
        text = "; ".join(said) + ". " + text
    return text, _table(head, rows, marked=marked)


def player_table(groups: pd.DataFrame, cells: pd.DataFrame, metrics) -> str:
    """Per player count: the start player's win share against fair, its verdict, the trend metrics."""
    e = start_edges(groups, cells, ["players"])
    if e.empty or "players" not in e:
        return ""
    # the measures the game says move with its parameters (a trend phrase), not every summary: the
    # table stays one screen wide
    ms = [m for m in metrics if f"{m.name}_mean" in cells and getattr(m, "trend", "")]
    means = {m.name: cells.groupby("players")[f"{m.name}_mean"].mean() for m in ms}
    head = ["players", "start player's win share against fair", "edge (points, 95% interval)", "verdict"] + [
        esc(m.label + (f", {_unit(m)}" if _unit(m) else "")) for m in ms]
    rows = []
    e = e.sort_values("players")
    for r, w in zip(e.itertuples(), _edge_words(e)):
        rows.append([str(int(r.players)), f"{pct(r.share)} against {pct(r.fair)}",
                     f"{points(r.eff)} (±{points(Z95 * r.se, sign=False)})", link(w)]
                    + [(pct if getattr(m, "percent", False) else number)(float(means[m.name].get(r.players)))
                       for m in ms])
    return _table(head, rows)


# ---- rule sets side by side (editions): how do they differ? ---------------------------------------------
# the measures the side-by-side section compares, as the answer names them: (name, unit, a share of
# games (printed in percent, differences in points), words for b above / below a)
_SPLIT_MEASURES = {
    "turns": ("Game length", "turns a game", False, "longer", "shorter"),
    "shared_win": ("Shared wins (a game won by several players together)", "of games", True, "more often",
                   "less often"),
    "start": ("The start player's edge (its win share minus a fair share)", "points", True, "larger", "smaller"),
}


def _signed(v: float, share: bool) -> str:
    if share:
        return points(v)
    s = number(v)
    return s if s.startswith("-") or s == "0" else "+" + s


def split_tests(data: list[dict], axes: list[str]) -> list[dict]:
    """Every difference the side-by-side section measured on the axes `axes` (simsuite.report.splits
    .side_by_side's data: per player count, each measure under each value and b minus a with its
    standard error), with a two-sided z-test and Holm over all of them: the answer's verdicts allow
    for every comparison it makes, so where the rule sets are truly alike it claims a difference on
    any measure in at most 5% of sweeps."""
    from scipy.stats import norm

    rows = []
    for ax in data:
        if ax.get("axis") not in axes:
            continue
        for c in ax.get("contexts", []):
            for m in c.get("metrics", []):
                if m["metric"] not in _SPLIT_MEASURES:
                    continue
                for d in m.get("differences", []):
                    se = d.get("se")
                    ok = se is not None and np.isfinite(se) and se > 0 and np.isfinite(d["diff"])
                    rows.append(dict(axis=ax["axis"], players=c["players"], context=c.get("context", ""),
                                     metric=m["metric"], a=d["a"], b=d["b"], diff=float(d["diff"]),
                                     ci_low=float(d["ci_low"]), ci_high=float(d["ci_high"]),
                                     va=m["by_value"][d["a"]], vb=m["by_value"][d["b"]],
                                     p=float(2 * norm.sf(abs(d["diff"] / se))) if ok else 1.0))
    if rows:
        adj = holm([r["p"] for r in rows])
        for r, a in zip(rows, adj):
            r["p_holm"] = float(a)
            r["differs"] = bool(a < ALPHA)
    return rows


def _measure_value(metric: str, v: dict) -> str:
    """A measure under one value: '12.4 turns', '13.0%', '+0.6 points' (the start player's edge)."""
    if metric == "turns":  # one decimal each, so that 11.0 and 12.4 read alike
        return f"{v['mean']:.1f} turns"
    if metric == "start":
        return f"{points(v['mean'] - v.get('fair', np.nan))} points"
    return pct(v["mean"])


def _context_at(c: dict) -> str:
    """Where a comparison was measured: '4 players', '4 players (deck 72)'."""
    return f"{c['players']} players" + (f" ({c['context']})" if c.get("context") else "")


def _difference_word(t: dict, up: str, down: str) -> str:
    """The verdict on one measured difference: its direction ('longer', linked to "differs") where
    the test found one, else "no difference found"."""
    return link("differs", up if t["diff"] > 0 else down) if t["differs"] else link("no difference found")


def _difference_phrase(t: dict) -> str:
    """One player count's part of a measure's sentence: 'longer at 4 players, 12.4 against 11.0 turns
    a game (+1.4 turns, 95% interval +1.1 to +1.7)'."""
    metric = t["metric"]
    name, unit, share, up, down = _SPLIT_MEASURES[metric]
    u = "points" if share else "turns"
    vb, va = _measure_value(metric, t["vb"]), _measure_value(metric, t["va"])
    if metric == "turns":
        vb, va = vb.split()[0], va.replace("turns", unit)
    elif metric == "shared_win":
        va = f"{va} {unit}"
    else:
        vb = vb.split()[0]
    return (f"{_difference_word(t, up, down)} at {esc(_context_at(t))}, {vb} against {va} "
            f"({_signed(t['diff'], share)} {u}, 95% interval {_signed(t['ci_low'], share)} to "
            f"{_signed(t['ci_high'], share)})")


def _measure_sentences(tests: list[dict], axis: str) -> list[str]:
    """One sentence per measure and pair of values of `axis`: at each player count whether the rule
    sets differ on it, with both values and the difference."""
    sentences = []
    pairs = list(dict.fromkeys((t["a"], t["b"]) for t in tests if t["axis"] == axis))
    for metric, (name, *_) in _SPLIT_MEASURES.items():
        for a, b in pairs:
            ts = [t for t in tests if t["axis"] == axis and t["metric"] == metric and (t["a"], t["b"]) == (a, b)]
            if ts:
                sentences.append(f"{name} under {esc(b)} against {esc(a)}: "
                                 + "; ".join(_difference_phrase(t) for t in ts) + ".")
    return sentences


def _highest_share(kd: dict, comp: dict, name: str) -> str:
    """'; Macron has the highest win share under both', or the label with the highest win share
    under each of the two values; empty where a ranking names none."""
    tops = {}
    for v in (comp["a"], comp["b"]):
        best = [r[name] for r in kd.get("rows", []) if v in r and r[v]["rank"] == 1]
        tops[v] = best[0] if best else None
    same_top = tops[comp["a"]] is not None and tops[comp["a"]] == tops[comp["b"]]
    return (f"; {esc(str(tops[comp['a']]))} has the highest win share under both" if same_top else
            f"; the highest win share: {esc(str(tops[comp['b']]))} under {esc(comp['b'])}, "
            f"{esc(str(tops[comp['a']]))} under {esc(comp['a'])}" if all(tops.values()) else "")


def _label_changes(c: dict, kind: str, kd: dict, comp: dict) -> str:
    """One comparison of the labels at one player count: how many change their win share between the
    two values (the largest changes), and which has the highest win share."""
    name = label_name(kind)
    ch = sorted(comp.get("changed", []), key=lambda x: -abs(x["diff"]))
    n = kd.get("labels", 0)
    top = _highest_share(kd, comp, name)
    if ch:
        big = ", ".join(f"{esc(str(x['label']))} {points(x['diff'])} points" for x in ch[:3])
        return (f"at {esc(_context_at(c))}, {len(ch)} of {n} {plural(name)} {link('differs', 'change')} "
                f"their win share under {esc(comp['b'])} (the largest: {big}){top}")
    return (f"at {esc(_context_at(c))}, {link('no difference found')} in any of the {n} "
            f"{plural(name)}' win shares{top}")


def _labels_sentence(contexts: list[dict]) -> list[str]:
    """The labels (aliens) under the values side by side, every player count in one sentence; none
    where no context ranks labels."""
    parts = [_label_changes(c, kind, kd, comp) for c in contexts
             for kind, kd in (c.get("rankings") or {}).items() for comp in kd.get("comparisons", [])]
    if not parts:
        return []
    kinds = {k for c in contexts for k in (c.get("rankings") or {})}
    who = plural(label_name(sorted(kinds)[0])).capitalize() if len(kinds) == 1 else "Labels"
    return [f"{who}: " + "; ".join(parts) + " (a change beyond chance, every one of them checked "
            "at once; measured with these bots, whose play can change it)."]


def _one_value_sentences(contexts: list[dict]) -> list[str]:
    """The player counts measured under one value only, and why the other values are missing."""
    out = []
    for c in contexts:
        if c.get("compared", True) or not c.get("missing"):
            continue
        only = join([esc(v) for v in c.get("values", [])])
        why = [f"{esc(v)} " + ("does not allow it" if w == "refused" else "was not asked for")
               for v, w in c["missing"].items()]
        out.append(f"At {esc(_context_at(c))} only {only} was measured ({join(why)}): nothing to compare.")
    return out


def _measure_rows(tests: list[dict], ax: dict) -> list[list[str]]:
    """The compact table's rows for one axis: per player count and measure, each value, the difference
    and its verdict (a player count under one value only is a sentence instead: its figures are in
    the section)."""
    by_key = {(t["players"], t.get("context", ""), t["metric"], t["b"]): t for t in tests if t["axis"] == ax["axis"]}
    values = ax.get("values", [])
    rows = []
    for c in ax.get("contexts", []):
        if not c.get("compared", True):
            continue
        for m in c.get("metrics", []):
            if m["metric"] not in _SPLIT_MEASURES:
                continue
            name, unit, share, up, down = _SPLIT_MEASURES[m["metric"]]
            row = [esc(_context_at(c)), esc(name.split(" (")[0])]
            row += [_measure_value(m["metric"], m["by_value"][v]) if v in m["by_value"] else "not measured"
                    for v in values]
            for b in values[1:]:
                t = by_key.get((c["players"], c.get("context", ""), m["metric"], b))
                if t is None:
                    row += ["–", "–"]
                    continue
                u = " points" if share else " turns"
                row += [f"{_signed(t['diff'], share)}{u} ({_signed(t['ci_low'], share)} to "
                        f"{_signed(t['ci_high'], share)})", _difference_word(t, up, down)]
            rows.append(row)
    return rows


def split_answer(data: list[dict], axes: list[str]) -> tuple[list[str], str, int]:
    """The answer to "how do the editions compare?": per measure (game length, shared wins, the start
    player's edge) one sentence saying at each player count whether the rule sets differ (Holm over
    every comparison: split_tests) with the difference and its 95% interval in units; per player
    count how many labels (aliens) change their win share beyond chance (the section's Holm over the
    labels) and the largest changes; the player counts measured under one value only and why. The
    compact table has each measure under each value, the difference and its verdict. The sentences
    on the labels (and the player counts measured under one value) come first, the measures after:
    the third value is how many come first (what the page's chart, the labels side by side, shows)."""
    tests = split_tests(data, axes)
    sentences, rows, lead = [], [], []
    axes_data = [ax for ax in data if ax.get("axis") in axes]
    for ax in axes_data:
        contexts = ax.get("contexts", [])
        sentences += _measure_sentences(tests, ax["axis"])
        lead += _labels_sentence(contexts) + _one_value_sentences(contexts)
        rows += _measure_rows(tests, ax)
    if not rows:
        return lead + sentences, "", len(lead)
    values = axes_data[0]["values"]
    head = ["players", "measure"] + [esc(v) for v in values]
    for b in values[1:]:
        head += [f"{esc(b)} minus {esc(values[0])} (95% interval)", "verdict"]
    note = (f"<p class='muted'>The verdicts allow for all {len(tests)} comparisons in this table at once; each "
            "interval is for its own comparison, so one that only just clears zero can still read "
            f"{link('no difference found')}.</p>") if len(tests) > 1 else ""
    return lead + sentences, _table(head, rows) + note, len(lead)


# ---- dealt labels (aliens): a verdict per label ----------------------------------------------------------
def _label_word(r) -> str:
    v = str(r.get("verdict") or "")
    if v in _VERDICT:
        return _VERDICT[v]
    return "fair" if bool(r.get("equivalent", False)) else "can't tell yet"


def _sure(r, word: str) -> str:
    if word in ("too strong", "too weak"):
        p = r.get("p_holm", np.nan)
        return link("very sure") if np.isfinite(p) and p < 0.001 else link("sure")
    if word == "fair":
        return link("sure")
    return "–"


def _place_cell(places: pd.DataFrame, x) -> str:
    """A label's place in the answer table: its span where that holds under every bot, else that the
    order depends on play, with its place under each and by how much it moves."""
    if not len(places) or str(x) not in places.index:
        return "–"
    row = places.loc[str(x)]
    strategies = list(places.attrs.get("strategies", []))
    text, holds = place_phrase(row, strategies)
    if holds:
        return esc(text)
    # the span of its places under all the bots keeps the column narrow; the place under each bot
    # is the cell's tooltip and the robustness section's places column
    lo = min(int(row[f"low_{s}"]) for s in strategies)
    hi = max(int(row[f"high_{s}"]) for s in strategies)
    # (on a line of its own, so the column stays narrow)
    return f"<span title='{esc(text)}'>{esc(place_span(lo, hi))}</span>, <br>{link(DEPENDS, 'depends on play')}"


def _label_tables(tables: dict, kind: str, choices: dict) -> tuple[dict, dict, dict]:
    """The rankings keyed (kind, players, where), whether each key is a modelling choice's other
    value, and the main ones: `kind`'s rankings at the choices' own values."""
    tables = {(k[0], k[1], k[2] if len(k) > 2 else ""): v for k, v in tables.items()}
    is_choice = {key: any(key[2].startswith(f"{a} ") or f", {a} " in key[2] for a in choices) for key in tables}
    main = {key: rs for key, rs in sorted(tables.items()) if key[0] == kind and not is_choice[key] and rs
            and len(next(iter(rs.values())))}
    return tables, is_choice, main


def label_problem(tables: dict, kind: str, choices: dict | None = None) -> bool:
    """Whether the answer calls some label of `kind` too strong or too weak (in the ranking each of its
    columns quotes)."""
    _, _, main = _label_tables(tables, kind, choices or {})
    return any(_label_word(r) in ("too strong", "too weak")
               for rs in main.values() for _, r in next(iter(rs.values())).iterrows())


def _ranking_at(key: tuple) -> str:
    """Where one ranking was measured: '4 players', '4 players (edition FFG2008)'."""
    return f"{key[1]} players" + (f" ({key[2]})" if key[2] else "")


def _verdict_counts(first: dict, order: list, name: str) -> str:
    """Per column, how many labels get each verdict word, naming those too strong or too weak."""
    multi = len(first) > 1
    sentences = []
    for key, r in first.items():
        words = {x: _label_word(r.loc[x]) for x in r.index}
        parts = []
        for w in ("too strong", "too weak", "fair", "can't tell yet"):
            xs = [x for x in order if words.get(x) == w]
            if not xs:
                continue
            shown = ", ".join(map(str, xs[:5])) + (f" and {len(xs) - 5} more" if len(xs) > 5 else "")
            parts.append(f"{len(xs)} {link(w)}" + (f" ({esc(shown)})" if w in ("too strong", "too weak") else ""))
        sentences.append((f"At {_ranking_at(key)}: " if multi else f"Of {len(r)} {plural(name)}: ")
                         + "; ".join(parts) + ".")
    return " ".join(sentences)


def _bots_sentence(main: dict, places: dict, name: str) -> str:
    """Which bots the verdicts were measured with and, where several ranked the labels, for how many
    labels a place holds under all of them (a place is an order claim: rankings.label_places)."""
    multi = len(main) > 1
    strategies = list(dict.fromkeys(s for rs in main.values() for s in rs if s))
    text = ""
    if strategies and len(strategies) == 1:
        text += f" Measured with bots playing {esc(strategies[0])}; better play could change a verdict."
    ranked_by = {key: [s for s in rs if s] for key, rs in main.items()}
    if any(len(v) > 1 for v in ranked_by.values()):
        sums = {key: order_summary(places[key]) for key in main if len(ranked_by[key]) > 1}
        bots = join(list(dict.fromkeys(s for key in sums for s in ranked_by[key])))
        if not any(v["depends"] for v in sums.values()):
            text += (f" Measured with bots playing {esc(bots)}: every {esc(name)}'s {link('place')} in the table "
                     "holds under all of them (the table says where the strategy changes a verdict).")
        else:
            held = join([f"{v['holds']} of {v['labels']} {esc(plural(name))}"
                         + (f" at {_ranking_at(key)}" if multi else "") for key, v in sums.items()])
            most = max(v["most"] for v in sums.values())
            text += (f" Measured with bots playing {esc(bots)}: a {link('place')} is given where all of them "
                     f"agree, for {held}; for the others the {link(DEPENDS)}, by up to {most} "
                     f"place{'s' if most != 1 else ''} (the table says where the strategy changes a verdict).")
    return text


def _label_row(x, first: dict, places: dict, main: dict, alt: dict, tables: dict,
               kind: str) -> tuple[list[str], list, list]:
    """One label's cells of the answer table, per column its verdict (how sure), win share and place;
    and where its verdict word differs: under another strategy (play) or under another value of a
    modelling choice (choice), each as (what differs, the words for the tooltip)."""
    multi = len(first) > 1
    row = [esc(str(x))]
    play, choice = [], []
    for key, r in first.items():
        if x not in r.index:
            row += ["–", "–", "–"]
            continue
        rr = r.loc[x]
        w = _label_word(rr)
        sure = _sure(rr, w)
        row += [link(w) + (f" ({sure})" if sure != "–" else ""), pct(rr["win_share"]), _place_cell(places[key], x)]
        for s, rk in main[key].items():
            rk = rk.set_index(kind)
            if s and x in rk.index and _label_word(rk.loc[x]) != w:
                play.append((s, f"{_label_word(rk.loc[x])} under {s}" + (f" at {key[1]} players" if multi else "")))
        for k2 in alt[key]:
            rk = next(iter(tables[k2].values())).set_index(kind)
            if x in rk.index and _label_word(rk.loc[x]) != w:
                choice.append((k2[2].split()[-1], f"{_label_word(rk.loc[x])} under {k2[2]}"
                               + (f" at {key[1]} players" if multi else "")))
    return row, play, choice


def _label_table(tables: dict, is_choice: dict, main: dict, first: dict, places: dict, order: list,
                 kind: str, choices: dict, focus: list[str]) -> str:
    """The answer's table: per label and column its verdict (how sure), win share (fair in the
    header) and place; whether the strategy playing it or a modelling choice changes the verdict;
    the rows of the `focus` labels marked."""
    name, cols, multi = label_name(kind), list(main), len(main) > 1
    strategies = list(dict.fromkeys(s for rs in main.values() for s in rs if s))
    head = [esc(name)]
    for key in cols:
        tag = f" at {esc(_ranking_at(key))}" if multi else ""
        fair = first[key]["fair_share"].dropna()
        head += [f"verdict (how sure){tag}", "win share" + (f" (fair {pct(fair.iloc[0])})" if len(fair) else ""),
                 f"{link('place')} of {len(places[key])}{tag}"]
    show_play = len(strategies) > 1
    alt = {key: [k2 for k2 in tables if k2[0] == kind and is_choice[k2] and k2[1] == key[1]
                 and tables[k2]] for key in cols}
    show_choice = any(alt.values())
    if show_play:
        head.append("does the strategy change it?")
    if show_choice:
        head.append(f"does the {esc(join(list(choices.values())) or 'modelling choice')} change it?")
    rows = []
    for x in order:
        row, play, choice = _label_row(x, first, places, main, alt, tables, kind)
        rows.append(row + ([_changes(play)] if show_play else []) + ([_changes(choice)] if show_choice else []))
    note = ("<p class='muted'>Rows in the order of win share" + (f" under {esc(strategies[0])}" if strategies else "")
            + (f" at {esc(_ranking_at(cols[0]))}" if multi else "") + "; the place column says where an order holds."
            + (" A verdict word that differs under another model is not by itself a measured difference between "
               "the models: the side-by-side section below tests that directly." if show_choice else "") + "</p>")
    marked = {i for i, x in enumerate(order) if str(x) in set(map(str, focus))}
    return _table(head, rows, marked=marked) + note


def label_answer(tables: dict, kind: str, margin: float = MARGIN, choices: dict | None = None,
                 focus: list[str] = ()) -> tuple[str, str]:
    """The plain sentence and the compact table for one label kind (e.g. alien): per label its verdict
    word, win share against fair and how sure, per player count; whether the verdict changes with
    the strategy playing it and with a modelling choice (a choice axis at another value). `tables`:
    (kind, players, where) -> {strategy: ranking}; keys whose `where` names a choice axis are the
    choice's other values."""
    choices = choices or {}
    tables, is_choice, main = _label_tables(tables, kind, choices)
    if not main:
        return "", ""
    cols = list(main)
    first = {key: next(iter(rs.values())).set_index(kind) for key, rs in main.items()}
    # rows in the order of the first column's win share, then the labels only later columns rank
    order = list(first[cols[0]].sort_values("win_share", ascending=False).index)
    for key in cols[1:]:
        order += [x for x in first[key].index if x not in order]
    # a place is an order claim: the table gives one only where it holds under every bot that ranked
    # the labels (rankings.label_places), and otherwise says that the order depends on play
    places = {key: label_places(main[key], kind) for key in cols}
    text = _verdict_counts(first, order, label_name(kind)) + _bots_sentence(main, places, label_name(kind))
    return text, _label_table(tables, is_choice, main, first, places, order, kind, choices, focus)


def focus_answer(tables: dict, label: str, choices: dict | None = None) -> str:
    """Where one asked-for label (a sweep's focus: a new alien, say) stands, in plain words, per
    player count: 'Frontier: at 3 players 19th of 21 (18th–21st), 14.9% of the wins (14.1%–15.7%)
    against a fair 33.3%: too weak (very sure); at 4 players ...' Its place is the one the answer table gives (a
    span that holds under every bot that ranked the labels, else that the order depends on play);
    the win share is under the first of them. Empty where no ranking has the label."""
    kinds = sorted({k[0] for k in tables})
    for kind in kinds:
        _, _, main = _label_tables(tables, kind, choices or {})
        parts, by = [], []
        for key, rs in main.items():
            s0, r = next(iter(rs.items()))
            r = r.assign(**{kind: r[kind].astype(str)}).sort_values("win_share", ascending=False, ignore_index=True)
            if label not in set(r[kind]):
                continue
            i = int(np.flatnonzero(r[kind] == label)[0])
            rr = r.iloc[i]
            places = label_places(rs, kind)
            total = len(places) if len(places) else len(r)
            place = f"{ordinal(i + 1)} of {total}"
            if label in places.index:
                phrase, holds = place_phrase(places.loc[label], list(places.attrs.get("strategies", [])))
                if not holds:  # no one place to claim: under each bot
                    place = f"its {link(DEPENDS, 'place')} among {total} depends on play ({esc(phrase)})"
                elif phrase != ordinal(i + 1):  # the span its rank interval allows
                    place += f" ({esc(phrase)})"
            w = _label_word(rr)
            sure = _sure(rr, w)
            at = f"{key[1]} players" + (f" ({esc(key[2])})" if key[2] else "")
            parts.append(f"at {at} {place}, {pct(rr['win_share'])} of the wins ({pct(rr['share_ci_low'])}–"
                         f"{pct(rr['share_ci_high'])}) against a fair {pct(rr['fair_share'])}: {link(w)}"
                         + (f" ({sure})" if sure != "–" else ""))
            if s0:
                by.append(s0)
        if parts:
            bots = list(dict.fromkeys(by))
            return (f"<b>{esc(label)}</b>: " + "; ".join(parts) + "."
                    + (f" Win shares with bots playing {esc(join(bots))}." if bots else ""))
    return ""


# ---- a ladder of bots: how much stronger is each? ----------------------------------------------------------
def ladder_table(groups: pd.DataFrame, cells: pd.DataFrame, lay: dict) -> tuple[str, str]:
    """One row per head-to-head line-up (one seat of bot X against N - 1 of bot Y, seats rotated):
    X's win share against the fair share, the difference in points and its verdict word."""
    if "strategies" not in cells or not len(groups):
        return "", ""
    st = groups[groups["kind"] == "strategy"].dropna(subset=["win_share", "share_ci_low", "share_ci_high"])
    other = independent_axes(cells, [c for c in lay["varying"] if c not in ("strategies", "players")])
    rows, best = [], []
    for _, c in cells.sort_values("cell").iterrows():
        seats = [s.strip() for s in str(c["strategies"]).split(",") if s.strip()]
        n = int(c["players"]) if "players" in cells else len(seats)
        if len(seats) != n or len(set(seats)) != 2 or ("rotate" in cells and not bool(c["rotate"])):
            continue
        # in seat order, so that a 2-player line-up (both bots alone at the table) reads the same on
        # every run: the first seat's bot is the one seat
        kinds = list(dict.fromkeys(seats))
        ones = [v for v in kinds if seats.count(v) == 1]
        if not ones:
            continue
        xb = ones[0]
        y = next(v for v in kinds if v != xb)
        r = st[(st["cell"] == c["cell"]) & (st["key"].astype(str) == xb)]
        if r.empty:
            continue
        r = r.iloc[0]
        fair = float(r["fair_share"])
        lo, hi = float(r["share_ci_low"]), float(r["share_ci_high"])
        word = "beats" if lo > fair else "loses to" if hi < fair else "level with"
        ratio = r["win_share"] / fair if fair > 0 else float("nan")
        rows.append([esc(xb), link(word), f"{n - 1} × {esc(y)}", str(n)]
                    + [esc(fmt_value(c[a])) for a in other if a in c]
                    + [f"{pct(r['win_share'])} ({pct(lo)}–{pct(hi)})", pct(fair),
                       f"{points(r['win_share'] - fair)}", f"{ratio:.2f}×" if np.isfinite(ratio) else "–"])
        best.append((xb, word, y, r["win_share"], fair, n))
    if not rows:
        return "", ""
    head = ["bot (one seat)", "verdict", "against", "players"] + [esc(a) for a in other if a in cells] + [
        "its win share (95% interval)", "fair share", "difference (points)", "times its fair share"]
    # one phrase per pair of bots, the range of the one seat's share over the pair's line-ups
    pairs: dict = {}
    for x, w, y, s, f, n in best:
        pairs.setdefault((x, y, n), []).append((w, s, f))

    def _wins(ws) -> str:
        # one line-up: its share; several: the lowest and highest of their shares, said as a range over
        # the line-ups so that it does not read as an interval
        lo, hi = pct(min(s for _, s, _ in ws)), pct(max(s for _, s, _ in ws))
        if len(ws) == 1 or lo == hi:
            return f"wins {lo}" + (f" in each of {len(ws)} settings" if len(ws) > 1 else "")
        return f"wins from {lo} to {hi} over {len(ws)} settings"

    said = "; ".join(
        f"{esc(x)} {link(ws[0][0]) if len({w for w, _, _ in ws}) == 1 else 'is mixed against'} {n - 1} × {esc(y)} "
        f"({_wins(ws)})" for (x, y, n), ws in pairs.items())
    fairs = sorted({pct(f) for ws in pairs.values() for _, _, f in ws})
    text = (f"One seat of each bot against a table of another, seats rotated, against a fair {join(fairs)} (how well "
            f"the bots play, not a fault of the rules): {said}.")
    return text, _table(head, rows)


# ---- bot skill in one line --------------------------------------------------------------------------------
def skill_sentence(strat: dict) -> str:
    """'Bots: market wins the most at every player count (64.5% of the win share at 3 players, fair
    33.3%): how well the bots play, not the rules.' From the strategy rankings (players or
    (players, where) -> ranking)."""
    rows = {n: r for n, r in sorted(strat.items(), key=lambda kv: str(kv[0])) if len(r) >= 2}
    if not rows:
        return ""
    kind = next(iter(rows.values())).columns[0]
    tops = {r.iloc[0][kind] for r in rows.values()}
    parts = []
    for n, r in rows.items():
        a = r.iloc[0]
        p = n[0] if isinstance(n, tuple) else n
        fair = a["fair_share"] if "fair_share" in a else 1 / int(p)
        parts.append(f"{pct(a['win_share'])} of the win share at {p} players against a fair {pct(fair)}")
    if len(parts) > 2 and len(tops) == 1:
        parts = [parts[0], "…", parts[-1]]
    # a top bot not measurably above its fair share anywhere wins "the most" only by chance
    sure = [str(r.iloc[0].get("verdict", "above fair") or "") == "above fair" for r in rows.values()]
    if not any(sure):
        return "Bots: none wins measurably more than a fair share (the best: " + esc("; ".join(parts)) + ")."
    # "wins the most" only where the leader is surely first (its rank interval is 1..1), as the
    # statistics below say "strongest"
    first = [("rank_high" not in r or not np.isfinite(r.iloc[0]["rank_high"]) or int(r.iloc[0]["rank_high"]) == 1)
             for r in rows.values()]
    if not all(first):
        lead = f"the leader, {next(iter(tops))}" if len(tops) == 1 else "the leaders"
        return (f"Bots: no bot is surely the strongest at every player count ({esc(str(lead))}: "
                + esc("; ".join(parts)) + "); how well the bots play, not a fault of the rules.")
    if len(tops) == 1:
        who = f"{esc(str(next(iter(tops))))} wins the most" + (" at every player count" if len(rows) > 1 else "")
    else:
        who = "the strongest bot depends on the player count"
    return (f"Bots: {who} ({esc('; '.join(parts))}): how well the bots play, not a fault of the rules.")


def box(question: str, sentences: list[str], tables_html: str, detail_html: str, chart: str = "",
        after: list[str] = ()) -> str:
    """The answer box: the question, the plain answer (HTML sentences), the page's main chart, the
    sentences `after` it (what else the page found), the compact table, and the statistical
    sentences folded below (a reader sees the answer and its chart before the table's rows)."""
    body = "".join(f"<p class='answer'>{s}</p>" for s in sentences if s)
    chart += "".join(f"<p class='answer'>{s}</p>" for s in after if s)
    fold = (f"<details class='detail'><summary>The statistics behind this answer</summary>{detail_html}</details>"
            if detail_html else "")
    return (f"<div class='headline' id='headline'><h2>{esc(question)}</h2><div class='plain' id='plain-answer'>"
            f"{body}{chart}{tables_html}</div>{fold}</div>")
