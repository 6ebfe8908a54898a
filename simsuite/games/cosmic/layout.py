"""Cosmic Encounter's fixed maxima, names and codes, and the layout of its configuration array
(``C_*``) and of its state array (``S_*``): compile-time constants, after the common header of
``simsuite/scaffold/layout.py``. Strategy files and the kernel import them through ``api.py``
(which re-exports every name here with the readers and helpers built on them)."""
import numpy as np

from simsuite.scaffold.layout import *
from simsuite.scaffold.layout import config_layout, state_layout


def _names(prefix: str, *, lower: bool = True, spelled: dict | None = None) -> tuple[str, ...]:
    """The words of a list whose kernel codes are the PREFIX* constants defined above it (0, 1, ...
    in order): each constant's name after the prefix, in lower case unless told, or as `spelled`
    gives it. The words (a parameter's choices, a data file's values) and the codes the kernel
    compares are so one declaration, the constants' line, and cannot drift apart."""
    codes = {k[len(prefix):]: int(v) for k, v in globals().items()
             if k.startswith(prefix) and isinstance(v, (int, np.integer))}
    if sorted(codes.values()) != list(range(len(codes))):
        raise ValueError(f"{prefix}* codes {sorted(codes.values())} are not 0..{len(codes) - 1}")
    spelled = spelled or {}
    return tuple(spelled.get(k, k.lower() if lower else k) for k in sorted(codes, key=codes.get))


# --- fixed maxima (arrays are sized by these) --------------------------------------------
MAX_P = 5  # FFG2008 seats 3-5 players (data.md: five colours); AH2000 games use seats 0..3 only (CE.1.10)
PPS_MAX = 5  # planets per system
MAX_PLANETS = MAX_P * PPS_MAX
MAX_CARDS = 96  # FFG2008: 72 cards (data.md) and up to MAX_FLARES flares (CE.45, ffg_flares)
MAX_HAND = 64
MAX_DISCS = 32
MAX_OPT = 96
N_ART = 9
N_ART_AH = 6  # the AH2000 artifacts: the records' artifacts_by_kind (FFG2008's three are counted in artifacts_played)
assert MAX_P <= MAX_SEATS

# The fifth colour's name is not in our sources (data.md gives five colours, not their names):
# "purple" is a label of ours for seat 4 (replays, the order-disc file); nothing depends on it.
COLOUR_NAMES = ("red", "blue", "green", "yellow", "purple")
AH_COLOURS = 4  # CE.1.1: the AH2000 board has four colours (the order-disc file names these)

# card kinds and artifacts (CE.1.5, CE.21)
# FFG2008 (CE.37, CE.38): morph is an encounter card, a reinforcement is not (value = its bonus)
# FFG2008 (CE.45.1): a flare is not an encounter card either (value = its row in the flare file)
K_ATTACK, K_NEGOTIATE, K_ARTIFACT, K_MORPH, K_REINF, K_FLARE = (np.int64(k) for k in range(6))
KIND_NAMES = _names("K_", spelled={"REINF": "reinforcement"})  # the deck file's kinds (data.py), flare aside
ART_ZAP, ART_FORCE_FIELD, ART_MOBIUS, ART_PLAGUE, ART_GAS, ART_EMOTION, ART_CARD_ZAP, ART_IONIC, ART_QUASH = (
    np.int64(k) for k in range(9))
ARTIFACT_NAMES = ("Cosmic Zap", "Force Field", "Mobius Tube", "Plague", "Stellar Gas", "Emotion Control",
                  "Card Zap", "Ionic Gas", "Quash")
ARTIFACT_KEYS = ("cosmic_zap", "force_field", "mobius_tube", "plague", "stellar_gas", "emotion_control",
                 "card_zap", "ionic_gas", "quash")
# editions (C_EDITION); FFG2008 destiny cards beyond the colours (S_ORD values, CE.33.5 / CE.33.6)
ED_AH2000, ED_FFG2008 = (np.int64(k) for k in range(2))
EDITION_NAMES = _names("ED_", lower=False)  # the edition parameter's values (C_EDITION: the index)
DESTINY_WILD, DESTINY_FEWEST_WARP, DESTINY_MOST_CARDS, DESTINY_MOST_FOREIGN = (np.int64(k) for k in range(16, 20))
# FFG2008 flares (CE.45, CE.50.22; data-defined, off by default: ffg_flares). The texts are not in our
# sources, so a flare file gives each flare a timing and a "wild" and a "super" effect built from the
# primitives below (data.py load_flares). Timings: after the alliances (before planning), after the
# reveal (before the reinforcements), after the outcome (its compensation and rewards done).
MAX_FLARES = 20  # at most one per alien (CE.22)
FT_ALLIANCE, FT_REVEAL, FT_RESOLUTION = (np.int64(k) for k in range(3))
FLARE_TIMINGS = _names("FT_")  # a flare file's timing values (data.py)
# effects: +N to the total of the side its player is on (A/A only, as a reinforcement); draw N cards;
# up to N own ships from the warp onto own colonies (not the target planet); cancel the encounter's
# compensation and defensive rewards (as Ionic Gas)
FL_ADD_TOTAL, FL_DRAW, FL_RETRIEVE, FL_CANCEL_COMP = (np.int64(k) for k in range(1, 5))
FLARE_EFFECTS = ("", "add_total", "draw", "retrieve", "cancel_compensation")

