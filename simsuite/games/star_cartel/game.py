"""Star Cartel: parameters (SC.3), data, kernel binding, records and the replay log."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from simsuite.errors import BadInput
from simsuite.games.base import SHARED_WIN, TIMEOUT, TURNS, BenchDefaults, Game, Metric
from simsuite.params import Param

from . import api as A
from . import records as R
from .data import DEFAULT_CONTRABAND, DEFAULT_SHIPS, load_contraband, load_ships

HERE = Path(__file__).resolve().parent
ABILITY_PARAMS = ("row_purge", "any_row", "price_sway", "extra_stash", "third_of_kind")

PARAMS = (
    Param("players", "int", 4, "number of players (SC.4.2 filters the ships)", "SC.3.1", 3, 6,
          aliases=("n_players",)),
    Param("strategies", "lineup", "market,greedy,random",
          "strategy per seat, comma-separated; a shorter line-up repeats round the table"),
    Param("rotate", "bool", False, "rotate the line-up through the seats game by game"),
    Param("start_value", "int", 3, "every marker's value at setup", "SC.3.2", 1, 30),
    Param("floor_value", "int", 1, "a marker never goes below this", "SC.3.3", 0, 30),
    Param("crash_threshold", "int", 9, "a change that would put a marker above this crashes it", "SC.3.4", 2, 30),
    Param("crash_reset", "int", 1, "value a crashed marker is set to", "SC.3.5", 0, 30),
    Param("largest_delta", "int", 2, "largest set's marker change, normal delivery", "SC.3.6", -9, 9),
    Param("smallest_delta", "int", -1, "smallest set's marker change, normal delivery", "SC.3.7", -9, 9),
    Param("express_largest_delta", "int", 1, "largest set, express delivery", "SC.3.8", -9, 9),
    Param("express_smallest_delta", "int", 0, "smallest set, express delivery", "SC.3.9", -9, 9),
    Param("hub_cols", "int", 4, "hub columns", "SC.3.10", 1, A.MAX_COLS),
    Param("hub_rows", "int", 3, "hub rows", "SC.3.10", 1, A.MAX_ROWS),
    Param("max_cards_per_load", "int", 2, "cards per load step (first + same column)", "SC.3.11", 1, 6),
    Param("abilities_enabled", "bool", True, "false = every ship's ability is NONE", "SC.3.12"),
    *(Param(f"ability_{a}", "bool", True, f"{a.upper()} switched on", "SC.3.13") for a in ABILITY_PARAMS),
    Param("sway_largest_delta", "int", -2, "PRICE_SWAY delta for the largest set", "SC.3.14", -9, 9),
    Param("sway_smallest_delta", "int", 1, "PRICE_SWAY delta for the smallest set", "SC.3.15", -9, 9),
    Param("extra_stash_sets", "int", 1, "extra sets EXTRA_STASH may stash", "SC.3.16", 0, 4),
    Param("setup_purge_sizes", "sizes", "4", "card sizes removed from the opening hub", "SC.3.17"),
    Param("third_card_scope", "choice", "bottom_row", "where THIRD_OF_KIND may take from", "SC.3.18",
          choices=("bottom_row", "anywhere")),
    Param("deliver_when_full", "choice", "immediate", "a full hold is delivered at once, or optionally (A4)",
          "SC.3.19", choices=("immediate", "optional")),
    Param("empty_hold_delivery", "choice", "deliver", "empty hold and nothing fits (A7)", "SC.3.20",
          choices=("deliver", "pass")),
    Param("reshuffle_discards", "bool", True, "an empty deck is rebuilt from the discards (A2)", "SC.3.21"),
    Param("shipyard_tie_order", "choice", "random", "order of equal-capacity shipyard ships (A15)", "SC.3.22",
          choices=("random", "config")),
    Param("score_ship_value", "bool", True, "the ship's value counts at game end", "SC.3.23"),
    Param("max_turns", "int", 2000, "turn cap; a game that hits it is a timeout (SC.17.11 bounds real games)",
          "", 10, 1_000_000),
    Param("contraband", "path", str(DEFAULT_CONTRABAND), "contraband deck TOML (SC.2.8)", "SC.2.8"),
    Param("ships", "path", str(DEFAULT_SHIPS), "ship list TOML (SC.2.9)", "SC.2.9"),
)


class StarCartel(Game):
    name = "star-cartel"
    dirname = "star_cartel"
    title = "Star Cartel"
    rules = "star_cartel.md"
    min_players = 3
    max_players = 6
    default_strategies = "market,greedy,random"
    params = PARAMS
    kernel_files = (HERE / "kernel.py",)
    kernel_deps = (HERE / "api.py", HERE / "records.py", HERE / "heuristics.py")
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

    def check(self, cfg: dict) -> None:
        lo, hi = cfg["floor_value"], cfg["crash_threshold"]
        for k in ("start_value", "crash_reset"):
            if not lo <= cfg[k] <= hi:
                raise BadInput(k, f"{cfg[k]} must lie in [floor_value, crash_threshold] = [{lo}, {hi}] (SC.9.1)")
        load_contraband(Path(cfg["contraband"]))
        load_ships(Path(cfg["ships"]))

    def build_cfg(self, cfg: dict, extra_dirs: tuple = ()) -> np.ndarray:
        c = np.zeros(A.CFG_SIZE, np.int64)
        c[A.C_NP] = cfg["players"]
        c[A.C_START_VALUE] = cfg["start_value"]
        c[A.C_FLOOR] = cfg["floor_value"]
        c[A.C_CRASH_T] = cfg["crash_threshold"]
        c[A.C_CRASH_RESET] = cfg["crash_reset"]
        c[A.C_LD] = cfg["largest_delta"]
        c[A.C_SD] = cfg["smallest_delta"]
        c[A.C_XLD] = cfg["express_largest_delta"]
        c[A.C_XSD] = cfg["express_smallest_delta"]
        c[A.C_COLS] = cfg["hub_cols"]
        c[A.C_ROWS] = cfg["hub_rows"]
        c[A.C_MAXLOAD] = cfg["max_cards_per_load"]
        c[A.C_ABIL_ON + A.A_NONE] = 1
        for i, a in enumerate(ABILITY_PARAMS, start=1):
            c[A.C_ABIL_ON + i] = int(cfg["abilities_enabled"] and cfg[f"ability_{a}"])
        c[A.C_SWAY_LD] = cfg["sway_largest_delta"]
        c[A.C_SWAY_SD] = cfg["sway_smallest_delta"]
        c[A.C_EXTRA_SETS] = cfg["extra_stash_sets"]
        sizes = [] if cfg["setup_purge_sizes"] == "none" else [int(s) for s in cfg["setup_purge_sizes"].split("+")]
        c[A.C_PURGE_MASK] = sum(1 << s for s in sizes)
        c[A.C_THIRD_ANY] = int(cfg["third_card_scope"] == "anywhere")
        c[A.C_FULL_OPTIONAL] = int(cfg["deliver_when_full"] == "optional")
        c[A.C_EMPTY_PASS] = int(cfg["empty_hold_delivery"] == "pass")
        c[A.C_RESHUFFLE] = int(cfg["reshuffle_discards"])
        c[A.C_TIE_CONFIG] = int(cfg["shipyard_tie_order"] == "config")
        c[A.C_SCORE_SHIP] = int(cfg["score_ship_value"])
        c[A.C_MAX_TURNS] = cfg["max_turns"]
        c[A.C_ROTATE] = int(cfg["rotate"])
        for s, sid in enumerate(self.strategy_ids(cfg, extra_dirs)):
            c[A.C_LINEUP + s] = sid
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
        return c

    def seat_view(self, rec, n_players):
        N = n_players
        win = rec["win"][:, :N]
        seats = np.arange(N)[None, :]
        return dict(
            win=win,
            score=rec["score"][:, :N],
            strategy=rec["strategy"][:, :N],
            position=(seats - rec["start_player"][:, None]) % N,
        )

    def game_metrics(self, rec):
        return {
            "turns": rec["turns"], "crashes": rec["crashes"], "deliveries": rec["deliveries"],
            "express": rec["express"], "reshuffles": rec["reshuffles"], "margin": rec["margin"],
            "timeout": rec["timeout"], "shared_win": (rec["n_winners"] > 1).astype(np.int64),
            "winning_score": rec["score"].max(axis=1),
        }

    def summary_line(self, m):
        return (f"mean turns {m['turns_mean']:.2f} (sd {m['turns_sd']:.2f}); mean crashes per game "
                f"{m['crashes_mean']:.3f} (sd {m['crashes_sd']:.3f}); shared-win games {m['shared_win_mean']:.4f}; "
                f"timeouts {m['timeout_mean']:.5f}")

    def records_frame(self, rec, n_players):
        types = [t.lower() for t in A.TYPE_NAMES]
        return R.LAYOUT.frame(rec, n_players, A.MAX_P, {"marker": [f"marker_{t}" for t in types],
                                                        "type_crashes": [f"crashes_{t}" for t in types]})

    # ---- replay -------------------------------------------------------------------------
    def describe(self, kernel, log, cfg_arr, cfg, game):
        return describe_events(kernel, log, cfg_arr, self.game_seat_strategies(cfg, game), load_ships(Path(cfg["ships"])))


def _card(cfg_arr, c):
    return f"{A.TYPE_NAMES[cfg_arr[A.C_CARD_TYPE + c]].capitalize()} {cfg_arr[A.C_CARD_SIZE + c]}"


def describe_events(k, log, cfg_arr, seat_strats, ships) -> list[dict]:
    """Turn the kernel's event log into dicts with a readable 'text' (SC.18 event names)."""
    n = int(log[0, 0])
    ev = []
    T = A.TYPE_NAMES
    fates = ("largest, discarded", "smallest, discarded", "stashed", "discarded")

    def seat(p):
        return f"seat {p} ({seat_strats[p]})"

    def ship(s):
        d = ships[s]
        return f"{d['name']} (capacity {d['capacity']}, value {d['value']}, {A.ABILITIES[d['ability']]})"

    for row in log[1:n + 1]:
        code, a, b, c, d, e, f = (int(x) for x in row[:7])
        if code == k.E_SETUP_PURGE:
            ev.append(dict(event="setup_purge", card=a, text=f"setup purge: {_card(cfg_arr, a)} at column {b + 1} row {c + 1} set aside"))
        elif code == k.E_START:
            ev.append(dict(event="start", player=a, text=f"start player: {seat(a)}"))
        elif code == k.E_TURN:
            tag = " [final round]" if c else ""
            ev.append(dict(event="turn", player=a, turn=b, text=f"-- turn {b + 1}: {seat(a)}{tag}, ship {ship(d)}, load {e}"))
        elif code == k.E_FINAL_TURN:
            ev.append(dict(event="final_turn", player=a, text=f"final turn for {seat(a)}"))
        elif code == k.E_ROW_PURGE:
            ev.append(dict(event="row_purge", player=a, row=b, text=f"   ROW_PURGE: row {b + 1} discarded ({c} cards)"))
        elif code == k.E_LOAD:
            ev.append(dict(event="load", player=a, card=b, col=c, row=d, ordinal=e,
                           text=f"   load #{e}: {_card(cfg_arr, b)} from column {c + 1} row {d + 1} -> load {f}"))
        elif code == k.E_DECLINE:
            ev.append(dict(event="decline", player=a, text="   declines the ANY_ROW load: forced delivery"))
        elif code == k.E_DELIVERY:
            kind = "express" if b else "normal"
            ev.append(dict(event="delivery", player=a, kind=kind, sets=c, text=f"   {kind} delivery of {c} set(s), load {d}"))
        elif code == k.E_SET:
            ev.append(dict(event="set", player=a, type=T[b], size=c, cards=d, fate=fates[e],
                           text=f"     {T[b]}: size {c}, {d} card(s): {fates[e]}"))
        elif code == k.E_MARKER:
            crash = " CRASH" if e else ""
            ev.append(dict(event="marker", type=T[a], old=b, delta=c, new=d, crashed=bool(e),
                           text=f"     market {T[a]}: {b} {c:+d} -> {d}{crash}"))
        elif code == k.E_SHIP:
            ev.append(dict(event="ship_taken", player=a, old=b, new=c,
                           text=f"   takes {ship(c)}; {d} left in the shipyard"))
        elif code == k.E_END:
            ev.append(dict(event="end_triggered", player=a, text=f"   {seat(a)} took Cassiopeia: the end is triggered"))
        elif code == k.E_RESHUFFLE:
            ev.append(dict(event="reshuffle", cards=a, text=f"   deck empty: {a} discards reshuffled into the deck"))
        elif code == k.E_PASS:
            ev.append(dict(event="pass", player=a, text="   empty hold and nothing fits: passes (empty_hold_delivery=pass)"))
        elif code == k.E_WAIT:
            ev.append(dict(event="wait", player=a, text="   full hold kept for next turn (deliver_when_full=optional)"))
        elif code == k.E_TIMEOUT:
            ev.append(dict(event="timeout", turns=a, text=f"turn cap reached after {a} turns: timeout"))
        elif code == k.E_SCORE:
            ev.append(dict(event="score", player=a, C=b, V=c, T=d, best_type=e, stash_cards=f,
                           text=f"score {seat(a)}: contraband {b} + ship {c} = {d} (best type {e}, {f} cards)"))
        elif code == k.E_WINNERS:
            w = [p for p in range(A.MAX_P) if (a >> p) & 1]
            ev.append(dict(event="winners", seats=w, total=c,
                           text=f"winner{'s' if len(w) > 1 else ''}: {', '.join(seat(p) for p in w)} with {c}"))
    if log[0, 1]:
        ev.append(dict(event="log_truncated", text="(log truncated)"))
    return ev
