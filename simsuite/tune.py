"""Tuning: search rule parameters for the values that minimise a balance objective (issue 18).

Each trial is a set of sweep cells (one per player count) played with the sweep machinery
(simsuite.sweep.run_sweep: same seeds, chunk store, resume, Dask scheduler) into
``OUT/trials/<number>/``; its objective is computed from the cell tables with a 95% interval.
The optimiser is Optuna (TPE by default, CMA-ES on request), its study kept in ``OUT/study.db``.

Determinism: trial n's games use the seed derived from (seed, "trial", n), and the sampler that
proposes trial n is seeded from (seed, n) and sees only trials 0..n-1, so a tune stopped at any
point and run again proposes and plays exactly what an uninterrupted one would. A trial that was
proposed but not finished (Ctrl-C, kill -9) keeps its number and values and is finished on resume.

Noise: unless a fixed --games is given, a pilot of the default values measures the objective's
interval and each trial then plays the count that makes its half-width about --precision
(half-widths scale as 1/sqrt(games)). The trial values carry the noise of the search (the
lowest of many noisy estimates is biased low), so the best few distinct candidates and the
defaults are played again on fresh seeds with more games, and the best is the lowest re-check.

Intervals: a max over many components (every turn-order position at every player count) gets a
simultaneous interval (Bonferroni over its components); with several objectives each gets level
1 - 0.05/K, so the weighted sum's interval (the sum of the bounds) holds at 95% jointly.
"""
from __future__ import annotations

import hashlib
import json
import math
import sys
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .errors import BadInput, did_you_mean

ALPHA = 0.05
OBJECTIVES = ("seat-fairness", "alien-spread", "strategy-gap", "game-length", "metric", "label-share")
SAMPLERS = ("tpe", "cmaes")
STARTUP_TRIALS = 10  # random trials before TPE/CMA-ES model the history (fixed: a resume must not change it)
DEFAULT_UNIT = 1 << 14


def derive_seed(seed: int, *tag) -> int:
    """A 63-bit seed that depends only on (seed, tag): trials, pilot and re-checks never share games."""
    h = hashlib.sha256(":".join(map(str, (seed, *tag))).encode()).digest()
    return int.from_bytes(h[:8], "little") >> 1


def _z(alpha: float) -> float:
    from statistics import NormalDist

    return NormalDist().inv_cdf(1 - alpha / 2)


# ------------------------------------------------------------------------------ search space
@dataclass(frozen=True)
class Space:
    """One searched parameter: an integer range (lo..hi, step) or a list of values (categorical)."""

    name: str
    kind: str  # int | float | categorical
    lo: float | None = None
    hi: float | None = None
    step: int = 1
    choices: tuple = ()

    def suggest(self, trial):
        if self.kind == "int":
            return trial.suggest_int(self.name, int(self.lo), int(self.hi), step=self.step)
        if self.kind == "float":
            return trial.suggest_float(self.name, float(self.lo), float(self.hi))
        return trial.suggest_categorical(self.name, list(self.choices))

    def text(self) -> str:
        if self.kind in ("int", "float"):
            return f"{self.lo}..{self.hi}" + (f"..{self.step}" if self.step != 1 else "")
        return ",".join(map(str, self.choices))

    def doc(self) -> dict:
        return dict(name=self.name, kind=self.kind, values=self.text())


def parse_space(g, name: str, text) -> Space:
    """`--param NAME=RANGE`: lo..hi (or lo..hi..step) for an integer parameter, else a comma list
    (strategy line-ups: '|'), every value checked against what `simsuite list` allows."""
    from .params import split_values

    p = g.param(str(name).strip())
    if p.name == "players":
        raise BadInput("--param", "players: the player counts are --players (every trial plays each), "
                                  "not a searched parameter")
    text = str(text).strip()
    if p.kind in ("int", "float", "real") and ".." in text:
        parts = [t.strip() for t in text.split("..")]
        if len(parts) not in (2, 3):
            raise BadInput("--param", f"{p.name}={text}: write lo..hi or lo..hi..step")
        num = float if p.kind != "int" else int
        try:
            vals = [num(t) for t in parts]
        except ValueError:
            raise BadInput("--param", f"{p.name}={text}: write lo..hi with numbers; allowed: {p.allowed()}")
        lo, hi = vals[0], vals[1]
        for v in (lo, hi):
            p.parse(v)  # BadInput naming the parameter and its allowed range
        step = int(vals[2]) if len(vals) == 3 else 1
        if hi <= lo or step < 1:
            raise BadInput("--param", f"{p.name}={text}: need lo < hi (and step >= 1)")
        return Space(p.name, "float" if p.kind != "int" else "int", lo, hi, step)
    vals = split_values(p, text)
    if p.name != "strategies":
        vals = [p.parse(v) for v in vals]
    vals = list(dict.fromkeys(vals))
    if len(vals) < 2:
        raise BadInput("--param", f"{p.name}={text}: give at least two values (lo..hi for integers, or a,b,c); "
                                  f"allowed: {p.allowed()}")
    return Space(p.name, "categorical", choices=tuple(vals))


