"""Make the Amazing Space Venture harness importable from its test folder, and the CLI helpers of
tests/common/test_cli.py (sim, assert_bad) for the bad-input tests."""
import sys
from pathlib import Path

for d in (Path(__file__).resolve().parent, Path(__file__).resolve().parent.parent / "common"):
    if str(d) not in sys.path:
        sys.path.insert(0, str(d))
