"""Per-game result record of Amazing Space Venture (one int64 row per game; per-seat fields are
length-4 subarrays, -1 for seats not in the game)."""
from simsuite.records import RecordLayout

from .api import MAX_P, SOURCE_NAMES

SCALAR_FIELDS = (
    ("game", "game index within the run"),
    ("start_player", "seat that took the first turn (ASV.7.6)"),
    ("turns", "turns played (ASV.24.13: at most 27 with 2 players, 40 with 3-4)"),
    ("last_player", "seat whose turn drew the last tile (ASV.19.1)"),
    ("tiles_placed", "space and sun tiles placed on the board"),
    ("tiles_removed", "tiles removed as unplaceable (ASV.9.8)"),
    ("suns_placed", "sun tiles on the board at the end"),
    ("quests_claimed", "special quests claimed (0-3)"),
    ("discoveries", "planets discovered (ASV.15)"),
    ("galaxies_completed", "galaxies completed (ASV.12.6), scored or not"),
    ("paths_completed", "space paths completed (ASV.12.3)"),
    ("pirates_lost", "pirates returned without points when their path died (ASV.18.3)"),
    ("stations_cashed", "surrounded stations cashed during play (ASV.18.2)"),
    ("ships_added", "ships put on the board in phase 2 (ASV.13.2)"),
    ("moves", "ship moves (ASV.14)"),
    ("timeout", "1 if the game hit the turn cap (a bug: ASV.24.13 bounds real games)"),
    ("illegal", "decisions a strategy answered outside its options (the run stops with an error)"),
    ("illegal_seat", "seat that gave the first such answer (-1: none)"),
    ("n_winners", "players sharing the win"),
    ("margin", "winning score minus best losing score (0 when all share the win)"),
)
VECTOR_FIELDS = (
    ("strategy", MAX_P, "strategy id per seat"),
    ("score", MAX_P, "final score per seat"),
    ("win", MAX_P, "1 if the seat is among the winners"),
    ("discovered", MAX_P, "planets the seat discovered"),
    *((f"src_{n}", MAX_P, f"points from {n.replace('_', ' ')} per seat") for n in SOURCE_NAMES),
)

LAYOUT = RecordLayout(SCALAR_FIELDS, VECTOR_FIELDS)
OFFSETS = LAYOUT.offsets
N_COLS = LAYOUT.n_cols

R_GAME = OFFSETS["game"]
R_START = OFFSETS["start_player"]
R_TURNS = OFFSETS["turns"]
R_LAST = OFFSETS["last_player"]
R_TPLACED = OFFSETS["tiles_placed"]
R_TREMOVED = OFFSETS["tiles_removed"]
R_SUNS = OFFSETS["suns_placed"]
R_QCLAIMED = OFFSETS["quests_claimed"]
R_DISC = OFFSETS["discoveries"]
R_GALDONE = OFFSETS["galaxies_completed"]
R_PATHDONE = OFFSETS["paths_completed"]
R_PIRLOST = OFFSETS["pirates_lost"]
R_CASHED = OFFSETS["stations_cashed"]
R_SHIPSADD = OFFSETS["ships_added"]
R_MOVES = OFFSETS["moves"]
R_TIMEOUT = OFFSETS["timeout"]
R_ILLEGAL = OFFSETS["illegal"]
R_ILLEGAL_SEAT = OFFSETS["illegal_seat"]
R_NWIN = OFFSETS["n_winners"]
R_MARGIN = OFFSETS["margin"]
R_STRAT = OFFSETS["strategy"]
R_SCORE = OFFSETS["score"]
R_WIN = OFFSETS["win"]
R_NDISC = OFFSETS["discovered"]
R_SRC0 = OFFSETS["src_" + SOURCE_NAMES[0]]  # the source fields follow each other, MAX_P apart

DTYPE = LAYOUT.dtype
