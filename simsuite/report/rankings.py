"""Label rankings pooled over cells (win share, intervals, equivalence, rank intervals, Plackett-Luce), switched-off controls and their contributions."""
from __future__ import annotations

import html
import math
from statistics import NormalDist

import numpy as np
import pandas as pd

from ..analysis.inference import MARGIN, Z95, equivalence_p, mdd, rank_intervals, wilson_se
from ..analysis.inference import holm as _holm
from ..analysis.rating import plackett_luce, withhold_for_joint_wins
from .common import (
    ALPHA,
    CONTROL_SUFFIX,
    fmt_p,
    fmt_pct,
    fmt_pp,
    join,
    label_name,
    pct_ci,
    players_at,
    ranking_fair,
    share_se_series,
    table,
)


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
    from ..analysis.inference import heterogeneity

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


def _pooled_shares(g: pd.DataFrame, se: pd.Series) -> pd.DataFrame:
    """Per label over the cells of g: player-games and wins, the win rate with its Wilson interval (at
    the effective sample size of the per-game variance, where the results hold it) and the win
    share with its standard error, interval and fair share."""
    wse = g["win_rate_se"] if "win_rate_se" in g else pd.Series(np.nan, index=g.index)
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
    agg["fair_share"] = agg["fair_n"] / agg["n"]
    return agg


def _against_fair(agg: pd.DataFrame, margin: float) -> None:
    """Each label's win share tested against its fair share (z, Holm over the labels), the minimum
    detectable difference and the equivalence test (TOST within +-margin, Holm), in place."""
    fair, share_se = agg["fair_share"], agg["share_se"]
    z = (agg["win_share"] - fair) / share_se.replace(0, np.nan)
    agg["z"] = z
    p = 2 * (1 - np.array([NormalDist().cdf(abs(v)) if np.isfinite(v) else 0.5 for v in z]))
    agg["p_holm"] = _holm(p)
    # what "not distinguishable from fair" is worth, and when fair is shown
    # the verdicts are Holm-corrected over the labels: the detectable difference must be one the
    # corrected test finds, so it is computed at the Bonferroni level alpha / K (Holm's strictest
    # step; Holm is never less powerful), not at alpha, where the power would be far below 80%
    agg["mdd"] = mdd(share_se, alpha=ALPHA / max(len(agg), 1))
    agg["margin"] = margin
    pe = equivalence_p(agg["win_share"] - fair, share_se, margin)
    agg["equiv_p"] = pe
    agg["equiv_p_holm"] = _holm(np.nan_to_num(pe, nan=1.0))
    agg["equivalent"] = agg["equiv_p_holm"] < ALPHA


def _strengths(agg: pd.DataFrame, c: pd.DataFrame, shared: float) -> tuple[int, bool, dict | None]:
    """The Plackett-Luce strengths from the table compositions c (their games and per-member win
    shares, summed over the cells of the same composition), in place; the fit's groups of labels
    that met, whether it converged and the joint wins' pull (None with no compositions)."""
    if not len(c):
        return 1, True, None
    pooled = c.groupby("members").agg(games=("games", "sum")).reset_index()
    sh = {}
    for m, shares in zip(c["members"], c["shares"]):
        v = np.array([float(x) for x in str(shares).split(",")])
        sh[m] = sh.get(m, 0) + v
    pooled["shares"] = [",".join(repr(float(x)) for x in sh[m]) for m in pooled["members"]]
    fit = withhold_for_joint_wins(plackett_luce(pooled), shared)
    pl_groups, pl_converged = fit.attrs.get("groups", 1), fit.attrs.get("converged", True)
    joint_pull = fit.attrs["joint_pull"]
    fit = fit.set_index("label")
    agg["strength"] = agg["key"].map(fit["strength"])
    agg["strength_ci_low"] = agg["key"].map(fit["ci_low"])
    agg["strength_ci_high"] = agg["key"].map(fit["ci_high"])
    agg["strength_group"] = agg["key"].map(fit["group"])
    agg["strength_status"] = agg["key"].map(fit["status"]).fillna("")
    return pl_groups, pl_converged, joint_pull


