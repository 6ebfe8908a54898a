"""The simsuite command line: list, run, sweep, tune, report, replay, bench, status.

Errors in user input print one line ``error: FIELD: what is allowed`` and exit with status 2.
"""
from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import click

from . import __version__
from .errors import BadInput
from .resources import SWEEPS as SWEEPS_DIR
from .resources import sweep_file

# Results go under the current directory (or --out), never into the installed package
RESULTS = Path("results")


def _echo_json(obj) -> None:
    def clean(o):
        if isinstance(o, float) and not math.isfinite(o):
            return None
        if isinstance(o, dict):
            return {k: clean(v) for k, v in o.items()}
        if isinstance(o, (list, tuple)):
            return [clean(v) for v in o]
        if hasattr(o, "item"):  # numpy scalar
            return clean(o.item())
        return o

    click.echo(json.dumps(clean(obj), indent=2, default=str))


def _overrides(game, players, strategies, sets, rotate=None, shortcuts=None) -> dict:
    ov = dict(_command_line(game, sets, players, strategies, shortcuts))
    if rotate is not None:
        ov["rotate"] = rotate
    return ov


def _command_line(game, sets, players=None, strategies=None, shortcuts=None) -> list[tuple[str, object]]:
    """(parameter name, value) pairs of --set and the shortcut options (--players, --strategies and
    the game's own, `shortcuts`: option -> value); a parameter given twice with different values is
    refused, not silently resolved (--set x=1 --set x=2, --players 3 --set players=5)."""
    from .params import parse_assignment

    out, said = {}, {}
    given = [(*parse_assignment(s), f"--set {s}") for s in sets]
    given += [(k, v, f"--{k} {v}") for k, v in (("players", players), ("strategies", strategies)) if v is not None]
    given += [(game.shortcut(o).param, v, f"{o} {v}") for o, v in (shortcuts or {}).items() if v is not None]
    for k, v, how in given:
        name = game.param(k).name
        if name in said and str(out[name]) != str(v):
            raise BadInput(name, f"given twice with different values ({said[name]} and {how}); give it once")
        out[name], said[name] = v, how
    return list(out.items())


def _fmt_table(rows: list[dict], cols: list[tuple[str, str, str]]) -> str:
    """cols: (key, header, format)."""
    cells = [[h for _, h, _ in cols]]
    for r in rows:
        cells.append([format(r[k], f) if isinstance(r[k], (int, float)) else str(r[k]) for k, _, f in cols])
    w = [max(len(c[i]) for c in cells) for i in range(len(cols))]
    lines = ["  ".join(c[i].rjust(w[i]) if i else c[i].ljust(w[i]) for i in range(len(cols))) for c in cells]
    lines.insert(1, "  ".join("-" * x for x in w))
    return "\n".join(lines)


# text shows rates as percentages (fractions only in --json); the rows get the strings from _text_rows
GROUP_COLS = [("label", "group", ""), ("n", "player-games", "d"), ("win_rate_pct", "win rate", ""),
              ("ci_pct", "95% CI", ""), ("shared_pct", "shared win", ""), ("win_share_pct", "win share", ""),
              ("score_mean", "score mean", ".2f"), ("score_sd", "score sd", ".2f")]


def _text_rows(groups: list[dict]) -> list[dict]:
    """The run table's rows: each label kind's rows by win share, highest first (turn order stays in
    turn order: that order is what the rows are read for), rates as percentages."""
    kinds = list(dict.fromkeys(g["kind"] for g in groups))
    rows = []
    for k in kinds:
        part = [g for g in groups if g["kind"] == k]
        if k != "position":
            part = sorted(part, key=lambda g: -g["win_share"])
        rows += part
    return [dict(r, win_rate_pct=f"{100 * r['win_rate']:.2f}%", ci_pct=f"{100 * r['ci_low']:.2f}-{100 * r['ci_high']:.2f}%",
                 shared_pct=f"{100 * r['shared_win_rate']:.2f}%", win_share_pct=f"{100 * r['win_share']:.2f}%")
            for r in rows]


def _group_label(g, seat_strats) -> str:
    if g["kind"] == "position":
        return f"turn order {g['key']}" + (" (starts)" if g["key"] == "1" else "")
    if g["kind"] == "seat":
        s = seat_strats[int(g["key"])] if seat_strats else ""
        return f"seat {g['key']}" + (f" [{s}]" if s else "")
    if g["kind"].endswith(POWER_KIND):  # a label with its power on / off: named as the label
        return f"{g['kind'][:-len(POWER_KIND)]} {g['key']}"
    return f"{g['kind']} {g['key']}"


POWER_KIND = "_power"  # a label kind "X_power" refines "X" with "(no power)" keys (a control seat)


def _shown_groups(groups: list[dict]) -> list[dict]:
    """Rows for the text table: of a label kind X that a game refines as X_power (its keys marked
    "(no power)" where a control seat held the label face down), one set of rows: per power / no
    power when a control played, else per label; none when no seat held such a label."""
    kinds = {g["kind"] for g in groups}
    drop = set()
    for base in {k[:-len(POWER_KIND)] for k in kinds if k.endswith(POWER_KIND)}:
        refined = base + POWER_KIND
        face_down = any(g["kind"] == refined and g["key"].endswith("(no power)") for g in groups)
        drop |= {base} if face_down else {refined}
        if base in kinds and all(g["key"] == "none" for g in groups if g["kind"] == base):
            drop |= {base, refined}
    return [g for g in groups if g["kind"] not in drop]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="simsuite")
@click.pass_context
def cli(ctx):
    """simsuite: Monte Carlo balance analysis for tabletop games.

    \b
    Quick start:
      simsuite list
      simsuite run star-cartel --players 4 --games 1000000 --seed 7 --strategies market,greedy,greedy,random
      simsuite sweep star-cartel --set crash_threshold=6..12 --set players=3..6 --games 200000 --out results/sc-crash
      simsuite report results/sc-crash
      simsuite replay star-cartel --seed 7 --game 12345 --players 4 --strategies market,greedy,greedy,random
      simsuite bench star-cartel
      simsuite check strategy my_strategy.py --game star-cartel
      simsuite run cosmic --players 5 --aliens random --set edition=FFG2008 --set ffg_flares=assumed
      simsuite report cosmic-editions
      simsuite report space-venture-players
      simsuite tune star-cartel --param crash_threshold=6..14 --objective seat-fairness --players 3..6 --budget 40
    """
    if ctx.invoked_subcommand in PLAYING and "--help" not in sys.argv and "-h" not in sys.argv:
        from .codegen import cache_dir

        cache_dir()  # an unusable cache directory: one line before any results folder is made


from .plugin_dirs import alien_dir_option  # noqa: E402  (--alien-dir)

PLAYING = ("run", "sweep", "replay", "bench", "tune", "report")  # commands that compile or load kernels


from .check_cli import check as _check_group  # noqa: E402  (simsuite check strategy|game)

cli.add_command(_check_group)


