"""The HTML sections of the label rankings: per player count, robustness across strategies, agreement across player counts."""
from __future__ import annotations

import html
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from ..analysis.inference import MARGIN
from ..analysis.robustness import NOISY_RATIO, label_differs, skill_sensitivity, tau_interval, verdict_sentence
from .common import (
    ALPHA,
    fmt_p,
    fmt_pct,
    fmt_pp,
    grouped_table,
    join,
    label_name,
    pct_ci,
    players_at,
    plural,
    ranking_fair,
    split_suffix,
    table,
    tagged,
)
from .findings import (
    contribution_findings,
    heterogeneity_warning,
    label_findings,
    ranking_columns_note,
    strength_note,
)
from .label_charts import (
    chart_contribution,
    chart_h2h,
    chart_ranking,
    chart_robustness,
    chart_strength,
    h2h_constant,
)
from .rankings import (
    DEPENDS,
    contribution_block,
    control_kinds,
    has_control,
    label_contributions,
    label_places,
    label_rankings,
    order_summary,
    place_phrase,
    played_by,
    provenance,
    ranking_display,
    ranking_lineups,
    reference_cells,
    robustness_anchor,
    skill_anchor,
    skill_note,
)
from .skill_trace import skill_trace_section


def _players_tau_section(by_players: dict[int, pd.DataFrame], kind: str, out_dir: Path, where: str = "",
                         tag: str = "") -> tuple[str, list[str]]:
    """Kendall's tau between the rankings of the same labels at different player counts (each pair
    of consecutive counts), with the simultaneous 95% bounds of simsuite.analysis.robustness.tau_interval."""
    from ..analysis.robustness import tau_interval

    name = label_name(kind)
    counts = sorted(by_players)
    rows, show, findings = [], [], []
    for a, b in zip(counts, counts[1:]):
        ra, rb = by_players[a].set_index(kind), by_players[b].set_index(kind)
        labels = [x for x in ra.index if x in rb.index]
        if len(labels) < 2:
            continue
        t = tau_interval(ra.loc[labels, "win_share"], ra.loc[labels, "share_se"],
                         rb.loc[labels, "win_share"], rb.loc[labels, "share_se"])
        cells = sorted(set(by_players[a].attrs["cells"]) | set(by_players[b].attrs["cells"]))
        rows.append(dict(players_a=a, players_b=b, **t, cells=";".join(map(str, cells))))
        show.append({"rankings": f"{a} vs {b} players", plural(name): t["labels"],
                     "Kendall's tau (95% interval)": f"{t['tau']:.2f} ({t['ci_low']:.2f} to {t['ci_high']:.2f})",
                     f"{name} pairs in the same order": f"{100 * t['concordant']:.0f}%",
                     "noise check": "noisy: pulled towards 0" if t["noisy"] else "ok"})
        at = f"{a} and {b} players" + (f" ({where})" if where else "")
        findings.append(f"The {name} rankings at {at} agree with Kendall's tau {t['tau']:.2f} (95% "
                        f"interval {t['ci_low']:.2f} to {t['ci_high']:.2f}; {100 * t['concordant']:.0f}% of {name} "
                        f"pairs in the same order)" + (": noisy, tau is pulled towards 0." if t["noisy"] else "."))
    if not rows:
        return "", []
    csv = f"tau_players_{kind}{split_suffix(tag)}.csv"
    pd.DataFrame(rows).to_csv(out_dir / csv, index=False)
    html_ = (f"<h3>The {html.escape(name)} ranking across player counts{html.escape(f', {where}' if where else '')}"
             "</h3>"
             f"<p class='muted'>Kendall's tau-b between the rankings (win shares) at two player counts, over the "
             f"{html.escape(plural(name))} both rank, with the simultaneous 95% bounds of the "
             f"robustness section (simsuite.analysis.robustness.tau_interval). <a href='{csv}'>CSV</a>.</p>"
             f"<div class='scroll'>{table(pd.DataFrame(show))}</div>")
    return html_, findings


def _within(tables: tuple, cells) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """The groups, head-to-head and composition tables of `cells` only (all of them for None)."""
    if cells is None:
        return tables
    groups, h2h, comps = tables
    keep = set(cells)
    return (groups[groups["cell"].isin(keep)], h2h[h2h["cell"].isin(keep)] if len(h2h) else h2h,
            comps[comps["cell"].isin(keep)] if len(comps) else comps)


def _ranked(tables: tuple, kind: str, players: int, margin: float) -> pd.DataFrame:
    """The ranking of `kind` over the cells of `tables`, with its verdict and equivalence words."""
    g, hh, cc = tables
    rank = label_rankings(g, cc, kind, players, hh, margin)
    if len(rank):
        rank["verdict"] = np.where(rank["p_holm"] < ALPHA,
                                   np.where(rank["win_share"] > rank["fair_share"], "above fair", "below fair"),
                                   "")
        rank["equivalence"] = np.where(rank["equivalent"], f"fair within ±{100 * margin:g} pp", "")
    return rank


