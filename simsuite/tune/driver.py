"""The Optuna driver: the study, the trials played as sweeps, the pilot, the re-checks of the
best candidates on fresh seeds, and the progress of a tune directory."""
from __future__ import annotations

import json
import math
import sys
import time
import warnings
from pathlib import Path

from .. import __version__
from ..errors import BadInput
from ..progress import fmt_duration
from ..store import read_json, read_results, writable_dir, write_json
from ..sweep import check_scheduler, run_sweep
from .objectives import evaluate
from .space import derive_seed
from .spec import TuneSpec, check_spec
from .wording import headline

STARTUP_TRIALS = 10  # the most random start-up trials before TPE/CMA-ES model the history


def startup_trials(budget: int) -> int:
    """Random start-up trials for a tune of `budget` trials: at most a third of them (and at most
    STARTUP_TRIALS), so that most of the budget is guided by the sampler's model; at least one (the
    first proposal has no history to model)."""
    return max(1, min(STARTUP_TRIALS, int(budget) // 3))


def _startup_of(study, budget: int) -> int:
    """The start-up count of this study: fixed when its first trial is asked for, from the budget of
    that run, and kept in the study, so that a resumed or extended tune proposes what an uninterrupted
    one would. A study begun before the count depended on the budget used STARTUP_TRIALS."""
    n = study.user_attrs.get("startup_trials")
    if n is None:
        n = STARTUP_TRIALS if study.get_trials(deepcopy=False) else startup_trials(budget)
        study.set_user_attr("startup_trials", int(n))
    return int(n)


# ------------------------------------------------------------------------------ the tune
def _sampler(kind: str, seed: int, startup: int = STARTUP_TRIALS):
    import optuna

    s = seed % (2**32)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # multivariate TPE is marked experimental
        if kind == "cmaes":
            return optuna.samplers.CmaEsSampler(seed=s, n_startup_trials=startup,
                                                independent_sampler=optuna.samplers.RandomSampler(seed=s),
                                                warn_independent_sampling=False)
        return optuna.samplers.TPESampler(seed=s, n_startup_trials=startup, multivariate=True)


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
    t0 = time.perf_counter()

    def pace(done_now: int) -> str:
        """`(3 of 40 trials; 12 s a trial, about 7.4 min left)`"""
        each = (time.perf_counter() - t0) / ran if ran else float("nan")
        left = max(0, budget - done_now)
        return f" ({done_now} of {budget} trials; {fmt_duration(each)} a trial, about {fmt_duration(left * each)} left)"

    startup = _startup_of(study, budget)
    while True:
        trials = study.get_trials(deepcopy=False)
        done = [t for t in trials if t.state in (TrialState.COMPLETE, TrialState.FAIL)]  # FAIL: infeasible
        pending = [t for t in trials if t.state == TrialState.RUNNING]
        if pending:
            ft = pending[0]
            study.sampler = _sampler(sampler, derive_seed(seed, "sampler", ft.number), startup)
            trial = optuna.trial.Trial(study, ft._trial_id)
        elif len(done) >= budget:
            return ran
        else:
            study.sampler = _sampler(sampler, derive_seed(seed, "sampler", len(trials)), startup)
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
                log(f"trial {trial.number}: " + ", ".join(f"{k}={v}" for k, v in values.items()) + f" -> infeasible ({e})"
                    + pace(len(done) + 1))
            continue
        for k in ("lo", "hi", "half_width", "games"):
            if k in res:
                trial.set_user_attr(k, res[k])
        study.tell(trial.number, res["value"])
        ran += 1
        if log:
            log(f"trial {trial.number}: " + ", ".join(f"{k}={v}" for k, v in values.items())
                + f" -> {res['value']:.5g} ({res.get('lo', float('nan')):.4g}..{res.get('hi', float('nan')):.4g})"
                + pace(len(done) + 1))
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
             on_trial=None, evaluator=None, notice=None) -> dict:
    """Run (or resume) a tune into `out`; returns the result document (also OUT/tune.json).

    evaluator(values, seed, games, where) -> evaluate() dict; by default the trial's cells are played
    with run_sweep into `where`. (Tests pass a synthetic one.) `notice`: a runner.KernelNotice for
    the first sweep (compiled or loaded)."""
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
        write_json(meta_p, dict(kind="tune", game=g.name, definition=ident, simsuite_version=__version__,
                                name=spec.name, created=time.strftime("%Y-%m-%dT%H:%M:%S")))
    if evaluator is None:
        # a trial of a slow game lasts minutes: its games' progress too, where the trials are logged
        evaluator = _sweep_evaluator(g, spec, threads, scheduler, progress=None if log else False, notice=notice)
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
    # the final check: the chosen values and the defaults once more, each on fresh seeds of its own.
    # The chosen re-check is the lowest of several noisy values (biased low, and the defaults' re-check
    # biased high when they lost); the final values are not chosen from anything, so their difference
    # is unbiased and the headline's test of it holds its error rate whatever was picked
    final = {}
    for key, r in (("default", rows[0]), ("chosen", best)):
        say(f"final check of the {'defaults' if key == 'default' else 'chosen values'} ...")
        # named by what it plays: a larger budget may choose other values, which then get their own games
        where = out / "final" / (key if key == "default" else
                                 "chosen-" + ("default" if r["trial"] is None else f"trial{r['trial']:05d}"))
        final[key] = dict(r, final=evaluator(r["params"], derive_seed(spec.seed, "final", key), n_re, where),
                          final_dir=str(where.relative_to(out)))
    doc = dict(kind="tune", game=g.name, name=spec.name, spec=ident, defaults=defaults,
               games_per_trial=n, games_per_recheck=n_re, pilot=pilot, trials=_trial_rows(study),
               trials_run_now=ran, infeasible=_infeasible(study), rechecks=rows, best=final["chosen"],
               default=final["default"], startup_trials=_startup_of(study, spec.budget),
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


def _sweep_evaluator(g, spec: TuneSpec, threads, scheduler, progress: bool | None = False, notice=None):
    """Play the values at every player count as one sweep (one cell per count) and evaluate it."""
    def play(values, seed, n_games, where):
        base = dict(spec.base, **values)
        for p in spec.players:
            try:
                g.resolve(dict(base, players=p), tuple(spec.strategy_dirs))
            except BadInput as e:
                raise Infeasible(str(e))
        axes = {"players": ",".join(map(str, spec.players))}
        run_sweep(g, base, axes, n_games, seed, where, tuple(spec.strategy_dirs), threads, spec.unit, scheduler,
                  definition_name=f"{spec.name or 'tune'} {where.name}", progress=progress, notice=notice)
        return evaluate(spec.objectives, read_results(where))

    return play


def log_stderr(s: str) -> None:
    print(s, file=sys.stderr, flush=True)


def tune_status(path: Path) -> dict:
    """`simsuite status` of a tune directory: trials finished, unfinished and infeasible, the best
    trial so far and the re-checks and final checks on disk."""
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
                final_checks_done=len(list((path / "final").glob("*/manifest.json"))),
                finished=(path / "tune.json").exists())
