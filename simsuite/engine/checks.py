"""`simsuite check strategy`: does a strategy plug-in keep to what a strategy may do?

It plays the strategy in a line-up with the game's default strategies (rotated through the seats)
for a few thousand games in one call into numba (``check_driver.py``), with

* the game's invariants checked after every turn (its ``check_invariants``, as ``run_checked``);
* answers outside the options counted (the engine rejects them);
* a guard on the state: a word the strategy writes outside its scratch and the generator is
  reported by the name of the state field it lies in (``S_MARK``, from the game's api module);
* a hidden-information test: each decision is asked again with what the seat may not see dealt
  afresh (the game's ``hidden_module``); a different answer means the strategy read hidden
  information, reported with the decision kind.
"""
from __future__ import annotations

import importlib
import os
from pathlib import Path

import numpy as np

from ..errors import BadInput
from ..progress import Progress
from .codegen import build_kernel, cache_misses
from .kernel_contract import PKG, check_params
from .rng import run_key

CHECK_DRIVER = PKG / "check_driver.py"
(V, WRITE_AT, WRITE_KIND, WRITES, DECISIONS, HIDDEN, DIFFER, DIFFER_KIND, REDEALS) = range(9)
SCRATCH_WORDS = 64


def strategy_file(game, given: str) -> Path:
    """A strategy file, or the name of one of the game's built-in strategies."""
    p = Path(given)
    if p.suffix == ".py" or p.exists():
        if not p.is_file():
            raise BadInput("FILE", f"{given} does not exist; give a strategy file (.py) or a built-in strategy of "
                                   f"{game.name}: {', '.join(s.name for s in game.strategies())}")
        return p.resolve()
    for s in game.strategies():
        if s.name == given:
            return s.path
    raise BadInput("FILE", f"{given} is neither a file nor a built-in strategy of {game.name}; allowed names: "
                           f"{', '.join(s.name for s in game.strategies())}")


def field_name(api, offset: int) -> str:
    """The state field of the game's layout that word `offset` lies in: ``S_MARK`` or ``S_MARK+3``."""
    best = None
    for name, v in vars(api).items():
        if (name.startswith("S_") and name.isupper() and isinstance(v, (int, np.integer)) and not isinstance(v, bool)
                and 0 <= int(v) <= offset and (best is None or int(v) > best[1])):
            best = (name, int(v))
    if best is None:
        return f"word {offset}"
    return best[0] if best[1] == offset else f"{best[0]}+{offset - best[1]}"


def kind_name(api, kind: int) -> str:
    names = getattr(api, "DECISION_NAMES", ())
    return names[kind] if 0 <= kind < len(names) and names[kind] else f"kind {kind}"


def _hidden_rules(game) -> str:
    rules = getattr(importlib.import_module(game.hidden_module), "RULES", "") if game.hidden_module else ""
    return f"{rules} says what a seat may see" if rules else f"see the rules, {game.rules}"


def _tail(game) -> tuple[str, tuple]:
    """The check driver with its generated header: the same for every strategy of a game (the
    one under test is named in the configuration array), so one compiled module checks them all."""
    head = []
    sources = [CHECK_DRIVER]
    if game.hidden_module:
        mod = importlib.import_module(game.hidden_module)
        head += ["REDEAL = 1", f"from {game.hidden_module} import redeal_hidden as _redeal_hidden"]
        sources.append(Path(mod.__file__).resolve())
    else:
        head += ["REDEAL = 0", "", "", "@njit", "def _redeal_hidden(st, cfg, me):", "    return 0"]
    return "\n".join([*head, "", CHECK_DRIVER.read_text()]), tuple(sources)


CHECK_CHUNK = 256  # games per call: a progress line every few seconds even for Cosmic Encounter
# A chunk of checked games takes seconds; one that takes this long holds a game that never ends (a
# plug-in's loop that never exits): the check stops there and says which games, instead of hanging
CHUNK_TIME_LIMIT_S = 300.0
TIME_LIMIT_ENV = "SIMSUITE_CHECK_TIME_LIMIT"


def chunk_time_limit() -> float:
    """Seconds a chunk of checked games may take: SIMSUITE_CHECK_TIME_LIMIT, else CHUNK_TIME_LIMIT_S."""
    raw = os.environ.get(TIME_LIMIT_ENV, "")
    try:
        v = float(raw) if raw else CHUNK_TIME_LIMIT_S
    except ValueError:
        raise BadInput(TIME_LIMIT_ENV, f"{raw!r} is not a number of seconds") from None
    if not v > 0:
        raise BadInput(TIME_LIMIT_ENV, f"{raw!r}: give a number of seconds above 0")
    return v


def _within(limit: float, fn, args: tuple) -> bool:
    """fn(*args) in a thread (the checked entry points release the GIL); False when it has not
    returned after `limit` seconds. The thread is a daemon: a game that never ends is left running
    until the process exits, which it does at once with the one-line message."""
    import threading

    err = []

    def run():
        try:
            fn(*args)
        except BaseException as e:  # re-raised in the caller's thread
            err.append(e)

    t = threading.Thread(target=run, name="simsuite-check-chunk", daemon=True)
    t.start()
    t.join(limit)
    if err:
        raise err[0]
    return not t.is_alive()


