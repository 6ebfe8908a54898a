"""Each alien as a band: how far better play on either side moves its win share.

For an alien X and a player count, two tunes of basic's named weights (``weights.py``) with the tune
machinery (``simsuite.tune.run_tune``: Optuna, derived seeds, resume, re-check on fresh seeds):

- **exploited**: the weights of X's holder (``basic_holder_*``) tuned to maximise X's win share
  against opponents at the defaults;
- **countered**: the opponents' shared weights (``basic_*``) tuned to minimise it, X's holder at the
  defaults.

Both play ``aliens = random`` (the aliens report's table) with ``basic_holder_alien = X`` and
``alien_dealt = X``: X is dealt in every game at a random seat, the other seats from the pool without
it, so every game measures X's win share when dealt (dealt from the whole pool, X would sit at the
table in only 3/20 of the games at 3 players and 4/20 at 4). The band is
countered - default - exploited. Each end is the final check of its tune's chosen candidate: the
candidate is chosen by its re-check (the defaults compete: when nothing beats them, the defaults are
chosen), then played once more on fresh seeds, so that the end is not the best of several noisy
values. The default point pools the two tunes' final checks of the defaults (independent seeds). A tune plan (``kind = "bands"`` in a
configs/tunes file) runs every alien and player count; ``bands_report.py`` writes its report.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from simsuite.analysis.inference import Z95
from simsuite.errors import BadInput
from simsuite.games.base import TunePlan
from simsuite.games.cosmic import api as A
from simsuite.games.cosmic.aliens.files import names as alien_names
from simsuite.games.cosmic.bots.basic import weights as W
from simsuite.store import read_json, writable_dir, write_json
from simsuite.tune import (
    Objective,
    Space,
    TuneSpec,
    derive_seed,
    label_share,
    parse_players,
    run_tune,
    startup_trials,
)

SIDES = ("exploited", "countered")
PREFIX = {"exploited": "basic_holder_", "countered": "basic_"}
SENSE = {"exploited": "max", "countered": "min"}


@dataclass
class BandSpec:
    name: str
    aliens: list
    players: list
    weights: list  # weight names searched (weights.NAMES)
    base: dict = field(default_factory=dict)
    seed: int = 1
    budget: int = 30  # at least 30 so that the sampler's random start-up is a third of the trials at most
    games: int = 10_000
    recheck: int = 1
    recheck_factor: float = 2.0
    sampler: str = "tpe"
    unit: int = 1 << 14

    def doc(self) -> dict:
        return dict(name=self.name, aliens=self.aliens, players=self.players, weights=self.weights,
                    base={k: str(v) for k, v in sorted(self.base.items())}, seed=self.seed, budget=self.budget,
                    games=self.games, recheck=self.recheck, recheck_factor=self.recheck_factor,
                    sampler=self.sampler, unit=self.unit, alien_dealt=True)

    def games_total(self) -> int:
        """Games the plan plays when nothing is resumed: per alien, player count and side, the
        trials, the re-checks of the best candidates and the defaults, and the final checks of the
        chosen values and the defaults."""
        per = self.budget * self.games + (self.recheck + 1 + 2) * math.ceil(self.games * self.recheck_factor)
        return per * len(self.aliens) * len(self.players) * len(SIDES)

    def startup(self) -> int:
        """Random start-up trials per end before the sampler models the history."""
        return startup_trials(self.budget)


def _alien_list(g, v) -> list:
    """The plan's aliens: all (the 20 classics and every homebrew alien file loaded with --plugin-dir)
    or names, each spelt as the engine spells it."""
    known = alien_names()
    if v in (None, "all"):
        return list(known)
    names = v if isinstance(v, list) else str(v).split(",")
    out = [known[g.alien_id(str(n), "aliens")] for n in names if str(n).strip()]
    if not out or any(a is None for a in out):
        raise BadInput("aliens", f"{v!r}; allowed: all, or alien names ({', '.join(known)})")
    return list(dict.fromkeys(out))


def band_spec(g, d: dict, budget=None, games=None, seed=None, aliens=None, players=None) -> BandSpec:
    """A BandSpec from a configs/tunes file (kind = "bands") and the command line's overrides."""
    bad = set(d) - {"name", "game", "kind", "description", "aliens", "players", "weights", "budget", "games",
                    "recheck", "recheck_factor", "seed", "sampler", "unit", "set"}
    if bad:
        raise BadInput("--config", f"unknown key {sorted(bad)[0]!r} in a bands plan; allowed: name, aliens, players, "
                                   "weights, budget, games, recheck, recheck_factor, seed, sampler, unit, [set]")
    ws = d.get("weights", "all")
    ws = list(W.NAMES) if ws == "all" else (ws if isinstance(ws, list) else [x.strip() for x in str(ws).split(",")])
    for w in ws:
        if w not in W.NAMES:
            raise BadInput("weights", f"unknown weight {w!r}; allowed: all, or names from {', '.join(W.NAMES)}")
    base = dict(d.get("set", {}))
    for k in ("aliens", "basic_holder_alien", "alien_dealt"):
        if k in base:
            raise BadInput("set", f"{k} is fixed by the bands plan (aliens = random, the holder and the alien "
                                  "dealt in every game = each alien in turn)")
    base["aliens"] = "random"
    pl = players if players is not None else str(d.get("players", "3..4"))
    ps = parse_players(g, pl) if not isinstance(pl, list) else pl
    sp = BandSpec(name=str(d.get("name", "cosmic-alien-bands")), aliens=_alien_list(g, aliens or d.get("aliens", "all")),
                  players=list(ps), weights=ws, base=base, seed=int(seed if seed is not None else d.get("seed", 1)),
                  budget=int(budget or d.get("budget", 30)), games=int(games or d.get("games", 10_000)),
                  recheck=int(d.get("recheck", 1)), recheck_factor=float(d.get("recheck_factor", 2.0)),
                  sampler=str(d.get("sampler", "tpe")), unit=int(d.get("unit", 1 << 14)))
    for p in sp.players:
        g.resolve(dict(_holder_base(sp.base, sp.aliens[0]), players=p))  # BadInput naming the field
    return sp


