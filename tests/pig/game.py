"""Pig as a simsuite game: parameters, kernel binding, records and replay."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from simsuite.engine.params import Param
from simsuite.games.base import (
    ROTATE,
    SHARED_WIN,
    TIMEOUT,
    TURNS,
    Game,
    Metric,
    max_turns_param,
    players_param,
    strategies_param,
)

from . import api as A
from . import records as R
from .replay import EVENTS

HERE = Path(__file__).resolve().parent


class Pig(Game):
    name = "pig"
    dirname = "pig"
    title = "Pig"
    rules = "tests/pig/__init__.py"
    min_players = 2
    default_strategies = "hold20,random"
    params = (
        players_param(3, 2, A.MAX_P),
        strategies_param("hold20,random", "strategy per seat"),
        ROTATE,
        max_turns_param(1000, 10, 100_000, "turn cap; a game that hits it is a timeout"),
        # PIG.4: the first bank to reach the target wins at once, so the seats that roll first in
        # the race gain by a shorter one
        Param("target", "int", 50, "bank that wins (PIG.4)", "PIG.4", 10, 1000, slot="C_TARGET",
              acts_on=("start player",), search="20..100"),
    )
    api = A
    kernel_files = (HERE / "kernel.py",)
    strategy_dir = HERE / "strategies"
    layout = R.LAYOUT
    state_size = A.STATE_SIZE
    replay_log_rows = 5000
    events = EVENTS  # the base class's describe renders the log with it: no describe of its own
    metrics = (TURNS, Metric("busts", "busts per game", "busts", hist=True, summary=True), SHARED_WIN, TIMEOUT)

    def game_metrics(self, rec):
        return {"turns": rec["turns"], "busts": rec["busts"], "timeout": rec["timeout"],
                "shared_win": (rec["n_winners"] > 1).astype(np.int64)}
