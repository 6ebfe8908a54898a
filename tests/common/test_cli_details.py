"""CLI details a user meets first: a misspelt parameter gets one short line, an unusable cache
directory one line and exit 2 (XDG_CACHE_HOME honoured), `replay` says when no run matches and it
plays the defaults, Ctrl-C names what was saved and where, text shows percentages (fractions only
in --json), `run` tables are sorted by win share, `list` shows each parameter's meaning once and no
absolute paths."""
import json
import os
import re

import pytest
from click.testing import CliRunner
from test_cli import assert_bad, sim
from test_cli_resume import stop_at_call  # Ctrl-C during the k-th call into the kernel

from simsuite import cli, games
from simsuite.engine import codegen

GAME = games.get("star-cartel")


def invoke(*args, **kw):
    return CliRunner(**kw).invoke(cli.cli, [str(a) for a in args])


@pytest.mark.parametrize("name, hint", [("crash_treshold", "did you mean crash_threshold? "), ("zzz", "")])
def test_an_unknown_parameter_is_one_short_line(name, hint):
    """The closest name and where the full list is, not 33 parameter names on one line."""
    r = sim("run", "star-cartel", "--set", f"{name}=8", "--games", "10")
    assert_bad(r, f"{hint}`simsuite list star-cartel` lists all")
    line = r.stderr.strip()
    assert len(line) < 130, line
    assert "express_smallest_delta" not in line


