"""Cosmic Encounter's own report section: what each alien power is worth (power_value.py beside it),
for a sweep of one alien per table. The generic report (simsuite.report) calls it through
Game.report_sections and hands it what it draws with (base.ReportKit): this module imports no
part of the report."""
from __future__ import annotations

import html
from pathlib import Path

import numpy as np
import pandas as pd

from simsuite import __version__
from simsuite.analysis.inference import holm
from simsuite.games.base import ReportKit
from simsuite.games.cosmic.bots.basic.naive import naive_controls
from simsuite.games.cosmic.studies import power_value as pv


def chart_power_value(t: pd.DataFrame, players: int, path: Path, kit: ReportKit) -> bool:
    """Each alien's power value (win share with the power minus face down) with its 95% interval,
    largest on top; green where it helps, red where it hurts (Holm), grey where not measurable."""
    import matplotlib.pyplot as plt

    d = t[t["players"] == players].sort_values("power_value")
    if d.empty:
        return False
    y = np.arange(len(d))
    fig, ax = plt.subplots(figsize=(6.2, 0.24 * len(d) + 1.3))
    colors = ["#2a7" if v == "helps" else ("#c33" if v == "hurts" else "#888") for v in d["verdict"]]
    x = d["power_value"].to_numpy() * 100
    kit.hbars(ax, x, y, x - d["power_value_lo"].to_numpy() * 100, d["power_value_hi"].to_numpy() * 100 - x, colors)
    ax.axvline(0, color="k", lw=0.8)
    ax.set_yticks(y, d["alien"])
    ax.set_xlabel("win share with the power − face down (pp, 95% CI)", fontsize=9)
    ax.set_title(f"Power value alone among powerless basic players, {players} players", fontsize=10)
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def play_sentences(t: pd.DataFrame, s: pd.DataFrame) -> list[str]:
    """Where a power's value is in the opponents' play rather than in its use, from the power-value
    table `t` and the per-strategy shares `s` (power_value.shares): a power whose holder wins clearly
    more never using it than face down (power_never above nopower, two-sided, Holm over every alien
    and player count) owes that part to the threat alone, the opponents' answer to a power that may
    be used; a power that costs its holder (verdict "hurts") is blamed on the opponents' play against
    it only when never using it is significantly worse than face down as well."""
    from scipy.stats import norm

    if t.empty or s.empty:
        return []
    by = {(r.alien, int(r.players), r.strategy): r for r in s.itertuples()}
    rows, p = [], []
    for r in t.itertuples():
        nv, off = by.get((r.alien, int(r.players), "power_never")), by.get((r.alien, int(r.players), pv.OFF))
        if nv is None or off is None:
            continue
        z = (nv.share - off.share) / max(float(np.hypot(nv.se, off.se)), 1e-12)
        rows.append((r, nv, z))
        p.append(2 * norm.sf(abs(z)))
    sig = holm(p) <= 0.05 if p else []
    never = {(r.alien, int(r.players)): (nv, z, bool(k)) for (r, nv, z), k in zip(rows, sig)}
    out = []
    for r in t.sort_values(["players", "alien"]).itertuples():
        key = (r.alien, int(r.players))
        nv, z, k = never.get(key, (None, 0.0, False))
        pct = lambda x: f"{100 * x:.1f}%"
        if nv is not None and k and z > 0 and r.power_value > 0 and nv.share - r.share_nopower >= 0.5 * r.power_value:
            out.append(f"At {r.players} players the {r.alien}'s value comes largely from the threat of its power: "
                       f"never using it, its holder still wins {pct(nv.share)} of the win share against "
                       f"{pct(r.share_nopower)} face down ({pct(r.share_power)} using it as basic does), so most of "
                       f"the gain is the opponents' answer to a power that may be used, not its use.")
        if r.verdict == "hurts":
            txt = (f"At {r.players} players the {r.alien} does worse with its power than face down "
                   f"({pct(r.share_power)} against {pct(r.share_nopower)})")
            if nv is not None and k and z < 0:
                txt += (f"; never using it does no better ({pct(nv.share)}), so the loss comes from how the "
                        f"opponents play against the visible power, not from its use")
            else:
                txt += "; this is the power as the bots play it and against it, not the power alone"
            out.append(txt + ".")
    return out


