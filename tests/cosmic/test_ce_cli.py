"""Cosmic Encounter through the CLI: run --json, replay encounter by encounter, list, bad input,
and the sweep definition (CE.80 parameters, CE.71 event log)."""
import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def sim(*args):
    return subprocess.run([sys.executable, "-m", "simsuite", *map(str, args)], capture_output=True, text=True,
                          cwd=ROOT, timeout=900)


def test_ce_run_json(tmp_path):
    """`simsuite run cosmic --players 4 --games 2000 --json` works: per-strategy groups, the encounter
    outcome mix, joint-win and timeout rates, and the per-game records in games.parquet."""
    r = sim("run", "cosmic", "--players", 4, "--games", 2000, "--json", "--out", tmp_path / "run")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["game"] == "cosmic" and doc["games"] == 2000 and doc["config"]["players"] == 4
    m = doc["metrics"]
    for k in ("turns_mean", "encounters_mean", "offense_wins_mean", "defense_wins_mean", "deals_mean",
              "failed_deals_mean", "no_results_mean", "joint_win_mean", "timeout_mean"):
        assert k in m, k
    assert m["encounters_mean"] >= m["turns_mean"] > 0
    results = sum(m[f"{k}_mean"] for k in ("offense_wins", "defense_wins", "deals", "failed_deals", "no_results"))
    assert results == pytest.approx(m["encounters_mean"])  # CE.3.5: every encounter has exactly one result
    seats = [g for g in doc["groups"] if g["kind"] == "seat"]
    assert len(seats) == 4 and all(g["n"] == 2000 for g in seats)
    import pandas as pd

    games = pd.read_parquet(tmp_path / "run" / "games.parquet")
    assert len(games) == 2000 and {"foreign_colonies_0", "win_3", "joint_win", "offense_wins"} <= set(games.columns)
    # text output uses the game's own summary line
    r2 = sim("run", "cosmic", "--players", 3, "--games", 500, "--strategies", "basic,random", "--rotate",
             "--out", tmp_path / "run2")
    assert r2.returncode == 0, r2.stderr
    assert "offense wins" in r2.stdout and "joint wins" in r2.stdout


def test_ce_replay_encounter_by_encounter():
    """`simsuite replay cosmic --seed 7 --game 3 --players 4` prints the game encounter by encounter and
    checks it against the batch record (CE.70.20)."""
    r = sim("replay", "cosmic", "--seed", 7, "--game", 3, "--players", 4)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "-- encounter 1 of the turn" in out and "== turn 1:" in out
    assert "order disc:" in out and "reveal:" in out and "result:" in out
    assert "identical to the batch kernel: yes" in out
    assert "winner" in out or "turn cap" in out
    rj = sim("replay", "cosmic", "--seed", 7, "--game", 3, "--players", 4, "--json")
    doc = json.loads(rj.stdout)
    assert doc["matches_batch"] is True
    assert sum(e["event"] == "encounter" for e in doc["events"]) == sum(e["event"] == "result" for e in doc["events"])