# ---------------------------------------------------------------------------------- list
@cli.command("list")
@click.argument("game_name", required=False)
@alien_dir_option
@click.option("--json", "as_json", is_flag=True, help="print one JSON document")
def list_cmd(game_name, as_json):
    """Games, their parameters (default, allowed values, rule id) and strategies."""
    from . import games

    import tomllib

    names = [games.get(game_name).name] if game_name else games.names()
    sweeps: dict[str, list[str]] = {}  # game -> its sweep definitions (a file's game = ...)
    for f in sorted(SWEEPS_DIR.glob("*.toml")):
        try:
            sweeps.setdefault(str(tomllib.loads(f.read_text()).get("game", "")), []).append(f.stem)
        except (OSError, tomllib.TOMLDecodeError):
            continue
    doc = []
    for n in names:
        g = games.get(n)
        doc.append(dict(
            game=g.name, title=g.title, rules=g.rules, rules_doc=f"docs/rules/{g.rules}" if g.rules else "",
            players=f"{g.min_players}..{g.max_players}",
            parameters=[dict(name=p.name, default=p.default, shown_default=p.shown_default(), allowed=p.allowed(),
                             rule=p.rule, doc=p.doc) for p in g.params],
            strategies=[dict(name=s.name, description=s.description, file=str(s.path)) for s in g.strategies()],
            sweeps=sweeps.get(g.name, []),
            **g.plugin_listing(),
        ))
    if as_json:
        _echo_json(doc)
        return
    for i, d in enumerate(doc):
        if i:
            click.echo("")
        click.echo(f"{d['game']}  ({d['title']}, {d['players']} players; rules and rule ids: {d['rules_doc']} "
                   "in the documentation)")
        click.echo("\n  parameters (--set NAME=VALUE; sweep with a..b or a,b,c): name = default  (allowed; rule)")
        for p in d["parameters"]:
            click.echo(f"    {p['name']} = {p['shown_default']}  ({p['allowed']}{'; ' + p['rule'] if p['rule'] else ''})")
            click.echo(f"        {p['doc']}")
        click.echo("\n  strategies:")
        for s in d["strategies"]:
            click.echo(f"    {s['name']:<10} {s['description']}")
        for key, title in (("aliens", "aliens (--aliens NAME,...; alien files: --alien-dir DIR)"),):
            if d.get(key):
                click.echo(f"\n  {title}:")
                for s in d[key]:
                    click.echo(f"    {s['name']:<15} {s['source']:<9} {s['summary']}" + (f"  ({s['file']})" if s.get("file") else ""))
        if d["sweeps"]:
            click.echo("\n  sweep definitions (simsuite report NAME): " + ", ".join(d["sweeps"]))


# ----------------------------------------------------------------------------------- run
SHORTCUT_PREFIX = "shortcut__"


def _shortcut_options() -> list[click.Option]:
    """One option per shortcut that some registered game declares (Game.shortcuts), each once;
    which game takes it is checked when the game is known (_command_line)."""
    from . import games

    seen: dict[str, list] = {}
    for name in games.names():
        g = games.get(name)
        for s in g.shortcuts:
            seen.setdefault(s.option, [s, []])[1].append(g.name)
    return [click.Option([opt, SHORTCUT_PREFIX + opt.lstrip("-").replace("-", "_")], default=None, metavar=s.metavar,
                         help=f"{s.help} [{', '.join(who)}]") for opt, (s, who) in seen.items()]


class GameCommand(click.Command):
    """A command that also takes the registered games' shortcut options. They are added when the
    command is parsed or its help shown (importing the CLI does not import the games), and reach
    the callback as one dict, ``shortcuts`` (option -> value given)."""

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self._own_params = list(self.params)
        inner = self.callback

        def callback(**params):
            got = {k: params.pop(k) for k in [k for k in params if k.startswith(SHORTCUT_PREFIX)]}
            opts = {p.name: p.opts[0] for p in self.params if isinstance(p, click.Option)}
            return inner(**params, shortcuts={opts[k]: v for k, v in got.items() if v is not None})

        self.callback = callback

    def get_params(self, ctx):
        # built at each parse, so a game registered at run time (simsuite.games.register) is included
        own = self._own_params
        at = next((i for i, p in enumerate(own) if p.name == "strategies"), len(own))
        self.params = own[:at] + _shortcut_options() + own[at:]
        return super().get_params(ctx)


SEED_RANGE = click.IntRange(0, 2**64 - 1)  # the seed is stored as an unsigned 64-bit integer
THREADS_HELP = "numba threads (0 = all cores; more than the cores counts as all)"


class _ThreadCount(click.ParamType):
    """--threads: 0 = all cores, or 1..N."""

    name = "integer"

    def convert(self, value, param, ctx):
        try:
            v = int(value)
        except (TypeError, ValueError):
            v = -1
        if v < 0 or isinstance(value, float):
            self.fail(f"got {value!r}; allowed: 0 (all cores) or 1..N threads", param, ctx)
        return v


THREADS = _ThreadCount()


def _common(f):
    f = alien_dir_option(f)
    f = click.option("--strategy-dir", "strategy_dirs", multiple=True, type=click.Path(),
                     help="extra directory of strategy files")(f)
    f = click.option("--threads", type=THREADS, default=0, show_default=True,
                     help=THREADS_HELP)(f)
    # the default is runner.DEFAULT_CHUNK (not imported here: it would load numba for --help)
    f = click.option("--chunk", type=click.IntRange(1, 10_000_000), default=1 << 13, show_default=True,
                     help="games per call into numba (memory stays flat)")(f)
    f = click.option("--set", "sets", multiple=True, metavar="NAME=VALUE", help="rule parameter (repeatable)")(f)
    f = click.option("--strategies", default=None, help="comma-separated strategy per seat (repeats round the table)")(f)
    f = click.option("--players", "-p", default=None, help="number of players")(f)
    f = click.option("--seed", "-s", type=SEED_RANGE, default=1, show_default=True, help="0..2**64-1")(f)
    f = click.option("--quiet", "-q", "--no-progress", "quiet", is_flag=True,
                     help="no progress bar and no compile notice (the results are printed as usual)")(f)
    return f


