"""The verdicts that open the page, in plain language, each with its size and interval.

Two lists, kept apart on purpose:

* rule balance: what the rules give a seat or a label whoever plays it (turn order, labels such
  as a game's dealt powers, the swept rule parameters); a gap here is a balance fault;
* strategy skill: how much one bot beats another. A gap here is a difference in play, not a
  fault of the rules, and it is shown as such.

Every sentence comes from the same tables as the sections below it (groups, label rankings), so
a headline can be checked against its section (each carries the anchor of that section).
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from ..analysis.inference import (
    Z95,
    detectable_spread,
    diff_se,
    diff_test,
    equivalence_p,
    heterogeneity,
    holm,
    random_effects,
    relative_change,
)
from .common import ALPHA, fmt_value, independent_axes, join, label_name, plural

SAME_EVERYWHERE_P = ALPHA  # Cochran's Q above this (Holm): the swept parameter does not change an effect
MATERIAL = 0.05  # a metric that moves less than 5% across the swept range "hardly changes"


def _pp(v: float) -> str:
    s = f"{100 * v:+.1f}"
    return f"{'+0.0' if float(s) == 0 else s} pp"  # never "-0.0 pp"


def _pm(se: float, crit: float = Z95) -> str:
    return f"±{100 * crit * se:.1f}"


def _se(g: pd.DataFrame) -> pd.Series:
    from_ci = (g["share_ci_high"] - g["share_ci_low"]) / (2 * Z95)
    return g["share_se"].fillna(from_ci) if "share_se" in g else from_ci


def _edge_table(pos: pd.DataFrame, by: list[str], split: list[str]) -> pd.DataFrame:
    """The start player's edge per player count (and split value) over its cells: the random-effects
    mean with its interval, the range over the cells and whether they disagree (Cochran's Q, Holm
    over the player counts), and the edge's test against fair (Holm over the player counts)."""
    rows = []
    for key, d in pos.groupby(by):
        key = key if isinstance(key, tuple) else (key,)
        n = key[0]
        where = ", ".join(f"{a} {fmt_value(v)}" for a, v in zip(split, key[1:]))
        diff = d["win_share"] - d["fair_share"]
        re_ = random_effects(diff, d["_se"] ** 2)
        het = heterogeneity(diff, d["_se"] ** 2)["p"] if len(d) > 1 else np.nan
        rows.append(dict(n=int(n), where=where, eff=re_["mean"], se=re_["se"], crit=re_["crit"], p=re_["p"],
                         het=het, lo=diff.min(), hi=diff.max(), k=len(d), var=list(d["_se"] ** 2),
                         diff=list(diff)))
    t = pd.DataFrame(rows)
    tested = t["het"].notna()
    t["het_holm"] = np.nan
    if tested.any():
        t.loc[tested, "het_holm"] = holm(t.loc[tested, "het"].to_numpy())
    t["mixed"] = t["het_holm"] < SAME_EVERYWHERE_P
    # the edge's test against fair, Holm over the player counts (a NaN p: no test, never an edge)
    t["p_holm"] = holm(np.nan_to_num(t["p"].to_numpy(float), nan=1.0))
    t["sig"] = (t["se"] > 0) & (t["p_holm"] < ALPHA)
    return t


def _edge_size(r, first: bool) -> str:
    """One row's edge with its interval ('+2.1 pp of win share (±0.8) at 4 players'); over several
    cells also their range and the cells measured pooled."""
    s = f"{_pp(r.eff) + ' of win share' if first else f'{100 * r.eff:+.1f}'} ({_pm(r.se, r.crit)}"
    if r.k > 1:
        # the random-effects interval is for cells like these; the answer box's bound is for the
        # cells measured (every game pooled), much narrower with two or three cells: both said
        avg, avg_se = float(np.mean(r.diff)), float(np.sqrt(np.sum(r.var)) / r.k)
        s += (f"; random-effects mean: the cells range from {_pp(r.lo)} to {_pp(r.hi)}; the cells measured, "
              f"pooled: {100 * avg:+.1f} ±{100 * Z95 * avg_se:.1f})")
    else:
        s += ")"
    return (s + (f" at {r.n}{' players' if first or r.where else ''}" if r.n else "")
            + (f" ({r.where})" if r.where else ""))


def _counts_at(rows: pd.DataFrame) -> str:
    """'3 and 5 players (edition FFG2008)': the rows' player counts, each with its split value."""
    return join([f"{r.n} players" + (f" ({r.where})" if r.where else "") for r in rows.itertuples()])


