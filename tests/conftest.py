"""Shared pytest setup: make the Star Cartel test harness importable from the tests directory."""
import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
