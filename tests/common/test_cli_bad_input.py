"""CLI bad input from the audit: sweep-file values, seeds, unreadable files, report --out, scheduler
addresses, damaged results directories, bench subprocess failures and the CLI's own framing.
Each gives one line naming the field and what is allowed, exit status 2, and writes nothing first."""
import json
import os

import pandas as pd
import pytest
from test_cli import assert_bad, sim

NON_UTF8 = b'name = "caf\xe9"\n'


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("runs") / "r"
    r = sim("run", "star-cartel", "--players", "3", "--games", "10", "--out", out)
    assert r.returncode == 0, r.stderr
    return out


@pytest.mark.parametrize("line, key", [
    ("games = 0", "games"), ("games = -1", "games"), ("unit = 0", "unit"), ('seed = "x"', "seed"),
    ("seed = -1", "seed"), (f"seed = {2**64}", "seed"), ('precision = "x"', "precision"),
    ("precision = 0.9", "precision"), ("games = true", "games"),
])
def test_sweep_file_values_are_checked_before_anything_is_written(tmp_path, line, key):
    f = tmp_path / "s.toml"
    f.write_text(f'game = "star-cartel"\n{line}\n')
    out = tmp_path / "out"
    r = sim("sweep", "--config", f, "--out", out)
    assert_bad(r, "allowed")
    assert r.stderr.startswith(f"error: {key}: "), r.stderr
    assert not (out / "meta.json").exists()


@pytest.mark.parametrize("cmd", ["run", "sweep", "replay"])
@pytest.mark.parametrize("seed", [2**64, -1])
def test_seed_is_an_unsigned_64_bit_integer(tmp_path, cmd, seed):
    out = tmp_path / "out"
    rest = ["--game", "0", "--players", "3"] if cmd == "replay" else ["--games", "10", "--out", out]
    r = sim(cmd, "star-cartel", "--seed", seed, *rest)
    assert_bad(r, "--seed", "0<=x<=18446744073709551615")
    assert not out.exists()


def test_largest_seed_runs_and_is_stored(tmp_path):
    out = tmp_path / "run"
    r = sim("run", "star-cartel", "--players", "3", "--games", "10", "--seed", 2**64 - 1, "--out", out)
    assert r.returncode == 0, r.stderr
    assert (pd.read_parquet(out / "games.parquet")["seed"] == 2**64 - 1).all()


def test_unreadable_files_give_one_line(tmp_path):
    from simsuite import ROOT

    assert_bad(sim("sweep", "--config", ROOT / "configs"), "--config", "directory")
    bad = tmp_path / "latin1.toml"
    bad.write_bytes(NON_UTF8)
    assert_bad(sim("sweep", "--config", bad), "--config", "UTF-8")
    assert_bad(sim("run", "star-cartel", "--games", "10", "--set", f"contraband={bad}"), "contraband", "UTF-8")
    assert_bad(sim("run", "star-cartel", "--games", "10", "--set", f"ships={bad}"), "ships", "UTF-8")
    assert_bad(sim("run", "cosmic", "--games", "10", "--set", f"deck={bad}"), "deck", "UTF-8")


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads files whatever their mode")
def test_file_without_read_permission(tmp_path):
    f = tmp_path / "locked.toml"
    f.write_text('game = "star-cartel"\n')
    f.chmod(0)
    try:
        assert_bad(sim("sweep", "--config", f), "--config", "cannot read")
        assert_bad(sim("run", "star-cartel", "--games", "10", "--set", f"ships={f}"), "ships", "cannot read")
    finally:
        f.chmod(0o600)


def test_report_out_must_be_a_writable_directory(tmp_path, run_dir):
    f = tmp_path / "somefile.txt"
    f.write_text("keep me")
    assert_bad(sim("report", run_dir, "--out", f), "--out", "directory")
    assert_bad(sim("report", run_dir, "--out", f / "sub"), "--out")
    assert f.read_text() == "keep me"


@pytest.mark.parametrize("address", ["tcp://host:abc", "tcp://host", "tcp://127.0.0.1:99999"])
def test_bad_scheduler_address(tmp_path, address):
    pytest.importorskip("distributed")
    out = tmp_path / "out"
    r = sim("sweep", "star-cartel", "--games", "10", "--scheduler", address, "--out", out)
    assert_bad(r, "--scheduler", "tcp://HOST:PORT")
    assert not (out / "meta.json").exists()


def test_report_of_a_sweep_definition_without_game():
    from simsuite import ROOT

    f = ROOT / "configs" / "sweeps" / "pytest-no-game.toml"
    f.write_text('name = "pytest-no-game"\ngames = 10\n')
    try:
        assert_bad(sim("report", "pytest-no-game"), "game", "star-cartel")
        assert not (ROOT / "results" / "pytest-no-game").exists()
    finally:
        f.unlink()


@pytest.mark.parametrize("damage", ["{not json", "[1, 2]", '{"kind": "run"}', "drop-unit", "manifest"])
def test_damaged_results_directory(tmp_path, run_dir, damage):
    import shutil

    d = tmp_path / "copy"
    shutil.copytree(run_dir, d)  # tables are folders of per-cell files
    meta = json.loads((d / "meta.json").read_text())
    broken = "meta.json"
    if damage == "drop-unit":
        meta.update(kind="sweep", definition=dict(games=10, seed=1))
        (d / "meta.json").write_text(json.dumps(meta))
    elif damage == "manifest":
        broken = "manifest.json"
        (d / "manifest.json").write_text("{oops")
    else:
        (d / "meta.json").write_text(damage)
    before = (d / broken).read_text()
    assert_bad(sim("status", d), "results", broken)
    if damage != "drop-unit":
        assert_bad(sim("report", d, "--out", tmp_path / "rep"), "results", broken)
        assert_bad(sim("run", "star-cartel", "--players", "3", "--games", "10", "--out", d), "--out", broken)
    assert (d / broken).read_text() == before  # nothing overwritten


