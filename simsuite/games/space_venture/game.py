"""Amazing Space Venture: parameters (ASV.6), data, kernel binding, records and the replay log."""
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
from .columns import BY_STRAT_PREFIX, SEATS_PREFIX
from .data import DEFAULT_CARDS, DEFAULT_TILES, load_cards, load_tiles
from .replay import EVENTS, replay_names
from .report import score_sources_section  # matplotlib only inside its functions

HERE = Path(__file__).resolve().parent
COLOURS = {2: (A.BLUE, A.GREEN), 3: (A.BLUE, A.YELLOW, A.GREEN), 4: (A.BLUE, A.YELLOW, A.GREEN, A.RED)}  # B4

PARAMS = (
    players_param(4, 2, A.MAX_P, "number of players", "ASV.6.1"),
    strategies_param("basic", "strategy per seat, comma-separated; a shorter line-up repeats"),
    ROTATE,
    # the game ends in the turn that draws the last tile and no other player takes a turn (ASV.19.1):
    # the tiles drawn per turn decide whose turn that is, so how many turns each seat gets
    Param("tiles_per_turn", "int", 0, "tiles drawn in phase 1; 0 = the rules' 3 (2 players) or 2", "ASV.6.2", 0, 6,
          acts_on=("start player",), search="1..4"),
    Param("hand_size", "int", 10, "cards in the opening hand, and the hand size refilled to", "ASV.6.3", 1, 10, slot="C_HAND"),
    Param("discard_limit", "int", 1, "cards that may be discarded in phase 4 (0 or 1)", "ASV.6.4", 0, 1, slot="C_DISCARD_LIMIT"),
    Param("sun_points", "custom", "1+2+3+4", "points for the 1st-4th sun drawn", "ASV.6.5",
          parser=lambda v: _four_ints("sun_points", v), allowed_text="four integers joined by '+', e.g. 1+2+3+4"),
    Param("max_ships", "int", 2, "most ships a player may have on the board", "ASV.6.6", 1, 2, slot="C_MAX_SHIPS"),
    Param("max_probes", "int", 2, "most probes a player may have on the board", "ASV.6.6", 0, 2, slot="C_MAX_PROBES"),
    Param("max_stations", "int", 2, "most stations a player may have on the board", "ASV.6.6", 0, 2, slot="C_MAX_STATIONS"),
    Param("max_pirates", "int", 2, "most pirates a player may have on the board", "ASV.6.6", 0, 2, slot="C_MAX_PIRATES"),
    Param("fast_ship_min_move", "int", 3, "a ship with at least this movement (M) counts as fast", "ASV.6.7", 2, 9, slot="C_FAST_MIN"),
    Param("max_fast_ships", "int", 1, "most fast ships a player may have on the board", "ASV.6.7", 0, 2, slot="C_MAX_FAST"),
    Param("galaxy_points_per_tile", "int", 2, "points per tile of a completed galaxy", "ASV.6.8", 0, 10, slot="C_GAL_PPT"),
    Param("two_tile_galaxy_points", "int", 2, "points for a completed galaxy of only 2 tiles, in total (B14)", "ASV.6.9", 0, 10, slot="C_GAL2"),
    Param("open_galaxy_points_per_tile", "int", 1, "points per tile at the end for a probe in a galaxy that is not complete", "ASV.6.10", 0, 10, slot="C_OPEN_GAL_PPT"),
    Param("probe_scoring", "choice", "per_player", "once per player per galaxy, or per probe (B15)", "ASV.6.11",
          choices=("per_player", "per_probe"), slot="C_PER_PROBE"),
    Param("station_points_per_tile", "int", 1, "station points per tile in its 3x3 footprint", "ASV.6.12", 0, 10, slot="C_STATION_PPT"),
    Param("station_sun_rule", "choice", "end_only", "how suns count in station scoring (B17)", "ASV.6.13",
          choices=("end_only", "never", "blocks_cash"), slot="C_STATION_SUN"),
    Param("pirate_scoring", "choice", "triangular", "pirate points for a path with n interior tiles: n(n+1)/2 (triangular) or n", "ASV.6.14",
          choices=("triangular", "linear"), slot="C_PIRATE_TRI", encoder=lambda v: v == "triangular"),
    Param("planet_bonus", "custom", "1+2+2+4", "end bonus: own sector small+large, elsewhere small+large",
          "ASV.6.15", parser=lambda v: _four_ints("planet_bonus", v), allowed_text="four integers joined by '+'"),
    Param("peace_treaty_points", "int", 5, "points for the Peace Treaty quest", "ASV.6.16", 0, 30, slot="C_QPTS_PEACE"),
    Param("space_power_points", "int", 5, "points for the Space Power quest", "ASV.6.16", 0, 30, slot="C_QPTS_POWER"),
    Param("trade_policy_points_per_tile", "int", 1, "Trade Policy quest: points per tile of the path", "ASV.6.16", 0, 10, slot="C_QPTS_TRADE"),
    Param("space_power_threshold", "int", 6, "Space Power quest: discovered planets needed in the sector, home included (B22)", "ASV.6.17", 1, 36, slot="C_POWER_T"),
    Param("path_travel_cost", "choice", "whole_move", "a path ride is the whole move, or costs 1 M (B8)",
          "ASV.6.18", choices=("whole_move", "1"), slot="C_RIDE"),
    Param("wormhole_transfer_cost", "int", 0, "extra M to exit at another wormhole (B10)", "ASV.6.19", 0, 9, slot="C_WH_COST"),
    Param("board_wormholes_enterable", "bool", True, "every ship may enter an uncovered board wormhole (B11)",
          "ASV.6.20", slot="C_BWH_ENTER"),
    Param("upgrade_requires_higher_move", "bool", True, "an upgrade needs a higher M (B12)", "ASV.6.21", slot="C_UPG_HIGHER"),
    Param("special_action_mode", "choice", "inert", "special action cards: held without effect, or removed (MC4)",
          "ASV.6.22", choices=("inert", "remove"), slot="C_SPECIAL_REMOVE"),
    Param("allow_negative_score", "bool", True, "scores may fall below 0 (B26)", "ASV.6.23", slot="C_NEG_OK"),
    max_turns_param(200, 10, 10_000, "turn cap; a game that hits it is a timeout (ASV.24.13 bounds real games)"),
    Param("tiles", "path", str(DEFAULT_TILES), "the tile set (TOML, ASV.4; the built-in faces are assumed)", "ASV.2.3"),
    Param("cards", "path", str(DEFAULT_CARDS), "the card list (TOML, ASV.5; most built-in values are assumed)", "ASV.2.4"),
)