def _figure(fname: str, title: str) -> str:
    return (f"<figure><figcaption>{html.escape(title)}</figcaption>"
            f"<img src='{fname}' alt='{html.escape(title)}'></figure>")


@dataclass
class _Written:
    """What the label sections have written so far: the HTML blocks, the chart paths, (kind, finding)
    pairs, the headline sentences (with their anchors) and the rankings by (kind, players, where)."""
    blocks: list = field(default_factory=list)
    charts: list = field(default_factory=list)
    findings: list = field(default_factory=list)
    headline: list = field(default_factory=list)
    tables: dict = field(default_factory=dict)


@dataclass
class _Ranking:
    """One label kind's ranking at one player count within one part of the split axes, as each part
    of its section reads it: the part's tables (groups, h2h, comps) and those of the cells the
    ranking pools, the kind whose seats play it switched off (ctl), the strategies it was ranked
    under (the primary one ranks it), the ranking and who played it."""
    kind: str
    players: int
    where: str
    tag: str
    out_dir: Path
    margin: float
    tables: tuple
    pooled: tuple
    ctl: str | None
    lineups: dict
    primary: str | None
    ref: list | None
    rank: pd.DataFrame
    by: str | None

    @property
    def name(self) -> str:
        return label_name(self.kind)

    @property
    def groups(self) -> pd.DataFrame:
        return self.tables[0]

    @property
    def multi(self) -> bool:
        return len(self.lineups) >= 2

    @property
    def others(self) -> list[str]:
        return [x for x in self.lineups if x != self.primary] if self.multi else []

    @property
    def who(self) -> str:
        return f": bots playing {self.by}" if self.by and self.kind != "strategy" else ""


def _ranking_of(tables: tuple, kind: str, players: int, where: str, tag: str, ctl: str | None, margin: float,
                out_dir: Path) -> _Ranking | None:
    """The ranking of `kind` at `players` within one part's tables: under the primary strategy where
    several strategies ranked the labels, else over the cells where every seat uses its power (or
    every cell that mixes labels); None with fewer than two labels ranked."""
    groups = tables[0]
    if not ((groups["kind"] == kind) & (groups["players"] == players)).any():
        return None
    lineups, primary = ranking_lineups(groups, ctl, players) if kind != "strategy" else ({}, None)
    multi = len(lineups) >= 2
    ref = lineups[primary] if multi else reference_cells(groups, ctl, players)
    pooled = _within(tables, ref)
    rank = _ranked(pooled, kind, players, margin)
    if len(rank) < 2:
        return None
    by = primary if multi else played_by(groups, ref, players)
    return _Ranking(kind, players, where, tag, out_dir, margin, tables, pooled, ctl, lineups, primary, ref, rank, by)


def _pool_sentence(s: _Ranking) -> str:
    """Which cells the ranking pools, and what became of the cells with a control seat."""
    players, name, used = s.players, s.name, s.rank.attrs["cells"]
    control = has_control(s.groups, s.ctl, players)
    if s.multi:
        pool = (f"Pooled over the cells with {players} players where every seat plays {s.by} and uses its "
                f"power (cell{'s' if len(used) > 1 else ''} {', '.join(map(str, used))})"
                + ("; the cells with a control seat (power off) are used for the contribution below."
                   if control else "."))
    else:
        pool = (f"Pooled over the cells with {players} players where every seat plays its power "
                f"(cell{'s' if len(used) > 1 else ''} {', '.join(map(str, used))}); the cells with a control "
                f"seat (power off) are used for the contribution below." if s.ref is not None
                else f"Pooled over the cells with {players} players that mix {plural(name)} "
                f"(cell{'s' if len(used) > 1 else ''} {', '.join(map(str, used))})"
                + (" (every cell has a control seat (power off), so these results include seats that held "
                   f"the {name} face down)." if control else "."))
    if s.where:
        pool = pool.replace(f"with {players} players", f"with {players} players and {s.where}", 1)
    return pool


