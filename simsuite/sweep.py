"""Sweeps: cells x chunks of games, run locally or on a Dask cluster, stored so they resume.

A sweep is a list of cells (configurations); each cell's games are split into fixed work units
(``unit`` games each, part of the sweep definition). A finished unit is written atomically to
``chunks/<config hash>/<first game>.json`` with its configuration, seed, game range, simsuite
version, the exact statistics and a content hash. When all of a cell's units are there, they are
merged in game order into the cell's files of the cells/groups/hists/... tables (one file per cell
and table, simsuite.store) and the manifest.
Killing the sweep at any moment loses at most the units in flight; running the same command
again skips what is on disk. Statistics are exact integer sums and every game's randomness
depends only on (seed, configuration, game index), so the tables are identical whatever the
executor, worker count, interruption or order of completion.
"""
from __future__ import annotations

import hashlib
import itertools
import json
import os
import sys
import time
from pathlib import Path

from . import __version__, compile_watch
from .analysis.stats import Accumulator
from .engine.params import parse_count, split_values
from .errors import BadInput
from .progress import Progress
from .runner import CellResult, run_cell, set_threads
from .store import ResultsDir, cell_key, read_json, read_manifest

DEFAULT_UNIT = 1 << 18


GRID_GAMES = "games"  # a grid's own games per cell: not an axis (no cell parameter, no column)
GRID_SKIP = "skip"  # a grid's combinations left out, e.g. skip = [{edition = "AH2000", players = 5}]: not an axis
GRID_KEYS = (GRID_GAMES, GRID_SKIP)
GAMES_RANGE = (1, 10**12)  # as --games and the file's games


def axis_grids(axes) -> list[dict]:
    """A sweep's axes are one table (every combination of its values is a cell) or a list of such
    tables, whose cells follow one another (e.g. a line-up that depends on the player count). A
    grid may also say `games`: how many games its cells play (not an axis)."""
    return [axes] if isinstance(axes, dict) else [dict(a) for a in axes]


def axis_names(axes) -> list[str]:
    """Every axis named in any grid, in order of first appearance (a grid's `games` is not one)."""
    names = []
    for a in axis_grids(axes):
        names += [k for k in a if k not in names and k not in GRID_KEYS]
    return names


def grid_games(grid: dict, n_games, where: str = "sweep grid"):
    """The games each cell of `grid` plays: its own `games` (checked: BadInput naming `where`),
    else `n_games` (the sweep's)."""
    if GRID_GAMES not in grid:
        return n_games
    v = grid[GRID_GAMES]
    lo, hi = GAMES_RANGE
    return parse_count(v, lo, hi, GRID_GAMES, f"{where}: games", text=False)


def grid_skips(game, grid: dict, base: dict, values: dict, where: str = "sweep grid") -> list[dict]:
    """A grid's `skip` entries, checked (BadInput naming `where`): a list of tables, each naming
    axes of the grid (or parameters the command line fixed) with one value each, values of the
    axis; returned with names canonical and values parsed. values: axis name -> its values."""
    raw = grid.get(GRID_SKIP, [])
    shape = "a list of tables of axis values, e.g. skip = [{edition = \"AH2000\", players = 5}]"
    if not isinstance(raw, list) or not raw or not all(isinstance(t, dict) and t for t in raw):
        raise BadInput(GRID_SKIP, f"{where}: skip = {raw!r}; allowed: {shape}")
    known = [*values, *(k for k in base if k not in values)]
    out = []
    for t in raw:
        entry = {}
        for k, v in t.items():
            try:
                name = game.param(k).name
            except BadInput:
                name = None
            if name not in known:
                raise BadInput(GRID_SKIP, f"{where}: skip names {k!r}, not an axis of the grid; allowed: "
                                          f"{', '.join(values) or 'none'}")
            p = game.param(name)
            if isinstance(v, (list, dict)):
                raise BadInput(GRID_SKIP, f"{where}: skip {k} = {v!r}; allowed: one value of the axis")
            try:
                x = p.parse(v)
            except BadInput as e:
                raise BadInput(GRID_SKIP, f"{where}: skip {k} = {v!r}: {e}")
            if name in values and x not in [p.parse(a) for a in values[name]]:
                raise BadInput(GRID_SKIP, f"{where}: skip {k} = {v!r} is not a value of the axis; allowed: "
                                          f"{', '.join(map(str, values[name]))}")
            entry[name] = x
        out.append(entry)
    return out


