"""Alien files (games/cosmic/alien_files.py, kernel/alien_api.py): a homebrew alien with a hook of
every kind (tests/cosmic/alien_files/good/tester.py) in explicit states, citing the rule ids of the
moments it acts at (CE.20.1 windows, CE.10 totals, CE.11 outcomes, CE.20.6 E.LOSS); bad alien
files each give one line and exit status 2; and determinism with the homebrew alien at the table.
"""
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from cosmic_harness import ART, ATT, BLUE, GREEN, NEG, RED, ZAP, P, uses
from cosmic_harness import Table as _Table
from harness import extra_dirs

import simsuite.games.cosmic.api as A
from simsuite.engine.unmanaged import PointerKernel, pointer_call
from simsuite.games import get
from simsuite.games.cosmic.bots.basic.heuristics import seen_aa
from simsuite.plugin_dirs import ENV

pytestmark = pytest.mark.own_kernel  # alien files: a kernel with the test folder's homebrew alien
I = np.int64

HERE = Path(__file__).parent / "alien_files"
GOOD = HERE / "good"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def tester_env():
    """SIMSUITE_PLUGIN_DIRS naming the test alien's folder while this module runs."""
    old = os.environ.get(ENV)
    os.environ[ENV] = str(GOOD)
    game = get("cosmic")
    kern = game.kernel(extra_dirs(game))
    yield kern
    if old is None:
        del os.environ[ENV]
    else:
        os.environ[ENV] = old


class Table(_Table):
    kern = None

    def __init__(self, kern, aliens, players=4, **params):
        Table.kern = kern
        super().__init__(players, aliens=aliens, **params)
        self.strip_artifacts()

    def _start(self, players, seed=None, **params):
        super()._start(players, seed=seed, **params)
        self.k = PointerKernel(Table.kern, self.steps)  # the kernel with the test alien's file pasted in


def fight(kern, aliens, card_o, card_d, centre, def_ships):
    t = Table(kern, aliens)
    t.encounter_state(0, 1, P(BLUE, 1), centre=centre)
    t.set_ships(0, {P(RED, n): 4 for n in range(1, 5)})
    t.set_ships(1, {P(BLUE, 1): def_ships, P(BLUE, 2): 4, P(BLUE, 3): 4})
    for q in range(2, 4):
        t.set_ships(q, {P(q, 1): 4, P(q, 2): 4, P(q, 3): 4})
    t.play_cards(card_o, card_d)
    return t


def test_homebrew_id_follows_the_classics(tester_env):
    """The homebrew alien's id is the first after the 20 classics; the classics keep theirs."""
    from simsuite.games.cosmic.game import alien_names

    names = alien_names()
    assert names[:A.N_ALIENS] == A.ALIEN_NAMES and names[A.N_ALIENS] == "Tester"
    t = Table(tester_env, "Tester,Virus,none,none")
    assert t[A.S_ALIEN] == A.N_ALIENS and t[A.S_ALIEN + 1] == A.A_VIRUS
    assert t[A.S_HB_SEATS] == 0b11 and t[A.S_WHO + A.N_ALIENS] == 0  # the Virus is a file too (cosmic_classics)
    # CE.20.1: its windows are those of its window hooks (W-2, W-7)
    assert t[A.S_PWIN] == (1 << A.W_2) | (1 << A.W_7)


def test_on_totals_adds_and_on_outcome_draws(tester_env):
    """CE.10.3 with on_totals: the offense Tester's total is 6 + 3 + 2 = 11 < 10 + 4 = 14: the
    defense wins (CE.10.4); on_outcome (after CE.11): the losing Tester draws a card; E.LOSS
    (CE.20.6) on_loss: asked, it sends its 3 lost ships home instead of to the warp."""
    t = fight(tester_env, "Tester,none,none,none", ATT(6), ATT(10), centre=3, def_ships=4)
    hand = len(t.hand(0))
    warp = t.warp(0)
    t.script(1)  # on_loss: use
    assert t.outcome() == A.R_DEFENSE_WIN
    assert t[A.S_TOT + 2] == 11 and t[A.S_TOT + 5] == 14
    assert len(t.hand(0)) == hand + 1  # drew
    assert t.warp(0) == warp  # the 3 ships went home
    asked = t.asked()  # the use, then where the ships go (CE.0.8: the owner places them)
    assert asked[0] == (A.D_POWER, 0, 2) and {k for k, _, _ in asked[1:]} == {A.D_PLACE} and t.script_ok()
    assert t.engine_check() == 0 and t[A.S_HB_ERR] == 0
    assert uses(t, 0) == 2  # the total (E.POWER) and the redirected loss


def test_on_loss_declined_ships_reach_the_warp(tester_env):
    """CE.20.6: declining the on_loss use, the 3 ships reach the warp (CE.11.2)."""
    t = fight(tester_env, "Tester,none,none,none", ATT(6), ATT(10), centre=3, def_ships=4)
    warp = t.warp(0)
    t.script(-1)
    assert t.outcome() == A.R_DEFENSE_WIN
    assert t.warp(0) == warp + 3


def test_on_resolve_equal_attacks_win(tester_env):
    """Start of step 10 (CE.10) on_resolve: equal attack values make the defense Tester's side
    win whatever the totals (8 + 1 against 8 + 4 would win anyway, so the offense holds it)."""
    t = fight(tester_env, "Tester,none,none,none", ATT(8), ATT(8), centre=1, def_ships=4)
    assert t.outcome() == A.R_OFFENSE_WIN  # plain totals 8 + 1 + 2 < 8 + 4: only on_resolve wins it
    assert t.foreign(0) >= 1


def test_on_resolve_not_for_a_negotiate(tester_env):
    """on_resolve reads the revealed cards only: an attack against a negotiate is CE.12, not its use."""
    t = fight(tester_env, "none,Tester,none,none", ATT(8), NEG, centre=1, def_ships=4)
    assert t.outcome() == A.R_OFFENSE_WIN


def test_window_hook_takes_a_card(tester_env):
    """CE.20.1 W-2: the offense Tester, asked, takes one card at random from the defense's hand;
    its once-per-encounter use is then spent (CE.22)."""
    t = Table(tester_env, "Tester,none,none,none")
    t.hands(p0=[ATT(4)], p1=[ATT(6), ATT(10)])
    t.st[A.S_OFF], t.st[A.S_DEF] = 0, 1
    t.script(1)
    t.window(A.W_2)
    assert len(t.hand(0)) == 2 and len(t.hand(1)) == 1
    assert t[A.S_ONCE] & 1 and t.script_ok()
    assert t.conserved() == 0


