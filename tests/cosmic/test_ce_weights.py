"""basic's named weights (simsuite/games/cosmic/bots/basic/weights.py): at the defaults they change nothing,
and the holder row acts only on the seat dealt basic_holder_alien.

States are built with tests/cosmic_harness.py and the decision asked of ``basic_decide`` with the
options the engine lists, as in test_ce_power_aware.py. Seats: 0 red (offense), 1 blue (defense).
"""
import hashlib

import numpy as np
import pytest
from cosmic_harness import ATT, NEG, RED, P, setup_fight

import simsuite.games.cosmic.api as A
from simsuite.engine.rng import run_key
from simsuite.engine.unmanaged import pointer_call
from simsuite.errors import BadInput
from simsuite.games import get
from simsuite.games.cosmic.bots.basic import weights as W
from simsuite.games.cosmic.bots.basic.policy import basic_decide

I = np.int64
HAND = [ATT(4), ATT(8), ATT(12), ATT(20), NEG]


def _records(overrides, n=3000, key=None):
    G = get("cosmic")
    cfg = G.resolve(overrides)
    k = key if key is not None else run_key(1, G.config_hash(cfg))
    return G.run_range(G.kernel(), G.build_cfg(cfg), k, 0, n)


def _digest(rec):
    return hashlib.sha256(rec.tobytes()).hexdigest()


def test_weights_at_their_defaults_change_no_record():
    """Every weight given explicitly at its default, on every seat and on a holder's row, plays the
    same games as no weight at all (same generator key): the defaults are the constants they replaced."""
    base = {"players": 4, "aliens": "random", "strategies": "basic"}
    G = get("cosmic")
    key = run_key(1, G.config_hash(G.resolve(base)))
    explicit = dict(base, basic_holder_alien="Sorcerer", **{f"basic_{n}": d for n, d in W.DEFAULTS.items()},
                    **{f"basic_holder_{n}": d for n, d in W.DEFAULTS.items()})
    assert G.config_hash(G.resolve(dict(base, **{f"basic_{n}": d for n, d in W.DEFAULTS.items()}))) == \
        G.config_hash(G.resolve(base))  # the defaults are left out of the hash: no seed moved
    assert _digest(_records(base, key=key)) == _digest(_records(explicit, key=key))


def test_a_weight_off_its_default_changes_the_games():
    """The weights are read: sending one ship fewer with an ordinary card changes the records."""
    base = {"players": 3, "aliens": "none", "strategies": "basic"}
    G = get("cosmic")
    key = run_key(1, G.config_hash(G.resolve(base)))
    assert _digest(_records(base, 1000, key)) != _digest(_records(dict(base, basic_launch_ships=2), 1000, key))


def _launch(aliens, **weights):
    """Ships red launches from red 1 (4 ships) with a strong hand (best attack 20) against blue."""
    t = setup_fight(aliens, 0, 4, **weights)
    t.set_hand(0, HAND)
    t.sync()
    t.st[A.S_CTX_N] = 0
    t.st[A.S_CTX_MAX] = 4
    opts = [P(RED, 1) * int(A.SRC_SHIFT) + k for k in range(1, 5)]
    t.st[A.S_OPT:A.S_OPT + 4] = opts
    t.st[A.S_NOPT] = 4
    return opts[int(pointer_call(basic_decide)(I(A.D_LAUNCH), t.st, t.c, I(0)))] % int(A.SRC_SHIFT)


def test_holder_weights_act_only_on_the_holder_seat():
    """CE.9 launch (CE.16.1: a colony keeps its last ship): with a 20 in hand basic launches 3 of the
    colony's 4. Holder weights (2 ships; one more only from an attack of 30) make red launch 2 when
    red holds the holder's alien (the Oracle), and nothing when another seat holds it; the every-seat
    row does not reach the holder."""
    tight = dict(basic_holder_launch_ships=2, basic_holder_launch_big_card=30)
    assert _launch("Oracle,none,none,none") == 3
    assert _launch("Oracle,none,none,none", basic_holder_alien="Oracle", **tight) == 2
    assert _launch("Oracle,Mind,none,none", basic_holder_alien="Mind", **tight) == 3  # blue holds it
    assert _launch("Oracle,none,none,none", basic_holder_alien="Oracle", basic_launch_ships=2,
                   basic_launch_big_card=30) == 3  # the others' row: red is the holder, at the defaults
    assert _launch("none,Oracle,none,none", basic_holder_alien="Oracle", basic_launch_ships=2,
                   basic_launch_big_card=30) == 2  # red is one of the others


