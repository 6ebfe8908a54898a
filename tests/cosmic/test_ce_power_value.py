"""The power-value check (simsuite/games/cosmic/studies/power_value.py): each alien alone among powerless
players with its power on (basic), off (nopower) and under naive policies.

Synthetic tables with known truth check the statistics (intervals, Holm-corrected verdicts); a
small real sweep of configs/sweeps/cosmic-power-value.toml's shape checks the pipeline end to end
on a few thousand games (the full sweep is the README's table)."""
import subprocess
import sys
import tomllib
from pathlib import Path

import numpy as np
import pandas as pd

from simsuite.games.cosmic.studies import power_value as pv

ROOT = Path(__file__).resolve().parents[2]
Z = pv.Z95


def _synthetic(truth: dict, n: int, players=3, seed=0):
    """cells/groups tables as a sweep writes them, for {(alien, strategy): true share}, each share
    observed as a binomial proportion of n games (its 95% interval a Wald interval)."""
    rng = np.random.default_rng(seed)
    cells, groups = [], []
    for i, ((alien, strat), p) in enumerate(truth.items()):
        share = rng.binomial(n, p) / n
        hw = Z * np.sqrt(max(share * (1 - share), 1e-9) / n)
        cells.append(dict(cell=i, players=players, strategies=strat, alien_pool=alien, aliens_per_game=1, games=n))
        groups.append(dict(cell=i, kind="alien", key=alien, win_share=share, share_ci_low=share - hw,
                           share_ci_high=share + hw, fair_share=1 / players))
    return pd.DataFrame(cells), pd.DataFrame(groups)


def test_detects_a_power_value_sweep():
    c, _ = _synthetic({("Virus", "basic"): 0.5, ("Virus", "nopower"): 0.33}, 1000)
    assert pv.is_power_value_sweep(c)
    c2 = c.assign(alien_pool="all")
    assert not pv.is_power_value_sweep(c2)
    assert not pv.is_power_value_sweep(c.assign(strategies="basic,nopower"))


def test_known_truth_verdicts():
    """A power worth +10 pp helps; one worth nothing gets no verdict; a bot 8 pp below the best
    naive policy is flagged; one equal to it is not; a mandatory power has no naive comparison."""
    truth = {("Macron", "basic"): 0.43, ("Macron", "nopower"): 0.33,
             ("Mind", "basic"): 0.333, ("Mind", "nopower"): 0.333,
             ("Mind", "power_always"): 0.333, ("Mind", "power_never"): 0.333, ("Mind", "power_random"): 0.333,
             ("Mutant", "basic"): 0.30, ("Mutant", "nopower"): 0.33,
             ("Mutant", "power_always"): 0.30, ("Mutant", "power_never"): 0.38, ("Mutant", "power_random"): 0.31}
    c, g = _synthetic(truth, 40000)
    t = pv.table(c, g).set_index("alien")
    assert t.loc["Macron", "verdict"] == "helps" and not t.loc["Macron", "optional"]
    assert abs(t.loc["Macron", "power_value"] - 0.10) < 0.02
    assert t.loc["Macron", "power_value_lo"] < 0.10 < t.loc["Macron", "power_value_hi"]
    assert t.loc["Mind", "verdict"] == "no significant effect" and not t.loc["Mind", "bot_worse"]
    assert t.loc["Mutant", "bot_worse"] and t.loc["Mutant", "best_naive"] == "power_never"
    assert "never" in t.loc["Mutant", "note"]
    md = pv.markdown(pv.table(c, g))
    assert len(md.splitlines()) == 2 + 3 and "| Mutant |" in md


def test_interval_coverage_and_holm_on_null_data():
    """No power worth anything and every policy equal: over 20 aliens the corrected verdicts flag
    nothing in (nearly) every repetition, and the power-value interval covers 0 about 95% of the
    time."""
    names = [f"A{i}" for i in range(20)]
    flagged = covered = total = 0
    for rep in range(40):
        truth = {}
        for a in names:
            for s in ("basic", "nopower", "power_always", "power_never", "power_random"):
                truth[(a, s)] = 0.3
        c, g = _synthetic(truth, 5000, seed=rep)
        t = pv.table(c, g)
        flagged += int((t["verdict"] != "no significant effect").any() or t["bot_worse"].any())
        covered += int(((t["power_value_lo"] <= 0) & (t["power_value_hi"] >= 0)).sum())
        total += len(t)
    assert flagged <= 4  # family-wise error about 5% + 5%
    assert 0.92 <= covered / total <= 0.98


def test_small_power_value_sweep_end_to_end(tmp_path):
    """A sweep with the shape of configs/sweeps/cosmic-power-value.toml (two aliens, 3 players, a
    few thousand games): the table comes out, the Virus's power helps by far (it multiplies,
    CE.22.18), and every optional power has its naive comparison."""
    d = tomllib.loads((ROOT / "configs" / "sweeps" / "cosmic-power-value.toml").read_text())
    assert {"basic", "nopower"} <= set(d["sweep"][0]["strategies"])
    assert set(d["sweep"][1]["strategies"]) == set(pv.NAIVE)
    assert set(d["sweep"][1]["alien_pool"]) == pv.OPTIONAL
    conf = tmp_path / "pv.toml"
    conf.write_text('name = "pv-small"\ngame = "cosmic"\ngames = 3000\nseed = 5\n[set]\naliens = "all"\n'
                    'aliens_per_game = 1\nplayers = 3\n[sweep]\nalien_pool = ["Virus", "Philanthropist"]\n'
                    'strategies = ["basic", "nopower", "power_always", "power_never", "power_random"]\n')
    out = tmp_path / "out"
    r = subprocess.run([sys.executable, "-m", "simsuite", "sweep", "--config", str(conf), "--out", str(out)],
                       capture_output=True, text=True, cwd=ROOT, timeout=900)
    assert r.returncode == 0, r.stderr
    c, g = pd.read_parquet(out / "cells.parquet"), pd.read_parquet(out / "groups.parquet")
    assert pv.is_power_value_sweep(c)
    t = pv.table(c, g).set_index("alien")
    assert t.loc["Virus", "verdict"] == "helps" and t.loc["Virus", "power_value"] > 0.2
    assert isinstance(t.loc["Philanthropist", "best_naive"], str)
    assert len(pv.headline(pv.table(c, g))) == 1
