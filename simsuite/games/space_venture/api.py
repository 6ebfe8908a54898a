"""Amazing Space Venture state layout and helpers for strategy files.

Rules contract: ../shared/rules/amazing_space_venture.md (ids ASV.x.y, MC1-MC12, B1-B30).

A game's whole state is one int64 array and its configuration another; strategies get raw
pointers ``st`` and ``cfg`` to them (index only: ``st[i]``). The offsets below are compile-time
constants. Everything is read-only for strategies except the scratch area
``st[S_SCR : S_SCR + 64]`` and the generator (use ``rand_below``). ``decide`` runs without
reference counting and must not allocate arrays (README, Strategies are plug-ins).

Hidden information (ASV.20): a strategy must not read other players' hands (``S_HAND`` rows of
other seats), the order of the tile stack (``S_STACK``) or of the decks (``S_REF``, ``S_SP``), the
contents of Space Junk, nor which quest another player holds (``S_QHELD`` of other seats: only
``quests_held`` -- how many -- is public). ``hand_card(st, me, i)``, ``n_hand``, ``quests_held`` and
the board helpers below read only what seat ``me`` may see.

Board: square ``sq = y * 13 + x`` with 0-based ``x, y`` (the contract's ``(x+1, y+1)``).
Directions 0..3 = N, E, S, W. A path segment or galaxy area is a node ``sq * 4 + index``.

Decision protocol (ASV.21): the engine writes the legal options into
``st[S_OPT : S_OPT + st[S_NOPT]]`` and calls ``decide(kind, st, cfg, me)``, which returns an index
into that list. The engine only asks when there are two or more options.

==========  ========  ==================================================================
kind        ASV id    option values
==========  ========  ==================================================================
D_PLACE     21.1/2    ``(di * 4 + rot) * 169 + sq``: drawn tile ``st[S_DRAWN + di]`` at sq, rotation rot
D_DEPLOY    21.3      -1 none; ``place_code(kind, a, b)``: K_ADD (card, square), K_UPGRADE (card, ship
                      slot), K_PROBE (square, area), K_STATION (square, 0), K_PIRATE (square, segment)
D_MOVE      21.5      -1 no move; ``slot * 1000 + dest`` (+ 500 for a path ride); dest may be an
                      undiscovered planet (then a discovery follows)
D_PLANET    21.6      a PLANET card id from the hand
D_ENV       21.7      -1 pass, or an ENVIRONMENT card id (``st[S_CTX_DISC]`` is the discoverer)
D_LIFE      21.8      -1 pass, or a LIFE_FORM card id
D_EXPLORER  21.9      -1 pass, or an EXPLORER card id
D_CASH      21.10     0 keep, 1 cash the station at ``st[S_CTX_SQ]``
D_CLAIM     21.11     0 wait, 1 claim quest ``st[S_CTX_Q]`` (Trade Policy: the longest qualifying path)
D_DISCARD   21.12     -1 none, or a card id
D_DRAW      21.13     0 stop, 1 Refuel, 2 Spaceport
==========  ========  ==================================================================
"""
import numpy as np
from numba import njit

from simsuite.scaffold.layout import *
from simsuite.scaffold.layout import config_layout, item, state_layout

# --- fixed sizes -------------------------------------------------------------------------------
MAX_P = 4
W = 13
NSQ = W * W
NNODE = NSQ * 4
N_START = 9
N_SPACE = 79
N_TILES = N_START + N_SPACE
N_CARDS = 138
MAX_HAND = 12
MAX_DRAWN = 16
MAX_OPT = 4096  # placements: drawn tiles x frontier squares x rotations (extra ones are not offered)
N_SHIP_TYPES = 7
N_SRC = 9

