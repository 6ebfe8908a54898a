"""What each alien power is worth, and whether the bot uses it well.

Input: a sweep like ``configs/sweeps/cosmic-power-value.toml``, whose cells each hold ONE alien
(``alien_pool`` = one name, ``aliens_per_game`` = 1) at a table of powerless players, every seat
playing one strategy. Per alien and player count this module compares the alien's win share

* with its power used by ``basic`` against the same alien face down (``nopower``): the power's
  value, a difference of two independent cells;
* for an optional power, ``basic``'s use of it against three naive policies (``power_always``,
  ``power_never``, ``power_random``): basic must not be significantly worse than the best of them.

Intervals are normal (Wald) intervals for the difference of two independent win shares, each
share's standard error taken from the sweep's own 95% interval (half-width / 1.96), so the
per-game variance the sweep used carries over. The verdicts are tests corrected for the number of
aliens and player counts tested (Holm, statsmodels): "helps" / "hurts" (two-sided, the power's
value against 0) and "basic uses it worse than a naive policy" (one-sided, basic below one of
the three naive policies, each compared on its own: testing against the best of three noisy
estimates would be biased towards blaming the bot). The table shows the best naive policy and
basic's difference from it.
"""
from __future__ import annotations

import math

import pandas as pd
from scipy.stats import norm

from simsuite.analysis.inference import holm, mdd
from simsuite.games.cosmic.aliens.files import optional_classics

Z95 = 1.959963984540054
NAIVE = ("power_always", "power_never", "power_random")
ON, OFF = "basic", "nopower"
NONE = "no significant effect"  # not "no effect": the test may lack the power to see a small one
# CE.22 "Kind: optional" (a player decides), from the classics' files: the naive policies apply only
# to these. Anti-Matter, Empath (unless empath_optional), Macron, Oracle and Virus act by themselves.
OPTIONAL = optional_classics()


def _se(row) -> float:
    return (row["share_ci_high"] - row["share_ci_low"]) / (2 * Z95)


def is_power_value_sweep(cells: pd.DataFrame) -> bool:
    """Every cell: one alien in the pool, one alien per game, one strategy at every seat, and
    both the power-on and the control strategy present."""
    if cells.empty or not {"alien_pool", "aliens_per_game", "strategies"} <= set(cells.columns):
        return False
    one = (cells["aliens_per_game"] == 1) & ~cells["alien_pool"].astype(str).str.contains(",|all", regex=True)
    single = ~cells["strategies"].astype(str).str.contains(",")
    return bool(one.all() and single.all() and {ON, OFF} <= set(cells["strategies"]))


def shares(cells: pd.DataFrame, groups: pd.DataFrame) -> pd.DataFrame:
    """One row per (alien, players, strategy): the alien's win share, its 95% interval, games."""
    al = groups[groups["kind"] == "alien"]
    rows = []
    for _, c in cells.iterrows():
        alien = str(c["alien_pool"])
        g = al[(al["cell"] == c["cell"]) & (al["key"] == alien)]
        if g.empty:
            continue
        r = g.iloc[0]
        rows.append(dict(alien=alien, players=int(c["players"]), strategy=str(c["strategies"]), cell=int(c["cell"]),
                         games=int(c["games"]), share=float(r["win_share"]), se=_se(r),
                         fair=float(r["fair_share"])))
    return pd.DataFrame(rows)


def _diff(a, b):
    d = a["share"] - b["share"]
    se = math.hypot(a["se"], b["se"])
    return d, d - Z95 * se, d + Z95 * se


def table(cells: pd.DataFrame, groups: pd.DataFrame) -> pd.DataFrame:
    """Per alien and player count: share with the power (basic) and without (nopower), the power's
    value with its interval and verdict; for optional powers the naive policies' shares, the best
    of them, basic minus the best with its interval, and a plain-language note."""
    s = shares(cells, groups)
    out = []
    for (alien, n), grp in s.groupby(["alien", "players"], sort=True):
        by = {r["strategy"]: r for _, r in grp.iterrows()}
        if ON not in by or OFF not in by:
            continue
        on, off = by[ON], by[OFF]
        v, lo, hi = _diff(on, off)
        row = dict(alien=alien, players=n, fair=on["fair"], games=int(on["games"]),
                   share_power=on["share"], share_power_lo=on["share"] - Z95 * on["se"],
                   share_power_hi=on["share"] + Z95 * on["se"],
                   share_nopower=off["share"], share_nopower_lo=off["share"] - Z95 * off["se"],
                   share_nopower_hi=off["share"] + Z95 * off["se"],
                   power_value=v, power_value_lo=lo, power_value_hi=hi,
                   optional=alien in OPTIONAL)
        naive = {k: by[k] for k in NAIVE if k in by}
        if naive:  # a plug-in power the sweep plays with the naive policies is an optional one
            row["optional"] = True
        if naive:
            for k, r in naive.items():
                row[f"share_{k}"] = r["share"]
            best = max(naive, key=lambda k: naive[k]["share"])
            d, dlo, dhi = _diff(on, naive[best])
            row.update(best_naive=best, basic_minus_best=d, basic_minus_best_lo=dlo, basic_minus_best_hi=dhi)
        out.append((row, naive, on))
    if not out:
        return pd.DataFrame()
    # Holm over every (alien, players): the power's value (two-sided) and basic's shortfall
    # against the best naive policy (one-sided)
    p_val = [2 * norm.sf(abs(r["power_value"]) / max(_se_of(r, "power_value"), 1e-12)) for r, _, _ in out]
    rej = holm(p_val) <= 0.05
    # basic against EACH naive policy (one-sided: basic lower), Holm over all of them: testing
    # against the best of three noisy estimates instead would be biased towards blaming the bot
    tests = [(i, (on["share"] - r["share"]) / max(math.hypot(on["se"], r["se"]), 1e-12))
             for i, (_, naive, on) in enumerate(out) for r in naive.values()]
    worse = set()
    if tests:
        rej_bot = holm([norm.cdf(z) for _, z in tests]) <= 0.05
        worse = {i for (i, _), w in zip(tests, rej_bot) if w}
    rows = []
    for i, (row, naive, on) in enumerate(out):
        row["value_significant"] = bool(rej[i])
        row["_m"] = len(out)  # tests in the Holm family (for the detectable value)
        row["bot_worse"] = i in worse
        row["verdict"], row["note"] = _verdict(row, naive, on)
        del row["_m"]
        rows.append(row)
    return pd.DataFrame(rows)