def _skipped(game, ov: dict, skips: list[dict]) -> bool:
    """True when the overrides `ov` (a combination of the axes over the base) match a skip entry."""
    for e in skips:
        if all(game.param(k).parse(ov.get(k, game.param(k).default)) == v for k, v in e.items()):
            return True
    return False


def plan_sweep(game, base: dict, axes, n_games=None, extra_dirs=(), skipped: list | None = None) -> tuple[list[dict], list]:
    """The plan of a sweep: (cells, games per cell). The cells are the resolved configurations of
    every combination of the axes (all checked before any run); with a list of grids, their cells in
    order (a configuration met twice is kept once, with its first grid's games). A cell plays its
    grid's `games`, else `n_games`. A grid's `skip` entries leave out the combinations they match
    (grid_skips); each one left out is appended to `skipped` (axis values), so callers say so.
    run_sweep, sweep_progress (status) and replay all use it."""

    cells, counts, seen = [], [], set()
    for gi, grid in enumerate(axis_grids(axes)):
        n = grid_games(grid, n_games, f"sweep grid {gi + 1}")
        names = [k for k in grid if k not in GRID_KEYS]
        values = []
        for k in names:
            raw = grid[k]
            p = game.param(k)
            vals = [str(v) for v in raw] if isinstance(raw, list) else split_values(p, str(raw))
            if not vals:
                raise BadInput(k, "no values to sweep")
            values.append(vals)
        skips = (grid_skips(game, grid, base, {game.param(k).name: v for k, v in zip(names, values)},
                            f"sweep grid {gi + 1}") if GRID_SKIP in grid else [])
        for combo in itertools.product(*values):
            ov = dict(base)
            ov.update({game.param(k).name: v for k, v in zip(names, combo)})
            if skips and _skipped(game, ov, skips):
                if skipped is not None:
                    skipped.append({game.param(k).name: v for k, v in zip(names, combo)})
                continue
            cfg = game.resolve(ov, extra_dirs)
            key = game.canonical_json(cfg)
            if key not in seen:
                seen.add(key)
                cells.append(cfg)
                counts.append(n)
    return cells, counts


def plan_cells(game, base: dict, axes, extra_dirs=()) -> list[dict]:
    """The cells of plan_sweep (without their game counts)."""
    return plan_sweep(game, base, axes, None, extra_dirs)[0]


def cell_size(n_games: int, precision) -> str:
    """A cell's game count as its store key says it (with --precision, the count is the cap)."""
    return f"{n_games}" if precision is None else f"{n_games}@{precision}"


def run_unit(g, cfg: dict, seed: int, g0: int, n: int, extra_dirs=(), threads: int = 0,
             progress=None) -> dict:
    """Play games g0..g0+n-1 of one configuration of game `g`; returns the exact statistics as a dict.
    Pure function of its arguments: safe to run (and re-run) on any worker (a game pickles by its
    class, so a worker gets the same game without a registry). `progress(n)` (in the same process
    only) hears of each chunk played: a unit of a slow game lasts minutes."""
    set_threads(threads)
    res = run_cell(g, cfg, n, seed, tuple(extra_dirs), g0=g0, progress=progress)
    return dict(acc=res.acc.to_dict(), seconds=res.seconds, host=os.uname().nodename, pid=os.getpid(),
                code_hash=res.code, simsuite_version=__version__)


def _content_hash(d: dict) -> str:
    return hashlib.sha256(json.dumps(d, sort_keys=True).encode()).hexdigest()


