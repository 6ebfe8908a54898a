"""Star Cartel SC.9 market changes and crashes (test vector SC.T.3), on explicit states.

Rule ids (SC.x.y, test vectors SC.T.n, ambiguity choices An) as in shared/rules/star_cartel.md;
states and scripted decisions as in tests/star_cartel_harness.py.
"""
import pytest
from star_cartel_harness import F, I, M, Table, W

import simsuite.games.star_cartel.api as A

D = A  # decision kinds live in api


# ============================================================================================
# SC.T.3 / SC.9.2 — market changes and crashes
# ============================================================================================

CRASH_DEFAULT = [  # (v, d, expected, crashed)
    (9, 2, 1, 1), (8, 2, 1, 1), (7, 2, 9, 0), (9, 1, 1, 1), (1, -1, 1, 0), (2, -2, 1, 0),
    (9, 0, 9, 0), (5, 2, 7, 0), (3, -1, 2, 0), (2, 1, 3, 0),
]


@pytest.mark.parametrize("v,d,want,crashed", CRASH_DEFAULT)
def test_sc_T3_marker_change_default(v, d, want, crashed):
    """SC.T.3 / SC.9.2 / A3: above crash_threshold 9 -> crash_reset 1 (no wrap-around), below
    floor 1 -> 1; kernel _marker_change and api.apply_delta agree; crashes are counted."""
    t = Table(4)
    t.set_markers({W: v})
    assert int(A.apply_delta(t.c, I(v), I(d))) == want
    assert t.marker_change(W, d) == want
    assert t[A.S_CRASHES] == crashed
    assert t[A.S_MARK_CRASH + W] == crashed
    assert t.markers()[F] == 3  # SC.8.7: other markers unchanged


@pytest.mark.parametrize("v,d,want,crashed", CRASH_DEFAULT)
def test_sc_9_2_market_step_gives_the_value_and_the_crash(v, d, want, crashed):
    """SC.9.2: api.market_step, the rule the kernel and the strategies share, gives the new value and
    whether the marker crashed."""
    t = Table(4)
    w, c = A.market_step(t.c, I(v), I(d))
    assert (int(w), int(c)) == (want, crashed)


def test_sc_9_2_the_market_rule_is_written_once():
    """SC.9.2 in one function: only api.market_step reads the crash reset value, so the kernel's
    marker change and the strategies' look-ahead (apply_delta) cannot come to differ."""
    import ast

    from simsuite.games import get

    g = get("star-cartel")
    readers = []
    for path in {*g.kernel_files, g.kernel_files[0].parent / "api.py", g.kernel_files[0].parent / "heuristics.py"}:
        for fn in ast.walk(ast.parse(path.read_text())):
            if isinstance(fn, ast.FunctionDef) and any(isinstance(n, ast.Name) and n.id == "C_CRASH_RESET"
                                                       for n in ast.walk(fn)):
                readers.append(f"{path.name}:{fn.name}")
    assert readers == ["api.py:market_step"], readers


CRASH_CUSTOM = [  # threshold 12, reset 4, floor 2
    (11, 2, 4, 1), (10, 2, 12, 0), (12, 1, 4, 1), (12, 0, 12, 0), (9, 2, 11, 0), (3, -2, 2, 0),
    (2, -1, 2, 0), (5, -2, 3, 0),
]


@pytest.mark.parametrize("v,d,want,crashed", CRASH_CUSTOM)
def test_sc_9_2_marker_change_custom_params(v, d, want, crashed):
    """SC.9.2 with SC.3.3-SC.3.5 changed: crash_threshold 12, crash_reset 4, floor_value 2."""
    t = Table(4, crash_threshold=12, crash_reset=4, floor_value=2)
    t.set_markers({M: v})
    assert int(A.apply_delta(t.c, I(v), I(d))) == want
    assert t.marker_change(M, d) == want
    assert t[A.S_CRASHES] == crashed


def test_sc_9_5_crash_inside_delivery():
    """SC.9.2 / SC.9.5 in a delivery: Food at 8 is the largest (+2 -> crash to 1), Weapons at 1 the
    smallest (-1 -> floor 1)."""
    t = Table(4)
    t.ship(0, capacity=9)
    t.set_hold(0, [(F, 3), (W, 1)])
    t.set_markers({F: 8, W: 1})
    t.set_hub([None] * 4, fill=3)
    t.deliver(0)
    assert t.markers()[:2] == [1, 1]
    assert t[A.S_CRASHES] == 1
    assert t[A.S_MARK_CRASH + F] == 1