def test_window_hook_join_w7(tester_env):
    """CE.20.1 W-7 (after alliances are formed): a Tester not in the encounter joins the offense
    uninvited with ships from its colonies (CE.8.4)."""
    t = Table(tester_env, "none,none,Tester,none")
    t.encounter_state(0, 1, P(BLUE, 1), centre=2)
    t.set_ships(0, {P(RED, n): 4 for n in range(1, 5)})
    t.set_ships(2, {P(2, 1): 4, P(2, 2): 4, P(2, 3): 4})  # three home colonies: power on (CE.19)
    t.script(1, A.src_code(P(2, 1), 2), -1)
    t.window(A.W_7)
    assert t[A.S_ALLY + 2] == A.SIDE_OFFENSE and t[A.S_WING + 2] == 2


ZAPPED = pytest.mark.parametrize("zap", [False, True], ids=["zap_passes", "zapped"])


def _zap_answer(zap, p):
    """The Zap holder's answer at p's E.POWER: play the Zap on p, or pass."""
    return A.art_code(ZAP, p) if zap else -1


@ZAPPED
def test_ce_21_1_zap_on_a_file_aliens_window_use(tester_env, zap):
    """CE.21.1 / CE.20.3: in W-2 (CE.20.1) the offense Tester declares its optional use (take a card
    at random from the defense's hand); green, holding a Cosmic Zap, is asked at that E.POWER.
    Zapped: the use does not happen (no card moves, the use is not counted), the Tester's power is
    off for the rest of the encounter, and the declared use is spent (CE.22: once per encounter)."""
    t = Table(tester_env, "Tester,none,none,none")
    t.hands(p0=[ATT(4)], p1=[ATT(6), ATT(10)], p2=[ART(ZAP), ATT(6)])
    t.st[A.S_OFF], t.st[A.S_DEF] = 0, 1
    t.script(1, _zap_answer(zap, RED))
    t.window(A.W_2)
    assert t.script_ok()
    assert t.asked() == [(A.D_POWER, RED, 2), (A.D_ARTIFACT, GREEN, 2)]
    assert t[A.S_ONCE] & 1
    if zap:
        assert len(t.hand(0)) == 1 and len(t.hand(1)) == 2
        assert t[A.S_ZAPPED] == 1 and t.power(0) == 0 and uses(t, 0) == 0
        assert len(t.hand(2)) == 1  # the Zap was spent
    else:
        assert len(t.hand(0)) == 2 and len(t.hand(1)) == 1
        assert t[A.S_ZAPPED] == 0 and t.power(0) == 1 and uses(t, 0) == 1
        assert len(t.hand(2)) == 2
    # no misuse of the API (the end-of-encounter invariants would flag the Zap still standing: CE.70.5)
    assert t[A.S_HB_ERR] == 0 and t.conserved() == 0


@ZAPPED
def test_ce_21_1_zap_on_a_file_aliens_loss_use(tester_env, zap):
    """CE.21.1 at E.LOSS (CE.20.6): the offense Tester loses 6 + 3 + 2 = 11 against 10 + 4 = 14
    (green passes at the totals' E.POWER) and declares its on_loss use (its 3 lost ships go home);
    green zaps it. Zapped: the ships reach the warp (CE.11.2), the use is not counted, and the
    power stays off for the rest of the encounter (CE.21.1): its on_outcome draw after the loss
    does not happen either. Passed: the ships go home and it draws."""
    t = fight(tester_env, "Tester,none,none,none", ATT(6), ATT(10), centre=3, def_ships=4)
    t.set_hand(2, [ART(ZAP), ATT(6)])
    hand, warp = len(t.hand(0)), t.warp(0)
    t.script(-1, 1, _zap_answer(zap, RED))
    assert t.outcome() == A.R_DEFENSE_WIN
    assert t[A.S_TOT + 2] == 11 and t[A.S_TOT + 5] == 14
    asked = t.asked()
    assert asked[:3] == [(A.D_ARTIFACT, GREEN, 2), (A.D_POWER, RED, 2), (A.D_ARTIFACT, GREEN, 2)]
    if zap:
        assert t.warp(0) == warp + 3 and len(t.hand(0)) == hand
        assert t[A.S_ZAPPED] == 1 and t.power(0) == 0 and uses(t, 0) == 1  # the totals' use only
        assert len(asked) == 3
    else:
        assert t.warp(0) == warp and len(t.hand(0)) == hand + 1
        assert t[A.S_ZAPPED] == 0 and uses(t, 0) == 2
    assert t[A.S_HB_ERR] == 0 and t.conserved() == 0


def test_misuse_is_an_invariant_violation(tester_env):
    """A primitive outside its hook (hb_add_total with no hook running) is refused and recorded;
    the engine's invariant check reports it."""
    t = Table(tester_env, "Tester,none,none,none")
    before = t[A.S_TOT + 2]
    t.k.hb_add_total(t.st, A.SIDE_OFFENSE, np.int64(5))
    assert t[A.S_TOT + 2] == before
    assert t.engine_check() == A.VIOLATION_NAMES[A.V_ALIEN_API]


def test_power_memory_keeps_a_word_per_seat_and_refuses_another_seats(tester_env):
    """A power's memory (hb_memory / hb_remember: tokens, counters, a declared choice, kept through
    the game): zero at the start; the running hook's own seat writes its words and any seat's may be
    read; a write to another seat's memory, or out of range, is a misuse: nothing written, and the
    engine's invariant check reports it (V_ALIEN_API)."""
    t = Table(tester_env, "Tester,none,none,none")
    mem = [t[A.S_HB_MEM + i] for i in range(A.MAX_P * A.HB_MEM_WORDS)]
    assert mem == [0] * len(mem)
    t.st[A.S_HB_SEAT] = 0  # as while seat 0's hook runs (alien_api.hb_window / hb_moment set it)
    t.k.hb_remember(t.st, I(0), I(1), I(7))
    assert int(t.k.hb_memory(t.st, I(0), I(1))) == 7 and t[A.S_HB_MEM + 1] == 7
    assert t.engine_check() == 0
    t.k.hb_remember(t.st, I(1), I(0), I(5))  # seat 1's memory, from seat 0's hook
    assert t[A.S_HB_MEM + A.HB_MEM_WORDS] == 0
    assert t.engine_check() == A.VIOLATION_NAMES[A.V_ALIEN_API]
    u = Table(tester_env, "Tester,none,none,none")
    u.st[A.S_HB_SEAT] = 0
    u.k.hb_remember(u.st, I(0), I(A.HB_MEM_WORDS), I(1))  # past its words
    assert u.engine_check() == A.VIOLATION_NAMES[A.V_ALIEN_API]


