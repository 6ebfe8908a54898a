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

from ..stats import Z95, diff_se, heterogeneity, holm
from .common import ALPHA, _join, _label_name, _plural, _value

SAME_EVERYWHERE_P = ALPHA  # Cochran's Q above this (Holm): the swept parameter does not change an effect
MATERIAL = 0.05  # a metric that moves less than 5% across the swept range "hardly changes"


def _pp(v: float) -> str:
    return f"{100 * v:+.1f} pp"


def _pm(se: float) -> str:
    return f"±{100 * Z95 * se:.1f}"


def _pooled(d: pd.DataFrame) -> tuple[float, float]:
    """Inverse-variance pooled win share minus fair share over cells, with its standard error."""
    se = d["_se"].to_numpy(float)
    eff = (d["win_share"] - d["fair_share"]).to_numpy(float)
    ok = np.isfinite(se) & (se > 0)
    if not ok.any():
        return float(np.mean(eff)), float("nan")
    w = 1 / se[ok] ** 2
    return float((w * eff[ok]).sum() / w.sum()), float(1 / np.sqrt(w.sum()))


def _se(g: pd.DataFrame) -> pd.Series:
    from_ci = (g["share_ci_high"] - g["share_ci_low"]) / (2 * Z95)
    return g["share_se"].fillna(from_ci) if "share_se" in g else from_ci


def turn_order(groups: pd.DataFrame, cells: pd.DataFrame, lay: dict,
               split: list[str] | None = None) -> tuple[list[tuple[str, str]], bool | None]:
    """The start player's edge (position 1's win share minus the fair share), pooled per player
    count over the cells (inverse-variance weights), and whether the other swept parameters change
    it (Cochran's Q per player count, Holm-corrected over the player counts). Returns the sentence
    and whether the edge is the same at every value of the swept parameters (None: nothing swept).
    `split`: axes never pooled over (Game.split_axes, e.g. edition): the edge is then per player
    count and value, and only parameters that vary within those groups count as swept."""
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
    rows = []
    for key, d in pos.groupby(by):
        key = key if isinstance(key, tuple) else (key,)
        n = key[0]
        where = ", ".join(f"{a} {_value(v)}" for a, v in zip(split, key[1:]))
        eff, se = _pooled(d)
        het = (heterogeneity(d["win_share"] - d["fair_share"], d["_se"] ** 2)["p"]
               if len(d) > 1 and swept else np.nan)
        diff = d["win_share"] - d["fair_share"]
        rows.append(dict(n=int(n), where=where, eff=eff, se=se, sig=se > 0 and abs(eff / se) > Z95, het=het,
                         lo=diff.min(), hi=diff.max()))
    t = pd.DataFrame(rows)
    tested = t["het"].notna()
    t["het_holm"] = np.nan
    if tested.any():
        t.loc[tested, "het_holm"] = holm(t.loc[tested, "het"].to_numpy())
    sizes = _join([f"{_pp(r.eff) + ' of win share' if i == 0 else f'{100 * r.eff:+.1f}'} ({_pm(r.se)})"
                   + (f" at {r.n}{' players' if i == 0 or r.where else ''}" if r.n else "")
                   + (f" ({r.where})" if r.where else "") for i, r in enumerate(t.itertuples())])
    if not t["sig"].any():
        text = (f"Turn order is fair: the start player's win share is within its noise of the fair share "
                f"({sizes}).")
    elif (t["eff"] > 0).all() and t["sig"].all():
        every = " at every player count" + (f" and {_join(split)}" if split else "")
        text = (f"The start player wins more than fair{every if len(t) > 1 else ''}, by "
                f"{sizes}.")
    elif t["sig"].sum() < len(t):
        # only some player counts show an edge: name them, and do not say "every" of the rest
        def where(rows):
            return _join([f"{r.n} players" + (f" ({r.where})" if r.where else "") for r in rows.itertuples()])

        sig = t[t["sig"]]
        more, less = sig[sig["eff"] > 0], sig[sig["eff"] < 0]
        parts = ([f"wins more than fair at {where(more)}"] if len(more) else []) + (
            [f"wins less than fair at {where(less)}"] if len(less) else [])
        text = (f"The start player {' and '.join(parts)}; at {where(t[~t['sig']])} its win share is within its "
                f"noise of the fair share (start player minus fair share: {sizes}).")
    else:
        text = f"The start player's win share minus the fair share: {sizes}."
    same = None
    if swept:
        what = _join(swept)
        moved = t[t["het_holm"] < SAME_EVERYWHERE_P]
        same = moved.empty
        if same:
            text += (f" It does not depend on {what}: the cells agree within their noise (Cochran's Q, "
                     "Holm-corrected over the player counts).")
        else:
            text += (f" It changes with {what} at " + _join([
                f"{r.n} players{f' ({r.where})' if r.where else ''} ({_pp(r.lo)} to {_pp(r.hi)}, Holm p "
                f"{r.het_holm:.2g})" for r in moved.itertuples()])
                + ("; elsewhere the cells agree within their noise." if len(moved) < int(tested.sum()) else "."))
    return [(text + " Intervals: 95%.", "charts")], same