def _ranking_table(s: _Ranking, out: _Written, warnings: list[str]) -> None:
    """The section's title and the ranking's table with its CSV, what it pools and how to read it,
    the warning where its cells disagree, and the ranking's findings."""
    kind, players, where, name, rank, by = s.kind, s.players, s.where, s.name, s.rank, s.by
    esc = html.escape
    csv = f"ranking_{kind}_{players}p{split_suffix(s.tag)}.csv"
    # the strategy the seats played (a strategy ranking's own column is the strategy ranked)
    played = {} if kind == "strategy" else dict(strategy=by or "")
    rank.assign(**played, **provenance(s.pooled[0], players, rank.attrs["cells"])).to_csv(s.out_dir / csv,
                                                                                         index=False)
    pool = _pool_sentence(s)
    skill_html, skill_text = (skill_note(kind, players, by, s.others, where, s.tag) if kind != "strategy"
                              else ("", ""))
    title = f"{name.capitalize()} ranking, {players_at(players, where)}" + (f" (bots playing {by})" if s.who else "")
    het = tagged(heterogeneity_warning(rank, kind, players), players, where)
    if het:
        warnings.append(het)
        out.findings.append((kind, het))
    out.blocks.append(f"<details class='section' id='{_ranking_anchor(kind, players, s.tag)}'>"
                      f"<summary>{esc(title)}: table, head to head, strengths"
                      + (" and, where the sweep has them, each power's contribution and robustness"
                         if kind != "strategy" else "")
                      + "</summary>"
                      + ("<p class='note'>Bot skill, not rule balance: a strategy above its fair share plays "
                         "better than the others at this table, one below plays worse.</p>"
                         if kind == "strategy" else "")
                      + (f"<p class='warn'>⚠ {esc(het)}</p>" if het else "")
                      + f"<p class='muted'>{esc(pool)} Win rate: games won, a joint win counting as a win "
                      f"(Wilson 95% interval). Win share counts a joint win as 1/k, so it sums to 1 over the "
                      f"table; {esc(fair_definition(rank, players, name))} Intervals count games, not "
                      f"player-games (a {esc(name)} at several seats of a table wins or loses with them "
                      f"together). Verdicts use Holm-corrected "
                      f"two-sided tests of the win share against the fair share over the {len(rank)} "
                      f"{esc(name)} values (family-wise alpha {ALPHA}). "
                      f"{esc(ranking_columns_note(s.margin))} "
                      f"<a href='{csv}'>All columns as CSV</a>.</p>"
                      + (f"<p class='note'>{esc(strength_note(rank, name))}</p>" if strength_note(rank, name)
                         else "")
                      + (f"<p class='note'>{skill_html}</p>" if skill_html else "")
                      + f"<div class='scroll'>{table(ranking_display(rank, kind, players))}</div>")
    out.findings += [(kind, tagged(f, players, where)) for f in label_findings(rank, kind, players, skill_text)]


def _ranking_charts(s: _Ranking, out: _Written) -> None:
    """The ranking's charts: the win shares, head to head (or why there is none) and the strengths."""
    kind, players, where, name, rank, who = s.kind, s.players, s.where, s.name, s.rank, s.who
    hh = s.pooled[1]
    at, sfx = players_at(players, where), split_suffix(s.tag)
    jobs = [(f"h2h_{kind}_{players}p{sfx}.png", f"Head to head ({name}, {at}){who}",
             lambda p: chart_h2h(hh, kind, players, p, where) if len(hh) else False),
            (f"strength_{kind}_{players}p{sfx}.png", f"Plackett-Luce strength ({name}, {at}){who}",
             lambda p: chart_strength(rank, kind, players, p, where))]
    if kind != "strategy":
        jobs.insert(0, (f"ranking_{kind}_{players}p{sfx}.png",
                        f"{name.capitalize()} win share, {at}{who}",
                        lambda p: chart_ranking(rank, kind, players, p, s.by, where)))
    if len(hh) and h2h_constant(hh, kind, players):
        esc = html.escape
        out.blocks.append(f"<p class='muted'>No head-to-head chart ({esc(name)}, {esc(at)}): every "
                          f"{esc(name)} met every other in every game (the line-up rotates through the seats "
                          f"and seats all of them), so a {esc(name)}'s win share against any other is its "
                          f"overall share in the table above.</p>")
    for fname, title, draw in jobs:
        path = s.out_dir / fname
        if draw(path):
            out.charts.append(str(path))
            out.blocks.append(_figure(fname, title))


def _contribution_section(s: _Ranking, out: _Written) -> None:
    """The power's own contribution (each label with its power against the control seats that play it
    switched off): its table, CSV, findings and chart."""
    kind, players, where, name = s.kind, s.players, s.where, s.name
    con, cref = label_contributions(s.groups, s.ctl, players)
    if con.empty:
        return
    sfx = split_suffix(s.tag)
    csv = f"contribution_{kind}_{players}p{sfx}.csv"
    con.assign(**provenance(s.groups, players, con.attrs["cells"])).to_csv(s.out_dir / csv, index=False)
    out.blocks.append(contribution_block(con, cref, name, players, where)
                      + f"<p class='muted'><a href='{csv}'>All columns as CSV</a>.</p>")
    out.findings += [(kind, tagged(f, players, where)) for f in contribution_findings(con, name, players)]
    fname = f"contribution_{kind}_{players}p{sfx}.png"
    if chart_contribution(con, name, players, s.out_dir / fname, where):
        out.charts.append(str(s.out_dir / fname))
        out.blocks.append(_figure(fname, f"The power's own contribution ({name}, {players_at(players, where)})"))


