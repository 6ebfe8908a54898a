"""The same rules for the same kind of input everywhere: choices in any case (command line, sweep
and alien files alike), game counts as 1000000, 1_000_000 or 1e6 wherever a count is read, a hint
for a forgotten --plugin-dir, the user's own file in alien messages, did-you-mean for a report name,
and --focus for any ranked label, seat or swept value, an absent one refused before any ranking.
Bad input: one line naming the field and what is allowed, exit status 2. Star Cartel only where
games are played (its kernel compiles fastest); the Cosmic Encounter checks here compile nothing."""
import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_cli import assert_bad, sim

from simsuite import cli, games
from simsuite.engine.params import parse_count
from simsuite.errors import BadInput

ROOT = Path(__file__).resolve().parents[2]
TESTER = ROOT / "tests" / "cosmic" / "alien_files" / "good" / "tester.py"
SC = games.get("star-cartel")


def invoke(*args):
    return CliRunner().invoke(cli.cli, [str(a) for a in args])


# ------------------------------------------------------------------------------- any case
def test_choices_take_any_case_and_keep_their_own_spelling():
    cosmic = games.get("cosmic")
    assert cosmic.param("edition").parse("ffg2008") == "FFG2008"
    assert cosmic.param("edition").parse(" Ah2000 ") == "AH2000"
    assert SC.param("third_card_scope").parse("ANYWHERE") == "anywhere"
    assert SC.resolve({"third_card_scope": "Bottom_Row"})["third_card_scope"] == "bottom_row"
    # the same configuration, so the same results folder and config hash
    assert SC.config_hash(SC.resolve({"strategies": "Market,GREEDY"})) == \
        SC.config_hash(SC.resolve({"strategies": "market,greedy"}))
    with pytest.raises(BadInput, match=r"^third_card_scope: got 'anywher' \(did you mean anywhere\?\); allowed: "
                                       r"one of bottom_row, anywhere$"):
        SC.param("third_card_scope").parse("anywher")


def test_an_alien_file_may_write_its_editions_and_who_in_any_case(tmp_path):
    from simsuite.games.cosmic.aliens.files import check_source

    f = tmp_path / "tester.py"
    f.write_text(TESTER.read_text().replace('EDITIONS = ("ah2000", "ffg2008")', 'EDITIONS = ("FFG2008",)')
                 .replace('WHO = "any"', 'WHO = "Any"'))
    a = check_source(f)
    assert a.editions == ("ffg2008",) and a.who == "any"
    f.write_text(TESTER.read_text().replace('EDITIONS = ("ah2000", "ffg2008")', 'EDITIONS = ("ffg2009",)'))
    with pytest.raises(BadInput, match=r"EDITIONS \('ffg2009',\); allowed: a tuple of ah2000, ffg2008"):
        check_source(f)


def test_objectives_and_the_sampler_take_any_case():
    from simsuite.tune import parse_objective

    assert parse_objective("Seat-Fairness").doc() == parse_objective("seat-fairness").doc()
    r = invoke("tune", "star-cartel", "--param", "crash_threshold=6..8", "--objective", "seat-fairness",
               "--sampler", "cmaes-x")
    assert r.exit_code == 2 and "--sampler" in r.output and "tpe" in r.output, r.output


# ------------------------------------------------------------------------------- game counts
@pytest.mark.parametrize("text", ["2000", "2_000", "2e3", "2.0e3", 2e3, 2000])
def test_a_game_count_may_be_written_with_underscores_or_in_e_notation(text):
    assert parse_count(text, 1, 10**12, "--games") == 2000


@pytest.mark.parametrize("text", ["1.5", "2e-1", "abc", "1__000", "_1000", "inf", True, 2.5])
def test_a_count_that_is_not_a_whole_number_is_refused(text):
    with pytest.raises(BadInput, match=r"^--games: .*allowed: a whole number 1<=x<=1000000000000 \(1000000, "
                                       r"1_000_000 and 1e6 are the same\)$"):
        parse_count(text, 1, 10**12, "--games")


