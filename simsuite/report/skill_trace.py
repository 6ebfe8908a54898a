"""The skill trace of a label ranking: each label's win share along a ladder of ever-stronger
players (a sweep's `ladder`, weakest first, every seat of a cell playing one rung), whether it rises
or falls with skill, and its share and place under expert play where the two top rungs agree
(simsuite.analysis.skill_trace has the tests and their error rates)."""
from __future__ import annotations

import html
from pathlib import Path

import numpy as np
import pandas as pd

from ..analysis.inference import MARGIN
from ..analysis.skill_trace import expert_places, top_verdict, trend
from .common import join, label_name, players_at, ranking_fair, split_suffix, table
from .rankings import place_span

ALPHA = 0.05
# a settled label's line: any colour but rising's (C3), falling's (C0) and not-yet-settled's grey (C7)
SETTLED = ("C1", "C2", "C4", "C5", "C6", "C8", "C9")


def trace_table(ranks: dict[str, pd.DataFrame], kind: str, margin: float = MARGIN) -> pd.DataFrame:
    """One row per label every rung ranks (in the top rung's order of win share): share_<rung> and
    se_<rung> for each rung, the trend over the rungs, the top two rungs' verdict and last step, the
    expert-play share with its standard error and its place (rank interval)."""
    rungs = list(ranks)
    top = ranks[rungs[-1]].sort_values("win_share", ascending=False)
    labels = [str(x) for x in top[kind] if all(str(x) in set(r[kind].astype(str)) for r in ranks.values())]
    by = {x: r.assign(**{kind: r[kind].astype(str)}).set_index(kind).loc[labels] for x, r in ranks.items()}
    s = np.column_stack([by[x]["win_share"].to_numpy(float) for x in rungs])
    e = np.column_stack([by[x]["share_se"].to_numpy(float) for x in rungs])
    t = pd.DataFrame({kind: labels})
    for i, x in enumerate(rungs):
        t[f"share_{x}"], t[f"se_{x}"] = s[:, i], e[:, i]
    tr = trend(s, e, ALPHA)
    tv = top_verdict(s, e, margin, ALPHA)
    pl = expert_places(tv)
    t["trend"], t["trend_slope"], t["trend_p_holm"] = tr["direction"], tr["slope"], tr["p_holm"]
    t["top"] = tv["verdict"]
    t["last_step"], t["last_step_se"] = tv["step"], tv["step_se"]
    t["expert_share"], t["expert_se"] = tv["expert"], tv["expert_se"]
    t["expert_rank_low"], t["expert_rank_high"] = pl["rank_low"], pl["rank_high"]
    t.attrs.update(rungs=rungs, margin=margin)
    return t


def _pts(x: float) -> str:
    return f"{100 * x:+.1f} points"


def expert_sentence(t: pd.DataFrame, kind: str, players: int, where: str = "") -> str:
    """The answer in plain words, short enough to open a page: the places under expert play where
    the ladder has settled, the labels still moving at the top rung with the size of the last step,
    and those the games cannot yet tell."""
    rungs, name = t.attrs["rungs"], label_name(kind)
    a, b = rungs[-2], rungs[-1]
    settled = t[t["top"] == "settled"]
    moving = t[t["top"].isin(["rising", "falling"])]
    open_ = t[t["top"] == "unsettled"]
    parts = []
    if len(settled):
        parts.append(", ".join(f"{x} {place_span(lo, hi)} ({100 * s:.1f}%)" for x, lo, hi, s in
                               settled[[kind, "expert_rank_low", "expert_rank_high", "expert_share"]].itertuples(
                                   index=False)))
    if len(moving):
        parts.append(f"still moving from {a} to {b}: "
                     + ", ".join(f"{x} {v} ({_pts(d)})" for x, v, d in
                                 moving[[kind, "top", "last_step"]].itertuples(index=False)))
    if len(open_):
        parts.append(f"not yet settled (more games at the top two rungs would tell): {join(list(open_[kind]))}")
    lead = (f"{name.capitalize()}s under expert play, {players_at(players, where)} ({len(settled)} of {len(t)} "
            f"settled: {a} and {b}, the ladder's top two rungs, agree within ±{100 * t.attrs['margin']:.0f} points)")
    return lead + ": " + "; ".join(parts) + "."