def _under_strategies(s: _Ranking, out: _Written, ladder: list[str]) -> None:
    """The labels ranked under each strategy that played every seat: the rankings side by side
    (robustness) and, along the sweep's ladder of strategies, each label's skill trace."""
    kind, players, where = s.kind, s.players, s.where
    ranks = {s.primary: s.rank}
    ranks.update({x: _ranked(_within(s.tables, s.lineups[x]), kind, players, s.margin) for x in s.others})
    ranks = {x: r for x, r in ranks.items() if len(r) >= 2}
    out.tables[(kind, players, where)].update({x: r for x, r in ranks.items() if x != s.primary})
    if len(ranks) >= 2:
        html_, ch, fs, hl = _robustness_section(ranks, s.lineups, s.groups, kind, players, s.out_dir, where, s.tag)
        out.blocks += [html_] if html_ else []
        out.charts += ch
        out.findings += [(kind, f) for f in fs]
        out.headline += hl
    rungs = [x for x in ladder if x in ranks]
    # the sweep's ladder, weakest first: each label's share along it; only with its top two
    # rungs played here, since "expert play" is what those two say
    if len(rungs) >= 2 and rungs[-2:] == ladder[-2:]:
        used = sorted({c for x in rungs for c in s.lineups.get(x, [])})
        html_, ch, fs, hl = skill_trace_section({x: ranks[x] for x in rungs}, kind, players, s.out_dir,
                                                provenance(s.groups, players, used), s.margin, where, s.tag)
        out.blocks += [html_] if html_ else []
        out.charts += ch
        out.findings += [(kind, tagged(f, players, where)) for f in fs]
        out.headline += [(h, f"skill-trace-{kind}-{players}p{split_suffix(s.tag)}") for h in hl]
    elif len(ladder) >= 2 and rungs:
        esc = html.escape
        out.blocks.append(f"<p class='note'>No skill trace at {esc(players_at(players, where))}: the ladder's "
                          f"top rungs ({esc(' and '.join(ladder[-2:]))}) rank no {esc(s.name)} here (their "
                          "cells are not played, or not finished).</p>")


def _ranking_section(s: _Ranking, out: _Written, warnings: list[str], ladder: list[str]) -> None:
    """One ranking's section, folded under its title: the table, the charts and, where the sweep
    has them, the power's contribution and the rankings under other strategies."""
    out.tables[(s.kind, s.players, s.where)] = {("" if s.kind == "strategy" else s.by or ""): s.rank}
    _ranking_table(s, out, warnings)
    _ranking_charts(s, out)
    if s.ctl is not None:
        _contribution_section(s, out)
    if s.multi:
        _under_strategies(s, out, ladder)
    out.blocks.append("</details>")


def _across_players(out: _Written, by_part: dict, parts: list, kind: str, out_dir: Path) -> None:
    """Per part of the split axes, the kind's rankings at consecutive player counts compared
    (Kendall's tau), folded under their title."""
    esc = html.escape
    name = label_name(kind)
    for where, tag, _ in parts:
        if len(by_part[where]) >= 2:
            html_, fs = _players_tau_section(by_part[where], kind, out_dir, where, tag)
            out.blocks += [f"<details class='section'><summary>The {esc(name)} ranking across player counts"
                           f"{esc(f', {where}' if where else '')} (Kendall's tau)</summary>{html_}</details>"
                           ] if html_ else []
            out.findings += [(kind, f) for f in fs]