def test_weight_parameters_are_checked():
    G = get("cosmic")
    with pytest.raises(BadInput, match="basic_ship_value"):
        G.resolve({"basic_ship_value": 5})
    with pytest.raises(BadInput, match="basic_holder_alien"):
        G.resolve({"basic_holder_alien": "Sorcerr"})
    assert G.resolve({"basic_holder_alien": "zombie"})["basic_holder_alien"] == "Zombie"


def test_weight_table_round_trips():
    """The configuration holds thousandths; k / 1000.0 gives back exactly the decimal default."""
    G = get("cosmic")
    c = G.build_cfg(G.resolve({"basic_holder_alien": "Healer", "basic_holder_card_cost": 0.04}))
    assert c[A.C_W_HOLDER] == A.ALIEN_NAMES.index("Healer")
    for k, n in enumerate(W.NAMES):
        assert c[A.C_W + k] / 1000.0 == W.DEFAULTS[n]
    assert c[A.C_W + A.MAX_WEIGHTS + W.NAMES.index("card_cost")] / 1000.0 == 0.04


# ------------------------------------------------------------------------------ the tuned strategy
BASIC_ROW = {f"tuned_{n}": d for n, d in W.DEFAULTS.items()}


def test_tuned_at_basics_weights_plays_exactly_like_basic():
    """The tuned strategy is basic's code on its own weight row: with that row at basic's defaults, a
    table of tuned seats plays the same games as a table of basic (same generator key), every record
    field equal but the strategy ids; and one tuned seat among basic likewise."""
    G = get("cosmic")
    base = {"players": 4, "aliens": "random", "strategies": "basic"}
    key = run_key(1, G.config_hash(G.resolve(base)))
    ref = _records(base, key=key)
    for lineup in ("tuned", "tuned,basic,basic,basic"):
        rec = _records(dict(base, strategies=lineup, **BASIC_ROW), key=key)
        assert rec.dtype.names == ref.dtype.names
        for name in ref.dtype.names:
            if name != "strategy":
                assert np.array_equal(rec[name], ref[name]), (lineup, name)
        assert not np.array_equal(rec["strategy"], ref["strategy"])  # the seats did play tuned


def test_the_tuned_row_is_read_and_keeps_other_seeds():
    """Off basic's defaults the tuned row changes the games; a line-up without tuned keeps its
    configuration hash (no existing run's seed moves), one with tuned carries the row in it."""
    G = get("cosmic")
    base = {"players": 3, "aliens": "none", "strategies": "tuned,basic,basic"}
    key = run_key(1, G.config_hash(G.resolve(base)))
    a = _records(dict(base, **BASIC_ROW), 1000, key)
    b = _records(dict(base, **dict(BASIC_ROW, tuned_launch_ships=2)), 1000, key)
    assert _digest(a) != _digest(b)
    plain = {"players": 3, "aliens": "none", "strategies": "basic"}
    assert G.config_hash(G.resolve(dict(plain, tuned_launch_ships=2))) == G.config_hash(G.resolve(plain))
    assert G.config_hash(G.resolve(dict(base, tuned_launch_ships=2))) != \
        G.config_hash(G.resolve(dict(base, tuned_launch_ships=4)))


