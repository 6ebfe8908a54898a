"""Sweep definitions: the TOML file read and checked as the command line checks its options, and
the plan of a sweep (the file's values with the command line's over them), shared by `sweep` and
`report NAME`; and the lines that say how far a sweep or tune got (partial, interrupted)."""
from __future__ import annotations

from pathlib import Path

from . import games
from .engine.params import command_line, parse_count, split_values
from .errors import BadInput
from .scaffold.data import read_toml

SWEEP_WHAT = "a sweep definition (a TOML file)"


def load_sweep_file(path: Path) -> dict:
    d = read_toml(path, "--config", SWEEP_WHAT)
    allowed = {"name", "game", "description", "games", "seed", "set", "sweep", "strategy_dirs", "unit", "precision",
               "focus", "ladder"}
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
SWEEP_FILE_COUNTS = ("games", "unit")  # counts of games: 1_000_000 and 1e6 are allowed
SWEEP_FILE_PRECISION = (0.0001, 0.5)  # as --precision


def _check_sweep_values(d: dict, path: Path) -> None:
    """The values of a sweep definition file, checked as the command line checks its options
    (before anything is written)."""
    for k in ("name", "game", "description"):
        if k in d and not (isinstance(d[k], str) and d[k]):
            raise BadInput(k, f"{path.name}: {k} = {d[k]!r}; allowed: a non-empty string")
    for k, (lo, hi) in SWEEP_FILE_INTS.items():
        v = d.get(k)
        if v is not None and k in SWEEP_FILE_COUNTS:  # games = 1_000_000, 1e6 or "1e6", as --games takes them
            d[k] = parse_count(v, lo, hi, k, f"{path.name}: {k}", text=False)
        elif v is not None and (not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi):
            raise BadInput(k, f"{path.name}: {k} = {v!r}; allowed: an integer {lo}..{hi}")
    v = d.get("precision")
    lo, hi = SWEEP_FILE_PRECISION
    if v is not None and (not isinstance(v, (int, float)) or isinstance(v, bool) or not lo <= v <= hi):
        raise BadInput("precision", f"{path.name}: precision = {v!r}; allowed: a number {lo}..{hi}")
    focus = d.get("focus")
    if focus is not None and not (isinstance(focus, str) and focus or isinstance(focus, list) and focus
                                  and all(isinstance(x, str) and x for x in focus)):
        raise BadInput("focus", f"{path.name}: focus = {focus!r}; allowed: a label name or a list of them, e.g. "
                                "focus = \"Underdog\" (the report opens with where it stands in every ranking)")
    ladder = d.get("ladder")
    if ladder is not None and not (isinstance(ladder, list) and len(ladder) >= 2 and len(set(ladder)) == len(ladder)
                                   and all(isinstance(x, str) and x for x in ladder)):
        raise BadInput("ladder", f"{path.name}: ladder = {ladder!r}; allowed: two or more different strategy names, "
                                 "weakest first, e.g. ladder = [\"basic\", \"search_wide\", \"search_deep\"] (the "
                                 "report traces each label's share along them)")
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


def sweep_plan(g, spec: dict, sets=(), players=None, strategies=None, shortcuts=None, rotate=None, n_games=None,
                seed=None, unit=None, precision=None):
    """(base, axes, games, seed, unit, precision) of a sweep: the definition file's values with the
    command line's over them. `sweep` and `report NAME` both use it, so they define the same sweep.
    A grid's own `games` stays in its grid (run_sweep plays it); `n_games` from the command line
    replaces the file's games everywhere, the top-level one and every grid's."""
    from .sweep import DEFAULT_UNIT, GRID_GAMES, axis_grids

    base = {g.param(k).name: v for k, v in spec.get("set", {}).items()}
    axes = _spec_axes(g, spec)
    grids = axis_grids(axes)
    base.setdefault("rotate", True)
    for k, v in command_line(g, sets, players, strategies, shortcuts):  # replaces the file's, in every grid
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


def partial_sweep_line(path: Path) -> str:
    """'' for a whole sweep or run; else a warning that the results (and so a report) cover only the
    cells finished, with the command that completes them."""
    from .store import read_json
    from .sweep import meta_game, sweep_progress

    try:
        meta = read_json(path / "meta.json", "results", ("kind", "game"))
        if meta["kind"] != "sweep":
            return ""
        rows = sweep_progress(path, meta, games.get(meta_game(path, meta)))
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
            from .sweep import meta_game, sweep_progress

            rows = sweep_progress(out, meta, games.get(meta_game(out, meta)))
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