# edge types (ASV.4.1)
DEEP, PATH, GALAXY, SUN = 0, 1, 2, 3
EDGE_NAMES = ("DEEP", "PATH", "GALAXY", "SUN")
# path end tokens: 0..3 an edge (N, E, S, W), then terminals (ASV.4.3)
END_PLANET, END_BH, END_DEAD = 4, 5, 6
END_NAMES = ("N", "E", "S", "W", "PLANET", "BLACK_HOLE", "DEAD_END")
DIR_NAMES = ("N", "E", "S", "W")
DX = (0, 1, 0, -1)
DY = (-1, 0, 1, 0)
# tile kinds
T_SPACE, T_SUN, T_QUEST, T_CORNER, T_HOME, T_EARTH = range(6)
KIND_NAMES = ("space", "sun", "quest", "start_corner", "start_home", "start_earthlike")
# quests (ASV.11)
Q_PEACE, Q_POWER, Q_TRADE = range(3)
QUEST_NAMES = ("PEACE_TREATY", "SPACE_POWER", "TRADE_POLICY")
# sun centre corners, clockwise (a 90-degree turn maps NE -> SE -> SW -> NW)
CORNER_NAMES = ("NE", "SE", "SW", "NW")
# card categories (ASV.5)
K_PLANET, K_ENV, K_LIFE, K_SHIP, K_SPECIAL, K_EXPLORER = range(6)
CATEGORY_NAMES = ("PLANET", "ENVIRONMENT", "LIFE_FORM", "SHIP", "SPECIAL_ACTION", "EXPLORER")
# ship types (ASV.2.5) and chips per colour
ST_STARTER, ST_COLONY, ST_CRUISER, ST_FIGHTER, ST_SCOUT, ST_SAUCER, ST_SHUTTLE = range(7)
SHIP_TYPE_NAMES = ("STARTER", "COLONY", "CRUISER", "FIGHTER", "SCOUT", "SAUCER", "SHUTTLE")
CHIPS_PER_TYPE = (1, 1, 1, 2, 2, 2, 2)
# colours (ASV.3.3): sector of colour c and its home square
BLUE, RED, YELLOW, GREEN = range(4)
COLOUR_NAMES = ("blue", "red", "yellow", "green")
HOME_SQ = (3 * W + 3, 9 * W + 3, 3 * W + 9, 9 * W + 9)
CORNER_SQ = (0, 12, 12 * W, 12 * W + 12)  # A-1, M-1, A-13, M-13
CORNER_ROT = (0, 1, 3, 2)  # the printed E/S paths face into the board (ASV.4.6)
EARTH_SQ = 6 * W + 6
BOARD_WH = (5 * W + 5, 7 * W + 5, 5 * W + 7, 7 * W + 7)  # F-6, F-8, H-6, H-8 (ASV.3.5)
# score sources (record: score by source per seat)
SRC_SUN, SRC_PLANET, SRC_EXPLORER, SRC_GALAXY, SRC_PROBE_END, SRC_STATION, SRC_PIRATE, SRC_QUEST, SRC_BONUS = range(9)
SOURCE_NAMES = ("sun", "planets", "explorers", "galaxies", "open_probes", "stations", "pirates", "quests", "bonus")

# decision kinds (np.int64: numba compiles a callee once per literal int)
D_PLACE, D_DEPLOY, D_MOVE, D_PLANET, D_ENV, D_LIFE, D_EXPLORER, D_CASH, D_CLAIM, D_DISCARD, D_DRAW = (
    np.int64(k) for k in range(1, 12))
DECISION_NAMES = ("", "place", "deploy", "move", "planet", "env", "life", "explorer", "cash", "claim",
                  "discard", "draw")
# deployment kinds (ASV.13)
K_ADD, K_UPGRADE, K_PROBE, K_STATION, K_PIRATE = (np.int64(k) for k in range(1, 6))
I0 = np.int64(0)
I1 = np.int64(1)

# invariant violation codes (ASV.24), reported by checked runs
(V_TILES, V_BOARD, V_SUNS, V_CARDS, V_HANDS, V_PIECES, V_PLANETS, V_SHIPS, V_SCORE, V_TURNS, V_CONNECT) = range(1, 12)
VIOLATION_NAMES = ("", "ASV.24.1 tiles", "ASV.24.2 board edges", "ASV.24.3 suns", "ASV.24.5 cards",
                   "ASV.24.6 hands", "ASV.24.7 pieces", "ASV.24.8 planets", "ASV.24.9 ships",
                   "ASV.24.12 score", "ASV.24.13 turns", "ASV.24.2 connected")

