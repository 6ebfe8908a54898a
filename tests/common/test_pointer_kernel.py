"""The tests' way into single kernel steps (simsuite.engine.unmanaged.PointerKernel): the steps a
harness names go through one compiled entry (codegen.steps_entry) and must give exactly what the
function's own trampoline gives, writes to the state included; anything the entry cannot pass
(an array or a float where the function takes a number) goes through the trampoline."""
import harness
import numpy as np
import pytest

from simsuite.engine.unmanaged import PointerKernel, pointer_call

I = np.int64


@pytest.fixture(scope="module")
def pig_tables():
    """Two pig tables started alike: one calls its steps through the entry, one through trampolines."""
    a = harness.table_for("pig")(2, key=0x5EED)
    b = harness.table_for("pig")(2, key=0x5EED)
    b.k = PointerKernel(harness.kernel_of("pig"))  # no steps: every call is a trampoline
    return a, b


def test_steps_and_trampolines_write_the_same_state(pig_tables):
    a, b = pig_tables
    assert "play_turn" not in a.k._steps and "setup" in a.k._steps
    assert a.k.setup(a.st, a.c, a.log, a.lg) is None  # a step that returns nothing gives None
    b.k.setup(b.st, b.c, b.log, b.lg)
    assert np.array_equal(a.st, b.st) and np.array_equal(a.log, b.log)
    a.k.play_game(a.st, a.c, a.log, a.lg, I(1))
    b.k.play_game(b.st, b.c, b.log, b.lg, I(1))
    assert np.array_equal(a.st, b.st) and np.array_equal(a.log, b.log)
    assert a.st.any()
    assert a.k.check_invariants(a.st, a.c) == b.k.check_invariants(b.st, b.c) == 0


def test_a_step_writes_its_out_array(pig_tables):
    a, _ = pig_tables
    out = np.full((1, a.game.layout.n_cols), -7, np.int64)
    a.k.score_game(a.st, a.c, out, I(0), a.log, a.lg)
    ref = np.full_like(out, -7)
    pointer_call(harness.kernel_of("pig").score_game)(a.st, a.c, ref, I(0), a.log, a.lg)
    assert np.array_equal(out, ref) and (out != -7).any()


def test_a_step_the_entry_cannot_pass_goes_through_its_trampoline():
    """A float where the step takes a number: the entry would cut it to an integer, so the call goes
    through the function's own trampoline (compiled for a float) and plays the same game."""
    a = harness.table_for("pig")(2, key=0xF10A7)
    b = harness.table_for("pig")(2, key=0xF10A7)
    a.k.play_game(a.st, a.c, a.log, a.lg, 1.0)
    b.k.play_game(b.st, b.c, b.log, b.lg, I(1))
    assert np.array_equal(a.st, b.st) and a.st.any()
    assert any(k.py_func.__name__ == "play_game" for k in _trampolines_made())


def _trampolines_made():
    from simsuite.engine import unmanaged

    return list(unmanaged._trampolines)


def test_a_wrong_number_of_arguments_is_refused(pig_tables):
    a, _ = pig_tables
    with pytest.raises(TypeError, match="setup"):
        a.k.setup(a.st, a.c, a.log)