def label_sections(res: dict, out_dir: Path, margin: float = MARGIN, warnings: list[str] | None = None,
                    parts: list[tuple[str, str, list[int] | None]] | None = None, by_kind: dict | None = None,
                    ) -> tuple[str, list[str], list[tuple[str, str]], list[str]]:
    """Rankings, head-to-head heatmaps and strengths for every labelled seat attribute; for label
    kinds with a switched-off control ("X (no power)"), the contribution of the power itself; for
    labels ranked under several strategies (cells where every seat plays one strategy), the
    rankings side by side, their rank correlation and each label's skill sensitivity. Returns the
    HTML, the chart paths, (kind, finding) pairs and the headline sentences (with the anchor of
    their section). `margin`: the equivalence margin (win share); heterogeneity warnings are
    appended to `warnings`. `parts` (simsuite.report.splits.split_parts): (where, tag, cells) per
    value of the game's split axes (e.g. "edition FFG2008"); every ranking, contribution and
    robustness table is computed within one part, never pooled over parts (default: one part, all
    cells). `tables` is keyed (kind, players, where). `by_kind`, when given, receives each kind's
    HTML on its own (kind -> HTML), so that the page can place them apart; each player count's
    detail is folded (<details>) under its title, its id the section's anchor."""
    groups, h2h, comps = res["groups"], res.get("h2h", pd.DataFrame()), res.get("comps", pd.DataFrame())
    warnings = [] if warnings is None else warnings
    if groups.empty or "players" not in groups:
        return "", [], [], [], {}
    groups = groups.assign(key=groups["key"].astype(str))
    ladder = [str(x) for x in (res.get("meta") or {}).get("ladder") or []]
    parts = parts or [("", "", None)]
    ctl_kinds = control_kinds(groups)
    refines = {base: k for k, base in ctl_kinds.items()}
    kinds = [k for k in groups["kind"].unique() if k not in ("seat", "position") and k not in ctl_kinds]
    out = _Written()
    for kind in kinds:
        kind_start = len(out.blocks)
        by_part: dict[str, dict[int, pd.DataFrame]] = {where: {} for where, _, _ in parts}
        for n in sorted(groups.loc[groups["kind"] == kind, "players"].unique()):
            for where, tag, part in parts:
                # the tables of this part only: nothing below pools over the values of a split axis
                s = _ranking_of(_within((groups, h2h, comps), part), kind, int(n), where, tag, refines.get(kind),
                                margin, out_dir)
                if s is not None:
                    by_part[where][s.players] = s.rank
                    _ranking_section(s, out, warnings, ladder)
        _across_players(out, by_part, parts, kind, out_dir)
        if by_kind is not None:
            by_kind[kind] = "".join(out.blocks[kind_start:])
    return "".join(out.blocks), out.charts, out.findings, out.headline, out.tables


_COUNT = {3: "three", 4: "four", 5: "five", 6: "six"}


def fair_definition(rank: pd.DataFrame, players: int, name: str) -> str:
    """What "fair" means in a ranking: 1/N, or, when some games end without a winner, 1/N of the
    games someone won in the cells pooled, the same for every label. A label whose own games stall
    more often is then below fair partly because its games end undecided, not only because it loses:
    the sentence says so, since the data hold no per-label count of decided games."""
    fair = ranking_fair(rank, players)
    if abs(fair - 1 / players) < 5e-4:
        return f"the fair share is 1/{players} = {fmt_pct(1 / players)}."
    return (f"the fair share is 1/{players} of the games someone won in these cells, {fmt_pct(fair)}, the same for "
            f"every {name}: some games ended without a winner, and a {name} whose games end so more often than "
            f"the others' is below fair partly for that reason, not only because it loses.")


def _ranking_anchor(kind: str, players: int, tag: str = "") -> str:
    return f"ranking-{kind.replace('_', '-')}-{players}p" + (f"-{tag.lower()}" if tag else "")


@dataclass
class _Robust:
    """One label kind's rankings under several strategies at one player count (and split value), as
    each part of its robustness section reads them: the labels every ranking has, each ranking
    indexed by label, the pairs of strategies compared and the files' provenance."""
    ranks: dict
    lineups: dict
    groups: pd.DataFrame
    kind: str
    name: str
    players: int
    where: str
    tag: str
    out_dir: Path
    strategies: list
    labels: list
    by: dict
    pairs: list
    sfx: str
    prov: dict


def _robustness_section(ranks: dict[str, pd.DataFrame], lineups: dict[str, list[int]], groups: pd.DataFrame,
                        kind: str, players: int, out_dir: Path, where: str = "",
                        tag: str = "") -> tuple[str, list[str], list[str], list[str]]:
    """The label ranking under each strategy side by side (table and chart), Kendall's tau between
    every pair of rankings with its simultaneous bounds, each label's skill sensitivity (difference in
    win share between two strategies) and the verdict sentence (a verdict depends on the strategy
    only where the direct difference test, Holm over every label and pair, says so). Returns HTML,
    charts, findings and the headline sentence."""
    strategies = list(ranks)
    first = ranks[strategies[0]].set_index(kind)
    labels = [x for x in first.index if all(x in set(r[kind]) for r in ranks.values())]
    if len(labels) < 2:
        return "", [], [], []
    r = _Robust(ranks, lineups, groups, kind, label_name(kind), players, where, tag, out_dir, strategies, labels,
                {x: rk.set_index(kind).loc[labels] for x, rk in ranks.items()},
                [(a, b) for i, a in enumerate(strategies) for b in strategies[i + 1:]], split_suffix(tag),
                provenance(groups, players, sorted({c for rk in ranks.values() for c in rk.attrs["cells"]})))
    side, summ, csv_rank, csv_place = _side_by_strategy(r)
    tau_rows, tau_show, csv_tau = _rank_correlation(r)
    skill, moved, csv_skill = _skill_sensitivity(r)
    sentence = _robust_verdicts(r, summ)
    findings = _robust_findings(r, tau_rows, moved)
    anchor = robustness_anchor(kind, players, tag)
    charts, figs = [], []
    fname = f"robustness_{kind}_{players}p{r.sfx}.png"
    fairs = {x: ranking_fair(rk, players) for x, rk in ranks.items()}
    if chart_robustness(r.by, strategies, labels, kind, players, fairs, out_dir / fname, where):
        charts.append(str(out_dir / fname))
        title = f"{r.name.capitalize()} win share under each strategy, {players_at(players, where)}"
        figs.append(f"<figure><figcaption>{html.escape(title)}</figcaption><img src='{fname}' "
                    f"alt='{html.escape(title)}'></figure>")
    html_ = _robustness_html(r, anchor, fairs, sentence, summ, side, figs, tau_show, skill,
                             dict(rank=csv_rank, place=csv_place, tau=csv_tau, skill=csv_skill))
    return html_, charts, findings, [(sentence, anchor)]


