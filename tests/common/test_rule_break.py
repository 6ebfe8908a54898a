"""A plug-in that broke the rules during a run (Game.check_records raising errors.RuleBreak, as
Cosmic does for an alien file the kernel caught): `run` stops with one line and exit status 2, and
the games of the chunks before the broken one are kept as after Ctrl-C (partial.json), so the
results already computed are not lost. Star Cartel (a cheap kernel) stands in for the game."""
import json

from simsuite import cli, games
from simsuite.errors import RuleBreak

GAME = games.get("star-cartel")


def test_a_rule_break_stops_the_run_and_keeps_the_games_before_it(tmp_path, monkeypatch, capsys):
    def check_records(self, rec):
        if rec["game"][0] >= 1000:  # the third chunk of 500 holds the first broken game
            raise RuleBreak("plugin", f"x.py: hook on_x broke the rules (game {int(rec['game'][0]) + 7})")

    monkeypatch.setattr(type(GAME), "check_records", check_records)
    out = tmp_path / "run"
    try:
        cli.main(["run", "star-cartel", "-p", "3", "-n", "3000", "-s", "9", "--chunk", "500", "--threads", "1",
                  "--quiet", "--out", str(out)])
        rc = 0
    except SystemExit as e:
        rc = e.code
    err = capsys.readouterr().err.strip().splitlines()
    assert rc == 2 and len(err) == 1, err
    assert err[0].startswith("error: plugin: x.py: hook on_x broke the rules (game 1007)")
    assert "the 1,000 games before it are saved in" in err[0]
    part = json.loads((out / "partial.json").read_text())
    assert part["games_done"] == 1000 and part["acc"]
    assert (out / "games.partial.parquet").is_file() and not (out / "games.parquet").exists()