def _holder_base(base: dict, alien: str) -> dict:
    """The holder's fixed parameters: the alien is dealt in every game (alien_dealt), the other seats
    from the pool without it; a homebrew alien joins the default pool (the 20 classics), so that the
    others are dealt as in any game; a pool the plan sets is kept as it is."""
    out = dict(base, basic_holder_alien=alien, alien_dealt=alien)
    if alien not in A.ALIEN_NAMES and "alien_pool" not in base:
        out["alien_pool"] = f"all,{alien}"
    return out


def tune_spec(sp: BandSpec, alien: str, players: int, side: str):
    """The TuneSpec of one end of one alien's band at one player count."""
    pre = PREFIX[side]
    spaces = []
    for n, d, lo, hi, integer, _ in W.WEIGHTS:
        if n in sp.weights:
            spaces.append(Space(pre + n, "int", int(lo), int(hi)) if integer else Space(pre + n, "float", lo, hi))
    ob = Objective("label-share", 1.0, (("group", "alien"), ("key", alien), ("sense", SENSE[side])))
    return TuneSpec(game="cosmic", spaces=spaces, objectives=[ob], players=[players],
                    base=_holder_base(sp.base, alien), seed=derive_seed(sp.seed, "bands", alien, players, side),
                    budget=sp.budget, games=sp.games, recheck=sp.recheck, recheck_factor=sp.recheck_factor,
                    sampler=sp.sampler, unit=sp.unit, name=f"{sp.name} {alien} {players}p {side}")


def _end(check: dict, row: dict) -> dict:
    s = label_share(check)
    return dict(share=s["share"], lo=s["lo"], hi=s["hi"], se=s["se"], games=s["games"],
                params={k: v for k, v in row["params"].items()}, trial=row["trial"])