def _four_ints(name, v):
    parts = [str(x) for x in v] if isinstance(v, (list, tuple)) else str(v).replace(",", "+").split("+")
    try:
        nums = [int(p) for p in parts]
    except ValueError:
        raise BadInput(name, f"got {v!r}; allowed: four integers joined by '+'")
    if len(nums) != 4 or any(not -50 <= x <= 50 for x in nums):
        raise BadInput(name, f"got {v!r}; allowed: four integers in -50..50 joined by '+'")
    return "+".join(map(str, nums))


def _face(t: dict, r: int):
    """What a tile turned by r quarter turns shows (edges, path segments, galaxy areas), so that
    rotations laying the same face (an all-deep tile: 1 of 4) are offered once."""
    edges = tuple(t["edges"][(d - r) % 4] for d in range(4))
    segs = sorted(tuple(sorted((e + r) % 4 if e < 4 else e for e in seg)) for seg in t["paths"])
    gals = sorted(sum(1 << ((d + r) % 4) for d in range(4) if (m >> d) & 1) for m in t["galaxies"])
    return edges, tuple(segs), tuple(gals)


class SpaceVenture(Game):
    name = "space-venture"
    dirname = "space_venture"
    title = "Amazing Space Venture"
    rules = "amazing_space_venture.md"
    min_players = 2
    default_strategies = "basic"
    params = PARAMS
    api = A
    record_hash_cases = (
        ("j", {"players": 4, "strategies": "basic"}, 5_000),
        ("k", {"players": 2, "strategies": "basic,random"}, 5_000),
        ("l", {"players": 3, "strategies": "basic", "path_travel_cost": "1", "probe_scoring": "per_probe"}, 5_000),
        ("m", {"players": 4, "strategies": "basic,random", "wormhole_transfer_cost": 2,
               "board_wormholes_enterable": False}, 5_000),
    )
    hidden_module = "simsuite.games.space_venture.hidden"  # ASV.20: what a seat may not see
    kernel_files = (HERE / "kernel.py", HERE / "kernel_phases.py", HERE / "kernel_game.py")
    layout = R.LAYOUT
    state_size = A.STATE_SIZE
    metrics = (
        TURNS,
        Metric("margin", "winning margin (winner minus best loser)", "points", hist=True, chart="beside_spread",
               trend="the mean winning margin", summary=True, title="Winning margin (mean, 95% CI)"),
        Metric("discoveries", "planets discovered per game", "planets", chart="own",
               trend="the number of discoveries per game", summary=True, title="Discoveries per game (mean, 95% CI)"),
        Metric("tiles_removed", "tiles removed as unplaceable per game (ASV.9.8)", "tiles", summary=True),
        *(Metric(f"pts_{n}", f"points from {n.replace('_', ' ')} per game, all seats together", "points",
                 chart="own" if n in ("planets", "stations") else "",
                 title=f"Points from {n.replace('_', ' ')} per game, all seats (mean, 95% CI)")
          for n in A.SOURCE_NAMES),
        SHARED_WIN, TIMEOUT,
    )
    bench = BenchDefaults(players="4", strategies="basic")

    def check(self, cfg: dict) -> None:
        load_tiles(Path(cfg["tiles"]))
        load_cards(Path(cfg["cards"]))

    def fill_cfg(self, c: np.ndarray, cfg: dict, extra_dirs: tuple) -> None:
        """Colours (B4), derived words and the tile and card tables (ASV.4, ASV.5)."""
        N = cfg["players"]
        for s, col in enumerate(COLOURS[N]):
            c[A.C_COLOUR + s] = col
        c[A.C_TPT] = cfg["tiles_per_turn"] or (3 if N == 2 else 2)
        c[A.C_SUNPTS:A.C_SUNPTS + 4] = [int(x) for x in cfg["sun_points"].split("+")]
        c[A.C_BONUS:A.C_BONUS + 4] = [int(x) for x in cfg["planet_bonus"].split("+")]
        for i, t in enumerate(load_tiles(Path(cfg["tiles"]))):
            c[A.C_T_KIND + i] = t["kind"]
            for r in range(4):
                packed = 0
                for d in range(4):
                    packed |= t["edges"][(d - r) % 4] << (2 * d)
                c[A.C_T_ROTEDGE + i * 4 + r] = packed
            c[A.C_T_NSEG + i] = len(t["paths"])
            for s, (e0, e1) in enumerate(t["paths"]):
                c[A.C_T_SEG + i * 8 + 2 * s] = e0
                c[A.C_T_SEG + i * 8 + 2 * s + 1] = e1
            c[A.C_T_NGAL + i] = len(t["galaxies"])
            for a, m in enumerate(t["galaxies"]):
                c[A.C_T_GAL + i * 4 + a] = m
            faces = [_face(t, r) for r in range(4)]
            for r in range(4):
                c[A.C_T_ROTDUP + i * 4 + r] = int(faces[r] in faces[:r])
            c[A.C_T_PLANET + i] = t["planet"]
            c[A.C_T_WH + i] = int(t["wormhole"])
            c[A.C_T_BH + i] = int(t["black_hole"])
            c[A.C_T_SUNC + i] = t["sun"]
            c[A.C_T_QUEST + i] = t["quest"]
        cards = load_cards(Path(cfg["cards"]))
        for i, k in enumerate(cards):
            c[A.C_K_CAT + i] = k["cat"]
            c[A.C_K_VAL + i] = k["value"]
            c[A.C_K_HOME + i] = int(k["home"])
            c[A.C_K_MULT + i] = k["mult"]
            c[A.C_K_STYPE + i] = k["stype"]
            c[A.C_K_MOVE + i] = k["move"]
            c[A.C_K_START + i] = int(k["starting"])
        c[A.C_N_CARDS] = len(cards)

    def game_metrics(self, rec):
        m = {k: rec[k] for k in ("turns", "tiles_placed", "tiles_removed", "discoveries", "galaxies_completed",
                                 "paths_completed", "quests_claimed", "stations_cashed", "pirates_lost", "margin",
                                 "timeout")}
        m["shared_win"] = (rec["n_winners"] > 1).astype(np.int64)
        m["winning_score"] = rec["score"].max(axis=1)
        # points from each source in the game, all seats together (seats not in the game hold -1)
        for n in A.SOURCE_NAMES:
            m[f"pts_{n}"] = np.where(rec["strategy"] >= 0, rec[f"src_{n}"], 0).sum(axis=1)
        # the same per strategy (score sources per strategy): per game, the points the seats
        # of strategy s took from each source, and how many seats s held, so the report gets a
        # per-game variance without per-game records. Every built-in strategy always gets its
        # columns, so each chunk of a cell folds the same metrics.
        strat = rec["strategy"]
        for sid, name in enumerate(self.strategy_names()):
            mine = strat == sid
            m[f"{SEATS_PREFIX}{name}"] = mine.sum(axis=1)
            for n in A.SOURCE_NAMES:
                m[f"{BY_STRAT_PREFIX}{name}__{n}"] = np.where(mine, rec[f"src_{n}"], 0).sum(axis=1)
        return m

    def strategy_names(self) -> list[str]:
        """The built-in strategies in id order (a plug-in strategy from --strategy-dir has no per-strategy
        source columns)."""
        return [s.name for s in self.strategies()]

    report_sections = (score_sources_section,)

    def summary_line(self, m):
        src = ", ".join(f"{n} {m[f'pts_{n}_mean']:.2f}" for n in A.SOURCE_NAMES)
        return (f"mean turns {m['turns_mean']:.2f} (sd {m['turns_sd']:.2f}); tiles placed {m['tiles_placed_mean']:.1f}; "
                f"winning score {m['winning_score_mean']:.1f}; points per game by source, all seats together: {src}; "
                f"shared-win games {100 * m['shared_win_mean']:.2f}%; timeouts {100 * m['timeout_mean']:.3f}%")

    # ---- replay -------------------------------------------------------------------------
    events = EVENTS

    def replay_names(self, cfg_arr, cfg, seats):
        return replay_names(load_tiles(Path(cfg["tiles"])), load_cards(Path(cfg["cards"])))