def played_in_chunks(kernel, entry: str, head: tuple, outs: tuple, desc: str, say=None, progress=None,
                     where: str = "") -> None:
    """kernel.<entry>(*head, g0, *rows of outs) over all rows, CHECK_CHUNK games a call (the games
    are keyed by their index, so the results do not depend on the chunks); the first call, with no
    games, compiles or loads the entry point and says which. `progress`: as progress.Progress's
    `enabled`, or a Progress shared by several calls (left open). A chunk that takes longer than
    chunk_time_limit() stops the check: BadInput naming `desc`, `where` and the chunk's games."""
    import time

    fn = getattr(kernel, entry)
    n = outs[0].shape[0]
    t0 = time.perf_counter()
    before = cache_misses(kernel, entry)
    if say:
        say("preparing the checked kernel (compiled once per version of the code: up to a few minutes on 2 cores) ...")
    fn(*head, np.int64(0), *(o[:0] for o in outs))
    if say:
        took = time.perf_counter() - t0
        say(f"compiled the checked kernel in {took:.0f} s" if cache_misses(kernel, entry) > before
            else f"loaded the compiled checked kernel ({took:.1f} s)")
    own = not isinstance(progress, Progress)
    bar = Progress(n, desc, enabled=progress) if own else progress
    bar.start()
    limit = chunk_time_limit()
    try:
        for lo in range(0, n, CHECK_CHUNK):
            hi = min(n, lo + CHECK_CHUNK)
            if not _within(limit, fn, (*head, np.int64(lo), *(o[lo:hi] for o in outs))):
                raise BadInput("time limit", f"{desc}{', ' + where if where else ''}: games {lo}–{hi - 1} did not "
                               f"finish within {limit:g} s, so one of them never ends (a loop in a plug-in that "
                               f"never exits?); {TIME_LIMIT_ENV}=SECONDS allows more time")
            bar(hi - lo)
    finally:
        if own:
            bar.close()


def check_strategy(game, given: str, n_games: int = 2000, players: int | None = None, seed: int = 1,
                   extra_dirs: tuple = (), say=None, progress: bool | None = False) -> dict:
    """Play the strategy `given` (a file or a built-in name) checked; a dict with 'ok', 'problems'
    (one line each) and the counts. `say(line)`: whether the checked kernel is compiled or loaded;
    `progress`: as progress.Progress's `enabled` (the games are played in chunks)."""
    path = strategy_file(game, given)
    name = path.stem
    dirs = (str(path.parent), *extra_dirs)
    defaults = [s for s in game.default_strategies.split(",") if s]
    need = game.players_need({})
    players = players or need.stop - 1
    lineup = ",".join(([name] + defaults)[:players])
    cfg = game.resolve({"players": players, "strategies": lineup, "rotate": True}, dirs)
    strategies = game.strategies(dirs)
    names = [s.name for s in strategies]
    sid = names.index(name)
    tail, sources = _tail(game)
    check_params(game)
    kernel = build_kernel(game.dirname, game.kernel_parts(), game._deps(), strategies, game.name, tail=tail,
                          tag="check_", tail_sources=sources)
    cfg_arr = game.build_cfg(cfg, dirs)
    cfg_arr = np.append(cfg_arr, np.int64(sid))  # cfg[CFG_SIZE]: the strategy under test (check_driver)
    key = run_key(seed, game.config_hash(cfg))
    out = np.empty((n_games, game.layout.n_cols), np.int64)
    rep = np.zeros((n_games, 9), np.int64)
    played_in_chunks(kernel, "check_batch", (cfg_arr, np.int64(key)), (out, rep), f"checking {name}", say, progress)
    rec = game.layout.view(out)
    A = game.api
    problems = []
    viol = rep[:, V]
    if (viol != 0).any():
        codes, counts = np.unique(viol[viol != 0], return_counts=True)
        vn = getattr(A, "VIOLATION_NAMES", ())
        found = ", ".join(f"{vn[c] if 0 < c < len(vn) else c} in {k} games" for c, k in zip(codes, counts))
        problems.append(f"breaks the game's invariants: {found}")
    if "illegal" in rec.dtype.names and (rec["illegal"] > 0).any():
        bad = np.flatnonzero(rec["illegal"])
        r = rec[bad[0]]
        who = names[int(r["strategy"][int(r["illegal_seat"])])]
        problems.append(f"{who} answered outside 0..n-1 ({int(rec['illegal'].sum())} answers in {len(bad)} games; "
                        "the engine played the first option instead)")
    writes = int(rep[:, WRITES].sum())
    if writes:
        g = int(np.flatnonzero(rep[:, WRITES])[0])
        at = int(rep[g, WRITE_AT])
        problems.append(f"writes the state it is handed: `{field_name(A, at)}` at a `{kind_name(A, int(rep[g, WRITE_KIND]))}` "
                        f"decision ({writes} writes in {int((rep[:, WRITES] > 0).sum())} games); a strategy may write "
                        f"only its scratch S_SCR..S_SCR+{SCRATCH_WORDS - 1} and the generator")
    differ = int(rep[:, DIFFER].sum())
    hidden = int(rep[:, HIDDEN].sum())
    if differ:
        g = int(np.flatnonzero(rep[:, DIFFER])[0])
        kinds = sorted({int(k) for k in rep[rep[:, DIFFER] > 0, DIFFER_KIND]})
        problems.append(f"reads hidden information: its answer to a `{kind_name(A, int(rep[g, DIFFER_KIND]))}` decision "
                        f"changed when what its seat may not see was dealt afresh ({differ} of {hidden} decisions; "
                        f"kinds: {', '.join(kind_name(A, k) for k in kinds)}; {_hidden_rules(game)})")
    decisions = int(rep[:, DECISIONS].sum())
    if decisions == 0:
        problems.append(f"was asked no decision in {n_games} games: nothing was checked")
    return dict(game=game.name, strategy=name, file=str(path), players=players, lineup=lineup, rotate=True,
                games=n_games, seed=seed, decisions=decisions, hidden_tested=hidden, hidden_differ=differ,
                hidden_model=bool(game.hidden_module), writes=writes, violations=int((viol != 0).sum()),
                illegal=int(rec["illegal"].sum()) if "illegal" in rec.dtype.names else 0,
                ok=not problems, problems=problems)
