"""HTML balance report for a results directory: PNG charts plus plain-language findings.

The package: ``common`` (layout, formatting, tables), ``findings`` (sentences), ``charts`` (PNGs),
``rankings`` (pooled label rankings and controls), ``sections`` (their HTML), ``headline`` (the
statistical verdicts, folded under the answer), ``answer`` (the page's question, its plain answer and
table, and the glossary its verdict words link to); this module writes the page.

``make_report(results_dir)`` reads the tables written by :mod:`simsuite.store` and writes
``index.html`` and its charts into one folder (relative links only, no external CSS/JS).

Fairness is judged on the win share (a shared win counts 1/k to each of its k winners), whose
fair value is 1/N of the games someone won (1/N unless games time out without a winner).
Label rankings (strategies, aliens) pool only the cells that mix labels, and never the values
of a split axis (Game.split_axes, simsuite.report.splits): those get a ranking each and a
"<axis> side by side" section. Turn-order and strategy
tests are Bonferroni-corrected over all the tests of their kind in the report; the normal
interval stored per group gives the standard error (from the per-game variance: simsuite.analysis.stats).
A ranking also carries its minimum detectable difference, a TOST equivalence verdict within
+-margin (``make_report(margin=...)``, CLI ``--margin``), bootstrap rank intervals and P(best) from
the pooled covariance of the win shares, and Cochran's Q across the cells it pools (a warning when
they disagree); rankings at several player counts are compared with Kendall's tau.
"""
from __future__ import annotations

import html
import re
import time
from dataclasses import dataclass
from pathlib import Path
from statistics import NormalDist

import pandas as pd

from .. import __version__
from ..analysis.inference import MARGIN, Z95
from ..errors import BadInput
from ..store import read_results
from . import answer as A
from . import headline as H
from .charts import (
    chart_dist,
    chart_effect,
    chart_groups,
    chart_ladder,
    chart_metric,
    chart_spread_margin,
    hbars,
    tick_labels,
)
from .common import (
    ALPHA,
    MAX_PANELS,
    axis_values,
    cell_descriptions,
    check_out_dir,
    data_file_rows,
    facet_series,
    fixed_table,
    game_metrics,
    join,
    known_game,
    label_name,
    load_template,
    make_cells_table,
    make_groups_table,
    pct_ci,
    plural,
    render,
    report_layout,
    shown_path,
    table,
    uniq,
)
from .findings import gap_z, position_findings, rate_findings, strategy_findings, trend_findings  # noqa: F401  (public names)
from .focus import canonical, check_focus, seat_and_value_lines
from .label_charts import chart_label_overview
from .next_step import EDGE_WORDS, every_value_has_edge, fixed_sets, line_up, next_step, no_value_fair
from .rankings import label_contributions, label_rankings, reference_cells  # noqa: F401  (tests use them)
from .sections import label_sections
from .splits import at_choice_defaults, choice_axes, side_by_side, split_axes, split_parts

PARTIAL = "Partial sweep:"


def _figure_html(fname: str, title: str, main: bool = False) -> str:
    esc = html.escape
    attrs = " class='main' id='main-chart'" if main else ""
    return (f"<figure{attrs}><figcaption>{esc(title)}</figcaption>"
            f"<img src='{fname}' alt='{esc(title)}'></figure>")


