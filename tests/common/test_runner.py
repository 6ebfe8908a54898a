"""The runner's fold thread: chunks are folded in order, and a failure reaches the caller."""
import pytest

from simsuite.runner import _Folder


def test_chunks_are_folded_in_order():
    seen = []
    with _Folder(seen.append) as f:
        for i in range(50):
            f.put(i)
    assert seen == list(range(50))


def test_fold_error_reaches_the_caller_and_stops_folding():
    seen = []

    def fold(x):
        if x == 2:
            raise OSError("disk full")
        seen.append(x)

    with pytest.raises(OSError, match="disk full"):
        with _Folder(fold) as f:
            for i in range(6):
                f.put(i)
    assert seen == [0, 1]
