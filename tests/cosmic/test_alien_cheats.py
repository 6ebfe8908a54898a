"""An alien file is checked, not trusted (games/cosmic/alien_source.py, alien_args.py, kernel/alien_api.py).

Cheats of every kind the loader has met, each refused with one line naming the file (exit 2):
- before any game, from the file's syntax tree alone (tests/cosmic/alien_files/cheats/): top-level
  code of any kind (an assignment expression or a comprehension that makes a builtin look local, a
  default argument, a decorator argument or an annotation that would run when a function is
  defined), a kernel name or limit defined again, a lambda, comprehension or dunder name inside a
  hook, a hook's own seat rebound, recursion; and nothing of such a file runs (a marker it would
  write is never written);
- by the run itself (tests/cosmic/alien_files/greedy/, files that pass every check before the
  games): a seat argument out of range (the face-down cards and another's hand read through
  hb_hand_size), another seat named as `me`, a loop that never ends;
- in the strategies' forecast (tests/cosmic/alien_files/good/ulterior.py, whopper.py): the same
  allowance and memory as in play, from explicit states.
"""
import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from cosmic_harness import ATT
from harness import extra_dirs
from test_alien_files import fight

import simsuite.games.cosmic.api as A
from simsuite.games import get
from simsuite.games.cosmic.aliens.args import CONDITIONS, rule, wrapper_source
from simsuite.games.cosmic.aliens.files import API_PARTS, CLASSICS, ENGINE_ONLY
from simsuite.plugin_dirs import ENV

I = np.int64
HERE = Path(__file__).parent / "alien_files"
CHEATS, GREEDY, GOOD = HERE / "cheats", HERE / "greedy", HERE / "good"
ROOT = Path(__file__).resolve().parents[2]


def _cli(*args, cwd=ROOT):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop(ENV, None)
    return subprocess.run([sys.executable, "-m", "simsuite.cli", *args], capture_output=True, text=True, env=env,
                          cwd=cwd)


def _one_line(r):
    lines = (r.stdout + r.stderr).strip().splitlines()
    assert r.returncode == 2 and len(lines) == 1, (r.returncode, r.stdout, r.stderr)
    return lines[0]


# ---- refused from the syntax tree, before anything of the file runs ----

STATIC = [
    ("walrus_import", "line 10: IMP must be a literal"),
    ("comprehension_open", "line 10: OPN must be a literal"),
    ("marker", "line 10: MARK must be a literal"),
    ("rebind_limit", "line 10: LIMIT must be a literal"),
    ("shadow_limit", "'HB_MAX_ADD' is a name of the kernel"),
    ("noop_invariants", "'check_invariants' is a name of the kernel"),
    ("default_arg", "helper must take plain positional parameters"),
    ("decorator_arg", "allowed: @njit (keyword arguments literal)"),
    ("annotation", "helper has an annotation"),
    ("hook_comprehension", "a comprehension in on_totals"),
    ("hook_lambda", "a lambda in on_totals"),
    ("dunder", "the name '__builtins__' is reserved"),
    ("rebind_me", "on_w8 assigns 'me'"),
    ("recursion", "spin -> spin calls itself"),
    ("log_switch", "hb_draw's argument lg is `1`; allowed: the hook's own lg"),
]


def test_every_cheat_file_has_its_case():
    assert sorted(p.stem for p in CHEATS.glob("*.py")) == sorted(name for name, _ in STATIC)


@pytest.mark.parametrize("name, says", STATIC)
def test_a_cheat_in_the_source_is_refused_before_anything_runs(tmp_path, name, says):
    """`check alien FILE` answers one line naming the file and what is allowed, exit 2; the shell
    command, file write or marker the file's code would make is not made (run in a fresh folder,
    where each would leave its file)."""
    src = CHEATS / f"{name}.py"
    work = tmp_path / "work"
    work.mkdir()
    line = _one_line(_cli("check", "alien", str(src), cwd=work))
    assert f"{name}.py" in line and says in line, line
    assert list(work.iterdir()) == [] and not src.with_suffix(".ran").exists()


