"""Plain-language findings: turn order, strategies, rates, trends along a swept axis and the label rankings."""
from __future__ import annotations

import numpy as np
import pandas as pd

from ..analysis.inference import Z95, diff_se, equivalence_p, relative_change
from ..errors import BadInput
from .common import (
    ALPHA,
    MAX_LISTED,
    SHARED_HIGH,
    corrected_intervals,
    facet_series,
    fmt_num,
    fmt_p,
    fmt_pct,
    fmt_pp,
    fmt_value,
    join,
    key_order,
    label_name,
    plural,
    position_effect,
    position_name,
    ranking_fair,
    where_phrase,
)


def position_findings(groups: pd.DataFrame, desc: dict) -> tuple[list[str], int, int]:
    pos = groups[groups["kind"] == "position"].dropna(subset=["win_share", "share_ci_low", "share_ci_high"])
    m = len(pos)
    if m == 0:
        return [], 0, 0
    pos = corrected_intervals(pos, m)
    out = []
    for _, r in pos[pos["sig"]].sort_values(["cell", "key"], key=key_order).iterrows():
        k, n = int(r["key"]), int(r["players"]) if "players" in r else int(round(1 / r["fair_share"]))
        above = r["win_share"] > r["fair_share"]
        out.append(f"{desc[int(r['cell'])]}, {position_name(k, n)} wins "
                   f"{fmt_pct(r['win_share'], r['share_ci_low'], r['share_ci_high'])} against a fair "
                   f"{fmt_pct(r['fair_share'])}: {position_effect(k, n, above)}.")
    return out, m, int(pos["sig"].sum())


def _cell_cov(h2h: pd.DataFrame | None, kind: str, cell, a: str, b: str) -> float:
    """The covariance of labels a's and b's win shares in one cell (h2h share_cov), NaN if unknown."""
    if h2h is None or not len(h2h) or "share_cov" not in h2h:
        return float("nan")
    r = h2h[(h2h["kind"] == kind) & (h2h["cell"] == cell) & (h2h["a"].astype(str) == str(a))
            & (h2h["b"].astype(str) == str(b))]
    return float(r["share_cov"].iloc[0]) if len(r) else float("nan")


def gap_z(best, second, cov: float) -> float:
    """How many standard errors of their difference separate two win shares of one cell: the shares
    of one table are negatively correlated, so the variance of the gap is var_a + var_b - 2 cov
    (the conservative se_a + se_b when the covariance is unknown)."""
    se = float(diff_se(best["se"], second["se"], cov))
    return (best["win_share"] - second["win_share"]) / se if se > 0 else float("inf")


def strategy_findings(groups: pd.DataFrame, cells: pd.DataFrame, desc: dict,
                       h2h: pd.DataFrame | None = None) -> tuple[list[str], int, int]:
    st = groups[groups["kind"] == "strategy"].dropna(subset=["win_share", "share_ci_low", "share_ci_high"])
    st = st[st.groupby("cell")["key"].transform("nunique") > 1]
    m = len(st)
    if m == 0:
        return [], 0, 0
    st = corrected_intervals(st, m)
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
                f"{r['key']} {fmt_pct(r['win_share'], r['share_ci_low'], r['share_ci_high'])}")
        text = (f"{desc[int(cell)]}, strategy win shares differ from a fair {fmt_pct(d['fair_share'].iloc[0])}: "
                + "; ".join(f"{join(v)} {w}" for w, v in side.items()) + ".")
        best, second = d.iloc[0], d.iloc[1]
        # dominance: clearly ahead of the runner-up, not only of the fair share (a paired test:
        # the two shares come from the same games)
        ahead = gap_z(best, second, _cell_cov(h2h, "strategy", cell, best["key"], second["key"])) > best["z"]
        if ahead and best["win_share"] >= 1.25 * second["win_share"]:
            text += (f" Strategy {best['key']} dominates: it wins {fmt_pct(best['win_share'])} against "
                     f"{fmt_pct(second['win_share'])} for the next best ({second['key']}).")
        out.append(text)
    if "rotate" in cells:
        mixed = cells[cells["cell"].isin(st["cell"])]
        if (~mixed["rotate"].astype(bool)).any():
            out.append("The line-up was not rotated (rotate false) in some of these cells, so each strategy kept "
                       "its table seat there: strategy results include any seat effect.")
    return out, m, int(st["sig"].sum())


