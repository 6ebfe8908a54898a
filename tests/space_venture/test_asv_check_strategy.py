"""`simsuite check strategy` on Space Venture's shipped strategies: none writes the state it is
handed (the union-find a strategy reads is walked without path halving, api.root_of) and none
reads what its seat may not see (ASV.20.2: the re-deal of hidden.py)."""
import json

import pytest

from simsuite.cli import main


@pytest.mark.parametrize("strategy", ["basic", "random"])
def test_shipped_strategy_passes_the_check(capsys, strategy):
    with pytest.raises(SystemExit) as e:
        main(["check", "strategy", strategy, "--game", "space-venture", "--games", "150", "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert e.value.code == 0, doc["problems"]
    assert doc["writes"] == 0 and doc["violations"] == 0 and doc["illegal"] == 0
    assert doc["decisions"] > 1000 and doc["hidden_tested"] > 1000 and doc["hidden_differ"] == 0
