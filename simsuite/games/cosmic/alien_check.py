"""``simsuite check alien FILE``: an alien file checked before it is measured.

Static (alien_files.check_source, then alien_files.hook_problems): the file parses, its fields are right,
every hook is at a moment of the rules, it touches the game only through the power API (no
subscript of the state: no hidden card read, no write outside the API), and no primitive is used
in a hook where it has no effect (a total changed outside on_totals) or a read of a hidden card
where it is still face down (before W-9); then alien_files.typecheck: each hook compiles with its
st / cfg / log sealed (a handle indexed, written or passed to anything but an hb_* function does
not type, whatever the parameter is called). Then played: under each edition it declares, at every
seat of a 4-player table with three classics beside it, with the game's invariants (CE.70)
checked after every turn; the kernel records any misuse of the API at run time (a primitive
outside its hook, a hidden value read) as an invariant violation.
"""
from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import numpy as np

from simsuite.engine.rng import run_key
from simsuite.errors import BadInput

from . import api as A
from .alien_files import broken_game, check_source, hook_problems, typecheck

OTHERS = ("Virus", "Oracle", "Trader", "Macron", "Zombie")  # the classics seated beside it


def check_alien(game, file: str, n_games: int = 2000, seed: int = 1, say=None, progress: bool | None = False) -> dict:
    """Check FILE; BadInput (one line, exit 2) for a bad file, else a dict: ok, problems, runs.
    `say(line)`: whether the kernel is compiled or loaded; `progress`: as runner.Progress's `enabled`."""
    path = Path(file)
    a = check_source(path)
    why = hook_problems(path) or typecheck(a, path)
    if why:
        raise BadInput("alien", f"{path}: {why}")
    if a.classic:
        raise BadInput("alien", f"{path}: CLASSIC files replace a built-in alien; check a homebrew alien (no CLASSIC)")
    # the file alone in a folder named by its contents: the kernel is keyed by it (one compile per version)
    from simsuite.engine.codegen import cache_dir
    from simsuite.plugin_dirs import use_plugin_dirs

    from .alien_files import ORIGIN

    text = path.read_bytes()
    d = cache_dir() / "alien_check" / hashlib.sha256(text).hexdigest()[:16]
    d.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(path, d / path.name)
    (d / (path.name + ORIGIN)).write_text(str(path.resolve()))  # messages name the user's file, not this copy
    use_plugin_dirs([d])
    kern = game.kernel()
    runs, problems = [], []
    per = max(1, n_games // 4)
    from simsuite.engine.checks import played_in_chunks
    from simsuite.runner import Progress

    first = True
    bar = Progress(per * 4 * len(a.editions), f"checking {a.name}", enabled=progress)
    for ed in a.editions:
        edition = "AH2000" if ed == "ah2000" else "FFG2008"
        for seat in range(4):
            others = [o for o in OTHERS][:3]
            aliens = others[:seat] + [a.name] + others[seat:]
            over = {"players": 4, "edition": edition, "aliens": ",".join(aliens), "strategies": "basic"}
            cfg = game.resolve(over)
            carr = game.build_cfg(cfg)
            out = np.empty((per, game.layout.n_cols), np.int64)
            viol = np.zeros(per, np.int64)
            played_in_chunks(kern, "run_checked", (carr, np.int64(run_key(seed, game.config_hash(cfg)))), (out, viol),
                             f"checking {a.name}", say if first else None, bar, where=f"{edition}, seat {seat + 1}")
            first = False
            bad = np.flatnonzero(viol)
            rec = game.layout.view(out)
            # a game the file broke has its seat's power_uses marked negative (alien_files.broken_game)
            uses = int(np.maximum(rec["power_uses"][:, seat], 0).sum()) if "power_uses" in (rec.dtype.names or ()) else -1
            runs.append(dict(edition=edition, seat=seat, games=per, violations=int(bad.size), power_uses=uses))
            if bad.size:
                v = int(viol[bad[0]])
                why = broken_game(rec[bad[:1]])  # names the hook when the record says which
                problems.append(f"{edition}, seat {seat + 1}: game {int(bad[0])}: {why or A.VIOLATION_NAMES[v]}")
    bar.close()
    return dict(ok=not problems, name=a.name, alien=a.name, file=str(path), editions=list(a.editions), hooks=sorted(a.hooks),
                runs=runs, problems=problems)