def _shared_win_note(row) -> str:
    """What a high shared-win rate means depends on the game's rules (Game.shared_win_note)."""
    from .. import games

    try:
        return games.get(str(row["game"])).shared_win_note
    except BadInput:  # a game name this version does not know: the generic reading
        return "a high rate: the tie-break may need a look"


def rate_findings(cells: pd.DataFrame, desc: dict) -> list[str]:
    out = []
    if "timeout_mean" in cells:
        to = cells[cells["timeout_mean"] > 0].sort_values(["timeout_mean", "cell"], ascending=[False, True])
        cap = " (max_turns {})"
        for _, r in to.head(MAX_LISTED).iterrows():
            c = cap.format(fmt_value(r["max_turns"])) if "max_turns" in cells else ""
            out.append(f"{desc[int(r['cell'])]}, {fmt_pct(r['timeout_mean'])} of games hit the turn cap{c} and "
                       "ended as timeouts: their results are not real game ends.")
        if len(to) > MAX_LISTED:
            out.append(f"… and {len(to) - MAX_LISTED} more cells with timeouts (see the cells table).")
        if to.empty:
            out.append("No game hit the turn cap (no timeouts).")
    if "shared_win_mean" in cells:
        sw = cells.sort_values(["shared_win_mean", "cell"], ascending=[False, True])
        high = sw[sw["shared_win_mean"] > SHARED_HIGH]
        for _, r in high.head(MAX_LISTED).iterrows():
            out.append(f"{desc[int(r['cell'])]}, {fmt_pct(r['shared_win_mean'])} of games end in a shared win "
                       f"({_shared_win_note(r)}).")
        if len(high) > MAX_LISTED:
            out.append(f"… and {len(high) - MAX_LISTED} more cells with over {fmt_pct(SHARED_HIGH)} shared wins.")
        if high.empty and len(sw):
            top = sw.iloc[0]
            if top["shared_win_mean"] > 0:
                out.append(f"Shared wins are rare: at most {fmt_pct(top['shared_win_mean'])} of games "
                           f"({where_phrase(desc[int(top['cell'])])}).")
            else:
                out.append("No game ended in a shared win.")
    return out


SMALL_CHANGE = 0.05  # "changes by less than 5%": the equivalence margin, a fraction of the first value


def trend_findings(cells: pd.DataFrame, lay: dict, metrics=()) -> list[str]:
    """How each metric declared with a trend phrase moves along the swept x axis, per series: the
    first value against the last by a z-test of their difference (Holm over every series and
    metric; overlapping intervals do not mean no difference); "changes by less than 5%" only from an
    equivalence test: two one-sided tests that the relative change lies within +-5% (its se by the
    delta method), Holm over every series and metric, so a true change of 5% or more is called less
    than 5% in at most 5% of sweeps. Neither test passing: no significant change, with the largest
    change its 95% interval allows."""
    from ..analysis.inference import diff_test, holm

    x = lay["x"]
    if x is None or cells[x].nunique() < 2:
        return []
    rows = []
    for metric, label in ((m.name, m.trend) for m in metrics if m.trend):
        if f"{metric}_mean" not in cells:
            continue
        for key, d in facet_series(cells, lay["facets"]):
            d = d.dropna(subset=[f"{metric}_mean"]).sort_values(x)
            if d[x].nunique() < 2:
                continue
            a, b = d.iloc[0], d.iloc[-1]
            ya, yb = a[f"{metric}_mean"], b[f"{metric}_mean"]
            se = [(r[f"{metric}_ci_high"] - r[f"{metric}_ci_low"]) / (2 * Z95) for r in (a, b)]
            _, _, p = diff_test(ya, se[0], yb, se[1])
            rel, se_rel = relative_change(ya, se[0], yb, se[1])
            steps = np.sign(np.diff(d[f"{metric}_mean"].to_numpy()))
            rows.append(dict(key=key, label=label, a=a, b=b, ya=ya, yb=yb, p=p,
                             peq=float(equivalence_p(rel, se_rel, SMALL_CHANGE)), bound=abs(rel) + Z95 * se_rel,
                             monotone=(steps >= 0).all() or (steps <= 0).all()))
    if not rows:
        return []
    ps = holm(np.nan_to_num([r["p"] for r in rows], nan=1.0))
    pe = holm(np.nan_to_num([r["peq"] for r in rows], nan=1.0))
    for r, q, e in zip(rows, ps, pe):
        r["sig"], r["equiv"] = q < ALPHA, e < ALPHA
    out = []
    for r in rows:
        a, b = r["a"], r["b"]
        if r["sig"]:
            verb = ("rises" if r["yb"] > r["ya"] else "falls")
            verb += "" if r["monotone"] else ", not steadily,"
        elif r["equiv"]:
            verb = f"changes by less than {100 * SMALL_CHANGE:g}% (equivalence test, Holm)"
        else:
            verb = (f"shows no significant change (Holm; the change could be as large as {100 * r['bound']:.1f}%"
                    if np.isfinite(r["bound"]) else "shows no significant change (Holm")
        who = f"With {r['key']}, {r['label']}" if r["key"] else r["label"][0].upper() + r["label"][1:]
        out.append(f"{who} {verb} from {fmt_num(r['ya'])} at {x} {fmt_value(a[x])} to {fmt_num(r['yb'])} at {x} "
                   f"{fmt_value(b[x])}" + (")." if verb.startswith("shows no") else "."))
    return out


