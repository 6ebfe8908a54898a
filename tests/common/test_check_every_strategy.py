"""`simsuite check strategy` on every strategy of every registered game, the list read from the
registry (``simsuite.games.names()`` and each game's ``strategies()``): a strategy added to a
game, or a game registered (tests/pig), is checked with no edit here. The strategy under test is
named in the configuration array, not compiled into the check module, so each game's strategies
share one compiled check kernel (Cosmic Encounter: one build for all of its). `simsuite check game`
runs over every registered game in tests/test_game_contract.py.

Game counts are small: the check's guard and re-deal run at every decision, and Cosmic's search
strategies play rollouts at each of theirs."""
import json

import pytest

from simsuite.cli import main
from simsuite.games import get, names
from simsuite.games.cosmic.game import uses_rollouts

pytestmark = pytest.mark.own_kernel  # check kernels, one per game

GAMES = {"cosmic": 24}  # the others: DEFAULT_GAMES
DEFAULT_GAMES = 150
# a searching seat's decisions are not re-dealt: its rollouts replay the turn with the real cards
# (simsuite/games/cosmic/bots/search/hidden.py), so the hidden-information test asks them nothing
CASES = [(g, s.name) for g in names() for s in get(g).strategies()]
NOT_REDEALT = {("cosmic", s.name) for s in get("cosmic").strategies() if uses_rollouts(s.path)}


def test_every_shipped_strategy_is_listed():
    """The cases come from the registry; a sample of what it must hold."""
    got = set(CASES)
    assert {("cosmic", s) for s in ("basic", "nopower", "power_always", "power_never", "power_random", "random",
                                    "search", "search_tuned", "search_wide", "search_deep", "search_all", "tuned")} <= got
    assert {("cosmic", s) for s in ("search", "search_tuned", "search_wide", "search_deep", "search_all")} <= NOT_REDEALT
    assert {("star-cartel", "market"), ("star-cartel", "greedy"), ("star-cartel", "random"),
            ("space-venture", "basic"), ("space-venture", "random"), ("pig", "hold20"), ("pig", "random")} <= got


@pytest.mark.parametrize("game, strategy", CASES)
def test_the_strategy_passes_the_check(capsys, game, strategy):
    n = GAMES.get(game, DEFAULT_GAMES)
    with pytest.raises(SystemExit) as e:
        main(["check", "strategy", strategy, "--game", game, "--games", str(n), "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert e.value.code == 0, doc["problems"]
    assert doc["ok"] and doc["strategy"] == strategy and doc["games"] == n
    assert doc["writes"] == 0 and doc["violations"] == 0 and doc["illegal"] == 0 and doc["hidden_differ"] == 0
    assert doc["decisions"] >= n  # every game asks the strategy something
    if (game, strategy) in NOT_REDEALT:
        assert doc["hidden_tested"] == 0
    elif doc["hidden_model"]:
        assert doc["hidden_tested"] > 0


def test_one_check_module_serves_every_strategy_of_a_game(capsys):
    """Checking each of the test game's strategies loads one check module, not one per strategy."""
    from simsuite.engine import codegen

    for s in get("pig").strategies():
        with pytest.raises(SystemExit) as e:
            main(["check", "strategy", s.name, "--game", "pig", "--games", "100"])
        assert e.value.code == 0, capsys.readouterr()
    assert len([m for m in codegen._loaded if m.startswith("simsuite_kernel_pig_check_")]) == 1