def test_ce_list_parameters():
    """`simsuite list cosmic`: the CE.80 keys with defaults, allowed values and rule ids; strategies."""
    r = sim("list", "cosmic", "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)[0]
    params = {p["name"]: p for p in d["parameters"]}
    assert params["players"]["default"] == 4 and params["players"]["rule"] == "CE.1.10"
    assert params["max_turns"]["default"] == 200 and params["deal_rounds"]["default"] == 2
    assert params["deal_accept_policy"]["default"] == "wary"
    assert params["deal_colony_ships_max"]["default"] == 4
    assert {s["name"] for s in d["strategies"]} >= {"basic", "random"}
    assert "cosmic-players" in d["sweeps"]


@pytest.mark.parametrize("args, words", [
    (["run", "cosmic", "--players", "5"], ["players", "AH2000", "CE.1.10", "2..4"]),
    (["run", "cosmic", "--set", "edition=FFG2008", "--players", "6"], ["players", "2..5"]),
    (["run", "cosmic", "--players", "1"], ["players", "2..5"]),  # the parameter's bounds: both editions
    (["run", "cosmic", "--set", "deal_accept_policy=maybe"], ["deal_accept_policy", "standard_only"]),
    (["run", "cosmic", "--set", "edition=FFG1990"], ["edition", "AH2000", "FFG2008"]),
    # FFG2008: 3+ players, and an AH2000 game refuses the FFG deck
    (["run", "cosmic", "--set", "edition=FFG2008", "--players", "2"], ["players", "FFG2008", "3..5"]),
    (["run", "cosmic", "--set", "deck=configs/cosmic/deck_ffg2008.toml"], ["deck", "FFG2008", "morph"]),
    (["run", "cosmic", "--set", "edition=FFG2008", "--set", "ffg_double_morph=both"], ["ffg_double_morph", "attack0"]),
    (["run", "cosmic", "--set", "start_ships_per_planet=5"], ["ships_per_player", "CE.2.2"]),
    (["run", "cosmic", "--strategies", "basic,nope"], ["strategies", "nope"]),
])
def test_ce_bad_input(args, words):
    r = sim(*args)
    assert r.returncode == 2, (r.stdout, r.stderr)
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and "Traceback" not in r.stderr
    for w in words:
        assert w in lines[0], (w, lines[0])


def test_ce_bad_data_files(tmp_path):
    """CE.1.4 / CE.1.5: deck and disc files are validated on load; the error names the field."""
    src = (ROOT / "configs" / "cosmic" / "deck_ah2000.toml").read_text()
    short = tmp_path / "deck.toml"
    short.write_text(src.replace("value = 30\ncount = 1", "value = 30\ncount = 2"))
    r = sim("run", "cosmic", "--set", f"deck={short}", "--games", 10)
    assert r.returncode == 2 and "deck" in r.stderr and "46" in r.stderr
    nosrc = tmp_path / "deck2.toml"
    nosrc.write_text(src.replace('value = 4\ncount = 2\nsource = "published list"', "value = 4\ncount = 2"))
    r = sim("run", "cosmic", "--set", f"deck={nosrc}", "--games", 10)
    assert r.returncode == 2 and "deck" in r.stderr and "source" in r.stderr
    discs = tmp_path / "discs.toml"
    discs.write_text('[[disc]]\ncolour = "red"\ncount = 3\nsource = "assumed"\n')
    r = sim("run", "cosmic", "--set", f"order_discs={discs}", "--games", 10)
    assert r.returncode == 2 and "order_discs" in r.stderr and "blue" in r.stderr


def test_ce_sweep_definition_runs(tmp_path):
    """configs/sweeps/cosmic-players.toml: players 2..4, basic and random rotated; it runs (few games)."""
    d = tomllib.loads((ROOT / "configs" / "sweeps" / "cosmic-players.toml").read_text())
    assert d["game"] == "cosmic" and d["sweep"]["players"] == "2..4"
    assert d["set"]["strategies"] == "basic,random" and d["set"]["rotate"] is True
    r = sim("sweep", "--config", ROOT / "configs" / "sweeps" / "cosmic-players.toml", "--games", 300,
            "--out", tmp_path / "sw", "--json")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["cells"] == 3 and [row["players"] for row in doc["rows"]] == [2, 3, 4]


def test_bench_times_a_second_configuration_in_the_same_run():
    """FFG2008 at 5 players beside AH2000 at 4, one `bench` (their timed runs
    alternate): each configuration gets its own row with its own settings, and the ratio is theirs."""
    r = sim("bench", "cosmic", "--set", "edition=FFG2008", "--aliens", "random", "--players", 5, "--vs",
            "edition=AH2000", "--vs", "players=4", "--games", 1000, "--repeat", 1, "--no-cold", "--json")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    (row,), (vs,) = doc["rows"], doc["vs_rows"]
    assert row["players"] == 5 and doc["set"]["edition"] == "FFG2008" and doc["set"]["aliens"] == "random"
    assert vs["players"] == 4 and vs["set"]["edition"] == "AH2000" and vs["set"]["aliens"] == "random"
    assert len(vs["games_per_s_1_thread_runs"]) == 1 and vs["games_per_s_1_thread"] > 0
    assert row["ratio_to_vs_1_thread"] == row["games_per_s_1_thread"] / vs["games_per_s_1_thread"]


@pytest.mark.parametrize("args, words", [
    (["--vs", "players=5"], ["--vs", "players", "AH2000", "CE.1.10"]),  # the default edition at 5
    (["--vs", "edition"], ["--vs", "NAME=VALUE"]),
    (["--vs", "editon=AH2000"], ["editon", "unknown parameter"]),
])
def test_bench_vs_bad_input(args, words):
    r = sim("bench", "cosmic", "--games", 1000, "--no-cold", *args)
    assert r.returncode == 2, (r.stdout, r.stderr)
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and "Traceback" not in r.stderr
    for w in words:
        assert w in lines[0], (w, lines[0])