def _header(res: dict, lay: dict, results_dir: Path) -> tuple[str, list[str]]:
    cells, meta = res["cells"], res["meta"]
    warnings, rows = [], []
    esc = html.escape
    versions = uniq(cells["simsuite_version"]) if "simsuite_version" in cells else []
    if len(versions) > 1:
        warnings.append(f"Cells come from different simsuite versions ({', '.join(map(str, versions))}): "
                        "engine changes between versions may make them incomparable.")
    codes = uniq(cells["code_hash"]) if "code_hash" in cells else []
    if len(codes) > 1:
        warnings.append(f"Cells were computed by {len(codes)} different builds of the engine and strategies "
                        f"(code hashes {', '.join(c[:8] for c in map(str, codes))}): compare them with care.")
    games = uniq(cells["games"]) if "games" in cells else []
    prec = meta.get("precision")
    if prec is not None and "max_ci_half_width" in cells:
        short = cells[cells["max_ci_half_width"] > prec]
        if len(short):
            warnings.append(f"{len(short)} of {len(cells)} cells reached the game cap before every win rate's 95% "
                            f"interval was within ±{prec:g} (widest ±{short['max_ci_half_width'].max():.4f}); "
                            "raise --games to reach the precision asked.")
    if "timeout_mean" in cells and (cells["timeout_mean"] > 0).any():
        top = float(cells["timeout_mean"].max())
        # a count where the percentage would print as 0.00%
        most = (f"up to {top:.2%} of a cell" if top >= 0.0001 else
                f"up to {max(1.0, top * float(cells.loc[cells['timeout_mean'].idxmax(), 'games'])):,.0f} games of a cell, "
                "fewer than 0.01%" if "games" in cells else "fewer than 0.01% of a cell")
        warnings.append(f"Some games hit the turn cap without a winner ({most}): nobody gets a share of those, "
                        "so the fair share is 1/N of the games someone won.")
    if len(games) > 1:
        warnings.append(f"Cells played different numbers of games ({min(games)}–{max(games)}): "
                        "intervals differ in width.")
    done = len((res.get("manifest") or {}).get("done", {}))
    planned = meta.get("cells")
    if isinstance(planned, int) and planned != len(cells):
        warnings.append(f"{PARTIAL} {len(cells)} of the {planned} cells it plans are finished: it was "
                        "interrupted or is still running (rerun it to resume), and every figure below covers only "
                        "the finished cells.")
    elif res.get("manifest") and done != len(cells):
        warnings.append(f"The manifest lists {done} finished cells but the table holds {len(cells)}.")
    game = meta.get("game") or (", ".join(map(str, uniq(cells["game"]))) if "game" in cells else "?")
    seeds = uniq(cells["seed"]) if "seed" in cells else [meta.get("seed")]
    axes = meta.get("axes") or {}
    rows += [
        ("Game", game),
        ("Results", f"{shown_path(results_dir)} ({meta.get('kind', '?')}"
                    + (f", created {meta['created']})" if meta.get("created") else ")")),
        ("simsuite version", ", ".join(map(str, versions)) or "?"),
        ("Seed", ", ".join(map(str, seeds))),
        ("Games per cell", ", ".join(f"{g:,}" for g in games) or str(meta.get("games", "?"))),
        ("Cells", f"{len(cells)}"),
        ("Swept axes", "; ".join(f"{k}: {axis_values(v)}" for k, v in axes.items())
         or ", ".join(lay["varying"]) or "none (single run)"),
    ]
    name = (meta.get("definition") or {}).get("name") if isinstance(meta.get("definition"), dict) else None
    if name:
        rows.insert(1, ("Sweep definition", name))
    head = "".join(f"<tr><th>{esc(k)}</th><td>{esc(str(v))}</td></tr>" for k, v in rows)
    files = data_file_rows(cells, meta)
    if files:
        head += ("<tr><th>Data files</th><td><ul class='tight'>"
                 + "".join(f"<li><code>{esc(c)}</code>: {esc(shown_path(p))} <span class='muted'>({esc(n)})</span></li>"
                           for c, p, n in files)
                 + "</ul><span class='muted'>The results are only as good as these data files; rows marked "
                   "assumed are guesses, not published values.</span></td></tr>")
    return f"<table class='kv'>{head}</table>", warnings


def _game_sections(meta: dict, cells: pd.DataFrame, res: dict, out_dir: Path, split: list[str] = (),
                   warnings: list[str] | None = None):
    """The sections the game adds (Game.report_sections): HTML, charts, headline (sentence, anchor).
    A section that writes something from results split by a split axis (Game.split_axes) pools over
    its values unless it declares split_aware = True: a warning in `warnings` says so."""
    from .. import games
    from ..games.base import ReportKit

    name = meta.get("game") or (str(cells["game"].iloc[0]) if "game" in cells and len(cells) else "")
    try:
        sections = games.get(str(name)).report_sections
    except BadInput:
        return "", [], [], [], False
    kit = ReportKit(table=table, pct_ci=pct_ci, hbars=hbars)
    html_, charts, heads, skill, replaces = "", [], [], [], False
    for section in sections:
        h, c, hd = section(res, out_dir, kit)
        html_, charts = html_ + h, charts + c
        if h and split and not getattr(section, "split_aware", False) and warnings is not None:
            what = "; ".join(f"{a}: {', '.join(map(str, uniq(cells[a])))}" for a in split)
            warnings.append(f"The section “{getattr(section, '__name__', 'game section')}” pools its figures over "
                            f"{join(list(split))} ({what}): read it as an average over different rules, not as "
                            f"either of them.")
        # a section whose sentences depend on how well the bots play says so (headline_topic = "skill"):
        # they stand under bot skill, not rule balance
        if getattr(section, "headline_topic", "rule") == "skill":
            skill += hd
        else:
            heads += hd
        # a section answers the sweep's question in place of the pooled rankings unless it says it
        # only adds to them (replaces_rankings = False on the section function)
        replaces = replaces or (bool(h) and getattr(section, "replaces_rankings", True))
    return html_, charts, heads, skill, replaces


@dataclass
class _Sweep:
    """The results a page is written from, read once, with their layout and the game's declarations:
    what every part of the page reads."""
    res: dict
    cells: pd.DataFrame
    groups: pd.DataFrame
    hists: pd.DataFrame
    meta: dict
    lay: dict
    split: list
    parts: dict
    metrics: tuple
    desc: dict
    labels: object
    out_dir: Path
    results_dir: Path
    margin: float
    game: str


def _read(results_dir: Path, out_dir: Path | None, margin: float, focus: list[str] | None) -> tuple[_Sweep, list]:
    """The results and their layout, the margin and the report folder checked, and the focus labels
    resolved (an absent one refused now, from the tables alone, not after the rankings)."""
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
    focus_given = list(meta.get("focus") or []) if focus is None else list(focus)
    focus_resolved = check_focus(res, focus_given) if focus_given else []
    lay = report_layout(cells, meta)
    # axes never pooled (Game.split_axes, e.g. Cosmic's edition): each of their values has its own
    # ranking and seat advantage, and the side-by-side section compares them
    game_name = meta.get("game") or (str(cells["game"].iloc[0]) if "game" in cells and len(cells) else "")
    split = split_axes(game_name, cells)
    parts = split_parts(cells, split)
    lay["split"] = split  # a chart that pools a panel's cells (too many to tell apart) splits by them first
    metrics = game_metrics(meta, cells, hists)
    if len(groups):
        groups = groups.assign(key=groups["key"].astype(str))
    s = _Sweep(res, cells, groups, hists, meta, lay, split, parts, metrics, cell_descriptions(cells, lay),
               tick_labels(cells, lay), out_dir, results_dir, margin, game_name)
    return s, focus_resolved