def swept_question(cells: pd.DataFrame, lay: dict, metrics, balance_same: bool | None) -> list[tuple[str, str]]:
    """The swept rule parameter's own answer: whether it changes the seat balance (from
    turn_order), and what it changes in the game (the declared trend metrics, first to last value).
    The means pool the player counts and any split axis (lay["split"]): the sentence says so."""
    x = lay["x"]
    if x is None or cells[x].nunique() < 2:
        return []
    moved, flat = [], []
    for m in metrics:
        col = f"{m.name}_mean"
        if not m.trend or col not in cells:
            continue
        d = cells.groupby(x).agg(y=(col, "mean"), lo=(f"{m.name}_ci_low", "mean"), hi=(f"{m.name}_ci_high", "mean"))
        a, b = d.iloc[0], d.iloc[-1]
        rel = abs(b["y"] - a["y"]) / max(abs(a["y"]), 1e-9)
        apart = a["hi"] < b["lo"] or b["hi"] < a["lo"]
        (moved if apart and rel >= MATERIAL else flat).append((rel, f"{m.label} {a['y']:.3g} → {b['y']:.3g}"))
    lo, hi = _value(cells[x].min()), _value(cells[x].max())
    text = f"Which {x}? "
    if balance_same is True:
        text += "For turn-order balance it does not matter (above). "
    elif balance_same is False:
        text += "It moves the turn-order balance at some player counts (above). "
    if moved:
        moved.sort(key=lambda t: -t[0])
        text += f"What it changes, from {x} {lo} to {hi}: " + "; ".join(t for _, t in moved)
        over = (["the player counts"] if "players" in lay["varying"] else []) + [
            f"the {_plural(a)}" for a in lay.get("split", [])]
        split = lay.get("split", [])
        text += (f" (means over {_join(over)}" + (": the trends per series below keep them apart)" if split else ")")
                 if over else "")
        text += "."
    if flat:
        text += f" Changed by less than {100 * MATERIAL:.0f}%: " + "; ".join(t for _, t in flat) + "."
    return [(text.strip(), "charts")]


