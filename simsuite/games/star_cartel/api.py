"""Star Cartel state layout and helpers for strategy files.

A game's whole state is one int64 array and its configuration another; strategies get raw
pointers ``st`` and ``cfg`` to them (index only: ``st[i]``). The offsets below are compile-time
constants. Strategy files import what they need from here; everything is read-only for them
except the random generator (use ``rand_below``). ``decide`` runs without reference
counting and must not allocate arrays (see README, Strategies are plug-ins).

Decision protocol (rules SC.15): when a player must choose, the engine writes the legal options
into ``st[S_OPT : S_OPT + st[S_NOPT]]`` and calls the strategy's ``decide(kind, st, cfg, me)``,
which returns an index into that list. The engine only asks when there are two or more options.

A strategy may write only into ``st[S_SCR : S_SCR + 64]`` (scratch) and the generator.

Option encodings per decision kind:

====================  =======  ==============================================================
kind                  SC id    option values
====================  =======  ==============================================================
D_PURGE               15.1     -1 = skip, else row r (0 = bottom row)
D_FIRST               15.2/3   -1 = decline (ANY_ROW only), else position ``col * MAX_ROWS + row``
D_MORE                15.4     0 = stop, 1 = take the new bottom card of the same column
D_THIRD               15.5     -1 = stop, else position ``col * MAX_ROWS + row``
D_LARGEST             15.6     contraband type (0..4) of the set to treat as largest
D_SMALLEST            15.7     contraband type of the set to treat as smallest
D_SWAY                15.8     0 = none, 1 = largest gets sway delta, 2 = smallest gets sway delta
D_STASH               15.9     type of the set to stash
D_EXTRA               15.10    -1 = none, else type of one more set to stash
D_DELIVER_NOW         A4       0 = wait, 1 = deliver now (only with deliver_when_full=optional)
====================  =======  ==============================================================

During a delivery, ``st[S_DSIZE + t]`` is the size of the set of type t in the hold (0 = none),
``st[S_DCOUNT + t]`` its card count, ``st[S_DB]`` / ``st[S_DSM]`` the chosen largest / smallest
type (-1 = none yet) and ``st[S_DEXPRESS]`` 1 for an express delivery. At D_STASH and D_EXTRA the
markers already hold the new values (SC.11).
"""
import numpy as np
from numba import njit

from simsuite.scaffold.layout import *
from simsuite.scaffold.layout import cell, config_layout, item, state_layout, word

# --- fixed maxima (arrays are sized by these) --------------------------------------------
MAX_P = 6
N_TYPES = 5
MAX_CARDS = 128
MAX_SHIPS = 40
MAX_COLS = 8
MAX_ROWS = 6
MAX_HOLD = 40  # capacity <= 40 and sizes >= 1
MAX_OPT = MAX_COLS * MAX_ROWS + 1
assert MAX_P <= MAX_SEATS

TYPE_NAMES = ("FOOD", "WEAPONS", "PLANTS", "MEDICINE", "CRYSTALS")
ABILITIES = ("NONE", "ROW_PURGE", "ANY_ROW", "PRICE_SWAY", "EXTRA_STASH", "THIRD_OF_KIND")
A_NONE, A_ROW_PURGE, A_ANY_ROW, A_PRICE_SWAY, A_EXTRA_STASH, A_THIRD = range(6)

# decision kinds
# np.int64, not int: numba compiles a callee once per distinct *literal* int argument
D_PURGE, D_FIRST, D_MORE, D_THIRD, D_LARGEST, D_SMALLEST, D_SWAY, D_STASH, D_EXTRA, D_DELIVER_NOW = (
    np.int64(k) for k in range(1, 11))
I0 = np.int64(0)
I1 = np.int64(1)
FREE = np.int64(-2)  # "not fixed" marker for heuristics.delivery_value
DECISION_NAMES = ("", "purge", "first", "more", "third", "largest", "smallest", "sway", "stash", "extra", "deliver_now")

