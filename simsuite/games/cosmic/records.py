"""Per-game result record of Cosmic Encounter.

The kernel writes one int64 row per game into a 2-D array; ``as_records`` views it, without a
copy, as a numpy structured array with these fields (per-seat fields are length-4 subarrays,
-1 for seats not in the game). The fields every game has are ``common`` (simsuite/engine/records.py); the
second entry of a game's own field is the offset constant the kernel writes through.
"""
from simsuite.engine.records import RecordLayout, common, field, per_seat
from simsuite.games.cosmic.api import MAX_P, N_ART_AH

SCALAR_FIELDS = (
    common("game"),
    common("start_player", "seat that took the first turn (CE.2.4)"),
    common("turns"),
    field("encounters", "R_ENCOUNTERS", "encounters played (every result counts, CE.3.5)"),
    common("illegal"),
    common("illegal_seat"),
    common("timeout", "1 if the game hit the turn cap (A63): no winner"),
    common("n_winners", "players sharing the win (CE.18.2)"),
    field("joint_win", "R_JOINT", "1 if two or more players won together"),
    field("offense_wins", "R_OWIN", "encounters with result OFFENSE_WIN"),
    field("defense_wins", "R_DWIN", "encounters with result DEFENSE_WIN"),
    field("deals", "R_DEALS", "encounters with result DEAL_MADE"),
    field("failed_deals", "R_FAILED", "encounters with result DEAL_FAILED"),
    field("no_results", "R_NORES", "encounters with result NO_RESULT"),
    field("resettles", "R_RESETTLES", "RESETTLE choices (CE.5.5)"),
    field("expels", "R_EXPELS", "EXPEL choices (CE.5.6)"),
    field("second_encounters", "R_SECOND", "second encounters taken (CE.15)"),
    field("artifacts_played", "R_ARTS", "artifact cards played (CE.21)"),
    field("compensation_cards", "R_COMP", "cards taken as compensation (CE.12.2)"),
    field("reward_cards", "R_RWD_CARDS", "defensive rewards taken as cards (CE.14)"),
    field("reward_ships", "R_RWD_SHIPS", "defensive rewards taken as ships (CE.14)"),
    field("power_losses", "R_POWER_LOSS", "times a power switched off below the home-colony threshold (CE.19)"),
    field("deck_reshuffles", "R_RESHUF", "discard pile shuffled into a new deck (A4)"),
)
VECTOR_FIELDS = (
    field("artifacts_by_kind", "R_ART_KIND", "artifacts played per kind (CE.21.1-CE.21.6 order; the FFG2008 Card Zap, Ionic Gas and Quash count only in artifacts_played)", N_ART_AH),
    *per_seat(MAX_P,
              common("strategy"),
              common("win"),
              common("score", "foreign colonies at the end (the victory measure)"),
              field("foreign_colonies", "R_FOREIGN", "foreign colonies at the end (CE.18.1)"),
              field("home_colonies", "R_HOME", "home colonies at the end (CE.19.1)"),
              field("warp", "R_WARP", "ships in the warp at the end"),
              field("hand", "R_HAND", "cards in hand at the end"),
              field("power_on", "R_POWER", "1 if the power flag is on at the end (CE.19)"),
              field("alien", "R_ALIEN", "alien dealt to the seat (CE.22 order, api.ALIEN_NAMES; -1 none)"),
              field("power_uses", "R_POWER_USES", "alien power uses and automatic effects applied (CE.22)")),
)

LAYOUT = RecordLayout(SCALAR_FIELDS, VECTOR_FIELDS)
globals().update(LAYOUT.constants())  # R_GAME, R_ENCOUNTERS, ... (named beside each field above) and N_COLS
as_records = LAYOUT.view  # (n, N_COLS) int64 rows -> structured array, no copy