def label_rankings(groups: pd.DataFrame, comps: pd.DataFrame, kind: str, players: int,
                    h2h: pd.DataFrame | None = None, margin: float = MARGIN) -> pd.DataFrame:
    """Pooled over the cells with this player count that mix labels (a cell where every seat
    has the same label says nothing about it): win rate (Wilson, at the effective sample size of
    the per-game variance), win share with its interval, z and Holm-adjusted p against the fair
    share (1/N of the games someone won), the minimum detectable difference (mdd), the equivalence
    test (TOST within +-margin, Holm: equivalent), the bootstrap rank interval and P(best), the
    heterogeneity of the cells pooled (Cochran's Q per label) and the Plackett-Luce strength.
    attrs: cells (the cells pooled), heterogeneous (labels whose cells disagree, Holm), pl_groups,
    pl_converged."""
    g = groups[(groups["kind"] == kind) & (groups["players"] == players)]
    g = g[g.groupby("cell")["key"].transform("nunique") > 1]
    if g.empty:
        return pd.DataFrame()
    se = share_se_series(g)
    het = _heterogeneity(g, se)
    agg = _pooled_shares(g, se)
    _against_fair(agg, margin)
    cov = _pooled_cov(h2h, g, kind, list(agg["key"]), agg["n"], agg["share_se"].to_numpy())
    r = rank_intervals(agg["win_share"].to_numpy(), cov)
    agg["rank_low"], agg["rank_high"], agg["p_best"] = r["rank_low"], r["rank_high"], r["p_best"]
    agg = agg.merge(het, on="key", how="left")
    c = comps[(comps["kind"] == kind) & (comps["players"] == players)] if len(comps) else comps
    if len(c) and "cell" in c:
        # only the cells this ranking pools: a cell outside it (one label at every seat, a control)
        # would split the labels into groups that seem never to meet
        c = c[c["cell"].isin(set(g["cell"]))]
    shared = (float((g["shared_win_rate"] * g["n"]).sum() / max(g["wins"].sum(), 1e-12))
              if "shared_win_rate" in g and g["wins"].sum() > 0 else 0.0)
    pl_groups, pl_converged, joint_pull = _strengths(agg, c, shared)
    agg = agg.drop(columns=["share_n", "var_n2", "fair_n", "wvar_n2"]).rename(columns={"key": kind})
    out = agg.sort_values("win_share", ascending=False, ignore_index=True)
    # the covariance of the win shares where the results hold it (off-diagonal terms), for the
    # headline's test of the leader against the others; without it the test takes the safe bound
    # (labels, rows): plain tuples, as pandas compares attrs when it concatenates tables
    labels = tuple(str(x) for x in agg[kind])
    share_cov = ((labels, tuple(tuple(float(x) for x in row) for row in cov))
                 if np.any(cov[~np.eye(len(labels), dtype=bool)] != 0) else None)
    out.attrs.update(cells=sorted(int(x) for x in g["cell"].unique()), shared_wins=shared, share_cov=share_cov,
                     joint_pull=None if joint_pull is None else tuple(sorted(joint_pull.items())),
                     heterogeneous=list(out.loc[out["het_p_holm"] < ALPHA, kind]),
                     pl_groups=int(pl_groups), pl_converged=bool(pl_converged))
    return out


def control_kinds(groups: pd.DataFrame) -> dict[str, str]:
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