def test_bench_subprocess_failure_is_one_line(monkeypatch, capsys):
    import simsuite.bench
    from simsuite.cli import main

    monkeypatch.setattr(simsuite.bench, "_START_SNIPPET", "raise SystemExit('cannot start {game}')")
    with pytest.raises(SystemExit) as e:
        main(["bench", "star-cartel", "--players", "3", "--games", "1000", "--repeat", "1", "--cold"])
    assert e.value.code == 2
    err = [ln for ln in capsys.readouterr().err.splitlines() if ln.strip()]
    assert len(err) == 1 and err[0].startswith("error: --cold: ") and "cannot start star-cartel" in err[0], err


def test_bare_command_prints_the_help():
    r = sim()
    assert r.returncode == 0, r.stderr
    assert "Usage: simsuite" in r.stdout and "Commands:" in r.stdout and len(r.stdout.splitlines()) > 10
    assert "error" not in r.stderr


def test_click_usage_errors_name_the_option():
    r = sim("runn")
    assert_bad(r, "runn", "(see simsuite --help)")
    r = sim("run", "star-cartel", "--games", "abc")
    assert_bad(r, "1<=x<=", "(see simsuite run --help)")
    assert r.stderr.startswith("error: --games: "), r.stderr
    r = sim("replay", "star-cartel")
    assert_bad(r, "required")
    assert r.stderr.startswith("error: --game: "), r.stderr


@pytest.mark.parametrize("cmd", [["run", "star-cartel", "--games", "10"], ["sweep", "star-cartel", "--games", "10"],
                                 ["report", "no-such-results"]])
def test_negative_threads_are_rejected(tmp_path, cmd):
    r = sim(*cmd, "--threads", "-3", *(["--out", tmp_path / "o"] if cmd[0] != "report" else []))
    assert_bad(r, "0 (all cores) or 1..N")
    assert r.stderr.startswith("error: --threads: "), r.stderr
    assert not (tmp_path / "o").exists()


# ---- suggestions, conflicting settings, a plug-in that does not compile ------------
@pytest.mark.parametrize("args, field, hint", [
    (["run", "star-cartl", "--games", "10"], "game", "did you mean star-cartel?"),
    (["run", "star-cartel", "--set", "crash_treshold=8", "--games", "10"], "crash_treshold",
     "did you mean crash_threshold?"),
    (["run", "star-cartel", "--players", "3", "--strategies", "markt", "--games", "10"], "strategies",
     "did you mean market?"),
    (["run", "cosmic", "--aliens", "Macorn,none,none", "--players", "3", "--games", "10"], "aliens",
     "did you mean Macron?"),
])
def test_unknown_names_get_a_suggestion(args, field, hint):
    r = sim(*args)
    assert_bad(r, hint)
    assert r.stderr.startswith(f"error: {field}: "), r.stderr


@pytest.mark.parametrize("args", [
    ["--set", "crash_threshold=8", "--set", "crash_threshold=9"],
    ["--players", "3", "--set", "players=5"],
    ["--set", "players=4", "--players", "3"],
])
@pytest.mark.parametrize("cmd", ["run", "sweep"])
def test_conflicting_settings_are_refused(tmp_path, cmd, args):
    out = tmp_path / "o"
    r = sim(cmd, "star-cartel", *args, "--games", "10", "--out", out)
    assert_bad(r, "given twice with different values")
    assert not out.exists()


def test_the_same_setting_twice_is_fine(tmp_path):
    r = sim("run", "star-cartel", "--players", "3", "--set", "players=3", "--games", "10", "--out", tmp_path / "o")
    assert r.returncode == 0, r.stderr


def test_a_strategy_that_does_not_compile_is_one_line(tmp_path):
    """A plug-in whose jitted code names something undefined: numba fails to type it at the first
    call; the user gets the strategy's name and the error in one line, exit status 2."""
    d = tmp_path / "strats"
    d.mkdir()
    (d / "broken.py").write_text('"""Broken on purpose."""\nfrom numba import njit\n\n\n@njit\n'
                                 'def decide(kind, st, cfg, me):\n    return undefined_helper(st)\n')
    r = sim("run", "star-cartel", "--players", "3", "--games", "10", "--strategies", "broken",
            "--strategy-dir", d, "--out", tmp_path / "o")
    # the free-name check names the file and line before numba compiles anything
    assert_bad(r, "broken.py line 7", "`undefined_helper` is not defined")


@pytest.mark.parametrize("line", ['focus = ""', "focus = 3", "focus = []", 'focus = ["A", 2]'])
def test_sweep_file_focus_is_a_label_or_a_list_of_labels(tmp_path, line):
    f = tmp_path / "s.toml"
    f.write_text(f'game = "star-cartel"\n{line}\n')
    out = tmp_path / "out"
    r = sim("sweep", "--config", f, "--out", out)
    assert_bad(r, "focus", "allowed")
    assert not (out / "meta.json").exists()


@pytest.mark.parametrize("line", ['ladder = "basic"', 'ladder = ["basic"]', 'ladder = ["a", "a"]', 'ladder = ["a", 2]'])
def test_sweep_file_ladder_is_two_or_more_strategy_names(tmp_path, line):
    f = tmp_path / "s.toml"
    f.write_text(f'game = "star-cartel"\n{line}\n')
    out = tmp_path / "out"
    r = sim("sweep", "--config", f, "--out", out)
    assert_bad(r, "ladder", "two or more different strategy names, weakest first")
    assert not (out / "meta.json").exists()