def test_the_engines_own_hb_functions_are_outside_the_power_api(tmp_path):
    """hb_window and hb_moment dispatch the hooks (the engine calls them): a hook that
    calls one, to run another power's hook or its own again, is refused before any game, and the
    generated reference (docs/games/write-your-own-alien.md) lists only what a hook may call."""
    from simsuite.errors import BadInput
    from simsuite.games.cosmic.aliens.files import ENGINE_ONLY, api_reference, check_source

    src = (ROOT / "examples" / "aliens" / "underdog.py").read_text()
    bad = tmp_path / "again.py"
    bad.write_text(src.replace("    opp = hb_opponent(st, me)\n",
                               "    opp = hb_opponent(st, me)\n    hb_window(st, cfg, W_2, me, log, lg)\n"))
    with pytest.raises(BadInput, match="call to 'hb_window' is outside the power API"):
        check_source(bad)
    ref = api_reference()
    assert "`hb_memory(st, p, i)`" in ref and not any(f"`{n}(" in ref for n in ENGINE_ONLY)


def test_the_warrior_example_passes_the_static_check():
    """examples/aliens/warrior.py, a power that remembers (a token per encounter fought), is within
    the power API: it parses, its hooks are at moments of the rules, and it names only primitives."""
    from simsuite.games.cosmic.aliens.files import check_source, hook_problems

    path = ROOT / "examples" / "aliens" / "warrior.py"
    a = check_source(path)
    assert a.name == "Warrior" and set(a.hooks) == {"on_outcome", "on_totals"} and not hook_problems(path)


def _cli(*args, env_dirs=None):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop(ENV, None)
    if env_dirs:
        env[ENV] = env_dirs
    return subprocess.run([sys.executable, "-m", "simsuite.cli", *args], capture_output=True, text=True, env=env,
                          cwd=ROOT)


@pytest.mark.parametrize("name, says", [
    ("syntax", "syntax error"),
    ("window", "hook on_w5 is at no moment of the rules"),
    ("write", "reads or writes the game state directly"),
    ("peek", "reads or writes the game state directly"),
    ("hidden", "reads an encounter card still face down"),
    ("outside", "hb_add_total has no effect in on_outcome"),
    # a helper's renamed parameter and a literal offset: the handle does not type (no kernel compiled)
    ("renamed_write", "hook on_outcome: line 15: `g[120 + i] = 5` uses a game handle as a value"),
    ("renamed_peek", "hook on_totals: line 14: `return g[900 + 64 * q]` uses a game handle as a value"),
])
def test_bad_alien_file_one_line_exit_2(name, says):
    """simsuite check alien: a bad file is one line naming the file and what is wrong, exit 2."""
    r = _cli("check", "alien", str(HERE / "bad" / f"{name}.py"))
    assert r.returncode == 2, r.stderr
    lines = (r.stdout + r.stderr).strip().splitlines()
    assert len(lines) == 1 and says in lines[0] and f"{name}.py" in lines[0]


def test_list_shows_homebrew_with_source():
    r = _cli("list", "cosmic", "--json", "--plugin-dir", str(GOOD))
    assert r.returncode == 0, r.stderr
    rows = json.loads(r.stdout)[0]["aliens"]
    assert [x["name"] for x in rows[:A.N_ALIENS]] == list(A.ALIEN_NAMES)
    assert rows[A.N_ALIENS]["name"] == "Tester" and rows[A.N_ALIENS]["source"] == "homebrew"
    assert rows[A.N_ALIENS]["file"].endswith("tester.py")


def test_determinism_across_threads_with_homebrew(tester_env):
    """The same games with the homebrew alien at the table give the same records on 1 and 2
    threads (runner splits the games into chunks; each game's generator is its own)."""
    from simsuite.engine.rng import run_key
    from simsuite.runner import set_threads

    game = get("cosmic")
    cfg = game.resolve({"players": 4, "aliens": "Tester,Virus,Oracle,none", "strategies": "basic"})
    carr, key = game.build_cfg(cfg), run_key(3, game.config_hash(cfg))
    try:
        set_threads(1)
        a = game.run_range(tester_env, carr, key, 0, 600)
        set_threads(2)
        b = game.run_range(tester_env, carr, key, 0, 600)
    finally:
        set_threads(0)
    assert a.tobytes() == b.tobytes()
    assert a["power_uses"][:, 0].sum() > 0  # the Tester acted


@pytest.mark.parametrize("args, field", [
    (["--aliens", "Oldtimer,Virus"], "aliens"),
    (["--aliens", "random", "--set", "alien_pool=Oldtimer,Virus,Mind,Healer"], "alien_pool"),
])
def test_alien_file_outside_its_editions_one_line_exit_2(tmp_path, args, field):
    """An alien file lists the editions it plays under (EDITIONS); naming it under another edition,
    at a seat or in the pool, is one line naming the field, the file and what is allowed, exit 2.
    Under an edition it lists, the same configuration is accepted."""
    src = (ROOT / "examples" / "aliens" / "underdog.py").read_text()
    (tmp_path / "oldtimer.py").write_text(src.replace('NAME = "Underdog"', 'NAME = "Oldtimer"')
                                          .replace('EDITIONS = ("ah2000", "ffg2008")', 'EDITIONS = ("ah2000",)'))
    r = _cli("run", "cosmic", "--plugin-dir", str(tmp_path), "--players", "3", "--games", "10",
             "--set", "edition=FFG2008", *args)
    assert r.returncode == 2, r.stderr
    lines = (r.stdout + r.stderr).strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {field}:"), lines
    assert "Oldtimer" in lines[0] and "EDITIONS" in lines[0] and "oldtimer.py" in lines[0]
    old = os.environ.get(ENV)
    os.environ[ENV] = str(tmp_path)
    try:
        over = {"players": 3, "edition": "AH2000", args[0].lstrip("-"): args[1]}
        if field == "alien_pool":
            over["alien_pool"] = args[3].split("=", 1)[1]
        get("cosmic").resolve(over)  # accepted under AH2000
    finally:
        if old is None:
            del os.environ[ENV]
        else:
            os.environ[ENV] = old


