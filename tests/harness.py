"""What the per-game test harnesses share: the test strategies, the kernel built with them, and a
``Table`` base class holding one explicit game state played by the ``scripted`` strategy.

Every game's tests play the one test-only strategy ``tests/strategies/common/scripted.py``
(its scratch layout is mirrored by the SCR_* offsets below): ``t.script(v1, v2, ...)`` queues the
option VALUES the next decisions must pick (``ILLEGAL_HIGH`` / ``ILLEGAL_LOW``: an index outside
the options, which the engine must reject and count), ``t.decisions()`` returns the decisions the
engine actually asked as (kind, seat, number of options). A game's harness
(``star_cartel_harness.py``, ``cosmic_harness.py``) subclasses ``Table`` with its own ways of
placing cards and ships and of driving single kernel steps; ``Table`` alone, built from the batch
driver's ``_init_game``, serves any registered game (the contract test, test_game_contract.py).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np

from simsuite.engine.kernel_common import new_log
from simsuite.engine.unmanaged import PointerKernel
from simsuite.games import get

TESTS = Path(__file__).resolve().parent
STRATEGIES = TESTS / "strategies"
I = np.int64

# strategies/common/scripted.py: its scratch layout (offsets from the game's S_SCR) and codes
SCR_USED, SCR_N, SCR_MISMATCH, SCR_VALUES, SCR_ASKED, SCR_LOG = 0, 1, 2, 3, 33, 34
SCR_MAX = 30
ILLEGAL_HIGH = 1 << 40
ILLEGAL_LOW = (1 << 40) + 1


def extra_dirs(game) -> tuple[str, ...]:
    """The test strategy folders of a game: the shared one (scripted), the game's own, if any, and
    the public contract check's (simsuite.testing: first, wild), so that every test of a game shares
    one kernel."""
    from simsuite.testing import CHECK_STRATEGIES

    dirs = [STRATEGIES / "common"] + [d for d in (STRATEGIES / game.dirname,) if d.is_dir()] + [CHECK_STRATEGIES]
    return tuple(str(d) for d in dirs)


def api_of(game):
    """The game's api module (layout offsets and decision helpers): Game.api."""
    return game.api


@lru_cache(maxsize=None)
def kernel_of(name: str):
    game = get(name)
    return game.kernel(extra_dirs(game))


def strategy_id_of(name: str, strategy: str) -> int:
    game = get(name)
    return [s.name for s in game.strategies(extra_dirs(game))].index(strategy)


def build_of(name: str, players: int, strategies: str = "scripted", **params):
    """(canonical cfg dict, cfg array) of a game with the test strategies available."""
    game = get(name)
    cfg = game.resolve({"players": players, "strategies": strategies, **params}, extra_dirs(game))
    return cfg, game.build_cfg(cfg, extra_dirs(game))


class Table:
    """One game state ``st`` with its cfg array ``c``, every seat played by ``scripted``.

    The base class starts the state as a batch game starts it (``_init_game``: generator of game
    ``g`` under ``key``, strategies per seat); a game's harness overrides ``__init__`` to build its
    own explicit states, calling ``_start`` for the parts every game has."""

    game_name = ""
    # kernel functions the tests call, compiled together in one entry (PointerKernel); any other
    # function still works, through a trampoline compiled for it alone
    steps = ("_init_game", "play_game", "score_game", "check_invariants", "setup")
    log_rows = 1  # event log capacity; 1 with logging off
    log_on = 0

    def __init__(self, players, key=0x5EED, g=0, **params):
        self._start(players, **params)
        self.k._init_game(self.st, self.c, I(key), I(g))

    def _start(self, players, seed=None, **params):
        self.game = get(self.game_name)
        self.A = A = api_of(self.game)
        self.k = PointerKernel(kernel_of(self.game_name), self.steps)
        self.N = players
        self.cfg, self.c = self.build(players, "scripted", **params)
        self.st = st = np.zeros(A.STATE_SIZE, np.int64)
        self.log = new_log(self.log_rows)
        self.lg = I(self.log_on)
        if seed is not None:
            st[A.S_RNG] = seed
        sid = strategy_id_of(self.game_name, "scripted")
        for p in range(players):
            st[A.S_STRAT + p] = sid

    def build(self, players, strategies="scripted", **params):
        return build_of(self.game_name, players, strategies, **params)

    # ---- scripted decisions -------------------------------------------------------------
    def script(self, *values):
        """The next decisions pick these option values, in order (then the first option)."""
        assert len(values) <= SCR_MAX
        scr = self.A.S_SCR
        self.st[scr:scr + SCR_LOG + SCR_MAX] = 0
        self.st[scr + SCR_N] = len(values)
        for i, v in enumerate(values):
            self.st[scr + SCR_VALUES + i] = int(v)

    def _asked_log(self):
        scr = self.A.S_SCR
        n = min(int(self.st[scr + SCR_ASKED]), SCR_MAX)
        return [int(x) for x in self.st[scr + SCR_LOG:scr + SCR_LOG + n]]

    def decisions(self):
        """The decisions asked since the last script(): (kind, seat, number of options)."""
        out = []
        for x in self._asked_log():
            x %= 10000000
            out.append((x // 10000, (x // 1000) % 10, x % 1000))
        return out

    def asked(self):
        return self.decisions()

    def kinds(self):
        return [d[0] for d in self.decisions()]

    def script_ok(self):
        """All scripted answers were consumed and each was a legal option."""
        scr = self.A.S_SCR
        st = self.st
        return st[scr + SCR_USED] == st[scr + SCR_N] and st[scr + SCR_MISMATCH] == 0

    # ---- whole games --------------------------------------------------------------------
    def play(self, check=True):
        """Play the game from the current state to its end (invariants checked after every turn
        when check: the first violation lands in st[S_VIOL]); returns its record."""
        self.k.play_game(self.st, self.c, self.log, self.lg, I(int(check)))
        out = np.empty((1, self.game.layout.n_cols), np.int64)
        self.k.score_game(self.st, self.c, out, I(0), self.log, self.lg)
        return self.game.layout.view(out)

    def engine_check(self):
        """The engine's own invariant check of the current state: 0 or the violation's name."""
        v = int(self.k.check_invariants(self.st, self.c))
        return self.A.VIOLATION_NAMES[v] if v else 0

    def __getitem__(self, off):
        return int(self.st[off])


@lru_cache(maxsize=None)
def table_for(name: str) -> type:
    """The base Table bound to a game (any registered game, without a harness of its own)."""
    return type(f"Table[{name}]", (Table,), {"game_name": name})