@cli.command(cls=GameCommand)
@click.argument("game_name")
@_common
@click.option("--games", "-n", "n_games", type=click.IntRange(1, 10**12), default=100_000, show_default=True)
@click.option("--rotate/--no-rotate", default=None, help="rotate the line-up through the seats game by game")
@click.option("--out", "-o", type=click.Path(), default=None, help="results directory (default results/runs/...)")
@click.option("--no-records", is_flag=True, help="do not save the per-game records")
@click.option("--json", "as_json", is_flag=True, help="print one JSON document")
def run(game_name, quiet, seed, players, strategies, sets, chunk, threads, strategy_dirs, n_games, rotate, out,
        no_records, as_json, shortcuts):
    """Play GAMES games of one configuration; print win rates per seat, turn order and strategy.

    A run stopped with Ctrl-C keeps the statistics (and records) of the games it played; the same
    command resumes it, with the same result as a run never stopped.
    """
    import time

    from . import games
    from .runner import Progress, run_cell, set_threads
    from .store import ResultsDir, cell_key, write_json

    t_start = time.perf_counter()
    g = games.get(game_name)
    cfg = g.resolve(_overrides(g, players, strategies, sets, rotate, shortcuts), tuple(strategy_dirs))
    nthreads = set_threads(threads)
    h = g.config_hash(cfg)
    out = Path(out) if out else RESULTS / "runs" / f"{g.name}-p{cfg['players']}-seed{seed}-n{n_games}-{h:016x}"
    rd = ResultsDir(out, dict(kind="run", game=g.name, seed=seed, games=n_games, axes={}, config=cfg,
                              strategy_dirs=[str(Path(d).resolve()) for d in strategy_dirs],
                              # games.parquet's strategy_<seat> columns hold these ids
                              strategy_ids={i: s.name for i, s in enumerate(g.strategies(tuple(strategy_dirs)))},
                              definition=dict(config=g.canonical_json(cfg), seed=seed, games=n_games)))
    key = cell_key(g.name, h, seed, n_games, g.code_hash(tuple(strategy_dirs)))
    before = _partial_run(out, key, need_records=not no_records, quiet=quiet or as_json)
    g0 = before["games_done"] if before else 0
    writer = None
    if not no_records:
        writer = _RecordWriter(out / "games.parquet", g, cfg, seed, h,
                               resume=out / "games.partial.parquet" if before else None)
    if not quiet:
        compile_notice(g, tuple(strategy_dirs))
    bar = Progress(n_games, f"{g.name} p{cfg['players']}", enabled=False if quiet else None, initial=g0)
    ok = False
    try:
        res = run_cell(g, cfg, n_games - g0, seed, tuple(strategy_dirs), g0=g0, chunk=chunk,
                       on_chunk=writer.write if writer else None, progress=bar)
        ok = True
    except KeyboardInterrupt as e:
        bar.close()
        kept = writer.close(publish=False) if writer else None
        part = getattr(e, "partial", None)
        if part is not None and part.g0 + part.games > 0:  # keep the games played: the same command resumes
            if before:
                part = _merged(before, part)
            write_json(out / "partial.json", dict(key=key, games_done=part.g0 + part.games, games=n_games,
                                                  seconds=part.seconds, records=kept is not None,
                                                  acc=part.acc.to_dict()))
            click.echo(f"interrupted after {part.g0 + part.games:,} of {n_games:,} games; they are saved in "
                       f"{out} (partial.json{', games.partial.parquet' if kept else ''}): run the same command "
                       "again to resume (same result as an uninterrupted run)", err=True)
        else:
            click.echo("interrupted: the run did not finish; results already in " + str(out) + " are unchanged"
                       + (f"; the records of the {writer.games:,} games played are in {kept}" if kept else "")
                       + "; run the same command again to start it over", err=True)
        sys.exit(130)
    finally:
        bar.close()
        if writer and not writer.closed:
            writer.close(publish=ok)
    if before:
        res = _merged(before, res)
    rd.add(cell_key(g.name, h, seed, n_games, res.code), res, 0)
    rd.finish()
    for f in ("partial.json", "games.partial.parquet"):  # the run is whole: nothing left to resume
        (out / f).unlink(missing_ok=True)
    gps = n_games / res.seconds if res.seconds > 0 else float("nan")
    groups = res.acc.group_rows()
    seat_strats = None if cfg["rotate"] else g.seat_strategies(cfg)
    for gr in groups:
        gr["label"] = _group_label(gr, seat_strats)
    m = res.acc.metric_summary()
    if as_json:
        _echo_json(dict(game=g.name, simsuite_version=__version__, seed=seed, config_hash=f"{h:016x}", config=cfg,
                        games=n_games, seconds=res.seconds, games_per_s=gps, threads=nthreads,
                        out=str(out), metrics={k: v for k, v in m.items()}, groups=groups))
        return
    click.echo(f"{g.title}: {n_games:,} games, {cfg['players']} players, seed {seed}, "
               f"line-up {','.join(g.seat_strategies(cfg))}{' (rotated)' if cfg['rotate'] else ''}")
    click.echo(_fmt_table(_text_rows(_shown_groups(groups)), GROUP_COLS))
    click.echo(g.summary_line(m))
    wall = time.perf_counter() - t_start
    resumed = f" (resumed at game {g0:,})" if g0 else ""
    # the games' time (the rate's) and the command's whole wall time, compile or load included
    click.echo(f"{res.seconds:.2f} s playing, {gps:,.0f} games/s on {nthreads} thread(s){resumed}; "
               f"wall time {wall:.1f} s; results in {out}")


def _partial_run(out: Path, key: str, need_records: bool, quiet: bool):
    """The saved state of an interrupted run of this very configuration (partial.json: the key
    names config, seed, games, version and code), or None: then the run starts at game 0."""
    from .store import read_json

    p = out / "partial.json"
    if not p.exists():
        return None
    d = read_json(p, "--out", ("key", "games_done", "acc"))
    why = None
    if d["key"] != key:
        why = "it was made by another configuration, game count, version or code"
    elif need_records and not (d.get("records") and (out / "games.partial.parquet").is_file()):
        why = "it kept no per-game records (--no-records) and this run saves them"
    if why:
        if not quiet:
            click.echo(f"note: not resuming the interrupted run in {out}: {why}; starting at game 0", err=True)
        return None
    if not quiet:
        click.echo(f"resuming the interrupted run in {out} at game {d['games_done']:,}", err=True)
    return d


def _merged(before: dict, res):
    """The saved games 0..k-1 (partial.json) and the CellResult of games k.. as one CellResult of
    games 0.. (the statistics are exact sums: the same as one uninterrupted run)."""
    from .runner import CellResult
    from .stats import Accumulator

    acc = Accumulator.from_dict(before["acc"])
    acc.merge(res.acc)
    return CellResult(res.game, res.config, res.seed, res.key, res.config_hash, 0, res.g0 + res.games, acc,
                      before.get("seconds", 0.0) + res.seconds, code=res.code)


class _RecordWriter:
    """Per-game records appended to one Parquet file chunk by chunk (row groups)."""

    def __init__(self, path: Path, game, cfg, seed, h, resume: Path | None = None):
        """resume: the records file of an interrupted run (games 0..k-1), copied in first."""
        self.path, self.game, self.cfg = path, game, cfg
        self.tmp = path.with_name(f".{path.name}.tmp")
        self.const = dict(config_hash=f"{h:016x}", seed=seed, simsuite_version=__version__)
        self.w = None
        self.games = 0
        self.closed = False
        if resume is not None:
            import pyarrow.parquet as pq

            src = pq.ParquetFile(resume)
            self.w = pq.ParquetWriter(self.tmp, src.schema_arrow, compression="zstd")
            for i in range(src.num_row_groups):
                self.w.write_table(src.read_row_group(i))
            self.games = src.metadata.num_rows

    def write(self, rec):
        import pyarrow as pa
        import pyarrow.parquet as pq

        df = self.game.records_frame(rec, self.cfg["players"])
        for k, v in self.const.items():
            df[k] = v
        t = pa.Table.from_pandas(df, preserve_index=False)
        if self.w is None:
            self.w = pq.ParquetWriter(self.tmp, t.schema, compression="zstd")
        self.w.write_table(t)
        self.games += len(df)

    def close(self, publish: bool = True):
        """Finish the file: a complete run replaces games.parquet; an unfinished one never does (a
        complete file from an earlier run stays) and its records go to games.partial.parquet."""
        self.closed = True
        if self.w is None:
            return None
        self.w.close()
        dest = self.path if publish else self.path.with_name(self.path.stem + ".partial.parquet")
        self.tmp.replace(dest)
        return dest


# --------------------------------------------------------------------------------- sweep
def load_sweep_file(path: Path) -> dict:
    import tomllib

    try:
        with open(path, "rb") as f:
            d = tomllib.load(f)
    except FileNotFoundError:
        raise BadInput("--config", f"{path} does not exist")
    except tomllib.TOMLDecodeError as e:
        raise BadInput("--config", f"{path} is malformed TOML: {e}")
    except IsADirectoryError:
        raise BadInput("--config", f"{path} is a directory; give a sweep definition file (.toml)")
    except UnicodeDecodeError:
        raise BadInput("--config", f"{path} is not UTF-8 text; a sweep definition is a UTF-8 TOML file")
    except OSError as e:
        raise BadInput("--config", f"cannot read {path}: {e.strerror or e}")
    allowed = {"name", "game", "description", "games", "seed", "set", "sweep", "strategy_dirs", "unit", "precision"}
    for k in d:
        if k not in allowed:
            raise BadInput("--config", f"{path.name}: unknown key {k!r}; allowed: {', '.join(sorted(allowed))}")
    if "set" in d and not isinstance(d["set"], dict):
        raise BadInput("--config", f"{path.name}: [set] must be a table")
    if "sweep" in d and not (isinstance(d["sweep"], dict) or (isinstance(d["sweep"], list) and d["sweep"]
                                                               and all(isinstance(t, dict) for t in d["sweep"]))):
        raise BadInput("--config", f"{path.name}: [sweep] must be a table, or [[sweep]] tables (one grid each)")
    _check_sweep_values(d, path)
    return d


SWEEP_FILE_INTS = {"games": (1, 10**12), "unit": (1, 10**12), "seed": (0, 2**64 - 1)}  # as --games, --unit, --seed
SWEEP_FILE_PRECISION = (0.0001, 0.5)  # as --precision


