"""What every game provides to the runner, store, statistics and CLI."""
from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from simsuite.engine.codegen import StrategyInfo, build_kernel, code_digest, discover
from simsuite.engine.kernel_common import new_log

# the kernel prelude every game shares (_decide, _shuffle, the turn loop's and the record's helpers): pasted
# after the game's first kernel part. The modules a kernel is compiled from are found from its imports
# (simsuite.engine.kernel_contract.derived_deps), never listed by hand.
from simsuite.engine.kernel_contract import PRELUDE, check_params
from simsuite.engine.params import Param
from simsuite.errors import BadInput, did_you_mean

# run_batch's log and state arguments when it plays a batch: a log of one row means "no replay"
_NO_LOG = new_log(1)
_NO_STATE = np.zeros(1, np.int64)


@dataclass(frozen=True)
class Metric:
    """A per-game figure (a key of Game.game_metrics) and what the shared modules do with it: the
    statistics keep an exact histogram (`hist`), the report charts its mean per cell (`chart`:
    "own" = a chart of its own, "beside_spread" = a panel beside the final-score spread) or its
    distribution (`dist`, needs `hist`), says how it moves along a swept axis (`trend`), and
    `sweep` prints it (`summary`)."""

    name: str
    label: str  # "crashes per game": axis labels and table headings
    unit: str = ""  # what one count is ("crashes"): chart titles
    hist: bool = False
    chart: str = ""  # "", "own" or "beside_spread"
    dist: bool = False
    trend: str = ""  # the phrase of a trend finding, e.g. "the crash rate (crashes per game)"; "" = none
    summary: bool = False
    title: str = ""  # chart title ("" = the label, capitalised)
    percent: bool = False  # a 0/1 per game: its mean is a share of games, shown as a percentage


@dataclass(frozen=True)
class Shortcut:
    """A command-line option that stands for `--set param=VALUE` (e.g. a game's `--x` for a
    parameter its users set all the time)."""

    option: str  # "--name"
    param: str
    metavar: str = "VALUE"
    help: str = ""


@dataclass(frozen=True)
class BenchDefaults:
    """What `simsuite bench GAME` measures unless told otherwise: player counts, line-up, the
    parameters it fixes (`sets`), and the resolved parameters its result names (`record`)."""

    players: str = ""  # "3,4,6"; "" = the game's smallest player count
    strategies: str = ""  # "" = the game's default line-up
    sets: tuple[tuple[str, str], ...] = ()
    record: tuple[str, ...] = ()
    note: str = ""  # a line of `bench --help`


@dataclass(frozen=True)
class ReportKit:
    """What the report hands a game's own section (Game.report_sections) to draw with: the shared
    report's table and interval formats and its bar chart. Handed in rather than imported, so no
    game module imports the report, which looks games up in the registry."""

    table: Callable  # DataFrame -> HTML table in the report's style
    pct_ci: Callable  # (p, lo, hi) -> "12.3% (11.0–13.6%)"
    hbars: Callable  # (ax, x, y, left error, right error, colours): horizontal bars with error bars


@dataclass(frozen=True)
class TunePlan:
    """A game's tune plan: a configs/tunes file with kind = NAME (a key of Game.tune_plans) runs
    `run` instead of one tune, and `simsuite report` of its directory (OUT/plan.json) calls `report`.
    The game carries the callables, so the command line calls them with the game in hand and no
    shared module imports the plan."""

    run: Callable  # (g, definition, out, threads, scheduler, log=, budget=, games=, seed=, players=) -> document
    report: Callable  # (plan directory, report directory or None) -> dict(html, headline, ...)


@dataclass(frozen=True)
class LabelSpread:
    """A tune objective a game names: the largest deviation of one of its labels' win share from fair
    (the groups table's rows of kind `kind`, say each alien's). Its objective is called "<kind>-spread"."""

    kind: str  # the groups table's kind, e.g. "alien"
    noun: str  # one label in a sentence: "an alien"
    plural: str  # "aliens"
    param: str = ""  # the parameter that puts labels at the table ("" = they always are)
    off: str = "none"  # that parameter's value with no labels at the table
    hint: str = ""  # how to put them there, e.g. "--set aliens=random or all"
    exclude: tuple[str, ...] = ("none",)  # group keys that are no label (a seat without one)

    @property
    def objective(self) -> str:
        return f"{self.kind}-spread"