def test_run_takes_1e3_and_1_000_and_refuses_a_fraction_in_one_line(tmp_path):
    r = invoke("run", "star-cartel", "--games", "1e3", "--players", "3", "--out", tmp_path / "a", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["games"] == 1000
    r = invoke("run", "star-cartel", "--games", "1_000", "--players", "3", "--out", tmp_path / "a", "--json")
    assert r.exit_code == 0 and json.loads(r.output)["games"] == 1000, r.output  # the same run: resumed, not replayed
    bad = sim("run", "star-cartel", "--games", "1.5e2.5")
    assert_bad(bad, "--games: got '1.5e2.5'; allowed: a whole number 1<=x<=", "(see simsuite run --help)")
    assert_bad(sim("sweep", "star-cartel", "--games", "0.5"), "--games", "whole number")
    assert_bad(sim("check", "strategy", "market", "--game", "star-cartel", "--games", "1e8"), "--games",
               "out of range", "1<=x<=10000000")


def test_sweep_and_tune_files_take_the_same_counts(tmp_path):
    from simsuite.sweep_file import load_sweep_file, sweep_plan
    from simsuite.tune import build_spec, load_tune_file

    f = tmp_path / "s.toml"
    f.write_text('game = "star-cartel"\ngames = 2e5\nunit = 1_000\n[[sweep]]\ncrash_threshold = "8,9"\n'
                 '[[sweep]]\ncrash_threshold = "10"\ngames = 5e3\n')
    spec = load_sweep_file(f)
    assert spec["games"] == 200_000 and spec["unit"] == 1000
    base, axes, n, seed, unit, precision = sweep_plan(SC, spec)
    assert n == 200_000 and unit == 1000
    from simsuite.sweep import plan_sweep

    cells, counts = plan_sweep(SC, base, axes, n)
    assert sorted(counts) == [5000, 200_000, 200_000]
    f.write_text('game = "star-cartel"\ngames = 2.5\n[sweep]\ncrash_threshold = "8,9"\n')
    with pytest.raises(BadInput, match=r"^games: s.toml: games = 2.5; allowed: an integer 1..1000000000000 "
                                       r"\(1000000, 1_000_000 or 1e6\)$"):
        load_sweep_file(f)
    f.write_text('game = "star-cartel"\ngames = "2e5"\n[sweep]\ncrash_threshold = "8,9"\n')
    with pytest.raises(BadInput, match=r"^games: s.toml: games = '2e5'; allowed: an integer"):  # a string is no count
        load_sweep_file(f)
    t = tmp_path / "t.toml"
    t.write_text('game = "star-cartel"\ngames = 2e4\nmax_games = 1e5\nplayers = "3"\n'
                 '[params]\ncrash_threshold = "6..8"\n[[objective]]\nkind = "seat-fairness"\n')
    ts = build_spec(SC, load_tune_file(t))
    assert ts.games == 20_000 and ts.max_games == 100_000


# ------------------------------------------------------------------------------- aliens
def test_an_unknown_alien_hints_at_the_plugin_folder(monkeypatch, tmp_path):
    from simsuite.games.cosmic.game import alien_id

    monkeypatch.delenv("SIMSUITE_PLUGIN_DIRS", raising=False)
    with pytest.raises(BadInput) as e:
        alien_id("Underdog")
    assert str(e.value).startswith("aliens: unknown alien 'Underdog' (is it in an alien file? pass --plugin-dir DIR")
    monkeypatch.setenv("SIMSUITE_PLUGIN_DIRS", str(tmp_path))
    with pytest.raises(BadInput, match=rf"no alien file in {tmp_path} has that NAME"):
        alien_id("Underdog")
    with pytest.raises(BadInput, match=r"did you mean Virus\?"):  # a near miss: the closest name instead
        alien_id("Virsu")


def test_the_command_line_says_so_too():
    assert_bad(sim("run", "cosmic", "--set", "aliens=Underdog,Virus", "--games", "10"), "aliens",
               "unknown alien 'Underdog'", "pass --plugin-dir DIR")


def test_an_alien_name_clash_names_the_users_files_not_the_check_copy(monkeypatch, tmp_path):
    """`check alien` plays a copy of the file kept in the cache; a message names the user's own file."""
    from simsuite.games.cosmic.aliens import files as alien_files

    mine, other, cache = tmp_path / "mine", tmp_path / "other", tmp_path / "cache" / "alien_check" / "abc"
    for d in (mine, other, cache):
        d.mkdir(parents=True)
    shutil.copy(TESTER, mine / "tester.py")
    shutil.copy(TESTER, other / "tester2.py")
    shutil.copy(TESTER, cache / "tester.py")
    (cache / "tester.py.origin").write_text(str(mine / "tester.py"))
    monkeypatch.setenv("SIMSUITE_PLUGIN_DIRS", f"{cache}:{other}")
    with pytest.raises(BadInput) as e:
        alien_files.discover()
    msg = str(e.value)
    assert str(mine / "tester.py") in msg and str(other / "tester2.py") in msg and str(cache) not in msg, msg
    # the checked file also in a --plugin-dir folder: the same file twice, not a clash
    monkeypatch.setenv("SIMSUITE_PLUGIN_DIRS", f"{cache}:{mine}")
    assert [a.name for a in alien_files.homebrew()] == ["Tester"]
    # a bad file is named as the user wrote it, not as the copy
    (cache / "tester.py").write_text(TESTER.read_text().replace('WHO = "any"', 'WHO = "nobody"'))
    monkeypatch.setenv("SIMSUITE_PLUGIN_DIRS", str(cache))
    with pytest.raises(BadInput, match=rf"^alien: {mine / 'tester.py'}: WHO 'nobody'"):
        alien_files.discover()


# ------------------------------------------------------------------------------- report names, focus
def test_a_misspelt_report_name_gets_the_closest_one():
    assert_bad(sim("report", "star-cartel-crsh"), "source", "(did you mean star-cartel-crash?)",
               "known sweeps: ")


@pytest.fixture(scope="module")
def sweep_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("focus") / "sw"
    r = invoke("sweep", "star-cartel", "--set", "crash_threshold=8,10", "--players", "3", "--games", "3000",
               "--unit", "3000", "--strategies", "market,greedy,random", "--out", out, "--quiet")
    assert r.exit_code == 0, r.output
    return out


@pytest.mark.parametrize("label, starts", [
    ("market", "market: at 3 players 1st of 3"),            # a strategy
    ("GREEDY", "greedy: at 3 players"),                     # any case
    ("seat 2", "seat 2: at 3 players "),                    # a seat
    ("crash_threshold=10", "crash_threshold=10: can't tell apart, the start player's edge "),  # a swept value
])
def test_focus_takes_strategies_seats_and_swept_values(sweep_dir, tmp_path, label, starts):
    r = invoke("report", sweep_dir, "--out", tmp_path / "rep", "--focus", label, "--quiet")
    assert r.exit_code == 0, r.output
    first = next(ln for ln in r.output.splitlines() if ln.startswith("- "))
    assert first[2:].startswith(starts), r.output


def test_an_absent_focus_label_is_refused_before_any_ranking(sweep_dir, tmp_path, monkeypatch, capsys):
    import simsuite.report as report

    def no_ranking(*a, **k):
        raise AssertionError("the rankings were computed before the focus was checked")

    monkeypatch.setattr(report, "label_sections", no_ranking)
    with pytest.raises(SystemExit) as e:
        cli.main(["report", str(sweep_dir), "--out", str(tmp_path / "rep"), "--focus", "markett", "--quiet"])
    assert e.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    line = err[0]
    assert line.startswith("error: --focus: 'markett' is not in these results (did you mean market?); allowed: "), line
    for known in ("greedy", "market", "random", "seat 1", "crash_threshold=8", "crash_threshold=10"):
        assert known in line