def _check_sweep_values(d: dict, path: Path) -> None:
    """The values of a sweep definition file, checked as the command line checks its options
    (before anything is written)."""
    for k in ("name", "game", "description"):
        if k in d and not (isinstance(d[k], str) and d[k]):
            raise BadInput(k, f"{path.name}: {k} = {d[k]!r}; allowed: a non-empty string")
    for k, (lo, hi) in SWEEP_FILE_INTS.items():
        v = d.get(k)
        if v is not None and (not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi):
            raise BadInput(k, f"{path.name}: {k} = {v!r}; allowed: an integer {lo}..{hi}")
    v = d.get("precision")
    lo, hi = SWEEP_FILE_PRECISION
    if v is not None and (not isinstance(v, (int, float)) or isinstance(v, bool) or not lo <= v <= hi):
        raise BadInput("precision", f"{path.name}: precision = {v!r}; allowed: a number {lo}..{hi}")
    dirs = d.get("strategy_dirs")
    if dirs is not None and not (isinstance(dirs, list) and all(isinstance(x, str) for x in dirs)):
        raise BadInput("strategy_dirs", f"{path.name}: strategy_dirs = {dirs!r}; allowed: a list of directory names")
    from .sweep import grid_games

    grids = d.get("sweep", {})
    for i, t in enumerate([grids] if isinstance(grids, dict) else grids):  # a grid's own games per cell
        grid_games(t, None, f"{path.name}: " + ("[sweep]" if isinstance(grids, dict) else f"[[sweep]] table {i + 1}"))


def _spec_axes(g, spec: dict):
    """The [sweep] table (one grid) or [[sweep]] tables (grids one after another), names canonical
    (a grid's `games`, its games per cell, and `skip`, the combinations it leaves out, are not
    parameters and keep their names)."""
    from .sweep import GRID_KEYS

    raw = spec.get("sweep", {})
    grids = [{(k if k in GRID_KEYS else g.param(k).name): v for k, v in t.items()}
             for t in ([raw] if isinstance(raw, dict) else raw)]
    return grids[0] if isinstance(raw, dict) else grids


def _sweep_plan(g, spec: dict, sets=(), players=None, strategies=None, shortcuts=None, rotate=None, n_games=None,
                seed=None, unit=None, precision=None):
    """(base, axes, games, seed, unit, precision) of a sweep: the definition file's values with the
    command line's over them. `sweep` and `report NAME` both use it, so they define the same sweep.
    A grid's own `games` stays in its grid (run_sweep plays it); `n_games` from the command line
    replaces the file's games everywhere, the top-level one and every grid's."""
    from .params import split_values
    from .sweep import DEFAULT_UNIT, GRID_GAMES, axis_grids

    base = {g.param(k).name: v for k, v in spec.get("set", {}).items()}
    axes = _spec_axes(g, spec)
    grids = axis_grids(axes)
    base.setdefault("rotate", True)
    for k, v in _command_line(g, sets, players, strategies, shortcuts):  # replaces the file's, in every grid
        name = g.param(k).name
        for a in grids:
            a.pop(name, None)
        if len(split_values(g.param(name), v)) > 1:
            for a in grids:
                a[name] = v
            base.pop(name, None)
        else:
            base[name] = v
    if n_games:  # --games: every cell plays that many
        for a in grids:
            a.pop(GRID_GAMES, None)
    axes = grids[0] if isinstance(axes, dict) else grids
    if rotate is not None:
        base["rotate"] = rotate
    n_games = n_games or int(spec.get("games", 100_000))
    seed = int(seed if seed is not None else spec.get("seed", 1))
    precision = precision if precision is not None else spec.get("precision")
    if precision is not None and unit is None and "unit" not in spec:
        unit = 1 << 16  # finer steps so a cell stops close to the precision asked
    unit = unit or int(spec.get("unit", DEFAULT_UNIT))
    return base, axes, n_games, seed, unit, precision


@cli.command(cls=GameCommand)
@click.argument("game_name", required=False)
@_common
@click.option("--config", "config_file", type=click.Path(), default=None, help="sweep definition TOML (configs/sweeps)")
@click.option("--games", "-n", "n_games", type=click.IntRange(1, 10**12), default=None,
              help="games per cell, over the file's (its top-level and every grid's) [100000]")
@click.option("--rotate/--no-rotate", default=None, help="rotate the line-up through the seats (default on in sweeps)")
@click.option("--out", "-o", type=click.Path(), default=None, help="results directory (default results/<name> under the current directory; "
                   "an ad-hoc sweep: results/<game>-sweep-<hash of its definition>)")
@click.option("--unit", type=click.IntRange(1, 10**12), default=None,
              help="games per work unit (saved and resumable; part of the sweep definition) [262144]")
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT", help="run the units on a Dask cluster")
@click.option("--precision", type=click.FloatRange(0.0001, 0.5), default=None,
              help="play each cell until every win rate's 95%% CI half-width is at most this (--games is the cap)")
@click.option("--json", "as_json", is_flag=True, help="print one JSON document")
def sweep(game_name, quiet, seed, players, strategies, sets, chunk, threads, strategy_dirs, config_file, n_games,
          rotate, out, unit, scheduler, precision, as_json, shortcuts):
    """Run every combination of the swept parameters; one row per cell in results/<name>/cells.parquet.

    \b
    --set NAME=a..b (integers), --set NAME=a,b,c, strategies alternatives with '|':
      simsuite sweep star-cartel --set crash_threshold=6..12 --set players=3..6 --games 200000 --out results/sc-crash
      simsuite sweep --config configs/sweeps/star-cartel-crash.toml
    Re-running the same command resumes: finished work units are kept, not redone.
    With --scheduler tcp://HOST:PORT the units run on a Dask cluster (same results).
    """
    from . import games
    from .sweep import axis_names, run_sweep

    spec = load_sweep_file(sweep_file(config_file)) if config_file else {}
    game_name = game_name or spec.get("game")
    if not game_name:
        raise BadInput("game", "name a game (or give --config with game = ...)")
    g = games.get(game_name)
    if spec.get("game") and games.get(spec["game"]).name != g.name:
        raise BadInput("--config", f"the file is for {spec['game']}, not {g.name}")
    # --seed given on the command line wins over the file's seed (its default 1 does not)
    seed_given = click.get_current_context().get_parameter_source("seed") != click.core.ParameterSource.DEFAULT
    base, axes, n_games, seed, unit, precision = _sweep_plan(
        g, spec, sets, players, strategies, shortcuts, rotate, n_games, seed if seed_given else None, unit, precision)
    extra = tuple(strategy_dirs) + tuple(spec.get("strategy_dirs", ()))
    if spec.get("name"):
        name = spec["name"]
    elif out:
        name = Path(out).name
    else:  # an ad-hoc sweep: its own folder, named by its definition (the same command resumes it)
        import hashlib

        what = json.dumps([base, axes, n_games, seed, unit, precision, list(extra)], sort_keys=True, default=str)
        name = f"{g.name}-sweep-{hashlib.sha256(what.encode()).hexdigest()[:8]}"
    out = Path(out) if out else RESULTS / name
    if not quiet and not scheduler:
        compile_notice(g, extra)
    try:
        info = run_sweep(g, base, axes, n_games, seed, out, extra, threads, unit, scheduler, name,
                         precision=precision, progress=False if quiet else None)
    except KeyboardInterrupt:
        click.echo(interrupted_line(out), err=True)
        sys.exit(130)
    from .store import read_results

    tables = read_results(out)
    gps = info["ran_games"] / info["seconds"] if info["seconds"] > 0 else None
    if as_json:
        _echo_json(dict(info, games_per_s=gps, rows=tables["cells"].to_dict("records")))
        return
    cols = [c for c in ("cell", *axis_names(axes), "games", *(f"{m.name}_mean" for m in g.metrics if m.summary))
            if c in tables["cells"].columns]
    shown = tables["cells"][cols].copy()
    for m in g.metrics:  # a share of games: a percentage in text (the fraction stays in --json and the tables)
        if m.summary and m.percent and f"{m.name}_mean" in shown.columns:
            shown[f"{m.name}_mean"] = [f"{100 * v:.2f}%" for v in shown[f"{m.name}_mean"]]
    click.echo(shown.to_string(index=False, float_format=lambda x: f"{x:.3f}"))
    click.echo(f"{info['ran_games']:,} games in {info['ran_units']} unit(s) this time, {info['seconds']:.1f} s"
               + (f" ({gps:,.0f} games/s)" if gps else "") + f"; {info['resumed_cells']} cell(s) were already done; "
               f"tables in {out} (cells.parquet, groups.parquet, hists.parquet: one file per cell; summary.csv)")