def _generic_findings(s: _Sweep) -> dict:
    """The findings every game has, by topic: turn order (rule balance) apart from strategies (bot
    skill), rates and trends; `pos`: the position findings alone (the turn-order section lists them)."""
    groups, cells, desc = s.groups, s.cells, s.desc
    pos_f, m_pos, k_pos = position_findings(groups, desc) if len(groups) else ([], 0, 0)
    st_f, m_st, k_st = strategy_findings(groups, cells, desc, s.res.get("h2h")) if len(groups) else ([], 0, 0)
    turn = [] if len(groups) else ["No group table: turn-order and strategy balance cannot be judged."]
    if m_pos:
        z = NormalDist().inv_cdf(1 - ALPHA / (2 * m_pos))
        what = (f"{k_pos} of {m_pos} position tests show a win share different from the fair 1/N" if k_pos else
                "no turn-order position wins significantly more or less than the fair 1/N")
        turn.append(f"Turn order: {what}. Tests are Bonferroni-corrected over all {m_pos} cell × position "
                    f"tests (each at alpha {ALPHA}/{m_pos}, z = {z:.2f}); a shared win counts 1/k.")
    turn += pos_f
    skill_f = []
    if m_st:
        skill_f.append(f"Strategies: {k_st} of {m_st} strategy tests differ from the fair share "
                       f"(Bonferroni-corrected over {m_st} tests). A strategy above or below its fair share "
                       "plays better or worse than the others: bot skill, not a fault of the rules.")
    skill_f += st_f
    if m_pos + m_st and k_pos + k_st == 0:
        turn.append("Nothing is significantly out of balance: no turn-order position"
                    + (" or strategy" if m_st else "") + " wins more or less than its fair share "
                    "after the correction.")
    return dict(turn=turn, skill=skill_f, pos=pos_f, rates=rate_findings(cells, desc),
                trends=trend_findings(cells, s.lay, s.metrics))


def _generic_charts(s: _Sweep) -> tuple[list[str], dict[str, str], str]:
    """The generic charts, each drawn only where it carries information (a strategy chart only over
    the cells that mix strategies; a cell axis too long to label shows the extremes): their paths,
    their figures by file name, and the note where not every panel is drawn."""
    groups, cells, lay, labels, metrics = s.groups, s.cells, s.lay, s.labels, s.metrics
    jobs = [
        ("winshare_position.png", "Win share by turn-order position",
         lambda p: len(groups) and chart_groups(groups, cells, lay, "position", "Win share by turn-order position",
                                                 p, labels)),
        ("winshare_strategy.png", "Win share by strategy (cells that mix strategies)",
         lambda p: len(groups) and chart_groups(groups, cells, lay, "strategy", "Win share by strategy", p, labels)),
        ("spread_margin.png", "Final-score spread and winning margin",
         lambda p: chart_spread_margin(cells, groups, lay, p, labels, metrics)),
    ]
    # the game's own metrics (Game.metrics): a chart of the mean, and of the distribution
    jobs += [(f"{m.name}.png", m.label.capitalize(), lambda p, m=m: chart_metric(cells, lay, p, labels, m))
             for m in metrics if m.chart == "own"]
    jobs += [(f"{m.name}_hist.png", m.title or f"Distribution of {m.label}",
              lambda p, m=m: chart_dist(cells, s.hists, lay, p, labels, m)) for m in metrics if m.dist]
    charts, figs = [], {}
    for fname, title, draw in jobs:
        path = s.out_dir / fname
        if draw(path):
            charts.append(str(path))
            figs[fname] = _figure_html(fname, title)
    npanels = len(list(facet_series(cells, lay["facets"])))
    panels_note = (f"<p class='muted'>Only the first {MAX_PANELS} of {npanels} panels are drawn.</p>"
                   if npanels > MAX_PANELS else "")
    return charts, figs, panels_note


@dataclass
class _Analyses:
    """The game's own sections, the ladder of line-ups, the label rankings and the side-by-side
    section, as the page's answer and sections read them."""
    pv_html: str
    pv_charts: list
    pv_heads: list
    pv_skill: list
    pv_replaces: bool
    by_kind: dict
    rungs: list
    mixed_lineups: bool
    rank_charts: list
    rank_findings: list
    heads: list
    tables: dict
    sbs_html: str
    sbs_charts: list
    sbs_findings: list
    sbs_heads: list
    sbs_data: list