# aliens (CE.22), ids in alphabetical order; -1 = no power
ALIEN_NAMES = ("Amoeba", "Anti-Matter", "Chronos", "Clone", "Empath", "Filch", "Healer", "Laser", "Macron",
               "Mind", "Mutant", "Oracle", "Pacifist", "Parasite", "Philanthropist", "Sorcerer", "Trader",
               "Virus", "Vulch", "Zombie")
N_ALIENS = len(ALIEN_NAMES)
(A_AMOEBA, A_ANTI_MATTER, A_CHRONOS, A_CLONE, A_EMPATH, A_FILCH, A_HEALER, A_LASER, A_MACRON, A_MIND,
 A_MUTANT, A_ORACLE, A_PACIFIST, A_PARASITE, A_PHILANTHROPIST, A_SORCERER, A_TRADER, A_VIRUS, A_VULCH,
 A_ZOMBIE) = (np.int64(k) for k in range(N_ALIENS))
ALIEN_RULES = tuple(f"CE.22.{k + 1}" for k in range(N_ALIENS))
# alien files (games/cosmic/aliens/files.py): their ids follow the 20 classics, N_ALIENS ..
# MAX_ALIENS - 1; the layout keeps room for them whatever is loaded (a fixed layout, one kernel shape)
MAX_HOMEBREW = 12
MAX_ALIENS = N_ALIENS + MAX_HOMEBREW
# alien-file hooks (kernel/alien_api.py): the CE.20.1 windows are the W_* ids themselves (an
# optional use in the window's priority loop); the fixed moments follow them
(H_RESOLVE, H_TOTALS, H_OUTCOME, H_LOSS, H_REGROUP, H_DESTINY, H_REVEAL, H_PROPOSE, H_DEAL, H_ARTIFACT,
 H_NEW_HAND, H_ANSWER) = (np.int64(k) for k in range(40, 52))
H_SELECT, H_SELECT_SECOND = np.int64(52), np.int64(53)  # step 8 (CE.9.2): its start; the first card face down
H_COUNT = np.int64(54)  # step 10 (CE.10.3): the totals about to be counted
HOOK_NAMES = {"on_regroup": 44, "on_destiny": 45, "on_w2": 2, "on_w4": 3, "on_w6": 4, "on_answer": 51, "on_w7": 5,
              "on_select": 52, "on_select_second": 53, "on_w8": 6, "on_reveal": 46, "on_w9": 7, "on_w10": 8,
              "on_resolve": 40, "on_count": 54, "on_totals": 41, "on_propose": 47, "on_deal": 48, "on_outcome": 42,
              "on_loss": 43, "on_artifact_discard": 49, "on_new_hand": 50}  # hook function name -> W_* / H_* id, in
# the order of an encounter (the last three: whenever the event happens)
# alien assignment modes (C_ALIEN_MODE)
AM_FIXED, AM_RANDOM, AM_ALL = range(3)
# power decision kinds (st[S_PK])
(PK_AMOEBA, PK_CHRONOS, PK_CLONE, PK_EMPATH, PK_FILCH, PK_HEALER, PK_LASER, PK_MIND, PK_MUTANT, PK_MUTANT_SRC,
 PK_PACIFIST, PK_PARASITE, PK_PHILANTHROPIST, PK_SORCERER, PK_TRADER, PK_VULCH, PK_VULCH_KEEP, PK_ZOMBIE,
 PK_RELEASE, PK_AMOEBA_BACK, PK_HOMEBREW, PK_HOW_MANY, PK_CHOICE) = (np.int64(k) for k in range(1, 24))
PK_NAMES = ("", "amoeba", "chronos", "clone", "empath", "filch", "healer", "laser", "mind", "mutant", "mutant_source",
            "pacifist", "parasite", "philanthropist", "sorcerer", "trader", "vulch", "vulch_keep", "zombie",
            "zombie_release", "amoeba_back", "alien_file", "alien_file_how_many", "alien_file_choice")
AMOEBA_REMOVE = np.int64(1000)

