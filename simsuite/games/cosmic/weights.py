"""basic's judgement calls as named weights (the `basic` strategy and everything built on
``policy.basic_decide``: nopower, the power_* controls, the rollouts of `search`).

Each weight is a game parameter ``basic_<name>`` (every seat) and ``basic_holder_<name>`` (only the
seat dealt the alien ``basic_holder_alien``), so the holder of an alien and its opponents can play
with different weights in one batch: the alien bands (``bands.py``) tune one side against the other.
The defaults are the values basic always used, so records at the defaults are unchanged.

The kernel reads them from the configuration array (``api.C_W``, two rows of thousandths; decimal
defaults with at most three decimals come back as exactly the literal they replaced, since
``k / 1000.0`` is correctly rounded). A lookup is two array reads and a compare (``weight``): no new
compiled signature, nothing per game in Python.
"""
import numpy as np
from numba import njit

from simsuite.games.cosmic.api import C_W, C_W_HOLDER, MAX_WEIGHTS, S_ALIEN_TAG

SCALE = 1000  # the configuration words hold thousandths

# name, default, lo, hi, integer (rounded where used), what it decides
WEIGHTS = (
    ("launch_ships", 3.0, 2.0, 4.0, True,
     "ships launched with an attack card below launch_big_card (one more with one at or above it, one "
     "fewer with no attack card in hand): the risk taken with ships"),
    ("launch_big_card", 8.0, 0.0, 40.0, False,
     "best attack value in hand from which one more ship is launched"),
    ("invite_alone_margin", 4.0, -10.0, 40.0, False,
     "the offense invites no ally when its best card wins alone by more than this (engine totals)"),
    ("ally_offense_p", 0.5, 0.0, 1.0, False,
     "least chance the offense wins (with my ships) at which I join the offense, scaled by the share of "
     "my lost ships that would reach the warp"),
    ("ally_defense_p", 0.4, 0.0, 1.0, False,
     "most chance the offense wins (against my ships) at which I join the defense"),
    ("leader_gap", 1.0, 0.0, 5.0, False,
     "a main player more than this many foreign colonies ahead of me is a runaway leader: never joined, "
     "defended against"),
    ("ally_ships", 3.0, 1.0, 4.0, True,
     "ships sent as an ally when losing them costs me (the engine's limit when they never reach the warp)"),
    ("ship_value", 0.1, 0.0, 1.0, False,
     "what a ship sent to the warp costs, in colonies (card choice)"),
    ("game_stake", 6.0, 0.0, 20.0, False,
     "what an encounter that decides the game is worth beyond its colony, in colonies (card choice)"),
    ("card_cost", 0.025, 0.0, 0.2, False,
     "what spending an attack card costs per point of its value, in colonies: card saving"),
    ("negotiate_cost", 0.15, 0.0, 1.0, False,
     "what spending a negotiate costs, in colonies"),
    ("second_card", 10.0, 0.0, 40.0, False,
     "best attack value that takes a second encounter with fewer than two encounter cards"),
    ("deal_accept", -50.0, -200.0, 200.0, False,
     "least deal value accepted when the responder's strategy decides (deal_accept_policy = heuristic)"),
)
NAMES = tuple(w[0] for w in WEIGHTS)
NW = len(WEIGHTS)
assert NW <= MAX_WEIGHTS
(W_LAUNCH_SHIPS, W_LAUNCH_BIG_CARD, W_INVITE_ALONE, W_ALLY_OFFENSE_P, W_ALLY_DEFENSE_P, W_LEADER_GAP,
 W_ALLY_SHIPS, W_SHIP_VALUE, W_GAME_STAKE, W_CARD_COST, W_NEGOTIATE_COST, W_SECOND_CARD, W_DEAL_ACCEPT) = (
    np.int64(k) for k in range(NW))
DEFAULTS = {w[0]: w[1] for w in WEIGHTS}


@njit(inline="always")
def weight(st, cfg, me, k):
    """Weight k as seat `me` plays it: the holder row for the seat dealt alien C_W_HOLDER."""
    h = cfg[C_W_HOLDER]
    row = 1 if h >= 0 and st[S_ALIEN_TAG + me] == h else 0
    return cfg[C_W + row * MAX_WEIGHTS + k] / 1000.0


@njit(inline="always")
def weight_int(st, cfg, me, k):
    """An integer weight (a ship count), rounded half up."""
    return np.int64(np.floor(weight(st, cfg, me, k) + 0.5))


def fill(c, cfg: dict, holder: int) -> None:
    """Write both rows and the holder alien (-1 none) into the configuration array c."""
    c[C_W_HOLDER] = holder
    for k, name in enumerate(NAMES):
        c[C_W + k] = round(cfg.get("basic_" + name, DEFAULTS[name]) * SCALE)
        c[C_W + MAX_WEIGHTS + k] = round(cfg.get("basic_holder_" + name, DEFAULTS[name]) * SCALE)
