"""Shared pytest setup for every test folder (tests/, tests/<game>/, tests/common/): make the
harnesses in tests/ (harness.py, <game>_harness.py) importable from any folder, register the test
folder's own game (tests/pig: every registry-driven test covers it, as it would a plug-in game),
and give numba at least two threads so the thread-count determinism tests compare 1 with 2 threads
even on a one-core machine (numba's default pool is one thread per core). The pytest-xdist workers
(the default, pyproject.toml) inherit the variable from the controller, which loads this file first.

The folders are not packages: pytest imports each test file by its name with its folder on
sys.path (so a test file may import a sibling, as test_ce_search imports test_ce70_invariants),
which is why test file names must be unique across the folders."""
import os
import sys
from pathlib import Path

if "numba" not in sys.modules and int(os.environ.get("NUMBA_NUM_THREADS", "0") or 0) < 2:
    os.environ["NUMBA_NUM_THREADS"] = str(max(2, os.cpu_count() or 1))

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from pig import GAME as _PIG  # noqa: E402  (after the numba thread setting and sys.path)

from simsuite import games as _games  # noqa: E402  (after the numba thread setting and sys.path)

_games.register(_PIG)
