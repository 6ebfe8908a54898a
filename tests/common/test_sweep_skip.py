"""A sweep grid's `skip` (sweep.grid_skips): the combinations of its axes it names are left out,
every one of them said on stderr and kept in meta.json's definition; a bad entry is refused with
one line (exit status 2); a combination that fails without a skip still stops the sweep. The
shipped cosmic-editions definition uses it for AH2000 at 5 players (CE.1.10: 2 to 4)."""
import json
from pathlib import Path

import pytest
from test_cli import assert_bad, sim

from simsuite.errors import BadInput
from simsuite.games import get
from simsuite.sweep import axis_names, plan_sweep

ROOT = Path(__file__).resolve().parents[2]

COSMIC = get("cosmic")
BASE = {"strategies": "basic", "aliens": "none"}
GRID = {"edition": ["AH2000", "FFG2008"], "players": [3, 4, 5]}
SKIP = [{"edition": "AH2000", "players": 5}]


def test_skip_leaves_out_the_named_combination_and_says_which():
    skipped = []
    cells, counts = plan_sweep(COSMIC, BASE, dict(GRID, skip=SKIP), 100, (), skipped)
    assert [(c["edition"], c["players"]) for c in cells] == [
        ("AH2000", 3), ("AH2000", 4), ("FFG2008", 3), ("FFG2008", 4), ("FFG2008", 5)]
    assert counts == [100] * 5
    assert skipped == [{"edition": "AH2000", "players": "5"}]
    assert "skip" not in axis_names(dict(GRID, skip=SKIP))
    # an entry naming one axis leaves out every combination with that value
    skipped = []
    cells, _ = plan_sweep(COSMIC, BASE, dict(GRID, skip=[{"players": 5}, {"edition": "AH2000", "players": 5}]), 100,
                          (), skipped)
    assert {c["players"] for c in cells} == {3, 4} and len(skipped) == 2


def test_without_skip_the_forbidden_combination_stops_the_plan():
    """Nothing is skipped silently: AH2000 at 5 players is an error unless the grid names it."""
    with pytest.raises(BadInput, match=r"players: 5 under edition AH2000 \(CE\.1\.10"):
        plan_sweep(COSMIC, BASE, GRID, 100)


@pytest.mark.parametrize("skip, words", [
    ([{"editon": "AH2000"}], ["skip", "'editon'", "not an axis", "edition, players"]),
    ([{"edition": "AH1999"}], ["skip", "edition", "AH1999"]),
    ([{"players": 2}], ["skip", "players = 2", "not a value of the axis", "3, 4, 5"]),
    ([{"players": 6}], ["skip", "players = 6", "2..5"]),
    ([{"players": [5]}], ["skip", "one value"]),
    ({"players": 5}, ["skip", "a list of tables"]),
    ([], ["skip", "a list of tables"]),
    ([{}], ["skip", "a list of tables"]),
])
def test_a_bad_skip_is_refused(skip, words):
    with pytest.raises(BadInput) as e:
        plan_sweep(COSMIC, BASE, dict(GRID, skip=skip), 100)
    assert e.value.field == "skip"
    for w in words:
        assert w in str(e.value), (w, str(e.value))


def test_a_bad_skip_in_a_file_is_one_line_exit_2(tmp_path):
    f = tmp_path / "bad-skip.toml"
    f.write_text('name = "bad-skip"\ngame = "cosmic"\ngames = 100\n[sweep]\nedition = ["AH2000", "FFG2008"]\n'
                 'players = [3, 4, 5]\nskip = [{edition = "AH2000", player = 5}]\n')
    assert_bad(sim("sweep", "--config", f, "--out", tmp_path / "out"), "skip", "'player'", "not an axis")
    assert not (tmp_path / "out" / "cells").exists()


def test_cosmic_editions_definition_runs_with_its_skip(tmp_path):
    """configs/sweeps/cosmic-editions.toml: edition x 3/4/5 players less AH2000 at 5; the run says
    what it left out, and meta.json keeps the skip (status plans the same 5 cells)."""
    out = tmp_path / "ed"
    r = sim("sweep", "--config", ROOT / "configs" / "sweeps" / "cosmic-editions.toml", "--games", 200, "--out", out,
            "--quiet")
    assert r.returncode == 0, r.stderr
    assert "1 combination(s) left out by the definition's skip: edition=AH2000 players=5" in r.stderr
    meta = json.loads((out / "meta.json").read_text())
    assert meta["cells"] == 5 and meta["definition"]["axes"]["skip"] == SKIP
    assert meta["axes"]["players"] == [3, 4, 5]
    st = sim("status", out, "--json")
    assert st.returncode == 0, st.stderr
    doc = json.loads(st.stdout)
    assert doc["cells_total"] == 5 and doc["cells_done"] == 5