# ------------------------------------------------------------------------------ objectives
@dataclass(frozen=True)
class Objective:
    kind: str
    weight: float = 1.0
    opts: tuple = ()  # sorted (key, value) pairs

    @property
    def o(self) -> dict:
        return dict(self.opts)

    def label(self) -> str:
        o = self.o
        if self.kind == "strategy-gap":
            t = o.get("target")
            return (f"{o['a']} minus {o['b']} win share" + (f", distance from {t:g}" if t is not None else
                                                            " (maximised)"))
        if self.kind in ("game-length", "metric"):
            m = o["metric"]
            if "target" in o:
                return f"distance of mean {m} from {o['target']:g}"
            if "max" in o:
                return f"mean {m} above {o['max']:g}"
            return f"mean {m} below {o['min']:g}"
        if self.kind == "alien-spread":
            return "largest deviation of an alien's win share from fair"
        if self.kind == "label-share":
            return f"win share of {o['group']} {o['key']}, " + ("maximised" if o["sense"] == "max" else "minimised")
        return "largest deviation of a turn-order position's win share from fair"

    def in_pp(self) -> bool:
        """Win-share objectives are shown in percentage points."""
        return self.kind in ("seat-fairness", "alien-spread", "strategy-gap", "label-share")

    def doc(self) -> dict:
        return dict(kind=self.kind, weight=self.weight, **self.o, label=self.label())


OBJECTIVE_KEYS = {"seat-fairness": set(), "alien-spread": set(), "strategy-gap": {"a", "b", "target"},
                  "game-length": {"target", "metric"}, "metric": {"metric", "target", "max", "min"},
                  "label-share": {"group", "key", "sense"}}


def parse_objective(d, metrics=None) -> Objective:
    """An objective from a TOML table or a CLI text KIND[:key=value,...] (weight=W for its weight)."""
    if isinstance(d, str):
        kind, _, rest = d.partition(":")
        opts = {}
        for part in filter(None, (x.strip() for x in rest.split(","))):
            if "=" not in part:
                raise BadInput("--objective", f"{d!r}: options are key=value, e.g. game-length:target=40")
            k, v = (x.strip() for x in part.split("=", 1))
            opts[k] = v
        d = dict(kind=kind.strip(), **opts)
    if not isinstance(d, dict) or "kind" not in d:
        raise BadInput("objective", f"{d!r}: an objective needs kind = one of {', '.join(OBJECTIVES)}")
    d = dict(d)
    kind = str(d.pop("kind")).strip()
    if kind not in OBJECTIVES:
        raise BadInput("--objective", f"unknown objective {kind!r}{did_you_mean(kind, OBJECTIVES)}; allowed: "
                                      f"{', '.join(OBJECTIVES)}")
    weight = _number(d.pop("weight", 1.0), f"{kind} weight")
    if not weight > 0:
        raise BadInput("--objective", f"{kind}: weight {weight:g}; allowed: a number > 0")
    bad = set(d) - OBJECTIVE_KEYS[kind]
    if bad:
        allowed = ", ".join(sorted(OBJECTIVE_KEYS[kind] | {"weight"}))
        raise BadInput("--objective", f"{kind}: unknown option {sorted(bad)[0]!r}; allowed: {allowed}")
    for k in ("target", "max", "min"):
        if k in d:
            d[k] = _number(d[k], f"{kind} {k}")
    if kind == "strategy-gap" and not ("a" in d and "b" in d and str(d["a"]) != str(d["b"])):
        raise BadInput("--objective", "strategy-gap needs two different strategies: strategy-gap:a=market,b=random")
    if kind == "label-share":
        # one seat label's win share (a group of the cell tables, e.g. a strategy), raised or lowered
        d = {k: str(v).strip() for k, v in d.items()}
        d.setdefault("sense", "max")
        if "group" not in d or "key" not in d or d["sense"] not in ("max", "min"):
            raise BadInput("--objective", "label-share needs group=KIND, key=LABEL and sense=max or min, "
                                          "e.g. label-share:group=strategy,key=market,sense=max")
    if kind == "game-length":
        d.setdefault("metric", "turns")
        if "target" not in d:
            raise BadInput("--objective", "game-length needs target=TURNS, e.g. game-length:target=40")
    if kind == "metric":
        if "metric" not in d:
            raise BadInput("--objective", "metric needs metric=NAME and one of target=, max=, min=")
        if len({"target", "max", "min"} & set(d)) != 1:
            raise BadInput("--objective", f"metric {d['metric']}: give exactly one of target=, max=, min=")
    if "metric" in d and metrics is not None and d["metric"] not in metrics:
        raise BadInput("--objective", f"unknown metric {d['metric']!r}{did_you_mean(d['metric'], metrics)}; "
                                      f"allowed: {', '.join(metrics)}")
    for k in ("a", "b", "metric"):
        if k in d:
            d[k] = str(d[k]).strip()
    return Objective(kind, weight, tuple(sorted(d.items())))


def _number(v, what) -> float:
    try:
        x = float(v)
    except (TypeError, ValueError):
        x = float("nan")
    if isinstance(v, bool) or not math.isfinite(x):
        raise BadInput("--objective", f"{what} = {v!r}; allowed: a number")
    return x


def game_metric_names(g) -> list[str]:
    """The per-game metrics a game's cells record (cells.parquet's <metric>_mean columns)."""
    try:
        return sorted(g.game_metrics(np.zeros(0, g.layout.dtype)))
    except Exception:  # noqa: BLE001 - a game whose metrics need a real record: not checked up front
        return None