# --- cfg layout (after the common header: C_NP, C_MAX_TURNS, C_ROTATE, C_LINEUP) ---------------
_C = config_layout()
_cf = _C.add
C_COLOUR = _cf(MAX_P)  # colour of each seat (ASV.6.24)
C_TPT = _cf()  # tiles per turn for this player count (ASV.6.2)
C_HAND = _cf()
C_DISCARD_LIMIT = _cf()
C_SUNPTS = _cf(4)
C_MAX_SHIPS = _cf()
C_MAX_PROBES = _cf()
C_MAX_STATIONS = _cf()
C_MAX_PIRATES = _cf()
C_FAST_MIN = _cf()
C_MAX_FAST = _cf()
C_GAL_PPT = _cf()
C_GAL2 = _cf()
C_OPEN_GAL_PPT = _cf()
C_PER_PROBE = _cf()  # probe_scoring: 0 per_player, 1 per_probe
C_STATION_PPT = _cf()
C_STATION_SUN = _cf()  # 0 end_only, 1 never, 2 blocks_cash
C_PIRATE_TRI = _cf()  # 1 triangular n(n+1)/2, 0 linear n
C_BONUS = _cf(4)  # own small, own large, elsewhere small, elsewhere large
C_QPTS = _cf(3)  # Peace Treaty, Space Power, Trade Policy per tile
C_QPTS_PEACE, C_QPTS_POWER, C_QPTS_TRADE = C_QPTS + Q_PEACE, C_QPTS + Q_POWER, C_QPTS + Q_TRADE
C_POWER_T = _cf()
C_RIDE = _cf()  # path_travel_cost: 0 whole_move, 1 one M (chainable), 2 per_tile
C_WH_COST = _cf()
C_BWH_ENTER = _cf()
C_UPG_HIGHER = _cf()
C_SPECIAL_REMOVE = _cf()  # special_action_mode: 0 inert, 1 remove
C_NEG_OK = _cf()
C_N_CARDS = _cf()  # cards in play after the mode is applied
# tiles: 0..3 corners (A-1, M-1, A-13, M-13), 4..7 homes by colour, 8 Earth-like, 9.. space tiles
C_T_KIND = _cf(N_TILES)
C_T_ROTEDGE = _cf(N_TILES * 4)  # packed edges (2 bits per board direction) for each rotation
C_T_NSEG = _cf(N_TILES)
C_T_SEG = _cf(N_TILES * 8)  # printed ends (END codes) of segment s: [t*8 + 2s], [t*8 + 2s + 1]
C_T_NGAL = _cf(N_TILES)
C_T_GAL = _cf(N_TILES * 4)  # printed edge bitmask of galaxy area a
C_T_PLANET = _cf(N_TILES)  # planet value, 0 = none
C_T_WH = _cf(N_TILES)
C_T_BH = _cf(N_TILES)
C_T_SUNC = _cf(N_TILES)  # printed centre corner of a sun tile
C_T_QUEST = _cf(N_TILES)
C_T_ROTDUP = _cf(N_TILES * 4)  # 1: rotation r lays the same face as a smaller rotation (not offered)
# cards
C_K_CAT = _cf(N_CARDS)
C_K_VAL = _cf(N_CARDS)
C_K_HOME = _cf(N_CARDS)
C_K_MULT = _cf(N_CARDS)
C_K_STYPE = _cf(N_CARDS)
C_K_MOVE = _cf(N_CARDS)
C_K_START = _cf(N_CARDS)
CFG_SIZE = _C.size