# decision kinds (np.int64: numba compiles a callee once per distinct *literal* int argument)
(D_REGROUP, D_OWN_COLOUR, D_RESETTLE_SHIPS, D_LAUNCH, D_TARGET, D_INVITE_O, D_INVITE_D, D_ALLIANCE,
 D_ALLY_SHIPS, D_CARD, D_SECOND, D_DEAL_PROPOSE, D_DEAL_ACCEPT, D_DEAL_GIVE, D_DEAL_SHIPS, D_PENALTY,
 D_REWARD, D_PLACE, D_NEW_HAND, D_ARTIFACT, D_PLAGUE_SHIPS, D_PLAGUE_DISCARD, D_POWER,
 D_POWER_SHIPS, D_DESTINY, D_REINF, D_FLARE) = (np.int64(k) for k in range(1, 28))
DECISION_NAMES = ("", "regroup", "own_colour", "resettle_ships", "launch", "target", "invite_offense",
                  "invite_defense", "alliance", "ally_ships", "card", "second_encounter", "deal_propose",
                  "deal_accept", "deal_give", "deal_ships", "penalty", "reward", "place", "new_hand", "artifact",
                  "plague_ships", "plague_discard", "power", "power_ships", "destiny", "reinforcement", "flare")
DECISION_RULES = ("", "CE.50.1", "CE.50.2", "CE.50.2", "CE.50.5", "CE.50.6", "CE.50.7", "CE.50.8", "CE.50.9",
                  "CE.50.9", "CE.50.10", "CE.50.11", "CE.51.2", "CE.51.2", "CE.51.1", "CE.51.1", "CE.50.13",
                  "CE.50.14", "CE.50.15", "CE.50.16", "CE.50.17", "CE.50.18", "CE.50.18", "CE.50.20",
                  "CE.50.20", "CE.50.3", "CE.50.21", "CE.50.22")

NONE = np.int64(-1)
I0 = np.int64(0)
I1 = np.int64(1)
OPT_MOTHERSHIP = np.int64(100)
SRC_SHIFT = np.int64(32)  # src_code(pl, k) = pl * 32 + k
MAX_CHUNK = np.int64(4)  # ships per source / placement option
EXPEL_BASE = np.int64(1000)
SIDE_OFFENSE = np.int64(1)
SIDE_DEFENSE = np.int64(2)

# windows (CE.20.1) and triggers (CE.20.3), as kept in st[S_WINDOW]
(W_E0, W_1, W_2, W_4, W_6, W_7, W_8, W_9, W_10, T_POWER, T_COMP, T_NEWHAND_TURN, T_NEWHAND_DEF) = (
    np.int64(k) for k in range(13))
WINDOW_NAMES = ("W-E0", "W-1", "W-2", "W-4", "W-6", "W-7", "W-8", "W-9", "W-10", "E.POWER", "E.COMP",
                "new hand (start of turn)", "new hand (defense, step 8)")

# contexts of D_PLACE (st[S_CTX])
(CTX_RETURN, CTX_EARLY_END, CTX_MOBIUS, CTX_FORCE_FIELD, CTX_TURN_END, CTX_AMOEBA, CTX_HEALER, CTX_ZOMBIE,
 CTX_RELEASE, CTX_FLARE, CTX_POWER) = (np.int64(k) for k in range(1, 12))  # CTX_POWER: an alien file's hb_retrieve

# encounter results (CE.3.5)
(R_NONE, R_OFFENSE_WIN, R_DEFENSE_WIN, R_DEAL_MADE, R_DEAL_FAILED, R_NO_RESULT, R_REESTABLISHED) = (
    np.int64(k) for k in range(7))
RESULT_NAMES = ("", "OFFENSE_WIN", "DEFENSE_WIN", "DEAL_MADE", "DEAL_FAILED", "NO_RESULT", "REESTABLISHED")

# deal terms (CE.51.1): CARDS rules
(RULE_GIVER_CHOICE, RULE_RANDOM, RULE_LOWEST_ATTACK, RULE_HIGHEST_ATTACK, RULE_NEGOTIATE, RULE_ARTIFACT) = (
    np.int64(k) for k in range(6))
RULE_NAMES = ("giver's choice", "random", "lowest attack", "highest attack", "negotiate", "artifact")
# policies (CE.51.5, config)
PROPOSE_STANDARD, PROPOSE_NONE, PROPOSE_STRATEGY = range(3)
PROPOSE_NAMES = _names("PROPOSE_")  # deal_propose_policy's values (C_DEAL_PROPOSE: the index)
ACCEPT_ALWAYS, ACCEPT_NEVER, ACCEPT_STANDARD_ONLY, ACCEPT_HEURISTIC, ACCEPT_WARY = range(5)
ACCEPT_NAMES = _names("ACCEPT_")  # deal_accept_policy's values (C_DEAL_ACCEPT: the index)
# who may give as the Philanthropist (A46 revision 2, config philanthropist_giver)
PHIL_GIVER_ANY, PHIL_GIVER_MAIN_OR_ALLY = range(2)
PHIL_GIVER_NAMES = _names("PHIL_GIVER_")  # philanthropist_giver's values (C_PHIL_GIVER: the index)

