"""Amazing Space Venture's per-game record (ASV.19 scores by source, ASV.24 counts): one int64 row
per game, its fields and the constants the kernel writes them through. Per-seat fields have 4
columns, -1 for the seats not in the game; the shared fields and the format: simsuite/engine/records.py."""
from simsuite.engine.records import RecordLayout, common, field, per_seat

from .api import MAX_P, SOURCE_NAMES

SCALAR_FIELDS = (
    common("game"),
    common("start_player", doc="seat that took the first turn (ASV.7.6)"),
    common("turns", doc="turns played (ASV.24.13: at most 27 with 2 players, 40 with 3-4)"),
    field("last_player", "R_LAST", "seat whose turn drew the last tile (ASV.19.1)"),
    field("tiles_placed", "R_TPLACED", "space and sun tiles placed on the board"),
    field("tiles_removed", "R_TREMOVED", "tiles removed as unplaceable (ASV.9.8)"),
    field("suns_placed", "R_SUNS", "sun tiles on the board at the end"),
    field("quests_claimed", "R_QCLAIMED", "special quests claimed (0-3)"),
    field("discoveries", "R_DISC", "planets discovered (ASV.15)"),
    field("galaxies_completed", "R_GALDONE", "galaxies completed (ASV.12.6)"),
    field("paths_completed", "R_PATHDONE", "space paths completed (ASV.12.3)"),
    field("pirates_lost", "R_PIRLOST", "pirates returned without points when their path died (ASV.18.3)"),
    field("stations_cashed", "R_CASHED", "surrounded stations cashed during play (ASV.18.2)"),
    field("ships_added", "R_SHIPSADD", "ships put on the board in phase 2 (ASV.13.2)"),
    field("moves", "R_MOVES", "ship moves (ASV.14)"),
    common("timeout", doc="1 if the game hit the turn cap (a bug: ASV.24.13 bounds real games)"),
    common("illegal"),
    common("illegal_seat"),
    common("n_winners"),
    field("margin", "R_MARGIN", "winning score minus best losing score (0 when all share the win)"),
)
VECTOR_FIELDS = per_seat(
    MAX_P,
    common("strategy"),
    common("score", doc="final score per seat (ASV.19.3; may be negative, B26)"),
    common("win"),
    field("discovered", "R_NDISC", "planets the seat discovered"),
    *(field(f"src_{n}", f"R_SRC_{n.upper()}", f"points from {n.replace('_', ' ')} per seat (may be negative)")
      for n in SOURCE_NAMES),
)

LAYOUT = RecordLayout(SCALAR_FIELDS, VECTOR_FIELDS)
globals().update(LAYOUT.constants())  # R_GAME, R_TPLACED, ... (named beside each field above) and N_COLS
R_SRC0 = LAYOUT.offsets["src_" + SOURCE_NAMES[0]]  # the source fields follow each other, MAX_P apart
as_records = LAYOUT.view  # (n, N_COLS) int64 rows -> structured array, no copy