# --- state layout (after the common header: S_RNG S_GAME S_TURN S_START S_DONE S_TIMEOUT S_VIOL
# S_ILLEGAL S_ILLEGAL_SEAT S_NOPT S_SCR S_STRAT S_OPT) ------------------------------------------------
_S = state_layout(MAX_OPT)
_cf = _S.add
S_CUR = _cf()
S_LAST = _cf()  # 1 once the last space tile has been drawn (ASV.19.1)
# board
S_TILE = _cf(NSQ)  # tile id, -1 none
S_ROT = _cf(NSQ)
S_EDGE = _cf(NSQ)  # packed board-facing edges of the tile (rotation applied)
S_ADJ = _cf(NSQ)  # orthogonal neighbours holding a tile
S_RES = _cf(NSQ)  # reserved for sun group g: g + 1
S_BWH = _cf(NSQ)  # 1 = an uncovered board wormhole
S_POWN = _cf(NSQ)  # planet owner seat, -1 none
S_PCHIP = _cf(NSQ)  # 1 large chip, 0 small
S_STN = _cf(NSQ)  # station owner seat, -1 none
S_SEGAT = _cf(NNODE)  # segment index at board edge d of sq, -1 none
S_GALAT = _cf(NNODE)  # galaxy area index at board edge d of sq, -1 none
# union-find over path segments (ASV.12.1) and galaxy areas (ASV.12.5); root data
S_PUF = _cf(NNODE)
S_POPEN = _cf(NNODE)  # unmatched edge ends facing an empty on-board square
S_PDEAD = _cf(NNODE)
S_PPLAN = _cf(NNODE)  # PLANET ends
S_PEND = _cf(NNODE * 2)  # the squares of the planet ends
S_GUF = _cf(NNODE)
S_GOPEN = _cf(NNODE)
S_GDEAD = _cf(NNODE)
S_GCNT = _cf(NNODE)  # areas in the galaxy
S_GDONE = _cf(NNODE)  # scored complete (ASV.24.10)
# pieces (slots per player)
S_SHIP_SQ = _cf(MAX_P * 2)  # -1 none
S_SHIP_TYPE = _cf(MAX_P * 2)
S_SHIP_MOVE = _cf(MAX_P * 2)
S_CHIPS = _cf(MAX_P * N_SHIP_TYPES)  # ship chips in supply
S_PROBE = _cf(MAX_P * 2)  # galaxy node, -1 none
S_STATION = _cf(MAX_P * 2)  # square, -1 none
S_PIRATE = _cf(MAX_P * 2)  # path node, -1 none
S_SMALL = _cf(MAX_P)  # small planet chips in supply
S_LARGE = _cf(MAX_P)
S_SURR_NOTED = _cf(NSQ)  # a station here has been offered cashing on becoming surrounded
# placement constraints of each empty square, kept up to date by put_tile so that listing the
# legal placements reads two words per frontier square instead of its four neighbours' edges
S_REQ = _cf(NSQ)  # packed edge types the neighbouring non-sun tiles demand (2 bits per direction)
S_REQMASK = _cf(NSQ)  # 3 << 2d for each direction d that has such a neighbour
S_FRONTIER = _cf(3)  # bit sq % 64 of word sq // 64: sq is empty and next to a tile
S_SIDEK = _cf(NNODE)  # what side d of sq faces (sq * 4 + d): 0 an empty square, 1 the board's edge, 2 a sun, 3 a tile
# cards
S_REF_N = _cf()
S_REF = _cf(N_CARDS)
S_SP_N = _cf()
S_SP = _cf(N_CARDS)
S_JUNK_N = _cf()
S_JUNK = _cf(N_CARDS)
S_JUNK_Y = _cf()  # yellow (ship) cards among them
S_HAND_N = _cf(MAX_P)
S_HAND = _cf(MAX_P * MAX_HAND)
S_OUT_N = _cf(MAX_P)  # out-of-game pile (ASV.15.7)
S_FRONT_N = _cf(MAX_P)  # ship cards in front of the player (stacked ones included)
S_REMOVED_CARDS = _cf()
# tiles
S_STACK_N = _cf()
S_STACK = _cf(N_SPACE)
S_DRAWN_N = _cf()
S_DRAWN = _cf(MAX_DRAWN)
S_TREMOVED = _cf()  # tiles removed as unplaceable (ASV.9.8)
S_QHELD = _cf(MAX_P)  # bitmask of quests held, unclaimed (hidden from others)
S_QN = _cf(MAX_P)  # how many quest tiles the seat holds or held (public)
S_QCLAIMED = _cf()  # bitmask of claimed quests
S_PT_VISIT = _cf(MAX_P)  # a Peace Treaty visit of type (b) happened (ASV.11.3)
S_SUNS_DRAWN = _cf()
S_SUNS_PLACED = _cf()
S_SUNS_REMOVED = _cf()
S_GROUPS = _cf()  # sun groups opened
S_OPEN_GROUP = _cf()  # group id + 1 with reserved squares left, 0 none
S_GROUP_LEFT = _cf()  # reserved squares left in the open group
S_GROUP_PT = _cf(4)  # centre point (px * 14 + py) of each group
S_PLACED_N = _cf()  # tiles this player placed this turn (ASV.9.10)
S_PLACED = _cf(MAX_DRAWN)
S_CPATH_N = _cf()  # completed paths (roots at completion)
S_CPATH = _cf(64)
S_CPATH_T = _cf(64)  # their tile counts, both end planet tiles included (fixed once complete)
S_SECT_DISC = _cf(4)  # discovered planets per sector (Space Power, ASV.11.4)
# scores and counters
S_SCORE = _cf(MAX_P)
S_SRC = _cf(MAX_P * N_SRC)
S_TILES_PLACED = _cf()
S_SPACE_ON_BOARD = _cf()
S_QUEST_TILES = _cf()
S_GAL_DONE = _cf()
S_PATH_DONE = _cf()
S_DISC = _cf()
S_NDISC = _cf(MAX_P)
S_MOVES = _cf()
S_PIR_LOST = _cf()
S_CASHED = _cf()
S_SHIPS_ADDED = _cf()
S_REFSHUF = _cf()
# decision context
S_CTX_DISC = _cf()
S_CTX_SQ = _cf()
S_CTX_Q = _cf()
S_CTX_VAL = _cf()  # planet value during a discovery
# below here: the engine's move search area, always written before being read, so not zeroed per
# game (batch_driver STATE_ZERO)
S_DIST = _cf(NSQ)
MAX_MOVE = 9  # the largest movement a ship card may have (data.py)
S_BKT_N = _cf(MAX_MOVE)  # squares first reached at each distance below the ship's movement ...
S_BKT = _cf(MAX_MOVE * NSQ)  # ... and which (the move search visits only these, level by level)
# set with S_SIDEK = 3 (so not cleared per game): the facing tile's path segment and galaxy area
# nodes on side d of sq, -1 if its facing edge is none
S_SIDEP = _cf(NNODE)
S_SIDEG = _cf(NNODE)
STATE_SIZE = _S.size
STATE_ZERO = S_DIST


