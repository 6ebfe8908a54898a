"""The headline and the figures of a tune as a reader takes them: units, intervals, and the test
of the gain over the defaults."""
from __future__ import annotations

import math

import numpy as np

from .objectives import ALPHA, in_pp, z_crit


# ------------------------------------------------------------------------------ wording
def reading(doc: dict) -> dict:
    """How a reader takes the tune's objective: the measure it is in their terms (a maximised
    objective is minimised as its negative, which no reader should see), and the words for it.
    sign: the objective value times sign is the measure; share: the measure is a win share (shown
    in percent); pp: it is a difference of shares or a deviation from fair (percentage points);
    what: its name; up: the measure is to be raised."""
    obs = doc["spec"]["objectives"]
    o = obs[0] if len(obs) == 1 and obs[0]["weight"] == 1 else None
    if o is not None and o["kind"] == "label-share":
        up = o.get("sense", "max") == "max"
        what = o["label"].rsplit(", ", 1)[0]  # "win share of strategy market": the sense is the verb
        return dict(sign=-1.0 if up else 1.0, share=True, pp=False, what=what, up=up)
    if o is not None and o["kind"] == "strategy-gap" and o.get("target") is None:
        return dict(sign=-1.0, share=False, pp=True, what=o["label"].replace(" (maximised)", ""), up=True)
    pp = o is not None and in_pp(o["kind"])
    return dict(sign=1.0, share=False, pp=pp, what=None, up=False)


def fmt_objective(doc: dict, v: float) -> str:
    """An objective value as a reader takes it: a maximised win share as that share (39.06%),
    percentage points for another single win-share objective."""
    if v is None or not math.isfinite(v):
        return "n/a"
    rd = reading(doc)
    v = rd["sign"] * v
    if rd["share"]:
        return f"{100 * v:.2f}%"
    if rd["pp"]:
        return f"{100 * v:{'+' if rd['sign'] < 0 else ''}.2f} pp"
    return f"{v:.4g}"


def fmt_difference(doc: dict, v: float) -> str:
    """A difference or a half-width of objective values: percentage points for a win-share objective."""
    if v is None or not math.isfinite(v):
        return "n/a"
    obs = doc["spec"]["objectives"]
    if len(obs) == 1 and in_pp(obs[0]["kind"]) and obs[0]["weight"] == 1:
        return f"{100 * v:.2f} pp"
    return f"{v:.4g}"


def interval_ends(doc: dict, r: dict) -> tuple[str, str]:
    """An interval's ends in the reader's terms, lower first (a maximised objective's flip)."""
    a, b = sorted((reading(doc)["sign"] * r["lo"], reading(doc)["sign"] * r["hi"]))
    s = reading(doc)["sign"]
    return fmt_objective(doc, a / s), fmt_objective(doc, b / s)


def fmt_interval(doc: dict, r: dict) -> str:
    lo, hi = interval_ends(doc, r)
    return f"{fmt_objective(doc, r['value'])} (95% interval {lo} to {hi})"


def _players_text(players) -> str:
    p = sorted(players)
    if len(p) > 1 and p == list(range(p[0], p[-1] + 1)):
        return f"{p[0]}–{p[-1]} players"
    return ", ".join(map(str, p)) + (" players" if len(p) > 1 else " players")


def headline_checks(doc: dict) -> tuple[dict, dict, bool]:
    """The defaults' and the chosen values' checks that the headline reads: their final checks on
    fresh seeds (each played once, chosen from nothing: unbiased), or, for a tune written before
    there were final checks, their re-checks (the chosen one the lowest of several: biased low).
    Returns (defaults, chosen, final)."""
    best, dflt = doc["best"], doc["default"]
    if "final" in best and "final" in dflt:
        return dflt["final"], best["final"], True
    return dflt["recheck"], best["recheck"], False