def _edge_sentence(t: pd.DataFrame, split: list[str]) -> str:
    """Whether the start player wins more or less than fair, and where, with every row's size; "at
    every player count" only where every row shows the same edge and no row's cells disagree."""
    sizes = join([_edge_size(r, i == 0) for i, r in enumerate(t.itertuples())])
    if not t["sig"].any():
        return f"The start player's win share is not significantly different from the fair share ({sizes})."
    if (t["eff"] > 0).all() and t["sig"].all() and not t["mixed"].any():
        every = " at every player count" + (f" and {join(split)}" if split else "")
        return f"The start player wins more than fair{every if len(t) > 1 else ''}, by {sizes}."
    # only some player counts show an edge, or the cells disagree: name them, never "every"
    sig = t[t["sig"]]
    more, less = sig[sig["eff"] > 0], sig[sig["eff"] < 0]
    parts = ([f"wins more than fair at {_counts_at(more)}"] if len(more) else []) + (
        [f"wins less than fair at {_counts_at(less)}"] if len(less) else [])
    rest = t[~t["sig"]]
    return (f"The start player {' and '.join(parts)}"
            + (f"; at {_counts_at(rest)} its win share is not significantly different from the fair share"
               if len(rest) else "")
            + f" (start player minus fair share: {sizes}).")


def _dependence_sentence(t: pd.DataFrame, swept: list[str]) -> str:
    """Whether the swept parameters change the edge: where the cells disagree beyond their noise, and
    otherwise how large a steady change would have been found."""
    tested = t["het"].notna()
    what = join(swept)
    moved = t[t["mixed"]]
    if moved.empty:
        spread = max(detectable_spread(v, alpha=ALPHA / max(int(tested.sum()), 1))
                     for v, k in zip(t["var"], t["k"]) if k > 1) if (t["k"] > 1).any() else np.nan
        return (f" No significant dependence on {what}: the cells agree within their noise (Cochran's Q, "
                "Holm-corrected over the player counts)"
                + (f"; an edge changing steadily by ±{100 * spread:.1f} pp across the cells would be found "
                   "with 80% power, a smaller change could go unnoticed." if np.isfinite(spread) else "."))
    return (f" It changes with {what} at " + join([
        f"{r.n} players{f' ({r.where})' if r.where else ''} ({_pp(r.lo)} to {_pp(r.hi)}, Holm p "
        f"{r.het_holm:.2g})" for r in moved.itertuples()])
        + ("; elsewhere the cells agree within their noise." if len(moved) < int(tested.sum()) else "."))


def turn_order(groups: pd.DataFrame, cells: pd.DataFrame, lay: dict,
               split: list[str] | None = None) -> tuple[list[tuple[str, str]], bool | None]:
    """The start player's edge (position 1's win share minus the fair share) per player count over
    the cells, and whether the other swept parameters change it (Cochran's Q per player count,
    Holm-corrected over the player counts). Over several cells the edge is always their
    random-effects mean with the Hartung-Knapp t interval (inference.random_effects), with the
    range over the cells: no pre-test choosing the method (a fixed effect kept where Q missed the
    spread covered the mean edge far less than 95%). "More / less than fair at N players" comes
    from that mean's test against 0, Holm-corrected over the player counts (and split values), so
    fair player counts give a false edge somewhere in at most 5% of sweeps. Where the cells
    disagree beyond their noise (Q, Holm p < alpha) the sentence never says "at every player
    count". Returns the sentence and whether the edge is the same at every value
    of the swept parameters (None: nothing swept; False: it changes somewhere). `split`: axes never
    pooled over (Game.split_axes, e.g. edition): the edge is then per player count and value, and
    only parameters that vary within those groups count as swept."""
    split = [c for c in (split or []) if c in cells]
    pos = groups[(groups["kind"] == "position") & (groups["key"].astype(str) == "1")]
    pos = pos.dropna(subset=["win_share", "fair_share"])
    if pos.empty:
        return [], None
    pos = pos.assign(_se=_se(pos))
    if "players" not in pos:
        pos = pos.assign(players=0)
    if split:
        pos = pos.drop(columns=[c for c in split if c in pos]).merge(cells[["cell", *split]], on="cell")
    by = ["players", *split]
    # a parameter counts as swept when it varies inside one (players, split values) group: a column
    # that follows a split axis (Cosmic's deck follows the edition) is not a separate question
    swept = [c for c in lay["varying"] if c not in by and c in cells
             and (cells.groupby(by)[c].nunique() > 1).any()] if split else [c for c in lay["varying"] if c != "players"]
    t = _edge_table(pos, by, split)
    text = _edge_sentence(t, split)
    same = None
    if swept:
        same = not t["mixed"].any()
        text += _dependence_sentence(t, swept)
    elif t["mixed"].any():
        text += (" The cells pooled at " + _counts_at(t[t["mixed"]]) + " disagree beyond their noise (Cochran's Q, "
                 "Holm-corrected).")
    text += " Intervals: 95%" + ("; over several cells a Hartung-Knapp t interval" if (t["k"] > 1).any() else "")
    text += "; the edge tested against fair with Holm over the player counts." if len(t) > 1 else "."
    return [(text, "turn-order")], same