def test_check_help_shows_the_alien_noun():
    """`simsuite check --help` lists `alien` (Cosmic's plug-in noun, answered by `check plugin`)."""
    r = _cli("check", "--help")
    assert r.returncode == 0, r.stderr
    rows = [x.split() for x in r.stdout.split("Plug-in nouns:")[1].strip().splitlines()]
    assert rows and rows[0][0] == "alien" and "cosmic" in rows[0]
    assert "check alien FILE" in _cli("--help").stdout


def test_basic_forecast_includes_a_file_aliens_total(tester_env):
    """CE.10.3: basic rates its card choices with the engine's totals (api.predicted_aa, and
    heuristics.seen_aa as a player sees them). With the offense Tester (+2 to its side's total as a
    main player, its on_totals hook), 6 + 3 ships against 10 + 4 is 11 against 14 for the engine;
    once the engine has forecast the files' hooks (forecast_totals, before the cards are selected) the
    forecast says the same, for the Tester and for its opponent."""
    t = fight(tester_env, "Tester,none,none,none", ATT(6), ATT(10), centre=3, def_ships=4)
    assert tuple(t.k.predicted_aa(t.st, t.c, I(6), I(10), I(0), I(0))) == (9, 14, 0)  # not forecast yet
    t.k.forecast_totals(t.st, t.c, t.log, I(0))
    assert (t[A.S_HB_FC], t[A.S_HB_FC + 1], t[A.S_HB_FC + 2]) == (2, 0, 0)
    to, td, lower = t.k.predicted_aa(t.st, t.c, I(6), I(10), I(0), I(0))
    for me in (0, 1):
        assert tuple(pointer_call(seen_aa)(t.st, t.c, I(me), 6.0, 10.0, I(0), I(0))) == (11.0, 14.0, 0)
    t.script(-1)
    assert t.outcome() == A.R_DEFENSE_WIN
    assert (t[A.S_TOT + 2], t[A.S_TOT + 5]) == (11, 14)
    assert (to, td, lower) == (11, 14, 0)


def test_the_forecast_against_an_anti_matter_defense(tester_env):
    """CE.22.2 with a file's bonus: against the Anti-Matter defense the lower total wins and the
    offense's allies subtract; the Tester's +2 still adds to its side's total. The forecast folds it
    in with the sign the Anti-Matter's totals need (api.with_forecast) and says what the engine
    counts."""
    t = fight(tester_env, "Tester,Anti-Matter,none,none", ATT(6), ATT(10), centre=3, def_ships=4)
    t.k.forecast_totals(t.st, t.c, t.log, I(0))
    assert (t[A.S_HB_FC], t[A.S_HB_FC + 1], t[A.S_HB_FC + 2]) == (2, 0, 0)
    forecast = tuple(t.k.predicted_aa(t.st, t.c, I(6), I(10), I(0), I(0)))
    t.script(-1)
    t.outcome()
    assert t[A.S_TOT + 6] == 1  # the lower total wins
    assert forecast == (t[A.S_TOT + 2], t[A.S_TOT + 5], 1)


def test_the_forecast_changes_nothing_else(tester_env):
    """forecast_totals runs the files' on_totals with no effect on the game: apart from its three words
    the state is as before (the totals, the power uses, the allowances, the misuse word, the random
    stream) and nothing is logged, even with the log on; a seat whose power is off is not forecast
    (CE.19.3)."""
    t = fight(tester_env, "Tester,none,none,none", ATT(6), ATT(10), centre=3, def_ships=4)
    t.st[A.S_TOT:A.S_TOT + 7] = [1, 2, 3, 4, 5, 6, 0]
    before, log_before = t.st.copy(), t.log.copy()
    t.k.forecast_totals(t.st, t.c, t.log, I(1))
    changed = set(np.flatnonzero(t.st != before).tolist())
    scratch = set(range(A.S_HB_MEM_SAVE, A.S_HB_MEM_SAVE + A.HB_MEM_WORDS)) | {A.S_HB_STEPS}  # its own words
    assert changed - scratch == {A.S_HB_FC}, changed
    assert (t.log == log_before).all()
    t.st[A.S_POWER + 0] = 0
    t.k.forecast_totals(t.st, t.c, t.log, I(1))
    assert t[A.S_HB_FC] == 0


@pytest.mark.parametrize("cheat, hook", [("renamed_write", "on_outcome"), ("renamed_peek", "on_totals")])
def test_a_cheating_file_stops_run_and_sweep_before_any_game(tmp_path, cheat, hook):
    """A state write or a hidden-hand read through a helper's renamed parameter at a literal offset
    passes the checks on names but not numba's typing of the sealed handle: `run` and `sweep` with
    the file in a --plugin-dir folder answer one line naming the file, the hook and what is allowed,
    exit 2, before any game (no results folder)."""
    d = tmp_path / "aliens"
    d.mkdir()
    (d / f"{cheat}.py").write_text((HERE / "bad" / f"{cheat}.py").read_text())
    out = tmp_path / "out"
    for args in (["run", "cosmic", "--games", "10", "--out", str(out)],
                 ["sweep", "cosmic", "--games", "10", "--set", "players=3,4", "--out", str(out)]):
        r = _cli(*args, "--plugin-dir", str(d))
        lines = (r.stdout + r.stderr).strip().splitlines()
        assert r.returncode == 2 and len(lines) == 1, (r.stdout, r.stderr)
        assert f"{cheat}.py" in lines[0] and f"hook {hook}" in lines[0] and "allowed: st, cfg and log only" in lines[0]
        assert not (out / "games.parquet").exists()


@pytest.mark.parametrize("line, says", [
    ("    x = state_of(st)\n", "call to 'state_of' is outside the power API"),
    ("    x = state_of\n", "`state_of` is outside the power API"),
    ("    x = carray(st, 10)\n", "call to 'carray' is outside the power API"),
    ("    x = np.ctypeslib\n", "`np.ctypeslib` is outside the power API"),
    ("    x = hb_draw\n", "hb_draw used as a value"),
    ("    x = place_ships\n", "`place_ships` is outside the power API"),
])
def test_the_static_check_refuses_the_handles_openers_and_other_kernel_names(tmp_path, line, says):
    """What the typing cannot see is refused by name: the openers of the handles (the power API's
    own), numba's and numpy's routes to memory, a primitive or an engine function held as a value
    (to call it where the checks do not look)."""
    from simsuite.errors import BadInput
    from simsuite.games.cosmic.aliens.files import check_source

    src = (ROOT / "examples" / "aliens" / "underdog.py").read_text()
    bad = tmp_path / "sneaky.py"
    bad.write_text(src.replace("    opp = hb_opponent(st, me)\n", line + "    opp = hb_opponent(st, me)\n"))
    with pytest.raises(BadInput, match=re.escape(says)):
        check_source(bad)