def test_loading_a_folder_runs_none_of_its_top_level_code(tmp_path):
    """A folder holding a file whose top level would write a marker file: `list`, `run` and
    `check alien` each refuse it in one line (exit 2), and the marker is never written."""
    d = tmp_path / "aliens"
    d.mkdir()
    (d / "marker.py").write_text((CHEATS / "marker.py").read_text())
    for args in (["list", "cosmic"], ["run", "cosmic", "--games", "10", "--out", str(tmp_path / "out")]):
        line = _one_line(_cli(*args, "--plugin-dir", str(d)))
        assert "marker.py" in line and "must be a literal" in line
    _one_line(_cli("check", "alien", str(d / "marker.py")))
    assert sorted(p.name for p in d.iterdir()) == ["marker.py"] and not (tmp_path / "out").exists()


def test_the_classics_folder_named_as_a_plugin_folder_adds_nothing():
    """The package's own classics named with --plugin-dir: each file counted once, not refused as a
    classic replaced twice."""
    r = _cli("list", "cosmic", "--json", "--plugin-dir", str(CLASSICS), "--plugin-dir", str(CLASSICS))
    assert r.returncode == 0, r.stderr
    rows = json.loads(r.stdout)[0]["aliens"]
    assert [row["name"] for row in rows] == list(A.ALIEN_NAMES)
    assert all(Path(row["file"]).parent == CLASSICS for row in rows)


# ---- the arguments of the primitives ----

def _public_primitives():
    for f in API_PARTS:
        for n in ast.parse(f.read_text()).body:
            if isinstance(n, ast.FunctionDef) and n.name.startswith("hb_") and n.name not in ENGINE_ONLY:
                yield n


def test_every_argument_of_every_primitive_has_a_rule():
    """Each parameter of each public primitive (but the handles) has a range rule, so that a new
    primitive with a parameter of a new name cannot go unchecked; each wrapper's conditions read the
    state or configuration only where the primitive has it, and the wrapper is valid Python."""
    n = 0
    for fn in _public_primitives():
        args = [a.arg for a in fn.args.args]
        for a in args:
            if a not in ("st", "cfg", "log"):
                assert rule(fn.name, a) in CONDITIONS, (fn.name, a)
        valued = any(isinstance(r, ast.Return) and r.value is not None for r in ast.walk(fn))
        ast.parse(wrapper_source(fn.name, args, valued))
        n += 1
    assert n > 60


# ---- stopped by the run: files that pass every check before the games ----

RUNTIME = [
    ("card_peek", "Card Peek", "on_w8", "passed an argument out of its range"),
    ("hand_peek", "Hand Peek", "on_totals", "passed an argument out of its range"),
    ("taker", "Taker", "on_w2", "named another seat where its own is required"),
    ("forever", "Forever", "on_totals", f"ran its loops past the game's cap of {A.HB_MAX_STEPS:,} steps"),
]


@pytest.mark.own_kernel
@pytest.mark.parametrize("stem, name, hook, says", RUNTIME)
def test_a_cheat_at_run_time_stops_a_plain_run(tmp_path, stem, name, hook, says):
    """A plain compiled `run` with the file seated stops at the first game the file broke with one
    line naming the file, the hook and what it did, exit 2; the games of the chunks before it are
    kept (games.partial.parquet, as for an interrupted run)."""
    out = tmp_path / "run"
    line = _one_line(_cli("run", "cosmic", "--quiet", "--plugin-dir", str(GREEDY), "--players", "3",
                          "--aliens", f"{name},none,none", "--games", "600", "--chunk", "50", "--threads", "1",
                          "--out", str(out)))
    assert f"{stem}.py ({name})" in line and f"hook {hook} {says}" in line, line
    assert not (out / "games.parquet").exists()


@pytest.mark.own_kernel
def test_a_hook_that_never_returns_stops_a_sweep(tmp_path):
    """The step cap holds in a sweep as in a run: one line naming the file and the hook, exit 2."""
    line = _one_line(_cli("sweep", "cosmic", "--quiet", "--plugin-dir", str(GREEDY), "--set", "players=3",
                          "--set", "aliens=Forever,none,none", "--games", "200", "--out", str(tmp_path / "sw")))
    assert "forever.py (Forever)" in line and "hook on_totals ran its loops past" in line, line