# ---------------------------------------------------------------------------------- tune


@cli.command()
@click.argument("game_name", required=False)
@click.option("--config", "config_file", type=click.Path(), default=None, help="tune definition TOML (configs/tunes)")
@click.option("--param", "params", multiple=True, metavar="NAME=LO..HI|A,B,C",
              help="a rule parameter to search (repeatable): an integer range or a list of values")
@click.option("--objective", "objectives", multiple=True, metavar="KIND[:key=value,...]",
              help="seat-fairness, alien-spread, strategy-gap:a=X,b=Y[,target=T], game-length:target=T, "
                   "metric:metric=NAME,target=|max=|min=V; weight=W weighs several (repeatable)")
@click.option("--players", "-p", default=None, help="player counts every trial plays, e.g. 3..6 [all the game allows]")
@click.option("--strategies", default=None, help="line-up (rotated through the seats)")
@click.option("--set", "sets", multiple=True, metavar="NAME=VALUE", help="a fixed rule parameter (repeatable)")
@click.option("--budget", type=click.IntRange(1, 100_000), default=None, help="finished trials wanted [50]")
@click.option("--games", "-n", "n_games", type=click.IntRange(100, 10**9), default=None,
              help="games per player count per trial (default: from a pilot run and --precision)")
@click.option("--precision", type=click.FloatRange(1e-5, 1e6), default=None,
              help="target half-width of a trial's objective interval (objective units; win shares are "
                   "fractions: 0.005 = 0.5 pp) [0.01]")
@click.option("--max-games", type=click.IntRange(100, 10**9), default=None,
              help="cap on the games per player count per trial [500000]")
@click.option("--recheck", type=click.IntRange(1, 50), default=None,
              help="best distinct candidates re-played on fresh seeds (with the defaults) [3]")
@click.option("--sampler", type=click.Choice(["tpe", "cmaes"]), default=None, help="Optuna sampler [tpe]")
@click.option("--seed", "-s", type=SEED_RANGE, default=None, help="0..2**64-1 [1]")
@click.option("--out", "-o", type=click.Path(), default=None, help="tune directory (default results/tunes/<name>)")
@click.option("--unit", type=click.IntRange(1, 10**9), default=None, help="games per work unit [16384]")
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT", help="play the units on a Dask cluster")
@click.option("--threads", type=THREADS, default=0, help=THREADS_HELP)
@click.option("--strategy-dir", "strategy_dirs", multiple=True, type=click.Path(), help="extra directory of strategy files")
@click.option("--quiet", "-q", is_flag=True, help="no progress lines")
@click.option("--json", "as_json", is_flag=True, help="print the result as one JSON document")
def tune(game_name, config_file, params, objectives, players, strategies, sets, budget, n_games, precision, max_games,
         recheck, sampler, seed, out, unit, scheduler, threads, strategy_dirs, quiet, as_json):
    """Search rule parameters for the values that minimise a balance objective (Optuna).

    \b
      simsuite tune star-cartel --param crash_threshold=6..14 --param start_value=1..5 \\
          --objective seat-fairness --players 3..6 --budget 200 --out results/tune-sc
      simsuite tune --config configs/tunes/star-cartel-fair-seats.toml
    Each trial plays every player count as sweep cells; the best few and the defaults are played
    again on fresh seeds. Re-running the same command resumes (finished trials are not redone).
    """
    from . import games
    from .tune import build_spec, load_tune_file, log_stderr, run_tune

    spec = load_tune_file(sweep_file(config_file, "tunes")) if config_file else {}
    game_name = game_name or spec.get("game")
    if not game_name:
        raise BadInput("game", "name a game (or give --config with game = ...)")
    g = games.get(game_name)
    if spec.get("game") and games.get(spec["game"]).name != g.name:
        raise BadInput("--config", f"the file is for {spec['game']}, not {g.name}")
    ts = build_spec(g, spec, params, objectives, players, sets, strategies, seed, budget, n_games, precision, recheck,
                    sampler, unit, max_games, name=spec.get("name") or (Path(out).name if out else f"{g.name}-tune"),
                    strategy_dirs=strategy_dirs)
    out = Path(out) if out else RESULTS / "tunes" / ts.name
    try:
        doc = run_tune(g, ts, out, threads, scheduler, log=None if quiet or as_json else log_stderr)
    except KeyboardInterrupt:
        click.echo(interrupted_line(out), err=True)
        sys.exit(130)
    if as_json:
        _echo_json(dict(doc, out=str(out)))
        return
    from .tune import fmt_interval

    click.echo(doc["headline"])
    for r in doc["rechecks"]:
        who = "defaults" if r["trial"] is None else f"trial {r['trial']}"
        vals = ", ".join(f"{k}={v}" for k, v in r["params"].items())
        est = "" if r["trial_value"] is None else f"trial estimate {fmt_interval(doc, dict(value=r['trial_value'], lo=r['trial_lo'], hi=r['trial_hi']))}; "
        click.echo(f"  {who:<12} {vals}: {est}re-check {fmt_interval(doc, r['recheck'])}")
    click.echo(f"{len(doc['trials'])} trials ({doc['trials_run_now']} now), {doc['games_per_trial']:,} games per "
               f"player count per trial, {doc['seconds']['total']:.0f} s; results in {out} "
               f"(simsuite report {out})")


# -------------------------------------------------------------------------------- report
@cli.command()
@click.argument("source")
@click.option("--out", "-o", type=click.Path(), default=None, help="report directory (default reports/<name>)")
@click.option("--margin", type=float, default=2.0, show_default=True,
              help="equivalence margin of the rankings, in percentage points of win share: a label is "
                   "'fair within +-margin pp' when two one-sided tests show it")
@click.option("--threads", type=THREADS, default=0, help=THREADS_HELP)
@click.option("--quiet", "-q", is_flag=True,
              help="no progress and no compile notice while a sweep runs (the answer and the page's path are "
                   "printed as usual)")