def _analyses(s: _Sweep, pool_warnings: list[str]) -> _Analyses:
    """The game's sections, the ladder, the label rankings and the split axes side by side; a
    section that pools over a split axis adds its warning to `pool_warnings`."""
    groups, cells, lay = s.groups, s.cells, s.lay
    pv_html, pv_charts, pv_heads, pv_skill, pv_replaces = _game_sections(s.meta, cells, s.res, s.out_dir, s.split,
                                                                         pool_warnings)
    # a game's own section may answer its sweep's question in place of the pooled label rankings
    # (e.g. one label per table among powerless seats, where a pooled ranking would mislead)
    by_kind: dict[str, str] = {}
    # a ladder of head-to-head line-ups (one seat against N - 1 of another) answers rung by rung
    speed = {int(v["cell"]): v.get("games_per_s") for v in (s.res.get("manifest") or {}).get("done", {}).values()
             if isinstance(v, dict) and "cell" in v}
    rungs = H.ladder(groups, cells, lay, speed) if len(groups) else []
    if len(rungs) != len(cells):
        # a sweep where only some cells are one-against-the-rest (an alien sweep's nopower control
        # seat) does not ask how the strategies compare: its skill findings are the usual ones
        rungs = []
    # a ladder whose cells pit different bots against each other: a label or strategy ranking pooled
    # over them would mix who sits against whom into each label's strength, so the rungs answer alone
    # (cells of one line-up under different rules pool as usual)
    mixed_lineups = bool(rungs) and cells["strategies"].nunique() > 1
    rank_warnings: list[str] = []
    _, rank_charts, rank_findings, heads, tables = (
        label_sections(s.res, s.out_dir, s.margin, rank_warnings, s.parts, by_kind)
        if not (pv_replaces or mixed_lineups) else ("", [], [], [], {}))
    sbs_html, sbs_charts, sbs_findings, sbs_heads, sbs_data = (
        side_by_side(s.res, s.out_dir, s.split, s.parts, tables) if s.split else ("", [], [], [], []))
    return _Analyses(pv_html, pv_charts, pv_heads, pv_skill, pv_replaces, by_kind, rungs, mixed_lineups,
                     rank_charts, rank_findings, heads, tables, sbs_html, sbs_charts, sbs_findings, sbs_heads, sbs_data)


def _headline(s: _Sweep, an: _Analyses, focus_resolved: list) -> dict:
    """The answer's statistical sentences: rule balance (the focus labels, labels, turn order, the
    swept parameter), then bot skill (a ladder's rungs first); the strategy rankings, the modelling
    choices and the label tables at their default that the box reads."""
    groups, cells, lay = s.groups, s.cells, s.lay
    strat = {((n, w) if w else n): t[""] for (k, n, w), t in an.tables.items() if k == "strategy" and "" in t}
    turn_head, same = H.turn_order(groups, cells, lay, s.split) if len(groups) else ([], None)
    # modelling-choice axes (Game.choice_axes, e.g. Cosmic's deal model) are no question of the sweep:
    # the answer's label verdicts are those of the choice's default, and their section follows the rankings
    choices = choice_axes(s.game)
    at_default = {key: t for key, t in an.tables.items()
                  if not any(key[2].startswith(f"{a} ") for a in choices)}
    focus = canonical(focus_resolved)
    focus_lines = H.focus_labels(at_default, focus) + seat_and_value_lines(s.res, focus_resolved)
    rule = (focus_lines + H.label_verdicts(at_default) + an.sbs_heads + an.pv_heads + an.heads + turn_head
            + H.swept_question(cells, lay, s.metrics, same))
    # a ladder of head-to-head line-ups (one seat against N - 1 of another) answers rung by rung
    skill = (an.rungs or H.strategy_skill(strat)) + an.pv_skill
    # a ladder sweep asks how the strategies compare: its rungs answer first
    headline = [h for h, _ in (skill + rule if an.rungs else rule + skill)]
    return dict(strat=strat, choices=choices, rules_split=[a for a in s.split if a not in choices],
                at_default=at_default, focus_lines=focus_lines, rule=rule, skill=skill, headline=headline)


def _topics(s: _Sweep, fnd: dict, an: _Analyses) -> list[tuple[str, list[str]]]:
    """Every finding under its topic (the page's "All findings"), the empty topics left out."""
    rank_findings = an.rank_findings
    kinds = list(dict.fromkeys(k for k, _ in rank_findings if k != "strategy"))
    topics = ([(f"{label_name(k).capitalize()}s (rule balance)", [f for kk, f in rank_findings if kk == k])
               for k in kinds]
              + [("Turn order (rule balance)", fnd["turn"]),
                 ("Strategies (bot skill, not rule balance)", fnd["skill"] + [f for k, f in rank_findings
                                                                              if k == "strategy"]),
                 ("Game length, timeouts and shared wins", fnd["rates"]),
                 ("Trends along the swept parameter", fnd["trends"])]
              + ([(f"{join([plural(a) for a in s.split]).capitalize()} side by side (rule balance as the bots play it)",
                   an.sbs_findings)]
                 if s.split else []))
    return [(t, fs) for t, fs in topics if fs]


def _question(s: _Sweep, an: _Analyses, rules_split: list, label_kinds: list) -> str:
    """What the page asks, from the sweep's swept axes: the game's own question, rule sets side by
    side, the dealt labels, a swept parameter, or one configuration."""
    if an.pv_html and an.pv_replaces:
        return "game"  # the game's own section answers (e.g. what each power is worth)
    if an.sbs_html and rules_split:
        return "split"  # editions side by side
    if label_kinds:
        return "labels"  # a ranking of dealt labels (aliens)
    if s.lay["x"] or "players" in s.lay["varying"]:
        return "parameter"
    return "single"


