"""The results store writes one file per cell and table and reads the set as one dataset; folders
of the older layout (one file per table) are read as they are and split when a cell is added."""
import json

import pandas as pd
import pytest

from simsuite import store
from simsuite.games import get
from simsuite.store import TABLES, read_results
from simsuite.sweep import run_sweep

GAME = get("star-cartel")
BASE = {"strategies": "market,greedy,random", "rotate": True}
AXES = {"crash_threshold": "8,10", "players": "3,4"}
N, UNIT, SEED = 400, 200, 3


def frames(path):
    t = read_results(path)
    return {k: t[k].sort_values(list(t[k].columns)).reset_index(drop=True) for k in TABLES}


def assert_same(a, b):
    for k in TABLES:
        pd.testing.assert_frame_equal(a[k], b[k], check_exact=True)


@pytest.fixture(scope="module")
def swept(tmp_path_factory):
    out = tmp_path_factory.mktemp("store") / "sw"
    run_sweep(GAME, BASE, AXES, N, SEED, out, unit=UNIT, progress=False)
    return out


def test_one_file_per_cell_read_as_one_table(swept):
    for t in TABLES:
        d = swept / f"{t}.parquet"
        assert d.is_dir(), t
        assert sorted(p.name for p in d.iterdir()) == [f"cell-{i:06d}.parquet" for i in range(4)], t
    cells = read_results(swept)["cells"]
    assert list(cells["cell"]) == [0, 1, 2, 3] and (cells["games"] == N).all()
    # pandas reads the folder as one dataset too (what a user's notebook does)
    assert len(pd.read_parquet(swept / "groups.parquet")) == len(read_results(swept)["groups"])
    assert (swept / "summary.csv").read_text().count("\n") == 5


def test_a_cell_writes_only_its_own_files(tmp_path, monkeypatch):
    """Finishing a cell writes that cell's files and the manifest, whatever the number of cells
    before it: the work per cell is constant, not growing with the sweep (it was quadratic)."""
    written = []
    real = store._atomic_write
    monkeypatch.setattr(store, "_atomic_write", lambda p, w: (written.append(p), real(p, w)))
    run_sweep(GAME, BASE, {"crash_threshold": "8..13"}, 200, SEED, tmp_path, unit=200, progress=False)
    parts = [p for p in written if p.name.startswith("cell-")]
    assert len(parts) == len(set(parts)) == 6 * len(TABLES)  # each (cell, table) file once
    assert sum(p.name == "summary.csv" for p in written) == 1  # once, at the end


def test_old_single_file_folders_are_read_and_extended(swept, tmp_path):
    """A folder written before (one file per table) reads the same; adding a cell to it splits
    its tables into per-cell files first, and the result is what the new layout gives."""
    import shutil

    want = frames(swept)
    old = tmp_path / "old"
    shutil.copytree(swept, old)
    for t in TABLES:
        df = read_results(swept)[t]
        shutil.rmtree(old / f"{t}.parquet")
        df.to_parquet(old / f"{t}.parquet", index=False)  # the older layout
    assert (old / "cells.parquet").is_file()
    assert_same(want, frames(old))
    # drop cell 2 from the old files and the manifest: the same sweep plays it again
    for t in TABLES:
        df = pd.read_parquet(old / f"{t}.parquet")
        df[df["cell"] != 2].to_parquet(old / f"{t}.parquet", index=False)
    man = json.loads((old / "manifest.json").read_text())
    man["done"] = {k: v for k, v in man["done"].items() if v["cell"] != 2}
    (old / "manifest.json").write_text(json.dumps(man))
    info = run_sweep(GAME, BASE, AXES, N, SEED, old, unit=UNIT, progress=False)
    assert info["ran_units"] == 0 and (old / "cells.parquet").is_dir()  # cell 2 rebuilt from its saved units
    assert not list(old.glob(".*.old"))
    assert_same(want, frames(old))


def test_cells_with_a_column_null_in_some_files_still_read(tmp_path):
    """Per-cell files need not agree on a column's type (all-null in one cell): one schema."""
    d = tmp_path / "cells.parquet"
    d.mkdir()
    pd.DataFrame({"cell": [0], "x": [None]}).to_parquet(d / "cell-000000.parquet", index=False)
    pd.DataFrame({"cell": [1], "x": [1.5]}).to_parquet(d / "cell-000001.parquet", index=False)
    df = store.read_table(tmp_path, "cells")
    assert list(df["cell"]) == [0, 1] and pd.isna(df["x"][0]) and df["x"][1] == 1.5


def test_a_sweep_that_failed_before_any_unit_leaves_a_reusable_folder(tmp_path, monkeypatch):
    import simsuite.sweep as sweep_mod
    from simsuite.errors import BadInput

    def broken(*a, **k):
        raise RuntimeError("worker died")

    monkeypatch.setattr(sweep_mod, "run_unit", broken)
    with pytest.raises(RuntimeError):
        run_sweep(GAME, BASE, {"players": "3,4"}, 200, SEED, tmp_path, unit=200, progress=False)
    monkeypatch.undo()
    assert (tmp_path / "meta.json").exists()
    # another sweep may use the folder: nothing was saved in it
    run_sweep(GAME, BASE, {"players": "5"}, 200, SEED, tmp_path, unit=200, progress=False)
    assert list(read_results(tmp_path)["cells"]["players"]) == [5]
    # now it holds results: a third sweep is refused
    with pytest.raises(BadInput, match="holds results of another sweep"):
        run_sweep(GAME, BASE, {"players": "6"}, 200, SEED, tmp_path, unit=200, progress=False)
