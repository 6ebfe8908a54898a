"""Report code that fits on a screen: no function in simsuite/report/ is longer than 80 lines
(its def to its last line, nested functions counted in the function that holds them)."""
from __future__ import annotations

import ast

from simsuite import ROOT

REPORT = ROOT / "simsuite" / "report"
MAX_LINES = 80


def lengths(source: str) -> dict[str, int]:
    """Each function's (and method's) length in lines, by name."""
    return {n.name: n.end_lineno - n.lineno + 1 for n in ast.walk(ast.parse(source))
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}


def test_no_report_function_is_longer_than_a_screen():
    long = {f"{p.name}:{name}": n for p in sorted(REPORT.glob("*.py")) for name, n in lengths(p.read_text()).items()
            if n > MAX_LINES}
    assert not long, long


def test_lengths_counts_a_function_from_its_def_to_its_last_line():
    src = "def f():\n    x = 1\n\n    def g():\n        return x\n    return g\n"
    assert lengths(src) == {"f": 6, "g": 2}