def power_value_section(res: dict, out_dir: Path, kit: ReportKit) -> tuple[str, list[str], list[tuple[str, str]]]:
    """The power-value check (power_value.py beside it) for a sweep of one alien per table: HTML,
    chart paths and the headline sentences (with their anchor)."""
    cells, groups = res["cells"], res["groups"]
    if not len(groups) or not pv.is_power_value_sweep(cells):
        return "", [], []
    t = pv.table(cells, groups)
    if t.empty:
        return "", [], []
    # which of the alien's decisions the naive policies answer by their rule (every use of the
    # power, also one that comes through another decision: the Parasite's uninvited join)
    t["naive_controls"] = ["; ".join(naive_controls(a)) if o else "" for a, o in zip(t["alien"], t["optional"])]
    t.assign(seed=";".join(sorted({str(x) for x in cells["seed"]})), simsuite_version=__version__).to_csv(
        out_dir / "power_value.csv", index=False)
    charts, figs = [], []
    for n in sorted(t["players"].unique()):
        path = out_dir / f"power_value_{n}p.png"
        if chart_power_value(t, int(n), path, kit):
            charts.append(str(path))
            figs.append(f"<figure style='flex: 1 1 0; min-width: 380px; margin: 0.4rem 0'>"
                        f"<img src='{path.name}' alt='power value, {n} players'></figure>")
    # the table in the charts' order: by player count, largest power value first
    t = t.sort_values(["players", "power_value"], ascending=[True, False], ignore_index=True)
    show = pd.DataFrame({
        "alien": t["alien"], "players": t["players"],
        "with power (basic)": [kit.pct_ci(a, b, c) for a, b, c in zip(t["share_power"], t["share_power_lo"],
                                                                   t["share_power_hi"])],
        "face down (nopower)": [kit.pct_ci(a, b, c) for a, b, c in zip(t["share_nopower"], t["share_nopower_lo"],
                                                                    t["share_nopower_hi"])],
        "power value, pp (95% CI)": [f"{a * 100:+.1f} ({b * 100:+.1f}, {c * 100:+.1f})" for a, b, c in
                                     zip(t["power_value"], t["power_value_lo"], t["power_value_hi"])],
        "verdict": t["verdict"],
        "basic − best naive, pp": [f"{v * 100:+.1f} vs {str(b).replace('power_', '')}" if isinstance(b, str) else
                                   "mandatory" for v, b in zip(t.get("basic_minus_best", [np.nan] * len(t)),
                                                               t.get("best_naive", [None] * len(t)))],
        "note": t["note"],
        "decisions the naive policies control": t["naive_controls"]})
    heads = [(h, "power-value") for h in pv.headline(t)]
    play = play_sentences(t, pv.shares(cells, groups))
    html_ = ("<h2 id='power-value'>What each power is worth, and whether basic uses it</h2>"
             "<div id='main-chart' style='display: flex; flex-wrap: wrap; gap: 0.8rem'>" + "".join(figs) + "</div>"
             "<p class='note'>Each cell puts one alien at a table of powerless players (the alien moves round "
             "the seats). <b>Power value</b> is the alien's win share with its power used by <code>basic</code> "
             "minus its share with the same alien face down (<code>nopower</code>): independent cells, a "
             "Wald 95% interval, verdicts Holm-corrected over every alien and player count. For optional powers "
             "<code>basic</code> is compared with three naive policies (always, never, at random: "
             "<code>power_always</code>, <code>power_never</code>, <code>power_random</code>), each on its own "
             "(one-sided, Holm); the table shows the best of them. These figures measure the power <i>as the "
             "bot plays it</i>: a power that shows no benefit is weak under these rules, or the bot cannot use "
             "it yet, and the note says which the naive policies point to.</p>"
             + "".join(f"<p>{html.escape(x)}</p>" for x in play)
             + "<details><summary>Every alien and player count as a table (sorted like the charts)</summary>"
             + "<div class='scroll'>" + kit.table(show).replace('class="dataframe data"', 'class="dataframe data fit"')
             + "</div></details>"
             + "<p class='muted'>Table as CSV: <a href='power_value.csv'>power_value.csv</a></p>")
    return html_, charts, heads