# invariant violation codes (CE.70), reported by checked runs
(V_SHIPS, V_TRANSIT, V_COLONY_CACHE, V_POWER, V_CARDS, V_IN_PLAY, V_HAND_CACHE, V_DISCS, V_VICTORY,
 V_TERMINATION, V_WARP, V_ALLIES, V_SEARCH, V_ALIEN_API) = (np.int64(k) for k in range(1, 15))
VIOLATION_NAMES = ("", "CE.70.1 ship conservation", "CE.70.2 transit zones not empty", "CE.70.4 colony cache",
                   "CE.70.5 power state", "CE.70.6 card conservation", "CE.70.7 cards in play",
                   "CE.70.21 hand counts", "CE.70.17 order discs", "CE.70.18 victory", "CE.70.19 termination",
                   "CE.70.8 warp", "CE.70.16 alliances", "search: a rollout did not replay the game as played",
                   "alien file: a primitive used outside its window, or a hidden value read (CE.70.14)")

# --- cfg layout (after the common header: simsuite/scaffold/layout.py) ------------------------
_C = config_layout()
C_SHIPS = _C.add()  # ships per player (CE.1.3)
C_PPS = _C.add()  # planets per system (CE.1.1)
C_START_PER_PLANET = _C.add()  # CE.2.2
C_START_HAND = _C.add()  # CE.2.6
C_NEW_HAND = _C.add()  # CE.17.1
C_WIN_COLONIES = _C.add()  # CE.18.1
C_POWER_HOME = _C.add()  # CE.19.1
C_DEAL_ROUNDS = _C.add()  # CE.51.2
C_DEAL_SHIPS_MAX = _C.add()  # A16
C_DEAL_PROPOSE = _C.add()  # PROPOSE_*
C_DEAL_ACCEPT = _C.add()  # ACCEPT_*
C_DEAL_LEADER = _C.add()  # deal_leader_margin (CE.51.5 wary)
C_COMP_REDIRECTED = _C.add()  # A15 (only matters with the Zombie)
C_2P_DISCS = _C.add()  # 1: order discs used with 2 players (CE.2.4), 0: the offense meets the other player
C_N_CARDS = _C.add()
C_N_ENC = _C.add()  # encounter cards in the deck
C_N_CLASSES = _C.add()  # distinct (kind, value) card classes
C_DISCS = _C.add(MAX_P)  # order discs per colour (CE.1.4)
C_ALIEN_MODE = _C.add()  # AM_*
C_ALIEN_K = _C.add()  # aliens per table (AM_RANDOM / AM_ALL); the other seats have none
C_POOL_N = _C.add()
C_POOL = _C.add(MAX_ALIENS)  # the alien pool (AM_RANDOM / AM_ALL)
C_ALIEN_NCOMB = _C.add()  # AM_ALL: number of K-combinations of the pool
C_ALIEN_STRIDE = _C.add()  # AM_ALL: a step coprime to C_ALIEN_NCOMB (spreads the combinations over games)
C_ALIEN_FIXED = _C.add(MAX_P)  # AM_FIXED: alien per seat, -1 none
C_NOPOWER_MASK = _C.add()  # bit sid set: that strategy plays its alien face down (the nopower control)
C_EMPATH_OPT = _C.add()  # A36
C_PHIL_ALLIES = _C.add()  # A46
C_PHIL_GIVER = _C.add()  # A46 revision 2: PHIL_GIVER_*
C_CARD_KIND = _C.add(MAX_CARDS)  # K_*
C_CARD_VAL = _C.add(MAX_CARDS)  # attack value, or artifact kind ART_*; 0 for negotiate
C_CARD_CLASS = _C.add(MAX_CARDS)  # distinct (kind, value) class id, < 64
C_CLASS_KIND = _C.add(64)  # kind of card class k (strategies reason about classes, not card ids)
C_CLASS_VAL = _C.add(64)  # value of card class k
C_SEARCH = _C.add()  # 1: a searching strategy (USES_ROLLOUTS) is in the line-up: the engine records each turn
C_SEARCH_FN = _C.add()  # address of the compiled rollout search (simsuite/games/cosmic/bots/search/search.py), 0 none
C_EDITION = _C.add()  # ED_* (CE.0.4); every FFG2008 rule below is behind it (Part 2)
C_DOUBLE_MORPH = _C.add()  # A56: 0 both attack 0, 1 both negotiate
C_REINF_ALL = _C.add()  # A55: 1 every player may reinforce, 0 main players and allies only
C_TARGET_COLONY = _C.add()  # A52: 1 the offense may only target a planet of the defense's home system holding its ships
C_FLARE_N = _C.add()  # FFG2008 flares in the deck (0: flares off, the default; CE.45)
C_FLARE_LIMIT = _C.add()  # A59: 0 one flare per player per encounter, 1 each flare card once per encounter
C_FLARE_ALIEN = _C.add(MAX_FLARES)  # per flare (the card's C_CARD_VAL): its alien, timing FT_*, and
C_FLARE_TIMING = _C.add(MAX_FLARES)
C_FLARE_FX = _C.add(2 * MAX_FLARES)  # effect FL_* and amount, [2f] wild, [2f + 1] super (CE.45.4)
C_FLARE_AMT = _C.add(2 * MAX_FLARES)
# basic's named weights (weights.py), in thousandths: row 0 for every seat, row 1 for the seat dealt
# alien C_W_HOLDER (-1: no holder row); per seat so that an alien's holder and its opponents can play
# differently in one batch (the alien bands); row 2 for the seats whose strategy id has its bit in
# C_W_TUNED_MASK (the `tuned` strategy: basic with its own weights)
MAX_WEIGHTS = 24
C_W_HOLDER = _C.add()
C_W_TUNED_MASK = _C.add()
C_W = _C.add(3 * MAX_WEIGHTS)
C_ALIEN_DEALT = _C.add()  # AM_RANDOM: 1 + the alien dealt in every game (alien_dealt; C_POOL then lacks it), 0 none
CFG_SIZE = _C.size

