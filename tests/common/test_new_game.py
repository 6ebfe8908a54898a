"""A new game defined outside the package (tests/pig, registered by tests/conftest.py) is covered by the
registry-driven tests and passes `simsuite check game`; a copy of it with its kernel incomplete is
refused in one line before numba sees it. Each game declares its record-hash cases."""
import json
import sys
from pathlib import Path

import pig
import pytest
from pig.game import Pig

from simsuite import ROOT, games
from simsuite.cli import main


def _cli(capsys, *args):
    with pytest.raises(SystemExit) as e:
        main(list(args))
    out = capsys.readouterr()
    return e.value.code, out.out.strip(), out.err.strip()


def test_the_test_game_is_registered_and_has_its_own_strategies():
    assert "pig" in games.names() and games.get("pig") is pig.GAME
    assert [s.name for s in pig.GAME.strategies()] == ["hold20", "random"]


def test_check_game_passes_the_new_game(capsys):
    code, out, err = _cli(capsys, "check", "game", "pig", "--games", "400", "--json")
    doc = json.loads(out)
    assert code == 0, doc
    assert doc["game"] == "pig" and all(v == "pass" for v in doc["checks"].values()) and len(doc["checks"]) == 7


def test_check_strategy_on_a_game_without_hidden_information(capsys):
    code, out, err = _cli(capsys, "check", "strategy", "hold20", "--game", "pig", "--games", "400")
    assert code == 0, out + err
    assert out.startswith("pass: hold20 (pig, 4 players, line-up hold20,hold20,random rotated, 400 games)")
    assert out.endswith("no hidden-information model for this game")


class _Incomplete(Pig):
    name = "pig-incomplete"


@pytest.fixture
def incomplete(tmp_path):
    """A copy of pig whose kernel has no play_turn (its turn is inlined in play_game under another name)."""
    src = (Path(pig.__file__).parent / "kernel.py").read_text().replace("def play_turn(", "def one_turn(")
    (tmp_path / "kernel.py").write_text(src)
    g = _Incomplete()
    g.kernel_files = (tmp_path / "kernel.py",)
    games.register(g)
    yield g
    games.unregister(g.name)


@pytest.mark.parametrize("args", [("check", "game", "pig-incomplete"), ("run", "pig-incomplete", "--games", "10")])
def test_an_incomplete_kernel_is_one_line_and_status_2(incomplete, capsys, args):
    code, out, err = _cli(capsys, *args)
    assert code == 2
    assert err == "error: kernel of pig-incomplete: `play_turn` is missing; see docs/internals/adding-a-game.md"


def test_the_contract_page_exists():
    assert (ROOT / "docs" / "internals" / "adding-a-game.md").is_file()


def test_every_shipped_game_declares_record_hash_cases():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import record_hashes
    finally:
        sys.path.remove(str(ROOT / "tools"))
    cases = record_hashes.cases()
    assert {g for g, _, _ in cases.values()} >= {"star-cartel", "cosmic", "space-venture"}
    for name, (g, overrides, n) in cases.items():
        games.get(g).resolve(overrides)  # a valid configuration
        assert n > 0