def _side_by_strategy(r: _Robust):
    """The rankings side by side (win share, rank and verdict under each strategy, the place that
    holds under every one) and their CSV files; the places' summary."""
    name, labels, by, strategies, players, groups = r.name, r.labels, r.by, r.strategies, r.players, r.groups
    cols = {(name, ""): labels}
    for x in strategies:
        rx = by[x]
        order = rx["win_share"].rank(ascending=False, method="min").astype(int)
        cols[(f"under {x}", "win share (95% CI)")] = [pct_ci(v, lo, hi) for v, lo, hi in
                                                      zip(rx["win_share"], rx["share_ci_low"], rx["share_ci_high"])]
        cols[(f"under {x}", "rank")] = order.tolist()
        cols[(f"under {x}", "verdict")] = [v or "fair" for v in rx["verdict"]]
    # the place that holds under every strategy (rank intervals that hold for all of them together),
    # else that the order depends on play: the only place the answer and the headline claim
    places = label_places(r.ranks, r.kind).reindex([str(x) for x in labels])
    phrases = [place_phrase(row, strategies) for _, row in places.iterrows()]
    phrases = [(t if h else f"{DEPENDS}: {t}", h) for t, h in phrases]
    cols[("under every strategy", "place (95%, all together)")] = [t for t, _ in phrases]
    side = pd.DataFrame(cols)
    side.columns = pd.MultiIndex.from_tuples(side.columns)
    long = pd.concat([rk.assign(strategy=x, **provenance(groups, players, rk.attrs["cells"]))
                      for x, rk in r.ranks.items()], ignore_index=True)
    csv_rank = f"ranking_{r.kind}_{players}p{r.sfx}_by_strategy.csv"
    long.to_csv(r.out_dir / csv_rank, index=False)
    csv_place = f"places_{r.kind}_{players}p{r.sfx}.csv"
    places.assign(place=[t for t, _ in phrases], holds=[h for _, h in phrases]).reset_index().assign(
        **provenance(groups, players, sorted({c for rk in r.ranks.values() for c in rk.attrs["cells"]}))).to_csv(
        r.out_dir / csv_place, index=False)
    return side, order_summary(places), csv_rank, csv_place


def _rank_correlation(r: _Robust):
    """Kendall's tau between every pair of rankings with its simultaneous bounds: the CSV rows, the
    table shown and its CSV file."""
    name, by = r.name, r.by
    tau_rows, tau_show = [], []
    for a, b in r.pairs:
        t = tau_interval(by[a]["win_share"], by[a]["share_se"], by[b]["win_share"], by[b]["share_se"])
        tau_rows.append(dict(strategy_a=a, strategy_b=b, **t))
        tau_show.append({"rankings": f"{a} vs {b}", f"{name}s": t["labels"],
                         "Kendall's tau (95% interval)": f"{t['tau']:.2f} ({t['ci_low']:.2f} to {t['ci_high']:.2f})",
                         f"{name} pairs in the same order": f"{100 * t['concordant']:.0f}%",
                         "pairs ordered beyond the noise in both": t["established_pairs"],
                         "pairs closer than their noise": t["uncertain_pairs"],
                         "pairs ordered differently": t["discordant_pairs"],
                         "noise check": "noisy: pulled towards 0" if t["noisy"] else "ok"})
    csv_tau = f"tau_{r.kind}_{r.players}p{r.sfx}.csv"
    pd.DataFrame(tau_rows).assign(**r.prov).to_csv(r.out_dir / csv_tau, index=False)
    return tau_rows, tau_show, csv_tau


