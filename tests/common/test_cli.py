"""CLI: bad input gives one clear line and exit status 2; --json output; sweeps resume."""
import json
import re
import subprocess
import sys

import pandas as pd
import pytest


def sim(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "simsuite", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, timeout=600)


# what a command says on stderr before an error it could only meet by compiling or playing (a
# strategy that does not compile, an illegal answer): the kernel notice and progress, not the error
# (a compile also says every 30 s that it is still going: simsuite/compile_watch.py)
NOTICE = re.compile(r"^(compiling the .* \(once: .*\) \.\.\.|compiled the .* in \d+ s|  still compiling the .*: .* so far|"
                    r"loaded the compiled .* kernel \([\d.]+ s\)|.*[\d,]+ of [\d,]+ games \(\d+%\), .* games/s, about .* left)$")


def assert_bad(r, *words):
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    lines = [ln for ln in r.stderr.splitlines() if ln.strip() and not NOTICE.match(ln)]
    assert len(lines) == 1, r.stderr
    assert "Traceback" not in r.stderr and "Traceback" not in r.stdout
    for w in words:
        assert w in lines[0], (w, lines[0])


@pytest.mark.parametrize("args, words", [
    (["run", "star-cartel", "--set", "foo=1"], ["foo", "unknown parameter", "simsuite list star-cartel"]),
    (["run", "star-cartel", "--set", "crash_threshold=99"], ["crash_threshold", "2..30"]),
    (["run", "star-cartel", "--set", "crash_threshold=x"], ["crash_threshold", "integer"]),
    (["run", "star-cartel", "--players", "2"], ["players", "3..6"]),
    (["run", "star-cartel", "--players", "7"], ["players", "3..6"]),
    (["run", "star-cartel", "--strategies", "market,bogus"], ["strategies", "bogus", "greedy"]),
    (["run", "star-cartel", "--players", "3", "--strategies", "market,market,market,market"], ["strategies"]),
    (["run", "chess"], ["game", "star-cartel"]),
    (["run", "star-cartel", "--set", "nonsense"], ["--set", "NAME=VALUE"]),
    (["run", "star-cartel", "--set", "third_card_scope=sideways"], ["third_card_scope", "bottom_row"]),
    (["run", "star-cartel", "--set", "start_value=12"], ["start_value", "crash_threshold"]),
    (["run", "star-cartel", "--games", "abc"], ["games"]),
    (["sweep", "star-cartel", "--set", "players=2..4"], ["players"]),
    (["sweep", "star-cartel", "--set", "crash_threshold=9..6"], ["crash_threshold", "range"]),
    (["replay", "star-cartel", "--game", "1", "--strategies", "nope"], ["strategies"]),
    (["report", "no-such-results"], ["source"]),
    (["status", "no-such-dir"], ["results"]),
    (["list", "monopoly"], ["game"]),
    (["bench", "star-cartel", "--repeat", "0", "--no-cold"], ["repeat", "1<=x<=100"]),
])
def test_bad_input_one_line_exit_2(args, words):
    assert_bad(sim(*args), *words)


