"""`run` after Ctrl-C resumes to the same result and `status` shows the partial run; a folder
left without results does not block the next run; ad-hoc sweeps get their own folders; the
progress bar starts after the compile; the final line states the wall time."""
import json

import pandas as pd
import pytest
from click.testing import CliRunner

from simsuite import cli, games

GAME = games.get("star-cartel")
ARGS = ["run", "star-cartel", "-p", "3", "-n", "3000", "-s", "9", "--chunk", "500"]


def invoke(*args):
    return CliRunner().invoke(cli.cli, [str(a) for a in args])


def main(capsys, *args):
    """The installed entry point (one-line errors, exit status 2): (exit status, stderr)."""
    try:
        cli.main([str(a) for a in args])
        rc = 0
    except SystemExit as e:
        rc = e.code
    return rc, capsys.readouterr().err


def stop_at_call(monkeypatch, k):
    """Ctrl-C during the k-th call into the kernel (call 1 is the warm-up of one game)."""
    real = type(GAME).run_range
    calls = [0]

    def run_range(self, *a):
        calls[0] += 1
        if calls[0] == k:
            raise KeyboardInterrupt
        return real(self, *a)

    monkeypatch.setattr(type(GAME), "run_range", run_range)
    return lambda: monkeypatch.setattr(type(GAME), "run_range", real)


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    out = tmp_path_factory.mktemp("ref") / "run"
    r = invoke(*ARGS, "-o", out, "--json")
    assert r.exit_code == 0, r.output
    return out


def test_interrupted_run_resumes_to_the_same_result(reference, tmp_path, monkeypatch):
    out = tmp_path / "run"
    undo = stop_at_call(monkeypatch, 4)  # warm-up, chunks 0 and 1 played, Ctrl-C in chunk 2
    r = invoke(*ARGS, "-o", out)
    assert r.exit_code == 130
    assert "interrupted after 1,000 of 3,000 games" in r.output and "run the same command again to resume" in r.output
    assert (out / "partial.json").exists() and len(pd.read_parquet(out / "games.partial.parquet")) == 1000
    s = invoke("status", out, "--json")
    assert s.exit_code == 0
    doc = json.loads(s.output)
    assert doc["games_done"] == 1000 and doc["games_total"] == 3000 and doc["cells"][0]["interrupted"]
    assert "interrupted: run the same command again to resume" in invoke("status", out).output
    # interrupted again part way through the resumed run: the saved games only grow
    stop_at_call(monkeypatch, 3)
    r = invoke(*ARGS, "-o", out)
    assert r.exit_code == 130 and "resuming the interrupted run" in r.output
    assert "interrupted after 1,500 of 3,000 games" in r.output
    undo()
    r = invoke(*ARGS, "-o", out)
    assert r.exit_code == 0, r.output
    assert "resumed at game 1,500" in r.output and "wall time" in r.output
    assert not (out / "partial.json").exists() and not (out / "games.partial.parquet").exists()
    for t in ("groups", "hists", "h2h", "comps"):  # the same rows (merged statistics list them in another order)
        a, b = (pd.read_parquet(d / f"{t}.parquet") for d in (reference, out))
        a, b = (x.sort_values(list(x.columns)).reset_index(drop=True) for x in (a, b))
        pd.testing.assert_frame_equal(a, b, check_exact=True)
    drop = ["seconds", "first_game"]
    a = pd.read_parquet(reference / "cells.parquet").drop(columns=drop, errors="ignore").sort_index(axis=1)
    b = pd.read_parquet(out / "cells.parquet").drop(columns=drop, errors="ignore").sort_index(axis=1)
    pd.testing.assert_frame_equal(a, b, check_exact=True)
    pd.testing.assert_frame_equal(pd.read_parquet(reference / "games.parquet"), pd.read_parquet(out / "games.parquet"))
    assert json.loads(invoke("status", out, "--json").output)["cells_done"] == 1


def test_a_changed_command_does_not_resume_another_runs_games(tmp_path, monkeypatch, capsys):
    out = tmp_path / "run"
    undo = stop_at_call(monkeypatch, 3)
    assert invoke(*ARGS, "-o", out).exit_code == 130
    undo()
    # another game count is another run: the folder holds that run's games, so it is refused
    rc, err = main(capsys, *ARGS[:-4], "-n", "2000", "--chunk", "500", "-o", out)
    assert rc == 2 and err.count("\n") == 1 and err.startswith("error: --out:") and "another run" in err


def test_a_folder_without_results_does_not_block_the_next_run(tmp_path, monkeypatch, capsys):
    out = tmp_path / "run"
    undo = stop_at_call(monkeypatch, 1)  # stopped while compiling: nothing played
    assert invoke(*ARGS, "-o", out).exit_code == 130
    undo()
    assert (out / "meta.json").exists() and not (out / "partial.json").exists()
    r = invoke("run", "star-cartel", "-p", "4", "-n", "200", "-o", out)  # another configuration
    assert r.exit_code == 0, r.output
    assert json.loads((out / "meta.json").read_text())["config"]["players"] == 4
    # a folder with results of another run still refuses, in one line
    rc, err = main(capsys, "run", "star-cartel", "-p", "5", "-n", "200", "-o", out)
    assert rc == 2 and err.count("\n") == 1 and "holds results of another run" in err


def test_ad_hoc_sweeps_get_their_own_folders(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    a = invoke("sweep", "star-cartel", "--set", "players=3", "-n", "100", "--quiet")
    b = invoke("sweep", "star-cartel", "--set", "players=4", "-n", "100", "--quiet")
    assert a.exit_code == 0 and b.exit_code == 0, a.output + b.output
    dirs = sorted(p.name for p in (tmp_path / "results").iterdir())
    assert len(dirs) == 2 and all(d.startswith("star-cartel-sweep-") for d in dirs)
    again = invoke("sweep", "star-cartel", "--set", "players=3", "-n", "100", "--quiet")
    assert again.exit_code == 0 and "1 cell(s) were already done" in again.output
    assert len(list((tmp_path / "results").iterdir())) == 2


def test_the_progress_clock_starts_after_the_compile(monkeypatch):
    """run_cell starts the bar after the warm-up call that compiles or loads the kernel, and before
    the first games are counted: the rate and ETA time games only."""
    from simsuite.runner import run_cell

    events = []
    real = type(GAME).run_range

    def run_range(self, k, cfg_arr, key, g0, n):
        events.append(("kernel", n))
        return real(self, k, cfg_arr, key, g0, n)

    class Bar:
        def start(self):
            events.append(("start",))

        def __call__(self, n):
            events.append(("update", n))

    monkeypatch.setattr(type(GAME), "run_range", run_range)
    cfg = GAME.resolve({"players": 3})
    run_cell(GAME, cfg, 1000, 1, chunk=500, progress=Bar())
    assert events[0] == ("kernel", 1) and events[1] == ("start",)
    assert [e for e in events if e[0] == "update"] == [("update", 500), ("update", 500)]


def test_run_states_the_wall_time(tmp_path):
    r = invoke("run", "star-cartel", "-p", "3", "-n", "200", "-o", tmp_path / "r")
    assert r.exit_code == 0
    last = r.output.strip().splitlines()[-1]
    assert "s playing" in last and "wall time" in last