def swept_question(cells: pd.DataFrame, lay: dict, metrics, balance_same: bool | None) -> list[tuple[str, str]]:
    """The swept rule parameter's own answer: whether it changes the seat balance (from
    turn_order), and what it changes in the game (the declared trend metrics, first to last value).
    A metric "changes" when the difference between the two ends is significant (a z-test of the
    difference, Holm over the metrics: two overlapping intervals can still differ) and at least 5%
    of the first value. "Changed by less than 5%" needs an equivalence test: two one-sided tests
    that the relative change (last - first) / first lies within +-5% (its standard error by the
    delta method), each at 5%, Holm over the metrics, so a true change of 5% or more is called
    "less than 5%" at most 5% of the time. A metric that passes neither test is "not
    distinguishable from no change", with the largest change its 95% interval allows. The means
    pool the player counts and any split axis (lay["split"]): the sentence says so."""
    x = lay["x"]
    if x is None or cells[x].nunique() < 2:
        return []
    rows = []
    for m in metrics:
        col = f"{m.name}_mean"
        if not m.trend or col not in cells:
            continue
        c = cells.assign(_se=(cells[f"{m.name}_ci_high"] - cells[f"{m.name}_ci_low"]) / (2 * Z95))
        # the mean over the cells at one value of x, and its se (independent cells: variances add)
        d = c.groupby(x).agg(y=(col, "mean"), v=("_se", lambda v: float(np.sum(np.square(v)))),
                             k=(col, "size"))
        a, b = d.iloc[0], d.iloc[-1]
        se_a, se_b = np.sqrt(a["v"]) / a["k"], np.sqrt(b["v"]) / b["k"]
        diff, se, p = diff_test(a["y"], se_a, b["y"], se_b)
        # the relative change (b - a) / a and its delta-method se (the first value is estimated too)
        r_, se_r = relative_change(a["y"], se_a, b["y"], se_b)
        rel = abs(r_)
        bound = abs(r_) + Z95 * se_r
        rows.append(dict(rel=rel, p=p, peq=float(equivalence_p(r_, se_r, MATERIAL)), bound=bound,
                         lo=r_ - Z95 * se_r, hi=r_ + Z95 * se_r, text=f"{m.label} {a['y']:.3g} → {b['y']:.3g}"))
    if rows:
        ph = holm(np.nan_to_num([r["p"] for r in rows], nan=1.0))
        pe = holm(np.nan_to_num([r["peq"] for r in rows], nan=1.0))
        for r, q, e in zip(rows, ph, pe):
            r["sig"], r["equiv"] = q < ALPHA, e < ALPHA
    moved = sorted([r for r in rows if r["sig"] and r["rel"] >= MATERIAL], key=lambda r: -r["rel"])
    small = [r for r in rows if r["equiv"] and not (r["sig"] and r["rel"] >= MATERIAL)]
    slight = [r for r in rows if r["sig"] and r["rel"] < MATERIAL and not r["equiv"]]
    unsure = [r for r in rows if not r["sig"] and not r["equiv"]]
    lo, hi = fmt_value(cells[x].min()), fmt_value(cells[x].max())
    text = f"Which {x}? "
    if balance_same is True:
        text += "No significant effect on the turn-order balance was found (above). "
    elif balance_same is False:
        text += "It moves the turn-order balance at some player counts (above). "
    if moved:
        text += f"What it changes, from {x} {lo} to {hi}: " + "; ".join(r["text"] for r in moved)
        over = (["the player counts"] if "players" in lay["varying"] else []) + [
            f"the {plural(a)}" for a in lay.get("split", [])]
        split = lay.get("split", [])
        text += (f" (means over {join(over)}" + (": the trends per series below keep them apart)" if split else ")")
                 if over else "")
        text += "."
    if small:
        text += (f" Changed by less than {100 * MATERIAL:.0f}% (equivalence test, Holm): "
                 + "; ".join(r["text"] for r in small) + ".")
    if slight:
        text += (" Changed significantly (Holm), by an amount not shown to be below or above "
                 f"{100 * MATERIAL:.0f}%: " + "; ".join(
                     f"{r['text']} (95% interval {100 * r['lo']:+.1f}% to {100 * r['hi']:+.1f}%)" for r in slight)
                 + ".")
    if unsure:
        text += (" Not distinguishable from no change (Holm), but the change could be as large as: "
                 + "; ".join(f"{r['text']} (up to {100 * r['bound']:.1f}%)" for r in unsure) + ".")
    return [(text.strip(), "effect")]