def test_a_handle_of_another_role_does_not_type(tmp_path):
    """Each handle has its own type: the configuration handle given where the state is expected is
    refused by the typing check, naming the hook and the line."""
    from simsuite.games.cosmic.aliens.files import check_source, typecheck

    src = (ROOT / "examples" / "aliens" / "underdog.py").read_text()
    bad = tmp_path / "mixed.py"
    bad.write_text(src.replace("opp = hb_opponent(st, me)", "opp = hb_opponent(cfg, me)"))
    why = typecheck(check_source(bad))
    assert why.startswith("hook on_totals: line 17: `opp = hb_opponent(cfg, me)`") and "Handle(cfg)" in why


def test_every_primitive_opens_its_handles():
    """The power API's public primitives take the handles a hook holds: each one with an st / cfg /
    log parameter opens it on its first lines (st = state_of(st), ...), before any other statement."""
    import ast

    from simsuite.games.cosmic.aliens.files import API_PARTS, ENGINE_ONLY, HANDLE_ARGS

    checked = 0
    for n in (n for f in API_PARTS for n in ast.parse(f.read_text()).body):
        if not (isinstance(n, ast.FunctionDef) and n.name.startswith("hb_")) or n.name in ENGINE_ONLY:
            continue
        want = [f"{a} = {HANDLE_ARGS[a]}({a})" for a in (x.arg for x in n.args.args) if a in HANDLE_ARGS]
        body = n.body[1:] if ast.get_docstring(n) else n.body
        assert [ast.unparse(b) for b in body[:len(want)]] == want, n.name
        checked += bool(want)
    assert checked >= 30


def _in_hook(t, hook, seat=0):
    t.st[A.S_HB_HOOK] = hook  # as while seat's hook runs (alien_api.hb_window / hb_moment set these)
    t.st[A.S_HB_SEAT] = seat
    t.st[A.S_HB_SEATS] = 1 << seat


def test_totals_limit_per_encounter(tester_env):
    """CE.10.3 with on_totals: a seat's hooks add at most HB_MAX_ADD (the sum of |k|) to totals in an
    encounter: 30 then -10 pass, one more is refused (nothing added) and recorded as a misuse naming
    the hook (V_ALIEN_API); hb_set_total past reach (HB_MAX_ADD + the higher card x the side's
    ships) likewise."""
    assert A.HB_MAX_ADD == 40
    t = fight(tester_env, "Tester,none,none,none", ATT(6), ATT(10), centre=3, def_ships=4)
    _in_hook(t, A.H_TOTALS)
    t.st[A.S_TOT + 2] = 9
    t.k.hb_add_total(t.st, A.SIDE_OFFENSE, I(30))
    t.k.hb_add_total(t.st, A.SIDE_DEFENSE, I(-10))
    assert t[A.S_TOT + 2] == 39 and t[A.S_HB_ERR] == 0
    t.k.hb_add_total(t.st, A.SIDE_OFFENSE, I(1))
    assert t[A.S_TOT + 2] == 39
    assert t[A.S_HB_ERR] == (4 * 8 + 0) * 64 + A.H_TOTALS  # HBE_TOTAL, seat 0, on_totals: V_ALIEN_API
    u = fight(tester_env, "Tester,none,none,none", ATT(6), ATT(10), centre=3, def_ships=4)
    _in_hook(u, A.H_TOTALS)
    u.st[A.S_TOT], u.st[A.S_TOT + 1], u.st[A.S_TOT + 3] = 6, 3, 10
    u.k.hb_set_total(u.st, A.SIDE_OFFENSE, I(40 + 10 * 3))  # within reach: a Virus's 10 x 3, plus 40
    assert u[A.S_TOT + 2] == 70 and u[A.S_HB_ERR] == 0
    u.k.hb_set_total(u.st, A.SIDE_OFFENSE, I(71))
    assert u[A.S_TOT + 2] == 70 and u[A.S_HB_ERR] == (4 * 8 + 0) * 64 + A.H_TOTALS


def test_card_limit_per_encounter_and_full_hand(tester_env):
    """CE.17.2 draws by a power: a seat's hooks bring at most HB_MAX_CARDS cards into hands per
    encounter; the next draw is refused (no card moves, card conservation CE.70.6 holds) and recorded
    as a misuse. A new encounter gives the allowance again."""
    assert A.HB_MAX_CARDS == 10
    t = Table(tester_env, "Tester,none,none,none")
    t.st[A.S_OFF], t.st[A.S_DEF] = 0, 1
    _in_hook(t, A.W_2)
    h = len(t.hand(0))
    for _ in range(A.HB_MAX_CARDS):
        assert int(t.k.hb_draw(t.st, t.c, I(0), t.log, t.lg)) >= 0
    assert len(t.hand(0)) == h + A.HB_MAX_CARDS and t.engine_check() == 0
    assert int(t.k.hb_draw(t.st, t.c, I(0), t.log, t.lg)) == -1
    assert len(t.hand(0)) == h + A.HB_MAX_CARDS and t.conserved() == 0
    assert t.engine_check() == A.VIOLATION_NAMES[A.V_ALIEN_API]
    assert t[A.S_HB_ERR] == (5 * 8 + 0) * 64 + A.W_2  # HBE_CARDS, seat 0, W-2


def test_a_draw_from_an_empty_deck_and_discard_moves_nothing(tester_env):
    """CE.17.7: with the deck and the discard pile both empty, a power's draw gets no card (-1) and
    every card is still exactly once somewhere (CE.70.6); no misuse."""
    t = Table(tester_env, "Tester,none,none,none")
    t.st[A.S_OFF], t.st[A.S_DEF] = 0, 1
    # every card of the deck and the discard pile into seat 1's hand
    for i in range(t[A.S_DECK_N]):
        c = t[A.S_DECK + i]
        t.st[A.S_HAND + 1 * A.MAX_HAND + t[A.S_HAND_N + 1]] = c
        t.st[A.S_HAND_N + 1] += 1
    for i in range(t[A.S_DISC_N]):
        c = t[A.S_DISC + i]
        t.st[A.S_HAND + 1 * A.MAX_HAND + t[A.S_HAND_N + 1]] = c
        t.st[A.S_HAND_N + 1] += 1
    t.st[A.S_DECK_N] = 0
    t.st[A.S_DISC_N] = 0
    t.sync()
    assert t.conserved() == 0
    _in_hook(t, A.W_2)
    h = len(t.hand(0))
    assert int(t.k.hb_draw(t.st, t.c, I(0), t.log, t.lg)) == -1
    assert len(t.hand(0)) == h and t.conserved() == 0 and t[A.S_HB_ERR] == 0