# invariant violation codes (SC.17), reported by checked runs
V_CARDS, V_SHIPS, V_MARKET, V_CAPACITY, V_HUB, V_STASH, V_DELIVERIES, V_HOLDS, V_SHIP_COUNT = range(1, 10)
VIOLATION_NAMES = ("", "SC.17.1 cards", "SC.17.2 ships", "SC.17.3 market range", "SC.17.4 capacity",
                   "SC.17.5 hub shape", "SC.17.8 stash", "SC.17.7 delivery count", "SC.17.10 empty holds",
                   "SC.17.6 ship count")

# --- cfg layout (after the common header: simsuite/scaffold/layout.py) ------------------------
_C = config_layout()
C_START_VALUE = _C.add()
C_FLOOR = _C.add()
C_CRASH_T = _C.add()
C_CRASH_RESET = _C.add()
C_LD = _C.add()
C_SD = _C.add()
C_XLD = _C.add()
C_XSD = _C.add()
C_COLS = _C.add()
C_ROWS = _C.add()
C_MAXLOAD = _C.add()
C_ABIL_ON = _C.add(6)  # per ability id: 1 if usable (global switch folded in)
C_SWAY_LD = _C.add()
C_SWAY_SD = _C.add()
C_EXTRA_SETS = _C.add()
C_PURGE_MASK = _C.add()  # bit s set = cards of size s are purged at setup
C_THIRD_ANY = _C.add()  # third_card_scope: 0 bottom_row, 1 anywhere
C_FULL_OPTIONAL = _C.add()  # deliver_when_full: 0 immediate, 1 optional
C_EMPTY_PASS = _C.add()  # empty_hold_delivery: 0 deliver, 1 pass
C_RESHUFFLE = _C.add()
C_TIE_CONFIG = _C.add()  # shipyard_tie_order: 0 random, 1 config
C_SCORE_SHIP = _C.add()
C_N_CARDS = _C.add()
C_N_SHIPS = _C.add()
C_CARD_TYPE = _C.add(MAX_CARDS)
C_CARD_SIZE = _C.add(MAX_CARDS)
C_SHIP_CAP = _C.add(MAX_SHIPS)
C_SHIP_VAL = _C.add(MAX_SHIPS)
C_SHIP_ABIL = _C.add(MAX_SHIPS)
C_SHIP_MINP = _C.add(MAX_SHIPS)
C_SHIP_YARD = _C.add(MAX_SHIPS)  # 0 starting ship, 1 shipyard ship
C_SHIP_FINAL = _C.add(MAX_SHIPS)
CFG_SIZE = _C.size

