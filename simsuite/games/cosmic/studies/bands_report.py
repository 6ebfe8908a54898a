"""The report of an alien-bands plan (bands.py): each alien as a band countered - default - exploited
with 95% intervals, the ranking at each end, and a verdict only where it holds across the band.

Verdicts: at each player count, every alien's win share at each end of its band is tested against
fair (two-sided z-test, Holm over every alien and end together); an alien is **strong** when it is
above fair at all three, **weak** when below at all three, "not distinguishable from fair" when no
end differs. Otherwise its verdict depends on play only when the direct difference test between the
ends (``robustness.label_differs``, Holm) finds its share moving; else the verdicts differ without a
significant difference (one end's test had less power) and the report says so. The widest band is
named only when it is wider than the widest of the player count's bands would be by chance with no
effect of play (``noise_width_z``).
"""
from __future__ import annotations

import html
from pathlib import Path
from statistics import NormalDist
from string import Template

import numpy as np
import pandas as pd

from simsuite.analysis.inference import holm
from simsuite.analysis.robustness import classify_verdicts, label_differs, verdict_sentence
from simsuite.errors import BadInput
from simsuite.resources import TEMPLATE
from simsuite.store import read_json, writable_dir
from simsuite.tune import STARTUP_TRIALS

ENDS = ("countered", "default", "exploited")
ALPHA = 0.05


def band_table(doc: dict) -> pd.DataFrame:
    """One row per (alien, players): the three ends with standard errors and intervals, and how many
    checks each end is the best of (`end_checks`: 1 for an end from its final check; a plan run
    before final checks gives the best of its re-checks: at most `recheck` candidates and the
    defaults)."""
    t = pd.DataFrame(doc["bands"])
    if len(t) and "end_checks" not in t:
        sp = doc.get("spec", {})
        t["end_checks"] = min(int(sp.get("recheck", 1)), int(sp.get("budget", 1))) + 1
    return t


def noise_width_z(n_bands: int, checks: int = 1, alpha: float = ALPHA) -> float:
    """How wide, in standard errors of the difference of its ends, the widest of `n_bands` bands is
    with probability 1 - alpha when play has no effect (every end then estimates the default share).

    checks = 1 (each end one final check): a band's standardised width is N(0, 1) and the bands are
    independent, so the threshold is Sidak's z at (1 - alpha)^(1/n). checks = m > 1 (an end the best
    of m re-checks, as older plans reported): the width is (max of m + max of m) / sqrt 2 in units of
    one check's noise (equal noise at both ends, which gives the largest threshold), its distribution
    from the exact CDF of a maximum, Phi^m, by numerical convolution."""
    n, m = max(int(n_bands), 1), max(int(checks), 1)
    q = (1 - alpha) ** (1 / n)
    nd = NormalDist()
    if m == 1:
        return nd.inv_cdf(q)
    from scipy.stats import norm

    x = np.linspace(-9, 12, 8001)
    dx = x[1] - x[0]
    f_max = m * norm.cdf(x) ** (m - 1) * norm.pdf(x)  # density of the largest of m

    def cdf(t):  # P((M1 + M2) / sqrt 2 <= t)
        return float(np.sum(f_max * norm.cdf(np.sqrt(2) * t - x) ** m) * dx)

    lo, hi = 0.0, 12.0
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if cdf(mid) < q else (lo, mid)
    return (lo + hi) / 2


def _best_of_bias(m: int) -> float:
    """The mean of the largest of m standard normal draws: how far, in standard errors, the best of m
    re-checks sits beyond the truth when nothing differs."""
    from scipy.integrate import quad
    from scipy.stats import norm

    return float(quad(lambda x: x * m * norm.cdf(x) ** (m - 1) * norm.pdf(x), -12, 12)[0])


def widest_band(tt: pd.DataFrame, alpha: float = ALPHA) -> dict:
    """At one player count: the widest band among those wider than the widest of len(tt) bands of
    noise would be (each band's width exploited - countered over its standard error, against
    noise_width_z), or None; and the widest band by estimate with the threshold, for the sentence."""
    m = int(tt["end_checks"].max()) if "end_checks" in tt else 1
    w = tt["exploited"] - tt["countered"]
    se = np.hypot(tt["exploited_se"], tt["countered_se"])
    c = noise_width_z(len(tt), m, alpha)
    wide = tt.assign(w=w, se=se, z=w / se).sort_values("w", ascending=False)
    beyond = wide[wide["z"] > c]
    return dict(named=None if beyond.empty else beyond.iloc[0], widest=wide.iloc[0], z=c, bands=len(tt),
                checks=m)