def _main_chart(s: _Sweep, question: str, an: _Analyses, at_default: dict, label_kinds: list,
                charts: list[str], focus_resolved: list = ()) -> str:
    """The chart that opens the page below the answer (its figure HTML; its path first in `charts`)."""
    groups, cells, lay, out_dir = s.groups, s.cells, s.lay, s.out_dir
    if an.rungs:  # a ladder sweep asks how much stronger each bot is: its rungs open the page
        fname = "ladder.png"
        if chart_ladder(H.ladder_rows(groups, cells, lay), out_dir / fname):
            charts.insert(0, str(out_dir / fname))
            return _figure_html(fname, "How much stronger is each bot: one seat's win share against the others, "
                                       "with its 95% interval", main=True)
    elif question == "labels":
        kind = label_kinds[0]
        over = {(n, w): rs for (k, n, w), rs in at_default.items() if k == kind}
        fname = f"overview_{kind}.png"
        asked = [label for _, (k, label) in focus_resolved if k == kind]
        if chart_label_overview(over, kind, out_dir / fname, focus=asked):
            charts.insert(0, str(out_dir / fname))
            return _figure_html(fname, f"{label_name(kind).capitalize()} ranking: every {label_name(kind)} with its "
                                       f"95% interval, per player count and strategy", main=True)
    elif question == "parameter":
        fname = "effect.png"
        if chart_effect(cells, groups, lay, s.metrics, out_dir / fname):
            charts.insert(0, str(out_dir / fname))
            what = _the(lay["x"] or "players")
            return _figure_html(fname, f"What {what} changes: the start player's edge and the game's measures",
                                main=True)
    return ""


def _sections(s: _Sweep, question: str, main: str, an: _Analyses, fnd: dict, figs: dict, charts: list[str],
              panels_note: str, label_kinds: list) -> list[tuple[str, str, str]]:
    """The page's sections below the answer, in order, as (anchor, title, HTML); a section with no
    title brings its own heading. Figures placed in a section leave `figs` (the rest go to the last
    section); a chart the effect chart repeats is not drawn twice (its file leaves `charts`)."""
    esc = html.escape
    sections = []
    if question == "game":
        sections.append(("", "", an.pv_html))
    elif question == "split":
        sections.append(("", "", an.sbs_html))
    for kind in label_kinds:
        if an.by_kind.get(kind):
            name = label_name(kind)
            sections.append((f"ranking-{kind.replace('_', '-')}", f"{name.capitalize()} rankings",
                             f"<p class='muted'>Per player count: the ranking table, head to head, Plackett-Luce "
                             f"strengths and, where the sweep has them, the power's own contribution and the ranking "
                             f"under each strategy (robustness). Open a section for its detail.</p>{an.by_kind[kind]}"))
    if s.lay["x"]:
        sections.append(_effect_section(s, question, main, fnd["trends"], figs, charts))
    if an.sbs_html and question != "split":  # modelling choices side by side, after the rankings
        sections.append(("", "", an.sbs_html.replace("<figure id='main-chart'>", "<figure>")))
    if an.pv_html and not an.pv_replaces:
        sections.append(("", "", an.pv_html))
    if len(s.groups):
        pos_f = fnd["pos"]
        body = ("<p class='muted'>The verdict is in the answer above; per position and cell:</p>"
                + figs.pop("winshare_position.png", "")
                + (f"<details><summary>Every position test ({len(pos_f)} findings)</summary><ul class='findings'>"
                   + "".join(f"<li>{esc(f)}</li>" for f in pos_f) + "</ul></details>" if pos_f else ""))
        sections.append(("turn-order", "Turn order", body))
    strategy_html = figs.pop("winshare_strategy.png", "") + an.by_kind.get("strategy", "")
    if an.mixed_lineups and strategy_html:
        strategy_html += ("<p class='muted'>No pooled ranking of strategies or labels: each cell seats different "
                          "bots against each other, so a ranking over the cells would compare unlike tables. The "
                          "table in the answer gives each line-up on its own.</p>")
    if strategy_html:
        sections.append(("ranking-strategy", "Strategies (bot skill, not rule balance)",
                         "<p class='note'>Bot skill, not rule balance: a strategy above its fair share plays better "
                         "than the others at its table.</p>" + strategy_html))
    if figs:
        sections.append(("other-charts", "Game length and other measures",
                         "<p class='muted'>Win shares count a shared win as 1/k for each of its k winners; error "
                         "bars are 95% intervals.</p>" + "".join(figs.values()) + panels_note))
    return sections


def _effect_section(s: _Sweep, question: str, main: str, trends: list[str], figs: dict,
                    charts: list[str]) -> tuple[str, str, str]:
    """What the swept parameter changes: its trend findings, and the trend metrics' own charts where
    the effect chart does not already show them."""
    esc = html.escape
    body = ("<ul class='findings'>" + "".join(f"<li>{esc(f)}</li>" for f in trends) + "</ul>" if trends else "")
    # a trend metric's own chart repeats its panel of the effect chart
    dup = [f"{m.name}.png" for m in s.metrics if m.chart == "own" and m.trend]
    if question == "parameter" and main:
        for f in dup:  # not drawn twice: the file goes too
            if figs.pop(f, None) is not None:
                charts.remove(str(s.out_dir / f))
                (s.out_dir / f).unlink()
    else:
        body += "".join(figs.pop(f, "") for f in dup)
    return ("effect", f"What {_the(s.lay['x'])} changes, per player count", body)


