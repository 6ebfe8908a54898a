"""A sweep file's grid may set its own games per cell (`games = N` in a [[sweep]] table): its cells
play N games instead of the file's `games`. It is not an axis; --games overrides every count;
resume, status, replay, --precision and Dask use each cell's own count."""
import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest
from test_cli import assert_bad, sim
from test_sweep_resume import assert_same, cluster, tables  # noqa: F401  (cluster: a fixture)

from simsuite.games import get
from simsuite.sweep import axis_names, plan_sweep, run_sweep

GAME = get("star-cartel")
BASE = {"strategies": "market,greedy,random", "rotate": True}
SEED = 7
# two grids: 3 players at 6,000 games per cell, 4 players at 3,000 (the file's top-level games is 900)
AXES = [{"players": "3", "crash_threshold": "8,10", "games": 6000},
        {"players": "4", "crash_threshold": "8,10", "games": 3000}]
COUNTS = [6000, 6000, 3000, 3000]
UNIT = 1500
FILE = f"""name = "grid-games"
game = "star-cartel"
games = 900
seed = {SEED}
unit = {UNIT}

[set]
strategies = "{BASE["strategies"]}"

[[sweep]]
players = 3
crash_threshold = "8,10"
games = 6000

[[sweep]]
players = 4
crash_threshold = "8,10"
games = 3000
"""


@pytest.fixture(scope="module")
def spec_file(tmp_path_factory):
    f = tmp_path_factory.mktemp("spec") / "grid-games.toml"
    f.write_text(FILE)
    return f


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """The sweep run straight through, from Python."""
    out = tmp_path_factory.mktemp("ref")
    info = run_sweep(GAME, BASE, AXES, 900, SEED, out, unit=UNIT, progress=False)
    assert info["ran_games"] == sum(COUNTS) and info["ran_units"] == 12
    return out


def test_plan_gives_each_cell_its_grid_games():
    cells, counts = plan_sweep(GAME, BASE, AXES, 900)
    assert [(c["players"], c["crash_threshold"]) for c in cells] == [(3, 8), (3, 10), (4, 8), (4, 10)]
    assert counts == COUNTS
    # a grid without games plays the sweep's; games is not an axis
    cells, counts = plan_sweep(GAME, BASE, [AXES[0], {"players": "5"}], 900)
    assert counts == [6000, 6000, 900] and "games" not in axis_names(AXES)
    # the same configuration in two grids is one cell, with its first grid's games
    assert plan_sweep(GAME, BASE, [{"players": "3", "games": 10}, {"players": "3,4", "games": 20}], 900)[1] == [10, 20]


@pytest.mark.parametrize("bad", [0, "10", 1.5, True, 10**13])
def test_plan_refuses_a_bad_grid_games(bad):
    from simsuite.errors import BadInput
    from simsuite.sweep import GAMES_RANGE
    from simsuite.sweep_file import SWEEP_FILE_INTS

    with pytest.raises(BadInput) as e:
        plan_sweep(GAME, BASE, [{"players": "3"}, {"players": "4", "games": bad}], 900)
    assert e.value.field == "games" and "grid 2" in str(e.value)
    assert GAMES_RANGE == SWEEP_FILE_INTS["games"]  # a grid's games: the same range as the file's


def test_cells_play_their_grid_games_and_games_is_not_an_axis(spec_file, reference, tmp_path):
    from simsuite.report import make_report

    out = tmp_path / "cli"
    r = sim("sweep", "--config", spec_file, "--out", out, "--threads", "1")
    assert r.returncode == 0, r.stderr
    header = r.stdout.splitlines()[0].split()
    assert header.count("games") == 1 and header[:3] == ["cell", "players", "crash_threshold"]
    cells = pd.read_parquet(out / "cells.parquet").sort_values("cell")
    assert list(cells["games"]) == COUNTS
    assert_same(tables(reference), tables(out))  # the CLI plans the sweep as run_sweep does
    meta = json.loads((out / "meta.json").read_text())
    assert sorted(meta["axes"]) == ["crash_threshold", "players"]  # not games
    assert meta["definition"]["axes"][1]["games"] == 3000  # kept, so status and report rebuild the plan
    # status: per-cell totals, the file's parameters only
    st = sim("status", out, "--json")
    doc = json.loads(st.stdout)
    assert [c["games"] for c in doc["cells"]] == COUNTS and [c["games_done"] for c in doc["cells"]] == COUNTS
    assert [c["units"] for c in doc["cells"]] == [4, 4, 2, 2]
    assert doc["games_total"] == doc["games_done"] == sum(COUNTS) and doc["cells_done"] == 4
    assert all(set(c["params"]) == {"players", "crash_threshold"} for c in doc["cells"])
    # the report: games is not a swept axis
    res = make_report(out, tmp_path / "report")
    page = Path(res["html"]).read_text()
    axes_row = page.split("<th>Swept axes</th><td>", 1)[1].split("</td>", 1)[0]
    assert "players" in axes_row and "crash_threshold" in axes_row and "games" not in axes_row
    assert "3,000, 6,000" in page or "6,000, 3,000" in page  # games per cell
    # replay --from --cell checks the game index against that cell's count
    ok = sim("replay", "--from", out, "--cell", 0, "--game", 5999, "--json")
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["matches_batch"] is True
    assert_bad(sim("replay", "--from", out, "--cell", 2, "--game", 3000), "--game", "0..2999")
    # the same command again: nothing replayed
    again = sim("sweep", "--config", spec_file, "--out", out, "--json")
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["ran_units"] == 0