def test_an_unusable_cache_directory_is_one_line_and_exit_2(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    env = dict(os.environ, SIMSUITE_CACHE_DIR=str(blocker / "cache"))
    import subprocess
    import sys

    out = tmp_path / "out"
    r = subprocess.run([sys.executable, "-m", "simsuite", "run", "star-cartel", "--games", "10", "--out", str(out)],
                       capture_output=True, text=True, env=env, timeout=600)
    assert_bad(r, "SIMSUITE_CACHE_DIR", str(blocker / "cache"), "writable directory")
    assert not out.exists()  # refused before the results folder is made


def test_cache_dir_honours_xdg_cache_home_and_refuses_what_it_cannot_use(tmp_path, monkeypatch):
    monkeypatch.delenv("SIMSUITE_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert codegen.cache_dir() == tmp_path / "xdg" / "simsuite"
    assert codegen.cache_dir().is_dir()
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/path")  # the XDG spec: relative values are ignored
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert codegen.cache_dir() == tmp_path / "home" / ".cache" / "simsuite"
    monkeypatch.setenv("SIMSUITE_CACHE_DIR", str(tmp_path / "own"))  # the explicit setting wins
    assert codegen.cache_dir() == tmp_path / "own"
    (tmp_path / "f").write_text("")
    monkeypatch.setenv("SIMSUITE_CACHE_DIR", str(tmp_path / "f" / "sub"))
    with pytest.raises(cli.BadInput, match="SIMSUITE_CACHE_DIR: cannot use"):
        codegen.cache_dir()


def test_replay_says_it_uses_the_defaults_when_no_run_matches(tmp_path):
    r = sim("replay", "star-cartel", "--seed", "424242", "--game", "2", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "note: no run of star-cartel with seed 424242" in r.stderr
    assert "replaying the default configuration (4 players, strategies market,greedy,random)" in r.stderr
    assert "identical to the batch kernel: yes" in r.stdout


SWEEP = ["sweep", "star-cartel", "--set", "crash_threshold=8,9", "-p", "3", "-n", "400", "--unit", "200",
         "--chunk", "200", "--threads", "1", "-q"]


def test_ctrl_c_in_a_sweep_names_the_saved_cells_and_the_folder(tmp_path, monkeypatch):
    out = tmp_path / "sw"
    stop_at_call(monkeypatch, 8)  # each unit: a 1-game warm-up call, then the unit; 8 = cell 1's 2nd unit
    r = invoke(*SWEEP, "--out", out)
    assert r.exit_code == 130, r.output
    m = re.search(r"interrupted: (\d+) of 2 cell\(s\) finished(?: and (\d+) work unit\(s\) of others)? are saved in "
                  r"(\S+); run the same command again to resume", r.output)
    assert m and m.group(3) == str(out), r.output
    assert m.group(1, 2) == ("1", "1"), r.output
    monkeypatch.undo()
    st = json.loads(invoke("status", out, "--json").output)  # the line says what status finds on disk
    units = sum(c["units_done"] for c in st["cells"] if not c["done"])
    assert (int(m.group(1)), int(m.group(2) or 0)) == (st["cells_done"], units) != (0, 0)


def test_a_report_of_a_partial_sweep_is_flagged_on_the_terminal(tmp_path, monkeypatch):
    out = tmp_path / "sw"
    stop_at_call(monkeypatch, 6)  # cell 0 finished, cell 1 not started
    assert invoke(*SWEEP, "--out", out).exit_code == 130
    monkeypatch.undo()
    st = json.loads(invoke("status", out, "--json").output)
    r = invoke("report", out, "--out", tmp_path / "rep")  # click >= 8.2: output holds stdout and stderr
    assert st["cells_done"] == 1
    assert f"warning: partial sweep: 1 of 2 cells finished in {out}" in r.output
    done = invoke(*SWEEP, "--out", out)  # finished: no warning any more
    assert done.exit_code == 0, done.output
    header, *rows = [ln for ln in done.output.splitlines() if ln.strip()][:3]
    col = header.split().index("shared_win_mean")  # a share of games: in percent in the text table
    assert all(re.fullmatch(r"\d+\.\d\d%", r.split()[col]) for r in rows), done.output
    again = invoke("report", out, "--out", tmp_path / "rep2")
    assert again.exit_code == 0, again.output
    assert "partial sweep" not in again.output


def test_ctrl_c_before_a_unit_finished_says_nothing_is_saved_yet(tmp_path, monkeypatch):
    out = tmp_path / "sw"
    stop_at_call(monkeypatch, 2)
    r = invoke(*SWEEP, "--out", out)
    assert r.exit_code == 130, r.output
    assert f"none of the 2 cell(s) had finished a work unit: nothing is saved yet in {out}" in r.output


def test_ctrl_c_in_a_tune_names_the_finished_trials(tmp_path, monkeypatch):
    from simsuite.tune import driver as tune

    real = tune.optimise

    def optimise(study, spaces, evaluate_fn, budget, seed, sampler="tpe", on_trial=None, log=None):
        def stop(number, values, res):
            if on_trial:
                on_trial(number, values, res)
            if number == 1:
                raise KeyboardInterrupt
        return real(study, spaces, evaluate_fn, budget, seed, sampler, on_trial=stop, log=log)

    monkeypatch.setattr(tune, "optimise", optimise)
    out = tmp_path / "t"
    r = invoke("tune", "star-cartel", "--param", "crash_threshold=6..12", "--objective", "seat-fairness",
               "--players", "3", "--games", "200", "--budget", "4", "--unit", "200", "--threads", "1", "-q",
               "--out", out)
    assert r.exit_code == 130, r.output
    assert f"interrupted: 2 finished trial(s) are saved in {out}" in r.output


def test_run_text_is_in_percent_sorted_by_win_share_and_json_in_fractions(tmp_path):
    args = ["run", "star-cartel", "-p", "4", "-n", "3000", "-s", "5", "--strategies", "random,market,greedy,random",
            "--threads", "1", "-q"]
    r = invoke(*args, "--out", tmp_path / "a")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    head = next(ln for ln in lines if ln.startswith("group"))
    assert "95% CI" in head and "ci_low" not in head
    rows = [ln for ln in lines if ln.startswith(("seat ", "strategy ", "turn order "))]
    for ln in rows:  # rates as percentages: no bare fraction like 0.2445 in a row
        assert not re.search(r"(?<![\d.])0\.\d{4}(?!\d)", ln), ln
        assert "%" in ln
    for kind in ("seat ", "strategy "):
        shares = [float(ln.split()[-3].rstrip("%")) for ln in rows if ln.startswith(kind)]
        assert shares == sorted(shares, reverse=True), (kind, shares)
    turns = [ln.split()[2] for ln in rows if ln.startswith("turn order ")]
    assert turns == ["1", "2", "3", "4"]  # turn order stays in turn order
    assert re.search(r"shared-win games \d+\.\d\d%; timeouts \d+\.\d+%", r.output)
    j = invoke(*args, "--out", tmp_path / "b", "--json")
    doc = json.loads(j.output)
    assert all(0 <= g["win_share"] <= 1 for g in doc["groups"])


def test_list_shows_each_parameter_meaning_and_no_absolute_paths():
    r = invoke("list", "star-cartel")
    assert r.exit_code == 0, r.output
    text = r.output
    flat = " ".join(text.split())
    for prm in games.get("star-cartel").params:  # every parameter's meaning, e.g. crash_threshold's
        assert " ".join(prm.doc.split()) in flat, prm.name
    assert "docs/rules/star_cartel.md" in text and "../shared" not in text
    assert not re.search(r"(^|\s)/\w", text), "an absolute path in list's text"
    assert "contraband.toml (built in)" in text
    every = invoke("list").output
    assert every.count("sweep definitions") <= len(games.names())  # once per game, not once per game each
    for n in games.names():  # each game lists its own sweeps only
        own = [ln for ln in invoke("list", n).output.splitlines() if ln.strip().startswith("sweep definitions")]
        for ln in own:
            names = ln.split(":", 1)[1].split(", ")
            assert all(games.get(n).name.split("-")[0] in s for s in names), (n, names)