def band_verdicts(t: pd.DataFrame, alpha: float = ALPHA) -> pd.DataFrame:
    """Per (players, alien): the fair-share verdict at each end, whether the share moves across the
    band (direct test), and the band verdict: strong, weak, not distinguishable from fair, depends on
    play, or unresolved (the verdicts differ without a significant difference)."""
    out = []
    for p, d in t.groupby("players", sort=True):
        d = d.set_index("alien")
        fair = d["fair"]
        z = pd.concat({e: (d[e] - fair) / d[f"{e}_se"] for e in ENDS}, axis=1)
        pv = 2 * (1 - z.abs().apply(lambda c: c.map(NormalDist().cdf)))
        ph = pd.DataFrame(holm(pv.to_numpy().ravel()).reshape(pv.shape), index=pv.index, columns=pv.columns)
        v = pd.DataFrame(np.where(ph < alpha, np.where(z > 0, "above fair", "below fair"), "fair"),
                         index=pv.index, columns=list(ENDS))
        differs = label_differs(d[list(ENDS)], d[[f"{e}_se" for e in ENDS]].set_axis(list(ENDS), axis=1), alpha)
        kind = classify_verdicts(v, differs)
        for a in d.index:
            row = v.loc[a]
            if kind[a] == "same":
                band = {"above fair": "strong", "below fair": "weak"}.get(row.iloc[0], "not distinguishable from fair")
            else:
                band = "depends on play" if kind[a] == "depends" else "unresolved"
            out.append(dict(players=p, alien=a, **{f"verdict_{e}": row[e] for e in ENDS},
                            moves=bool(differs[a]), band=band))
    return pd.DataFrame(out)


def rankings(t: pd.DataFrame) -> dict:
    """Per player count: the aliens in order of win share at each end (best first)."""
    return {int(p): {e: list(d.sort_values(e, ascending=False)["alien"]) for e in ENDS}
            for p, d in t.groupby("players")}


def sentences(t: pd.DataFrame) -> list[str]:
    """The verdict sentence per player count (robustness.verdict_sentence over the three ends)."""
    v = band_verdicts(t)
    out = []
    for p, d in v.groupby("players", sort=True):
        d = d.set_index("alien")
        verd = d[[f"verdict_{e}" for e in ENDS]].set_axis([f"the {e} end" if e != "default" else "the defaults"
                                                            for e in ENDS], axis=1)
        out.append(verdict_sentence(verd, d["moves"], "aliens", int(p), axis="end of the band",
                                    axes="ends of the band"))
    return out


def headline(t: pd.DataFrame) -> str:
    """The answer first: which aliens are strong or weak across their band, and whose verdict
    depends on play, per player count."""
    if t.empty:
        return "No band was run."
    v = band_verdicts(t)
    parts = []
    for p, d in v.groupby("players", sort=True):
        say = []
        for b in ("strong", "weak"):
            names = list(d.loc[d["band"] == b, "alien"])
            if names:
                say.append(f"{b} across the band: {', '.join(names)}")
        dep = list(d.loc[d["band"] == "depends on play", "alien"])
        if dep:
            say.append(f"verdict depends on play: {', '.join(dep)}")
        rest = int(d["band"].isin(("not distinguishable from fair", "unresolved")).sum())
        if rest:
            say.append(f"{rest} not distinguishable from fair or unresolved")
        # the widest of many bands is wide by chance alone: a band is named only when it is wider than
        # the widest of this many bands of noise would be (95%), and the ends are final checks, not the
        # best of several, so that with no effect of play this is said in 5% of plans at most
        wb = widest_band(t[t["players"] == p])
        noise = f"what chance gives the widest of {wb['bands']} bands"
        if wb["named"] is not None:
            x = wb["named"]
            ends = (f"{100 * x['countered']:.1f}% countered, {100 * x['default']:.1f}% with the defaults, "
                    f"{100 * x['exploited']:.1f}% exploited")
            say.append(f"widest band {x['alien']} ({ends}), beyond {noise} (95%)")
        else:
            x = wb["widest"]
            ends = (f"{100 * x['countered']:.1f}% countered, {100 * x['default']:.1f}% with the defaults, "
                    f"{100 * x['exploited']:.1f}% exploited")
            say.append(f"no band is wider than its noise (the widest, {x['alien']}: {ends}, is within {noise} when "
                       f"play has no effect, {wb['z']:.2f} standard errors at 95%): the tuned weights moved no alien "
                       "measurably")
        parts.append(f"At {p} players: " + "; ".join(say))
    return ". ".join(parts) + "."