def test_tuned_row_acts_only_on_tuned_seats():
    """CE.9 launch: with a 20 in hand basic launches 3 of 4; the tuned row (2 ships, one more only
    from an attack of 30) makes red launch 2 when red's strategy has its bit in C_W_TUNED_MASK, even
    when red also holds basic_holder_alien, and does nothing to a red that plays basic's rows."""
    tight = dict(tuned_launch_ships=2, tuned_launch_big_card=30)

    def launch(aliens, red_tuned, **kw):
        t = setup_fight(aliens, 0, 4, **kw)
        t.c[A.C_W_TUNED_MASK] = (1 << int(t.st[A.S_STRAT + 0])) if red_tuned else 0
        t.set_hand(0, HAND)
        t.sync()
        t.st[A.S_CTX_N] = 0
        t.st[A.S_CTX_MAX] = 4
        opts = [P(RED, 1) * int(A.SRC_SHIFT) + k for k in range(1, 5)]
        t.st[A.S_OPT:A.S_OPT + 4] = opts
        t.st[A.S_NOPT] = 4
        return opts[int(pointer_call(basic_decide)(I(A.D_LAUNCH), t.st, t.c, I(0)))] % int(A.SRC_SHIFT)

    assert launch("Oracle,none,none,none", False, **tight) == 3
    assert launch("Oracle,none,none,none", True, **tight) == 2
    assert launch("Oracle,none,none,none", True, basic_holder_alien="Oracle", basic_holder_launch_ships=4,
                  **tight) == 2  # the tuned row wins over the holder row
    assert launch("Oracle,none,none,none", True, **BASIC_ROW) == 3  # the tuned row at basic's values
    assert launch("Oracle,none,none,none", False, basic_launch_ships=2, basic_launch_big_card=30,
                  **BASIC_ROW) == 2  # a basic seat reads row 0


def test_build_cfg_marks_the_tuned_strategy():
    G = get("cosmic")
    names = [s.name for s in G.strategies()]
    c = G.build_cfg(G.resolve({"players": 4, "strategies": "tuned,basic", "tuned_card_cost": 0.04}))
    # every strategy that reads the row has its bit (tuned and search_tuned), whatever the line-up
    assert c[A.C_W_TUNED_MASK] == (1 << names.index("tuned")) | (1 << names.index("search_tuned"))
    assert c[A.C_W + 2 * A.MAX_WEIGHTS + W.NAMES.index("card_cost")] / 1000.0 == 0.04
    assert c[A.C_W + W.NAMES.index("card_cost")] / 1000.0 == W.DEFAULTS["card_cost"]


def test_the_shipped_tuned_weights_file_is_valid_and_the_defaults():
    shipped = W.load_tuned(W.TUNED_FILE)
    for n, lo, hi in ((w[0], w[2], w[3]) for w in W.WEIGHTS):
        assert lo <= shipped[n] <= hi
        assert get("cosmic").param("tuned_" + n).default == shipped[n]


@pytest.mark.parametrize("text, field", [
    ("[weights]\nship_value = 5.0\n", "ship_value"),
    ("[weights]\nship_valu = 0.2\n", "ship_valu"),
    ("[weights]\nship_value = \"high\"\n", "ship_value"),
    ("ship_value = 0.2\n", "[weights]"),
    ("[weights\n", "TOML"),
])
def test_a_bad_tuned_weights_file_is_refused(tmp_path, text, field):
    p = tmp_path / "w.toml"
    p.write_text(text)
    with pytest.raises(BadInput) as e:
        W.load_tuned(p)
    assert field in str(e.value) and "\n" not in str(e.value)


def test_a_bad_tuned_weights_file_stops_a_tuned_run_with_exit_2(tmp_path):
    """SIMSUITE_TUNED_WEIGHTS names the file; a bad value: one line naming it, exit status 2, no
    traceback, before anything runs; a line-up without tuned is not concerned."""
    import os
    import subprocess
    import sys

    p = tmp_path / "w.toml"
    p.write_text("[weights]\ngame_stake = 99\n")
    env = dict(os.environ, SIMSUITE_TUNED_WEIGHTS=str(p))
    r = subprocess.run([sys.executable, "-m", "simsuite.cli", "run", "cosmic", "-n", "10", "-q",
                        "--strategies", "tuned,basic", "--players", "3"], env=env, capture_output=True, text=True)
    assert r.returncode == 2, r.stderr
    lines = [x for x in r.stderr.splitlines() if x.strip()]
    assert len(lines) == 1 and "game_stake" in lines[0] and "Traceback" not in r.stderr


def test_which_strategies_play_the_tuned_row():
    """Exactly the files that set TUNED_WEIGHTS: tuned and search_tuned (basic's rows for the rest:
    their records stay those of basic's weights)."""
    from simsuite.games.cosmic.game import plays_tuned

    assert {s.name for s in get("cosmic").strategies() if plays_tuned(s.path)} == {"tuned", "search_tuned"}
