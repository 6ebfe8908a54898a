"""Shared pytest setup: make the test harnesses importable from the tests directory, and give
numba at least two threads so the thread-count determinism tests compare 1 with 2 threads even
on a one-core machine (numba's default pool is one thread per core)."""
import os
import sys
from pathlib import Path

if "numba" not in sys.modules and int(os.environ.get("NUMBA_NUM_THREADS", "0") or 0) < 2:
    os.environ["NUMBA_NUM_THREADS"] = str(max(2, os.cpu_count() or 1))

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
