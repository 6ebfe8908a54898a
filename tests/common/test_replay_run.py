"""Replaying a game of a run or of a sweep cell (`replay --from`), and what an unfinished run leaves
behind: every game replays from its seed against what the run stored; nothing computed is lost."""
import json
import subprocess
import sys

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest


def sim(*args):
    return subprocess.run([sys.executable, "-m", "simsuite", *map(str, args)], capture_output=True, text=True,
                          timeout=600)


def bad(r, *words):
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and "Traceback" not in r.stderr, r.stderr
    for w in words:
        assert w in lines[0], (w, lines[0])


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("replay") / "run"
    r = sim("run", "star-cartel", "--players", 4, "--games", 600, "--seed", 11, "--strategies",
            "market,greedy,random", "--rotate", "--out", out)
    assert r.returncode == 0, r.stderr
    return out


def test_replay_of_a_rotated_run_matches_its_stored_record(run_dir):
    """Seats are labelled as the rotation dealt them in that game, and the replay is compared with
    the record the run saved, not with a second run of the current code."""
    games = pd.read_parquet(run_dir / "games.parquet")
    for g in (0, 5, 598):
        r = sim("replay", "--from", run_dir, "--game", g, "--json")
        assert r.returncode == 0, r.stderr
        d = json.loads(r.stdout)
        assert d["matches_batch"] is True and d["compared_with"] == "the run's stored record"
        lineup = ["market", "greedy", "random", "market"]
        assert d["seat_strategies"] == [lineup[(s + g) % 4] for s in range(4)]
        names = json.loads((run_dir / "meta.json").read_text())["strategy_ids"]
        ids = {v: int(k) for k, v in names.items()}
        assert ids == {"greedy": 0, "market": 1, "random": 2}
        assert [ids[x] for x in d["seat_strategies"]] == [int(games.loc[g, f"strategy_{s}"]) for s in range(4)]
        scores = {e["player"]: e["T"] for e in d["events"] if e["event"] == "score"}
        assert scores == {p: int(games.loc[g, f"score_{p}"]) for p in range(4)}


def test_replay_detects_a_record_that_differs(run_dir, tmp_path):
    """The check can fail: a stored record changed after the run is reported (exit 1)."""
    import shutil

    other = tmp_path / "run"
    shutil.copytree(run_dir, other)
    df = pd.read_parquet(other / "games.parquet")
    df.loc[7, "turns"] += 1
    pq.write_table(pa.Table.from_pandas(df, preserve_index=False), other / "games.parquet")
    r = sim("replay", "--from", other, "--game", 7)
    assert r.returncode == 1 and "identical to the run's stored record: NO" in r.stdout
    assert sim("replay", "--from", other, "--game", 8).returncode == 0


def test_replay_from_bad_input(run_dir, tmp_path):
    bad(sim("replay", "--from", run_dir, "--game", 1, "--players", 3), "--from", "--players")
    bad(sim("replay", "--from", run_dir, "--game", 1, "--seed", 2), "--from", "--seed")
    bad(sim("replay", "--from", run_dir, "--game", 600), "--game", "0..599")
    bad(sim("replay", "--from", run_dir, "--game", 1, "--cell", 0), "--cell", "not a sweep")
    bad(sim("replay", "cosmic", "--from", run_dir, "--game", 1), "game", "star-cartel")
    bad(sim("replay", "--from", tmp_path, "--game", 1), "--from", "no meta.json")
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "meta.json").write_text("{not json")
    bad(sim("replay", "--from", broken, "--game", 1), "--from", "meta.json")
    bad(sim("replay", "star-cartel", "--game", 1, "--cell", 2), "--cell", "--from")


def test_replay_a_sweep_cell(tmp_path):
    """A sweep keeps statistics, not records: --cell N rebuilds that cell's configuration (rotation on,
    as sweeps play it) and the replay matches the batch kernel; the cell's wins are the batch's."""
    out = tmp_path / "sw"
    r = sim("sweep", "star-cartel", "--set", "crash_threshold=8,10", "--players", 3, "--games", 200,
            "--strategies", "market,random", "--seed", 3, "--out", out)
    assert r.returncode == 0, r.stderr
    bad(sim("replay", "--from", out, "--game", 1), "--cell", "0..1")
    bad(sim("replay", "--from", out, "--game", 1, "--cell", 2), "--cell", "0..1")
    rj = sim("replay", "--from", out, "--cell", 1, "--game", 4, "--json")
    assert rj.returncode == 0, rj.stderr
    d = json.loads(rj.stdout)
    assert d["config"]["crash_threshold"] == 10 and d["config"]["rotate"] is True and d["seed"] == 3
    assert d["matches_batch"] is True and d["compared_with"] == "the batch kernel"
    assert d["seat_strategies"] == ["random", "market", "market"]  # market,random,market turned by 4 % 3


def test_unfinished_run_keeps_the_complete_records(tmp_path, monkeypatch):
    """A run stopped part way never replaces a complete games.parquet; the records of the games it
    did play are kept in games.partial.parquet, and the exit status is 130."""
    from click.testing import CliRunner

    import simsuite.runner as runner
    from simsuite import cli

    out = tmp_path / "run"
    args = ["run", "star-cartel", "--players", "3", "--games", "300", "--seed", "5", "--out", str(out)]
    assert CliRunner().invoke(cli.cli, args).exit_code == 0
    complete = (out / "games.parquet").read_bytes()
    real = runner.run_cell

    def stopped(g, cfg, n, seed, dirs, chunk=None, on_chunk=None, progress=None, **kw):
        on_chunk(g.run_range(g.kernel(dirs), g.build_cfg(cfg, dirs), 123, 0, 40))
        raise KeyboardInterrupt

    monkeypatch.setattr(runner, "run_cell", stopped)
    r = CliRunner().invoke(cli.cli, args)
    assert r.exit_code == 130
    assert "did not finish" in r.output and "40 games" in r.output
    assert (out / "games.parquet").read_bytes() == complete
    assert len(pd.read_parquet(out / "games.partial.parquet")) == 40
    monkeypatch.setattr(runner, "run_cell", real)
