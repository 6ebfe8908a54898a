"""Tuning: search rule parameters for the values that minimise a balance objective.

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
defaults are played again on fresh seeds with more games, and the lowest re-check chooses the best.
That re-check is itself the lowest of several, so the chosen values and the defaults are played once
more on fresh seeds (the final check): the headline's values and its test of the gain read those.
The first trials are random start-up trials, a third of the budget at most (startup_trials).

Intervals: a max over many components (every turn-order position at every player count) gets a
simultaneous interval (Bonferroni over its components); with several objectives each gets level
1 - 0.05/K, so the weighted sum's interval (the sum of the bounds) holds at 95% jointly.
"""
from __future__ import annotations

from .driver import (  # noqa: F401  (the package's public names)
    STARTUP_TRIALS,
    Infeasible,
    candidates,
    games_for,
    importances,
    log_stderr,
    open_study,
    optimise,
    run_tune,
    startup_trials,
    tune_status,
)
from .objectives import (  # noqa: F401  (the package's public names)
    ALPHA,
    OBJECTIVE_KEYS,
    OBJECTIVES,
    WIN_SHARE,
    Objective,
    check_objectives,
    evaluate,
    game_metric_names,
    in_pp,
    is_label_spread,
    known_spreads,
    label_share,
    objective_names,
    parse_objective,
    z_crit,
)

# the package's modules by concern: space (search spaces, seeds), objectives (what a trial minimises,
# and its evaluation), spec (the tune definition), driver (Optuna, trials, re-checks), wording (the
# headline), report (the tune report); their names are importable from simsuite.tune as before
from .space import (  # noqa: F401  (the package's public names)
    Space,
    derive_seed,
    example_space,
    parse_space,
)
from .spec import (  # noqa: F401  (the package's public names)
    DEFAULT_UNIT,
    SAMPLERS,
    TuneSpec,
    build_spec,
    check_spec,
    load_tune_file,
    parse_players,
)
from .wording import (  # noqa: F401  (the package's public names)
    fmt_interval,
    fmt_objective,
    gain_test,
    headline,
    headline_checks,
    objective_se,
    start_change,
)
