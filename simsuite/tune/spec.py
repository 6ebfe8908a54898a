"""The tune definition: a TOML file and the command line's values over it, checked before
anything runs or is written."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..engine.params import parse_assignment, parse_count, split_values
from ..errors import BadInput
from ..scaffold.data import read_toml
from .objectives import check_objectives, game_metric_names, known_spreads, objective_names, parse_objective
from .space import example_space, parse_space

SAMPLERS = ("tpe", "cmaes")
TUNE_WHAT = "a tune definition (a TOML file)"
DEFAULT_UNIT = 1 << 14  # games per work unit of a trial


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
        raise BadInput("--param", f"name at least one parameter to search, e.g. --param {example_space(g)}")
    if not spec.objectives:
        raise BadInput("--objective", f"name at least one objective; allowed: {', '.join(objective_names(known_spreads([g])))}")
    if spec.sampler not in SAMPLERS:
        raise BadInput("--sampler", f"{spec.sampler!r}; allowed: {', '.join(SAMPLERS)}")
    if spec.sampler == "cmaes":
        try:
            import cmaes  # noqa: F401  (only whether it is installed)
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


def load_tune_file(path: Path) -> dict:
    """A tune definition (configs/tunes/*.toml), keys checked."""
    d = read_toml(path, "--config", TUNE_WHAT)
    if "kind" in d:  # a tune plan (Game.tune_plans): the plan checks its own keys
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
    p = g.param("players")
    vals = sorted({p.parse(v) for v in split_values(p, str(text))})
    if not vals:
        raise BadInput("--players", f"no player counts; allowed: {p.allowed()}")
    return vals


def build_spec(g, spec_file: dict, params=(), objectives=(), players=None, sets=(), strategies=None, seed=None,
               budget=None, games=None, precision=None, recheck=None, sampler=None, unit=None, max_games=None,
               pilot_games=None, name=None, strategy_dirs=(), spreads=None) -> TuneSpec:
    """A TuneSpec from a tune file's values with the command line's over them (the CLI's options
    replace the file's; --param and --objective, when given, replace the file's lists). `spreads`:
    the label-spread objectives an objective may name (known_spreads; default: the game's own)."""
    f = spec_file
    spaces = {}
    if params:
        for text in params:
            k, v = parse_assignment(text) if "=" in text else (text, "")
            if not v:
                raise BadInput("--param", f"expected NAME=RANGE (e.g. {example_space(g)}), got {text!r}")
            s = parse_space(g, k, v)
            spaces[s.name] = s
    else:
        for k, v in f.get("params", {}).items():
            s = parse_space(g, k, ",".join(map(str, v)) if isinstance(v, list) else v)
            spaces[s.name] = s
    metrics = game_metric_names(g)
    spreads = known_spreads([g]) if spreads is None else spreads
    obs = [parse_objective(o, metrics, spreads) for o in (objectives or f.get("objective", []))]
    base = {g.param(k).name: v for k, v in f.get("set", {}).items()}
    if strategies is not None:
        base["strategies"] = strategies
    for text in sets:
        k, v = parse_assignment(text)
        base[g.param(k).name] = v
    base.setdefault("rotate", True)  # every strategy plays every seat: seat effects are not line-up effects
    if players is None and "players" not in f:  # by default every player count the configuration allows
        need = g.players_need(base)  # (an edition may allow fewer), not the game's whole range
        players = f"{need.start}..{need.stop - 1}"
    pl = parse_players(g, players if players is not None else f["players"])
    base.pop("players", None)

    def num(key, cli, kind, lo, hi, default):
        v = cli if cli is not None else f.get(key, default)
        if v is None:
            return None
        if kind is int and key in ("games", "pilot_games", "min_games", "max_games", "unit"):
            return parse_count(v, lo, hi, key, key, text=cli is not None)  # 1_000_000 or 1e6, as --games takes them
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
        sampler=str(sampler or f.get("sampler", "tpe")).strip().lower(), unit=num("unit", unit, int, 1, 10**9, DEFAULT_UNIT),
        name=name or f.get("name", ""), strategy_dirs=tuple(strategy_dirs) + tuple(f.get("strategy_dirs", ())))
