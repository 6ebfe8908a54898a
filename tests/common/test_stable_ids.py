"""Strategy and alien ids do not move when a plug-in file is added. The configuration and the
per-game records hold a strategy's id (its position in ``Game.strategies``); the built-ins take
the first ids, plug-ins from other folders the ids after them (codegen.discover), and homebrew
alien files the ids after the 20 classics (alien_files.discover). So a plug-in folder with an
unused strategy, even one whose name sorts before every built-in, leaves every record-hash case
(tools/record_hashes.py, Game.record_hash_cases) unchanged: its configuration array word for
word, and for Star Cartel and the test game the records themselves, byte for byte."""
import os
import sys
from pathlib import Path

import numpy as np
import pytest

from simsuite import ROOT, games
from simsuite.plugin_dirs import ENV

sys.path.insert(0, str(ROOT / "tools"))
try:
    import record_hashes
finally:
    sys.path.remove(str(ROOT / "tools"))

pytestmark = pytest.mark.own_kernel  # kernels with an unused plug-in strategy

CASES = record_hashes.cases()
UNUSED = '''"""A strategy no record-hash case plays (its name sorts before every built-in)."""
from numba import njit


@njit
def decide(kind, st, cfg, me):
    return 0
'''


@pytest.fixture
def plugin_dir(tmp_path):
    (tmp_path / "aaa_unused.py").write_text(UNUSED)
    return (str(tmp_path),)


def test_the_plug_in_takes_an_id_after_the_built_ins(plugin_dir):
    for name in games.names():
        g = games.get(name)
        before = g.strategies()
        after = g.strategies(plugin_dir)
        assert after[:len(before)] == before
        assert [s.name for s in after[len(before):]] == ["aaa_unused"]


def test_a_plug_in_with_a_built_ins_name_replaces_it_under_its_id(tmp_path):
    g = games.get("star-cartel")
    (tmp_path / "market.py").write_text(UNUSED)
    names = [s.name for s in g.strategies()]
    after = g.strategies((str(tmp_path),))
    assert [s.name for s in after] == names
    assert after[names.index("market")].path == (tmp_path / "market.py").resolve()


@pytest.mark.parametrize("case", list(CASES))
def test_an_unused_strategy_leaves_the_configuration_of_every_case_unchanged(case, plugin_dir):
    name, overrides, _ = CASES[case]
    g = games.get(name)
    cfg = g.resolve(overrides)
    assert cfg == g.resolve(overrides, plugin_dir) and g.config_hash(cfg) == g.config_hash(g.resolve(overrides, plugin_dir))
    assert np.array_equal(_words(g, g.build_cfg(cfg)), _words(g, g.build_cfg(cfg, plugin_dir)))


def _words(g, c):
    """The configuration array less a word that is no setting: Cosmic's address of its compiled
    rollout engine (C_SEARCH_FN), a pointer into this process."""
    at = getattr(g.api, "C_SEARCH_FN", None)
    if at is not None:
        c = c.copy()
        c[at] = 0
    return c


@pytest.mark.parametrize("case", [c for c, (g, _, _) in CASES.items() if g == "star-cartel"][:1])
def test_an_unused_strategy_leaves_the_record_hash_unchanged(case, plugin_dir):
    """The records themselves, through a kernel built with the plug-in (Star Cartel: the cheapest
    shipped kernel to compile)."""
    name, overrides, _ = CASES[case]
    n = 2000
    assert (record_hashes.record_hash(name, overrides, n, extra_dirs=plugin_dir)
            == record_hashes.record_hash(name, overrides, n))


def test_an_unused_strategy_leaves_the_test_games_records_unchanged(plugin_dir):
    overrides = {"players": 4, "strategies": "random,hold20"}
    assert (record_hashes.record_hash("pig", overrides, 3000, extra_dirs=plugin_dir)
            == record_hashes.record_hash("pig", overrides, 3000))


@pytest.fixture
def homebrew_alien(monkeypatch):
    """A homebrew alien file (tests/cosmic/alien_files/good) in the plug-in folders."""
    d = Path(__file__).resolve().parents[1] / "cosmic" / "alien_files" / "good"
    monkeypatch.setenv(ENV, str(d))
    return d


@pytest.mark.parametrize("case", [c for c, (g, o, _) in CASES.items() if g == "cosmic" and "search" not in o["strategies"]])
def test_a_homebrew_alien_leaves_the_configuration_of_the_cosmic_cases_unchanged(case, homebrew_alien):
    """The cases without a searching seat: with one, the configuration holds the address of the
    compiled rollout engine (C_SEARCH_FN), which a kernel with another alien file compiles anew."""
    from simsuite.games.cosmic.aliens import files as alien_files

    name, overrides, _ = CASES[case]
    g = games.get(name)
    with_file = g.build_cfg(g.resolve(overrides))
    assert {a.path for a in alien_files.homebrew()} == {f.resolve() for f in homebrew_alien.glob("*.py")}
    os.environ.pop(ENV)
    assert alien_files.homebrew() == []
    assert np.array_equal(with_file, g.build_cfg(g.resolve(overrides)))