def _skill_sensitivity(r: _Robust):
    """Each label's win share under one strategy minus under the other, with its interval and Holm
    verdict: the table, the labels that moved per pair, and its CSV file."""
    name, labels, by = r.name, r.labels, r.by
    skill_cols = {(name, ""): labels}
    skill_long, moved = [], {}
    for a, b in r.pairs:
        d = skill_sensitivity(by[a]["win_share"], by[a]["share_se"], by[b]["win_share"], by[b]["share_se"],
                              alpha=ALPHA)
        verdict = np.where(d["sig"], np.where(d["diff"] > 0, f"higher under {b}", f"lower under {b}"), "")
        g = f"{b} − {a}"
        skill_cols[(g, "win share, pp (95% CI)")] = [f"{fmt_pp(v)} ({fmt_pp(lo)} to {fmt_pp(hi)})" for v, lo, hi in
                                                     zip(d["diff"], d["ci_low"], d["ci_high"])]
        skill_cols[(g, "Holm p")] = [fmt_p(v) for v in d["p_holm"]]
        skill_cols[(g, "verdict")] = list(verdict)
        skill_long.append(d.assign(label=labels, strategy_a=a, strategy_b=b, share_a=by[a]["win_share"].to_numpy(),
                                   se_a=by[a]["share_se"].to_numpy(), share_b=by[b]["win_share"].to_numpy(),
                                   se_b=by[b]["share_se"].to_numpy(), verdict=verdict))
        moved[(a, b)] = [f"{x} {fmt_pp(v)} pp" for x, v, s in zip(labels, d["diff"], d["sig"]) if s]
    skill = pd.DataFrame(skill_cols)
    skill.columns = pd.MultiIndex.from_tuples(skill.columns)
    csv_skill = f"skill_{r.kind}_{r.players}p{r.sfx}.csv"
    lead = ["label", "strategy_a", "strategy_b", "share_a", "se_a", "share_b", "se_b"]
    sk = pd.concat(skill_long, ignore_index=True)
    sk[lead + [c for c in sk.columns if c not in lead]].assign(**r.prov).to_csv(r.out_dir / csv_skill, index=False)
    return skill, moved, csv_skill


def _robust_verdicts(r: _Robust, summ: dict) -> str:
    """The verdicts that hold under every strategy, and the order: a place only where it holds under
    every strategy, else how far it moves."""
    name, by, strategies, players = r.name, r.by, r.strategies, r.players
    verdicts = pd.DataFrame({x: [v or "fair" for v in by[x]["verdict"]] for x in strategies}, index=r.labels)
    differs = label_differs(pd.DataFrame({x: by[x]["win_share"] for x in strategies}),
                            pd.DataFrame({x: by[x]["share_se"] for x in strategies}), alpha=ALPHA)
    sentence = tagged(verdict_sentence(verdicts, differs, noun=f"{name}s", players=players), players, r.where)
    n_s = len(strategies)
    together = ("95% rank intervals that hold under "
                + ("both" if n_s == 2 else f"all {_COUNT.get(n_s, str(n_s))}") + " together")
    if summ["depends"]:
        shifted = [str(x) for x in summ["depends"]]
        sentence += (f" Order: {summ['holds']} of {summ['labels']} {plural(name)} keep a place under every strategy; "
                     f"the order of {join(shifted)} depends on play, by up to {summ['most']} "
                     f"place{'s' if summ['most'] != 1 else ''} ({together}).")
    else:
        sentence += f" Order: every {name} keeps a place under every strategy ({together})."
    return sentence


def _robust_findings(r: _Robust, tau_rows: list, moved: dict) -> list[str]:
    """One finding per pair of strategies: tau, and the labels whose win share differs between them."""
    name, players, where = r.name, r.players, r.where
    findings = []
    for (a, b), t in zip(r.pairs, tau_rows):
        f = (f"With {players} players{f' ({where})' if where else ''}, the {name} rankings under {a} and under {b} "
             f"agree with Kendall's tau "
             f"{t['tau']:.2f} (95% interval {t['ci_low']:.2f} to {t['ci_high']:.2f}; {100 * t['concordant']:.0f}% "
             f"of {name} pairs in the same order)")
        f += (f"; {len(moved[(a, b)])} {name}s' win shares differ significantly between them (Holm; {b} minus "
              f"{a}): " + ", ".join(moved[(a, b)]) + "." if moved[(a, b)]
              else f"; no {name}'s win share differs significantly between them (Holm).")
        if t["noisy"]:
            f += " The rankings are noisy for this comparison: tau is pulled towards 0."
        findings.append(f)
    return findings


