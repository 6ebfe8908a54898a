"""The example alien files' sweep definitions (examples/aliens/*.toml) plan with their folder of
alien files: each reads, names only parameters and aliens that exist, and every cell resolves (no
games played), so an API or parameter change that breaks a documented recipe fails here. The
placement sweeps name their alien as the report's focus and deal it with the 20 classics."""
import os
from pathlib import Path

import pytest

from simsuite import games
from simsuite.plugin_dirs import ENV
from simsuite.sweep import plan_sweep
from simsuite.sweep_file import load_sweep_file, sweep_plan

pytestmark = pytest.mark.own_kernel  # the example alien files: a kernel of their own

HERE = Path(__file__).resolve().parents[2] / "examples" / "aliens"
FILES = sorted(HERE.glob("*.toml"))


@pytest.fixture(scope="module", autouse=True)
def example_dirs():
    old = os.environ.get(ENV)
    os.environ[ENV] = str(HERE)
    yield
    if old is None:
        os.environ.pop(ENV, None)
    else:
        os.environ[ENV] = old


def test_every_example_alien_has_a_placement_sweep():
    aliens = {p.stem for p in HERE.glob("*.py")}
    assert len(aliens) >= 3 and aliens <= {p.stem for p in FILES}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_example_sweep_plans(path):
    spec = load_sweep_file(path)
    g = games.get(spec["game"])
    base, axes, n_games, seed, unit, precision = sweep_plan(g, spec)
    cells, counts = plan_sweep(g, base, axes, n_games)
    assert len(cells) >= 3 and all(n >= 1 for n in counts)
    assert {c["players"] for c in cells} == {3, 4, 5}
    if path.stem != "power-value":
        name = spec["focus"]
        assert (HERE / f"{path.stem}.py").read_text().count(f'NAME = "{name}"') == 1
        assert all(c["alien_pool"].split(",")[-1] == name and len(c["alien_pool"].split(",")) == 21
                   and c["aliens"] == "random" for c in cells)