def band_row(alien: str, players: int, docs: dict) -> dict:
    """One band from its two tune documents. Each end is the final check of its tune's chosen values
    (the defaults when nothing beat them on the re-check): played once on fresh seeds after the choice,
    so with no effect of play it is an unbiased estimate of the default share, not the best of several
    noisy re-checks. The default point pools both tunes' final checks of the defaults (independent
    seeds, inverse-variance weights). A tune written before final checks gives its re-checks, and the
    row says how many checks each end is the best of (`end_checks`), which the report allows for."""
    ex, co = docs["exploited"], docs["countered"]
    final = all("final" in d["best"] and "final" in d["default"] for d in (ex, co))
    key = "final" if final else "recheck"
    e, c = _end(ex["best"][key], ex["best"]), _end(co["best"][key], co["best"])
    d1, d2 = _end(ex["default"][key], ex["default"]), _end(co["default"][key], co["default"])
    w1, w2 = 1 / max(d1["se"], 1e-9) ** 2, 1 / max(d2["se"], 1e-9) ** 2
    m = (w1 * d1["share"] + w2 * d2["share"]) / (w1 + w2)
    se = math.sqrt(1 / (w1 + w2))
    row = dict(alien=alien, players=players, default=m, default_lo=m - Z95 * se, default_hi=m + Z95 * se,
               default_se=se, fair=1.0 / players,
               end_checks=1 if final else max(len(ex["rechecks"]), len(co["rechecks"])))
    for side, x in (("exploited", e), ("countered", c)):
        row.update({side: x["share"], f"{side}_lo": x["lo"], f"{side}_hi": x["hi"], f"{side}_se": x["se"],
                    f"{side}_weights": x["params"], f"{side}_is_default": x["trial"] is None})
    return row


def run_plan(g, d: dict, out: Path, threads: int = 0, scheduler=None, log=None, budget=None, games=None, seed=None,
             aliens=None, players=None) -> dict:
    """Run (or resume) every band of the plan into out/<alien>/<n>p/<side>/ (each a tune directory)
    and write out/plan.json (the bands) and bands.csv."""
    sp = band_spec(g, d, budget=budget, games=games, seed=seed, aliens=aliens, players=players)
    out = writable_dir(Path(out), "--out")
    say = log or (lambda s: None)
    t0 = time.perf_counter()
    rows, startup = [], 0
    for alien in sp.aliens:
        for p in sp.players:
            docs = {}
            for side in SIDES:
                where = out / alien.replace(" ", "-") / f"{p}p" / side
                say(f"{alien} at {p} players, {side} ...")
                docs[side] = run_tune(g, tune_spec(sp, alien, p, side), where, threads, scheduler)
                startup = max(startup, int(docs[side].get("startup_trials", 0)))
            rows.append(band_row(alien, p, docs))
    secs = time.perf_counter() - t0
    prev = read_json(out / "plan.json", "--out") if (out / "plan.json").exists() else {}
    runs = list(prev.get("runs", [])) + [dict(finished=time.strftime("%Y-%m-%dT%H:%M:%S"), seconds=secs)]
    doc = dict(kind="plan", plan="bands", game=g.name, name=sp.name, spec=sp.doc(), bands=rows,
               games=sp.games_total(), startup_trials=startup, runs=runs, weights={n: dict(default=dft, lo=lo, hi=hi, doc=doc_)
                                                           for n, dft, lo, hi, _, doc_ in W.WEIGHTS})
    from simsuite.games.cosmic.studies.bands_report import band_table, headline  # scipy.stats: see make_plan_report

    doc["headline"] = headline(band_table(doc))
    write_json(out / "plan.json", doc)
    pd.DataFrame([{k: v for k, v in r.items() if not k.endswith("_weights")} for r in rows]).to_csv(
        out / "bands.csv", index=False)
    return doc


def make_plan_report(src, out_dir=None) -> dict:
    """The plan's report (bands_report.py). Imported here, not at the top: its statistics load
    scipy.stats (half a second), which the game, imported by every command, does not need."""
    from simsuite.games.cosmic.studies.bands_report import make_plan_report as report

    return report(src, out_dir)


# the plan the game carries (Cosmic.tune_plans)
PLAN = TunePlan(run=run_plan, report=make_plan_report)
