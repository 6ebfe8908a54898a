"""`simsuite check alien FILE` without a compile (games/cosmic/alien_check.py): the kernel's own
source played interpreted (NUMBA_DISABLE_JIT=1) in worker processes. The games are the compiled
kernel's games record for record; a file the engine catches breaking the rules at run time fails the
check naming the hook; a hook that never returns stops it at the time limit with one line naming
where; bad input is one line, exit 2."""
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from harness import extra_dirs

from simsuite.engine.rng import run_key
from simsuite.games import get
from simsuite.plugin_dirs import ENV

pytestmark = pytest.mark.own_kernel  # the compiled side of the comparison: a kernel with the test alien

HERE = Path(__file__).parent / "alien_files"
GOOD, GREEDY = HERE / "good", HERE / "greedy"
ROOT = Path(__file__).resolve().parents[2]

_PLAY = """
import sys
import numpy as np
from simsuite.games import get
g = get("cosmic")
carr, key, n = np.load(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
np.save(sys.argv[4], g.run_range(g.kernel(), carr, key, 0, n))
"""


def _cli(*args, env_extra=None):
    env = dict(os.environ, **(env_extra or {}))
    env.pop(ENV, None)
    return subprocess.run([sys.executable, "-m", "simsuite.cli", *args], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=600)


@pytest.mark.parametrize("edition, aliens", [("AH2000", "Tester,Virus,Oracle,Macron"),
                                             ("FFG2008", "Zombie,Tester,Sorcerer,Healer"),
                                             ("AH2000", "random")])
def test_interpreted_games_are_the_compiled_games(tmp_path, monkeypatch, edition, aliens):
    """The same configuration and seed played by the compiled kernel and by its source interpreted
    give byte-identical records: what the quick check plays is what a run plays."""
    monkeypatch.setenv(ENV, str(GOOD))
    game = get("cosmic")
    kern = game.kernel(extra_dirs(game))
    cfg = game.resolve({"players": 4, "edition": edition, "aliens": aliens, "strategies": "basic"})
    carr, key, n = game.build_cfg(cfg), run_key(11, game.config_hash(cfg)), 40
    compiled = game.run_range(kern, carr, key, 0, n)
    np.save(tmp_path / "cfg.npy", carr)
    env = dict(os.environ, NUMBA_DISABLE_JIT="1", PYTHONWARNINGS="ignore")
    r = subprocess.run([sys.executable, "-c", _PLAY, str(tmp_path / "cfg.npy"), str(key), str(n),
                        str(tmp_path / "out.npy")], capture_output=True, text=True, env=env, cwd=ROOT, timeout=600)
    assert r.returncode == 0, r.stderr
    interpreted = np.load(tmp_path / "out.npy")
    assert interpreted.dtype == compiled.dtype and interpreted.shape == compiled.shape
    assert interpreted.tobytes() == compiled.tobytes()
    if aliens.startswith("Tester"):
        assert compiled["power_uses"][:, 0].sum() > 0  # the file's hooks ran


def test_a_good_file_passes_quickly_at_every_seat(tmp_path):
    """On a fresh cache, as a new user's first check: every file at the table (the package's
    classics too) is typed before the interpreted workers play."""
    r = _cli("check", "alien", str(GOOD / "tester.py"), "--games", "40", "--json",
             env_extra={"SIMSUITE_CACHE_DIR": str(tmp_path / "cache")})
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["ok"] and doc["mode"] == "interpreted" and doc["problems"] == []
    assert [(x["edition"], x["seat"]) for x in doc["runs"]] == [(e, s) for e in ("AH2000", "FFG2008") for s in range(4)]
    assert all(x["games"] == 10 and x["violations"] == 0 for x in doc["runs"]) and doc["games"] == 80
    assert sum(x["power_uses"] for x in doc["runs"]) > 0


def test_a_file_the_engine_catches_fails_naming_the_hook():
    """Greedy draws past HB_MAX_CARDS at W-2 and adds past HB_MAX_ADD at the totals; every check before
    the games passes it, the engine's limits catch it in the interpreted games as in compiled ones."""
    r = _cli("check", "alien", str(GREEDY / "greedy.py"), "--games", "16", "--json")
    assert r.returncode == 1, r.stderr
    doc = json.loads(r.stdout)
    assert not doc["ok"] and doc["problems"]
    assert all(("hook on_w2" in p or "hook on_totals" in p) for p in doc["problems"]), doc["problems"]
    assert sum(x["violations"] for x in doc["runs"]) > 0


ENDLESS = '''"""A hook that never returns."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Endless"
SUMMARY = "waits for ever"
TEXT = "As a main player, wait."
WHO = "main"


@njit
def on_totals(st, cfg, me, log, lg):
    k = 0
    while hb_side(st, me) > 0:
        k += 1
    return k
'''


def test_a_hook_that_never_returns_fails_the_check_at_the_step_cap(tmp_path):
    """The engine's cap on a file's loop steps (HB_MAX_STEPS) stops the hook in the check's games as
    in a run: the check fails, naming the hook and what it did."""
    f = tmp_path / "endless.py"
    f.write_text(ENDLESS)
    r = _cli("check", "alien", str(f), "--games", "8")
    assert r.returncode == 1, (r.stdout, r.stderr)
    assert "fail: Endless" in r.stdout and "hook on_totals ran its loops past the game's cap" in r.stdout, r.stdout


def test_a_check_past_its_time_limit_stops_with_one_line(tmp_path):
    """A check whose chunk of games outlasts SIMSUITE_CHECK_TIME_LIMIT (a machine far slower than
    expected, or an engine that hangs) stops with one line naming where it was, exit 2: a chunk of
    25 interpreted games takes far more than 20 ms."""
    r = _cli("check", "alien", str(GOOD / "tester.py"), "--games", "400",
             env_extra={"SIMSUITE_CHECK_TIME_LIMIT": "0.02"})
    assert r.returncode == 2, (r.stdout, r.stderr)
    lines = [x for x in r.stderr.splitlines() if x.startswith("error:")]
    assert len(lines) == 1 and "time limit: checking Tester, " in lines[0], r.stderr
    assert "seat" in lines[0] and "did not finish within 0.02 s" in lines[0], lines[0]
