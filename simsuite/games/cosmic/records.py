"""Per-game result record of Cosmic Encounter.

The kernel writes one int64 row per game into a 2-D array; ``as_records`` views it, without a
copy, as a numpy structured array with these fields (per-seat fields are length-4 subarrays,
-1 for seats not in the game).
"""
import numpy as np

from simsuite.records import RecordLayout

from .api import MAX_P, N_ART

SCALAR_FIELDS = (
    ("game", "game index within the run"),
    ("start_player", "seat that took the first turn (CE.2.4)"),
    ("turns", "turns played"),
    ("encounters", "encounters played (every result counts, CE.3.5)"),
    ("illegal", "decisions a strategy answered outside its options (the run stops with an error)"),
    ("illegal_seat", "seat that gave the first such answer (-1: none)"),
    ("timeout", "1 if the game hit the turn cap (A63): no winner"),
    ("n_winners", "players sharing the win (CE.18.2)"),
    ("joint_win", "1 if two or more players won together"),
    ("offense_wins", "encounters with result OFFENSE_WIN"),
    ("defense_wins", "encounters with result DEFENSE_WIN"),
    ("deals", "encounters with result DEAL_MADE"),
    ("failed_deals", "encounters with result DEAL_FAILED"),
    ("no_results", "encounters with result NO_RESULT"),
    ("resettles", "RESETTLE choices (CE.5.5)"),
    ("expels", "EXPEL choices (CE.5.6)"),
    ("second_encounters", "second encounters taken (CE.15)"),
    ("artifacts_played", "artifact cards played (CE.21)"),
    ("compensation_cards", "cards taken as compensation (CE.12.2)"),
    ("reward_cards", "defensive rewards taken as cards (CE.14)"),
    ("reward_ships", "defensive rewards taken as ships (CE.14)"),
    ("power_losses", "times a power switched off below the home-colony threshold (CE.19)"),
    ("deck_reshuffles", "discard pile shuffled into a new deck (A4)"),
)
VECTOR_FIELDS = (
    ("artifacts_by_kind", N_ART, "artifacts played per kind (CE.21.1-CE.21.6 order)"),
    ("strategy", MAX_P, "strategy id per seat"),
    ("win", MAX_P, "1 if the seat is among the winners"),
    ("score", MAX_P, "foreign colonies at the end (the victory measure)"),
    ("foreign_colonies", MAX_P, "foreign colonies at the end (CE.18.1)"),
    ("home_colonies", MAX_P, "home colonies at the end (CE.19.1)"),
    ("warp", MAX_P, "ships in the warp at the end"),
    ("hand", MAX_P, "cards in hand at the end"),
    ("power_on", MAX_P, "1 if the power flag is on at the end (CE.19)"),
    ("alien", MAX_P, "alien dealt to the seat (CE.22 order, api.ALIEN_NAMES; -1 none)"),
    ("power_uses", MAX_P, "alien power uses and automatic effects applied (CE.22)"),
)

LAYOUT = RecordLayout(SCALAR_FIELDS, VECTOR_FIELDS)
OFFSETS = LAYOUT.offsets
N_COLS = LAYOUT.n_cols

R_GAME = OFFSETS["game"]
R_START = OFFSETS["start_player"]
R_TURNS = OFFSETS["turns"]
R_ENCOUNTERS = OFFSETS["encounters"]
R_TIMEOUT = OFFSETS["timeout"]
R_ILLEGAL = OFFSETS["illegal"]
R_ILLEGAL_SEAT = OFFSETS["illegal_seat"]
R_NWIN = OFFSETS["n_winners"]
R_JOINT = OFFSETS["joint_win"]
R_OWIN = OFFSETS["offense_wins"]
R_DWIN = OFFSETS["defense_wins"]
R_DEALS = OFFSETS["deals"]
R_FAILED = OFFSETS["failed_deals"]
R_NORES = OFFSETS["no_results"]
R_RESETTLES = OFFSETS["resettles"]
R_EXPELS = OFFSETS["expels"]
R_SECOND = OFFSETS["second_encounters"]
R_ARTS = OFFSETS["artifacts_played"]
R_COMP = OFFSETS["compensation_cards"]
R_RWD_CARDS = OFFSETS["reward_cards"]
R_RWD_SHIPS = OFFSETS["reward_ships"]
R_POWER_LOSS = OFFSETS["power_losses"]
R_RESHUF = OFFSETS["deck_reshuffles"]
R_ART_KIND = OFFSETS["artifacts_by_kind"]
R_STRAT = OFFSETS["strategy"]
R_WIN = OFFSETS["win"]
R_SCORE = OFFSETS["score"]
R_FOREIGN = OFFSETS["foreign_colonies"]
R_HOME = OFFSETS["home_colonies"]
R_WARP = OFFSETS["warp"]
R_HAND = OFFSETS["hand"]
R_POWER = OFFSETS["power_on"]
R_ALIEN = OFFSETS["alien"]
R_POWER_USES = OFFSETS["power_uses"]

DTYPE = LAYOUT.dtype


def as_records(rows: np.ndarray) -> np.ndarray:
    """View an (n, N_COLS) int64 array as a structured array (no copy)."""
    return LAYOUT.view(rows)