def first_place(r: pd.DataFrame, kind: str) -> dict:
    """The leader of one ranking against every other label by the direct difference test: the
    leader's win share minus each other's, its standard error (from the covariance of the shares,
    r.attrs["share_cov"]: labels and matrix rows, where the results hold it; else se_a + se_b, the safe bound: shares of one
    table are negatively correlated), and the p-value of
    "the leader is the only true first", min(1, (K - 1) x the largest two-sided p). A label tied with
    the true first can come out on top by noise, and so can any of the K - 1 others: Bonferroni over
    them, two-sided because two tied leaders can swap either way, keeps the chance of naming a label
    surely first that is not below alpha whatever the truth. Returns leader, runner (the runner-up),
    gap and gap_se (leader minus runner-up) and p."""
    from scipy.stats import norm

    cov = r.attrs.get("share_cov")
    r = r.sort_values("win_share", ascending=False, ignore_index=True)
    s, se = r["win_share"].to_numpy(float), r["share_se"].to_numpy(float)
    c = np.nan
    if cov is not None and set(r[kind].astype(str)) <= set(cov[0]):
        at = {x: i for i, x in enumerate(cov[0])}
        c = np.array([cov[1][at[str(r.at[0, kind])]][at[str(x)]] for x in r[kind].iloc[1:]])
    d, e = s[0] - s[1:], diff_se(se[0], se[1:], c)
    with np.errstate(invalid="ignore", divide="ignore"):
        p2 = np.where(e > 0, 2 * norm.sf(np.abs(d) / e), np.where((e == 0) & (d != 0), 0.0, 1.0))
    p2 = np.where(np.isfinite(p2) & np.isfinite(d), p2, 1.0)  # an unknown standard error proves nothing
    return dict(leader=r.at[0, kind], runner=r.at[1, kind], gap=float(d[0]), gap_se=float(e[0]),
                p=float(min(1.0, (len(r) - 1) * p2.max())))


def _ranking_at(key) -> str:
    """Where one ranking was measured: '4 players', '4 players (edition FFG2008)'."""
    return f"{key[0]} players" + (f" ({key[1]})" if key[1] else "")