# ---- the standard parameters every game has (the kernel header's C_NP, C_ROTATE, C_MAX_TURNS and the
# line-up; kernel_contract.check_params refuses a game without them): name, kind, slot and aliases are
# declared here once, the game gives its defaults, range, rule id and wording
LINEUP_DOC = "strategy per seat, comma-separated; a shorter line-up repeats round the table"
ROTATE = Param("rotate", "bool", False, "rotate the line-up through the seats game by game", slot="C_ROTATE")


def players_param(default: int, lo: int, hi: int, doc: str = "number of players", rule: str = "") -> Param:
    """`players`: hi is the game's seat count (its api's MAX_P)."""
    return Param("players", "int", default, doc, rule, lo, hi, aliases=("n_players",), slot="C_NP")


def strategies_param(default: str, doc: str = LINEUP_DOC) -> Param:
    return Param("strategies", "lineup", default, doc)


def max_turns_param(default: int, lo: int, hi: int, doc: str, rule: str = "") -> Param:
    """`max_turns`: the turn cap; a game that reaches it is a timeout (no winner)."""
    return Param("max_turns", "int", default, doc, rule, lo, hi, slot="C_MAX_TURNS")


# per-game metrics every game has (the runner and report rely on their meaning)
TURNS = Metric("turns", "turns per game", "turns", hist=True, dist=True, trend="the mean game length (turns)",
               summary=True, title="Game length distribution")
TIMEOUT = Metric("timeout", "games that hit the turn cap", summary=True, percent=True)
SHARED_WIN = Metric("shared_win", "games with a shared win", summary=True, percent=True)