def test_malformed_toml(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("name = [unclosed\n")
    assert_bad(sim("sweep", "--config", bad), "--config", "malformed")
    assert_bad(sim("run", "star-cartel", "--set", f"ships={bad}"), "ships", "malformed")
    short = tmp_path / "deck.toml"
    short.write_text('[[card]]\ntype = "FOOD"\nsize = 4\ncount = 89\n')
    assert_bad(sim("run", "star-cartel", "--set", f"contraband={short}"), "contraband", "90")
    unknown = tmp_path / "sweep.toml"
    unknown.write_text('game = "star-cartel"\ngmaes = 5\n')
    assert_bad(sim("sweep", "--config", unknown), "gmaes")


@pytest.mark.own_kernel  # a plug-in folder of its own
def test_strategy_that_does_not_compile(tmp_path):
    """A plug-in whose decide allocates (the kernels run without reference counting) or uses an
    unknown name: one line naming the file and line, exit 2."""
    (tmp_path / "alloc.py").write_text(
        '"""Allocates."""\nimport numpy as np\nfrom numba import njit\n\n\n@njit\n'
        'def decide(kind, st, cfg, me):\n    buf = np.zeros(4, np.int64)\n    return buf[0]\n')
    r = sim("run", "star-cartel", "--players", "3", "--strategy-dir", tmp_path, "--strategies", "alloc,random,random",
            "--games", "10")
    assert_bad(r, "strategy", "alloc.py, line 8", "zeros", "_nrt=True")


@pytest.mark.own_kernel  # a plug-in folder of its own
@pytest.mark.parametrize("game, players", [("star-cartel", "3")])
def test_strategy_answering_outside_the_options_is_rejected(tmp_path, game, players):
    """SC.15: an answer outside 0..n-1 is not a legal option: the engine does not play it, and the
    run stops with one line naming the strategy and its seat, exit 2. The stop is the runner's, the
    same for every game (one game here: each plug-in folder is a kernel to compile); every game's
    engine rejecting and counting such answers is tests/test_game_contract.py's
    test_illegal_answers_are_rejected_and_counted."""
    (tmp_path / "wild.py").write_text(
        '"""Always answers 99, past the options."""\nimport numpy as np\n'
        'from numba import njit\n\n\n@njit\ndef decide(kind, st, cfg, me):\n    return np.int64(99)\n')
    r = sim("run", game, "--players", players, "--strategy-dir", tmp_path, "--strategies", "random,wild,random",
            "--games", "50", "--seed", "3")
    assert_bad(r, "strategies", "'wild'", "outside 0..n-1")


def test_unwritable_output(tmp_path):
    f = tmp_path / "file"
    f.write_text("")
    assert_bad(sim("run", "star-cartel", "--games", "10", "--out", f / "sub"), "--out")


def test_run_json_and_records(tmp_path):
    out = tmp_path / "run"
    r = sim("run", "star-cartel", "--players", "4", "--games", "3000", "--seed", "7",
            "--strategies", "market,greedy,greedy,random", "--out", out, "--json")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["games"] == 3000 and doc["seed"] == 7 and doc["simsuite_version"]
    pos = [g for g in doc["groups"] if g["kind"] == "position"]
    assert len(pos) == 4
    assert abs(sum(g["win_share"] for g in pos) - 1.0) < 1e-9  # one unit of win per game
    for g in doc["groups"]:
        assert g["ci_low"] <= g["win_rate"] <= g["ci_high"]
    games = pd.read_parquet(out / "games.parquet")
    assert len(games) == 3000 and games["game"].tolist() == list(range(3000))
    assert {"config_hash", "seed", "simsuite_version", "score_3"} <= set(games.columns)
    assert (games["score_0"] == games["contraband_0"] + games["ship_value_0"]).all()
    # the printed table came from the same games the records hold
    wins = games[[f"win_{s}" for s in range(4)]].sum().sum()
    assert wins == sum(g["wins"] for g in pos)
    st = sim("status", out, "--json")
    assert st.returncode == 0 and json.loads(st.stdout)["cells_done"] == 1
    assert json.loads(st.stdout)["games_done"] == 3000
    # replay a game of this run from its directory: identical to the batch record
    rp = sim("replay", "--from", out, "--game", "17", "--json")
    assert rp.returncode == 0, rp.stderr
    ev = json.loads(rp.stdout)
    assert ev["matches_batch"] is True
    scores = {e["player"]: e["T"] for e in ev["events"] if e["event"] == "score"}
    row = games.iloc[17]
    assert scores == {p: int(row[f"score_{p}"]) for p in range(4)}


def test_list_json():
    r = sim("list", "--json")
    assert r.returncode == 0
    doc = json.loads(r.stdout)
    sc = [g for g in doc if g["game"] == "star-cartel"][0]
    names = {p["name"] for p in sc["parameters"]}
    assert {"crash_threshold", "players", "setup_purge_sizes", "third_card_scope"} <= names
    assert {"random", "greedy", "market"} <= {s["name"] for s in sc["strategies"]}


def test_sweep_resume_and_other_sweep_refused(tmp_path):
    out = tmp_path / "sw"
    args = ["sweep", "star-cartel", "--set", "crash_threshold=8,10", "--players", "3", "--games", "500",
            "--seed", "3", "--out", out, "--json"]
    r1 = sim(*args)
    assert r1.returncode == 0, r1.stderr
    d1 = json.loads(r1.stdout)
    assert d1["cells"] == 2 and d1["ran_units"] == 2 and d1["ran_games"] == 1000
    r2 = sim(*args)
    d2 = json.loads(r2.stdout)
    assert d2["ran_units"] == 0 and d2["resumed_cells"] == 2
    assert d1["rows"] == d2["rows"]
    cells = pd.read_parquet(out / "cells.parquet")
    assert sorted(cells["crash_threshold"]) == [8, 10]
    assert (cells["simsuite_version"] != "").all() and (cells["seed"] == 3).all()
    assert (out / "summary.csv").exists()
    other = sim("sweep", "star-cartel", "--set", "crash_threshold=7,9", "--games", "500", "--out", out)
    assert_bad(other, "--out")


def test_replay_uses_the_latest_run_of_that_seed_and_its_data_files(tmp_path):
    import shutil

    from simsuite import ROOT

    ships = tmp_path / "ships.toml"
    ships.write_text((ROOT / "configs" / "star_cartel" / "ships.toml").read_text().replace(
        "capacity = 15", "capacity = 14"))
    out = ROOT / "results" / "runs" / "pytest-replay-latest"
    try:
        r = sim("run", "star-cartel", "--players", "3", "--games", "40", "--seed", "424242", "--strategies",
                "greedy,random", "--set", f"ships={ships}", "--out", out, "--json")
        assert r.returncode == 0, r.stderr
        rp = sim("replay", "star-cartel", "--seed", "424242", "--game", "5", "--json")
        assert rp.returncode == 0, rp.stderr
        doc = json.loads(rp.stdout)
        assert doc["matches_batch"] is True
        assert doc["config"]["players"] == 3 and doc["config"]["strategies"] == "greedy,random"
        assert doc["config"]["ships"] == str(ships.resolve())
        row = pd.read_parquet(out / "games.parquet").iloc[5]
        scores = {e["player"]: e["T"] for e in doc["events"] if e["event"] == "score"}
        assert scores == {p: int(row[f"score_{p}"]) for p in range(3)}
    finally:
        shutil.rmtree(out, ignore_errors=True)


def test_bench_reports_the_best_of_repeated_runs():
    r = sim("bench", "star-cartel", "--players", 3, "--games", 1000, "--repeat", 3, "--no-cold", "--json")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["repeat"] == 3
    from simsuite import __version__
    from simsuite.games import get

    assert doc["simsuite_version"] == __version__ and doc["code_hash"] == get("star-cartel").code_hash()
    row = doc["rows"][0]
    for label in ("1_thread", "all_threads"):
        runs = row[f"games_per_s_{label}_runs"]
        assert len(runs) == 3 and min(runs) > 0
        assert row[f"games_per_s_{label}"] == max(runs)
        assert row[f"games_per_s_{label}_median"] == sorted(runs)[1]
    assert row["thread_speedup"] == row["games_per_s_all_threads"] / row["games_per_s_1_thread"]
    # memory: the warm start's own process (the kernel surely in the cache by then: loading and
    # playing only) is an interpreter with numba, numpy and pandas, ~100 MB, and may not take GBs.
    # The bench process's peak includes whatever it compiled, which depends on what the other test
    # processes had put in the shared cache at that moment (seen at 2.3 GB with the kernel itself
    # loaded): bounded loosely
    assert isinstance(doc["kernel_cached"], bool)
    assert 50 < doc["warm_start_peak_rss_mb"] < 2000
    assert 50 < doc["peak_rss_mb"] < 6000
    assert "cold_start_s" not in doc and "cold_start_peak_rss_mb" not in doc  # --no-cold


def test_bench_times_a_reference_build_in_the_same_run():
    """--against DIR: the build at DIR (here this same tree) times the same configuration, its runs
    alternating with this build's; each row carries its runs and the ratio of the best figures."""
    from simsuite import ROOT
    from simsuite.games import get

    r = sim("bench", "star-cartel", "--players", 3, "--games", 1000, "--repeat", 2, "--no-cold", "--json",
            "--against", ROOT)
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["reference"]["path"] == str(ROOT) and doc["reference"]["code_hash"] == get("star-cartel").code_hash()
    row = doc["rows"][0]
    for label in ("1_thread", "all_threads"):
        runs = row[f"reference_games_per_s_{label}_runs"]
        assert len(runs) == 2 and min(runs) > 0 and row[f"reference_games_per_s_{label}"] == max(runs)
        assert row[f"ratio_to_reference_{label}"] == row[f"games_per_s_{label}"] / max(runs)
    text = sim("bench", "star-cartel", "--players", 3, "--games", 1000, "--repeat", 1, "--no-cold")
    assert text.returncode == 0, text.stderr
    assert "reference: none timed in this run" in text.stdout


def test_bench_against_a_tree_without_simsuite_or_a_failing_build(tmp_path):
    assert_bad(sim("bench", "star-cartel", "--players", 3, "--games", 1000, "--no-cold", "--against", tmp_path),
               "--against", "no simsuite source tree")
    (tmp_path / "simsuite").mkdir()
    (tmp_path / "simsuite" / "__init__.py").write_text("raise ImportError('broken build')\n")
    assert_bad(sim("bench", "star-cartel", "--players", 3, "--games", 1000, "--no-cold", "--against", tmp_path),
               "--against", "broken build")


def test_short_flags_and_quiet(tmp_path):
    """-n/-p/-s/-o are --games/--players/--seed/--out; -q (--quiet, --no-progress) prints no compile
    notice or progress, only the results; the same run with long flags gives the same table."""
    a = sim("run", "star-cartel", "-p", "3", "-n", "300", "-s", "9", "-o", tmp_path / "a", "-q", "--json")
    b = sim("run", "star-cartel", "--players", "3", "--games", "300", "--seed", "9", "--out", tmp_path / "b",
            "--json")
    assert a.returncode == 0 and b.returncode == 0, (a.stderr, b.stderr)
    assert a.stderr.strip() == ""
    ja, jb = json.loads(a.stdout), json.loads(b.stdout)
    assert ja["groups"] == jb["groups"] and ja["games"] == 300 and ja["seed"] == 9


def test_run_prints_the_start_players_verdict_with_its_interval(tmp_path):
    """`run` says where the start player stands, its edge with the 95% interval and the report's
    verdict word for it; --json carries the same figures, which are the start player's row of the
    table (one cell: its win share minus fair, ± 1.96 standard errors)."""
    r = sim("run", "star-cartel", "-p", "4", "-n", "4000", "-s", "11", "-o", tmp_path / "a", "-q", "--json")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    sp, row = doc["start_player"], next(g for g in doc["groups"] if g["kind"] == "position" and g["key"] == "1")
    assert sp["win_share"] == pytest.approx(row["win_share"]) and sp["fair_share"] == pytest.approx(row["fair_share"])
    edge = row["win_share"] - row["fair_share"]
    assert sp["edge"] == pytest.approx(edge)
    assert sp["edge_high"] - edge == pytest.approx(1.959963984540054 * row["share_se"], rel=1e-6)
    lo, hi = sp["edge_low"], sp["edge_high"]
    assert sp["verdict"] == ("start player ahead" if lo > 0 else "start player behind" if hi < 0 else "no edge found")
    t = sim("run", "star-cartel", "-p", "4", "-n", "4000", "-s", "11", "-o", tmp_path / "b", "-q")
    line = next(x for x in t.stdout.splitlines() if x.startswith("Start player: "))
    assert f"{100 * row['win_share']:.2f}% of the win share against a fair {100 * row['fair_share']:.2f}%" in line
    assert f"95% interval {100 * lo:+.2f} to {100 * hi:+.2f}" in line