class _Leaders:
    """One label kind's rankings as the strongest-label sentence reads them: by (player count, split
    value), the strategies that ranked the labels, each ranking's leader against the rest
    (``first_place``: surely first or not, Holm over every ranking of the kind) and the leaders that
    hold under every strategy at their player count."""

    def __init__(self, kind: str, by: dict):
        self.name, self.by = label_name(kind), by
        self.strategies = list(dict.fromkeys(s for rs in by.values() for s in rs if s))
        self.runs = [dict(key=n, strategy=s, **first_place(r, kind)) for n, rs in by.items() for s, r in rs.items()
                     if len(r) >= 2]
        for x, q in zip(self.runs, holm([x["p"] for x in self.runs])):
            x["sure"] = q < ALPHA
        self.how = (f"surely first: above every other {self.name} by the direct difference test"
                    + (", Holm-corrected over the rankings" if len(self.runs) > 1 else ""))
        # an order claim holds at a player count (and split value) only when it holds under every
        # strategy that ranked the labels there: the same label surely first under each
        self.at_key = {n: [x for x in self.runs if x["key"] == n] for n in by}
        self.held = {n: rk[0]["leader"] for n, rk in self.at_key.items()
                     if rk and all(x["sure"] for x in rk) and len({x["leader"] for x in rk}) == 1}

    def where(self, x) -> str:
        return _ranking_at(x["key"]) + (f" under {x['strategy']}" if x["strategy"] and len(self.strategies) > 1 else "")

    def gap(self, x) -> str:
        return f"{x['leader']} ahead of {x['runner']} by {_pp(x['gap'])} ({_pm(x['gap_se'])}) at {self.where(x)}"

    def not_sure(self, xs) -> str:
        return (f"the leader is not surely ahead of the runner-up (direct difference test, Bonferroni over "
                f"the other {plural(self.name)}" + (", Holm over the rankings" if len(self.runs) > 1 else "") + "): "
                + "; ".join(self.gap(x) for x in xs))

    def unheld(self, n) -> str:
        """Why no label is the strongest at n under every strategy, in words."""
        name, rk = self.name, self.at_key[n]
        sure_rk, unsure_rk = [x for x in rk if x["sure"]], [x for x in rk if not x["sure"]]
        there = f" at {_ranking_at(n)}" if len(self.by) > 1 else ""
        if len({x["leader"] for x in sure_rk}) > 1:
            out_ = (f"the strongest {name} depends on the strategy playing it{there}: "
                    + "; ".join(f"{x['leader']} at {self.where(x)}" for x in sure_rk) + f" (each {self.how})")
            return out_ + (f"; {self.not_sure(unsure_rk)}" if unsure_rk else "")
        if sure_rk:
            x0 = sure_rk[0]
            return (f"no {name} is surely the strongest at {_ranking_at(n)} under every strategy: {x0['leader']} is "
                    f"surely first under {join([x['strategy'] for x in sure_rk])} only; under "
                    f"{join([x['strategy'] for x in unsure_rk])} {self.not_sure(unsure_rk)}")
        return f"no {name} is surely the strongest at {_ranking_at(n)}: {self.not_sure(unsure_rk)}"


def _strongest_sentence(kind: str, by: dict) -> str:
    """Which label of `kind` is the strongest, where that holds, and the leader's edge over fair in
    every ranking shown."""
    lead = _Leaders(kind, by)
    name, strategies, runs, held, how = lead.name, lead.strategies, lead.runs, lead.held, lead.how
    split = any(w for _, w in by)
    first = {n: next(iter(rs.values())) for n, rs in by.items()}
    tops = {n: r.sort_values("win_share", ascending=False).iloc[0] for n, r in first.items()}
    counts = join([_ranking_at(n) for n in by]) if split else join([str(n) for n, _ in by]) + " players"
    details = "; ".join(
        f"{_pp(t['win_share'] - t['fair_share'])} over fair at {_ranking_at(n)} ({_pm(t['share_se'])}"
        + ")" for n, t in tops.items())
    lead_by = next((s for s in next(iter(by.values()))), "")
    leaders = list(dict.fromkeys(held.values()))
    under_all = (f" under every strategy tested ({join(strategies)})" if len(strategies) > 1
                 else f" with bots playing {strategies[0]}" if strategies else "")
    if held and len(held) == len(by) and len(leaders) == 1:
        text = f"{leaders[0]} is the strongest {name} at {counts}{under_all}: {details}"
        return text + (f" (bots playing {lead_by})" if len(strategies) > 1 else "") + f"; {how}."
    if held and len(held) == len(by):
        what = "the player count" + (", the rules" if split else "")
        return (f"The strongest {name} depends on {what}: "
                + "; ".join(f"{held[n]} at {_ranking_at(n)}" for n in by) + f" (each {how}{under_all})"
                + f"; the leader's edge over fair: {details}{f' (bots playing {lead_by})' if lead_by else ''}.")
    if not any(x["sure"] for x in runs) and len(strategies) <= 1:
        return (f"No {name} is surely the strongest at {counts}: {lead.not_sure(runs)}"
                + f"; the leader's edge over fair: {details}{f' (bots playing {lead_by})' if lead_by else ''}.")
    parts = [f"{x} is the strongest {name} at {join([_ranking_at(n) for n in by if held.get(n) == x])}{under_all} "
             f"({how})" for x in leaders]
    rest = [lead.unheld(n) for n in by if n not in held]
    text = "; ".join(parts + [(r_[0].upper() + r_[1:]) if (i == 0 and not parts) else r_
                              for i, r_ in enumerate(rest)])
    return text + f"; the leader's edge over fair: {details}{f' (bots playing {lead_by})' if lead_by else ''}."


