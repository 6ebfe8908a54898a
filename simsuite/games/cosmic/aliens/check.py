"""``simsuite check alien FILE``: an alien file checked before it is measured.

Static (aliens.files.check_source, then aliens.files.hook_problems): the file parses, its fields are right,
every hook is at a moment of the rules, it touches the game only through the power API (no
subscript of the state: no hidden card read, no write outside the API), and no primitive is used
in a hook where it has no effect (a total changed outside on_totals) or a read of a hidden card
where it is still face down (before W-9); then aliens.files.typecheck: each hook compiles with its
st / cfg / log sealed (a handle indexed, written or passed to anything but an hb_* function does
not type, whatever the parameter is called). Then played: under each edition it declares, at every
seat of a 4-player table with three classics beside it, with the game's invariants (CE.70)
checked after every turn; the kernel records any misuse of the API at run time (a primitive
outside its hook, a hidden value read) as an invariant violation.

The games are played interpreted by default: the same kernel source run by Python with numba's
compiler off (NUMBA_DISABLE_JIT=1) in worker processes, so an edited file is checked in seconds with
no kernel compile. They are the same games, record for record, as the compiled kernel plays from
the same seed (tests/cosmic/test_alien_check_quick.py); `compiled=True` compiles the kernel with the
file (minutes, once per version of the file) for many more games.
"""
from __future__ import annotations

import hashlib
import json
import os
import selectors
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from simsuite.engine.rng import run_key
from simsuite.errors import BadInput
from simsuite.games.cosmic import api as A
from simsuite.games.cosmic.aliens.files import broken_game, check_source, hook_problems, typecheck

OTHERS = ("Virus", "Oracle", "Trader", "Macron", "Zombie")  # the classics seated beside it
QUICK_GAMES = 400  # games per edition played interpreted: a few seconds on 2 cores
COMPILED_GAMES = 2000  # games per edition with compiled=True
QUICK_CHUNK = 25  # games per progress line of an interpreted worker


def _edition(ed: str) -> str:
    return "AH2000" if ed == "ah2000" else "FFG2008"


def _play_seat(game, kern, name: str, edition: str, seat: int, per: int, seed: int, chunks) -> tuple[dict, str]:
    """`per` checked games with alien `name` at `seat` (0-based) beside three classics; `chunks(fn,
    head, outs, where)` plays them. The run's summary and its first problem ("" for none)."""
    aliens = list(OTHERS[:seat]) + [name] + list(OTHERS[seat:3])
    cfg = game.resolve({"players": 4, "edition": edition, "aliens": ",".join(aliens), "strategies": "basic"})
    out = np.empty((per, game.layout.n_cols), np.int64)
    viol = np.zeros(per, np.int64)
    chunks((game.build_cfg(cfg), np.int64(run_key(seed, game.config_hash(cfg)))), (out, viol),
           f"{edition}, seat {seat + 1}")
    bad = np.flatnonzero(viol)
    rec = game.layout.view(out)
    # a game the file broke has its seat's power_uses marked negative (aliens.files.broken_game)
    uses = int(np.maximum(rec["power_uses"][:, seat], 0).sum()) if "power_uses" in (rec.dtype.names or ()) else -1
    run = dict(edition=edition, seat=seat, games=per, violations=int(bad.size), power_uses=uses)
    problem = ""
    if bad.size:
        why = broken_game(rec[bad[:1]])  # names the hook when the record says which
        problem = f"{edition}, seat {seat + 1}: game {int(bad[0])}: {why or A.VIOLATION_NAMES[int(viol[bad[0]])]}"
    return run, problem


def _checked_copy(path: Path, text: bytes) -> Path:
    """The file alone in a folder named by its contents: a compiled kernel is keyed by it (one
    compile per version of the file)."""
    from simsuite.engine.codegen import cache_dir
    from simsuite.games.cosmic.aliens.files import ORIGIN

    d = cache_dir() / "alien_check" / hashlib.sha256(text).hexdigest()[:16]
    d.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(path, d / path.name)
    (d / (path.name + ORIGIN)).write_text(str(path.resolve()))  # messages name the user's file, not this copy
    return d