def _page(s: _Sweep, box: str, main: str, sections: list, topics: list, findings: list[str], margin: float,
          pool_warnings: list[str]) -> tuple[str, list[str]]:
    """The page's HTML from its parts (the table of contents from the sections' titles, or the
    headings they bring), and the status lines said at its very top (a partial sweep)."""
    esc = html.escape
    # sections that bring their own <h2 id=...> (the game's, side by side) are listed by it
    toc = []
    for i, t, b in sections:
        m_ = None if t else re.search(r"<h2 id='([^']+)'>(.*?)</h2>", b)
        if t and b:
            toc.append((i, t))
        elif m_:
            toc.append((m_.group(1), html.unescape(m_.group(2))))
    toc += [("glossary", "What the words mean"), ("findings", "All findings"), ("reproducibility", "Reproducibility")]
    body = ("".join((f"<h2 id='{i}'>{esc(t)}</h2>" if t else "") + b for i, t, b in sections if b)
            + A.glossary_html(margin, box))
    header, warnings = _header(s.res, s.lay, s.results_dir)
    warnings += pool_warnings
    # a partial sweep changes every figure: it is said at the very top (and on the terminal)
    status = [w for w in warnings if w.startswith(PARTIAL)]
    warnings = [w for w in warnings if not w.startswith(PARTIAL)]
    # the rankings' heterogeneity warnings stand in their sections (and the findings), not at the top
    cells, groups, name = s.cells, s.groups, s.results_dir.name
    page = render(
        load_template(),
        title=esc(f"Balance report: {s.meta.get('game') or name} ({name})"),
        status="".join(f"<p class='status'>⚠ {esc(w)}</p>" for w in status),
        toc=" ".join(f"<a href='#{i}'>{esc(t)}</a>" for i, t in toc),
        warnings="".join(f"<p class='warn'>⚠ {esc(w)}</p>" for w in warnings),
        headline=box,
        main=main,
        sections=body,
        n_findings=str(len(findings)),
        findings="".join(f"<h3>{esc(t)}</h3><ul class='findings'>" + "".join(f"<li>{esc(f)}</li>" for f in fs)
                         + "</ul>" for t, fs in topics),
        reproducibility=reproducibility_html(
            header, fixed_table(cells, s.lay), table(make_cells_table(cells, s.lay, s.metrics)),
            table(make_groups_table(groups)) if len(groups) else "<p class='muted'>No group table.</p>"),
        footer=esc(f"Generated {time.strftime('%Y-%m-%d %H:%M:%S')} by simsuite {__version__} report."),
    )
    return page, status


def reproducibility_html(header: str, fixed: str, cells_table: str, groups_table: str) -> str:
    """The page's last section: what was run (its configuration, seed and version), the parameters
    every cell shares, and the cells and groups tables, folded (wide tables scroll in their box)."""
    return (f"{header}<details><summary>Parameters the same in every cell</summary><div class='scroll'>{fixed}"
            "</div></details><details id='cells'><summary>Cells: the swept parameters and each cell's means</summary>"
            f"<div class='scroll'>{cells_table}</div></details><details id='groups'><summary>Groups: every "
            "turn-order position, seat, strategy and label per cell</summary>"
            f"<div class='scroll'>{groups_table}</div></details>")


def make_report(results_dir: Path, out_dir: Path | None = None, margin: float = MARGIN,
                focus: list[str] | None = None) -> dict:
    """Write index.html and PNG charts for a results directory; return paths and findings.

    `margin` is the equivalence margin of the rankings (a win share: 0.02 = "fair within +-2
    percentage points", the CLI's --margin 2).

    out_dir defaults to ``reports/<results_dir name>/`` under the repository root. The return value
    is JSON-serialisable: ``{"html": path, "charts": [paths], "findings": [sentences], "headline":
    [sentences], "cells": n}``; the headline sentences (rule balance, then bot skill: see
    simsuite.report.headline) open the page and also lead the findings.

    The page is built in steps, each a function of what it names: the results read (_read), the
    generic findings and charts, the game's sections, rankings and side by side (_analyses), the
    statistical headline, the page's question and main chart, the answer box, the sections and the
    page itself.
    """
    s, focus_resolved = _read(results_dir, out_dir, margin, focus)
    fnd = _generic_findings(s)
    charts, figs, panels_note = _generic_charts(s)
    pool_warnings: list[str] = []
    an = _analyses(s, pool_warnings)
    charts += an.pv_charts + an.sbs_charts + an.rank_charts
    hd = _headline(s, an, focus_resolved)
    topics = _topics(s, fnd, an)
    findings = [f for _, fs in topics for f in fs]
    label_kinds = list(dict.fromkeys(k for k, _, _ in an.tables if k != "strategy"))
    question = _question(s, an, hd["rules_split"], label_kinds)
    main = _main_chart(s, question, an, hd["at_default"], label_kinds, charts, focus_resolved)
    if question == "split" and not main:
        # rule sets side by side: that section's first chart answers, in the box (not twice on the page)
        m_ = re.search(r"<figure id='main-chart'>.*?</figure>", an.sbs_html, re.S)
        if m_:
            main, an.sbs_html = m_.group(0), an.sbs_html.replace(m_.group(0), "", 1)
    box, steps = _answer_box(question, s.res, s.groups, s.cells, s.lay, s.metrics, an.tables, hd["at_default"],
                             label_kinds, hd["choices"], hd["strat"], an.rungs, margin,
                             H.block(hd["rule"], hd["skill"], html.escape, skill_first=bool(an.rungs), wrap=False),
                             an.pv_html, an.sbs_data, [h for h, _ in an.pv_heads], focus_resolved, main,
                             [h for h, a in an.heads if a.startswith("skill-trace-")])
    sections = _sections(s, question, main, an, fnd, figs, charts, panels_note, label_kinds)
    # the main chart stands in the answer box, between the answer and its table
    page, status = _page(s, box, "", sections, topics, findings, margin, pool_warnings)
    index = s.out_dir / "index.html"
    index.write_text(page, encoding="utf-8")
    headline = hd["headline"]
    return {"html": str(index), "charts": charts, "findings": headline + findings, "headline": headline,
            "question": html.unescape(re.search(r"<h2>(.*?)</h2>", box, re.S).group(1)),
            "answer": [html.unescape(re.sub(r"<[^>]+>", "", p)) for p in re.findall(
                r"<p class='answer'>(.*?)</p>", box, re.S)],
            "focus": [h for h, _ in hd["focus_lines"]],
            "next_steps": [{k: v for k, v in st.items() if k != "text"} for st in steps],
            "status": status, "cells": int(len(s.cells)), "split_axes": s.split, "side_by_side": _jsonable(an.sbs_data)}


