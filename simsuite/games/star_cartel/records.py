"""Star Cartel's per-game record (SC.13 scores, SC.17 counts): one int64 row per game, its fields
and the constants the kernel writes them through. Per-seat fields have 6 columns, -1 for the seats
not in the game; the shared fields and the format: simsuite/engine/records.py."""
from simsuite.engine.records import RecordLayout, common, field, per_seat

from .api import MAX_P, N_TYPES

SCALAR_FIELDS = (
    common("game"),
    common("start_player", doc="seat that took the first turn (SC.4.7)"),
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
    *per_seat(MAX_P,
              common("strategy"),
              common("score", doc="total score T per seat (SC.13)"),
              field("contraband", "R_CONTRA", "contraband score C per seat"),
              field("ship_value", "R_SHIPV", "ship score V per seat"),
              field("stash_cards", "R_STASHC", "stashed cards per seat"),
              field("best_type", "R_BEST", "best single-type score per seat"),
              common("win"),
              field("ship", "R_SHIP", "final ship id per seat")),
)

LAYOUT = RecordLayout(SCALAR_FIELDS, VECTOR_FIELDS)
globals().update(LAYOUT.constants())  # R_GAME, R_DELIV, ... (named beside each field above) and N_COLS
as_records = LAYOUT.view  # (n, N_COLS) int64 rows -> structured array, no copy
