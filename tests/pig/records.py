"""Pig's per-game record (the shared fields: simsuite/engine/records.py)."""
from simsuite.engine.records import RecordLayout, common, field, per_seat

from .api import MAX_P

LAYOUT = RecordLayout(
    (common("game"), common("start_player"), common("turns"), field("rolls", "R_ROLLS", "dice rolled"),
     field("busts", "R_BUSTS", "turns lost to a 1 (PIG.2)"), common("illegal"), common("illegal_seat"),
     common("timeout"), common("n_winners")),
    per_seat(MAX_P, common("strategy"), common("score", doc="bank at the end (PIG.3)"), common("win")),
)
globals().update(LAYOUT.constants())  # R_GAME, R_ROLLS, ... and N_COLS
