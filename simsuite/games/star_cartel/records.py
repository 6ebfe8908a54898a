"""Per-game result record of Star Cartel.

The kernel writes one int64 row per game into a 2-D array; ``as_records`` views it, without a
copy, as a numpy structured array with these fields (per-seat fields are length-6 subarrays,
-1 for seats not in the game). The fields every game has are ``common`` (simsuite/records.py); the
second entry of a game's own field is the offset constant the kernel writes through.
"""
from simsuite.records import RecordLayout, common, field

from .api import MAX_P, N_TYPES

SCALAR_FIELDS = (
    common("game"),
    common("start_player", "seat that took the first turn (SC.4.7)"),
    common("turns"),
    field("deliveries", "R_DELIV", "deliveries made (SC.17.7)"),
    field("express", "R_EXPRESS", "express deliveries in the final round"),
    field("crashes", "R_CRASHES", "market crashes"),
    field("reshuffles", "R_RESHUF", "discard pile reshuffled into the deck"),
    common("illegal"),
    common("illegal_seat"),
    common("timeout"),
    field("ships_discarded", "R_SHIPS_DISC", "ships that left the game"),
    common("n_winners"),
    field("margin", "R_MARGIN", "winning total minus best losing total (0 when all share the win)"),
)
VECTOR_FIELDS = (
    field("marker", "R_MARKER", "final market value per contraband type", N_TYPES),
    field("type_crashes", "R_TCRASH", "crashes per contraband type", N_TYPES),
    common("strategy", n=MAX_P),
    common("score", "total score T per seat", MAX_P),
    field("contraband", "R_CONTRA", "contraband score C per seat", MAX_P),
    field("ship_value", "R_SHIPV", "ship score V per seat", MAX_P),
    field("stash_cards", "R_STASHC", "stashed cards per seat", MAX_P),
    field("best_type", "R_BEST", "best single-type score per seat", MAX_P),
    common("win", n=MAX_P),
    field("ship", "R_SHIP", "final ship id per seat", MAX_P),
)

LAYOUT = RecordLayout(SCALAR_FIELDS, VECTOR_FIELDS)
globals().update(LAYOUT.constants())  # R_GAME, R_DELIV, ... (named beside each field above) and N_COLS
as_records = LAYOUT.view  # (n, N_COLS) int64 rows -> structured array, no copy