def _the(x: str) -> str:
    """A swept axis as a sentence names it: "What the player count changes", not "What players changes"."""
    return "the player count" if x == "players" else x


def _answer_box(question, res, groups, cells, lay, metrics, tables, at_default, label_kinds, choices, strat, rungs,
                margin, detail, pv_html: str = "", sbs_data: list | None = None,
                game_said: list | None = None, focus_resolved: list = (), chart: str = "", expert=()) -> tuple[str, list[dict]]:
    """The box that opens the page (simsuite.report.answer): the page's question, a plain answer, the
    main chart, its table; the statistical sentences (`detail`) folded below. With it, the next steps
    its sentences give (report.next_step: the parameters acting on each problem found and the tune
    over them).

    A focus (the sweep's or --focus) asks the page's question: an asked-for label (a new alien) opens
    the answer, its row marked; a player count (players=5) is answered alone; a swept value is said
    first, its row marked. `expert`: the skill trace's places under expert play open a label answer."""
    groups, cells, tables, strat, at_n = _at_asked_players(focus_resolved, groups, cells, tables, strat)
    game = str(cells["game"].iloc[0]) if "game" in cells and len(cells) else ""
    edges = _turn_edges(game, groups, cells)
    turn = A.turn_sentence(edges) if len(edges) else ""
    skill = A.skill_sentence(strat) if strat else ""
    g = known_game(game)
    steps = []

    def step(problem, **kw) -> str:
        """The next step for a problem found (next_step), kept for --json; its sentence."""
        st = next_step(g, problem, sorted(cells["players"].unique()) if "players" in cells else (),
                       strategies=line_up(g, cells), **kw) if g is not None else None
        if st is None:
            return ""
        steps.append(st)
        return st["text"]

    edge_found = bool(turn) and g is not None and any(w in EDGE_WORDS for w in A.edge_words(edges))

    def turn_step() -> str:
        return step("start player", sets=fixed_sets(g, cells)) if edge_found else ""

    said, table_, lead = [], "", 0
    if rungs:
        q = "How much stronger is each bot?"
        text, table_ = A.ladder_table(groups, cells, lay)
        said, lead = [text, turn, turn_step()], 1
    elif question == "labels":
        kind = label_kinds[0]
        mine = [lab for _, (k, lab) in focus_resolved if k == kind]
        q = (f"Where {'does' if len(mine) == 1 else 'do'} {join(mine)} stand among the {plural(label_name(kind))}?"
             if mine else f"Which {plural(label_name(kind))} are too strong or too weak?")
        text, table_ = A.label_answer(tables, kind, margin, choices, focus=mine)
        label_step = (step("labels", sets=fixed_sets(g, cells), kind=kind, labels=plural(label_name(kind)))
                      if g is not None and A.label_problem(tables, kind, choices) else "")
        # with an asked-for label its place is the answer: the ranking's summary follows the chart
        first = [html.escape(x) for x in expert] if not (mine or at_n) else []  # a ladder's expert-play places
        said, lead = [*first, text, label_step, turn, turn_step(), skill], 0 if mine else len(first) or 2
    elif question == "parameter" and lay["x"]:
        q = f"Which {_the(lay['x'])} is fairest, and what else does it change?"
        said, table_ = _sweep_said(groups, cells, lay, metrics, margin, focus_resolved, g, step, turn, skill)
        lead = 3
    elif question == "parameter":
        q = "What does the player count change?"
        table_ = A.player_table(groups, cells, metrics)
        said, lead = [turn, turn_step(), skill], 2
    elif question == "split":
        q = f"How do the {join([plural(a) for a in lay.get('split', [])]) or 'rules'} compare?"
        rules = [a for a in lay.get("split", []) if a not in choices]
        ed_said, table_, lead = A.split_answer(sbs_data or [], rules)
        said = [*ed_said, turn, turn_step(), skill]
    else:
        # a game's own section answers the sweep's question: its title asks it
        own = re.search(r"<h2 id='[^']+'>(.*?)</h2>", pv_html or "") if question == "game" else None
        q = html.unescape(own.group(1)) if own else "Is the game fair to every seat?"
        table_ = A.player_table(groups, cells, metrics) if question == "single" else ""
        # the game section's own answer first (its headline sentences, in points)
        own_said = [re.sub(r"(\d) pp\b", r"\1 points", x) for x in (game_said or [])] if question == "game" else []
        said = [*own_said, turn, turn_step(), skill]
        lead = len(own_said) if own_said else 2
    mine_said = _focus_said(res, focus_resolved, tables, choices, lay.get("x"))
    said, lead = mine_said + said, lead + len(mine_said)
    if not any(said) and not table_:
        said = ["The statistical answer is below."]
    if at_n:  # one player count asked: the question at it (is it fair there?)
        q = at_n + ("is the game fair to every seat?" if q.startswith("What does the player count") else q[0].lower() + q[1:])
    # the question's own answer (and its next step) opens the box; the chart follows it, then what
    # else the page found (the turn order of an alien ranking, the bots), then the table
    return A.box(q, said[:lead], table_, detail, chart, said[lead:]), steps