def _se_of(row, key) -> float:
    return (row[f"{key}_hi"] - row[f"{key}_lo"]) / (2 * Z95)


def _verdict(row, naive, on) -> tuple[str, str]:
    """The power's verdict and a note. A non-significant result is absence of evidence: the note
    gives the power value this test would detect with 80% power (Holm's strictest level), so a reader
    knows how small an effect could still be there."""
    value = NONE
    if row["value_significant"]:
        value = "helps" if row["power_value"] > 0 else "hurts"
    detectable = (f" (a power value of ±{100 * float(mdd(_se_of(row, 'power_value'), alpha=0.05 / row['_m'])):.1f} pp "
                  "would be found with 80% power; a smaller one could go unnoticed)" if "_m" in row else "")
    if not naive:
        if value == NONE:
            return value, ("mandatory power: the rules apply it, the bot cannot misuse it; no significant effect on "
                           "its holder's win share" + detectable)
        return value, "mandatory power (the rules apply it)"
    if row["bot_worse"]:
        return value, (f"the bot does not use it well yet: {row['best_naive'].replace('power_', '')} use beats basic "
                       f"by {-row['basic_minus_best'] * 100:.1f} pp")
    best = max(naive, key=lambda k: naive[k]["share"])
    best_gain = naive[best]["share"] - row["share_nopower"]
    if value == NONE:
        # the best naive policy's gain over face down: its own se and the control's, not basic's twice
        if best_gain > Z95 * math.hypot(naive[best]["se"], _se_of(row, "share_nopower")):
            return value, "no policy gains significantly after correction, the best naive one a little: a weak power or a weak bot"
        return value, ("no policy tried (basic, always, never, random) gains significantly from it" + detectable)
    if value == "hurts":
        return value, "the power costs its holder under every policy tried that is not worse than basic"
    return value, "basic is not worse than the best naive policy"


def _pp(x: float) -> str:
    return f"{x * 100:+.1f}"


def markdown(t: pd.DataFrame) -> str:
    """The README table: one line per alien, both player counts side by side."""
    lines = ["| alien | 3p: with power | 3p: face down | 3p: power value (95% CI) | 4p: with power | 4p: face down | "
             "4p: power value (95% CI) | basic vs best naive (3p / 4p) | note |",
             "|---|---|---|---|---|---|---|---|---|"]
    for alien, grp in t.groupby("alien", sort=True):
        cols = []
        naive = []
        note = ""
        for n in (3, 4):
            r = grp[grp["players"] == n]
            if r.empty:
                cols += ["", "", ""]
                naive.append("")
                continue
            r = r.iloc[0]
            cols += [f"{r['share_power'] * 100:.1f}%", f"{r['share_nopower'] * 100:.1f}%",
                     f"{_pp(r['power_value'])} pp ({_pp(r['power_value_lo'])}, {_pp(r['power_value_hi'])})"]
            if isinstance(r.get("best_naive"), str):
                naive.append(f"{_pp(r['basic_minus_best'])} pp vs {r['best_naive'].replace('power_', '')}")
            else:
                naive.append("mandatory")
            note = note or r["note"]
        lines.append(f"| {alien} | " + " | ".join(cols) + f" | {' / '.join(x for x in naive if x)} | {note} |")
    return "\n".join(lines)


def headline(t: pd.DataFrame) -> list[str]:
    """Plain sentences: which powers help, which do not, and where the bot falls short."""
    out = []
    for n, grp in t.groupby("players"):
        fair = grp["fair"].iloc[0]
        helps = grp[grp["verdict"] == "helps"].sort_values("power_value", ascending=False)
        none = grp[grp["verdict"] == NONE]
        hurts = grp[grp["verdict"] == "hurts"]
        worse = grp[grp["bot_worse"]]
        s = (f"At {n} players (fair share {fair * 100:.1f}%), alone among powerless players, "
             f"{len(helps)} of {len(grp)} powers raise their holder's win share")
        if not helps.empty:
            top = helps.iloc[0]
            s += f", most {top['alien']} ({_pp(top['power_value'])} pp)"
        s += "."
        if not none.empty:
            s += f" No significant effect: {', '.join(none['alien'])}."
        if not hurts.empty:
            s += f" A cost to their holder: {', '.join(hurts['alien'])}."
        if not worse.empty:
            s += f" basic uses these worse than a naive policy: {', '.join(worse['alien'])}."
        else:
            s += " basic is not significantly worse than the best naive policy for any optional power."
        out.append(s)
    return out