@click.option("--verbose", "-v", is_flag=True, help="also print every finding of the page (long)")
@click.option("--json", "as_json", is_flag=True, help="print one JSON document")
@alien_dir_option
def report(source, out, margin, threads, quiet, verbose, as_json):
    """Write an HTML balance report with PNG charts for a results directory.

    SOURCE is a results directory, or the name of a sweep definition in configs/sweeps
    (e.g. star-cartel-crash): that sweep is run first (or resumed) into results/<name>.
    A tune directory (simsuite tune) gets the tune report.
    """
    from . import games
    from .report import make_report

    if not 0 < margin < 100:
        raise BadInput("--margin", f"{margin:g}; allowed: percentage points between 0 and 100 (exclusive), e.g. 2")
    src = Path(source)
    if (src / "tune.json").exists():  # a tune directory: its own report (simsuite/tune_report.py)
        from .tune_report import make_tune_report

        res = make_tune_report(src, Path(out) if out else None)
        if as_json:
            _echo_json(res)
        else:
            click.echo(f"{res['headline']}\nreport: {res['html']}")
        return
    from .store import has_results

    if not has_results(src):
        f = SWEEPS_DIR / f"{source}.toml"
        if not f.exists():
            known = ", ".join(sorted(p.stem for p in SWEEPS_DIR.glob("*.toml")))
            raise BadInput("source", f"{source} is neither a results directory nor a sweep definition; "
                                     f"known sweeps: {known}")
        spec = load_sweep_file(f)
        if "game" not in spec:
            raise BadInput("game", f"{f} has no game = ...; allowed: {', '.join(games.names())}")
        g = games.get(spec["game"])
        base, axes, n_games, seed, unit, precision = _sweep_plan(g, spec)
        if out:
            from .report import check_out_dir

            check_out_dir(Path(out))  # before the sweep runs
        src = RESULTS / spec.get("name", source)
        extra = tuple(spec.get("strategy_dirs", ()))
        if not (as_json or quiet):
            click.echo(f"running sweep {source} into {src} (resumes if interrupted) ...")
            compile_notice(g, extra)  # as run and sweep do: a cold kernel is a minute of silence
        from .sweep import run_sweep

        try:
            run_sweep(g, base, axes, n_games, seed, src, extra, threads, unit,
                      definition_name=spec.get("name", source), precision=precision,
                      progress=False if (quiet or as_json) else None)
        except KeyboardInterrupt:
            click.echo(interrupted_line(src), err=True)
            sys.exit(130)
    partial = partial_sweep_line(src)
    if partial:  # stderr: --json output stays one document
        click.echo(partial, err=True)
    res = make_report(src, Path(out) if out else None, margin=margin / 100)
    if as_json:
        _echo_json(res)
        return
    # the answer in a handful of lines, the page's path last (so it does not scroll away)
    for w in res.get("status", []):
        if not partial:  # the partial-sweep line above already said it
            click.echo(f"warning: {w}")
    for line in res.get("headline", []):
        click.echo(f"- {line}")
    if verbose:
        click.echo("All findings:")
        for line in res.get("findings", [])[len(res.get("headline", [])):]:
            click.echo(f"  - {line}")
    else:
        n = len(res.get("findings", [])) - len(res.get("headline", []))
        if n > 0:
            click.echo(f"({n} more findings on the page; --verbose prints them here)")
    click.echo(f"report: {res['html']}")


# -------------------------------------------------------------------------------- replay
@cli.command(cls=GameCommand)
@click.argument("game_name", required=False)
@_common
@click.option("--game", "game_index", type=click.IntRange(0, None), required=True, help="game index within the run")
@click.option("--rotate/--no-rotate", default=None)
@click.option("--from", "from_dir", type=click.Path(), default=None,
              help="results directory of a run (or of a sweep, with --cell): use its configuration and seed")
@click.option("--cell", type=click.IntRange(0, None), default=None, help="cell number of a sweep directory (--from)")
@click.option("--json", "as_json", is_flag=True, help="print the events as JSON")
def replay(game_name, quiet, seed, players, strategies, sets, chunk, threads, strategy_dirs, game_index, rotate,
           from_dir, cell, as_json, shortcuts):
    """Replay one game turn by turn from its seed (identical to the batch run's game).

    The configuration comes from --from RUN_DIR (a sweep: --from DIR --cell N), from the options
    given, or, with none given, from the latest run of this game and seed under results/runs.
    The replayed record is compared with the run's stored record of that game when the run saved
    records, else with the same game played again through the batch kernel.
    """
    from . import games
    from .runner import replay_check

    ctx = click.get_current_context()
    given = [f"--{n}" for n in ("seed", "players", "strategies", "set", "rotate")
             if ctx.get_parameter_source("sets" if n == "set" else n) != click.core.ParameterSource.DEFAULT]
    given += list(shortcuts)
    if from_dir is None and game_name and cell is None and not [x for x in given if x != "--seed"]:
        given = []  # the seed picks the run
        from_dir = _latest_run(games.get(game_name).name, seed)
        if from_dir is not None and not as_json:
            click.echo(f"(configuration of the latest run with seed {seed}: {from_dir})")
        elif from_dir is None:  # said on stderr, --json too: the game replayed may not be the one meant
            gd = games.get(game_name)
            dflt = gd.resolve({})
            click.echo(f"note: no run of {gd.name} with seed {seed} in {RESULTS / 'runs'}; replaying the default "
                       f"configuration ({dflt['players']} players, strategies {dflt['strategies']}); "
                       "give --players, --strategies and --set, or --from RUN_DIR", err=True)
    stored = None  # the run's own record of this game, when it saved records
    if from_dir:
        if given:
            raise BadInput("--from", f"takes the configuration and seed from {from_dir}; drop {', '.join(given)}")
        g, cfg, seed, n_played, strategy_dirs, stored_path = _replay_source(Path(from_dir), cell, strategy_dirs)
        if game_name and games.get(game_name).name != g.name:
            raise BadInput("game", f"{from_dir} holds {g.name} results, not {game_name}")
        if game_index >= n_played:
            raise BadInput("--game", f"the run played games 0..{n_played - 1}")
        if stored_path is not None:
            stored = _stored_record(stored_path, game_index)
    else:
        if cell is not None:
            raise BadInput("--cell", "only with --from SWEEP_DIR")
        if not game_name:
            raise BadInput("game", "name a game or give --from RUN_DIR")
        g = games.get(game_name)
        cfg = g.resolve(_overrides(g, players, strategies, sets, rotate, shortcuts), tuple(strategy_dirs))
    if not quiet and not as_json:  # the replay runs the batch entry point: compiled once for run and replay
        compile_notice(g, tuple(strategy_dirs))
    events, rec, batch = replay_check(g, cfg, seed, game_index, tuple(strategy_dirs))
    if stored is not None:
        mine = g.records_frame(rec, cfg["players"]).iloc[0]
        same = all(mine[c] == stored[c] for c in mine.index if c in stored.index)
        against = "the run's stored record"
    else:
        same = bool((rec.view("i8") == batch.view("i8")).all())
        against = "the batch kernel"
    seats = g.game_seat_strategies(cfg, game_index)
    if as_json:
        _echo_json(dict(game=g.name, simsuite_version=__version__, seed=seed, game_index=game_index, config=cfg,
                        seat_strategies=seats, matches_batch=same, compared_with=against, events=events))
    else:
        click.echo(f"{g.title} game {game_index} of seed {seed} ({cfg['players']} players, "
                   f"seats {','.join(seats)})")
        for e in events:
            click.echo(e["text"])
        click.echo(f"identical to {against}: {'yes' if same else 'NO'}")
    if not same:
        sys.exit(1)


def _read_meta(d: Path) -> dict:
    from .store import read_json

    meta_p = d / "meta.json"
    if not meta_p.is_file():
        raise BadInput("--from", f"{d} is not a results directory (no meta.json)")
    meta = read_json(meta_p, "--from", ("kind", "game"))
    if meta["kind"] not in ("run", "sweep"):
        raise BadInput("--from", f"{meta_p} is not a simsuite run or sweep description")
    return meta