def label_verdicts(tables: dict[tuple[str, int], dict[str, pd.DataFrame]]) -> list[tuple[str, str]]:
    """Per label kind (not strategies): which label is the strongest, with its edge over the fair
    share and interval, and how many labels differ from fair. `tables`: (kind, players) or (kind,
    players, where) -> {strategy that played every seat, or "": ranking}, the first being the
    ranking shown; where names a value of a split axis, e.g. "edition FFG2008".

    A label is called the strongest of a ranking only when it is surely first: its win share is
    above every other label's by the direct difference test (``first_place``), Holm-corrected over
    all the rankings of the kind (player counts, split values and strategies), so that every
    "strongest" of the sentence holds together with probability at least 1 - alpha. An order claim
    holds only where it holds under every strategy that ranked the labels: a label is the strongest
    at a player count (and split value) only when it is surely first there under each of them; where
    it is surely first under some and not others, no label is called the strongest there and the
    sentence says under which it is surely first and by how much the others' leaders lead. "The
    strongest depends on ..." is said only when two rankings have different surely-first labels; a
    leader that is not surely ahead of its runner-up is named as the leader, with the gap, not as the
    strongest (reading the top row of each ranking made two tied leaders "depend on the strategy"
    half of the time)."""
    out = []
    tables = {(k[0], k[1], k[2] if len(k) > 2 else ""): v for k, v in tables.items()}
    for kind in sorted({k for k, _, _ in tables if k != "strategy"}):
        name = label_name(kind)
        by = {(n, w): rs for (k, n, w), rs in sorted(tables.items())
              if k == kind and rs and len(next(iter(rs.values()))) >= 2}
        if not by:
            continue
        text = _strongest_sentence(kind, by)
        first = {n: next(iter(rs.values())) for n, rs in by.items()}
        n_off = {n: int((r["verdict"] != "").sum()) for n, r in first.items()}
        text += " " + "; ".join(f"{k} of {len(first[n])} {plural(name)} differ from fair at {_ranking_at(n)}"
                                for n, k in n_off.items()) + " (Holm-corrected)."
        strategies = list(dict.fromkeys(s for rs in by.values() for s in rs if s))
        if strategies:
            text += (f" How strong each {name} looks depends on how well the bots play it"
                     + (": see the robustness tables." if len(strategies) > 1 else
                        f"; only {strategies[0]} was measured."))
        out.append((text, f"ranking-{kind.replace('_', '-')}"))
    return out


def focus_labels(tables: dict, focus: list[str]) -> list[tuple[str, str]]:
    """Where each focus label (a sweep's `focus`, the report's --focus: e.g. a new power placed among
    the others) stands in every ranking that has it: its place, the 95% rank interval read as how
    many labels are surely stronger and surely weaker, and its win share against the fair share.
    `tables` as for label_verdicts; the first ranking of each key is the one shown. Where several
    strategies ranked the labels, a place is said only where it holds under every one of them
    (rankings.label_places: rank intervals that hold for all of them together): their span, or, when
    two of them share no place, that its place depends on play, under each, and by how much."""
    from .rankings import label_places, ordinal, place_phrase, place_span

    out = []
    tables = {(k[0], k[1], k[2] if len(k) > 2 else ""): v for k, v in tables.items()}
    for label in focus:
        for kind in sorted({k for k, _, _ in tables}):
            name = label_name(kind)
            parts, played = [], []
            for (k, n, w), rs in sorted(tables.items()):
                if k != kind or not rs:
                    continue
                s, r = next(iter(rs.items()))
                if not len(r) or label not in set(r[kind].astype(str)):
                    continue
                r = r.sort_values("win_share", ascending=False, ignore_index=True)
                i = int(np.flatnonzero(r[kind].astype(str) == label)[0])
                row, total = r.iloc[i], len(r)
                where = f"{n} players" + (f" ({w})" if w else "")
                verdict = str(row.get("verdict") or "") or "not distinguishable from fair"
                share = (f"win share {100 * row['win_share']:.1f}% ({100 * row['share_ci_low']:.1f}–"
                         f"{100 * row['share_ci_high']:.1f}%) against a fair {100 * row['fair_share']:.1f}%")
                others = {x: rr for x, rr in rs.items() if x and len(rr) and label in set(rr[kind].astype(str))}
                if len(others) > 1:
                    pl = label_places(others, kind)
                    p_ = pl.loc[label]
                    total = len(pl)
                    phrase, holds = place_phrase(p_, list(pl.attrs["strategies"]))
                    every = join(list(others))
                    if holds:
                        lo, hi = int(p_["low"]), int(p_["high"])
                        place = (f"{phrase} of {total} under every strategy ({every}; 95% rank intervals that hold "
                                 f"for all of them together: {lo - 1} {plural(name) if lo - 1 != 1 else name} "
                                 f"surely stronger, {total - hi} surely weaker under each)")
                    else:
                        place = f"its place among {total} depends on play: {phrase}"
                    parts.append(f"at {where} {place}; {share} under {s}: {verdict}")
                    played += list(others)
                    continue
                lo, hi = row.get("rank_low"), row.get("rank_high")
                if pd.notna(lo) and pd.notna(hi):
                    lo, hi = int(lo), int(hi)
                    span = f"{ordinal(lo)} exactly" if lo == hi else place_span(lo, hi)
                    sure = (f"95% rank interval {span}: {lo - 1} {plural(name) if lo - 1 != 1 else name} "
                            f"surely stronger, {total - hi} surely weaker")
                else:
                    sure = "no rank interval"
                parts.append(f"at {where} {ordinal(i + 1)} of {total} ({sure}), {share}: {verdict}")
                if s:
                    played.append(s)
            if parts:
                by = list(dict.fromkeys(played))
                out.append((f"{label}: " + "; ".join(parts)
                            + (f" (bots playing {join(by)}; how strong it looks depends on how well they play it)."
                               if by else "."), f"ranking-{kind.replace('_', '-')}"))
    return out