def _robustness_html(r: _Robust, anchor: str, fairs: dict, sentence: str, summ: dict, side, figs: list,
                     tau_show: list, skill, csv: dict) -> str:
    """The section's HTML: the verdict sentence, how each ranking and place was made, the tables side
    by side, the rank correlation and the skill sensitivity, each with what it means."""
    esc, name, strategies, labels, lineups = html.escape, r.name, r.strategies, r.labels, r.lineups
    kind, players, tag = r.kind, r.players, r.tag
    at = players_at(players, r.where)
    fair = fairs[strategies[0]]
    fair_note = ("" if max(fairs.values()) - min(fairs.values()) < 5e-4 else
                 " Some games ended without a winner, so the fair shares differ: "
                 + ", ".join(f"{fmt_pct(v)} under {x}" for x, v in fairs.items())
                 + "; part of a difference in win share comes from that.")
    csv_rank, csv_place, csv_tau, csv_skill = csv["rank"], csv["place"], csv["tau"], csv["skill"]
    cells_of = "; ".join(f"{x}: cell{'s' if len(lineups[x]) > 1 else ''} {', '.join(map(str, lineups[x]))}"
                         for x in strategies)
    html_ = (f"<h3 id='{anchor}'>Robustness: the {esc(name)} ranking under {esc(join(strategies))}, "
             f"{esc(at)}</h3>"
             f"<p class='note'>{esc(sentence)}</p>"
             f"<p class='muted'>Each ranking comes from the cells where every seat plays that strategy "
             f"({esc(cells_of)}); "
             f"verdicts as in the ranking above (Holm-corrected over the {len(labels)} {esc(name)}s of each ranking; "
             f"fair = not distinguishable from the fair share"
             + (f" {fmt_pct(fair)}). " if not fair_note else f" of that strategy).{fair_note} ")
             + f"<a href='{csv_rank}'>Every ranking as CSV</a>.</p>"
             f"<p class='muted'>Place under every strategy: each {esc(name)}'s 95% rank interval under each "
             f"strategy, computed at 1 − 0.05 / {len(strategies)} (Bonferroni over the {len(strategies)} "
             f"strategies) so that all of them hold together at least 95% of the time; the place given is their "
             f"span, which holds under every strategy. Where two of the intervals share no place, the "
             f"{esc(name)}'s place depends on play: the table gives its interval under each and by how many places "
             f"it moves (at least the gap between the intervals, at most their span). The answer at the top and the "
             f"headline claim an order only where it holds so. Here {summ['holds']} of {summ['labels']} "
             f"{esc(plural(name))} keep a place under every strategy"
             + (f"; the place of {esc(join([str(x) for x in summ['depends']]))} depends on play (by up to "
                f"{summ['most']} places)" if summ["depends"] else "")
             + f". <a href='{csv_place}'>Places as CSV</a>.</p>"
             f"<div class='scroll'>{grouped_table(side)}</div>" + "".join(figs)
             + f"<h4>Rank correlation</h4>"
             f"<p class='muted'>Kendall's tau between two rankings of the same {esc(name)}s (scipy.stats.kendalltau, "
             f"tau-b, on the win shares): 1 = the same order, 0 = unrelated, −1 = reversed; without ties, "
             f"(1 + tau) / 2 of the {esc(name)} pairs are in the same order in both. The 95% interval is a "
             f"pair of simultaneous bounds: every pair of {esc(name)}s whose order is beyond the noise in both "
             f"rankings (z-test of the two win shares, Holm-corrected over all pairs of both rankings) counts as "
             f"observed, every other pair once as in the same order (upper bound) and once as reversed (lower "
             f"bound); it covers the true tau at least 95% of the time, and is wide when many {esc(name)}s are "
             f"close: the skill sensitivity below is the sharper test. Noise swaps {esc(name)}s whose win shares "
             f"are close, which pulls tau itself towards 0; the noise check says when that matters: when the pairs "
             f"closer than their noise (counted in both rankings) are more than {NOISY_RATIO:g} times the pairs "
             f"the rankings order differently. "
             f"<a href='{csv_tau}'>CSV</a>.</p>"
             f"<div class='scroll'>{table(pd.DataFrame(tau_show))}</div>"
             f"<h4 id='{skill_anchor(kind, players, tag)}'>Skill sensitivity</h4>"
             f"<p class='muted'>Per {esc(name)}: its win share under one strategy minus under the other, in "
             f"percentage points, with a 95% interval (the two come from different games, so their variances add); "
             f"column group “b − a” is the win share under b minus under a. "
             f"A large difference means the {esc(name)}'s strength depends on how well the bots play it and "
             f"against it. Verdicts use Holm-corrected two-sided tests over the {len(labels)} {esc(name)}s "
             f"(family-wise alpha {ALPHA}).{fair_note} <a href='{csv_skill}'>CSV</a>.</p>"
             f"<div class='scroll'>{grouped_table(skill)}</div>")
    return html_