def _replay_source(d: Path, cell, strategy_dirs):
    """(game, config, seed, games played, strategy dirs, records file or None) of a run, or of a
    sweep's cell, rebuilt from its meta.json and checked against what the run stored."""
    from . import games
    from .sweep import plan_sweep

    meta = _read_meta(d)
    g = games.get(meta["game"])
    try:
        if meta["kind"] == "run":
            if cell is not None:
                raise BadInput("--cell", f"{d} is a run, not a sweep; drop --cell")
            dirs = tuple(strategy_dirs) or tuple(meta.get("strategy_dirs", ()))
            cfg = g.resolve(dict(meta["config"]), dirs)
            want = meta["definition"]["config"]
            seed, n = int(meta["seed"]), int(meta["games"])
            recs = d / "games.parquet"
        else:
            dd = meta["definition"]
            dirs = tuple(strategy_dirs) or tuple(dd.get("strategy_dirs", ()))
            cells, counts = plan_sweep(g, dd.get("base", {}), dd.get("axes", {}), int(dd["games"]), dirs)
            if cell is None or cell >= len(cells):
                raise BadInput("--cell", f"{d} is a sweep of {len(cells)} cells; name one with --cell "
                                         f"0..{len(cells) - 1} (simsuite status {d} lists them)")
            cfg = cells[cell]
            want = None
            seed, n = int(dd["seed"]), int(counts[cell])  # that cell's games (its grid's, or the sweep's)
            recs = None  # sweeps keep statistics, not per-game records
    except (KeyError, TypeError, ValueError) as e:
        raise BadInput("--from", f"{d / 'meta.json'} lacks what a replay needs ({e}); was it edited?")
    if want is not None and g.canonical_json(cfg) != want:
        raise BadInput("--from", f"the configuration of {d} cannot be rebuilt exactly: a data file it names "
                                 "changed since the run")
    row = _cell_row(d, 0 if cell is None else cell)
    if row is not None:
        if row.get("config_hash") != f"{g.config_hash(cfg):016x}":
            raise BadInput("--from", f"the configuration rebuilt from {d / 'meta.json'} is not the one its results "
                                     "were computed with (a data file changed, or meta.json was edited)")
        if row.get("code_hash") and row["code_hash"] != g.code_hash(dirs):
            click.echo(f"note: the engine or strategy code changed since {d} was computed "
                       f"(simsuite {row.get('simsuite_version', '?')}); the replay runs the current code", err=True)
    return g, cfg, seed, n, dirs, (recs if recs is not None and recs.is_file() else None)


def _cell_row(d: Path, cell: int):
    """Row `cell` of a results directory's cells table as a dict, or None."""
    from .store import has_results, read_table

    if not has_results(d):
        return None
    try:
        df = read_table(d, "cells")
    except (OSError, ValueError):  # unreadable or damaged (pyarrow's errors derive from these): no check
        return None
    df = df[df["cell"] == cell] if "cell" in df.columns else df.iloc[:0]
    return df.iloc[-1].to_dict() if len(df) else None


def _stored_record(path: Path, game: int):
    """Row of game `game` in a run's games.parquet (a pandas Series), or None if not there."""
    import pandas as pd

    try:
        df = pd.read_parquet(path, filters=[("game", "==", game)])
    except (OSError, ValueError) as e:  # a damaged file: compare with the batch kernel instead, and say so
        click.echo(f"note: {path} cannot be read ({e.__class__.__name__}); comparing with the batch kernel",
                   err=True)
        return None
    return df.iloc[0] if len(df) else None


def _latest_run(game: str, seed: int) -> Path | None:
    """The most recent run directory under results/runs with this game and seed, if any."""
    best = None
    for meta_p in (RESULTS / "runs").glob("*/meta.json"):
        try:
            meta = json.loads(meta_p.read_text())
        except (OSError, json.JSONDecodeError):
            continue
        if meta.get("kind") == "run" and meta.get("game") == game and meta.get("seed") == seed and "config" in meta:
            t = meta_p.stat().st_mtime
            if best is None or t > best[0]:
                best = (t, meta_p.parent)
    return best[1] if best else None


# --------------------------------------------------------------------------------- bench
@cli.command(cls=GameCommand)
@click.argument("game_name")
@click.option("--players", default=None, help="player counts, comma-separated (default: per game)")
@click.option("--strategies", default=None, help="line-up (default: the game's benchmark strategy)")
@click.option("--games", "n_games", type=click.IntRange(1000, 10**9), default=200_000, show_default=True,
              help="games per timed run")
@click.option("--repeat", type=click.IntRange(1, 100), default=3, show_default=True,
              help="timed runs per figure; the best is reported (a busy machine only slows runs down)")
@click.option("--cold/--no-cold", default=True, show_default=True, help="also time a cold compile (slow)")
@click.option("--set", "sets", multiple=True, metavar="NAME=VALUE",
              help="rule parameter over the benchmark's settings (repeatable), e.g. --set edition=FFG2008")
@click.option("--vs", "vs", multiple=True, metavar="NAME=VALUE",
              help="a second configuration timed in the same run, alternating with the first: the same settings "
                   "with these over them (repeatable; players=N one count), e.g. --vs edition=AH2000 --vs players=4")
@click.option("--against", "against", default=None, metavar="DIR",
              help="a reference build timed in the same run: another simsuite source tree (e.g. a git worktree "
                   "of the last release), its timed runs alternating with this build's")
@click.option("--json", "as_json", is_flag=True, help="print one JSON document")
@alien_dir_option
def bench(game_name, players, strategies, n_games, repeat, cold, sets, vs, against, as_json, shortcuts):
    """Games per second per player count on 1 thread and all threads, and compile times.

    \b
      simsuite bench cosmic                   # 4 players, basic, no alien powers (engine only)
      simsuite bench cosmic --aliens random   # 4 players, basic, aliens dealt from the 20
      simsuite bench cosmic --set edition=FFG2008 --aliens random --players 5 --vs edition=AH2000 --vs players=4
      simsuite bench space-venture --no-cold --against ../simsuite-last-release   # beside another build
    """
    from . import games
    from .bench import run_bench

    g = games.get(game_name)
    given = dict(_command_line(g, sets, shortcuts=shortcuts))  # over the game's benchmark settings
    from .params import parse_assignment

    vs_sets = {}
    for text in vs:
        if "=" not in text:
            raise BadInput("--vs", f"expected NAME=VALUE (e.g. edition=AH2000 or players=4), got {text!r}")
        k, v = parse_assignment(text)
        vs_sets[g.param(k).name] = v  # players too: one count
    res = run_bench(g, players, strategies, n_games, cold, echo=None if as_json else click.echo, given=given,
                    repeat=repeat, vs=vs_sets or None, against=against)
    if as_json:
        _echo_json(res)


# -------------------------------------------------------------------------------- status
@cli.command()
@click.argument("results_dir", type=click.Path())
@click.option("--json", "as_json", is_flag=True, help="print one JSON document")
def status(results_dir, as_json):
    """Progress of a results directory per cell: work units and games done, versions."""
    from .store import has_results, read_json, read_results
    from .sweep import sweep_progress

    path = Path(results_dir)
    if not (path / "meta.json").exists():
        raise BadInput("results", f"{path} is not a results directory (no meta.json)")
    meta = read_json(path / "meta.json", "results", ("kind", "game"))
    if meta["kind"] == "tune":  # a tune: trials, not cells (each trial is a sweep under trials/)
        from .tune import tune_status

        doc = dict(tune_status(path), game=meta["game"])
        if as_json:
            _echo_json(doc)
        else:
            b = doc["best_trial"]
            click.echo(f"tune of {doc['game']}: {doc['trials_done']} trial(s) finished, {doc['trials_unfinished']} "
                       f"unfinished, {doc['infeasible']} infeasible; re-checks done {doc['rechecks_done']}; "
                       + ("finished" if doc["finished"] else "not finished (run the same command to resume)")
                       + (f"; best trial so far {b['trial']}: {b['value']:.5g} {b['params']}" if b else ""))
        return
    rows = sweep_progress(path, meta)
    t = read_results(path) if has_results(path) else {"cells": None}
    cells = t["cells"]
    versions = sorted(cells["simsuite_version"].unique()) if cells is not None and len(cells) else []
    doc = dict(dir=str(path), kind=meta.get("kind"), game=meta.get("game"), cells_total=len(rows),
               cells_done=sum(r["done"] for r in rows), games_total=sum(r["games"] for r in rows),
               games_done=sum(r["games_done"] for r in rows), versions=versions, cells=rows)
    if as_json:
        _echo_json(doc)
        return
    click.echo(f"{doc['kind']} of {doc['game']}: {doc['cells_done']}/{doc['cells_total']} cells done, "
               f"{doc['games_done']:,}/{doc['games_total']:,} games; version(s) {', '.join(versions) or '-'}")
    for r in rows:
        label = ", ".join(f"{k}={v}" for k, v in r["params"].items())
        click.echo(f"  cell {r['cell']:>3}  {label:<40} {r['units_done']}/{r['units']} units  "
                   f"{r['games_done']:,}/{r['games']:,} games{'  done' if r['done'] else ''}"
                   + ("  interrupted: run the same command again to resume" if r.get("interrupted") else ""))