def test_command_line_games_overrides_every_grid(spec_file, tmp_path):
    out = tmp_path / "override"
    r = sim("sweep", "--config", spec_file, "--games", 800, "--out", out, "--json")
    assert r.returncode == 0, r.stderr
    assert [row["games"] for row in json.loads(r.stdout)["rows"]] == [800] * 4
    meta = json.loads((out / "meta.json").read_text())
    assert all("games" not in a for a in meta["definition"]["axes"]) and meta["definition"]["games"] == 800
    st = json.loads(sim("status", out, "--json").stdout)
    assert st["games_total"] == st["games_done"] == 3200


def test_sweep_plan_keeps_grid_games_unless_games_is_given():
    """`report NAME` and `sweep --config` share sweep_file.sweep_plan: the grids keep their games, --games drops them."""
    import tomllib

    from simsuite.sweep_file import sweep_plan

    spec = tomllib.loads(FILE)
    base, axes, n, *_ = sweep_plan(GAME, spec)
    assert n == 900 and [a.get("games") for a in axes] == [6000, 3000]
    base, axes, n, *_ = sweep_plan(GAME, spec, n_games=50)
    assert n == 50 and all("games" not in a for a in axes)
    assert plan_sweep(GAME, base, axes, n)[1] == [50] * 4


def test_interrupted_grid_games_sweep_resumes_without_replaying(spec_file, reference, tmp_path):
    out = tmp_path / "killed"
    cmd = [sys.executable, "-m", "simsuite", "sweep", "--config", str(spec_file), "--out", str(out),
           "--threads", "1"]
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    chunks = out / "chunks"
    deadline = time.time() + 300
    while time.time() < deadline and len(list(chunks.glob("*/*.json"))) < 3:
        time.sleep(0.05)
    p.send_signal(signal.SIGKILL)
    p.wait()
    partial = len(list(chunks.glob("*/*.json")))
    assert 3 <= partial < 12, "kill the sweep while it is running"
    # status of the interrupted sweep: each cell's own total
    st = json.loads(sim("status", out, "--json").stdout)
    assert [c["games"] for c in st["cells"]] == COUNTS and st["games_total"] == sum(COUNTS)
    assert sum(c["units_done"] for c in st["cells"]) == partial and st["games_done"] == partial * UNIT
    r = subprocess.run(cmd + ["--json"], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    info = json.loads(r.stdout)
    assert info["ran_units"] == 12 - partial and info["ran_games"] == sum(COUNTS) - partial * UNIT
    assert_same(tables(reference), tables(out))


@pytest.mark.parametrize("value", ["0", '"4000"', "1.5", "true", "-3", str(10**13)])
@pytest.mark.parametrize("table", ["[[sweep]]", "[sweep]"])
def test_bad_grid_games_is_one_line_and_writes_nothing(tmp_path, value, table):
    f = tmp_path / "s.toml"
    f.write_text(f'game = "star-cartel"\ngames = 100\n{table}\nplayers = "3,4"\ngames = {value}\n')
    out = tmp_path / "out"
    r = sim("sweep", "--config", f, "--out", out)
    assert_bad(r, "allowed", "integer 1..")
    assert r.stderr.startswith("error: games: "), r.stderr
    assert table in r.stderr
    assert not out.exists() or not any(out.iterdir())
    r = sim("sweep", "--config", f, "--out", out, "--games", 10)  # checked even when --games replaces it
    assert r.returncode == 2 and r.stderr.startswith("error: games: ")
    assert not out.exists() or not any(out.iterdir())


def test_precision_caps_each_cell_at_its_grid_games(tmp_path):
    """With --precision, a grid's games is its cells' cap."""
    axes = [{"players": "3", "games": 1000}, {"players": "4", "games": 500}]
    run_sweep(GAME, BASE, axes, 4000, SEED, tmp_path, unit=250, precision=0.001, progress=False)
    cells = pd.read_parquet(tmp_path / "cells.parquet").sort_values("cell")
    assert list(cells["games"]) == [1000, 500]  # 0.001 is out of reach: each stops at its own cap
    st = json.loads(sim("status", tmp_path, "--json").stdout)
    assert [c["games"] for c in st["cells"]] == [1000, 500] and st["cells_done"] == 2
    P = 0.05  # reached early in the big grid, before the small grid's cap
    run_sweep(GAME, BASE, [{"players": "3", "games": 40000}, {"players": "4", "games": 250}], 4000, SEED,
              tmp_path / "p", unit=250, precision=P, progress=False)
    cells = pd.read_parquet(tmp_path / "p" / "cells.parquet").sort_values("cell")
    assert 250 < cells["games"].iloc[0] < 4000 and cells["max_ci_half_width"].iloc[0] <= P
    assert cells["games"].iloc[1] == 250


def test_dask_plays_each_cell_its_grid_games(reference, cluster, tmp_path):  # noqa: F811  (pytest passes the fixture by name)
    out = tmp_path / "dask"
    info = run_sweep(GAME, BASE, AXES, 900, SEED, out, unit=UNIT, scheduler=cluster.scheduler_address,
                     progress=False)
    assert info["ran_units"] == 12 and info["ran_games"] == sum(COUNTS)
    assert_same(tables(reference), tables(out))