class ChunkStore:
    """One JSON file per finished unit, written by rename (atomic). Units made by other code
    (another version or changed sources) count as missing and are redone, never mixed in."""

    def __init__(self, root: Path, code: str):
        self.root = Path(root) / "chunks"
        self.code = code

    def path(self, config_hash: int, g0: int) -> Path:
        return self.root / f"{config_hash:016x}" / f"{g0:015d}.json"

    def has(self, config_hash: int, g0: int) -> bool:
        return self.read(config_hash, g0) is not None

    def write(self, config_hash: int, g0: int, doc: dict) -> None:
        p = self.path(config_hash, g0)
        p.parent.mkdir(parents=True, exist_ok=True)
        body = dict(doc, content_hash=_content_hash(doc["acc"]))
        tmp = p.with_name(f".{p.name}.tmp{os.getpid()}")
        tmp.write_text(json.dumps(body, sort_keys=True))
        os.replace(tmp, p)

    def read(self, config_hash: int, g0: int) -> dict | None:
        p = self.path(config_hash, g0)
        try:
            d = json.loads(p.read_text())
        except (OSError, ValueError):  # missing, unreadable, not UTF-8 or not JSON
            return None
        if not isinstance(d, dict) or "acc" not in d or _content_hash(d["acc"]) != d.get("content_hash"):
            return None  # damaged: redo it
        if d.get("code_hash") != self.code or d.get("simsuite_version") != __version__:
            return None  # made by other code: redo it
        return d


def precise_enough(acc: Accumulator, precision: float) -> bool:
    """True when every win rate's 95% interval (per seat, turn position, strategy, ...) has a
    half-width of at most `precision`."""
    return acc.max_ci_half_width() <= precision


def _axes_doc(axes):
    """The axes as meta.json's definition keeps them (a grid's games stays an integer)."""
    def one(a):
        return {k: (v if isinstance(v, list) or k in GRID_KEYS else str(v)) for k, v in a.items()}

    return one(axes) if isinstance(axes, dict) else [one(a) for a in axes]