GREEDY = HERE / "greedy"


def test_a_cheat_through_the_primitives_stops_a_plain_run(tmp_path):
    """A file that passes every check before the games (each primitive where it may act) but draws
    past HB_MAX_CARDS and adds past HB_MAX_ADD per encounter: a plain `run` stops at the first game it
    broke with one line naming the file, the hook and what is allowed, exit 2; the games of the chunks
    before it are kept (partial.json, as for an interrupted run: tests/common/test_rule_break.py)."""
    out = tmp_path / "run"
    r = _cli("run", "cosmic", "--quiet", "--plugin-dir", str(GREEDY), "--players", "3", "--aliens", "Greedy,none,none",
             "--games", "3000", "--chunk", "500", "--threads", "1", "--out", str(out))
    lines = (r.stdout + r.stderr).strip().splitlines()
    assert r.returncode == 2 and len(lines) == 1, (r.stdout, r.stderr)
    assert "greedy.py (Greedy)" in lines[0]
    assert ("hook on_w2 brought too many cards into hands" in lines[0]
            or "hook on_totals added to totals past its allowance" in lines[0]), lines[0]
    assert f"at most {A.HB_MAX_CARDS} cards" in lines[0] or f"at most {A.HB_MAX_ADD} added" in lines[0]


# ---- own ships to the warp, the how-many question, the hooks at regroup and destiny ----------

def _in_seat_hook(t, seat, hook):
    """As while `seat`'s alien-file hook `hook` (W_* / H_*) runs (alien_api.hb_window / hb_moment set these)."""
    t.st[A.S_HB_HOOK] = hook
    t.st[A.S_HB_SEAT] = seat


def _send(t, me, k):
    return int(t.k.hb_send_to_warp(t.st, t.c, I(me), I(k), t.log, t.lg))


def test_ce_16_1_ce_19_1_ships_sent_to_the_warp_end_a_colony_and_the_power(tester_env):
    """CE.16.1 / CE.19.1: the Tester (red, 3 home colonies of 1 ship and 4 ships on red 4) sends 2
    ships to the warp in W-7, choosing red 1 and red 2 (decision D_POWER_SHIPS): both colonies end,
    2 home colonies are left and its power goes off at once; ships are conserved (CE.16.4, CE.70.1)."""
    t = Table(tester_env, "Tester,none,none,none")
    t.encounter_state(1, 2, P(GREEN, 1))
    t.set_ships(0, {P(RED, 1): 1, P(RED, 2): 1, P(RED, 3): 1, P(RED, 4): 4})
    assert t.power(0) == 1 and t.home(0) == 4
    warp = t.warp(0)
    _in_seat_hook(t, RED, A.W_7)
    assert int(t.k.hb_colony_ships(t.st, t.c, I(0))) == 7
    t.script(A.src_code(P(RED, 1), 1), A.src_code(P(RED, 2), 1))
    assert _send(t, RED, 2) == 2 and t.script_ok()
    assert {k for k, _, _ in t.asked()} == {A.D_POWER_SHIPS}
    assert t.warp(0) == warp + 2 and t.on(0, P(RED, 1)) == 0 and t.on(0, P(RED, 2)) == 0
    assert t.home(0) == 2 and t.power(0) == 0
    assert t[A.S_HB_ERR] == 0 and t.conserved() == 0 and t.engine_check() == 0


def test_ships_sent_to_the_warp_never_leave_the_planet_in_the_encounter(tester_env):
    """CE.7 / CE.10.2: the defense Tester's 4 ships on the target planet blue 1 are in the encounter:
    asked for 10 ships it sends the 2 it has elsewhere (blue 2, no choice left: nothing asked) and
    the target keeps its 4; asked again, none is left to send (counts bounded by hb_colony_ships)."""
    t = Table(tester_env, "none,Tester,none,none")
    t.encounter_state(0, 1, P(BLUE, 1), centre=2)
    t.set_ships(1, {P(BLUE, 1): 4, P(BLUE, 2): 2})
    warp = t.warp(1)
    _in_seat_hook(t, BLUE, A.W_7)
    assert int(t.k.hb_colony_ships(t.st, t.c, I(1))) == 2
    assert _send(t, BLUE, 10) == 2 and t.asked() == []
    assert t.on(1, P(BLUE, 1)) == 4 and t.on(1, P(BLUE, 2)) == 0 and t.warp(1) == warp + 2
    assert _send(t, BLUE, 3) == 0 and _send(t, BLUE, -5) == 0
    assert t[A.S_HB_ERR] == 0 and t.conserved() == 0


@pytest.mark.parametrize("hook, seat, k", [(A.H_TOTALS, RED, 1), (A.W_7, GREEN, 1)],
                         ids=["outside_its_hooks", "another_seats_ships"])
def test_ships_sent_to_the_warp_misuse_moves_nothing(tester_env, hook, seat, k):
    """hb_send_to_warp in on_totals (no effect there under the rules), or for another seat than the
    running hook's: refused, nothing moves, and the invariant check reports it (V_ALIEN_API)."""
    t = Table(tester_env, "Tester,none,none,none")
    t.encounter_state(1, 2, P(GREEN, 1))
    t.set_ships(0, {P(RED, 1): 4, P(RED, 2): 4, P(RED, 3): 4})
    t.set_ships(2, {P(GREEN, 1): 4, P(GREEN, 2): 4, P(GREEN, 3): 4})
    before = (t.ships(0), t.ships(2), t.warp(0), t.warp(2))
    _in_seat_hook(t, RED, hook)
    assert _send(t, seat, k) == 0
    assert (t.ships(0), t.ships(2), t.warp(0), t.warp(2)) == before
    assert t.engine_check() == A.VIOLATION_NAMES[A.V_ALIEN_API]


def _count(t, me, n, hint):
    return int(t.k.hb_ask_count(t.st, t.c, I(me), I(n), I(hint)))