def strategy_skill(rankings: dict) -> list[tuple[str, str]]:
    """Bot skill per player count: the best strategy's win share against the runner-up's (the gap's
    interval uses se_a + se_b, a safe bound: shares of one table are negatively correlated) and the
    weakest strategy's. Keys: the player count, or (players, where) for one value of a split axis.
    A bot is "the strongest" only where it is surely first: the leader's gap over the runner-up
    tested directly (z-test of the difference with that standard error), Holm over the player
    counts; two equal bots at three player counts then get "the strongest bot at every player
    count" in at most 5% of sweeps (read off the top rows: 25%)."""
    from scipy.stats import norm

    rows = {n: r for n, r in sorted(rankings.items()) if len(r) >= 2}
    if not rows:
        return []
    kind = next(iter(rows.values())).columns[0]
    parts, ps = [], []
    for n, r in rows.items():
        r = r.sort_values("win_share", ascending=False, ignore_index=True)
        a, b, z = r.iloc[0], r.iloc[1], r.iloc[-1]
        se = float(diff_se(a["share_se"], b["share_se"]))
        gap = float(a["win_share"] - b["win_share"])
        ps.append(float(2 * norm.sf(abs(gap) / se)) if se > 0 else 1.0)
        at = f"{n[0]} players" + (f" ({n[1]})" if n[1] else "") if isinstance(n, tuple) else f"{n} players"
        part = (f"{100 * a['win_share']:.1f}% of the win share at {at} vs {100 * b['win_share']:.1f}% for "
                f"{b[kind]} ({_pp(gap)} {_pm(se)})")
        if len(r) > 2:
            part += f", {100 * z['win_share']:.1f}% for {z[kind]}"
        parts.append((a[kind], at, part))
    sure = holm(np.nan_to_num(ps, nan=1.0)) < ALPHA
    best = {x for x, _, _ in parts}
    surely = [at for (_, at, _), s in zip(parts, sure) if s]
    test = "the leader's gap over the runner-up, Holm-corrected over the player counts"
    if len(best) == 1 and sure.all():
        text = f"{next(iter(best))} is the strongest bot{' at every player count' if len(rows) > 1 else ''}: "
        text += "; ".join(p for _, _, p in parts)
        text += f" (surely first: {test})"
    elif len(best) == 1:
        every = " at every player count" if len(rows) > 1 else ""
        text = (f"{next(iter(best))} has the highest win share{every}, but is surely ahead of the runner-up only at "
                f"{join(surely) if surely else 'no player count'} ({test}): " + "; ".join(p for _, _, p in parts))
    else:
        sure_best = {x for (x, _, _), s in zip(parts, sure) if s}
        lead = ("The strongest bot depends on the player count" if len(sure_best) > 1 else
                "The bot with the highest win share differs between the player counts, but no two of them are "
                "surely first")
        text = (f"{lead} (surely first only at {join(surely) if surely else 'no player count'}: {test}): "
                + "; ".join(f"{x} {p}" for x, _, p in parts))
    return [(text + ". A difference in how the bots play, not a balance fault of the rules.", "ranking-strategy")]


