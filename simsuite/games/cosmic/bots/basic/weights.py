"""basic's judgement calls as named weights (the `basic` strategy and everything built on
``policy.basic_decide``: nopower, the power_* controls, the rollouts of `search`).

Each weight is a game parameter ``basic_<name>`` (every seat) and ``basic_holder_<name>`` (only the
seat dealt the alien ``basic_holder_alien``), so the holder of an alien and its opponents can play
with different weights in one batch: the alien bands (``bands.py``) tune one side against the other.
The defaults are the values basic has played with, except the answers to other players' powers,
whose defaults are the values the search below found better for the table (see WEIGHTS).

A third row, ``tuned_<name>``, is played by the seats of a strategy file that sets
``TUNED_WEIGHTS = True`` (the `tuned` strategy): basic with weights tuned to win against basic.
Its defaults are the values in ``simsuite/data/cosmic/tuned_weights.toml``
(``SIMSUITE_TUNED_WEIGHTS`` names another file); a seat of such a strategy plays row 2 even when it
holds ``basic_holder_alien``.

The kernel reads them from the configuration array (``api.C_W``, three rows of thousandths; decimal
defaults with at most three decimals come back as exactly the literal they replaced, since
``k / 1000.0`` is correctly rounded). A lookup is two array reads and a compare (``weight``): no new
compiled signature, nothing per game in Python.
"""
import os
import tomllib
from pathlib import Path

import numpy as np
from numba import njit

from simsuite.errors import BadInput
from simsuite.games.cosmic.api import C_W, C_W_HOLDER, C_W_TUNED_MASK, MAX_WEIGHTS, S_ALIEN_TAG, S_STRAT
from simsuite.resources import DATA

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
    # answers to another player's power: 1 = the modelled answer (the engine's rules), 0 = play as if
    # the power were not at the table. The band's ends and the tuner search them with the weights
    # above, so that no power's place rests on one hand-written answer to it. The default is the value
    # under which the power's holder wins less when the whole table answers it that way, at every
    # player count measured (tools/answer_defaults.py: AH2000 at 3 and 4 players, FFG2008 at 5), and
    # the modelled answer where the two values disagree between player counts (the Sorcerer). The
    # modelled answers to the Zombie, Oracle, Virus, Empath and Pacifist cost the table: their holder
    # won 1.4 to 13.9 points more against them than against the power ignored
    ("answer_sorcerer", 1.0, 0.0, 1.0, True,
     "1: against a Sorcerer main player, choose the card that does best after its swap (CE.22.16, the "
     "engine's outcome rules); 0: ignore the swap"),
    ("answer_zombie", 0.0, 0.0, 1.0, True,
     "1: a ship another player's Zombie keeps out of the warp costs nothing (CE.22.20); 0: count its "
     "lost ships as going to the warp, as anyone's"),
    ("answer_oracle", 0.0, 0.0, 1.0, True,
     "1: against an Oracle main player, who sees my card before choosing its own (CE.22.12), rate each "
     "card by the Oracle's best reply; 0: rate it against the cards the Oracle may hold, as against anyone"),
    ("answer_macron", 1.0, 0.0, 1.0, True,
     "1: another player's Macron ships weigh 4 in my forecast of the totals (CE.22.9, the engine's totals); "
     "0: count them as ordinary ships"),
    ("answer_virus", 0.0, 0.0, 1.0, True,
     "1: a Virus main player's total is its card times its ships in my forecast (CE.22.18, CE.23.7); "
     "0: forecast it as card plus ships, as against anyone"),
    ("answer_anti_matter", 1.0, 0.0, 1.0, True,
     "1: against an Anti-Matter main player my forecast has allies subtract and the lower total win "
     "(CE.22.2 revision 2); 0: forecast the higher total winning, as against anyone"),
    ("answer_empath", 0.0, 0.0, 1.0, True,
     "1: an Empath main player's negotiate turns my attack into a negotiate, a deal, in my forecast of the "
     "outcome (card choice, alliance answers; CE.22.5); 0: forecast it as an ordinary negotiate"),
    ("answer_pacifist", 0.0, 0.0, 1.0, True,
     "1: a Pacifist main player's negotiate beats my attack in my forecast of the outcome (card choice, "
     "alliance answers; CE.22.13); 0: forecast it as an ordinary negotiate"),
    ("answer_healer", 1.0, 0.0, 1.0, True,
     "1: a ship another player's Healer returns (CE.22.7) costs nothing; 0: count it as going to the warp"),
)
NAMES = tuple(w[0] for w in WEIGHTS)
NW = len(WEIGHTS)
assert NW <= MAX_WEIGHTS
(W_LAUNCH_SHIPS, W_LAUNCH_BIG_CARD, W_INVITE_ALONE, W_ALLY_OFFENSE_P, W_ALLY_DEFENSE_P, W_LEADER_GAP,
 W_ALLY_SHIPS, W_SHIP_VALUE, W_GAME_STAKE, W_CARD_COST, W_NEGOTIATE_COST, W_SECOND_CARD, W_DEAL_ACCEPT,
 W_ANSWER_SORCERER, W_ANSWER_ZOMBIE, W_ANSWER_ORACLE, W_ANSWER_MACRON, W_ANSWER_VIRUS, W_ANSWER_ANTI_MATTER,
 W_ANSWER_EMPATH, W_ANSWER_PACIFIST, W_ANSWER_HEALER) = (np.int64(k) for k in range(NW))
