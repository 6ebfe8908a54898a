"""`simsuite check strategy` (simsuite/engine/checks.py, check_driver.py): a plug-in that writes the state it
is handed, or reads what its seat may not see (SC.14.3: the deck order), fails with one line naming
the field or the decision; a shipped strategy passes; bad input is one line with exit status 2.
Star Cartel only (its kernel compiles fastest); `simsuite check game` is the contract test's
(test_game_contract.py) and is run here once through the CLI."""
import json
from pathlib import Path

import pytest

from simsuite.cli import main
from simsuite.engine.checks import field_name, kind_name
from simsuite.games import get

pytestmark = pytest.mark.own_kernel  # check kernels and plug-in strategy folders

BAD = Path(__file__).resolve().parents[1] / "strategies" / "misbehaving"
GAMES = "300"


def _check(capsys, *args):
    with pytest.raises(SystemExit) as e:
        main(["check", *args])
    out = capsys.readouterr()
    return e.value.code, out.out.strip(), out.err.strip()


def test_field_names_come_from_the_layout():
    A = get("star-cartel").api
    assert field_name(A, A.S_MARK) == "S_MARK"
    assert field_name(A, A.S_MARK + 2) == "S_MARK+2"
    assert field_name(A, A.S_RNG) == "S_RNG"
    assert field_name(A, A.S_SCR + 5) == "S_SCR+5"
    assert kind_name(A, int(A.D_FIRST)) == "first" and kind_name(A, 99) == "kind 99"


def test_a_strategy_that_writes_a_marker_fails_naming_the_field(capsys):
    code, out, err = _check(capsys, "strategy", str(BAD / "mark_writer.py"), "--game", "star-cartel", "--games", GAMES)
    assert code == 1, err
    assert out.count("\n") == 0 and out.startswith("fail: mark_writer (star-cartel): writes the state it is handed: "
                                                   "`S_MARK` at a ")
    code, out, _ = _check(capsys, "strategy", str(BAD / "mark_writer.py"), "--game", "star-cartel", "--games", GAMES,
                          "--json")
    doc = json.loads(out)
    assert code == 1 and doc["ok"] is False and doc["writes"] > 0 and doc["violations"] == 0  # writes are undone
    assert len(doc["problems"]) == 1 and "`S_MARK`" in doc["problems"][0]


def test_a_game_that_never_ends_stops_the_check_at_its_time_limit_naming_the_games():
    """A strategy whose decide never returns (a loop without exit) does not hang the check: the chunk
    of games it is in passes the time limit (SIMSUITE_CHECK_TIME_LIMIT, here 5 s against the
    fraction of a second a chunk of 256 Star Cartel games takes) and the check stops with one line
    naming the strategy and the games, exit 2. In a subprocess: the endless game is left running
    until that process exits."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "SIMSUITE_CHECK_TIME_LIMIT": "5"}
    r = subprocess.run([sys.executable, "-m", "simsuite", "check", "strategy", str(BAD / "endless.py"), "--game",
                        "star-cartel", "--games", GAMES], capture_output=True, text=True, env=env, timeout=900)
    assert r.returncode == 2, (r.stdout, r.stderr)
    line = [x for x in r.stderr.splitlines() if "time limit" in x]
    assert len(line) == 1 and "checking endless" in line[0] and "games 0–255 did not finish within 5 s" in line[0], r.stderr
    assert "SIMSUITE_CHECK_TIME_LIMIT=SECONDS" in line[0]


def test_a_bad_time_limit_is_one_line(monkeypatch, capsys):
    monkeypatch.setenv("SIMSUITE_CHECK_TIME_LIMIT", "soon")
    code, out, err = _check(capsys, "strategy", "market", "--game", "star-cartel", "--games", GAMES)
    assert code == 2 and "SIMSUITE_CHECK_TIME_LIMIT" in err and "'soon' is not a number of seconds" in err, err


def test_a_strategy_that_reads_the_deck_order_fails_naming_the_decision(capsys):
    code, out, err = _check(capsys, "strategy", str(BAD / "deck_peek.py"), "--game", "star-cartel", "--games", GAMES)
    assert code == 1, err
    assert out.count("\n") == 0
    assert out.startswith("fail: deck_peek (star-cartel): reads hidden information: its answer to a `first` decision")
    assert "SC.14" in out


def test_a_shipped_strategy_passes(capsys):
    code, out, err = _check(capsys, "strategy", "market", "--game", "star-cartel", "--games", GAMES, "--json")
    doc = json.loads(out)
    assert code == 0, doc["problems"]
    assert doc["ok"] and doc["decisions"] > 1000 and doc["hidden_tested"] > 1000 and doc["hidden_differ"] == 0
    assert doc["writes"] == 0 and doc["violations"] == 0 and doc["illegal"] == 0
    assert doc["lineup"] == "market,market,greedy,random"[:len(doc["lineup"])]


@pytest.mark.parametrize("args, words", [
    (["strategy", "nowhere.py", "--game", "star-cartel"], "FILE: nowhere.py does not exist"),
    (["strategy", "marketeer", "--game", "star-cartel"], "FILE: marketeer is neither a file nor a built-in"),
    (["strategy", "market", "--game", "star-carte"], "game: unknown game 'star-carte'"),
    (["game", "pong"], "game: unknown game 'pong'"),
])
def test_bad_input_is_one_line_and_status_2(capsys, args, words):
    code, out, err = _check(capsys, *args)
    assert code == 2 and err.startswith(f"error: {words}") and "\n" not in err and "Traceback" not in err


def test_a_plug_in_that_does_not_load_is_bad_input(tmp_path, capsys):
    f = tmp_path / "broken.py"
    f.write_text("def decide(:\n")
    code, out, err = _check(capsys, "strategy", str(f), "--game", "star-cartel")
    assert code == 2 and "broken.py has a syntax error" in err and "\n" not in err


def test_check_game_passes_a_shipped_game(capsys):
    code, out, err = _check(capsys, "game", "star-cartel", "--games", "300", "--json")
    doc = json.loads(out)
    assert code == 0, doc
    assert set(doc["checks"]) == {"layout", "threads", "splits", "replay", "invariants", "illegal", "fields"}
    assert all(v == "pass" for v in doc["checks"].values())