def ranking_lineups(groups: pd.DataFrame, ctl_kind: str | None,
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


def reference_cells(groups: pd.DataFrame, ctl_kind: str | None, players: int) -> list[int] | None:
    """Cells with this player count where no seat plays its label switched off (every seat uses
    its power); None when there is no such restriction to make (no control kind, or no such cell).
    When the labels were ranked under several strategies, only the cells of the primary one (the
    strategy the control's opponents play; see ranking_lineups)."""
    if ctl_kind is None:
        return None
    g = groups[(groups["kind"] == ctl_kind) & (groups["players"] == players)]
    has_ctl = g.groupby("cell")["key"].agg(lambda k: k.astype(str).str.endswith(CONTROL_SUFFIX).any())
    ref = sorted(int(c) for c in has_ctl.index[~has_ctl.to_numpy(bool)])
    if not ref or len(ref) == has_ctl.size:
        return None
    lineups, primary = ranking_lineups(groups, ctl_kind, players)
    return lineups[primary] if len(lineups) >= 2 else ref


def has_control(groups: pd.DataFrame, ctl_kind: str | None, players: int) -> bool:
    if ctl_kind is None:
        return False
    g = groups[(groups["kind"] == ctl_kind) & (groups["players"] == players)]
    return bool(g["key"].astype(str).str.endswith(CONTROL_SUFFIX).any())


def ranking_display(rank: pd.DataFrame, kind: str, players: int) -> pd.DataFrame:
    """The ranking as a table that fits the page: rank, label, win share with its interval, the gap
    to fair, the verdict, the minimum detectable difference, the equivalence verdict and the rank
    interval. The win rate, player-games, P(best) and Plackett-Luce strengths are in the CSV (P(best)
    is overconfident when the race is close, so it stays out of the page)."""
    fair = ranking_fair(rank, players)
    rows = []
    for i, r in rank.iterrows():
        row = {"rank": i + 1, label_name(kind): r[kind],
               "win share (95% CI)": pct_ci(r["win_share"], r["share_ci_low"], r["share_ci_high"]),
               f"vs fair {fmt_pct(fair)} (pp)": fmt_pp(r["win_share"] - r.get("fair_share", fair)),
               "Holm p": fmt_p(r["p_holm"]), "verdict": r["verdict"]}
        if "mdd" in rank:
            row["MDD (pp)"] = f"{100 * r['mdd']:.1f}"
            row["equivalence (TOST)"] = r.get("equivalence", "")
            row["rank (95% interval)"] = (f"{int(r['rank_low'])}–{int(r['rank_high'])}"
                                          if r["rank_low"] != r["rank_high"] else f"{int(r['rank_low'])}")
        rows.append(row)
    return pd.DataFrame(rows)


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


def label_contributions(groups: pd.DataFrame, ctl_kind: str, players: int) -> tuple[pd.DataFrame, list[int] | None]:
    """Per label X: win share of X played with its power minus X played switched off (the control),
    95% interval, z and Holm-adjusted p over the labels. With-power results come from the cells
    where every seat uses its power (the control's opponents are such seats too), if any."""
    g = groups[(groups["kind"] == ctl_kind) & (groups["players"] == players)]
    keys = g["key"].astype(str)
    ctl = g[keys.str.endswith(CONTROL_SUFFIX)]
    if ctl.empty:
        return pd.DataFrame(), None
    ref = reference_cells(groups, ctl_kind, players)
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


def contribution_block(con: pd.DataFrame, ref, base: str, players: int, where: str = "") -> str:
    esc = html.escape
    rows = []
    for i, r in con.iterrows():
        rows.append({"rank": i + 1, base: r["label"],
                     "with power: win share (95% CI)": pct_ci(r["share_power"], r["share_power"] - Z95 * r["se_power"],
                                                               r["share_power"] + Z95 * r["se_power"]),
                     "power off (control): win share (95% CI)": pct_ci(
                         r["share_control"], r["share_control"] - Z95 * r["se_control"],
                         r["share_control"] + Z95 * r["se_control"]),
                     "contribution, pp (95% CI)": f"{fmt_pp(r['contribution'])} ({fmt_pp(r['ci_low'])} to {fmt_pp(r['ci_high'])})",
                     "Holm p": fmt_p(r["p_holm"]), "verdict": r["verdict"]})
    where = (f"the cells where every seat plays its power (cell{'s' if len(ref) > 1 else ''} "
             f"{', '.join(map(str, ref))}), so both face the same kind of opposition" if ref is not None else
             "all cells with this player count (no cell without a control seat: the opponents of the two "
             "differ slightly)")
    # player-games and win rates are in the CSV: the page keeps the columns that fit its width
    return (f"<h3>The power's own contribution, {esc(players_at(players, where))}</h3>"
            f"<p class='muted'>Each {esc(base)} played with its power against the same "
            f"{esc(base)} held face down by a control seat (a strategy that plays its label with the power never "
            f"used). With-power results are pooled over {esc(where)}; control results over the cells with a "
            f"control seat. Contribution = difference in win share (percentage points); verdicts use "
            f"Holm-corrected two-sided tests over the {len(con)} {esc(base)}s (family-wise alpha {ALPHA}).</p>"
            f"<div class='scroll'>{table(pd.DataFrame(rows))}</div>")


def provenance(groups, players, cells=None) -> dict:
    """Where a pooled table's rows came from: the cells, seeds and simsuite versions of its games
    (`cells`: exactly the cells that contributed, e.g. a ranking's attrs["cells"])."""
    g = groups[groups["players"] == players] if "players" in groups.columns else groups
    if cells is not None:
        g = g[g["cell"].isin(list(cells))]

    def values(c):
        return ";".join(sorted({str(v) for v in g[c]})) if c in g.columns else ""

    return dict(cells=";".join(str(c) for c in sorted({int(c) for c in g["cell"]})), seed=values("seed"),
                simsuite_version=values("simsuite_version"))


def played_by(groups: pd.DataFrame, cells, players: int) -> str | None:
    """The one strategy every seat of these cells plays, else None."""
    st = groups[(groups["kind"] == "strategy") & (groups["players"] == players)]
    if cells is not None:
        st = st[st["cell"].isin(cells)]
    keys = st["key"].astype(str).unique()
    return str(keys[0]) if len(keys) == 1 else None


def robustness_anchor(kind: str, players: int, tag: str = "") -> str:
    return f"robustness-{kind.replace('_', '-')}-{players}p" + (f"-{tag.lower()}" if tag else "")


def skill_anchor(kind: str, players: int, tag: str = "") -> str:
    return f"skill-{kind.replace('_', '-')}-{players}p" + (f"-{tag.lower()}" if tag else "")


def skill_note(kind: str, players: int, by: str | None, others: list[str], where: str = "",
                tag: str = "") -> tuple[str, str]:
    """What a single-strategy ranking says about skill: (HTML for its section, plain text for the
    findings). Every label ranking depends on how well the bots play."""
    name = label_name(kind)
    who = f"bots playing {by} at every seat" if by else "the line-ups of these cells"
    if others:
        anchor = skill_anchor(kind, players, tag)
        html_ = (f"This is the ranking for {html.escape(who)}. A ranking depends on how well the bots play: the "
                 f"same {html.escape(name)}s under {html.escape(join(others))} are compared in the "
                 f"<a href='#{anchor}'>skill-sensitivity table</a> (robustness, {players_at(players, where)}) below.")
        text = (f"This ranking is for {who}; it depends on how well the bots play (see the skill-sensitivity "
                f"table, {players_at(players, where)}).")
    else:
        html_ = (f"This is the ranking for {html.escape(who)}. A ranking depends on how well the bots play; this "
                 f"sweep ranks the {html.escape(name)}s under one strategy only, so the report has no "
                 f"skill-sensitivity table (name a second ranking strategy in the sweep for one: see the "
                 f"README).")
        text = f"This ranking is for {who}; it depends on how well the bots play (one strategy measured)."
    return html_, text


# ---- order claims: a place only where it holds under every ranking strategy -------------------------
def ordinal(k: int) -> str:
    return f"{k}{'th' if 10 <= k % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(k % 10, 'th')}"


def place_span(lo: int, hi: int) -> str:
    """'3rd', or '2nd–4th' for a rank interval."""
    return ordinal(int(lo)) if int(lo) == int(hi) else f"{ordinal(int(lo))}–{ordinal(int(hi))}"


def ranking_cov(r: pd.DataFrame, kind: str):
    """The covariance of a ranking's win shares in its row order, from attrs["share_cov"] where the
    results hold it; else its standard errors (the shares taken as independent)."""
    labels = [str(x) for x in r[kind]]
    se = r["share_se"].to_numpy(float)
    cov = r.attrs.get("share_cov")
    if cov is None or not set(labels) <= set(cov[0]):
        return se
    at = {x: i for i, x in enumerate(cov[0])}
    idx = [at[x] for x in labels]
    return np.asarray(cov[1], float)[np.ix_(idx, idx)]


def label_places(rs: dict[str, pd.DataFrame], kind: str, level: float = 0.95) -> pd.DataFrame:
    """Where each label stands under every strategy of `rs` (strategy -> ranking of the same kind,
    the first the one shown): simsuite.analysis.robustness.places_across over the labels every
    ranking has, indexed by label in the first ranking's order of win share. One ranking that
    carries its own rank intervals gives those (the intervals its table shows). attrs: strategies."""
    from ..analysis.robustness import places_across

    rs = {s: r for s, r in rs.items() if len(r)}
    if not rs:
        return pd.DataFrame()
    first = next(iter(rs.values())).sort_values("win_share", ascending=False)
    labels = [str(x) for x in first[kind] if all(str(x) in set(r[kind].astype(str)) for r in rs.values())]
    by = {}
    for s, r in rs.items():
        by[s] = r.assign(**{kind: r[kind].astype(str)}).set_index(kind).loc[labels].reset_index()
        by[s].attrs = dict(r.attrs)
    own = {"rank_low", "rank_high"}
    if len(by) == 1 and own <= set(first) and first[list(own)].notna().all().all():
        (s0, r0), = by.items()
        lo, hi = r0["rank_low"].astype(int).to_numpy(), r0["rank_high"].astype(int).to_numpy()
        t = pd.DataFrame({f"rank_{s0}": r0["win_share"].rank(ascending=False, method="min").astype(int).to_numpy(),
                          f"low_{s0}": lo, f"high_{s0}": hi, "low": lo, "high": hi, "status": "same",
                          "shift_low": 0, "shift_high": hi - lo})
        t.attrs.update(level=level, strategies=[s0])
    else:
        t = places_across({s: r["win_share"].to_numpy(float) for s, r in by.items()},
                          {s: ranking_cov(r, kind) for s, r in by.items()}, level=level)
    t.index = pd.Index(labels, name=kind)
    return t


def _under(s: str) -> str:
    return f" under {s}" if s else ""


DEPENDS = "order depends on play"  # the words said where no place holds under every strategy


def place_phrase(row, strategies: list[str]) -> tuple[str, bool]:
    """A label's place as a reader may take it (label_places row): ('3rd', True), ('2nd–4th', True)
    where that holds under every strategy; else, where the order depends on play, its place under
    each and by how much it moves: ('3rd under basic, 1st–2nd under tuned; it moves by 1 to 3
    places', False)."""
    if row["status"] != "depends":
        return place_span(row["low"], row["high"]), True
    each = join([place_span(row[f"low_{s}"], row[f"high_{s}"]) + _under(s) for s in strategies])
    a, b = int(row["shift_low"]), int(row["shift_high"])
    by = f"{a} place{'s' if a != 1 else ''}" if a == b else f"{a} to {b} places"
    return f"{each}; it moves by {by}", False


def order_summary(places: pd.DataFrame) -> dict:
    """How many labels keep their place under every strategy, how many depend on play, and the
    largest move (places) among those that do."""
    dep = places[places["status"] == "depends"]
    return dict(labels=len(places), holds=int((places["status"] != "depends").sum()), depends=list(dep.index),
                most=int(dep["shift_high"].max()) if len(dep) else 0,
                least=int(dep["shift_low"].max()) if len(dep) else 0)
