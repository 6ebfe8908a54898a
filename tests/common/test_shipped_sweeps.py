"""Every sweep definition shipped in configs/sweeps plans: its file reads, its game exists, every
axis names a parameter and every cell resolves (no games played), so a definition that a rule
change made invalid (a player count an edition refuses, a renamed parameter) fails here, not on a
user's first `simsuite report NAME`."""
import pytest

from simsuite import games
from simsuite.resources import CONFIGS
from simsuite.sweep import plan_sweep
from simsuite.sweep_file import load_sweep_file, sweep_plan

SWEEPS = sorted((CONFIGS / "sweeps").glob("*.toml"))


def test_there_are_shipped_sweeps():
    assert len(SWEEPS) >= 8 and any(p.stem == "cosmic-ffg-targets" for p in SWEEPS)


@pytest.mark.parametrize("path", SWEEPS, ids=lambda p: p.stem)
def test_shipped_sweep_plans(path):
    spec = load_sweep_file(path)
    assert spec["name"] == path.stem  # `simsuite report NAME` finds the file by this name
    g = games.get(spec["game"])
    base, axes, n_games, seed, unit, precision = sweep_plan(g, spec)
    skipped = []
    cells, counts = plan_sweep(g, base, axes, n_games, skipped=skipped)
    assert len(cells) >= 2 and all(n >= 1 for n in counts)
    assert len({g.canonical_json(c) for c in cells}) == len(cells)  # no cell twice


def test_ffg_targets_sweep_cells():
    """The A52 sweep: FFG2008 at 3-5 players, the switch both ways (6 cells)."""
    spec = load_sweep_file(CONFIGS / "sweeps" / "cosmic-ffg-targets.toml")
    g = games.get("cosmic")
    cells, _ = plan_sweep(g, *sweep_plan(g, spec)[:3])
    got = sorted((c["players"], c["ffg_target_requires_defense_colony"]) for c in cells)
    assert got == [(n, v) for n in (3, 4, 5) for v in (False, True)]
    assert {c["edition"] for c in cells} == {"FFG2008"}


def test_editions_sweep_leaves_out_ah2000_at_five():
    spec = load_sweep_file(CONFIGS / "sweeps" / "cosmic-editions.toml")
    g = games.get("cosmic")
    skipped = []
    cells, _ = plan_sweep(g, *sweep_plan(g, spec)[:3], skipped=skipped)
    assert len(cells) == 5 and skipped == [{"edition": "AH2000", "players": "5"}]


def test_the_alien_ladder_study_plays_every_rung_at_every_seat_in_whole_cycles():
    """The expert-play study: every rung of its ladder is a cell's line-up at 3 and 4 players, and
    each cell plays whole alien cycles (the all-mode schedule deals every combination equally)."""
    import math

    spec = load_sweep_file(CONFIGS / "sweeps" / "cosmic-aliens-ladder.toml")
    g = games.get("cosmic")
    base, axes, n_games, *_ = sweep_plan(g, spec)
    cells, counts = plan_sweep(g, base, axes, n_games)
    got = {(c["players"], c["strategies"]) for c in cells}
    assert got == {(n, s) for n in (3, 4) for s in spec["ladder"]}
    for c, n in zip(cells, counts):
        assert n % (2 * c["players"] * math.comb(20, c["players"])) == 0, (c, n)
