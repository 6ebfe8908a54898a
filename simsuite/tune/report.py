"""The report of a tune directory (simsuite tune): best values against the defaults with their
intervals, the optimisation history, the objective against each parameter, importances and a
plain-language headline. `simsuite report DIR` comes here when DIR holds tune.json.
"""
from __future__ import annotations

import html
import math
import re
from pathlib import Path

import numpy as np
import pandas as pd

from ..errors import BadInput
from ..report import check_out_dir
from ..report.answer import anchor, link, pct, points
from ..store import has_results, read_json, read_table
from .objectives import in_pp
from .wording import (
    fmt_difference,
    fmt_objective,
    gain_test,
    headline,
    headline_checks,
    interval_ends,
    objective_se,
    reading,
)


def _load(path: Path) -> dict:
    doc = read_json(path / "tune.json", "results", ("kind", "spec", "trials", "rechecks", "best", "default"))
    if doc.get("kind") != "tune":
        raise BadInput("results", f"{path / 'tune.json'} is not a simsuite tune result")
    return doc


def _scale(doc) -> tuple[float, str]:
    """Chart units: percentage points for a single win-share objective, else the objective's own."""
    obs = doc["spec"]["objectives"]
    if len(obs) == 1 and in_pp(obs[0]["kind"]) and obs[0]["weight"] == 1:
        return 100.0, " (pp)"
    return 1.0, ""