# --- state layout (after the common header: S_RNG, S_GAME, S_TURN, S_START, S_DONE, S_TIMEOUT,
# S_VIOL, S_ILLEGAL, S_ILLEGAL_SEAT, S_NOPT, S_SCR, S_STRAT, S_OPT) --------------------------------
_S = state_layout(MAX_OPT)
S_CUR = _S.add()  # player to move
S_FINAL = _S.add()  # 1 during the final round
S_TRIGGER = _S.add()  # player who took Cassiopeia, -1 before
S_DELIV = _S.add()
S_EXPRESS = _S.add()
S_CRASHES = _S.add()
S_RESHUF = _S.add()
S_PURGED = _S.add()  # cards set aside by the opening purge
S_HUB_SHORT = _S.add()  # bit c: a refill of column c found no card (SC.5.3); such a column stays short
S_DECK_N = _S.add()
S_DISC_N = _S.add()
S_YARD_N = _S.add()  # ships in the shipyard: S_YARD[S_YARD_POS .. S_YARD_POS + n)
S_YARD_POS = _S.add()
S_YARD_TOTAL = _S.add()  # S(N)
S_SHIPS_DISC = _S.add()
S_USED_ROWPURGE = _S.add()
S_TURN_LOADED = _S.add()  # cards loaded in this load step
S_TURN_T0 = _S.add()  # type of 1st card of this load step
S_TURN_T1 = _S.add()  # type of 2nd card
S_LOAD_COL = _S.add()  # column the current load step takes from (for D_MORE)
S_DSIZE = _S.add(N_TYPES)
S_DCOUNT = _S.add(N_TYPES)
S_DB = _S.add()
S_DSM = _S.add()
S_DEXPRESS = _S.add()
S_MARK = _S.add(N_TYPES)
S_MARK_CRASH = _S.add(N_TYPES)
S_SHIP = _S.add(MAX_P)
S_LOAD = _S.add(MAX_P)
S_HOLD_N = _S.add(MAX_P)
S_HOLD = _S.add(MAX_P * MAX_HOLD)
S_HSIZE = _S.add(MAX_P * N_TYPES)  # hold: sum of sizes per (player, type)
S_HCOUNT = _S.add(MAX_P * N_TYPES)  # hold: cards per (player, type)
S_STASH_TOT = _S.add(N_TYPES)  # stashed cards per type, all players together
S_MVER = _S.add()  # bumped whenever markers, stashes or ships change (twice per delivery)
S_STASH_N = _S.add(MAX_P)
S_STASH_T = _S.add(MAX_P * N_TYPES)  # stashed card count per (player, type)
S_STASH = _S.add(MAX_P * MAX_CARDS)
S_PDELIV = _S.add(MAX_P)
S_HUB_N = _S.add(MAX_COLS)
S_HUB = _S.add(MAX_COLS * MAX_ROWS)
S_DECK = _S.add(MAX_CARDS)
S_DISC = _S.add(MAX_CARDS)
S_YARD = _S.add(MAX_SHIPS)
STATE_SIZE = _S.size
# S_SCR (the header's scratch): see heuristics.py for what the built-in strategies keep there


# --- read helpers (inline: free at run time) ---------------------------------------------------
card_type = item(C_CARD_TYPE)  # (cfg, card): its contraband type
card_size = item(C_CARD_SIZE)  # (cfg, card): its size


pos_card = item(S_HUB)  # (st, pos): the card at an encoded hub position ``col * MAX_ROWS + row``


@njit(inline="always")
def capacity(st, cfg, p):
    return cfg[C_SHIP_CAP + st[S_SHIP + p]]


@njit(inline="always")
def ability(st, cfg, p):
    """Ability of p's current ship, NONE when switched off (SC.10.1e)."""
    a = cfg[C_SHIP_ABIL + st[S_SHIP + p]]
    if cfg[C_ABIL_ON + a] == 0:
        return A_NONE
    return a


marker = item(S_MARK)  # (st, t): market value of type t
stashed = cell(S_STASH_T, N_TYPES)  # (st, p, t): cards of type t in p's stash (public, SC.14.2)
hold_type_size = cell(S_HSIZE, N_TYPES)  # (st, p, t): sum of sizes of p's hold cards of type t
hold_type_count = cell(S_HCOUNT, N_TYPES)  # (st, p, t): p's hold cards of type t


@njit(inline="always")
def market_step(cfg, v, d):
    """The market rule (SC.9.2), the one place it is written: a marker at v changed by d is
    (new value, 1 if it crashed else 0): above the crash threshold it crashes to the reset value,
    and it never goes below the floor. The kernel moves markers with it, strategies look ahead
    with it (apply_delta)."""
    w = v + d
    if w > cfg[C_CRASH_T]:
        return cfg[C_CRASH_RESET], np.int64(1)
    if w < cfg[C_FLOOR]:
        return cfg[C_FLOOR], np.int64(0)
    return w, np.int64(0)


@njit(inline="always")
def apply_delta(cfg, v, d):
    """New marker value after change d (SC.9.2, market_step)."""
    return market_step(cfg, v, d)[0]


yard_left = word(S_YARD_N)  # (st): ships left in the shipyard
in_final_round = word(S_FINAL)  # (st): 1 during the final round