def run_sweep(g, base: dict, axes: dict, n_games: int, seed: int, out: Path, extra_dirs=(), threads: int = 0,
              unit: int = DEFAULT_UNIT, scheduler: str | None = None, definition_name: str = "",
              progress: bool | None = None, on_cell=None, precision: float | None = None,
              focus: list[str] | None = None, notice=None, ladder: list[str] | None = None) -> dict:
    """Run (or resume) a sweep into `out`; returns counts and timings.

    `notice`: a runner.KernelNotice, told when the kernel is compiled or loaded (after the
    definition is checked).

    `focus`: labels the report opens with (kept in meta.json beside the definition: it changes no
    game, so a resume with another focus plays nothing again). `ladder`: strategies, weakest first,
    along which the report traces each label's share (kept in meta.json as the focus is).

    Each cell plays `n_games` games, or its grid's own `games` when the grid says one (plan_sweep).
    With `precision`, each cell plays unit after unit (in game order) until every win rate's 95%
    interval half-width is at most `precision`, or its game count (the cap) is reached. The stopping
    point depends only on the games, so it is the same on any executor and after a resume.
    """
    if scheduler:
        check_scheduler(scheduler)  # before anything is written
    skipped = []
    cells, counts = plan_sweep(g, base, axes, n_games, extra_dirs, skipped)
    if skipped:  # said, not silent: the definition's skip left these combinations out
        print(f"note: {len(skipped)} combination(s) left out by the definition's skip: "
              + "; ".join(" ".join(f"{k}={v}" for k, v in c.items()) for c in skipped), file=sys.stderr)
    definition = dict(name=definition_name, base={k: str(v) for k, v in sorted(base.items())},
                      axes=_axes_doc(axes),
                      games=n_games, seed=seed, unit=unit, strategy_dirs=[str(d) for d in extra_dirs],
                      precision=precision)
    axis_values = {g.param(k).name: sorted({c[g.param(k).name] for c in cells}, key=str) for k in axis_names(axes)}
    rd = ResultsDir(out, dict(kind="sweep", game=g.name, seed=seed, games=n_games, definition=definition,
                              axes=axis_values, cells=len(cells), unit=unit, precision=precision,
                              **({"focus": list(focus)} if focus else {}),
                              **({"ladder": list(ladder)} if ladder else {})))
    code = g.code_hash(extra_dirs)
    stale = {r["cell"] for r in rd.read("cells").to_dict("records")
             if (r.get("code_hash"), r.get("simsuite_version")) != (code, __version__)}
    if stale:  # said, not silent: these rows are replaced as the new code plays the cells again
        print(f"note: {len(stale)} cell(s) in {out} were computed by other simsuite code or version; they are "
              "played again with this code (until they are, the tables mix both and `report` says so)",
              file=sys.stderr)
    store = ChunkStore(out, code)
    hashes = [g.config_hash(c) for c in cells]
    keys = [cell_key(g.name, h, seed, cell_size(n, precision), code) for h, n in zip(hashes, counts)]
    # per open cell: the merged prefix of its units in game order
    prefix = {i: dict(next=0, acc=None, seconds=0.0) for i in range(len(cells)) if not rd.done(keys[i])}
    state = dict(ran_units=0, ran_games=0)

    def advance(i) -> bool:
        """Merge the cell's contiguous finished units; write the cell when it is complete."""
        c = prefix[i]
        while c["next"] < counts[i]:
            d = store.read(hashes[i], c["next"])
            if d is None:
                return False
            a = Accumulator.from_dict(d["acc"])
            if c["acc"] is None:
                c["acc"] = a
            else:
                c["acc"].merge(a)
            c["seconds"] += d["seconds"]
            c["next"] += d["games"]
            if precision is not None and precise_enough(c["acc"], precision):
                break
        res = CellResult(g.name, cells[i], seed, 0, hashes[i], 0, c["next"], c["acc"], c["seconds"], code=code)
        row = rd.add(keys[i], res, i)
        del prefix[i]
        if on_cell is not None:
            on_cell(row)
        return True

    for i in list(prefix):
        advance(i)
    if precision is None:
        units = [(i, g0) for i in prefix for g0 in range(0, counts[i], unit) if not store.has(hashes[i], g0)]
    else:
        units = [(i, prefix[i]["next"]) for i in prefix]
    bar = Progress(sum(counts[i] - prefix[i]["next"] for i in prefix), f"{g.name} sweep", enabled=progress)
    t0 = time.perf_counter()

    def record(i, g0, doc, counted=False):
        """A unit came back: store it; returns the next unit of this cell to run, if any.
        `counted`: its games went into the progress chunk by chunk already."""
        n = min(unit, counts[i] - g0)
        h = hashes[i]
        theirs = (doc.pop("code_hash", code), doc.pop("simsuite_version", __version__))
        if theirs != (code, __version__):  # a worker with another checkout: its games are not this code's
            raise BadInput("--scheduler", f"worker {doc.get('host', '?')} runs simsuite {theirs[1]} with code "
                                          f"{theirs[0]}, this client {__version__} with code {code}; install the "
                                          "same checkout on every worker (finished units are kept)")
        store.write(h, g0, dict(game=g.name, config=cells[i], config_hash=f"{h:016x}", seed=seed, first_game=g0,
                                games=n, simsuite_version=__version__, code_hash=code, **doc))
        state["ran_units"] += 1
        state["ran_games"] += n
        if not counted:
            bar(n)
        if i in prefix and not advance(i) and precision is not None:
            return (i, prefix[i]["next"])
        return None

    try:
        if scheduler:
            _run_dask(scheduler, g, cells, seed, units, unit, counts, extra_dirs, record)
        else:
            # an engine a later cell's line-up links (the Cosmic rollouts) says its compile, too
            with compile_watch.announcing(None if notice is None else notice.say):
                if units:  # compile or load the kernel first: the bar's rate and ETA then time games only
                    first = g.build_cfg(cells[units[0][0]], extra_dirs)
                    if notice is not None:
                        notice.before()
                    g.run_range(g.kernel(extra_dirs), first, 0, 0, 0)
                    if notice is not None:
                        notice.after()
                bar.start()
                queue = list(reversed(units))
                while queue:
                    i, g0 = queue.pop()
                    nxt = record(i, g0, run_unit(g, cells[i], seed, g0, min(unit, counts[i] - g0), extra_dirs,
                                                 threads, progress=bar), counted=True)
                    if nxt is not None:
                        queue.append(nxt)
    finally:
        bar.close()
    rd.finish()
    return dict(out=str(out), cells=len(cells), ran_units=state["ran_units"], ran_games=state["ran_games"],
                seconds=time.perf_counter() - t0, resumed_cells=len(cells) - len({u[0] for u in units}))