def label_verdicts(tables: dict[tuple[str, int], dict[str, pd.DataFrame]]) -> list[tuple[str, str]]:
    """Per label kind (not strategies): the strongest label per player count with its edge over the
    fair share, interval and P(best), whether it is the top under every strategy that ranked the
    labels (`tables`: (kind, players) or (kind, players, where) -> {strategy that played every seat,
    or "": ranking}, the first being the ranking shown; where names a value of a split axis, e.g.
    "edition FFG2008"), and how many labels differ from fair."""
    out = []
    tables = {(k[0], k[1], k[2] if len(k) > 2 else ""): v for k, v in tables.items()}
    for kind in sorted({k for k, _, _ in tables if k != "strategy"}):
        name = _label_name(kind)
        by = {(n, w): rs for (k, n, w), rs in sorted(tables.items())
              if k == kind and rs and len(next(iter(rs.values()))) >= 2}
        if not by:
            continue
        split = any(w for _, w in by)

        def at(key):
            return f"{key[0]} players" + (f" ({key[1]})" if key[1] else "")

        first = {n: next(iter(rs.values())) for n, rs in by.items()}
        tops = {n: r.iloc[0] for n, r in first.items()}
        strategies = list(dict.fromkeys(s for rs in by.values() for s in rs if s))
        all_tops = {r.iloc[0][kind] for rs in by.values() for r in rs.values() if len(r)}
        counts = _join([at(n) for n in by]) if split else _join([str(n) for n, _ in by]) + " players"
        details = "; ".join(
            f"{_pp(t['win_share'] - t['fair_share'])} over fair at {at(n)} ({_pm(t['share_se'])}"
            + (f", P(best) {100 * t['p_best']:.0f}%" if "p_best" in t else "") + ")" for n, t in tops.items())
        lead_by = next((s for s in next(iter(by.values()))), "")
        if len(all_tops) == 1:
            under = (f" under every strategy tested ({_join(strategies)})" if len(strategies) > 1
                     else f" with bots playing {strategies[0]}" if strategies else "")
            text = f"{next(iter(all_tops))} is the strongest {name} at {counts}{under}: {details}"
            text += f" (bots playing {lead_by})." if len(strategies) > 1 else "."
        else:
            tops_by = "; ".join(f"{r.iloc[0][kind]} at {at(n)}{f' under {s}' if s else ''}"
                                for n, rs in by.items() for s, r in rs.items() if len(r))
            what = "the player count, the rules" if split else "the player count"
            text = (f"The strongest {name} depends on {what} or on the strategy playing it: {tops_by} "
                    f"({details}{f', bots playing {lead_by}' if lead_by else ''}).")
        n_off = {n: int((r["verdict"] != "").sum()) for n, r in first.items()}
        text += " " + "; ".join(f"{k} of {len(first[n])} {_plural(name)} differ from fair at {at(n)}"
                                for n, k in n_off.items()) + " (Holm-corrected)."
        if strategies:
            text += (f" How strong each {name} looks depends on how well the bots play it"
                     + (": see the robustness tables." if len(strategies) > 1 else
                        f"; only {strategies[0]} was measured."))
        out.append((text, "rankings"))
    return out


def strategy_skill(rankings: dict) -> list[tuple[str, str]]:
    """Bot skill per player count: the best strategy's win share against the runner-up's (the gap's
    interval uses se_a + se_b, a safe bound: shares of one table are negatively correlated) and the
    weakest strategy's. Keys: the player count, or (players, where) for one value of a split axis."""
    rows = {n: r for n, r in sorted(rankings.items()) if len(r) >= 2}
    if not rows:
        return []
    kind = next(iter(rows.values())).columns[0]
    parts = []
    for n, r in rows.items():
        a, b, z = r.iloc[0], r.iloc[1], r.iloc[-1]
        se = float(diff_se(a["share_se"], b["share_se"]))
        at = f"{n[0]} players" + (f" ({n[1]})" if n[1] else "") if isinstance(n, tuple) else f"{n} players"
        part = (f"{100 * a['win_share']:.1f}% of the win share at {at} vs {100 * b['win_share']:.1f}% for "
                f"{b[kind]} ({_pp(a['win_share'] - b['win_share'])} {_pm(se)})")
        if len(r) > 2:
            part += f", {100 * z['win_share']:.1f}% for {z[kind]}"
        parts.append((a[kind], part))
    best = {x for x, _ in parts}
    if len(best) == 1:
        text = f"{next(iter(best))} is the strongest bot{' at every player count' if len(rows) > 1 else ''}: "
        text += "; ".join(p for _, p in parts)
    else:
        text = "The strongest bot depends on the player count: " + "; ".join(f"{x} {p}" for x, p in parts)
    return [(text + ". A difference in how the bots play, not a balance fault of the rules.", "rankings")]


def block(rule: list[tuple[str, str]], skill: list[tuple[str, str]], esc) -> str:
    """The headline HTML: rule balance first, then bot skill."""
    if not rule and not skill:
        return ""
    out = "<div class='headline' id='headline'><h2>The answer</h2>"
    if rule:
        out += ("<h3>Rule balance <span class='muted'>(what the rules give a seat, a label or a parameter "
                "value, whoever plays it)</span></h3><ul class='findings'>"
                + "".join(f"<li>{esc(h)} <a href='#{a}'>Details</a></li>" for h, a in rule) + "</ul>")
    if skill:
        out += ("<h3>Strategy skill <span class='muted'>(how much one bot beats another: not a balance "
                "fault)</span></h3><ul class='findings'>"
                + "".join(f"<li>{esc(h)} <a href='#{a}'>Details</a></li>" for h, a in skill) + "</ul>")
    return out + "</div>"