def test_ce_50_20_how_many_is_a_power_decision_of_n_plus_one_options(tester_env):
    """CE.50.20: hb_ask_count asks the holder's strategy one D_POWER decision (kind PK_HOW_MANY)
    with the options 0..n, option i meaning i; the scripted answer 3 of 0..5 comes back, and is the
    argument of the E.POWER that follows. n = 0 asks nothing."""
    t = Table(tester_env, "Tester,none,none,none")
    _in_seat_hook(t, RED, A.W_7)
    t.script(3)
    assert _count(t, RED, 5, 1) == 3 and t.script_ok()
    assert t.asked() == [(A.D_POWER, RED, 6)] and t[A.S_PK] == A.PK_HOW_MANY and t[A.S_PK_ARG] == 3
    assert [t[A.S_OPT + i] for i in range(6)] == list(range(6))
    t.script()
    assert _count(t, RED, 0, 1) == 0 and t.asked() == []


@pytest.mark.parametrize("hint, answer", [(2, 2), (9, 5), (-1, 0)])
def test_basic_answers_the_how_many_hint(tester_env, hint, answer):
    """basic's default answer to a how-many question (powers.how_many): the file's hint, clamped to
    0..n (n = 5)."""
    from cosmic_harness import strategy_id

    t = Table(tester_env, "Tester,none,none,none")
    t.st[A.S_STRAT + RED] = strategy_id("basic")
    _in_seat_hook(t, RED, A.W_7)
    assert _count(t, RED, 5, hint) == answer


def test_power_random_answers_how_many_across_its_options(tester_env):
    """power_random (the naive policy of the power-value check) answers a how-many question with any
    of 0..n at random, pass included: 200 questions with n = 3 give each of 0, 1, 2, 3, and nothing else."""
    from cosmic_harness import strategy_id

    t = Table(tester_env, "Tester,none,none,none")
    t.st[A.S_STRAT + RED] = strategy_id("power_random")
    _in_seat_hook(t, RED, A.W_7)
    assert {_count(t, RED, 3, 1) for _ in range(200)} == {0, 1, 2, 3}


def _regroup_table(tester_env):
    """Red (offense) with 2 ships in the warp and a hand; the Tester at green, not a main player."""
    t = Table(tester_env, "none,none,Tester,none")
    t.hands(p0=[ATT(8), ATT(6)], p1=[ATT(4)], p2=[ATT(6)], p3=[ATT(8)])
    t.set_ships(0, {P(RED, 1): 6, P(RED, 2): 6, P(RED, 3): 3, P(RED, 4): 3})
    t.set_ships(2, {P(GREEN, 1): 4, P(GREEN, 2): 4, P(GREEN, 3): 4})
    return t


def test_ce_4_ce_5_on_regroup_and_on_destiny_fire_at_their_moments(tester_env):
    """CE.4 / CE.5 / CE.20.1: in red's encounter the Tester's on_regroup runs once, after red
    regrouped a warp ship onto red 4 (hb_regrouped: red 4), and its on_destiny after the order disc
    named blue the defense (hb_defense: blue); the hooks record what they saw in their memory."""
    t = _regroup_table(tester_env)
    t.set_order([BLUE])
    t.script(P(RED, 4))
    t.encounter(0)
    assert t.asked()[0] == (A.D_REGROUP, RED, 5) and t.events(t.k.E_REGROUP)[0][:2] == (0, P(RED, 4))
    mem = [t[A.S_HB_MEM + 2 * A.HB_MEM_WORDS + i] for i in range(3)]
    assert mem == [P(RED, 4) + 2, 1, BLUE + 1]
    assert t[A.S_HB_ERR] == 0


def test_ce_5_5_no_destiny_hook_when_step_2_ends_the_encounter(tester_env):
    """CE.5.4 / CE.5.5: red turns its own colour and re-settles, so the encounter ends in step 2 with
    no defense: on_regroup ran (red regrouped none: the decision passed), on_destiny did not."""
    t = _regroup_table(tester_env)
    t.set_order([RED])
    t.script(A.NONE, P(RED, 5), A.src_code(P(RED, 1), 1), A.NONE)
    assert t.encounter(0) == A.R_NO_RESULT and t.script_ok()
    mem = [t[A.S_HB_MEM + 2 * A.HB_MEM_WORDS + i] for i in range(3)]
    assert mem == [1, 1, 0]


def test_regroup_and_destiny_primitives_are_checked_before_any_game(tmp_path):
    """hb_send_to_warp has no effect in on_totals, hb_regrouped means something only in on_regroup, a
    face-down card is not read at the destiny draw (CE.70.14): each refused by the static check; the
    generated reference lists the new primitives and the new hooks' places."""
    from simsuite.errors import BadInput
    from simsuite.games.cosmic.aliens.files import api_reference, check_source, hook_problems

    src = (ROOT / "examples" / "aliens" / "underdog.py").read_text()
    cases = {
        "hb_send_to_warp has no effect in on_totals": "    hb_send_to_warp(st, cfg, me, 1, log, lg)\n",
        "hb_regrouped has no effect in on_totals": "    opp = hb_regrouped(st)\n",
    }
    for says, line in cases.items():
        bad = tmp_path / "bad.py"
        bad.write_text(src.replace("    opp = hb_opponent(st, me)\n", line + "    opp = hb_opponent(st, me)\n"))
        check_source(bad)
        assert says in hook_problems(bad)
    early = tmp_path / "early.py"
    early.write_text(src.replace("def on_totals(st, cfg, me, log, lg):\n",
                                 "def on_destiny(st, cfg, me, log, lg):\n    hb_card_value(st, cfg, SIDE_OFFENSE)\n"))
    check_source(early)
    assert "still face down" in hook_problems(early)
    with pytest.raises(BadInput, match="hook on_regroup must take"):
        (tmp_path / "args.py").write_text(src.replace("def on_totals(st, cfg, me, log, lg)", "def on_regroup(st)"))
        check_source(tmp_path / "args.py")
    ref = api_reference()
    for name in ("hb_ask_count(st, cfg, me, n, hint)", "hb_send_to_warp(st, cfg, me, k, log, lg)", "hb_regrouped(st)",
                 "hb_colony_ships(st, cfg, me)", "hb_encounter_id(st)"):
        assert f"`{name}`" in ref
    assert "`on_regroup`, `on_destiny`" in ref


def _choose(t, me, values, pk=None):
    t.k.hb_options_clear(t.st)
    for v in values:
        assert int(t.k.hb_option(t.st, I(v))) == 1
    return int(t.k.hb_ask_option(t.st, t.c, I(me), I(A.PK_CHOICE if pk is None else pk)))