def check_scheduler(address: str) -> None:
    """A Dask scheduler address the client can parse (tcp://HOST:PORT), else BadInput; connects to nothing."""
    try:
        from distributed.comm import get_address_host_port
    except ImportError:
        raise BadInput("--scheduler", "needs dask.distributed: pip install -e '.[cluster]'")
    try:
        host, port = get_address_host_port(address)
    except ValueError as e:
        raise BadInput("--scheduler", f"{address!r} is not a scheduler address ({e}); allowed: tcp://HOST:PORT")
    if not 1 <= int(port) <= 65535:
        raise BadInput("--scheduler", f"{address!r} is not a scheduler address; allowed: tcp://HOST:PORT "
                                      "with a port 1..65535")


def _run_dask(address, g, cells, seed, units, unit, counts, extra_dirs, record):
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise BadInput("--scheduler", "needs dask.distributed: pip install -e '.[cluster]'")
    try:  # the address was checked by run_sweep (check_scheduler)
        client = Client(address, timeout="20s")
    except (OSError, TimeoutError) as e:
        raise BadInput("--scheduler", f"cannot reach the Dask scheduler at {address}: {e}")

    def submit(i, g0):
        n = min(unit, counts[i] - g0)
        # retries: a unit whose worker died is run again; it is deterministic, so nothing changes
        return client.submit(run_unit, g, cells[i], seed, g0, n, tuple(extra_dirs), 1, retries=5, pure=False,
                             key=f"simsuite-{g.config_hash(cells[i]):016x}-{seed}-{g0}-{n}")

    try:
        futs = {}
        for i, g0 in units:
            futs[submit(i, g0)] = (i, g0)
        ac = as_completed(list(futs))
        for fut in ac:
            i, g0 = futs.pop(fut)
            nxt = record(i, g0, fut.result())
            if nxt is not None:
                f = submit(*nxt)
                futs[f] = nxt
                ac.add(f)
    finally:
        client.close()


def meta_game(path: Path, meta: dict) -> str:
    """The game a results directory's meta.json names, or BadInput when it names none."""
    if "game" not in meta or not isinstance(meta["game"], str):
        raise BadInput("results", f"{Path(path) / 'meta.json'} is damaged (no game); it must be the file simsuite wrote")
    return meta["game"]


def sweep_progress(path: Path, meta: dict, g) -> list[dict]:
    """Per cell of game `g` (the game meta.json names, meta_game): parameters that vary, work units
    and games (that cell's count) done (from the chunk files)."""
    done = read_manifest(path, "results")["done"]
    meta_p = Path(path) / "meta.json"
    meta_game(path, meta)
    d = meta.get("definition", {})
    whole = isinstance(d, dict) and all(isinstance(d.get(k), int) for k in ("games", "seed", "unit"))
    if meta.get("kind") == "sweep" and not (whole and d["games"] >= 1 and d["unit"] >= 1 and d["seed"] >= 0):
        raise BadInput("results", f"{meta_p} is damaged (its definition lacks games, seed or unit); "
                                  "it must be the file simsuite wrote")
    if meta.get("kind") != "sweep":
        n = meta.get("games", 0)
        part_p = Path(path) / "partial.json"
        # an interrupted run: the games it played and saved (the same command resumes it)
        partial = read_json(part_p, "results", ("games_done",))["games_done"] if part_p.exists() and not done else 0
        return [dict(cell=0, params={}, units=1, units_done=int(bool(done)), games=n,
                     games_done=n if done else partial, done=bool(done), interrupted=bool(partial))]
    base, axes = d.get("base", {}), d.get("axes", {})
    cells, counts = plan_sweep(g, base, axes, d["games"], tuple(d.get("strategy_dirs", ())))
    seed, unit = d["seed"], d["unit"]
    code = g.code_hash(tuple(d.get("strategy_dirs", ())))
    store = ChunkStore(path, code)
    rows = []
    for i, (cfg, n_games) in enumerate(zip(cells, counts)):
        h = g.config_hash(cfg)
        starts = list(range(0, n_games, unit))
        key = cell_key(g.name, h, seed, cell_size(n_games, d.get("precision")), code)
        if key in done:
            played = done[key]["games"]
            got = [g0 for g0 in starts if g0 < played]
        else:
            got = [g0 for g0 in starts if store.has(h, g0)]
            played = sum(min(unit, n_games - g0) for g0 in got)
        rows.append(dict(cell=i, params={k: cfg[g.param(k).name] for k in axis_names(axes)}, units=len(starts),
                         units_done=len(got), games=n_games, games_done=played, done=key in done))
    return rows