def trend_sentence(t: pd.DataFrame, kind: str) -> str:
    up, down = list(t.loc[t["trend"] == "rises", kind]), list(t.loc[t["trend"] == "falls", kind])
    rungs = t.attrs["rungs"]
    bits = ([f"rise with skill: {join(up)}"] if up else []) + ([f"fall with skill: {join(down)}"] if down else [])
    if not bits:
        return (f"No {label_name(kind)}'s share rises or falls steadily with skill from {rungs[0]} to {rungs[-1]} "
                f"(slope test over the rungs, Holm over the {len(t)} {label_name(kind)}s, 5%); a change that "
                "goes up and back down can show no slope.")
    return (f"From {rungs[0]} to {rungs[-1]}, " + "; ".join(bits)
            + f" (slope of the share over the rungs, Holm over the {len(t)} {label_name(kind)}s, family-wise 5%).")


def chart_skill_trace(t: pd.DataFrame, kind: str, players: int, path: Path, where: str = "") -> bool:
    """Rung on the x axis (weakest first), one line per label with its share at each rung, the fair
    share marked, each line named at its right end."""
    rungs = t.attrs["rungs"]
    if len(t) < 1 or len(rungs) < 2:
        return False
    from matplotlib.figure import Figure

    fig = Figure(figsize=(7.6, max(4.2, 0.26 * len(t) + 1.6)))
    ax = fig.subplots()
    x = np.arange(len(rungs))
    ends = []
    for i, row in enumerate(t.itertuples(index=False)):
        y = [getattr(row, f"share_{r}") for r in rungs]
        colour = "C3" if row.top == "rising" else "C0" if row.top == "falling" else SETTLED[i % len(SETTLED)] \
            if row.top == "settled" else "0.55"
        ax.plot(x, y, marker="o", ms=3, lw=1.2, color=colour, alpha=0.9)
        ends.append((y[-1], getattr(row, kind), colour))
    # the names at the right end, pushed apart so that no two overlap: each run of names that touch
    # is centred on the line ends it names, and a thin leader ties a name to its line's end
    lo, hi = ax.get_ylim()
    gap = (hi - lo) * 0.03
    ends.sort()
    want = [y for y, _, _ in ends]
    placed = list(want)
    for _ in range(50):
        groups, start = [], 0
        for i in range(1, len(placed) + 1):
            if i == len(placed) or placed[i] - placed[i - 1] > gap + 1e-12:
                groups.append((start, i))
                start = i
        for a, b in groups:  # a touching run: evenly spaced, centred on the ends it names
            mid = sum(want[a:b]) / (b - a)
            for k in range(a, b):
                placed[k] = mid + (k - a - (b - a - 1) / 2) * gap
        if all(placed[i] - placed[i - 1] >= gap - 1e-12 for i in range(1, len(placed))):
            break
        for i in range(1, len(placed)):  # runs that now overlap merge on the next pass
            placed[i] = max(placed[i], placed[i - 1] + gap)
    for (y, name, colour), yy in zip(ends, placed):
        ax.annotate(name, (x[-1], y), xytext=(x[-1] + 0.12, yy), textcoords="data", va="center", fontsize=7,
                    color=colour, arrowprops=dict(arrowstyle="-", lw=0.4, color=colour, shrinkA=0, shrinkB=2))
    fair = 1 / players
    ax.axhline(fair, color="k", ls="--", lw=1, label=f"fair share 1/{players}")
    ax.set_xticks(x, rungs, fontsize=8)
    ax.set_xlim(-0.2, len(rungs) - 0.3)
    ax.set_xlabel("rung of the ladder (weakest first; each measured stronger than the one before, head to head)")
    ax.set_ylabel("win share")
    ax.yaxis.set_major_formatter(lambda v, _: f"{100 * v:.0f}%")
    ax.plot([], [], color="C3", label="still rising at the top rung")
    ax.plot([], [], color="C0", label="still falling at the top rung")
    ax.plot([], [], color="0.55", label="not yet settled")
    ax.plot([], [], color="C2", label="settled (a colour each)")
    ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.13), ncols=3, frameon=False)
    ax.grid(alpha=0.3)
    ax.set_title(f"{label_name(kind).capitalize()} win share along the ladder, {players_at(players, where)}",
                 fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    return True


def _display(t: pd.DataFrame, kind: str) -> pd.DataFrame:
    rungs = t.attrs["rungs"]
    out = pd.DataFrame({label_name(kind): t[kind]})
    for r in rungs:
        out[r] = [f"{100 * v:.1f}%" for v in t[f"share_{r}"]]
    out["with skill"] = t["trend"].replace({"no trend found": "–"})
    out[f"{rungs[-2]} → {rungs[-1]}"] = [f"{100 * d:+.1f} ± {196 * e:.1f}" for d, e in
                                        zip(t["last_step"], t["last_step_se"])]
    out["at the top"] = t["top"]
    out["expert-play share (95%)"] = [f"{100 * s:.1f}% ± {196 * e:.1f}" if v == "settled" else "–"
                                      for s, e, v in zip(t["expert_share"], t["expert_se"], t["top"])]
    out["expert-play place"] = [place_span(lo, hi) if v == "settled" else "–" for lo, hi, v in
                                zip(t["expert_rank_low"], t["expert_rank_high"], t["top"])]
    return out


def skill_trace_section(ranks: dict[str, pd.DataFrame], kind: str, players: int, out_dir: Path, provenance: dict, margin: float = MARGIN, where: str = "",
                        tag: str = "") -> tuple[str, list[str], list[str], list[str]]:
    """The section (HTML), its chart paths, its findings and its headline sentence. `ranks`: rung ->
    ranking, weakest first; `provenance`: columns every CSV row carries (cells, seed, version)."""
    t = trace_table(ranks, kind, margin)
    if len(t) < 2:
        return "", [], [], []
    esc = html.escape
    sfx = split_suffix(tag)
    csv = f"skill_trace_{kind}_{players}p{sfx}.csv"
    t.assign(**provenance).to_csv(out_dir / csv, index=False)
    fname = f"skill_trace_{kind}_{players}p{sfx}.png"
    charts = [str(out_dir / fname)] if chart_skill_trace(t, kind, players, out_dir / fname, where) else []
    answer, steady = expert_sentence(t, kind, players, where), trend_sentence(t, kind)
    rungs = t.attrs["rungs"]
    fair = ranking_fair(next(iter(ranks.values())), players)
    note = (f"Every seat of a cell plays one rung; the rungs, weakest first: {join(rungs)} (the sweep's ladder; "
            f"each is measured stronger than the one before on the ladder page). \"Settled\": the top two rungs' "
            f"shares agree within ±{100 * margin:.0f} points by two one-sided tests at 5% (a label whose top two "
            f"truly differ by the margin or more is called settled at most 5% of the time); its expert-play "
            f"share is the two rungs' inverse-variance mean, its place a rank interval among every label's "
            f"top share (settled or not). \"Rising\" / \"falling\": the top two differ (two-sided test, Holm "
            f"over the labels, family-wise 5%), the last step shown. Fair share {100 * fair:.1f}%. These are "
            f"the shares of these bots: a stronger rung may move them again, which is what \"settled\" "
            f"tests between the two strongest measured.")
    title = f"Skill trace: the {label_name(kind)} win shares along the ladder, {players_at(players, where)}"
    body = (f"<h3 id='skill-trace-{kind}-{players}p{sfx}'>{esc(title)}</h3>"
            f"<p>{esc(answer)}</p><p>{esc(steady)}</p>"
            + (f"<figure><figcaption>{esc(title)}</figcaption><img src='{fname}' alt='{esc(title)}'></figure>"
               if charts else "")
            + f"<p class='muted'>{esc(note)} <a href='{csv}'>All columns as CSV</a>.</p>"
            + f"<div class='scroll'>{table(_display(t, kind))}</div>")
    return body, charts, [answer, steady], [answer]