_COUNT_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def ladder_rows(groups: pd.DataFrame, cells: pd.DataFrame, lay: dict) -> list[tuple]:
    """The head-to-head cells (one seat of a strategy X against N - 1 seats of another Y, rotated
    through the seats), in the order of the sweep: (X, Y, N, the cell's other swept values, X's
    strategy row of groups, the cell's row)."""
    if "strategies" not in cells or not len(groups):
        return []
    st = groups[groups["kind"] == "strategy"].dropna(subset=["win_share", "share_ci_low", "share_ci_high"])
    other = independent_axes(cells, [c for c in lay["varying"] if c not in ("strategies",)])
    out = []
    for _, c in cells.sort_values("cell").iterrows():
        seats = [x.strip() for x in str(c["strategies"]).split(",") if x.strip()]
        n = int(c["players"]) if "players" in cells else len(seats)
        if len(seats) != n or len(set(seats)) != 2 or ("rotate" in cells and not bool(c["rotate"])):
            continue
        kinds = list(dict.fromkeys(seats))  # in seat order: the same bot is "the one seat" on every run
        x = next((v for v in kinds if seats.count(v) == 1), None)
        if x is None:
            continue
        y = next(v for v in kinds if v != x)
        r = st[(st["cell"] == c["cell"]) & (st["key"] == x)]
        if r.empty:
            continue
        out.append((x, y, n, ", ".join(f"{a} {fmt_value(c[a])}" for a in other if a in c), r.iloc[0], c))
    return out


def ladder(groups: pd.DataFrame, cells: pd.DataFrame, lay: dict, speed: dict | None = None) -> list[tuple[str, str]]:
    """Head-to-head rungs: per cell whose line-up is one seat of a strategy X against N - 1 seats of
    another Y, rotated through the seats, "X wins S (95% CI) of the win share against three Y (fair
    1/N)", with the cell's other swept values and its games per second; the cells in the order of
    the sweep. `speed`: games per second by cell (the run's manifest; a cells column games_per_s
    is used where there is one): the speed of the run that computed the cell, on its machine and
    threads. Empty when no cell has such a line-up (then strategy_skill answers)."""
    out = []
    for x, y, n, where, r, c in ladder_rows(groups, cells, lay):
        gps = c.get("games_per_s") if "games_per_s" in cells else (speed or {}).get(int(c["cell"]))
        fast = f"; {gps:,.0f} games/s" if gps is not None and np.isfinite(gps) else ""
        out.append((f"{x} wins {100 * r['win_share']:.1f}% (95% CI {100 * r['share_ci_low']:.1f}–"
                    f"{100 * r['share_ci_high']:.1f}%) of the win share against {_COUNT_WORDS.get(n - 1, str(n - 1))} "
                    f"{y} at {n} players{' (' + where + ')' if where else ''}, fair {100 * r['fair_share']:.1f}%{fast}.",
                    "ranking-strategy"))
    if out:
        out[-1] = (out[-1][0] + " One seat of the stronger strategy against the others, seats rotated: a difference "
                                "in how the bots play, not a balance fault of the rules.", out[-1][1])
    return out


def block(rule: list[tuple[str, str]], skill: list[tuple[str, str]], esc, skill_first: bool = False,
          wrap: bool = True) -> str:
    """The headline HTML: rule balance first, then bot skill (skill first where the sweep's question
    is how the strategies compare: a ladder). wrap=False: the two lists only (the statistics folded
    under the plain answer, simsuite.report.answer.box)."""
    if not rule and not skill:
        return ""
    parts = {}
    if rule:
        parts["rule"] = ("<h3>Rule balance <span class='muted'>(what the rules give a seat, a label or a parameter "
                         "value, whoever plays it)</span></h3><ul class='findings'>"
                         + "".join(f"<li>{esc(h)} <a href='#{a}'>Details</a></li>" for h, a in rule) + "</ul>")
    if skill:
        parts["skill"] = ("<h3>Strategy skill <span class='muted'>(how much one bot beats another: not a balance "
                          "fault)</span></h3><ul class='findings'>"
                          + "".join(f"<li>{esc(h)} <a href='#{a}'>Details</a></li>" for h, a in skill) + "</ul>")
    order = ("skill", "rule") if skill_first else ("rule", "skill")
    if not wrap:
        return "".join(parts.get(k, "") for k in order)
    return ("<div class='headline' id='headline'><h2>The answer</h2>" + "".join(parts.get(k, "") for k in order)
            + "</div>")