# --- read helpers (inline: free at run time) ---------------------------------------------------
n_hand = item(S_HAND_N)  # n_hand(st, p): hand size of p (public, ASV.20.1)


@njit(inline="always")
def hand_card(st, me, i):
    """Card id of the i-th card in me's own hand."""
    return st[S_HAND + me * MAX_HAND + i]


quests_held = item(S_QN)  # quests_held(st, p): quest tiles p holds or held (public: not which, ASV.11.1)
card_cat = item(C_K_CAT)  # card_cat(cfg, c)
card_value = item(C_K_VAL)  # card_value(cfg, c)


@njit(inline="always")
def edge_at(st, sq, d):
    """Type of the board-facing edge d of the tile on sq."""
    return (st[S_EDGE + sq] >> (2 * d)) & 3


@njit(inline="always")
def neighbour(sq, d):
    """Orthogonal neighbour of sq in direction d (0..3 = N, E, S, W), -1 off the board."""
    x = sq % W + DX[d]
    y = sq // W + DY[d]
    if x < 0 or x >= W or y < 0 or y >= W:
        return -1
    return y * W + x


@njit(inline="always")
def sector(sq):
    """Colour whose sector holds sq; -1 for the neutral cross (ASV.3.3)."""
    x = sq % W
    y = sq // W
    if x == 6 or y == 6:
        return -1
    if x < 6:
        return BLUE if y < 6 else RED
    return YELLOW if y < 6 else GREEN


@njit(inline="always")
def place_code(kind, a, b):
    return kind * 1000000 + a * 1000 + b


@njit(inline="always")
def planet_value_at(st, cfg, sq):
    t = st[S_TILE + sq]
    if t < 0:
        return 0
    return cfg[C_T_PLANET + t]


@njit(inline="always")
def undiscovered_planet(st, cfg, sq):
    t = st[S_TILE + sq]
    return t >= 0 and cfg[C_T_PLANET + t] > 0 and st[S_POWN + sq] < 0


@njit
def find(st, base, x):
    """Union-find root of node x (path halving) in the forest at st[base:]."""
    while st[base + x] != x:
        st[base + x] = st[base + st[base + x]]
        x = st[base + x]
    return x


@njit(inline="always")
def root_of(st, base, x):
    """find without path halving: what a strategy may call (it reads the state and never writes it)."""
    while st[base + x] != x:
        x = st[base + x]
    return x


@njit(inline="always")
def path_status(st, root):
    """0 OPEN, 1 COMPLETE, 2 DEAD (ASV.12.3)."""
    if st[S_PDEAD + root] != 0:
        return 2
    if st[S_POPEN + root] == 0:
        return 1 if st[S_PPLAN + root] >= 2 else 2
    return 0