def check_objectives(g, objectives, cfgs) -> None:
    """BadInput for an objective that does not apply to this game or line-up."""
    for ob in objectives:
        o = ob.o
        if ob.kind == "alien-spread":
            if "aliens" not in {p.name for p in g.params}:
                raise BadInput("--objective", f"alien-spread does not apply to {g.name} (it has no aliens); "
                                              "allowed for it: seat-fairness, strategy-gap, game-length, metric")
            if any(str(c.get("aliens", "none")) == "none" for c in cfgs):
                raise BadInput("--objective", "alien-spread needs aliens at the table: --set aliens=random or all")
        if ob.kind == "strategy-gap":
            known = [s.name for s in g.strategies()]
            for k in ("a", "b"):
                if o[k] not in known:
                    raise BadInput("--objective", f"strategy-gap: unknown strategy {o[k]!r}"
                                                  f"{did_you_mean(o[k], known)}; allowed: {', '.join(known)}")
                if any(o[k] not in c["strategies"].split(",") for c in cfgs):
                    raise BadInput("--objective", f"strategy-gap: {o[k]} is not in the line-up "
                                                  f"{cfgs[0]['strategies']}; add it with --strategies")


# ------------------------------------------------------------------------------ evaluation
def _max_abs(est, se, alpha):
    """Largest |est_i| with a simultaneous (Bonferroni over the components) interval."""
    est, se = np.asarray(est, float), np.asarray(se, float)
    if not len(est):
        return dict(value=float("nan"), lo=float("nan"), hi=float("nan"))
    z = _z(alpha / len(est))
    a = np.abs(est)
    return dict(value=float(a.max()), lo=float(np.maximum(a - z * se, 0).max()), hi=float((a + z * se).max()),
                components=len(est))


def _share_dev(groups, kind, exclude=()):
    g = groups[(groups["kind"] == kind) & ~groups["key"].astype(str).isin(exclude)]
    return g.assign(dev=g["win_share"] - g["fair_share"])


def evaluate(objectives, tables) -> dict:
    """The objectives of one trial (or re-check) from its sweep tables, each with a 95%/K interval,
    and their weighted sum with the sum of the bounds."""
    cells, groups, h2h = tables["cells"], tables["groups"], tables.get("h2h")
    alpha = ALPHA / len(objectives)
    out = []
    for ob in objectives:
        o = ob.o
        if ob.kind in ("seat-fairness", "alien-spread"):
            d = _share_dev(groups, "position" if ob.kind == "seat-fairness" else "alien", ("none",))
            r = _max_abs(d["dev"], d["share_se"], alpha)
            worst = d.iloc[int(np.abs(d["dev"].to_numpy()).argmax())] if len(d) else None
            if worst is not None:
                r["worst"] = dict(players=int(worst["players"]), key=str(worst["key"]), dev=float(worst["dev"]))
        elif ob.kind == "label-share":
            # the label's win share averaged over the player counts (each its own interval, independent
            # cells): minimised as -share under sense=max
            d = groups[(groups["kind"] == o["group"]) & (groups["key"].astype(str) == o["key"])]
            if not len(d):
                raise BadInput("--objective", f"label-share: no {o['group']} {o['key']!r} in the cell tables")
            share = float(d["win_share"].mean())
            h = _z(alpha) * math.sqrt(float((d["share_se"] ** 2).sum())) / len(d)
            sign = -1.0 if o["sense"] == "max" else 1.0
            r = dict(value=sign * share, lo=sign * share - h, hi=sign * share + h, share=share,
                     share_lo=share - h, share_hi=share + h, games=int(d["n"].sum()),
                     shares={int(p): float(v) for p, v in zip(d["players"], d["win_share"])})
        elif ob.kind == "strategy-gap":
            st = groups[groups["kind"] == "strategy"].set_index(["cell", "key"])
            gaps, ses = [], []
            for c in sorted(set(cells["cell"])):
                if (c, o["a"]) not in st.index or (c, o["b"]) not in st.index:
                    continue
                A, B = st.loc[(c, o["a"])], st.loc[(c, o["b"])]
                cov = np.nan
                if h2h is not None and len(h2h) and "share_cov" in h2h:
                    m = h2h[(h2h["kind"] == "strategy") & (h2h["cell"] == c) & (h2h["a"] == o["a"]) & (h2h["b"] == o["b"])]
                    cov = float(m["share_cov"].iloc[0]) if len(m) else np.nan
                from .stats import diff_se

                gaps.append(A["win_share"] - B["win_share"])
                ses.append(float(diff_se(A["share_se"], B["share_se"], cov)))
            gap = float(np.mean(gaps)) if gaps else float("nan")
            h = _z(alpha) * math.sqrt(sum(s * s for s in ses)) / len(ses) if ses else float("nan")
            t = o.get("target")
            if t is None:
                r = dict(value=-gap, lo=-gap - h, hi=-gap + h)
            else:
                lo_d, hi_d = gap - h - t, gap + h - t
                r = dict(value=abs(gap - t), lo=0.0 if lo_d <= 0 <= hi_d else min(abs(lo_d), abs(hi_d)),
                         hi=max(abs(lo_d), abs(hi_d)))
            r["gap"] = gap
        else:  # a cell-table metric: target distance or bound excess, the worst player count
            m = o["metric"]
            if f"{m}_mean" not in cells:
                raise BadInput("--objective", f"the cells record no metric {m!r}")
            mean = cells[f"{m}_mean"].to_numpy(float)
            se = (cells[f"{m}_ci_high"].to_numpy(float) - cells[f"{m}_ci_low"].to_numpy(float)) / (2 * _z(ALPHA))
            if "target" in o:
                r = _max_abs(mean - o["target"], se, alpha)
            else:
                sign = 1.0 if "max" in o else -1.0
                ex = sign * (mean - o.get("max", o.get("min")))
                z = _z(alpha / len(ex))
                r = dict(value=float(np.maximum(ex, 0).max()), lo=float(np.maximum(ex - z * se, 0).max()),
                         hi=float(np.maximum(ex + z * se, 0).max()))
            r["means"] = {int(p): float(v) for p, v in zip(cells["players"], mean)}
        r.update(kind=ob.kind, weight=ob.weight, label=ob.label())
        out.append(r)
    value = sum(r["weight"] * r["value"] for r in out)
    lo = sum(r["weight"] * r["lo"] for r in out)
    hi = sum(r["weight"] * r["hi"] for r in out)
    return dict(value=value, lo=lo, hi=hi, half_width=(hi - lo) / 2, objectives=out,
                start=_start_advantage(groups), games=int(cells["games"].min()) if len(cells) else 0)