def _sweep_said(groups, cells, lay, metrics, margin, focus_resolved, g, step, turn, skill) -> tuple[list, str]:
    """A swept parameter's answer: the recommendation (the asked-for values first), the turn order
    where it is one edge for every value, the next step where no value frees the start player of
    its edge, the bots; and the recommendation's table."""
    x = lay["x"]
    rec = A.sweep_recommendation(groups, cells, lay, metrics, margin)
    asked = [v for _, (k, lab) in focus_resolved if k == "value" for a, v in [lab] if a == x]
    text, table_ = A.sweep_answer(rec, asked) if rec else ("", "")
    # where the values differ in fairness the edge pooled over them says nothing: the table has each
    some_less = rec is not None and len(rec["good"]) < len(rec["axis"])
    # the next step of a sweep: where no value of it is free of the start player's edge, the other
    # parameters that act on it (the swept one's values were all measured)
    sweep_step = ""
    if rec is not None and g is not None and every_value_has_edge(rec, Z95):
        sweep_step = (no_value_fair(rec, _the(x)) + " "
                      + step("start player", exclude=(x,), sets=fixed_sets(g, cells, (x,))))
    return [text, "" if some_less else turn, sweep_step, skill], table_


def _turn_edges(game: str, groups, cells) -> pd.DataFrame:
    """The start player's edge for the answer: never pooled over a split axis (an edition is other
    rules: one edge per player count and value), and a modelling choice (Cosmic's deal model) is no
    rule: the turn order at its default value."""
    at_def = at_choice_defaults(game, cells)
    if not len(groups):
        return pd.DataFrame()
    return A.start_edges(groups[groups["cell"].isin(at_def["cell"])], at_def, ["players"] + split_axes(game, at_def))


def _at_asked_players(focus_resolved, groups, cells, tables, strat):
    """The results at the player count(s) a focus asks for (players=5): the answer's every figure
    from their cells alone, and the words that open its question ("At 5 players, ")."""
    asked = sorted({int(v) for _, (k, lab) in focus_resolved if k == "value" for a, v in [lab] if a == "players"})
    if not asked or "players" not in cells:
        return groups, cells, tables, strat, ""
    cells = cells[cells["players"].isin(asked)]
    groups = groups[groups["cell"].isin(cells["cell"])] if len(groups) else groups
    tables = {k: v for k, v in tables.items() if int(k[1]) in asked}
    strat = {k: v for k, v in strat.items() if int(k[0] if isinstance(k, tuple) else k) in asked}
    return groups, cells, tables, strat, f"At {join([str(n) for n in asked])} players, "


def _focus_said(res, focus_resolved, tables, choices, x) -> list[str]:
    """The answer's opening lines for a focus: where each asked-for label stands (whatever the page's
    question: a strategy in a rule sweep, say), then each seat or swept value in its own words (the
    swept parameter's value is said by the recommendation, the player count asked for is the
    question itself)."""
    labels = [lab for _, (k, lab) in focus_resolved if k not in ("seat", "value")]
    others = [(f, (k, lab)) for f, (k, lab) in focus_resolved
              if k == "seat" or (k == "value" and lab[0] not in ("players", x))]
    return ([A.focus_answer(tables, lab, choices) for lab in labels]
            + ([html.escape(t) for t, _ in seat_and_value_lines(res, others)] if others else []))


def _jsonable(x):
    """numpy scalars and NaN as JSON has them (report --json prints this)."""
    import math

    import numpy as np

    if isinstance(x, dict):
        return {str(k): _jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_jsonable(v) for v in x]
    if isinstance(x, (np.bool_, bool)):
        return bool(x)
    if isinstance(x, (np.integer,)):
        return int(x)
    if isinstance(x, (float, np.floating)):
        return None if not math.isfinite(float(x)) else float(x)
    return x