def headline(doc: dict) -> str:
    """One plain sentence: which values, from what to what, at which player counts, and whether the
    gain is beyond the noise (a test of the final checks, which no choice has touched)."""
    best = doc["best"]
    d, b, final = headline_checks(doc)
    obs = doc["spec"]["objectives"]
    rd = reading(doc)
    what = ("the " + (rd["what"] or obs[0]["label"]) if len(obs) == 1 else "the weighted objective (" + " + ".join(
        f"{o['weight']:g} × {o['label']}" for o in obs) + ")")
    where = _players_text(doc["spec"]["players"])
    how = ("final check on fresh games" if final else
           "re-checked on fresh games; the best of several re-checks, so biased towards a gain")
    if best["is_default"] or best["trial"] is None:
        return (f"No tried values beat the defaults after the re-check: {what} stays at "
                f"{fmt_interval(doc, d)} at {where} ({how}).")
    order = [sp["name"] for sp in doc["spec"]["spaces"]]  # as searched (tune.json's keys are sorted)
    changed = {k: best["params"][k] for k in order if doc["defaults"].get(k) != best["params"].get(k)}
    parts = [f"{k} {v}" for k, v in changed.items()]
    vals = ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]
    # "cut" only for a gain beyond the noise (a test of the difference: two intervals that overlap can
    # still differ significantly); a lower value inside the noise is only "moved". The test reads the
    # final checks; a tune without them is tested against the best of its k re-checked candidates
    # (Bonferroni over k), which holds the error rate the choice would otherwise inflate
    k = 1 if final else max(len(doc.get("rechecks", [])) - 1, 1)
    g = gain_test(d, b, len(obs), picked_from=k)
    # the verb says the measure's direction: a maximised share is raised, not "cut"
    verb = (("raise" if rd["up"] else "cut") if g["sig"] else "move") + ("s" if len(parts) == 1 else "")
    gain = (f"{fmt_difference(doc, g['diff'])} (one-sided 95% lower bound "
            f"{fmt_difference(doc, g['lower'])})")
    gain = ("a rise of " if rd["up"] else "a gain of ") + gain
    test = ("one-sided z-test of the difference of the final checks" if final else
            f"one-sided z-test of the difference of the re-checks, Bonferroni over the {k} candidates re-checked")
    sure = (f" — {gain}, significant ({test}, p = {g['p']:.3g})" if g["sig"] else
            f" — {gain}, not significant ({test}, p = {g['p']:.3g}), so it is not established")
    ci = lambda r: f"{fmt_objective(doc, r['value'])} [{', '.join(interval_ends(doc, r))}]"
    text = f"{vals} {verb} {what} from {ci(d)} to {ci(b)} at {where} (95% intervals, {how}){sure}."
    ch = start_change(b.get("start", {}), d.get("start", {}))
    if ch:
        text += (f" The start player's advantage (win share − fair, mean over the player counts) goes from "
                 f"{100 * ch['default']:+.1f} pp to {100 * ch['best']:+.1f} pp: a change of {100 * ch['diff']:+.1f} pp "
                 f"(±{100 * ch['half_width']:.1f}, 95%).")
    return text


def objective_se(r: dict, n_objectives: int = 1) -> float:
    """The standard error of a re-checked objective from its stored interval: each component's upper
    bound is value + z se with z the level it was built at (Bonferroni over the components of a
    maximum, and over the objectives); a weighted sum adds the variances of its parts."""
    parts = r.get("objectives") or [dict(r, weight=1.0)]
    var = 0.0
    for o in parts:
        z = z_crit(ALPHA / max(n_objectives, 1) / max(int(o.get("components", 1) or 1), 1))
        var += (o.get("weight", 1.0) * (o["hi"] - o["value"]) / z) ** 2
    return math.sqrt(var)


def gain_test(default: dict, best: dict, n_objectives: int = 1, picked_from: int = 1) -> dict:
    """Is the chosen values' objective lower than the defaults'? One-sided z-test of the difference
    (independent games: the variances add): diff (default - best), se, p, sig at ALPHA, and the
    one-sided 95% lower bound of the gain. `picked_from` > 1: `best` is the lowest of that many
    candidates checked on the same footing, so p is Bonferroni-corrected over them (and the bound
    widened to match); with final checks, which nothing was chosen from, it is 1."""
    from statistics import NormalDist

    k = max(int(picked_from), 1)
    diff = float(default["value"] - best["value"])
    se = math.hypot(objective_se(default, n_objectives), objective_se(best, n_objectives))
    p = min(1.0, k * NormalDist().cdf(-diff / se)) if se > 0 else float("nan")
    lower = diff - z_crit(2 * ALPHA / k) * se
    return dict(diff=diff, se=se, p=p, sig=bool(p < ALPHA), lower=lower)


def start_change(sb: dict, sd: dict) -> dict | None:
    """The start player's win share minus fair, averaged over the player counts, for the best values
    and the defaults (re-checks: independent games, so the variances add) and their difference."""
    keys = sorted(set(sb) & set(sd), key=int)
    if not keys:
        return None
    z = z_crit(ALPHA)
    mb = float(np.mean([sb[k]["dev"] for k in keys]))
    md = float(np.mean([sd[k]["dev"] for k in keys]))
    var = sum((sb[k]["half_width"] / z) ** 2 + (sd[k]["half_width"] / z) ** 2 for k in keys) / len(keys) ** 2
    return dict(best=mb, default=md, diff=mb - md, half_width=z * math.sqrt(var))
