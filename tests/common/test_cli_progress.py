"""Progress where work is long, also with the output going to a file: `run`, `sweep`, `check`,
`tune` and `report` write a plain line every few seconds (games done, rate, time left) when stderr
is not a terminal, a bar when it is; the kernel notice says "loaded" when numba only read its cache.
The interval is driven by an injected clock or SIMSUITE_PROGRESS_INTERVAL=0 (a line at every
update): no test waits on the wall clock. Star Cartel only (its kernel compiles fastest)."""
import io
import os
import re
import subprocess
import sys

import pytest
from click.testing import CliRunner

from simsuite import cli, games
from simsuite.progress import Heartbeat, Progress, fmt_duration

GAME = games.get("star-cartel")
LINE = re.compile(r"^(?:(?P<desc>.*): )?(?P<done>[\d,]+) of (?P<total>[\d,]+) games \((?P<pct>\d+)%\), "
                  r"(?P<rate>[\d,]+) games/s, about (?P<left>.+) left$")


class Clock:
    """A clock the test moves by hand."""

    def __init__(self):
        self.t = 100.0

    def __call__(self):
        return self.t


class TTY(io.StringIO):
    def isatty(self):
        return True


def test_off_a_terminal_a_line_every_interval_with_games_rate_and_time_left():
    clock, out = Clock(), io.StringIO()
    bar = Progress(10_000, "star-cartel p4", interval=5.0, clock=clock, stream=out)
    bar.start()
    for _ in range(4):  # 2 s a chunk of 1,000 games: a line at 6 s (3 chunks), none before
        clock.t += 2.0
        bar(1000)
    lines = out.getvalue().splitlines()
    assert len(lines) == 1, lines
    m = LINE.match(lines[0])
    assert m, lines[0]
    assert m["desc"] == "star-cartel p4" and m["done"] == "3,000" and m["total"] == "10,000" and m["pct"] == "30"
    assert m["rate"] == "500" and m["left"] == "14 s"  # 7,000 games left at 500 games/s
    for _ in range(6):
        clock.t += 2.0
        bar(1000)
    lines = out.getvalue().splitlines()
    assert len(lines) == 3 and LINE.match(lines[-1])["done"] == "9,000", lines  # every 5 s of clock, no more
    bar.close()


def test_a_resumed_run_counts_its_rate_from_the_games_played_now():
    clock, out = Clock(), io.StringIO()
    bar = Progress(10_000, "", initial=6000, interval=0, clock=clock, stream=out)
    bar.start()
    clock.t += 4.0
    bar(2000)
    m = LINE.match(out.getvalue().strip())
    assert m and m["done"] == "8,000" and m["rate"] == "500" and m["left"] == "4 s", out.getvalue()


def test_on_a_terminal_the_bar_and_no_lines():
    out = TTY()
    bar = Progress(1000, "x", interval=0, stream=out)
    bar(500)
    bar.close()
    assert not any(LINE.match(x) for x in re.split(r"[\r\n]", out.getvalue())), out.getvalue()


def test_quiet_is_silent():
    out = io.StringIO()
    bar = Progress(1000, "x", enabled=False, interval=0, stream=out)
    bar(500)
    bar.close()
    assert out.getvalue() == ""


def test_durations_read_in_units():
    assert [fmt_duration(s) for s in (0.4, 59, 150, 7200)] == ["0 s", "59 s", "2.5 min", "2.0 h"]


def test_a_step_without_a_game_count_says_when_it_starts_and_ends():
    out = io.StringIO()
    with Heartbeat("writing the report of x", stream=out, interval=0):
        pass
    lines = out.getvalue().splitlines()
    assert lines[0] == "writing the report of x ..." and re.fullmatch(r"writing the report of x: done in \d+ s",
                                                                       lines[1]), lines


def test_a_step_shorter_than_the_interval_says_nothing():
    out = io.StringIO()
    with Heartbeat("writing the report of x", stream=out, interval=3600):
        pass
    assert out.getvalue() == ""


def _to_file(tmp_path, *args, name="log"):
    """The command with stdout and stderr to one file, as a log or an IDE pane gets them."""
    log = tmp_path / f"{name}.txt"
    env = dict(os.environ, SIMSUITE_PROGRESS_INTERVAL="0", PYTHONPATH=os.pathsep.join(sys.path))
    with open(log, "w") as f:
        r = subprocess.run([sys.executable, "-m", "simsuite", *map(str, args)], stdout=f, stderr=subprocess.STDOUT,
                           env=env, timeout=600)
    return r.returncode, log.read_text()


def test_run_to_a_file_prints_progress_lines_and_says_loaded_the_second_time(tmp_path):
    args = ("run", "star-cartel", "--games", "3000", "--chunk", "1000", "--players", "3")
    code, text = _to_file(tmp_path, *args, "--out", tmp_path / "a", name="first")
    assert code == 0, text
    # the first run compiled the kernel or loaded it (another test may have compiled it)
    assert re.search(r"compiled the Star Cartel kernel in \d+ s|loaded the compiled Star Cartel kernel", text), text
    prog = [m for m in map(LINE.match, text.splitlines()) if m]
    assert [m["done"] for m in prog] == ["1,000", "2,000", "3,000"], text
    assert all(m["desc"] == "star-cartel p3" and m["total"] == "3,000" for m in prog)
    code, text = _to_file(tmp_path, *args, "--out", tmp_path / "b", name="second")
    assert code == 0, text
    assert "loaded the compiled Star Cartel kernel" in text and "compiling" not in text, text


def invoke(*args):
    return CliRunner().invoke(cli.cli, [str(a) for a in args])


@pytest.fixture
def every_update(monkeypatch):
    monkeypatch.setenv("SIMSUITE_PROGRESS_INTERVAL", "0")


