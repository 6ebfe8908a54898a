"""basic's named weights (simsuite/games/cosmic/weights.py): at the defaults they change nothing,
and the holder row acts only on the seat dealt basic_holder_alien.

States are built with tests/cosmic_harness.py and the decision asked of ``basic_decide`` with the
options the engine lists, as in test_ce_power_aware.py. Seats: 0 red (offense), 1 blue (defense).
"""
import hashlib

import numpy as np
import pytest

import simsuite.games.cosmic.api as A
from cosmic_harness import ATT, NEG, RED, P, setup_fight
from simsuite.errors import BadInput
from simsuite.games import get
from simsuite.games.cosmic import weights as W
from simsuite.games.cosmic.policy import basic_decide
from simsuite.engine.rng import run_key
from simsuite.engine.unmanaged import pointer_call

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
