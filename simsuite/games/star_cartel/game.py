"""Star Cartel: parameters (SC.3), data, kernel binding, records and the replay log."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from simsuite.engine.params import Param
from simsuite.errors import BadInput
from simsuite.games.base import (
    ROTATE,
    SHARED_WIN,
    TIMEOUT,
    TURNS,
    BenchDefaults,
    Game,
    Metric,
    max_turns_param,
    players_param,
    strategies_param,
)

from . import api as A
from . import records as R
from .data import DEFAULT_CONTRABAND, DEFAULT_SHIPS, load_contraband, load_ships
from .replay import EVENTS, replay_names

HERE = Path(__file__).resolve().parent
ABILITY_PARAMS = ("row_purge", "any_row", "price_sway", "extra_stash", "third_of_kind")

PARAMS = (
    players_param(4, 3, A.MAX_P, "number of players (SC.4.2 filters the ships)", "SC.3.1"),
    strategies_param("market,greedy,random"),
    ROTATE,
    Param("start_value", "int", 3, "every marker's value at setup", "SC.3.2", 1, 30, slot="C_START_VALUE"),
    Param("floor_value", "int", 1, "a marker never goes below this", "SC.3.3", 0, 30, slot="C_FLOOR"),
    Param("crash_threshold", "int", 9, "a market change that would put a marker above this value crashes it (back to crash_reset)", "SC.3.4", 2, 30,
          slot="C_CRASH_T"),
    Param("crash_reset", "int", 1, "the value a crashed marker is set to", "SC.3.5", 0, 30, slot="C_CRASH_RESET"),
    Param("largest_delta", "int", 2, "in a normal delivery, the change of the marker of the largest set (the type with the most card size in the hold)", "SC.3.6", -9, 9, slot="C_LD"),
    Param("smallest_delta", "int", -1, "in a normal delivery, the change of the marker of the smallest set (another type, the least card size)", "SC.3.7", -9, 9, slot="C_SD"),
    Param("express_largest_delta", "int", 1, "in an express delivery (the last turn's delivery of a hold that is not full, SC.12.4), the change of the largest set's marker", "SC.3.8", -9, 9, slot="C_XLD"),
    Param("express_smallest_delta", "int", 0, "in an express delivery, the change of the smallest set's marker", "SC.3.9", -9, 9, slot="C_XSD"),
    Param("hub_cols", "int", 4, "columns of the hub, the grid of face-up contraband cards players load from", "SC.3.10", 1, A.MAX_COLS, slot="C_COLS"),
    Param("hub_rows", "int", 3, "rows of the hub (cards are taken from the bottom row)", "SC.3.10", 1, A.MAX_ROWS, slot="C_ROWS"),
    Param("max_cards_per_load", "int", 2, "cards per load: the first card plus up to this many minus one more from the bottom of the same column", "SC.3.11", 1, 6,
          slot="C_MAXLOAD"),
    Param("abilities_enabled", "bool", True, "false = every ship's ability is NONE", "SC.3.12"),
    *(Param(f"ability_{a}", "bool", True, f"ships with the {a.upper()} ability may use it (false: off, for ablation studies)", "SC.3.13") for a in ABILITY_PARAMS),
    Param("sway_largest_delta", "int", -2, "the largest set's marker change when a ship's PRICE_SWAY ability replaces the normal one", "SC.3.14", -9, 9, slot="C_SWAY_LD"),
    Param("sway_smallest_delta", "int", 1, "the smallest set's marker change when PRICE_SWAY replaces the normal one", "SC.3.15", -9, 9, slot="C_SWAY_SD"),
    Param("extra_stash_sets", "int", 1, "how many more sets a ship with EXTRA_STASH may stash in a delivery", "SC.3.16", 0, 4, slot="C_EXTRA_SETS"),
    # the purge acts on the opening hub only (SC.4.6), the hub the start player loads from first (SC.4.7)
    Param("setup_purge_sizes", "sizes", "4", "card sizes replaced when they turn up in the opening hub (none: the rule is off)", "SC.3.17", slot="C_PURGE_MASK",
          acts_on=("start player",), search="none,4,3+4"),
    Param("third_card_scope", "choice", "bottom_row", "where THIRD_OF_KIND may take its third card: the bottom row of any column, or anywhere in the hub", "SC.3.18",
          choices=("bottom_row", "anywhere"), slot="C_THIRD_ANY"),
    Param("deliver_when_full", "choice", "immediate", "immediate: a full hold must be delivered this turn; optional: the player may wait (A4)",
          "SC.3.19", choices=("immediate", "optional"), slot="C_FULL_OPTIONAL"),
    Param("empty_hold_delivery", "choice", "deliver", "when the hold is empty and no card fits: still deliver (with the ship exchange) or pass (A7)", "SC.3.20",
          choices=("deliver", "pass"), slot="C_EMPTY_PASS"),
    Param("reshuffle_discards", "bool", True, "an empty deck is rebuilt from the discards (A2)", "SC.3.21",
          slot="C_RESHUFFLE"),
    Param("shipyard_tie_order", "choice", "random", "order of shipyard ships of equal capacity: shuffled, or as in the ships file (A15)", "SC.3.22",
          choices=("random", "config"), slot="C_TIE_CONFIG"),
    Param("score_ship_value", "bool", True, "the value of a player's ship counts towards its score at the end", "SC.3.23", slot="C_SCORE_SHIP"),
    max_turns_param(2000, 10, 1_000_000, "turn cap; a game that hits it is a timeout (SC.17.11 bounds real games)"),
    Param("contraband", "path", str(DEFAULT_CONTRABAND), "the contraband deck: cards per type and size (TOML; the built-in split is assumed)", "SC.2.8"),
    Param("ships", "path", str(DEFAULT_SHIPS), "the ships: capacity, value, ability, player-count mark (TOML; the built-in values are assumed)", "SC.2.9"),
)


class StarCartel(Game):
    name = "star-cartel"
    dirname = "star_cartel"
    title = "Star Cartel"
    rules = "star_cartel.md"
    min_players = 3
    default_strategies = "market,greedy,random"
    params = PARAMS
    api = A
    record_hash_cases = (
        ("c", {"players": 4}, 20_000),
        ("h", {"players": 4, "strategies": "market"}, 20_000),
        ("i", {"players": 6, "strategies": "market,greedy", "ability_any_row": True,
               "deliver_when_full": "optional", "third_card_scope": "anywhere"}, 20_000),
    )
    hidden_module = "simsuite.games.star_cartel.hidden"  # SC.14: what a seat may not see
    kernel_files = (HERE / "kernel.py",)
    layout = R.LAYOUT
    state_size = A.STATE_SIZE
    replay_log_rows = 20_000
    metrics = (
        TURNS,
        Metric("crashes", "crashes per game", "crashes", hist=True, chart="own", trend="the crash rate (crashes per game)",
               summary=True, title="Crashes per game (mean, 95% CI)"),
        Metric("margin", "winning margin (winner minus best loser)", "points", hist=True, chart="beside_spread",
               trend="the mean winning margin", summary=True, title="Winning margin (mean, 95% CI)"),
        SHARED_WIN, TIMEOUT,
    )
    bench = BenchDefaults(players="3,4,6", strategies="market")
    record_columns = {"marker": [f"marker_{t.lower()}" for t in A.TYPE_NAMES],
                      "type_crashes": [f"crashes_{t.lower()}" for t in A.TYPE_NAMES]}
    tune_example = "crash_threshold=6..14"

    def check(self, cfg: dict) -> None:
        lo, hi = cfg["floor_value"], cfg["crash_threshold"]
        for k in ("start_value", "crash_reset"):
            if not lo <= cfg[k] <= hi:
                raise BadInput(k, f"{cfg[k]} must lie in [floor_value, crash_threshold] = [{lo}, {hi}] (SC.9.1)")
        load_contraband(Path(cfg["contraband"]))
        load_ships(Path(cfg["ships"]))

    def fill_cfg(self, c, cfg, extra_dirs):
        """What no single parameter fills (the rest have a slot): the abilities in play, the decks."""
        c[A.C_ABIL_ON + A.A_NONE] = 1
        for i, a in enumerate(ABILITY_PARAMS, start=1):
            c[A.C_ABIL_ON + i] = int(cfg["abilities_enabled"] and cfg[f"ability_{a}"])
        k = 0
        for t, size, count in load_contraband(Path(cfg["contraband"])):
            for _ in range(count):
                c[A.C_CARD_TYPE + k] = t
                c[A.C_CARD_SIZE + k] = size
                k += 1
        c[A.C_N_CARDS] = k
        ships = load_ships(Path(cfg["ships"]))
        for i, s in enumerate(ships):
            c[A.C_SHIP_CAP + i] = s["capacity"]
            c[A.C_SHIP_VAL + i] = s["value"]
            c[A.C_SHIP_ABIL + i] = s["ability"]
            c[A.C_SHIP_MINP + i] = s["min_players"]
            c[A.C_SHIP_YARD + i] = int(s["yard"])
            c[A.C_SHIP_FINAL + i] = int(s["final"])
        c[A.C_N_SHIPS] = len(ships)

    def game_metrics(self, rec):
        return {
            "turns": rec["turns"], "crashes": rec["crashes"], "deliveries": rec["deliveries"],
            "express": rec["express"], "reshuffles": rec["reshuffles"], "margin": rec["margin"],
            "timeout": rec["timeout"], "shared_win": (rec["n_winners"] > 1).astype(np.int64),
            "winning_score": rec["score"].max(axis=1),
        }

    def summary_line(self, m):
        return (f"mean turns {m['turns_mean']:.2f} (sd {m['turns_sd']:.2f}); mean crashes per game "
                f"{m['crashes_mean']:.3f} (sd {m['crashes_sd']:.3f}); shared-win games {100 * m['shared_win_mean']:.2f}%; "
                f"timeouts {100 * m['timeout_mean']:.3f}%")

    # ---- replay -------------------------------------------------------------------------
    events = EVENTS

    def replay_names(self, cfg_arr, cfg, seats):
        return replay_names(cfg_arr, load_ships(Path(cfg["ships"])))