def test_sweep_and_report_print_progress_off_a_terminal(tmp_path, every_update):
    out = tmp_path / "sw"
    r = invoke("sweep", "star-cartel", "--set", "crash_threshold=8,9", "--players", "3", "--games", "2000",
               "--unit", "1000", "--out", out)
    assert r.exit_code == 0, r.output
    prog = [m for m in map(LINE.match, r.output.splitlines()) if m]
    assert [m["done"] for m in prog] == ["1,000", "2,000", "3,000", "4,000"], r.output
    assert all(m["desc"] == "star-cartel sweep" and m["total"] == "4,000" for m in prog)
    r = invoke("report", out, "--out", tmp_path / "rep")
    assert r.exit_code == 0, r.output
    assert f"writing the report of {out} ..." in r.output
    assert re.search(rf"writing the report of {re.escape(str(out))}: done in \d", r.output), r.output
    r = invoke("sweep", "star-cartel", "--set", "crash_threshold=8,9", "--players", "3", "--games", "2000",
               "--unit", "1000", "--out", tmp_path / "q", "--quiet")
    assert r.exit_code == 0 and not any(map(LINE.match, r.output.splitlines())), r.output


def test_check_strategy_prints_progress_and_the_kernel_notice(capsys, every_update):
    from simsuite.cli import main

    with pytest.raises(SystemExit) as e:
        main(["check", "strategy", "market", "--game", "star-cartel", "--games", "600"])
    assert e.value.code == 0
    err = capsys.readouterr().err
    assert re.search(r"compiled the checked kernel in \d+ s|loaded the compiled checked kernel", err), err
    prog = [m for m in map(LINE.match, err.splitlines()) if m]
    assert [m["done"] for m in prog] == ["256", "512", "600"] and prog[0]["desc"] == "checking market", err


def test_tune_lines_say_the_trials_done_and_the_time_left(tmp_path):
    from simsuite.tune import TuneSpec, parse_objective, parse_space, run_tune

    said = []
    spec = TuneSpec(game="star-cartel", spaces=[parse_space(GAME, "crash_threshold", "6..14")],
                    objectives=[parse_objective("seat-fairness")], players=[3], base={}, seed=3, budget=4,
                    games=1000, recheck=1)

    def evaluator(values, seed, n, where):
        v = float(values["crash_threshold"])
        return dict(value=v, lo=v - 1, hi=v + 1, half_width=1.0, objectives=[], start={}, games=n)

    run_tune(GAME, spec, tmp_path / "t", evaluator=evaluator, log=said.append)
    trials = [s for s in said if s.startswith("trial ")]
    assert len(trials) == 4
    for k, s in enumerate(trials, 1):
        assert re.search(rf"\({k} of 4 trials; .+ a trial, about .+ left\)$", s), s


def test_a_compile_says_up_front_how_long_the_last_one_took(tmp_path, monkeypatch):
    """Before a compile the notice says how long the last compile of that game's kernel took on this
    machine (recorded in the kernel cache when it ends); with none recorded, a general bound."""
    from types import SimpleNamespace

    from simsuite import compile_watch, runner
    from simsuite.engine import codegen

    monkeypatch.setenv("SIMSUITE_CACHE_DIR", str(tmp_path))
    misses = iter(range(100))
    monkeypatch.setattr(codegen, "cache_misses", lambda kern, entry: next(misses))
    monkeypatch.setattr(codegen, "is_compiled", lambda *a: False)
    g = SimpleNamespace(title="Test", dirname="testgame", kernel=lambda dirs=(): object(), kernel_digest=lambda dirs=(): "x")
    said = []
    n = runner.KernelNotice(g, say=said.append)
    n.before()
    n.after()
    assert "up to a few minutes" in said[0] and re.fullmatch(r"compiled the Test kernel in \d+ s", said[1]), said
    compile_watch.last_compile("testgame", 93.4)
    said.clear()
    runner.KernelNotice(g, say=said.append).before()
    assert "(once: about 93 s, as its last compile on this machine took; cached in" in said[0], said
    assert compile_watch.last_compile("othergame") is None


def test_an_engine_compiled_at_run_time_says_so_while_it_compiles(tmp_path, monkeypatch):
    """A compile a game wraps in compile_watch.compiling (the Cosmic rollout engine) says it starts,
    with the last compile's time once there is one, says it is still going while it lasts, and says
    what it took; under no notice, or when cached, it says nothing."""
    import threading

    from simsuite import compile_watch

    monkeypatch.setenv("SIMSUITE_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("SIMSUITE_PROGRESS_INTERVAL", "5")
    monkeypatch.setattr(compile_watch, "HEARTBEAT", 0.01)
    said, beat = [], threading.Event()

    def say(line):
        said.append(line)
        if "still compiling" in line:
            beat.set()

    with compile_watch.announcing(say):
        with compile_watch.compiling("test engine", "test_engine", cached=False):
            assert beat.wait(60), said  # the block lasts until the heartbeat has spoken
    assert said[0].startswith("compiling the test engine (once: up to a few minutes"), said
    assert re.fullmatch(r"  still compiling the test engine: \d+ s so far", said[1]), said
    assert re.fullmatch(r"compiled the test engine in \d+ s", said[-1]), said
    assert compile_watch.last_compile("test_engine") is not None
    said.clear()
    with compile_watch.announcing(say):
        with compile_watch.compiling("test engine", "test_engine", cached=False):
            pass
        with compile_watch.compiling("test engine", "test_engine", cached=True):
            pass
    assert "as its last compile on this machine took" in said[0] and len(said) == 2, said
    said.clear()
    with compile_watch.compiling("test engine", "test_engine", cached=False):  # no command's notice
        pass
    assert said == []