def test_ce_50_20_an_option_question_asks_the_values_listed_with_no_pass(tester_env):
    """CE.50.20: hb_ask_option asks one D_POWER decision over exactly the values the file listed
    (no PASS added: -1 is the file's own value here, "the deck") and returns the value picked;
    hb_note logs it (E_ALIEN, for the replay); basic picks the first listed, the file's default."""
    from cosmic_harness import strategy_id

    t = Table(tester_env, "Tester,none,none,none")
    _in_seat_hook(t, RED, A.W_8)
    t.script(2)
    assert _choose(t, RED, [-1, 3, 2]) == 2 and t.script_ok()
    assert t.asked() == [(A.D_POWER, RED, 3)] and t[A.S_PK] == A.PK_CHOICE
    assert [t[A.S_OPT + i] for i in range(3)] == [-1, 3, 2]
    assert t.events(t.k.E_ALIEN) == []
    t.k.hb_note(t.st, t.c, I(RED), I(A.PK_CHOICE), I(2), t.log, t.lg)
    assert t.events(t.k.E_ALIEN)[-1][:4] == (RED, A.N_ALIENS, A.PK_CHOICE, 2)
    t.st[A.S_STRAT + RED] = strategy_id("basic")
    assert _choose(t, RED, [3, -1, 2]) == 3


def test_an_option_question_with_no_option_or_too_many_is_a_misuse(tester_env):
    """hb_ask_option with nothing listed asks nothing and returns -1; an option past MAX_OPT is not
    listed; both are misuses the invariant check reports (V_ALIEN_API)."""
    t = Table(tester_env, "Tester,none,none,none")
    _in_seat_hook(t, RED, A.W_8)
    t.script()
    assert _choose(t, RED, []) == -1 and t.asked() == []
    assert t.engine_check() == A.VIOLATION_NAMES[A.V_ALIEN_API]
    u = Table(tester_env, "Tester,none,none,none")
    _in_seat_hook(u, RED, A.W_8)
    u.k.hb_options_clear(u.st)
    assert all(int(u.k.hb_option(u.st, I(1))) == 1 for _ in range(A.MAX_OPT))
    assert int(u.k.hb_option(u.st, I(1))) == 0 and int(u.k.hb_options(u.st)) == A.MAX_OPT
    assert u.engine_check() == A.VIOLATION_NAMES[A.V_ALIEN_API]


def test_ce_70_14_a_hook_reads_its_own_hand_only(tester_env):
    """CE.70.14: hb_hand_card reads the running hook's holder's own hand; another seat's hand is
    hidden: -1, and a misuse the invariant check reports (V_ALIEN_API)."""
    t = Table(tester_env, "Tester,none,none,none")
    t.hands(p0=[ATT(8), ATT(6)], p1=[ATT(4)])
    _in_seat_hook(t, RED, A.W_2)
    own = [int(t.k.hb_hand_card(t.st, I(RED), I(i))) for i in range(2)]
    assert sorted(own) == sorted(t.hand(RED)) and t.engine_check() == 0
    assert int(t.k.hb_hand_card(t.st, I(1), I(0))) == -1
    assert t.engine_check() == A.VIOLATION_NAMES[A.V_ALIEN_API]


def test_a_gift_moves_one_card_from_the_givers_hand_only(tester_env):
    """hb_give_card (windows): the card leaves the giver's hand for the receiver's; a card the giver
    does not hold is not given (a Card Zap may have taken it meanwhile)."""
    t = Table(tester_env, "Tester,none,none,none")
    t.hands(p0=[ATT(8), ATT(6)], p1=[ATT(4)])
    _in_seat_hook(t, RED, A.W_2)
    c = t.hand(RED)[0]
    assert int(t.k.hb_give_card(t.st, t.c, I(RED), I(c), I(1))) == 1
    assert c not in t.hand(RED) and c in t.hand(1) and len(t.hand(1)) == 2
    assert int(t.k.hb_give_card(t.st, t.c, I(RED), I(c), I(2))) == 0 and c in t.hand(1)
    assert t.engine_check() == 0


def test_artifact_hook_only_decides_and_deal_primitives_act_only_in_their_hooks(tmp_path):
    """on_artifact_discard runs inside an E.POWER's Zap: an hb_event there (directly or through a
    helper) is refused before any game, as is a RELEASE outside on_deal or a deal term outside
    on_propose; the package's Vulch and Zombie pass the same check."""
    from simsuite.games.cosmic.aliens.files import CLASSICS, check_source, hook_problems

    for name in ("vulch.py", "zombie.py"):
        check_source(CLASSICS / name)
        assert hook_problems(CLASSICS / name) == ""
    src = (CLASSICS / "vulch.py").read_text()
    bad = tmp_path / "bad.py"
    bad.write_text(src.replace("    return PK_VULCH\n", "    return _take(st, cfg, me, log, lg)\n")
                   + "\n\n@njit\ndef _take(st, cfg, me, log, lg):\n"
                     "    return PK_VULCH if hb_event(st, cfg, me, PK_VULCH, log, lg) == 1 else 0\n")
    check_source(bad)
    assert "hb_event in on_artifact_discard: that hook only decides" in hook_problems(bad)
    zsrc = (CLASSICS / "zombie.py").read_text()
    for old, new, says in (
            ("        hb_add_deal_term(st, me, k)\n", "        hb_release(st, cfg, me, q, k, log, lg)\n",
             "hb_release has no effect in on_propose; allowed in: on_deal"),
            ("    return hb_release(st, cfg, me, q, k, log, lg)\n", "    return hb_add_deal_term(st, me, k)\n",
             "hb_add_deal_term has no effect in on_deal; allowed in: on_propose")):
        assert old in zsrc
        f = tmp_path / "z.py"
        f.write_text(zsrc.replace(old, new).replace('CLASSIC = "Zombie"\n', ""))
        check_source(f)
        assert says in hook_problems(f)


def test_the_generated_part_names_no_location(tmp_path, monkeypatch):
    """The alien files' kernel part is the same text wherever the checkout or a plug-in folder sits:
    the code hash that keys stored results reads it, so a sweep moved to another folder (or run from
    another clone) resumes instead of replaying."""
    from simsuite.games.cosmic.aliens import files as alien_files

    monkeypatch.delenv(ENV, raising=False)
    here = alien_files.generated_part(tmp_path / "a").read_text()
    assert str(Path(alien_files.__file__).resolve().parents[3]) not in here and "cosmic_classics/amoeba.py" in here