def _chart_history(doc, path: Path) -> bool:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    t = pd.DataFrame(doc["trials"])
    if t.empty:
        return False
    k, unit = _scale(doc)
    fig, ax = plt.subplots(figsize=(8, 4))
    y = t["value"] * k
    lo, hi = t["lo"].astype(float) * k, t["hi"].astype(float) * k
    ax.errorbar(t["trial"], y, yerr=[np.maximum(y - lo, 0), np.maximum(hi - y, 0)], fmt="o", ms=3, color="#4a7fb5",
                ecolor="#b8cde3", lw=1, label="trial estimate (95% interval)")
    ax.step(t["trial"], y.cummin(), where="post", color="#c33", lw=1.2, label="best trial estimate so far")
    for r in doc["rechecks"]:
        x = -1 if r["trial"] is None else r["trial"] + 0.3  # beside its trial estimate
        rc = r["recheck"]
        ax.errorbar([x], [rc["value"] * k], yerr=[[max(rc["value"] - rc["lo"], 0) * k], [max(rc["hi"] - rc["value"], 0) * k]],
                    fmt="D", ms=5, capsize=3, label=None,
                    color="#222" if r["trial"] is None else ("#c33" if r["trial"] == doc["best"]["trial"] else "#2a7"))
    for key, c in (("default", "#222"), ("best", "#c33")):
        r = doc[key]
        if "final" not in r:
            continue
        x = (-1 if r["trial"] is None else r["trial"]) + 0.6  # beside its re-check
        f = r["final"]
        ax.errorbar([x], [f["value"] * k], yerr=[[max(f["value"] - f["lo"], 0) * k], [max(f["hi"] - f["value"], 0) * k]],
                    fmt="s", ms=5, capsize=3, color=c, mfc="white", label=None)
    if "final" in doc["best"]:
        ax.plot([], [], "s", color="#c33", mfc="white", label="final check (fresh seeds): what the headline reads")
    ax.plot([], [], "D", color="#2a7", label="re-check on fresh seeds (95%)")
    ax.plot([], [], "D", color="#c33", label="re-check of the best values")
    ax.plot([], [], "D", color="#222", label="re-check of the defaults (at x = -1)")
    ax.set_xlabel("trial")
    ax.set_ylabel("objective" + unit)
    ax.set_title("Optimisation history (lower is better)", fontsize=10)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def _chart_slices(doc, path: Path) -> bool:
    import matplotlib.pyplot as plt

    t = pd.DataFrame([dict(trial=r["trial"], value=r["value"], **r["params"]) for r in doc["trials"]])
    names = [s["name"] for s in doc["spec"]["spaces"]]
    kinds = {s["name"]: s["kind"] for s in doc["spec"]["spaces"]}
    if t.empty or not names:
        return False
    k, unit = _scale(doc)
    ncols = min(3, len(names))
    nrows = math.ceil(len(names) / ncols)
    fig, axes = plt.subplots(nrows, ncols, figsize=(4.4 * ncols, 3.3 * nrows), squeeze=False, layout="constrained")
    for ax, name in zip(axes.ravel(), names):
        x = t[name]
        if not pd.api.types.is_numeric_dtype(x) or pd.api.types.is_bool_dtype(x):
            cats = sorted(x.astype(str).unique())
            x = x.astype(str).map({c: i for i, c in enumerate(cats)})
            ax.set_xticks(range(len(cats)), cats)
        elif kinds.get(name) == "int":
            from matplotlib.ticker import MaxNLocator

            ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        sc = ax.scatter(x, t["value"] * k, c=t["trial"], cmap="viridis", s=16)
        dv = doc["defaults"].get(name)
        if isinstance(dv, (int, float)) and not isinstance(dv, bool):
            ax.axvline(dv, color="#888", ls="--", lw=0.8)
        ax.set_xlabel(name + " (dashed: default)")
        ax.grid(alpha=0.3)
    for row in axes:  # one label per row: a label on every panel ran into its neighbour and off the edge
        row[0].set_ylabel("objective" + unit)
    for ax in axes.ravel()[len(names):]:
        ax.axis("off")
    fig.colorbar(sc, ax=axes.ravel().tolist(), label="trial", shrink=0.8)
    fig.suptitle("Objective of each trial against each parameter (slices)", fontsize=10)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def _chart_importances(doc, path: Path) -> bool:
    import matplotlib.pyplot as plt

    imp = doc["importances"]["values"]
    if not imp:
        return False
    items = sorted(imp.items(), key=lambda kv: kv[1])
    fig, ax = plt.subplots(figsize=(6.5, 0.4 * len(items) + 1.3))
    ax.barh([a for a, _ in items], [b for _, b in items], color="#4a7fb5")
    ax.set_xlabel("importance (PED-ANOVA, sums to 1)")
    ax.set_title("Which parameters matter for the objective", fontsize=10)
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def _positions(tune_dir: Path, rel: str) -> pd.DataFrame:
    if not has_results(tune_dir / rel):
        return pd.DataFrame()
    g = read_table(tune_dir / rel, "groups")  # one file per cell (simsuite.store), or the older single file
    g = g[g["kind"] == "position"].copy()
    g["dev"] = g["win_share"] - g["fair_share"]
    return g