# --- state layout (after the common header: S_RNG, S_GAME, S_TURN, S_START, S_DONE, S_TIMEOUT,
# S_VIOL, S_ILLEGAL, S_ILLEGAL_SEAT, S_NOPT, S_SCR, S_STRAT, S_OPT) --------------------------------
_S = state_layout(MAX_OPT)
S_ENCOUNTERS = _S.add()  # encounters started so far
S_WINNERS = _S.add()  # bitmask of the winners (CE.18)
S_ANY_ALIEN = _S.add()  # 1 if any seat plays an alien power
# current encounter
S_OFF = _S.add()
S_DEF = _S.add()  # -1 before step 2
S_TARGET = _S.add()  # -1 before step 4
S_ENC_NO = _S.add()  # 1 or 2 (CE.15)
S_STEP = _S.add()  # current step 1..10 (CE.3.3)
S_WINDOW = _S.add()  # current window or trigger W_* / T_*
S_EXPEL = _S.add()  # 1 if EXPEL fixed defense and target (CE.5.6)
S_INV_O = _S.add()  # invitations (bitmasks, CE.8)
S_INV_D = _S.add()
S_FF_OUT = _S.add()  # bitmask of players removed by Force Field this encounter (CE.21.2)
S_CARD_O = _S.add()  # encounter cards in play (-1 none)
S_CARD_D = _S.add()
S_REVEALED = _S.add()
S_EMOTION = _S.add()  # 1: Emotion Control made every revealed attack card a negotiate (CE.21.6)
S_RESULT = _S.add()  # R_* of the current encounter
S_CENTRE = _S.add()  # offense ships on the mothership's centre row
S_CLAIM_N = _S.add()  # pending compensation claim (E.COMP): cards asked
S_CLAIMANT = _S.add()
S_DEAL = _S.add()  # the proposal being answered
S_DEAL_STD = _S.add()  # the standard deal (CE.51.4), -1 none
S_PROPOSER = _S.add()
S_PEND_POWER = _S.add()  # E.POWER: the seat whose power is about to take effect
S_ALLY = _S.add(MAX_P)  # 0 none, SIDE_OFFENSE, SIDE_DEFENSE
S_WING = _S.add(MAX_P)  # ships on the mothership's wings (offensive allies)
S_CARRIER = _S.add(MAX_P)  # ships on each carrier (defensive allies)
S_RWD = _S.add(MAX_P)  # defensive rewards owed (CE.14.2)
# ships and colonies
S_PS = _S.add(MAX_P * MAX_PLANETS)  # ships of player p on planet pl: S_PS + p * MAX_PLANETS + pl
S_WARP = _S.add(MAX_P)
S_HOME = _S.add(MAX_P)  # home colonies (cache, CE.70.4)
S_FOREIGN = _S.add(MAX_P)  # foreign colonies (cache)
S_ONPL = _S.add(MAX_P)  # ships on planets (cache)
S_CMASK = _S.add(MAX_P)  # bit pl set while p has a ship on planet pl (cache: loops visit colonies only)
S_TAKEN_FROM = _S.add()  # planets the last take_ships took ships from (bit mask)
S_QUIET = _S.add()  # 1 while ships about to be lost have left their planet: the power check waits (CE.20.6)
S_POWER = _S.add(MAX_P)  # 1: power on (CE.19), a flag even with no aliens
S_ZAPPED = _S.add(MAX_P)  # zapped until the end of the encounter (CE.21.1)
S_ALIEN = _S.add(MAX_P)  # alien whose power the seat plays (CE.22), -1 none (or the nopower control)
S_PWIN = _S.add(MAX_P)  # bit w set: that alien has an optional use in window w (from S_ALIEN at setup)
S_ALIEN_TAG = _S.add(MAX_P)  # alien dealt to the seat (-1 none), whatever the strategy
S_WHO = _S.add(MAX_ALIENS)  # seat playing alien a's power, -1 none
S_HB_HOOK = _S.add()  # the alien-file hook running now (W_* / H_*), -1 none (alien_api.py)
S_HB_ERR = _S.add()  # first misuse of the alien-file API in this game: (HBE_* code * 8 + seat) * 64 + hook, 0 none
S_HB_ARG = _S.add(4)  # the hook's arguments (H_LOSS: owner, ships, planets mask, barred seat)
S_HB_SEATS = _S.add()  # bit p: seat p plays an alien through its file (set at the deal)
S_HB_MOMS = _S.add()  # bit h - 40: a seated file alien has a hook at moment h (H_*; set at the deal)
S_HB_PMOM = _S.add(MAX_P)  # seat p's file alien's moments (hb_moments), 0 for a seat with no file (set at the deal)
S_HB_KEEP = _S.add()  # the seat whose encounter card goes back to its hand, not the discard (hb_keep_card), -1 none
S_HB_NOPT = _S.add()  # options listed so far for the running hook's question (hb_option, hb_ask_option)
S_HB_SEAT = _S.add()  # the seat whose alien-file hook is running now, -1 none (alien_api.py)
S_HB_OFFER = _S.add()  # step 7: bit 2 * q + side - 1: seat q's power lets it answer side uninvited (hb_offer_side)
S_HB_OFFER_PK = _S.add()  # the kind of that use (its E.POWER), for the seat answering now
S_SHIP_W = _S.add(MAX_P)  # per seat: what each of its ships counts in the totals while its power is on (its file's SHIP_WEIGHT)
S_SHIP_LIM = _S.add(MAX_P)  # per seat: the most ships it commits at once while its power is on (its file's SHIP_LIMIT)
S_INVERT = _S.add()  # the side (SIDE_*) whose power makes the totals count down this encounter (hb_invert_totals), 0 none
S_WEIGHTED = _S.add()  # bit p: seat p's ships weigh more than 1 while its power is on (set at the deal)
HB_MEM_WORDS = 4  # words of memory an alien file's power keeps through a game, per seat
S_HB_MEM = _S.add(MAX_P * HB_MEM_WORDS)  # seat p's power memory: word i at S_HB_MEM + p * HB_MEM_WORDS + i
# Limits per encounter on what one seat's alien-file hooks may do (alien_api.py; docs/games/write-your-own-alien.md
# says why these numbers): the sum of |k| over its hb_add_total calls, and the cards its primitives bring into a
# hand (drawn, taken, given, taken from the discard pile).
HB_MAX_ADD = 40
HB_MAX_CARDS = 10
S_HB_ADDED = _S.add(MAX_P)  # per seat: what its hooks added to totals this encounter (sum of |k|)
S_HB_CARDS = _S.add(MAX_P)  # per seat: cards its hooks brought into a hand this encounter
S_HB_LAST = _S.add()  # the last alien-file hook that ran since the last check: seat * 64 + hook, -1 none
# the strategies' forecast of the homebrew files' on_totals in this encounter (forecast.forecast_totals): what
# they add to the offense's total, to the defense's, and 0 (the lower-wins flag untouched) or 1 + the flag set
S_HB_FC = _S.add(3)
S_HB_FORECASTING = _S.add()  # 1 while forecast_totals runs the on_totals hooks (no effect, no question, no misuse)
S_HB_NP = _S.add()  # the number of players, for the checks of an alien file's seat arguments (set at the deal)
S_HB_MEM_SAVE = _S.add(HB_MEM_WORDS)  # forecast_totals: the forecast seat's memory as it was before its hook
S_HB_STEPS = _S.add()  # loop steps the alien files' code has taken this game (alien_api._hb_tick)
# A game's cap on the loop steps of the alien files' code (every loop of a user's file counts one a
# pass): generous (a hook looping over every card of every hand at every moment of a long game takes
# about 10^5), so that only a loop that does not end reaches it; the loop is then left and the game
# reported as broken by that file and hook.
HB_MAX_STEPS = 1_000_000
# the ranges of the primitives' arguments that are neither seats nor cards (aliens/args.py)
HB_MAX_COUNT = 100  # ships or cards a primitive is asked to move at once
HB_MAX_ABOUT = 1024  # what a question or an E.POWER is about (a card, a seat, a number of the file's)
HB_MAX_VALUE = 1 << 30  # a value a file stores or lists (its memory, an option)
S_POWER_USES = _S.add(MAX_P)  # power uses and automatic effects applied, per seat (records)
# power state of the current encounter (cleared at its end)
S_PK = _S.add()  # power decision kind PK_* being asked
S_PK_ARG = _S.add()
S_PK_ARG2 = _S.add()
S_ONCE = _S.add()  # bitmask of seats that used their once-per-encounter power
S_WONCE = _S.add()  # bitmask of seats that used their once-per-window power (Amoeba, Sorcerer at W-8)
S_FACEUP = _S.add()  # 1: the offense's card is face up before the reveal, 2: the defense's (Oracle)
S_MIND_SEEN = _S.add()  # bitmask of the seats whose hand the Mind saw this encounter
S_MIND_HAND_N = _S.add()  # the hand it saw, as it was then (CE.22.10: a look, not a window)
S_MIND_HAND = _S.add(MAX_HAND)
S_NEG_SIDE = _S.add()  # 1 / 2: that side's revealed card counts as a negotiate (Empath)
S_REDO = _S.add()  # a time travel pending (CE.22.3): 1 + the traveller's seat, 0 none
S_LAST_CO = _S.add()  # final revealed cards of this encounter (Filch)
S_LAST_CD = _S.add()
S_ASIDE_N = _S.add()  # cards set aside until the end of the encounter (Chronos, Laser)
S_ASIDE = _S.add(2 * MAX_HAND)  # pairs (card, owner)
S_IN7 = _S.add()  # bitmask of the main players with ships in the encounter at the end of step 7 (Amoeba)
S_REINF = _S.add(2)  # FFG2008 (CE.37): reinforcement bonus for the offense, the defense
S_IONIC = _S.add()  # FFG2008: 1 once Ionic Gas cancelled this encounter's compensation and rewards
S_EFF = _S.add(4)  # FFG2008 morph (CE.38): the kind and value a revealed morph card stands for, offense then defense
S_TOOK = _S.add(2)  # FFG2008 (A57): ships of the offense (gate) and the defense (target) that took part
S_REINF_N = _S.add()  # FFG2008 (CE.37.4): reinforcement cards played this encounter, in play until its end
S_REINF_IN = _S.add(MAX_CARDS)  # those cards (they reach the discard pile at the end of the encounter)
S_CZ_KIND = _S.add()  # FFG2008: the kind (ART_*) of the artifact a Card Zap holder is asked about (D_ARTIFACT)
S_CZ_ARG = _S.add()  # its param (Plague: the victim; Ionic Gas: the claimant); for a Card Zap: the seat whose play it cancels
S_FLARE_BY = _S.add()  # FFG2008 flares (CE.45.2 / A59): bitmask of the seats that played a flare this encounter
S_FLARE_USED = _S.add()  # bitmask of the flares (C_CARD_VAL) played this encounter (ffg_flare_limit = per_card)
S_FLARE_TOT = _S.add(2)  # add_total flares: bonus to the offense's, the defense's total (A/A, like S_REINF)
S_FLARE_T = _S.add()  # the flare timing FT_* being asked (D_FLARE)
S_FLARE_PLAY = _S.add()  # card id + 1 of the flare being resolved (CE.70.6), 0 none
S_FLARE_ZAPQ = _S.add()  # 1 while Card Zap holders are asked about a flare being played (data.md)
S_N_FLARE = _S.add()  # flares played this game (not a record field: the records stay as they were)
# cards
S_HAND_N = _S.add(MAX_P)
S_HAND_ENC = _S.add(MAX_P)  # encounter cards in hand (cache)
S_HAND_VER = _S.add(MAX_P)  # counts changes of p's hand: strategies key their caches of hand facts on it
S_HAND_ART = _S.add(MAX_P)  # artifacts in hand (cache)
S_ART_TOTAL = _S.add()  # artifacts in all hands
S_ART_KIND = _S.add(N_ART)  # artifacts per kind in all hands
S_ART_CNT = _S.add(MAX_P * N_ART)  # artifacts per (player, kind)
S_HAND = _S.add(MAX_P * MAX_HAND)
S_DECK_N = _S.add()
S_DECK = _S.add(MAX_CARDS)  # top = S_DECK + S_DECK_N - 1
S_DISC_N = _S.add()
S_DISC = _S.add(MAX_CARDS)
# times cards left the discard pile (a reshuffle into the deck, the Filch): between two changes of it
# the pile only grows at its end, so a strategy may keep counts of the pile and add what was appended
S_DISC_GEN = _S.add()
S_ORD_N = _S.add()
S_ORD = _S.add(MAX_DISCS)  # order pile, top = last
S_ORDD_N = _S.add()
S_ORDD = _S.add(MAX_DISCS)  # order discard
S_TMP = _S.add(2 * MAX_HAND)  # engine scratch (deal card buffers)
S_TOT = _S.add(7)  # last A/A totals (CE.10.3): v_O, S_O, T_O, v_D, S_D, T_D, 1 if the lower total wins
# counters for the record
S_N_OWIN = _S.add()
S_N_DWIN = _S.add()
S_N_DEAL = _S.add()
S_N_FAIL = _S.add()
S_N_NORES = _S.add()
S_N_RESETTLE = _S.add()
S_N_EXPEL = _S.add()
S_N_SECOND = _S.add()
S_N_ART = _S.add()  # artifacts played
S_N_COMP = _S.add()  # cards taken as compensation
S_N_POWER_OFF = _S.add()  # power switched off (CE.19)
S_N_RESHUF = _S.add()  # deck rebuilt from the discard pile (A4)
S_N_REWARD_CARDS = _S.add()
S_N_REWARD_SHIPS = _S.add()
S_ART_USED = _S.add(N_ART)  # artifacts played per kind
# decisions
S_CTX = _S.add()  # context of the ship decisions / D_PLACE
S_CTX_N = _S.add()  # ships taken so far in a ship-source decision
S_CTX_MIN = _S.add()
S_CTX_MAX = _S.add()
S_CTX_PL = _S.add()  # planet the current ship decision concerns (destination), -1 none
S_SEARCH = _S.add()  # 0: nobody searches; 1: a searching seat plays (each turn is recorded); 2: a rollout's state
# Every game zeroes the words up to here; the search regions below are written before they are
# read, so games without a searching seat never touch them (and pay nothing for them).
STATE_ZERO = _S.size
CORE_SIZE = STATE_ZERO  # the words a rollout copies: the whole game (search.py)
# --- search regions (simsuite/games/cosmic/bots/search/search.py): the turn's start and its decisions ---------
MAX_TAPE = 512  # decisions recorded per turn; a longer turn is not searched past that point
S_TAPE_N = _S.add()  # decisions recorded this turn
S_TAPE_O = _S.add()  # the turn's offense (play_turn's o)
S_RO_POS = _S.add()  # rollout: decisions asked so far
S_RO_TGT = _S.add()  # rollout: the decision searched (a tape position)
S_RO_OPT = _S.add()  # rollout: the option forced there
S_RO_SAMPLE = _S.add()  # rollout: the sample index (the hidden cards and the generator drawn for it)
S_RO_ASK = _S.add()  # rollout: kind * 8 + seat of the decision searched
S_RO_SUM = _S.add()  # rollout: checksum of the game at the searched decision (0 = not checked)
S_RO_FLAG = _S.add()  # rollout: RO_* (below)
S_RO_HORIZON = _S.add()  # rollout: 1 ends it with the encounter of the searched decision, 0 with the turn
S_RO_BUF = _S.add(MAX_CARDS)  # rollout: the unknown cards being dealt
S_TAPE = _S.add(3 * MAX_TAPE)  # per decision: option index, generator after it, kind * 8 + seat
ROLL_SIZE = _S.size  # a rollout's state: the game and the header and tape above
S_SNAP = _S.add(CORE_SIZE)  # the game at the start of the turn
S_WORK = _S.add(ROLL_SIZE)  # where a rollout plays (a state of ROLL_SIZE words)
S_SV_KIND = _S.add()  # the last search: decision kind, seat, options, choice and mean value per option (x 1000)
S_SV_ME = _S.add()
S_SV_N = _S.add()
S_SV_CHOICE = _S.add()
S_SV_BASIC = _S.add()  # the option basic would have picked
S_SV = _S.add(MAX_OPT)
S_SV_FAIL = _S.add(4)  # the first rollout that did not replay the game: RO_* flag, decisions asked, target, kind
# A search of more than RACE_EVERY samples races its options (simsuite/games/cosmic/bots/search/race.py): each
# rollout's value (x VALUE_UNIT) kept per option and sample, at S_SV_VAL + option * SEARCH_SAMPLES + sample
SEARCH_OPTIONS = 16  # a decision with more options (Amoeba, Philanthropist) is left to basic
SEARCH_SAMPLES = 256  # the most samples a search draws per option
S_SV_VAL = _S.add(SEARCH_OPTIONS * SEARCH_SAMPLES)
STATE_SIZE = _S.size
# S_RO_FLAG: the searched decision not reached yet; reached as played; a recorded answer was asked for another
# decision; the replayed game was not the game at the searched decision; the hidden cards could not be dealt
RO_RUNNING, RO_REACHED, RO_TAPE, RO_STATE, RO_DEAL = (np.int64(k) for k in range(5))