def _start_advantage(groups) -> dict:
    """The start player's win share minus fair per player count, with its 95% half-width: the
    figure a designer reads first."""
    d = _share_dev(groups, "position")
    d = d[d["key"].astype(str) == "1"]
    return {int(r["players"]): dict(dev=float(r["dev"]), half_width=float(_z(ALPHA) * r["share_se"]))
            for _, r in d.iterrows()}


# ------------------------------------------------------------------------------ the spec
@dataclass
class TuneSpec:
    game: str
    spaces: list
    objectives: list
    players: list
    base: dict = field(default_factory=dict)
    seed: int = 1
    budget: int = 50
    games: int | None = None  # fixed games per player count per trial; None: from the pilot
    precision: float = 0.01  # target half-width of a trial's objective interval (pilot mode)
    pilot_games: int = 20_000
    min_games: int = 2_000
    max_games: int = 500_000
    recheck: int = 3
    recheck_factor: float = 2.0  # re-checks play this many times a trial's games
    sampler: str = "tpe"
    unit: int = DEFAULT_UNIT
    name: str = ""
    strategy_dirs: tuple = ()

    def identity(self) -> dict:
        """What makes two tunes the same (the budget may grow: more trials continue the study)."""
        return dict(game=self.game, spaces=[s.doc() for s in self.spaces],
                    objectives=[o.doc() for o in self.objectives], players=self.players,
                    base={k: str(v) for k, v in sorted(self.base.items())}, seed=self.seed, games=self.games,
                    precision=self.precision, pilot_games=self.pilot_games, min_games=self.min_games,
                    max_games=self.max_games, recheck=self.recheck, recheck_factor=self.recheck_factor,
                    sampler=self.sampler, unit=self.unit, strategy_dirs=list(self.strategy_dirs))


def check_spec(g, spec: TuneSpec) -> dict:
    """Everything checked before anything runs or is written; returns the default values of the
    searched parameters (the base's, else the game's)."""
    if not spec.spaces:
        raise BadInput("--param", "name at least one parameter to search, e.g. --param crash_threshold=6..14")
    if not spec.objectives:
        raise BadInput("--objective", f"name at least one objective; allowed: {', '.join(OBJECTIVES)}")
    if spec.sampler not in SAMPLERS:
        raise BadInput("--sampler", f"{spec.sampler!r}; allowed: {', '.join(SAMPLERS)}")
    if spec.sampler == "cmaes":
        try:
            import cmaes  # noqa: F401
        except ImportError:
            raise BadInput("--sampler", "cmaes needs the cmaes package: pip install cmaes")
    names = [s.name for s in spec.spaces]
    if len(set(names)) != len(names):
        raise BadInput("--param", "a parameter is named twice")
    clash = set(names) & {g.param(k).name for k in spec.base}
    if clash:
        raise BadInput("--param", f"{sorted(clash)[0]} is both searched and set (--set); give it once")
    dirs = tuple(spec.strategy_dirs)
    cfgs = [g.resolve(dict(spec.base, players=p), dirs) for p in spec.players]
    defaults = {s.name: cfgs[0][s.name] for s in spec.spaces}
    # every end of every range must resolve at every player count with some ends of the other
    # searched parameters (cross-parameter rules, e.g. SC.9.1): a value that never can is refused;
    # a combination that cannot is an infeasible trial (optimise)
    import itertools

    ends = {s.name: ((s.lo, s.hi) if s.kind != "categorical" else s.choices) for s in spec.spaces}
    for s in spec.spaces:
        others = [[(k, None)] + [(k, v) for v in e] for k, e in ends.items() if k != s.name]
        for v in ends[s.name]:
            for p in spec.players:
                err = None
                for combo in itertools.product(*others):
                    ov = dict(spec.base, players=p, **{s.name: v}, **{k: x for k, x in combo if x is not None})
                    try:
                        g.resolve(ov, dirs)
                        err = None
                        break
                    except BadInput as e:
                        err = err or e
                if err is not None:
                    raise BadInput("--param", f"{s.name}={s.text()}: {v} never fits at {p} players ({err})")
    check_objectives(g, spec.objectives, cfgs)
    return defaults


# ------------------------------------------------------------------------------ the tune
def _sampler(kind: str, seed: int):
    import optuna

    s = seed % (2**32)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # multivariate TPE is marked experimental
        if kind == "cmaes":
            return optuna.samplers.CmaEsSampler(seed=s, n_startup_trials=STARTUP_TRIALS,
                                                independent_sampler=optuna.samplers.RandomSampler(seed=s),
                                                warn_independent_sampling=False)
        return optuna.samplers.TPESampler(seed=s, n_startup_trials=STARTUP_TRIALS, multivariate=True)