ANSWERS = tuple(n for n in NAMES if n.startswith("answer_"))  # answers to other players' powers
DEFAULTS = {w[0]: w[1] for w in WEIGHTS}


@njit(inline="always")
def weight(st, cfg, me, k):
    """Weight k as seat `me` plays it: the tuned row for a seat of a tuned strategy, else the holder
    row for the seat dealt alien C_W_HOLDER, else row 0."""
    h = cfg[C_W_HOLDER]
    row = 1 if h >= 0 and st[S_ALIEN_TAG + me] == h else 0
    if (cfg[C_W_TUNED_MASK] >> st[S_STRAT + me]) & 1:
        row = 2
    return cfg[C_W + row * MAX_WEIGHTS + k] / 1000.0


@njit(inline="always")
def weight_int(st, cfg, me, k):
    """An integer weight (a ship count), rounded half up."""
    return np.int64(np.floor(weight(st, cfg, me, k) + 0.5))


def fill(c, cfg: dict, holder: int, tuned_mask: int = 0) -> None:
    """Write the three rows, the holder alien (-1 none) and the tuned strategies' bits into the
    configuration array c."""
    c[C_W_HOLDER] = holder
    c[C_W_TUNED_MASK] = tuned_mask
    tuned = tuned_defaults()
    for k, name in enumerate(NAMES):
        c[C_W + k] = round(cfg.get("basic_" + name, DEFAULTS[name]) * SCALE)
        c[C_W + MAX_WEIGHTS + k] = round(cfg.get("basic_holder_" + name, DEFAULTS[name]) * SCALE)
        c[C_W + 2 * MAX_WEIGHTS + k] = round(cfg.get("tuned_" + name, tuned[name]) * SCALE)


# ------------------------------------------------------------------------------ the tuned row's file
TUNED_FILE = DATA / "cosmic" / "tuned_weights.toml"


def tuned_path() -> Path:
    return Path(os.environ.get("SIMSUITE_TUNED_WEIGHTS") or TUNED_FILE)


def load_tuned(path: Path) -> dict:
    """The tuned weights of a file: a table [weights] of NAME = number, each within basic's range for
    it; a weight the file leaves out keeps basic's default. Bad input: BadInput naming the field."""
    field = f"tuned weights {path}"
    try:
        doc = tomllib.loads(Path(path).read_text())
    except OSError as e:
        raise BadInput(field, f"cannot be read ({e.strerror}); allowed: a TOML file with a [weights] table")
    except tomllib.TOMLDecodeError as e:
        raise BadInput(field, f"is not valid TOML ({e}); allowed: a TOML file with a [weights] table")
    table = doc.get("weights")
    if not isinstance(table, dict):
        raise BadInput(field, "has no [weights] table; allowed: [weights] with NAME = number, NAME one of "
                              + ", ".join(NAMES))
    out = dict(DEFAULTS)
    for name, v in table.items():
        if name not in DEFAULTS:
            raise BadInput(f"{field}: {name}", "unknown weight; allowed: " + ", ".join(NAMES))
        lo, hi = next((w[2], w[3]) for w in WEIGHTS if w[0] == name)
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not lo <= v <= hi:
            raise BadInput(f"{field}: {name}", f"{v!r}; allowed: a number from {lo:g} to {hi:g}")
        out[name] = float(v)
    return out


_TUNED: dict = {}


def tuned_defaults() -> dict:
    """The tuned row's defaults from the file (read once per file); basic's defaults where the file
    cannot be read, so that importing never fails: tuned_error() says why, and the game refuses a
    line-up with a tuned strategy while it does."""
    p = str(tuned_path())
    if p not in _TUNED:
        try:
            _TUNED[p] = (load_tuned(Path(p)), None)
        except BadInput as e:
            _TUNED[p] = (dict(DEFAULTS), e)
    return _TUNED[p][0]


def tuned_error():
    tuned_defaults()
    return _TUNED[str(tuned_path())][1]