# ---- the forecast: the same allowance and memory as play (explicit states) ----

@pytest.fixture(scope="module")
def good_kernel():
    old = os.environ.get(ENV)
    os.environ[ENV] = str(GOOD)
    game = get("cosmic")
    yield game.kernel(extra_dirs(game))
    if old is None:
        del os.environ[ENV]
    else:
        os.environ[ENV] = old


def _fight(kern, aliens):
    """Red (seat 0, offense) with an attack 6 and 3 ships against blue's attack 10 and 4 ships."""
    return fight(kern, aliens, ATT(6), ATT(10), centre=3, def_ships=4)


@pytest.mark.own_kernel
def test_ce_10_3_a_file_that_tells_the_forecast_by_its_memory_is_forecast_as_it_plays(good_kernel):
    """CE.10.3 and the strategies' forecast: the Ulterior (offense) writes a memory word and reads it
    back, and adds 10 when it sticks (in play), else it claims 3,600. The forecast keeps what a hook
    writes as play does, so it forecasts +10, what the engine then counts; its memory is as before
    the forecast (written only in play)."""
    t = _fight(good_kernel, "Ulterior,none,none,none")
    mem = int(t[A.S_HB_MEM])
    t.k.forecast_totals(t.st, t.c, t.log, I(0))
    assert (t[A.S_HB_FC], t[A.S_HB_FC + 1]) == (10, 0)
    assert t[A.S_HB_MEM] == mem and t[A.S_HB_ADDED] == 0
    t.script(-1)
    t.outcome()
    assert t[A.S_TOT + 2] == 6 + 3 + 10  # its card, its ships on the centre row, its power
    assert t[A.S_HB_MEM] == 7


@pytest.mark.own_kernel
def test_the_forecast_keeps_the_allowance_of_play(good_kernel):
    """The Whopper asks ninety additions of 40: the forecast, as play, adds the allowance
    (HB_MAX_ADD) and refuses the rest; the allowance it spent in the forecast is given back, so play
    has it whole. In play the refused additions are a misuse (the game is reported), in the forecast
    not (it is no moment of the rules)."""
    t = _fight(good_kernel, "Whopper,none,none,none")
    t.k.forecast_totals(t.st, t.c, t.log, I(0))
    assert (t[A.S_HB_FC], t[A.S_HB_FC + 1]) == (A.HB_MAX_ADD, 0)
    assert t[A.S_HB_ADDED] == 0 and t[A.S_HB_ERR] == 0
    t.script(-1)
    t.outcome()
    assert t[A.S_TOT + 2] == 6 + 3 + A.HB_MAX_ADD
    assert t[A.S_HB_ERR] // 512 == 4  # HBE_TOTAL: past the allowance


@pytest.mark.own_kernel
def test_a_wrapper_refuses_another_seat_as_me_and_a_seat_out_of_range(good_kernel):
    """The checking wrappers from an explicit state: while seat 0's hook runs, hb_remember naming
    seat 1 as `me` is a misuse of HBE_SEAT and writes nothing; hb_memory at seat -633 (below the
    table) a misuse of HBE_ARG that reads nothing; within range both act."""
    t = _fight(good_kernel, "Ulterior,none,none,none")
    t.st[A.S_HB_HOOK] = A.H_TOTALS
    t.st[A.S_HB_SEAT] = 0
    t.k._hbw_hb_remember(t.st, I(1), I(0), I(5))
    assert t[A.S_HB_MEM + A.HB_MEM_WORDS] == 0 and t[A.S_HB_ERR] // 512 == 6
    t.st[A.S_HB_ERR] = 0
    assert t.k._hbw_hb_memory(t.st, I(-633), I(0)) == 0 and t[A.S_HB_ERR] // 512 == 7
    t.st[A.S_HB_ERR] = 0
    t.k._hbw_hb_remember(t.st, I(0), I(1), I(5))
    assert t.k._hbw_hb_memory(t.st, I(0), I(1)) == 5 and t[A.S_HB_ERR] == 0