def check_alien(game, file: str, n_games: int | None = None, seed: int = 1, say=None, progress: bool | None = False,
                compiled: bool = False, workers: int | None = None) -> dict:
    """Check FILE; BadInput (one line, exit 2) for a bad file, else a dict: ok, problems, runs.
    `n_games`: games per edition, spread over the four seats (QUICK_GAMES interpreted, COMPILED_GAMES
    compiled when None). `say(line)`: how the games are played (compiled, loaded or interpreted);
    `progress`: as runner.Progress's `enabled`."""
    path = Path(file)
    a = check_source(path)
    why = hook_problems(path) or typecheck(a, path)
    if why:
        raise BadInput("alien", f"{path}: {why}")
    if a.classic:
        raise BadInput("alien", f"{path}: CLASSIC files replace a built-in alien; check a homebrew alien (no CLASSIC)")
    from simsuite.plugin_dirs import use_plugin_dirs
    from simsuite.progress import Progress

    n_games = n_games or (COMPILED_GAMES if compiled else QUICK_GAMES)
    per = max(1, n_games // 4)
    d = _checked_copy(path, path.read_bytes())
    use_plugin_dirs([d])
    jobs = [(_edition(ed), seat) for ed in a.editions for seat in range(4)]
    bar = Progress(per * len(jobs), f"checking {a.name}", enabled=progress)
    if compiled:
        runs, problems = _compiled(game, a.name, jobs, per, seed, say, bar)
    else:
        runs, problems = _interpreted(a.name, jobs, per, seed, say, bar, workers)
    bar.close()
    return dict(ok=not problems, name=a.name, alien=a.name, file=str(path), editions=list(a.editions), hooks=sorted(a.hooks),
                runs=runs, problems=problems, games=per * len(jobs), mode="compiled" if compiled else "interpreted")


def _compiled(game, name, jobs, per, seed, say, bar):
    from simsuite.engine.checks import played_in_chunks

    kern = game.kernel()
    runs, problems, first = [], [], [True]

    def chunks(head, outs, where):
        played_in_chunks(kern, "run_checked", head, outs, f"checking {name}", say if first[0] else None, bar,
                         where=where)
        first[0] = False

    for edition, seat in jobs:
        run, problem = _play_seat(game, kern, name, edition, seat, per, seed, chunks)
        runs.append(run)
        problems += [problem] if problem else []
    return runs, problems


def _interpreted(name, jobs, per, seed, say, bar, workers):
    """The jobs shared out over worker processes that play them interpreted; each reports a line per
    chunk of games. A worker silent for longer than the check's time limit holds a game that never
    ends: the check stops with one line naming where (as the compiled check does)."""
    from simsuite.engine.checks import chunk_time_limit

    limit = chunk_time_limit()
    n = max(1, min(len(jobs), workers or os.cpu_count() or 1))
    shares = [jobs[i::n] for i in range(n)]
    # every file at the table typed here, compiled, once per cache: the workers play with numba's JIT
    # off, where the sealed handles cannot type (the package's classics included, on a fresh cache)
    from simsuite.games.cosmic.aliens.files import discover

    discover()
    if say:
        say(f"playing {per * len(jobs)} games interpreted in {n} process{'es' if n > 1 else ''} (no kernel "
            "compile; the same games the compiled kernel plays; --compiled for many more games)")
    env = dict(os.environ, NUMBA_DISABLE_JIT="1", PYTHONWARNINGS="ignore")
    procs, errs = [], {}
    sel = selectors.DefaultSelector()
    for share in shares:
        spec = json.dumps(dict(name=name, jobs=share, per=per, seed=seed))
        err = tempfile.TemporaryFile(mode="w+")  # a file, not a pipe: a worker's warnings can never block it
        p = subprocess.Popen([sys.executable, "-m", "simsuite.games.cosmic.aliens.check_worker", spec],
                             stdout=subprocess.PIPE, stderr=err, text=True, env=env)
        errs[p] = err
        procs.append(p)
        sel.register(p.stdout, selectors.EVENT_READ, p)
    state = {p: dict(at="starting", last=time.monotonic(), result=None) for p in procs}
    try:
        open_ = set(procs)
        while open_:
            for key, _ in sel.select(timeout=1.0):
                p = key.data
                line = p.stdout.readline()
                if not line:
                    sel.unregister(p.stdout)
                    open_.discard(p)
                    continue
                s = state[p]
                s["last"] = time.monotonic()
                word, _, rest = line.rstrip("\n").partition(" ")
                if word == "at":
                    s["at"] = rest
                elif word == "done":
                    bar(int(rest))
                elif word == "result":
                    s["result"] = json.loads(rest)
                elif word == "error":
                    field, _, msg = rest.partition("\t")
                    raise BadInput(field, msg)
            now = time.monotonic()
            for p in open_:  # from its first game on: a worker's start (imports, the kernel's source) is no game
                if state[p]["at"] != "starting" and now - state[p]["last"] > limit:
                    raise BadInput("time limit", f"checking {name}, {state[p]['at']}: did not finish within "
                                   f"{limit:g} s, so one of them never ends (a loop in a plug-in that never "
                                   "exits?); SIMSUITE_CHECK_TIME_LIMIT=SECONDS allows more time")
        runs, problems = [], []
        for p in procs:
            p.wait()
            res = state[p]["result"]
            if res is None:
                errs[p].seek(0)
                err = errs[p].read().strip().splitlines()
                raise BadInput("alien", err[-1].removeprefix("error: ") if err else
                               f"an interpreted check worker for {name} stopped (exit status {p.returncode})")
            runs += res["runs"]
            problems += res["problems"]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait()
            errs[p].close()
    order = {tuple(j): i for i, j in enumerate(jobs)}
    runs.sort(key=lambda r: order[(r["edition"], r["seat"])])
    return runs, problems