def plain_answer(t: pd.DataFrame) -> list[str]:
    """The answer in a designer's words (HTML), one line per player count: the aliens too strong or
    too weak at every end of their band, those whose verdict depends on play, how many the games
    cannot settle, and the widest band where it is wider than chance makes one."""
    if t.empty:
        return ["No band was run."]
    v = band_verdicts(t)
    out = []
    for p, d in v.groupby("players", sort=True):
        say = []
        for band, word in (("strong", "too strong however they are played"),
                           ("weak", "too weak however they are played"), ("depends on play", "depends on play")):
            names = list(d.loc[d["band"] == band, "alien"])
            if names:
                say.append(f"<b>{word}</b>: {_esc(', '.join(names))}")
        rest = int(d["band"].isin(("not distinguishable from fair", "unresolved")).sum())
        if rest:
            say.append(f"{rest} alien{'s' if rest != 1 else ''} these games cannot settle (can't tell yet)")
        wb = widest_band(t[t["players"] == p])
        if wb["named"] is not None:
            x = wb["named"]
            say.append(f"play moves {_esc(x['alien'])} the most ({100 * x['countered']:.1f}% countered, "
                       f"{100 * x['exploited']:.1f}% exploited)")
        else:
            say.append("no alien's band is wider than chance makes one")
        out.append(f"At {p} players: " + "; ".join(say) + ".")
    return out