def open_study(out: Path):
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    return optuna.create_study(study_name="tune", storage=f"sqlite:///{Path(out).resolve() / 'study.db'}",
                               direction="minimize", load_if_exists=True)


class Infeasible(Exception):
    """A trial's values break a rule that ties parameters together (e.g. SC.9.1)."""


def optimise(study, spaces, evaluate_fn, budget: int, seed: int, sampler: str = "tpe", on_trial=None, log=None) -> int:
    """Run trials until the study holds `budget` finished ones; evaluate_fn(values, number) -> a dict
    with `value` (minimised), `lo`, `hi`, or raises Infeasible (the trial fails and counts against the
    budget, so a mostly infeasible space still ends). A trial left unfinished by an earlier run is finished
    first, with the values it was given. Returns the number of trials evaluated now."""
    import optuna
    from optuna.trial import TrialState

    ran = 0
    while True:
        trials = study.get_trials(deepcopy=False)
        done = [t for t in trials if t.state in (TrialState.COMPLETE, TrialState.FAIL)]  # FAIL: infeasible
        pending = [t for t in trials if t.state == TrialState.RUNNING]
        if pending:
            ft = pending[0]
            study.sampler = _sampler(sampler, derive_seed(seed, "sampler", ft.number))
            trial = optuna.trial.Trial(study, ft._trial_id)
        elif len(done) >= budget:
            return ran
        else:
            study.sampler = _sampler(sampler, derive_seed(seed, "sampler", len(trials)))
            trial = study.ask()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            values = {s.name: s.suggest(trial) for s in spaces}
        try:
            res = evaluate_fn(values, trial.number)
        except Infeasible as e:  # values that break a cross-parameter rule: no games, the sampler learns it
            trial.set_user_attr("infeasible", str(e))
            study.tell(trial.number, state=TrialState.FAIL)
            ran += 1
            if log:
                log(f"trial {trial.number}: " + ", ".join(f"{k}={v}" for k, v in values.items()) + f" -> infeasible ({e})")
            continue
        for k in ("lo", "hi", "half_width", "games"):
            if k in res:
                trial.set_user_attr(k, res[k])
        study.tell(trial.number, res["value"])
        ran += 1
        if log:
            log(f"trial {trial.number}: " + ", ".join(f"{k}={v}" for k, v in values.items())
                + f" -> {res['value']:.5g} ({res.get('lo', float('nan')):.4g}..{res.get('hi', float('nan')):.4g})")
        if on_trial is not None:
            on_trial(trial.number, values, res)


def importances(study) -> dict:
    """Parameter importances (PED-ANOVA: needs no scikit-learn), or why there are none."""
    import optuna
    from optuna.trial import TrialState

    done = [t for t in study.get_trials(deepcopy=False) if t.state == TrialState.COMPLETE]
    if len(done) < 4:
        return dict(values={}, note=f"only {len(done)} finished trial(s): too few to rank the parameters")
    if len({t.value for t in done}) < 2:
        return dict(values={}, note="every trial has the same objective: nothing to attribute")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ev = optuna.importance.PedAnovaImportanceEvaluator()
            imp = optuna.importance.get_param_importances(study, evaluator=ev)
    except (ValueError, RuntimeError, ZeroDivisionError) as e:
        return dict(values={}, note=f"importances could not be computed: {e}")
    return dict(values={k: float(v) for k, v in imp.items()},
                note=f"PED-ANOVA over {len(done)} trials: how much each parameter's values differ between the "
                     "best 10% of trials and all trials. The trial values are noisy and the sampler chose where to "
                     "look, so this says where the good trials lie, not a tested effect; with few trials, a rough "
                     "guide only")


def candidates(study, k: int) -> list[dict]:
    """The k best distinct value sets of the finished trials (best trial value first)."""
    from optuna.trial import TrialState

    done = sorted((t for t in study.get_trials(deepcopy=False) if t.state == TrialState.COMPLETE),
                  key=lambda t: (t.value, t.number))
    out, seen = [], set()
    for t in done:
        key = json.dumps(t.params, sort_keys=True, default=str)
        if key in seen:
            continue
        seen.add(key)
        out.append(dict(trial=t.number, params=dict(t.params), trial_value=t.value,
                        trial_lo=t.user_attrs.get("lo"), trial_hi=t.user_attrs.get("hi")))
        if len(out) == k:
            break
    return out


def games_for(spec: TuneSpec, pilot: dict | None) -> int:
    """Games per player count per trial: fixed, or the pilot's count scaled so the objective's
    interval half-width is about the precision asked (half-widths scale as 1/sqrt(games))."""
    if spec.games:
        return spec.games
    hw = pilot["half_width"]
    n = spec.pilot_games * (hw / spec.precision) ** 2 if math.isfinite(hw) and hw > 0 else spec.pilot_games
    # not rounded to whole work units: a cell's last unit may be short (run_sweep), and rounding
    # up to 16,384 games could nearly double a trial's cost for nothing asked
    return int(min(max(math.ceil(n), spec.min_games), spec.max_games))


