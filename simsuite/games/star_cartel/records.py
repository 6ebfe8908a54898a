"""Per-game result record of Star Cartel.

The kernel writes one int64 row per game into a 2-D array; ``as_records`` views it, without a
copy, as a numpy structured array with these fields (per-seat fields are length-6 subarrays,
-1 for seats not in the game).
"""
import numpy as np

from simsuite.records import RecordLayout

from .api import MAX_P, N_TYPES

SCALAR_FIELDS = (
    ("game", "game index within the run"),
    ("start_player", "seat that took the first turn (SC.4.7)"),
    ("turns", "turns played"),
    ("deliveries", "deliveries made (SC.17.7)"),
    ("express", "express deliveries in the final round"),
    ("crashes", "market crashes"),
    ("reshuffles", "discard pile reshuffled into the deck"),
    ("illegal", "decisions a strategy answered outside its options (the run stops with an error)"),
    ("illegal_seat", "seat that gave the first such answer (-1: none)"),
    ("timeout", "1 if the game hit the turn cap"),
    ("ships_discarded", "ships that left the game"),
    ("n_winners", "players sharing the win"),
    ("margin", "winning total minus best losing total (0 when all share the win)"),
)
VECTOR_FIELDS = (
    ("marker", N_TYPES, "final market value per contraband type"),
    ("type_crashes", N_TYPES, "crashes per contraband type"),
    ("strategy", MAX_P, "strategy id per seat"),
    ("score", MAX_P, "total score T per seat"),
    ("contraband", MAX_P, "contraband score C per seat"),
    ("ship_value", MAX_P, "ship score V per seat"),
    ("stash_cards", MAX_P, "stashed cards per seat"),
    ("best_type", MAX_P, "best single-type score per seat"),
    ("win", MAX_P, "1 if the seat is among the winners"),
    ("ship", MAX_P, "final ship id per seat"),
)

LAYOUT = RecordLayout(SCALAR_FIELDS, VECTOR_FIELDS)
OFFSETS = LAYOUT.offsets
N_COLS = LAYOUT.n_cols

R_GAME = OFFSETS["game"]
R_START = OFFSETS["start_player"]
R_TURNS = OFFSETS["turns"]
R_DELIV = OFFSETS["deliveries"]
R_EXPRESS = OFFSETS["express"]
R_CRASHES = OFFSETS["crashes"]
R_RESHUF = OFFSETS["reshuffles"]
R_TIMEOUT = OFFSETS["timeout"]
R_ILLEGAL = OFFSETS["illegal"]
R_ILLEGAL_SEAT = OFFSETS["illegal_seat"]
R_SHIPS_DISC = OFFSETS["ships_discarded"]
R_NWIN = OFFSETS["n_winners"]
R_MARGIN = OFFSETS["margin"]
R_MARKER = OFFSETS["marker"]
R_TCRASH = OFFSETS["type_crashes"]
R_STRAT = OFFSETS["strategy"]
R_SCORE = OFFSETS["score"]
R_CONTRA = OFFSETS["contraband"]
R_SHIPV = OFFSETS["ship_value"]
R_STASHC = OFFSETS["stash_cards"]
R_BEST = OFFSETS["best_type"]
R_WIN = OFFSETS["win"]
R_SHIP = OFFSETS["ship"]

DTYPE = LAYOUT.dtype


def as_records(rows: np.ndarray) -> np.ndarray:
    """View an (n, N_COLS) int64 array as a structured array (no copy)."""
    return LAYOUT.view(rows)