def _chart(t: pd.DataFrame, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ps = sorted(t["players"].unique())
    n = len(t["alien"].unique())
    fig, axes = plt.subplots(1, len(ps), figsize=(5.5 * len(ps), 0.35 * n + 1.6), squeeze=False)
    for ax, p in zip(axes[0], ps):
        d = t[t["players"] == p].sort_values("default")
        y = np.arange(len(d))
        ax.hlines(y, d["countered"] * 100, d["exploited"] * 100, color="#9bb7d4", lw=6, label="band (ends' estimates)")
        for e, c, m in (("countered", "#c33", "<"), ("default", "#222", "o"), ("exploited", "#2a7", ">")):
            ax.errorbar(d[e] * 100, y, xerr=[(d[e] - d[f"{e}_lo"]) * 100, (d[f"{e}_hi"] - d[e]) * 100], fmt=m,
                        color=c, ms=5, capsize=2, lw=1, label=f"{e} (95%)")
        ax.axvline(100 / p, color="#888", ls="--", lw=1, label="fair")
        ax.set_yticks(y, d["alien"])
        ax.set_xlabel("win share of the alien's holder (%)")
        ax.set_title(f"{p} players")
    handles, labels = axes[0][0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncols=len(labels), fontsize=11, frameon=False)
    fig.tight_layout(rect=(0, 0.05, 1, 1))
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _esc(x) -> str:
    return html.escape(str(x))


def make_plan_report(src: Path, out_dir: Path | None = None) -> dict:
    """Write index.html, bands.png and the tables for a bands plan directory."""
    src = Path(src)
    doc = read_json(src / "plan.json", "results", ("kind", "plan", "bands", "spec"))
    if doc.get("plan") != "bands":
        raise BadInput("results", f"{src / 'plan.json'} is not an alien-bands plan")
    out_dir = Path(out_dir) if out_dir is not None else Path.cwd() / "reports" / src.resolve().name
    writable_dir(out_dir, "--out")
    t = band_table(doc)
    v = band_verdicts(t)
    head = headline(t)
    _chart(t, out_dir / "bands.png")
    t.drop(columns=[c for c in t.columns if c.endswith("_weights")]).to_csv(out_dir / "bands.csv", index=False)
    v.to_csv(out_dir / "verdicts.csv", index=False)
    sp = doc["spec"]
    secs = sum(r["seconds"] for r in doc.get("runs", []))
    # a plan run before the start-up share depended on the budget began every tune with STARTUP_TRIALS
    startup = int(doc.get("startup_trials") or min(int(sp["budget"]), STARTUP_TRIALS))
    start_text = (f"the first {startup} of them random start-up trials before the sampler models the history"
                  if startup < int(sp["budget"]) else
                  "every one of them a random start-up trial (the sampler guided none), so each end is a random "
                  "draw of the weights (or the defaults), not a search")
    # a plan run before alien_dealt dealt each alien from the whole pool: at the table in P/20 of its games
    dealt_text = ("the alien dealt in every game, at a random seat" if sp.get("alien_dealt") else
                  "aliens dealt from the whole pool, so the alien sat at the table in only about P/20 of them at "
                  "P players")
    m = int(t["end_checks"].max()) if len(t) else 1
    end_text = ("Each end is the final check of its chosen weights: played once more on fresh seeds after the "
                "choice, so that with no effect of play it estimates the default share without bias (it is not "
                "the best of several noisy values)." if m == 1 else
                f"This plan was run before final checks: each end is the best of up to {m} re-checks (the "
                "candidates and the defaults), so with no effect of play the exploited end sits about "
                f"{_best_of_bias(m):.2f} standard errors above the default share and the countered end as far "
                "below. The widest-band sentence allows for that; the verdicts do not (a band looks wider than "
                "it is, so \"depends on play\" is said too readily). A run of the plan with the current code "
                "plays the final checks (its tune directories resume: only the final checks are new).")

    def pct(r, e, vb):
        # an end whose own interval misses fair while its corrected verdict does not is marked, so the
        # interval and the verdict beside it do not read as a contradiction
        off = (r[e + "_hi"] < r["fair"] or r[e + "_lo"] > r["fair"]) and vb[f"verdict_{e}"] == "fair"
        return (f"{100 * r[e]:.1f}% <span class='nw'>({100 * r[e + '_lo']:.1f}–{100 * r[e + '_hi']:.1f})"
                + ("&nbsp;†" if off else "") + "</span>")

    rows, n_tests = [], {p: 3 * len(d) for p, d in t.groupby("players")}
    for _, r in t.sort_values(["players", "default"], ascending=[True, False]).iterrows():
        vb = v[(v["players"] == r["players"]) & (v["alien"] == r["alien"])].iloc[0]
        rows.append(f"<tr><td>{r['players']}</td><td>{_esc(r['alien'])}</td><td>{pct(r, 'countered', vb)}</td>"
                    f"<td>{pct(r, 'default', vb)}</td><td>{pct(r, 'exploited', vb)}</td><td>{_esc(vb['band'])}</td></tr>")
    dagger = ("<p class='muted'>Intervals are 95% for one end on its own. The verdicts allow for every alien and end "
              "checked at once (" + ", ".join(f"{n} checks at {p} players" for p, n in sorted(n_tests.items()))
              + "), so they need more than an interval that misses fair: † marks an end whose own interval misses "
              "fair but whose corrected check does not.</p>")
    rank_html = []
    for p, rk in rankings(t).items():
        rank_html.append(f"<h3>{p} players</h3><table><tr><th>rank</th>" + "".join(f"<th>{e}</th>" for e in ENDS)
                         + "</tr>" + "".join(f"<tr><td>{i + 1}</td>" + "".join(f"<td>{_esc(rk[e][i])}</td>" for e in ENDS)
                                             + "</tr>" for i in range(len(rk["default"]))) + "</table>")
    wrows = []
    for _, r in t.iterrows():
        for side in ("exploited", "countered"):
            w = r[f"{side}_weights"]
            if r[f"{side}_is_default"]:
                txt = "the defaults (no candidate beat them on the re-check)"
            else:
                txt = ", ".join(f"{k.replace('basic_holder_', '').replace('basic_', '')} = {x:g}"
                                for k, x in w.items() if abs(float(x) - doc["weights"][k.replace('basic_holder_', '').replace('basic_', '')]["default"]) > 1e-12)
            wrows.append(f"<tr><td>{r['players']}</td><td>{_esc(r['alien'])}</td><td>{side}</td><td>{_esc(txt or 'the defaults')}</td></tr>")
    wdoc = "".join(f"<li><b>{_esc(n)}</b> (default {w['default']:g}, searched {w['lo']:g}..{w['hi']:g}): {_esc(w['doc'])}</li>"
                   for n, w in doc["weights"].items() if n in sp["weights"])
    method = """<p>At each player count every alien's share at each
end is tested against fair (two-sided z-test, Holm-corrected over every alien and end together). An alien
is strong (weak) only when it is above (below) fair at all three ends. Where the ends disagree, the verdict
depends on play only when the direct difference test between the ends (Holm over every alien and pair of
ends) finds the share moving; otherwise the ends' verdicts differ without a significant difference and the
alien is listed as unresolved. "Not distinguishable from fair" means the tests found nothing at the
budget's precision, not that the alien is fair. A band is named the widest only when its width (exploited minus
countered, over the standard error of that difference) is beyond what the widest of the player count's bands
reaches by chance when play has no effect (Šidák over the bands, 95%): with no effect of play at all, some
band is named in at most 5% of plans.</p>"""
    run = f"""<p>Budget: {sp['budget']} trials of {sp['games']:,} games per end, alien and
player count ({_esc(dealt_text)}), {_esc(start_text)}; the best {sp['recheck']} candidate(s) and the defaults re-checked on fresh seeds
with {sp['recheck_factor']:g}× the games to choose each end's weights; {doc['games']:,} games in all,
{secs / 60:.0f} minutes of wall time. With a short search an end is a lower bound on how far play can move the alien
(a longer search may find more), and each end's interval is about
±{100 * 1.96 * float(t[['countered_se', 'exploited_se']].to_numpy().mean()):.1f} pp.
{_esc(end_text)} The default point pools both tunes' checks of the defaults, so an end a little on the wrong
side of it is noise, not play.</p>"""
    box = (f"<div class='headline' id='headline'><h2>Which aliens are too strong or too weak, however they are "
           f"played?</h2><div class='plain' id='plain-answer'>{''.join(f'<p class=answer>{x}</p>' for x in plain_answer(t))}"
           "<figure class='main' id='main-chart'><figcaption>Each alien as a band: its holder's win share when its "
           "opponents are tuned against it (countered), with the default bots, and when its holder is tuned for it "
           "(exploited), with 95% intervals</figcaption><img src='bands.png' alt='each alien as a band, countered "
           "to exploited'></figure>"
           "<div class='scroll' id='band-table'><table class='data answer'><thead><tr><th>players</th><th>alien</th>"
           "<th>countered</th><th>default</th><th>exploited</th><th>verdict across the band</th></tr></thead><tbody>"
           f"{''.join(rows)}</tbody></table></div>{dagger}</div>"
           "<details class='detail'><summary>The statistics behind this answer</summary>"
           f"<p>{_esc(head)}</p>{''.join('<p>' + _esc(x) + '</p>' for x in sentences(t))}{run}</details></div>")
    sections = [("band-rankings", "Rankings at each end", "".join(rank_html)),
                ("band-weights", "The weights each end found",
                 "<details><summary>Per alien and end: the weights that differ from the defaults</summary>"
                 "<div class='scroll'><table class='data'><tr><th>players</th><th>alien</th><th>end</th>"
                 f"<th>weights that differ from the defaults</th></tr>{''.join(wrows)}</table></div>"
                 "<p>The weights (basic's judgement calls; parameters basic_NAME for every seat, basic_holder_NAME "
                 f"for the alien's holder):</p><ul>{wdoc}</ul></details>"),
                ("band-method", "How the verdicts are made", f"<details><summary>The tests</summary>{method}</details>")]
    repro = (f"<ul><li>Plan {_esc(doc['name'])}: aliens {_esc(', '.join(sp['aliens']))}; players "
             f"{_esc(', '.join(map(str, sp['players'])))}; searched weights {_esc(', '.join(sp['weights']))}; fixed "
             f"{_esc(', '.join(f'{k}={x}' for k, x in sp['base'].items()))}; Optuna {_esc(sp['sampler'].upper())}, "
             f"seed {sp['seed']}.</li><li>Every end is a tune directory under <code>{_esc(src)}</code> "
             "(ALIEN/Np/exploited, countered) with its trials, re-checks and study; its own report: "
             "<code>simsuite report DIR</code>.</li></ul>")
    findings = [head, *sentences(t)]
    # the same page as every report: the package's report template, its sections filled by this plan
    body = Template(TEMPLATE.read_text(encoding="utf-8")).substitute(
        title=_esc(f"Alien bands: {doc['name']}"), status="",
        toc=" ".join(f"<a href='#{a}'>{_esc(b)}</a>" for a, b in
                     [("main-chart", "The bands"), ("band-table", "Bands per alien"),
                      *[(a, b) for a, b, _ in sections], ("findings", "All findings"),
                      ("reproducibility", "What was run")]),
        headline=box, main="", warnings="",
        sections="".join(f"<h2 id='{a}'>{_esc(b)}</h2>{h}" for a, b, h in sections),
        n_findings=str(len(findings)),
        findings="<ul class='findings'>" + "".join(f"<li>{_esc(x)}</li>" for x in findings) + "</ul>",
        reproducibility=repro, footer="Generated by simsuite tune (alien bands).")
    (out_dir / "index.html").write_text(body, encoding="utf-8")
    return dict(html=str(out_dir / "index.html"), headline=head, charts=[str(out_dir / "bands.png")],
                bands=len(t))