def label_findings(show: pd.DataFrame, kind: str, players: int, note: str = "") -> list[str]:
    """Plain-language summary of one ranking: who is above / below the fair share (`note`, e.g.
    which strategy played it, is added to the first sentence)."""
    name = label_name(kind)
    fair = fmt_pct(ranking_fair(show, players))
    sig = show[show["verdict"] != ""]
    note = f" {note}" if note else ""
    if sig.empty:
        return [f"With {players} players, no {name} differs significantly from the fair share {fair} after "
                f"Holm correction over {len(show)} {name}s.{note}"]
    out = []
    above = [f"{r[kind]} {fmt_pct(r['win_share'], r['share_ci_low'], r['share_ci_high'])}"
             for _, r in sig[sig["verdict"] == "above fair"].iterrows()]
    below = [f"{r[kind]} {fmt_pct(r['win_share'], r['share_ci_low'], r['share_ci_high'])}"
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
    note = strength_note(show, name)
    if note:
        out.append(f"With {players} players: {note}")
    return out


def contribution_findings(con: pd.DataFrame, base: str, players: int) -> list[str]:
    helps = con[con["verdict"] == "power helps"]
    hurts = con[con["verdict"] == "power hurts"]
    fmt = lambda r: f"{r['label']} {fmt_pp(r['contribution'])} pp ({fmt_pp(r['ci_low'])} to {fmt_pp(r['ci_high'])})"
    mean = con["contribution"].mean()
    text = (f"With {players} players, the {base} power itself (vs the same {base} played face down by the "
            f"control) is worth {fmt_pp(mean)} pp of win share on average over {len(con)} {base}s. ")
    if len(helps):
        text += f"It helps significantly (Holm-corrected) for {len(helps)}: " + "; ".join(fmt(r) for _, r in
                                                                                         helps.iterrows()) + ". "
    if len(hurts):
        text += f"It hurts its holder for {len(hurts)}: " + "; ".join(fmt(r) for _, r in hurts.iterrows()) + ". "
    rest = len(con) - len(helps) - len(hurts)
    if rest:
        text += f"{rest} show no significant effect."
    return [text.strip()]


def ranking_columns_note(margin: float) -> str:
    """What the analyst's columns of a ranking table mean."""
    return (f"MDD: the minimum detectable difference, the smallest true gap to the fair share that this "
            f"ranking's Holm-corrected verdict finds with at least 80% power ((z 1−α/2K + z 0.8) × standard error, "
            f"α = {ALPHA}, K the labels ranked): a value not distinguishable from fair may still be off by about that "
            f"much. “Fair within ±{100 * margin:g} pp”: two one-sided tests (TOST, Holm-corrected) show the win share "
            f"within ±{100 * margin:g} percentage points of the fair share (the margin is the report's --margin). "
            f"Rank (95% interval): a parametric bootstrap of the win shares from their estimates, standard errors "
            f"and covariances (shares of one table are negatively correlated), 4,000 draws, fixed seed, widened where "
            f"needed to the labels shown above and below it by two-sided pairwise z-tests (Bonferroni over its "
            f"comparisons), so that each interval covers the true rank, ties included, at least 95% of the time. "
            f"The CSV also "
            f"holds the win rate, P(best) (the share of draws in which the label has the highest win share: "
            f"overconfident when the leaders are close, so not shown here) and the Plackett-Luce strengths.")


SHARED_PL = 0.05  # share of joint wins above which the strengths that are shown say why they still hold


def strength_note(rank: pd.DataFrame, name: str) -> str:
    """Plackett-Luce caveats: labels in groups that never meet, strengths withheld because joint wins
    bias them (rating.withhold_for_joint_wins), strengths that did not converge."""
    if "strength" not in rank:
        return ""
    parts = []
    k = rank.attrs.get("pl_groups", 1)
    if k > 1:
        parts.append(f"The {plural(name)} form {k} groups that never meet at a table with a winner: "
                     f"Plackett-Luce strengths are fitted separately per group (strength_group in the CSV) and "
                     f"compare only within a group.")
    shared = rank.attrs.get("shared_wins", 0.0)
    pull = dict(rank.attrs.get("joint_pull") or ())
    if pull.get("withhold"):
        parts.append(f"Plackett-Luce strengths are not shown: {100 * shared:.0f}% of these wins are joint wins, "
                     f"which the model has no place for. Counted as a fraction of a win for each winner, joint "
                     f"wins pull the strengths towards each other, here by up to about {pull['pull']:.2f} in log "
                     f"strength, {pull['pull'] / pull['se']:.0f} times their smallest standard error: a bias that "
                     f"more games do not remove, so their 95% intervals would miss the true strengths far more "
                     f"often than 5% of the time (in simulation with known strengths, 25% joint wins put the truth "
                     f"inside the interval 18–34% of the time). The win shares above count a joint win as 1/k "
                     f"of a win for each winner and are not affected.")
    elif shared >= SHARED_PL:
        parts.append(f"{100 * shared:.0f}% of these wins are joint wins, which the Plackett-Luce model has no "
                     f"place for; here they can pull the strengths by at most about a quarter of their standard "
                     f"error, so the intervals still hold.")
    if not rank.attrs.get("pl_converged", True):
        parts.append("The Plackett-Luce fit did not converge: its strengths are not shown.")
    st = rank.get("strength_status", pd.Series(dtype=str)).fillna("")
    nf = rank.loc[st.str.startswith("no finite estimate"), rank.columns[0]]
    if len(nf):
        parts.append(f"No finite Plackett-Luce strength for {join([str(x) for x in nf])} (never won, never lost "
                     f"or never beat the others: the likelihood grows without bound).")
    return " ".join(parts)


def heterogeneity_warning(rank: pd.DataFrame, kind: str, players: int) -> str:
    """A warning when the cells pooled into a ranking disagree beyond their noise (Cochran's Q per
    label, Holm-corrected): pooling then averages over different results."""
    bad = rank.attrs.get("heterogeneous", [])
    if not bad:
        return ""
    name = label_name(kind)
    rows = rank.set_index(kind).loc[bad]
    worst = ", ".join(f"{x} (Q = {r['het_q']:.1f}, df {int(r['het_df'])}, Holm p {fmt_p(r['het_p_holm'])}, "
                      f"I² {100 * r['het_i2']:.0f}%)" for x, r in rows.iterrows())
    cells = rank.attrs.get("cells", [])
    return (f"With {players} players, the {len(cells)} cells pooled into the {name} ranking (cells "
            f"{', '.join(map(str, cells))}) disagree beyond their noise for {len(bad)} "
            f"{plural(name) if len(bad) > 1 else name}: {worst}. Cochran's Q test of heterogeneity, "
            f"Holm-corrected; the pooled ranking averages over results that differ between the cells' parameters.")