def run_tune(g, spec: TuneSpec, out: Path, threads: int = 0, scheduler: str | None = None, log=None,
             on_trial=None, evaluator=None) -> dict:
    """Run (or resume) a tune into `out`; returns the result document (also OUT/tune.json).

    evaluator(values, seed, games, where) -> evaluate() dict; by default the trial's cells are played
    with run_sweep into `where`. (Tests pass a synthetic one.)"""
    from .store import read_json, write_json, writable_dir
    from .sweep import check_scheduler

    t0 = time.perf_counter()
    defaults = check_spec(g, spec)
    if scheduler:
        check_scheduler(scheduler)
    out = writable_dir(Path(out), "--out")
    ident = spec.identity()
    meta_p = out / "meta.json"
    if meta_p.exists():
        prev = read_json(meta_p, "--out", ("kind", "game"))
        if prev.get("kind") != "tune" or prev.get("definition") != json.loads(json.dumps(ident, default=str)):
            raise BadInput("--out", f"{out} holds another {prev.get('kind', '?')} ({prev.get('game')}) or a tune "
                                    "with other settings; choose a new directory (only --budget may change)")
    else:
        from . import __version__

        write_json(meta_p, dict(kind="tune", game=g.name, definition=ident, simsuite_version=__version__,
                                name=spec.name, created=time.strftime("%Y-%m-%dT%H:%M:%S")))
    if evaluator is None:
        evaluator = _sweep_evaluator(g, spec, threads, scheduler)
    say = log or (lambda s: None)

    pilot = None
    if not spec.games:
        say(f"pilot: the default values at {spec.pilot_games:,} games per player count ...")
        pilot = evaluator(defaults, derive_seed(spec.seed, "pilot"), spec.pilot_games, out / "pilot")
    n = games_for(spec, pilot)
    say(f"{n:,} games per player count per trial")

    study = open_study(out)
    trial_seeds = {}

    def one(values, number):
        trial_seeds[number] = derive_seed(spec.seed, "trial", number)
        return evaluator(values, trial_seeds[number], n, out / "trials" / f"{number:05d}")

    t_search = time.perf_counter()
    ran = optimise(study, spec.spaces, one, spec.budget, spec.seed, spec.sampler, on_trial, say)
    t_search = time.perf_counter() - t_search

    # re-check: the best distinct candidates and the defaults on fresh seeds, with more games
    cands = candidates(study, spec.recheck)
    n_re = int(math.ceil(n * spec.recheck_factor))
    rows = [dict(trial=None, params=defaults, trial_value=None, trial_lo=None, trial_hi=None, is_default=True)]
    rows += [dict(c, is_default=c["params"] == defaults) for c in cands]
    for i, r in enumerate(rows):
        say(f"re-check {i}: " + ("defaults" if r["trial"] is None else f"trial {r['trial']}") + " ...")
        where = out / "recheck" / (f"{i:02d}-default" if r["trial"] is None else f"{i:02d}-trial{r['trial']:05d}")
        r["recheck"] = evaluator(r["params"], derive_seed(spec.seed, "recheck", i), n_re, where)
        r["recheck_dir"] = str(where.relative_to(out))
    # the defaults compete too: when nothing tried beats them after the re-check, they stay best
    best = min(rows, key=lambda r: (r["recheck"]["value"], -1 if r["trial"] is None else r["trial"]))
    doc = dict(kind="tune", game=g.name, name=spec.name, spec=ident, defaults=defaults,
               games_per_trial=n, games_per_recheck=n_re, pilot=pilot, trials=_trial_rows(study),
               trials_run_now=ran, infeasible=_infeasible(study), rechecks=rows, best=best, default=rows[0],
               importances=importances(study),
               seconds=dict(total=time.perf_counter() - t0, search=t_search))
    prev = read_json(out / "tune.json", "--out") if (out / "tune.json").exists() else {}
    # every run of this tune (a resumed one does only what was left): the report sums them
    doc["runs"] = list(prev.get("runs", [])) + [dict(finished=time.strftime("%Y-%m-%dT%H:%M:%S"),
                                                     seconds=doc["seconds"]["total"], trials=ran)]
    doc["headline"] = headline(doc)
    write_json(out / "tune.json", doc)
    import pandas as pd

    pd.DataFrame([dict(trial=t["trial"], value=t["value"], lo=t["lo"], hi=t["hi"], **t["params"])
                  for t in doc["trials"]]).to_csv(out / "trials.csv", index=False)
    return doc


def _infeasible(study) -> int:
    from optuna.trial import TrialState

    return sum(t.state == TrialState.FAIL for t in study.get_trials(deepcopy=False))


def _trial_rows(study) -> list[dict]:
    from optuna.trial import TrialState

    return [dict(trial=t.number, params=dict(t.params), value=t.value, lo=t.user_attrs.get("lo"),
                 hi=t.user_attrs.get("hi"), games=t.user_attrs.get("games"))
            for t in study.get_trials(deepcopy=False) if t.state == TrialState.COMPLETE]


def _sweep_evaluator(g, spec: TuneSpec, threads, scheduler):
    """Play the values at every player count as one sweep (one cell per count) and evaluate it."""
    from .store import read_results
    from .sweep import run_sweep

    def play(values, seed, n_games, where):
        base = dict(spec.base, **values)
        for p in spec.players:
            try:
                g.resolve(dict(base, players=p), tuple(spec.strategy_dirs))
            except BadInput as e:
                raise Infeasible(str(e))
        axes = {"players": ",".join(map(str, spec.players))}
        run_sweep(g, base, axes, n_games, seed, where, tuple(spec.strategy_dirs), threads, spec.unit, scheduler,
                  definition_name=f"{spec.name or 'tune'} {where.name}", progress=False)
        return evaluate(spec.objectives, read_results(where))

    return play


