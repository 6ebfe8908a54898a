"""Alien files (games/cosmic/alien_files.py, kernel/alien_api.py): a homebrew alien with a hook of
every kind (tests/cosmic/alien_files/good/tester.py) in explicit states, citing the rule ids of the
moments it acts at (CE.20.1 windows, CE.10 totals, CE.11 outcomes, CE.20.6 E.LOSS); bad alien
files each give one line and exit status 2; and determinism with the homebrew alien at the table.
"""
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from cosmic_harness import ART, ATT, BLUE, GREEN, NEG, RED, ZAP, P, uses
from cosmic_harness import Table as _Table
from harness import extra_dirs

import simsuite.games.cosmic.api as A
from simsuite.engine.unmanaged import PointerKernel
from simsuite.games import get
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
    assert t[A.S_HB_SEATS] == 1 and t[A.S_WHO + A.N_ALIENS] == 0
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
    """hb_window, hb_moment and hb_is_file dispatch the hooks (the engine calls them): a hook that
    calls one, to run another power's hook or its own again, is refused before any game, and the
    generated reference (docs/games/write-your-own-alien.md) lists only what a hook may call."""
    from simsuite.errors import BadInput
    from simsuite.games.cosmic.alien_files import ENGINE_ONLY, api_reference, check_source

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
    from simsuite.games.cosmic.alien_files import check_source, hook_problems

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


@pytest.mark.xfail(strict=True, reason="open: basic's forecast of the A/A totals (api.predicted_aa) knows the "
                                       "classics' total changes (Virus, Anti-Matter) but not a file alien's on_totals")
def test_basic_forecast_includes_a_file_aliens_total(tester_env):
    """CE.10.3: basic rates its card choices with the engine's totals (api.predicted_aa). With the
    offense Tester (+2 to its side's total as a main player, its on_totals hook), 6 + 3 ships
    against 10 + 4 is 11 against 14 for the engine; the forecast must say the same."""
    t = fight(tester_env, "Tester,none,none,none", ATT(6), ATT(10), centre=3, def_ships=4)
    to, td, lower = t.k.predicted_aa(t.st, t.c, np.int64(6), np.int64(10), np.int64(0), np.int64(0))
    t.script(-1)
    assert t.outcome() == A.R_DEFENSE_WIN
    assert (t[A.S_TOT + 2], t[A.S_TOT + 5]) == (11, 14)
    assert (to, td, lower) == (11, 14, 0)