class Game:
    name: str = ""  # CLI name, e.g. "star-cartel"
    dirname: str = ""  # strategies/<dirname>, configs/<dirname>
    strategy_dir: Path | None = None  # the built-in strategies' folder, if not the package's strategies/<dirname>
    title: str = ""
    rules: str = ""  # rules contract file
    min_players = 2
    default_strategies = "random"
    params: tuple[Param, ...] = ()
    kernel_files: tuple[Path, ...] = ()  # the kernel's parts, pasted in this order into one module (codegen)
    # files the kernel depends on that no import shows (data read at compile time); the modules its
    # parts and strategies import are found from the imports (codegen.all_deps)
    kernel_deps: tuple[Path, ...] = ()
    # module with a jitted redeal_hidden(st, cfg, me) -> 0/1 that deals afresh what seat `me` may not
    # see (the rules' information model): `simsuite check strategy`'s hidden-information test; "" = none
    hidden_module: str = ""
    api = None  # the game's api module: its layout constants (the C_* slots of its params, CFG_SIZE)
    layout = None  # simsuite.engine.records.RecordLayout of the per-game record
    state_size = 0  # length of the int64 state array
    replay_log_rows = 20_000
    record_columns: dict = {}  # names of a vector field's columns where not FIELD_i (field -> names)
    shared_win_note = "a high rate: the tie-break may need a look"  # report text for frequent shared wins
    metrics: tuple[Metric, ...] = (TURNS, SHARED_WIN, TIMEOUT)
    shortcuts: tuple[Shortcut, ...] = ()
    bench: BenchDefaults = BenchDefaults()
    label_spreads: tuple[LabelSpread, ...] = ()  # the label-spread objectives `simsuite tune` offers for it
    tune_example: str = ""  # a search range error messages of `simsuite tune` show ("" = one from the params)
    # the game's own sections: callables (res, out_dir, kit: ReportKit) -> (html, charts, headline)
    report_sections: tuple = ()
    # tune plans: kind -> TunePlan (a configs/tunes file with kind = NAME runs the plan instead of one tune)
    tune_plans: dict = {}

    def tune_plan(self, kind: str) -> TunePlan:
        if kind not in self.tune_plans:
            allowed = ", ".join(sorted(self.tune_plans)) or f"none for {self.name}"
            raise BadInput("kind", f"{kind!r} is no tune plan of {self.name}; allowed: {allowed}")
        return self.tune_plans[kind]
    # fixed runs whose record bytes a refactor must leave unchanged (tools/record_hashes.py):
    # (case name, parameter overrides, games), the names unique across games
    record_hash_cases: tuple[tuple[str, dict, int], ...] = ()
    # parameters whose values are different games to a reader (Cosmic's rules edition): a report never pools
    # rankings, seat advantage or game length over them (the player count is always split as well) and puts
    # their values side by side when a sweep has several
    split_axes: tuple[str, ...] = ()
    # the split axes that are modelling choices of the simulator, not rules (parameter -> what a report
    # sentence calls it, e.g. "deal model"): the report says per label whether its verdict depends on them
    choice_axes: tuple[tuple[str, str], ...] = ()

    @property
    def max_players(self) -> int:
        """The seat count, from one source: the api's MAX_P, which sizes the kernel's per-seat arrays
        and records (a game without an api module, a test's minimal game, sets max_players itself)."""
        return int(self.api.MAX_P)

    def hist_metrics(self) -> tuple[str, ...]:
        return tuple(m.name for m in self.metrics if m.hist)

    def shortcut(self, option: str) -> Shortcut:
        for s in self.shortcuts:
            if s.option == option:
                return s
        allowed = ", ".join(s.option for s in self.shortcuts) or "none"
        raise BadInput(option, f"not an option of {self.name}; its shortcut options: {allowed} "
                               "(any parameter: --set NAME=VALUE)")

    # ---- parameters --------------------------------------------------------------------
    def param(self, name: str) -> Param:
        for p in self.params:
            if name == p.name or name in p.aliases:
                return p
        # one short line: the closest name, and where the full list is (40 names do not fit a line)
        hint = did_you_mean(name, [p.name for p in self.params] + [a for p in self.params for a in p.aliases])
        hint = hint.strip(" ()") + " " if hint else ""
        raise BadInput(name, f"unknown parameter for {self.name}; {hint}`simsuite list {self.name}` lists all")

    def resolve(self, overrides: dict, extra_dirs: tuple = ()) -> dict:
        """Canonical configuration: every parameter, defaults filled, values checked."""
        cfg = {p.name: p.default for p in self.params}
        for k, v in overrides.items():
            p = self.param(k)
            cfg[p.name] = p.parse(v) if p.name != "strategies" else v
        for p in self.params:  # defaults go through the same parser (paths resolve, etc.)
            if p.name != "strategies" and p.name not in {self.param(k).name for k in overrides}:
                cfg[p.name] = p.parse(cfg[p.name])
        cfg["strategies"] = self.parse_lineup(cfg["strategies"], cfg["players"], extra_dirs)
        need = self.players_need(cfg)
        if cfg["players"] not in need:
            why = self.players_why(cfg)
            raise BadInput("players", f"{cfg['players']}{' ' + why if why else ''}; allowed: {need.start}..{need.stop - 1}")
        self.check(cfg)
        return cfg

    def players_need(self, cfg: dict) -> range:
        """The player counts a configuration allows: its other parameters may narrow the game's range
        (Cosmic: the edition). cfg is a resolved configuration or a dict of overrides (values not yet
        parsed; missing = default). resolve refuses any other count; tune plays these by default."""
        return range(self.min_players, self.max_players + 1)

    def players_why(self, cfg: dict) -> str:
        """Why players_need(cfg) is what it is (the rule), for the refusal's one line; "" = the game's range."""
        return ""

    def check(self, cfg: dict) -> None:
        """Cross-parameter constraints (override)."""

    def parse_lineup(self, text, n_players: int, extra_dirs: tuple = ()) -> str:
        names = [s.strip() for s in (text.split(",") if isinstance(text, str) else list(text)) if s.strip()]
        known = [s.name for s in self.strategies(extra_dirs)]
        if not names:
            raise BadInput("strategies", f"empty line-up; allowed names: {', '.join(known)}")
        by_case = {}
        for k in known:  # any case (Market = market), where that names one strategy
            by_case.setdefault(k.casefold(), []).append(k)
        names = [s if s in known or len(by_case.get(s.casefold(), ())) != 1 else by_case[s.casefold()][0]
                 for s in names]
        for s in names:
            if s not in known:
                raise BadInput("strategies", f"unknown strategy {s!r} for {self.name}{did_you_mean(s, known)}; "
                                             f"allowed: {', '.join(known)}")
        if len(names) > n_players:
            raise BadInput("strategies", f"{len(names)} strategies for {n_players} players; give 1..{n_players} "
                                         "names (a shorter line-up repeats round the table)")
        return ",".join(names)

    def seat_strategies(self, cfg: dict) -> list[str]:
        names = cfg["strategies"].split(",")
        return [names[i % len(names)] for i in range(cfg["players"])]

    def game_seat_strategies(self, cfg: dict, game: int) -> list[str]:
        """The strategy at each seat in game `game`: with rotation, seat s plays line-up entry
        (s + game) mod N, as the batch kernel deals them (batch_driver._init_game)."""
        seats = self.seat_strategies(cfg)
        if not cfg.get("rotate"):
            return seats
        n = len(seats)
        return [seats[(s + game) % n] for s in range(n)]

    def config_hash(self, cfg: dict) -> int:
        """64-bit hash of the configuration (file parameters by content, not by path)."""
        return int(hashlib.sha256(self.canonical_json(cfg).encode()).hexdigest()[:16], 16)

    def canonical_json(self, cfg: dict) -> str:
        """The configuration as the hash reads it: each parameter its Param.in_hash keeps, a data
        file by its content."""
        by_name = {p.name: p for p in self.params}
        c = {k: v for k, v in cfg.items() if k not in by_name or by_name[k].in_hash(self, cfg, v)}
        for p in self.params:
            if p.kind == "path" and p.name in c:
                c[p.name] = hashlib.sha256(Path(c[p.name]).read_bytes()).hexdigest()
        return json.dumps({"game": self.name, **c}, sort_keys=True)

    plugin_noun = ""  # what `simsuite check NOUN FILE` calls its plug-in files (a game with plug-ins)
    plugin_check = None  # a game with power plug-ins: plugin_check(file, n_games, seed, say, progress, compiled) -> dict (simsuite check alien)

    def plugin_listing(self) -> dict:
        """More lists for ``simsuite list`` (name -> rows with name, source, summary, file); a game
        with power plug-ins lists them here."""
        return {}

    # ---- strategies and kernel ---------------------------------------------------------
    def strategies(self, extra_dirs: tuple = ()) -> list[StrategyInfo]:
        return discover(self.dirname, tuple(extra_dirs), self.strategy_dir)

    def kernel_parts(self) -> list[Path]:
        """What codegen pastes into one module, in order: the game's first kernel part (its imports
        and constants), the shared prelude, the game's other parts."""
        first, *rest = self.kernel_files
        return [first, PRELUDE, *rest]

    def kernel(self, extra_dirs: tuple = ()):
        check_params(self)
        return build_kernel(self.dirname, self.kernel_parts(), self._deps(), self.strategies(extra_dirs), self.name)

    def code_hash(self, extra_dirs: tuple = ()) -> str:
        """Digest of the engine and strategy sources (changes whenever the code does), and of the
        code compiled apart from the kernel that plays in its games (result_deps)."""
        return code_digest(self.kernel_parts(), [*self._deps(), *self.result_deps()], self.strategies(extra_dirs))

    def result_deps(self) -> list[Path]:
        """Sources a game's results depend on that are not the kernel's (a module compiled on its
        own and called from it): in the results' key, not in the compiled module's name, so a
        change there keys results afresh without recompiling the kernel."""
        return []

    def kernel_digest(self, extra_dirs: tuple = ()) -> str:
        """The compiled module's digest (code_hash with the files' locations: see codegen)."""
        return code_digest(self.kernel_parts(), self._deps(), self.strategies(extra_dirs), located=True)

    def _deps(self) -> list[Path]:
        return list(self.kernel_deps)

    def strategy_ids(self, cfg: dict, extra_dirs: tuple = ()) -> list[int]:
        names = [s.name for s in self.strategies(extra_dirs)]
        return [names.index(s) for s in self.seat_strategies(cfg)]

    # ---- the kernel's configuration array ------------------------------------------------
    def build_cfg(self, cfg: dict, extra_dirs: tuple = ()) -> np.ndarray:
        """The int64 configuration array the kernel reads: every parameter with a slot in its word
        (Param.encode), the line-up's strategy ids, then what the game's fill_cfg adds."""
        A = self.api
        c = np.zeros(A.CFG_SIZE, np.int64)
        for p in self.params:
            if p.slot:
                c[getattr(A, p.slot)] = p.encode(cfg[p.name])
        for s, sid in enumerate(self.strategy_ids(cfg, extra_dirs)):
            c[A.C_LINEUP + s] = sid
        self.fill_cfg(c, cfg, extra_dirs)
        return c

    # ---- to be provided by each game ----------------------------------------------------
    def fill_cfg(self, c: np.ndarray, cfg: dict, extra_dirs: tuple) -> None:
        """The configuration words no single parameter fills: data tables (decks, ships), values
        derived from several parameters (override)."""

    def run_range(self, kernel, cfg_arr: np.ndarray, key: int, g0: int, n: int) -> np.ndarray:
        """Per-game structured records of games g0 .. g0+n-1 (one call into numba)."""
        out = np.empty((n, self.layout.n_cols), np.int64)
        kernel.run_batch(cfg_arr, np.int64(key), np.int64(g0), out, _NO_LOG, _NO_STATE)
        return self.layout.view(out)

    def seat_view(self, rec: np.ndarray, n_players: int) -> dict:
        """Arrays (games x seats): win (0/1), score, strategy (id), position (turn order, 0-based),
        from the common record fields; a game with per-seat labels (Cosmic's aliens) adds to it."""
        N = n_players
        seats = np.arange(N)[None, :]
        return dict(win=rec["win"][:, :N], score=rec["score"][:, :N], strategy=rec["strategy"][:, :N],
                    position=(seats - rec["start_player"][:, None]) % N)

    def check_records(self, rec: np.ndarray) -> None:
        """Raise errors.RuleBreak (one line naming the plug-in) if a record shows a game a plug-in
        broke the rules in; the runner calls it on every chunk before folding it. Default: none can."""

    def game_metrics(self, rec: np.ndarray) -> dict:
        """Per-game 1-D arrays to summarise (mean/sd), e.g. turns, crashes."""
        raise NotImplementedError

    def summary_line(self, m: dict) -> str:
        """One line of per-game means for `simsuite run` (m = Accumulator.metric_summary())."""
        return f"mean turns {m['turns_mean']:.2f} (sd {m['turns_sd']:.2f}); timeouts {m['timeout_mean']:.5f}"

    def records_frame(self, rec: np.ndarray, n_players: int):
        """The per-game records as the Parquet columns (per-seat fields cut to the table)."""
        return self.layout.frame(rec, n_players, self.max_players, self.record_columns or None)

    def records_columns(self, rec: np.ndarray, n_players: int) -> dict:
        """records_frame's columns as 1-D arrays, in its order, for writers that need no DataFrame
        (the layout's columns, skipping the frame; a game that overrides records_frame gets its frame's)."""
        if type(self).records_frame is not Game.records_frame:
            df = self.records_frame(rec, n_players)
            return {c: df[c].to_numpy() for c in df.columns}
        return self.layout.columns(rec, n_players, self.max_players, self.record_columns or None)

    def replay(self, cfg: dict, key: int, game: int, extra_dirs: tuple = ()) -> tuple[list[dict], np.ndarray]:
        """Play game `game` alone with the event log on: (readable events, its record)."""
        kernel = self.kernel(extra_dirs)
        cfg_arr = self.build_cfg(cfg, extra_dirs)
        out = np.empty((1, self.layout.n_cols), np.int64)
        log = new_log(self.replay_log_rows)
        st = np.zeros(self.state_size, np.int64)
        # through run_batch (its replay branch): the batch's compiled, cached code, no compile of its own
        kernel.run_batch(cfg_arr, np.int64(key), np.int64(game), out, log, st)
        return self.describe(kernel, log, cfg_arr, cfg, game), self.layout.view(out)

    # the game's replay event table (simsuite.scaffold.replay.EventTable, its replay.py's EVENTS): what
    # the default describe renders the event log with
    events = None

    def replay_names(self, cfg_arr: np.ndarray, cfg: dict, seats: list[str]) -> dict:
        """Names the event table's templates use besides ``seat(p)`` and ``bits(mask)`` (card and
        tile names, a game's constant tables); `seats`: the strategy at each seat in this game. A game
        whose templates need more overrides this, not describe."""
        return {}

    def describe(self, kernel, log: np.ndarray, cfg_arr: np.ndarray, cfg: dict, game: int) -> list[dict]:
        """Event log of game `game` -> list of dicts with a readable 'text': the rows rendered by
        the game's event table (``events``), with ``seat(p)`` as "seat P (strategy)", ``bits(mask)``
        as the seats a bit mask holds, and the game's ``replay_names``. A game whose replay needs
        more (its own seat names, state carried between rows) overrides it."""
        if self.events is None:
            raise NotImplementedError(f"{self.name} declares no replay event table (Game.events) and no describe")
        seats = self.game_seat_strategies(cfg, game)
        n = self.max_players
        names = dict(seat=lambda p: f"seat {p} ({seats[p]})", bits=lambda m: [p for p in range(n) if (m >> p) & 1])
        names.update(self.replay_names(cfg_arr, cfg, seats))
        return self.events.describe(kernel, log, names)