def pd_to_text(df, cols):
    return df[[c for c in cols if c in df.columns]].to_string(index=False)


def partial_sweep_line(path: Path) -> str:
    """'' for a whole sweep or run; else a warning that the results (and so a report) cover only the
    cells finished, with the command that completes them."""
    from .store import read_json
    from .sweep import sweep_progress

    try:
        meta = read_json(path / "meta.json", "results", ("kind", "game"))
        if meta["kind"] != "sweep":
            return ""
        rows = sweep_progress(path, meta)
    except Exception:  # a damaged folder: the report's own checks say what is wrong
        return ""
    done = sum(r["done"] for r in rows)
    if done == len(rows):
        return ""
    return (f"warning: partial sweep: {done} of {len(rows)} cells finished in {path}; the report covers those "
            "only (run the sweep's command again to finish it)")


def interrupted_line(out: Path) -> str:
    """The Ctrl-C line of a sweep or tune: what is saved in `out` (finished cells and work units, or
    finished trials, or nothing yet) and that the same command resumes from there."""
    from .store import read_json

    out = Path(out)
    try:
        meta = read_json(out / "meta.json", "results", ("kind", "game")) if (out / "meta.json").is_file() else None
        if meta is None:
            saved = "nothing was saved yet"
        elif meta["kind"] == "tune":
            from .tune import tune_status

            n = tune_status(out)["trials_done"]
            saved = f"{n} finished trial(s) are saved" if n else "no trial had finished: nothing is saved yet"
        else:
            from .sweep import sweep_progress

            rows = sweep_progress(out, meta)
            cells = sum(r["done"] for r in rows)
            units = sum(r["units_done"] for r in rows if not r["done"])
            if cells or units:
                saved = (f"{cells} of {len(rows)} cell(s) finished" + (f" and {units} work unit(s) of others" if units
                                                                          else "") + " are saved")
            else:
                saved = f"none of the {len(rows)} cell(s) had finished a work unit: nothing is saved yet"
    except Exception:  # a damaged folder must not hide the interrupt behind a traceback
        saved = "finished work units are saved"
    return f"interrupted: {saved} in {out}; run the same command again to resume"


def main(argv=None):
    """Entry point: one-line errors with exit status 2 for bad input, no tracebacks."""
    try:
        cli.main(args=argv, prog_name="simsuite", standalone_mode=False)
    except BadInput as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(2)
    except click.exceptions.UsageError as e:
        if type(e).__name__ == "NoArgsIsHelpError" and e.ctx is not None:  # bare `simsuite` (click >= 8.2)
            click.echo(e.ctx.get_help())
            sys.exit(0)
        click.echo(f"error: {_usage_line(e)}", err=True)
        sys.exit(2)
    except (click.exceptions.Abort, KeyboardInterrupt):  # before any results folder was opened
        click.echo("interrupted: no results were being written, so there is nothing to resume", err=True)
        sys.exit(130)
    except click.exceptions.Exit as e:
        sys.exit(e.exit_code)
    except click.ClickException as e:
        click.echo(f"error: {e.format_message()}", err=True)
        sys.exit(2)
    except BrokenPipeError:
        sys.exit(0)
    except Exception as e:
        line = _strategy_compile_error(e)
        if line is None:
            raise
        click.echo(f"error: {line}", err=True)
        sys.exit(2)


def _usage_line(e: click.exceptions.UsageError) -> str:
    """click's own usage error on one line: the option or argument first, then what is wrong."""
    msg = " ".join(e.format_message().split())
    name = None
    if isinstance(e, click.BadParameter) and e.param is not None:
        p = e.param
        name = p.opts[0] if isinstance(p, click.Option) and p.opts else p.human_readable_name
        if isinstance(e, click.MissingParameter):
            msg = "required"
        else:
            msg = " ".join(str(e.message).split()).rstrip(".")
            if isinstance(p.type, (click.IntRange, click.FloatRange)) and "not a valid" in msg:
                msg += f"; allowed: {p.type._describe_range()}"
    elif getattr(e, "option_name", None):
        name = e.option_name
    where = e.ctx.command_path if e.ctx is not None else "simsuite"
    return (f"{name}: {msg}" if name else msg) + f" (see {where} --help)"


def compile_notice(g, extra_dirs=(), entry: str = "run_batch") -> None:
    """Say so before the first run with this code compiles its kernel (a minute of silence
    otherwise); the progress bar's rate and ETA start after it. On a terminal only, like the
    progress bar: scripts read one line of error or the results."""
    from .codegen import cache_dir, is_compiled

    if sys.stderr.isatty() and not is_compiled(g.dirname, g.kernel_digest(extra_dirs), entry):  # like the bar
        import time

        click.echo(f"compiling the {g.title} kernel for this code and these strategies (once: 25-90 s on 2 cores; "
                   f"cached in {cache_dir()}) ...", err=True)
        t0 = time.perf_counter()
        if entry == "run_batch":  # compile now (zero games), so the progress bar times games only
            g.run_range(g.kernel(extra_dirs), g.build_cfg(g.resolve({}, extra_dirs), extra_dirs), 0, 0, 0)
            click.echo(f"compiled in {time.perf_counter() - t0:.0f} s", err=True)


def _strategy_compile_error(e: Exception):
    """One line for a plug-in strategy that numba cannot compile (a user's bad input), else None.

    The innermost source file named in numba's error that is neither numba's, simsuite's nor a
    generated kernel is the plug-in; an error inside simsuite itself keeps its traceback."""
    import re

    import numba
    from numba.core.errors import NumbaError

    from .codegen import cache_dir

    if not isinstance(e, NumbaError):
        return None
    text = re.sub(r"\x1b\[[0-9;]*m", "", str(e))
    ours = (Path(numba.__file__).resolve().parent, Path(__file__).resolve().parent, cache_dir().resolve())
    for f, n in re.findall(r'File "([^"]+)", line (\d+)', text):
        p = Path(f).resolve()
        if any(p.is_relative_to(d) for d in ours):
            continue
        why = next((ln.strip().rstrip(":") for ln in text.splitlines()
                    if ln.strip().startswith(("No implementation", "Unknown attribute", "Cannot", "Invalid use",
                                              "NameError", "Untyped global"))), "numba cannot type it")
        hint = ("; decide runs without reference counting, so it must not allocate arrays (use the scratch area, "
                "or decorate decide with @njit(_nrt=True))") if re.search(r"zeros|empty|ones|array", why) else ""
        return f"strategy: {p}, line {n} does not compile: {why}{hint}"
    # an untyped name inside the plug-in: numba names only the generated dispatch, whose comment
    # says which strategy it calls ("if sid == 3:  # name")
    who = re.findall(r"if sid == \d+:\s+# (\S+)", text)
    why = next((ln.strip() for ln in text.splitlines() if ln.strip().startswith(("NameError", "Untyped global"))), None)
    if who and why:
        return f"strategy: strategy {who[0]!r} does not compile: {why}"
    return None

if __name__ == "__main__":
    main()