def _chart_positions(doc, tune_dir: Path, path: Path) -> bool:
    """Each turn-order position's win share minus fair at every player count, defaults against the
    best values (their re-checks), 95% intervals."""
    import matplotlib.pyplot as plt

    rows = [("defaults", doc["default"], "#888")]
    if doc["best"]["trial"] is not None:
        rows.append((f"best (trial {doc['best']['trial']})", doc["best"], "#c33"))
    final = all("final_dir" in r for _, r, _ in rows)
    frames = [(lab, _positions(tune_dir, r.get("final_dir" if final else "recheck_dir", "")), c) for lab, r, c in rows]
    if any(f.empty for _, f, _ in frames):
        return False
    players = sorted(set(frames[0][1]["players"]))
    fig, axes = plt.subplots(1, len(players), figsize=(3.3 * len(players), 3.3), squeeze=False, sharey=True)
    for ax, n in zip(axes[0], players):
        for j, (lab, f, c) in enumerate(frames):
            d = f[f["players"] == n].sort_values("key", key=lambda s: s.astype(int))
            x = d["key"].astype(int) + (j - 0.5 * (len(frames) - 1)) * 0.2
            ax.errorbar(x, d["dev"] * 100, yerr=1.96 * d["share_se"] * 100, fmt="o", color=c, capsize=2, ms=4,
                        label=lab)
        ax.axhline(0, color="k", lw=0.8)
        ax.set_xticks(range(1, n + 1))
        ax.set_title(f"{n} players", fontsize=9)
        ax.set_xlabel("turn-order position (1 starts)")
        ax.grid(alpha=0.3)
    axes[0][0].set_ylabel("win share − fair (pp, 95%)")
    axes[0][0].legend(fontsize=7)
    fig.suptitle(f"Seat balance on the {'final check' if final else 're-check'} games: defaults and best values",
                 fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def _esc(x) -> str:
    return html.escape(str(x))


def _ci(doc, r) -> str:
    if r is None or r.get("value") is None:
        return "–"
    return f"{fmt_objective(doc, r['value'])} [{', '.join(interval_ends(doc, r))}]"


def _recheck_table(doc) -> str:
    """The candidates, one row each: the values that differ from the defaults (the defaults' row
    lists them all), trial estimate, re-check and the start player per player count. Parameter
    names stay in a cell of their own rather than a column each, so the table fits the page."""
    names = [s["name"] for s in doc["spec"]["spaces"]]
    dflt = doc["default"]["params"]
    out = ["<table class='cand'><tr><th>candidate</th><th>values (the defaults' row: all searched; the others: what "
           "differs from the defaults)</th><th>trial estimate [95%]</th><th>re-check on fresh seeds [95%]</th>"
           "<th>final check on fresh seeds [95%]</th><th>start player − fair (re-check, ±95%)</th></tr>"]
    fin = {None if doc["default"]["trial"] is None else doc["default"]["trial"]: doc["default"].get("final")}
    if doc["best"]["trial"] is not None:
        fin[doc["best"]["trial"]] = doc["best"].get("final")
    for r in doc["rechecks"]:
        who = "defaults" if r["trial"] is None else f"trial {r['trial']}"
        if r is doc["best"] or (r["trial"] == doc["best"]["trial"]):
            who = f"<b>{who} (best)</b>"
        shown = [n for n in names if r["trial"] is None or r["params"].get(n) != dflt.get(n)]
        vals = ", ".join(f"{_esc(n)}&nbsp;{_esc(r['params'].get(n))}" for n in shown) or "the defaults"
        est = None if r["trial_value"] is None else dict(value=r["trial_value"], lo=r["trial_lo"], hi=r["trial_hi"])
        st = "<br>".join(f"{p}p {100 * v['dev']:+.1f} ±{100 * v['half_width']:.1f} pp"
                         for p, v in sorted(r["recheck"].get("start", {}).items(), key=lambda kv: int(kv[0])))
        out.append(f"<tr><td class='nw'>{who}</td><td>{vals}</td><td class='nw'>{_ci(doc, est)}</td>"
                   f"<td class='nw'>{_ci(doc, r['recheck'])}</td><td class='nw'>{_ci(doc, fin.get(r['trial']))}</td>"
                   f"<td class='nw'>{st}</td></tr>")
    return "".join(out) + "</table>"


def _objective_table(doc) -> str:
    dc, bc, final = headline_checks(doc)
    what = "final check" if final else "re-check"
    out = [f"<table><tr><th>objective</th><th>weight</th><th>defaults ({what}) [interval]</th>"
           f"<th>best ({what}) [interval]</th></tr>"]
    for d, b in zip(dc["objectives"], bc["objectives"]):
        k = 100 if in_pp(d["kind"]) else 1
        u = " pp" if k == 100 else ""
        f = lambda r: f"{r['value'] * k:.3g}{u} [{r['lo'] * k:.3g}, {r['hi'] * k:.3g}]"
        if "share" in d:  # a label's win share, raised or lowered: the share itself, never its negative
            f = lambda r: f"{100 * r['share']:.3g}% [{100 * r['share_lo']:.3g}%, {100 * r['share_hi']:.3g}%]"
        out.append(f"<tr><td>{_esc(d['label'])}</td><td>{d['weight']:g}</td><td>{f(d)}</td><td>{f(b)}</td></tr>")
    return "".join(out) + "</table>"


def tune_answer(doc) -> tuple[str, list[str], str]:
    """The plain answer that opens the tune page: the question, sentences (HTML) and a table of the
    re-checked candidates with a verdict word each. A candidate is "worse than the best" only when
    its re-check is above another candidate's beyond chance (one-sided z-tests of every ordered pair,
    Bonferroni over the pairs: the lowest of several noisy re-checks is biased low, so comparing each
    with it alone would single out too many); the others are "as good as the best". The defaults'
    word is the headline's verdict, from the headline's own test (gain_test on the checks it reads:
    the final checks where the tune has them): "beaten" where the headline says the chosen values'
    gain is significant, "not beaten" where it is not; it has words of its own because it is another
    test on other games than the candidates' comparison, so the two never contradict each other."""
    from scipy.stats import norm

    obs = doc["spec"]["objectives"]
    pp = len(obs) == 1 and in_pp(obs[0]["kind"]) and obs[0]["weight"] == 1
    what = obs[0]["label"] if len(obs) == 1 else "the weighted objective"
    rd = reading(doc)  # a maximised objective is shown as the measure it raises, not its negative

    def num(v):
        if rd["share"]:
            return pct(rd["sign"] * v, 2)
        return points(rd["sign"] * v, sign=rd["sign"] < 0) if pp else f"{v:.3g}"

    def val(v):
        return f"{num(v)} points" if pp and not rd["share"] else num(v)

    def gain(v):  # a difference of objective values: points for a win-share objective
        return f"{points(v, sign=False)} points" if pp else f"{v:.3g}"

    rc = doc["rechecks"]
    n_obj = len(obs)
    m = np.array([r["recheck"]["value"] for r in rc], float)
    se = np.array([objective_se(r["recheck"], n_obj) for r in rc], float)
    k = len(rc)
    d = norm.isf(0.05 / max(k * (k - 1), 1))
    worse = ((m[:, None] - m[None, :]) > d * np.sqrt(se[:, None] ** 2 + se[None, :] ** 2)).any(axis=1)
    best_i = next(i for i, r in enumerate(rc) if r["trial"] == doc["best"]["trial"])
    words = ["worse than the best" if w else "as good as the best" for w in worse]
    words[best_i] = "best"
    names = [s["name"] for s in doc["spec"]["spaces"]]
    dflt = doc["default"]["params"]

    def changed(r):
        return ", ".join(f"{n} {r['params'].get(n)}" for n in names if r["params"].get(n) != dflt.get(n)) or \
            "the defaults"

    def edge(r):
        st = r["recheck"].get("start") or {}
        return float(np.mean([v["dev"] for v in st.values()])) if st else float("nan")

    b, d0 = rc[best_i], rc[0]
    q = (f"Which values give the {'highest' if rd['up'] else 'lowest'} {rd['what']}?" if rd["what"] else
         f"Which values give the lowest {what}?")
    dc, bc, final = headline_checks(doc)
    said = [f"Best values found: {_esc(changed(b))} ({link('best', 'best')}: {val(bc['value'])} on fresh games, "
            f"against {val(dc['value'])} with the defaults)."]
    good = [i for i, w in enumerate(words) if w == "as good as the best" and i != 0]
    if good:
        said.append(f"{link('as good as the best', 'As good as the best')}, as far as the re-checks can tell: "
                    + "; ".join(_esc(changed(rc[i])) for i in good) + ". Any of these will do; choose by what else "
                    "they change.")
    # the defaults as the statistics below judge them (the same test: the final checks where the tune
    # has them, else the re-checks with the choice among k candidates allowed for), so the two agree
    kk = 1 if final else max(k - 1, 1)
    g = gain_test(dc, bc, n_obj, picked_from=kk)
    where = "on the final check's fresh games" if final else "on the re-checks"
    if best_i == 0 or doc["best"].get("is_default"):
        said.append("No candidate beat the defaults on fresh games: keep the defaults.")
    elif g["sig"]:
        words[0] = "beaten"
        said.append(f"The defaults are {link('beaten')}: the best values improve on them by "
                    f"{gain(g['diff'])} {where}, beyond chance.")
    else:
        words[0] = "not beaten"
        said.append(f"The defaults are {link('not beaten')}: the best values' gain of {gain(g['diff'])} "
                    f"{where} is within chance, so changing the rules for this objective is not established.")
    e0, eb = edge(d0), edge(b)
    if np.isfinite(e0) and np.isfinite(eb):
        said.append(f"The start player's edge, averaged over the player counts, goes from {points(e0)} points with "
                    f"the defaults to {points(eb)} points with the best values.")
    # the checks the defaults' word reads, beside the re-checks the candidates' words read
    fin = {0: dc, best_i: bc} if final else {}

    def span(r):  # an interval's ends in the reader's terms, lower first
        a, b = sorted((rd["sign"] * r["lo"], rd["sign"] * r["hi"]))
        return f"{num(a / rd['sign'])} to {num(b / rd['sign'])}"

    def fin_cell(i):
        f = fin.get(i)
        return (f"<td class='nw'>{num(f['value'])} ({span(f)})</td>" if f else
                "<td class='nw'>–</td>") if final else ""

    rows = "".join(
        f"<tr><td class='nw'>{'defaults' if r['trial'] is None else 'trial ' + str(r['trial'])}</td>"
        f"<td>{_esc(changed(r))}</td><td class='nw'>{num(m[i])} ({span(r['recheck'])})</td>{fin_cell(i)}<td class='nw'>{link(words[i])}</td>"
        f"<td class='nw'>{points(edge(r))}</td></tr>" for i, r in enumerate(rc))
    unit = ", points" if pp and not rd["share"] else ""
    table = ("<table class='answer'><tr><th>candidate</th><th>values that differ from the defaults</th>"
             f"<th>{_esc(rd['what'] or what)}, re-check on fresh games{unit} (95% interval)</th>"
             + (f"<th>final check on fresh games{unit} (95% interval)</th>" if final else "")
             + "<th>verdict</th><th>start player's edge (points, mean over player counts)</th></tr>" + rows
             + "</table>")
    return q, said, table


TUNE_WORDS = {
    "best": "The candidate with the lowest objective when re-played on fresh games (not the trial estimate, "
            "which favours lucky trials).",
    "as good as the best": "Its re-check is not shown to be worse than any other candidate's with these games (a "
                           "95% sure test, allowing for every pair compared at once). It may still differ by less "
                           "than the games can see.",
    "worse than the best": "Its re-check is worse than another candidate's, beyond chance (95% sure, allowing "
                           "for every pair compared at once).",
    "beaten": "The defaults: the best values do better than them on fresh games, beyond chance (95% sure). It is "
              "the test the statistics behind the answer make (on the final checks where the tune has them), "
              "not the comparison of the candidates' re-checks, so it can tell the two apart where that "
              "comparison cannot.",
    "not beaten": "The defaults: the best values' gain over them is within chance on fresh games (the test the "
                  "statistics behind the answer make). A change of the rules for this objective is not "
                  "established; it does not mean the defaults are as good, only that these games cannot show "
                  "the gain.",
}


def make_tune_report(tune_dir: Path, out_dir: Path | None = None) -> dict:
    """Write index.html, PNG charts and trials.csv for a tune directory; returns paths and the headline."""
    tune_dir = Path(tune_dir)
    doc = _load(tune_dir)
    out_dir = Path(out_dir) if out_dir is not None else Path.cwd() / "reports" / tune_dir.resolve().name
    check_out_dir(out_dir)
    if "final" not in doc["best"]:  # a tune written before final checks: its rows as re-checked
        doc["best"] = next((r for r in doc["rechecks"] if r["trial"] == doc["best"]["trial"]), doc["best"])
        doc["default"] = doc["rechecks"][0]
    head = headline(doc)
    question, said, answer_table = tune_answer(doc)
    charts = []
    for name, fn in (("history.png", lambda p: _chart_history(doc, p)), ("slices.png", lambda p: _chart_slices(doc, p)),
                     ("importances.png", lambda p: _chart_importances(doc, p)),
                     ("positions.png", lambda p: _chart_positions(doc, tune_dir, p))):
        if fn(out_dir / name):
            charts.append(out_dir / name)
    pd.DataFrame([dict(trial=t["trial"], value=t["value"], lo=t["lo"], hi=t["hi"], **t["params"])
                  for t in doc["trials"]]).to_csv(out_dir / "trials.csv", index=False)
    (out_dir / "tune.json").write_text((tune_dir / "tune.json").read_text(encoding="utf-8"), encoding="utf-8")
    positions = (out_dir / "positions.png").exists()
    spec = doc["spec"]
    imp = doc["importances"]
    imp_html = ("<p>" + _esc(imp["note"]) + "</p>" + ("<img src='importances.png'>" if imp["values"] else ""))
    secs = doc.get("seconds", {})
    space = ", ".join(f"{s['name']} {s['values']}" for s in spec["spaces"])
    base = ", ".join(f"{k}={v}" for k, v in spec["base"].items())
    players = ",".join(map(str, spec["players"]))
    sizing = (f"fixed at {spec['games']:,}" if spec["games"] else
              f"{doc['games_per_trial']:,}, from a pilot of the defaults ({spec['pilot_games']:,} games per player "
              f"count, objective half-width {fmt_difference(doc, doc['pilot']['half_width'])}) scaled to a half-width "
              f"of about {fmt_difference(doc, spec['precision'])} (cap {spec['max_games']:,})")
    if "final" in doc["best"]:
        final_text = ("the chosen values and the defaults were then played once more, each on fresh seeds of its "
                      "own (the final check): nothing was chosen from these games, so the headline's numbers and its "
                      "test read them.")
        test_text = "between the defaults' and the chosen values' final checks"
    else:
        final_text = ("the numbers above are biased towards a gain (this tune was run before final checks were "
                      "played: run it again to add them).")
        test_text = (f"between the defaults' and the best values' re-checks, Bonferroni-corrected over the "
                     f"{max(len(doc['rechecks']) - 1, 1)} candidates the best was picked from")
    body = f"""<!doctype html><html><head><meta charset='utf-8'><title>Tune: {_esc(doc.get('name') or doc['game'])}</title>
<style>body{{font-family:sans-serif;max-width:1100px;margin:2em auto;line-height:1.4}}table{{border-collapse:collapse;margin:1em 0}}
td,th{{border:1px solid #ccc;padding:3px 7px;font-size:90%;vertical-align:top}}img{{max-width:100%}}.head{{background:#f3f6fa;padding:1em;border-left:4px solid #4a7fb5}}
.nw{{white-space:nowrap}}nav a{{margin-right:0.9rem}}details{{margin:0.5rem 0}}summary{{cursor:pointer;font-weight:600}}
.head h2{{margin-top:0.2rem}}p.answer{{font-size:1.05rem}}a.v{{color:inherit;text-decoration:underline dotted}}table.answer{{background:#fff}}</style>
</head><body><h1>Tune: {_esc(doc.get('name') or doc['game'])}</h1>
<nav id='contents'><b>Contents:</b> <a href='#best'>Best values against the defaults</a> <a href='#history'>Optimisation
history</a> <a href='#slices'>Objective against each parameter</a> <a href='#importances'>Parameter importances</a>
<a href='#glossary'>What the words mean</a> <a href='#run'>What was run</a></nav>
<div class='head' id='headline'><h2>{_esc(question)}</h2>{''.join(f"<p class='answer'>{x}</p>" for x in said[:1])}
{"<figure id='main-chart'><img src='positions.png' alt='seat balance, defaults and best values'></figure>" if positions else ""}
{''.join(f"<p class='answer'>{x}</p>" for x in said[1:])}
{answer_table}<details><summary>The statistics behind this answer</summary><p>{_esc(head)}</p></details></div>
<h2 id='best'>Best values against the defaults</h2>
{_recheck_table(doc)}
{_objective_table(doc)}
<details><summary>How the candidates were chosen and re-checked</summary>
<p>The trial estimate is what the search saw; the lowest of many noisy estimates is biased low (a winner picked
from noisy trials looks better than it is), so the {spec['recheck']} best distinct candidates and the defaults were
played again on fresh seeds with {doc['games_per_recheck']:,} games per player count, and the lowest re-check
chose the best values. That re-check is itself the lowest of several noisy values, so {final_text}
Intervals are 95%; a maximum over several turn-order positions and player counts gets a simultaneous
(Bonferroni) interval, so it is wider than one position's. A largest deviation cannot be zero on finite games:
with no seat effect at all it is still about 2–3 standard errors. “Significant” in the answer is a one-sided z-test
of the difference {test_text} (independent games: the variances add; each standard error from its interval), not
whether the two intervals overlap; with no real gain it says “significant” in at most 5% of tunes.</p></details>
<h2 id='glossary'>What the words mean</h2><dl>{''.join(f"<dt id='{anchor(w)}'><b>{_esc(w)}</b></dt><dd>{_esc(t)}</dd>"
                                                         for w, t in TUNE_WORDS.items())}</dl>
<h2 id='history'>Optimisation history</h2><img src='history.png' alt='optimisation history'>
<h2 id='slices'>Objective against each parameter</h2><img src='slices.png' alt='slices'>
<h2 id='importances'>Parameter importances</h2>{imp_html}
<h2 id='run'>What was run</h2><ul>
<li>Game {_esc(doc['game'])}, players {players}; searched: {_esc(space)}; fixed: {_esc(base)}.</li>
<li>Objective: {_esc(' + '.join(f"{o['weight']:g} × {o['label']}" for o in spec['objectives']))}.</li>
<li>Optuna {_esc(spec['sampler'].upper())} sampler, seed {spec['seed']}; {len(doc['trials'])} finished trials
({_esc(doc.get('infeasible', 0))} infeasible); games per player count per trial: {_esc(sizing)}.</li>
<li>Wall time: {sum(r['seconds'] for r in doc.get('runs', [])) or secs.get('total', float('nan')):.0f} s over
{len(doc.get('runs', [])) or 1} run(s) of the command (a resumed run does only what was left).</li>
<li>Every trial and re-check is a sweep directory under <code>{_esc(tune_dir)}</code> (trials/, recheck/),
with its cells, groups and chunk files; the Optuna study is study.db; all trials: trials.csv.</li></ul>
</body></html>"""
    (out_dir / "index.html").write_text(body, encoding="utf-8")
    return dict(html=str(out_dir / "index.html"), charts=[str(c) for c in charts], headline=head,
                question=question, answer=[html.unescape(re.sub(r"<[^>]+>", "", x)) for x in said],
                best=dict(params=doc["best"]["params"], recheck=doc["best"]["recheck"]["value"],
                          recheck_lo=doc["best"]["recheck"]["lo"], recheck_hi=doc["best"]["recheck"]["hi"]),
                default=dict(params=doc["default"]["params"], recheck=doc["default"]["recheck"]["value"],
                             recheck_lo=doc["default"]["recheck"]["lo"], recheck_hi=doc["default"]["recheck"]["hi"]),
                trials=len(doc["trials"]))