# ------------------------------------------------------------------------------ wording
def fmt_objective(doc: dict, v: float) -> str:
    """An objective value as a reader takes it: percentage points for a single win-share objective."""
    if v is None or not math.isfinite(v):
        return "n/a"
    obs = doc["spec"]["objectives"]
    if len(obs) == 1 and obs[0]["kind"] in ("seat-fairness", "alien-spread", "strategy-gap") and obs[0]["weight"] == 1:
        return f"{100 * v:.2f} pp"
    return f"{v:.4g}"


def fmt_interval(doc: dict, r: dict) -> str:
    return (f"{fmt_objective(doc, r['value'])} (95% interval {fmt_objective(doc, r['lo'])} to "
            f"{fmt_objective(doc, r['hi'])})")


def _players_text(players) -> str:
    p = sorted(players)
    if len(p) > 1 and p == list(range(p[0], p[-1] + 1)):
        return f"{p[0]}–{p[-1]} players"
    return ", ".join(map(str, p)) + (" players" if len(p) > 1 else " players")


def headline(doc: dict) -> str:
    """One plain sentence: which values, from what to what, at which player counts, and whether the
    re-checked gain is beyond the noise."""
    best, dflt = doc["best"], doc["default"]
    b, d = best["recheck"], dflt["recheck"]
    obs = doc["spec"]["objectives"]
    what = "the " + obs[0]["label"] if len(obs) == 1 else "the weighted objective (" + " + ".join(
        f"{o['weight']:g} × {o['label']}" for o in obs) + ")"
    where = _players_text(doc["spec"]["players"])
    if best["is_default"] or best["trial"] is None:
        return (f"No tried values beat the defaults after the re-check: {what} stays at "
                f"{fmt_interval(doc, d)} at {where}.")
    order = [sp["name"] for sp in doc["spec"]["spaces"]]  # as searched (tune.json's keys are sorted)
    changed = {k: best["params"][k] for k in order if doc["defaults"].get(k) != best["params"].get(k)}
    parts = [f"{k} {v}" for k, v in changed.items()]
    vals = ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]
    # "cut" only for a gain beyond the noise (a test of the difference: two intervals that overlap can
    # still differ significantly); a lower value inside the noise is only "moved"
    g = gain_test(d, b, len(obs))
    verb = ("cut" if g["sig"] else "move") + ("s" if len(parts) == 1 else "")
    gain = (f"{fmt_objective(doc, g['diff'])} (one-sided 95% lower bound "
            f"{fmt_objective(doc, g['diff'] - _z(2 * ALPHA) * g['se'])})")
    sure = (f" — a gain of {gain}, significant (one-sided z-test of the difference of the re-checks, "
            f"p = {g['p']:.3g})" if g["sig"] else
            f" — a gain of {gain}, not significant (one-sided z-test of the difference of the re-checks, "
            f"p = {g['p']:.3g}), so it is not established")
    ci = lambda r: f"{fmt_objective(doc, r['value'])} [{fmt_objective(doc, r['lo'])}, {fmt_objective(doc, r['hi'])}]"  # noqa: E731
    text = (f"{vals} {verb} {what} from {ci(d)} to {ci(b)} at {where} (95% intervals, re-checked on fresh "
            f"games){sure}.")
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
        z = _z(ALPHA / max(n_objectives, 1) / max(int(o.get("components", 1) or 1), 1))
        var += (o.get("weight", 1.0) * (o["hi"] - o["value"]) / z) ** 2
    return math.sqrt(var)


def gain_test(default: dict, best: dict, n_objectives: int = 1) -> dict:
    """Is the best candidate's re-checked objective lower than the defaults'? One-sided z-test of
    the difference (independent re-check games: the variances add): diff (default - best), se, p,
    sig at ALPHA."""
    from scipy.stats import norm

    diff = float(default["value"] - best["value"])
    se = math.hypot(objective_se(default, n_objectives), objective_se(best, n_objectives))
    p = float(norm.sf(diff / se)) if se > 0 else float("nan")
    return dict(diff=diff, se=se, p=p, sig=bool(p < ALPHA))


def start_change(sb: dict, sd: dict) -> dict | None:
    """The start player's win share minus fair, averaged over the player counts, for the best values
    and the defaults (re-checks: independent games, so the variances add) and their difference."""
    keys = sorted(set(sb) & set(sd), key=int)
    if not keys:
        return None
    z = _z(ALPHA)
    mb = float(np.mean([sb[k]["dev"] for k in keys]))
    md = float(np.mean([sd[k]["dev"] for k in keys]))
    var = sum((sb[k]["half_width"] / z) ** 2 + (sd[k]["half_width"] / z) ** 2 for k in keys) / len(keys) ** 2
    return dict(best=mb, default=md, diff=mb - md, half_width=z * math.sqrt(var))


def load_tune_file(path: Path) -> dict:
    """A tune definition (configs/tunes/*.toml), keys checked."""
    import tomllib

    try:
        with open(path, "rb") as f:
            d = tomllib.load(f)
    except FileNotFoundError:
        raise BadInput("--config", f"{path} does not exist")
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise BadInput("--config", f"{path} is not a valid UTF-8 TOML file: {e}")
    except OSError as e:
        raise BadInput("--config", f"cannot read {path}: {e.strerror or e}")
    if "kind" in d:  # a tune plan (Game.tune_plans): its module checks its own keys
        return d
    allowed = {"name", "game", "description", "players", "budget", "seed", "games", "precision", "pilot_games",
               "min_games", "max_games", "recheck", "recheck_factor", "sampler", "unit", "set", "params",
               "objective", "strategy_dirs"}
    for k in d:
        if k not in allowed:
            raise BadInput("--config", f"{Path(path).name}: unknown key {k!r}; allowed: {', '.join(sorted(allowed))}")
    for k in ("set", "params"):
        if k in d and not isinstance(d[k], dict):
            raise BadInput("--config", f"{Path(path).name}: [{k}] must be a table")
    if "objective" in d and not (isinstance(d["objective"], list) and all(isinstance(t, dict) for t in d["objective"])):
        raise BadInput("--config", f"{Path(path).name}: objectives are [[objective]] tables with kind = ...")
    return d


def parse_players(g, text) -> list[int]:
    from .params import split_values

    p = g.param("players")
    vals = sorted({p.parse(v) for v in split_values(p, str(text))})
    if not vals:
        raise BadInput("--players", f"no player counts; allowed: {p.allowed()}")
    return vals


def log_stderr(s: str) -> None:
    print(s, file=sys.stderr, flush=True)


def build_spec(g, spec_file: dict, params=(), objectives=(), players=None, sets=(), strategies=None, seed=None,
               budget=None, games=None, precision=None, recheck=None, sampler=None, unit=None, max_games=None,
               pilot_games=None, name=None, strategy_dirs=()) -> TuneSpec:
    """A TuneSpec from a tune file's values with the command line's over them (the CLI's options
    replace the file's; --param and --objective, when given, replace the file's lists)."""
    from .params import parse_assignment

    f = spec_file
    spaces = {}
    if params:
        for text in params:
            k, v = parse_assignment(text) if "=" in text else (text, "")
            if not v:
                raise BadInput("--param", f"expected NAME=RANGE (e.g. crash_threshold=6..14), got {text!r}")
            s = parse_space(g, k, v)
            spaces[s.name] = s
    else:
        for k, v in f.get("params", {}).items():
            s = parse_space(g, k, ",".join(map(str, v)) if isinstance(v, list) else v)
            spaces[s.name] = s
    metrics = game_metric_names(g)
    obs = [parse_objective(o, metrics) for o in (objectives or f.get("objective", []))]
    base = {g.param(k).name: v for k, v in f.get("set", {}).items()}
    if strategies is not None:
        base["strategies"] = strategies
    for text in sets:
        k, v = parse_assignment(text)
        base[g.param(k).name] = v
    base.setdefault("rotate", True)  # every strategy plays every seat: seat effects are not line-up effects
    if players is None and "players" not in f:  # by default every player count the configuration allows
        need = g.players_need(base)  # (Cosmic: AH2000 2..4, FFG2008 3..5), not the game's whole range
        players = f"{need.start}..{need.stop - 1}"
    pl = parse_players(g, players if players is not None else f["players"])
    base.pop("players", None)

    def num(key, cli, kind, lo, hi, default):
        v = cli if cli is not None else f.get(key, default)
        if v is None:
            return None
        if isinstance(v, bool) or not isinstance(v, (int, float)) or (kind is int and int(v) != v) or not lo <= v <= hi:
            raise BadInput(key, f"{v!r}; allowed: {'an integer' if kind is int else 'a number'} {lo}..{hi}")
        return kind(v)

    return TuneSpec(
        game=g.name, spaces=list(spaces.values()), objectives=obs, players=pl, base=base,
        seed=num("seed", seed, int, 0, 2**64 - 1, 1), budget=num("budget", budget, int, 1, 100_000, 50),
        games=num("games", games, int, 100, 10**9, None), precision=num("precision", precision, float, 1e-5, 1e6, 0.01),
        pilot_games=num("pilot_games", pilot_games, int, 100, 10**9, 20_000),
        min_games=num("min_games", None, int, 100, 10**9, 2_000),
        max_games=num("max_games", max_games, int, 100, 10**9, 500_000),
        recheck=num("recheck", recheck, int, 1, 50, 3), recheck_factor=num("recheck_factor", None, float, 1, 100, 2.0),
        sampler=str(sampler or f.get("sampler", "tpe")), unit=num("unit", unit, int, 1, 10**9, DEFAULT_UNIT),
        name=name or f.get("name", ""), strategy_dirs=tuple(strategy_dirs) + tuple(f.get("strategy_dirs", ())))


def tune_status(path: Path) -> dict:
    """`simsuite status` of a tune directory: trials finished, unfinished and infeasible, the best
    trial so far and the re-checks on disk."""
    from optuna.trial import TrialState

    path = Path(path)
    trials = open_study(path).get_trials(deepcopy=False) if (path / "study.db").exists() else []
    done = [t for t in trials if t.state == TrialState.COMPLETE]
    best = min(done, key=lambda t: (t.value, t.number)) if done else None
    return dict(dir=str(path), kind="tune", trials_done=len(done),
                trials_unfinished=sum(t.state == TrialState.RUNNING for t in trials),
                infeasible=sum(t.state == TrialState.FAIL for t in trials),
                best_trial=None if best is None else dict(trial=best.number, value=best.value, params=best.params),
                rechecks_done=len(list((path / "recheck").glob("*/manifest.json"))),
                finished=(path / "tune.json").exists())
