"""Amazing Space Venture batch kernel (rules: ../shared/rules/amazing_space_venture.md, ids ASV.x.y).

Not imported directly: ``simsuite.engine.codegen`` writes it, the shared batch driver and the generated
strategy dispatch ``strategy_decide`` into one cached module (see simsuite/games/base.py).

Regions: path segments and galaxy areas are union-find nodes (``sq * 4 + index``); each root keeps
its open-edge count, dead flag and (paths) planet ends, so a placement updates the regions its
four edges touch and completion is known in O(1) amortised (ASV.12.7), never by a flood fill.
Only scoring a completed region scans the board once to count its distinct tiles.
Special action cards are inert (MC4, ``special_action_mode = inert``; ``remove`` takes them out).

The kernel comes in three parts, pasted in this order: this file (events, geometry, regions, tile
placement, stations, phase 1), kernel_phases.py (phases 2-5) and kernel_game.py (checkpoints,
setup, the turn and the game, final scoring, invariants, the record).
"""
import numpy as np
from numba import njit

from simsuite.engine.kernel_common import log_event as _log  # note_illegal: for the prelude
from simsuite.engine.kernel_common import note_illegal, shuffle
from simsuite.engine.unmanaged import trailing_zeros
from simsuite.games.space_venture.api import *
from simsuite.games.space_venture.records import *

# --- event log (replay) -------------------------------------------------------------------
(E_START, E_TURN, E_DRAW, E_SCORE, E_PLACE, E_REMOVE, E_GALAXY, E_PIRATE_LOST, E_DEPLOY, E_MOVE,
 E_DISCOVER, E_CASH, E_QUEST, E_DISCARD, E_CARDS, E_WINNERS, E_QUEST_DRAWN, E_PATH, E_TIMEOUT) = (
    np.int64(k) for k in range(1, 20))
BIG = np.int64(1 << 40)


@njit(inline="always")
def _opt(st, v):
    n = st[S_NOPT]
    if n < MAX_OPT:
        st[S_OPT + n] = v
        st[S_NOPT] = n + 1


@njit
def add_score(st, cfg, p, src, pts, log, lg):
    """Every score change goes through here: total and source move together (ASV.24.12)."""
    if cfg[C_NEG_OK] == 0 and st[S_SCORE + p] + pts < 0:
        pts = -st[S_SCORE + p]
    st[S_SCORE + p] += pts
    st[S_SRC + p * N_SRC + src] += pts
    if lg:
        _log(log, E_SCORE, p, src, pts, st[S_SCORE + p], I0, I0)


# --- geometry -----------------------------------------------------------------------------------
_nb = neighbour  # api.py


@njit(inline="always")
def _rot_end(e, r):
    if e < 4:
        return (e + r) % 4
    return e


@njit(inline="always")
def _rot_mask(m, r):
    out = 0
    for d in range(4):
        if (m >> d) & 1:
            out |= 1 << ((d + r) % 4)
    return out


@njit(inline="always")
def is_wormhole(st, cfg, sq):
    t = st[S_TILE + sq]
    if t >= 0:
        return cfg[C_T_WH + t] != 0
    return st[S_BWH + sq] != 0


# --- union-find ---------------------------------------------------------------------------------
@njit
def _punion(st, a, b):
    ra = find(st, S_PUF, a)
    rb = find(st, S_PUF, b)
    if ra == rb:
        return ra
    st[S_PUF + rb] = ra
    st[S_POPEN + ra] += st[S_POPEN + rb]
    st[S_PDEAD + ra] |= st[S_PDEAD + rb]
    k = st[S_PPLAN + ra]
    for j in range(st[S_PPLAN + rb]):
        if k + j < 2:
            st[S_PEND + ra * 2 + k + j] = st[S_PEND + rb * 2 + j]
    st[S_PPLAN + ra] = k + st[S_PPLAN + rb]
    return ra


@njit
def _gunion(st, a, b):
    ra = find(st, S_GUF, a)
    rb = find(st, S_GUF, b)
    if ra == rb:
        return ra
    st[S_GUF + rb] = ra
    st[S_GOPEN + ra] += st[S_GOPEN + rb]
    st[S_GDEAD + ra] |= st[S_GDEAD + rb]
    st[S_GCNT + ra] += st[S_GCNT + rb]
    st[S_GDONE + ra] |= st[S_GDONE + rb]
    return ra


@njit
def _region_tiles(st, cfg, root, uf, c_nparts):
    """Distinct tiles holding a part (segment or area) of the region with this root in the
    union-find at st[uf]; c_nparts: the config row giving each tile's number of such parts."""
    n = 0
    for sq in range(NSQ):
        t = st[S_TILE + sq]
        if t < 0:
            continue
        for s in range(cfg[c_nparts + t]):
            if find(st, uf, sq * 4 + s) == root:
                n += 1
                break
    return n


@njit
def path_tiles(st, cfg, root):
    """Distinct tiles carrying a segment of the path with this root (ASV.12.4)."""
    return _region_tiles(st, cfg, root, S_PUF, C_T_NSEG)


@njit
def galaxy_tiles(st, cfg, root):
    """Distinct tiles holding an area of the galaxy with this root (ASV.12.5)."""
    return _region_tiles(st, cfg, root, S_GUF, C_T_NGAL)


@njit
def pirate_interior(st, cfg, root):
    """n of ASV.12.4: the path's tiles less its (distinct) end planet tiles."""
    n = path_tiles(st, cfg, root)
    e1 = st[S_PEND + root * 2]
    e2 = st[S_PEND + root * 2 + 1]
    return n - (1 if e1 == e2 else 2)


# --- placing tiles (ASV.9, ASV.10, ASV.12) ---------------------------------------------------------
@njit
def put_tile(st, cfg, t, sq, r):
    """Lay tile t on sq with rotation r and update the regions (ASV.12.7). No scoring here."""
    st[S_TILE + sq] = t
    st[S_ROT + sq] = r
    st[S_BWH + sq] = 0
    st[S_RES + sq] = 0
    sun = cfg[C_T_KIND + t] == T_SUN
    E = cfg[C_T_ROTEDGE + t * 4 + r]
    st[S_FRONTIER + sq // 64] &= ~(np.int64(1) << (sq % 64))
    for d in range(4):
        n = _nb(sq, d)
        if n >= 0:
            st[S_ADJ + n] += 1
            if st[S_TILE + n] < 0:
                st[S_FRONTIER + n // 64] |= np.int64(1) << (n % 64)
            back = (d + 2) % 4
            if not sun:  # the empty neighbour's edge facing this tile must match it (ASV.9.7)
                st[S_REQ + n] |= ((E >> (2 * d)) & 3) << (2 * back)
                st[S_REQMASK + n] |= 3 << (2 * back)
            else:
                st[S_SIDEK + n * 4 + back] = 2
    if sun:
        st[S_EDGE + sq] = 0xFF
        for d in range(4):  # ASV.10.6: every path end and galaxy edge facing a sun is closed for good
            n = _nb(sq, d)
            if n < 0 or st[S_TILE + n] < 0 or cfg[C_T_KIND + st[S_TILE + n]] == T_SUN:
                continue
            back = (d + 2) % 4
            et = edge_at(st, n, back)
            if et == PATH:
                rt = find(st, S_PUF, n * 4 + st[S_SEGAT + n * 4 + back])
                st[S_POPEN + rt] -= 1
                st[S_PDEAD + rt] = 1
            elif et == GALAXY:
                rt = find(st, S_GUF, n * 4 + st[S_GALAT + n * 4 + back])
                st[S_GOPEN + rt] -= 1
                st[S_GDEAD + rt] = 1
        return
    st[S_EDGE + sq] = E
    for s in range(cfg[C_T_NSEG + t]):
        node = sq * 4 + s
        st[S_PUF + node] = node
        st[S_POPEN + node] = 0
        st[S_PDEAD + node] = 0
        st[S_PPLAN + node] = 0
        for k in range(2):
            e = _rot_end(cfg[C_T_SEG + t * 8 + 2 * s + k], r)
            if e == END_PLANET:
                st[S_PEND + node * 2 + st[S_PPLAN + node]] = sq
                st[S_PPLAN + node] += 1
            elif e == END_BH or e == END_DEAD:
                st[S_PDEAD + node] = 1
            else:
                st[S_SEGAT + sq * 4 + e] = s
    for a in range(cfg[C_T_NGAL + t]):
        node = sq * 4 + a
        st[S_GUF + node] = node
        st[S_GOPEN + node] = 0
        st[S_GDEAD + node] = 0
        st[S_GCNT + node] = 1
        st[S_GDONE + node] = 0
        m = _rot_mask(cfg[C_T_GAL + t * 4 + a], r)
        for d in range(4):
            if (m >> d) & 1:
                st[S_GALAT + sq * 4 + d] = a
    for d in range(4):  # what the neighbours' sides facing this tile now face (heuristics read it)
        n = _nb(sq, d)
        if n >= 0:
            k = n * 4 + (d + 2) % 4
            st[S_SIDEK + k] = 3
            sg = st[S_SEGAT + sq * 4 + d]
            st[S_SIDEP + k] = sq * 4 + sg if sg >= 0 else -1
            ga = st[S_GALAT + sq * 4 + d]
            st[S_SIDEG + k] = sq * 4 + ga if ga >= 0 else -1
    for d in range(4):
        et = (E >> (2 * d)) & 3
        if et != PATH and et != GALAXY:
            continue
        n = _nb(sq, d)
        back = (d + 2) % 4
        if et == PATH:
            node = sq * 4 + st[S_SEGAT + sq * 4 + d]
            if n < 0:
                st[S_PDEAD + find(st, S_PUF, node)] = 1  # runs off the board
            elif st[S_TILE + n] < 0:
                st[S_POPEN + find(st, S_PUF, node)] += 1
            elif cfg[C_T_KIND + st[S_TILE + n]] == T_SUN:
                st[S_PDEAD + find(st, S_PUF, node)] = 1
            else:  # matched PATH-PATH (legality checked before)
                nn = n * 4 + st[S_SEGAT + n * 4 + back]
                st[S_POPEN + find(st, S_PUF, nn)] -= 1
                _punion(st, nn, node)
        else:
            node = sq * 4 + st[S_GALAT + sq * 4 + d]
            if n < 0:
                st[S_GDEAD + find(st, S_GUF, node)] = 1
            elif st[S_TILE + n] < 0:
                st[S_GOPEN + find(st, S_GUF, node)] += 1
            elif cfg[C_T_KIND + st[S_TILE + n]] == T_SUN:
                st[S_GDEAD + find(st, S_GUF, node)] = 1
            else:
                nn = n * 4 + st[S_GALAT + n * 4 + back]
                st[S_GOPEN + find(st, S_GUF, nn)] -= 1
                _gunion(st, nn, node)


@njit
def fits(st, cfg, t, sq, r):
    """ASV.9.7 (d)/(e): every orthogonal non-sun neighbour's facing edge matches."""
    E = cfg[C_T_ROTEDGE + t * 4 + r]
    for d in range(4):
        n = _nb(sq, d)
        if n < 0:
            continue
        nt = st[S_TILE + n]
        if nt < 0 or cfg[C_T_KIND + nt] == T_SUN:
            continue
        if ((E >> (2 * d)) & 3) != edge_at(st, n, (d + 2) % 4):
            return False
    return True


@njit(inline="always")
def _corner_point(sq, c):
    x = sq % W
    y = sq // W
    if c == 0:
        return x + 1, y
    if c == 1:
        return x + 1, y + 1
    if c == 2:
        return x, y + 1
    return x, y


@njit
def sun_block_ok(st, sq, px, py, left):
    """ASV.10.3: the block around point (px, py) is full (4 squares) or half (2, on the board's
    edge, not a corner); its other squares are empty and unreserved; its size <= suns left."""
    onx = 1 <= px <= W - 1
    ony = 1 <= py <= W - 1
    if not onx and not ony:
        return 0
    size = 4 if (onx and ony) else 2
    if size > left:
        return 0
    for dy in range(2):
        for dx in range(2):
            x = px - 1 + dx
            y = py - 1 + dy
            if x < 0 or x >= W or y < 0 or y >= W:
                continue
            q = y * W + x
            if q != sq and (st[S_TILE + q] >= 0 or st[S_RES + q] != 0):
                return 0
    return size


@njit
def _corner_of_point(sq, pt):
    px = pt // 14
    py = pt % 14
    dx = px - sq % W
    dy = py - sq // W
    if dx == 1 and dy == 0:
        return 0
    if dx == 1 and dy == 1:
        return 1
    if dx == 0 and dy == 1:
        return 2
    return 3


@njit
def place_options(st, cfg):
    """Every legal (drawn tile, square, rotation) of ASV.9.7 / ASV.10.3-10.4 into the options."""
    st[S_NOPT] = 0
    nd = st[S_DRAWN_N]
    left = 4 - st[S_SUNS_PLACED] - st[S_SUNS_REMOVED]
    g = st[S_OPEN_GROUP]
    for w in range(3):  # the frontier (empty squares next to a tile) in square order
        bits = st[S_FRONTIER + w]
        while bits != 0:
            sq = w * 64 + np.int64(trailing_zeros(bits))
            bits &= bits - 1
            res = st[S_RES + sq]
            req = st[S_REQ + sq]  # kept by put_tile
            mask = st[S_REQMASK + sq]
            for di in range(nd):
                t = st[S_DRAWN + di]
                if cfg[C_T_KIND + t] == T_SUN:
                    c0 = cfg[C_T_SUNC + t]
                    if g > 0:
                        if res == g:
                            c = _corner_of_point(sq, st[S_GROUP_PT + g - 1])
                            _opt(st, (di * 4 + (c - c0) % 4) * NSQ + sq)
                    elif res == 0:
                        for c in range(4):
                            px, py = _corner_point(sq, c)
                            if sun_block_ok(st, sq, px, py, left) > 0:
                                _opt(st, (di * 4 + (c - c0) % 4) * NSQ + sq)
                elif res == 0:
                    for r in range(4):
                        if cfg[C_T_ROTDUP + t * 4 + r] == 0 and (cfg[C_T_ROTEDGE + t * 4 + r] & mask) == req:
                            _opt(st, (di * 4 + r) * NSQ + sq)


@njit
def place_sun(st, cfg, t, sq, r):
    """Sun tile on sq (ASV.10): opens a group or fills a reserved square of the open one."""
    g = st[S_RES + sq]
    put_tile(st, cfg, t, sq, r)
    st[S_SUNS_PLACED] += 1
    if g > 0:
        st[S_GROUP_LEFT] -= 1
        if st[S_GROUP_LEFT] == 0:
            st[S_OPEN_GROUP] = 0
        return
    c = (cfg[C_T_SUNC + t] + r) % 4
    px, py = _corner_point(sq, c)
    gi = st[S_GROUPS]
    st[S_GROUPS] = gi + 1
    st[S_GROUP_PT + gi] = px * 14 + py
    left = 0
    for dy in range(2):
        for dx in range(2):
            x = px - 1 + dx
            y = py - 1 + dy
            if x < 0 or x >= W or y < 0 or y >= W:
                continue
            q = y * W + x
            if q != sq:
                st[S_RES + q] = gi + 1
                left += 1
    st[S_GROUP_LEFT] = left
    st[S_OPEN_GROUP] = gi + 1 if left > 0 else 0


# --- stations (ASV.18.2) ----------------------------------------------------------------------------
@njit
def station_counts(st, cfg, sq):
    """(tiles, non-sun tiles, surrounded) of the 3x3 footprint around sq."""
    x0 = sq % W
    y0 = sq // W
    tiles = 0
    nonsun = 0
    onb = 0
    for dy in range(-1, 2):
        for dx in range(-1, 2):
            x = x0 + dx
            y = y0 + dy
            if x < 0 or x >= W or y < 0 or y >= W:
                continue
            onb += 1
            t = st[S_TILE + y * W + x]
            if t >= 0:
                tiles += 1
                if cfg[C_T_KIND + t] != T_SUN:
                    nonsun += 1
    return tiles, nonsun, onb == 9 and tiles == 9


@njit
def station_value(st, cfg, sq):
    """Points of a station now (ASV.18.2, ASV.19.2, B17 via station_sun_rule)."""
    tiles, nonsun, surr = station_counts(st, cfg, sq)
    if surr and cfg[C_STATION_SUN] == 0:
        return 9 * cfg[C_STATION_PPT]
    return nonsun * cfg[C_STATION_PPT]


@njit
def cashable(st, cfg, sq):
    tiles, nonsun, surr = station_counts(st, cfg, sq)
    if not surr:
        return False
    if cfg[C_STATION_SUN] == 2 and nonsun < 9:
        return False
    return True


@njit
def cash_station(st, cfg, p, slot, log, lg):
    sq = st[S_STATION + p * 2 + slot]
    v = station_value(st, cfg, sq)
    add_score(st, cfg, p, SRC_STATION, v, log, lg)
    st[S_STATION + p * 2 + slot] = -1
    st[S_STN + sq] = -1
    st[S_CASHED] += 1
    if lg:
        _log(log, E_CASH, p, sq, v, I0, I0, I0)


@njit
def offer_cash(st, cfg, p, slot, log, lg):
    st[S_NOPT] = 0
    _opt(st, I0)
    _opt(st, I1)
    st[S_CTX_SQ] = st[S_STATION + p * 2 + slot]
    if _decide(st, cfg, p, D_CASH) == 1:
        cash_station(st, cfg, p, slot, log, lg)


# --- after a placement (ASV.9.9) -----------------------------------------------------------------
@njit
def score_galaxy(st, cfg, root, log, lg):
    """ASV.18.1: a galaxy just completed; probes in it score and return (B15)."""
    size = galaxy_tiles(st, cfg, root)
    st[S_GDONE + root] = 1
    st[S_GAL_DONE] += 1
    pts = cfg[C_GAL2] if size == 2 else cfg[C_GAL_PPT] * size
    N = cfg[C_NP]
    for p in range(N):
        k = 0
        for s in range(2):
            node = st[S_PROBE + p * 2 + s]
            if node >= 0 and find(st, S_GUF, node) == root:
                k += 1
                st[S_PROBE + p * 2 + s] = -1
        if k > 0:
            add_score(st, cfg, p, SRC_GALAXY, pts * (k if cfg[C_PER_PROBE] == 1 else 1), log, lg)
    if lg:
        _log(log, E_GALAXY, root, np.int64(size), pts, I0, I0, I0)


@njit
def after_place(st, cfg, p, sq, log, lg):
    """ASV.9.9 in order: pirates on dead paths return, complete galaxies score, surrounded
    stations may be cashed."""
    N = cfg[C_NP]
    t = st[S_TILE + sq]
    for q in range(N):
        for s in range(2):
            node = st[S_PIRATE + q * 2 + s]
            if node >= 0 and path_status(st, find(st, S_PUF, node)) == 2:
                st[S_PIRATE + q * 2 + s] = -1
                st[S_PIR_LOST] += 1
                if lg:
                    _log(log, E_PIRATE_LOST, q, node // 4, I0, I0, I0, I0)
    if cfg[C_T_KIND + t] != T_SUN:
        for s in range(cfg[C_T_NSEG + t]):
            rt = find(st, S_PUF, sq * 4 + s)
            if path_status(st, rt) == 1 and st[S_PEND + rt * 2] >= 0:
                # a path completes exactly once: by this placement; note it for Trade Policy
                dup = False
                for i in range(st[S_CPATH_N]):
                    if find(st, S_PUF, st[S_CPATH + i]) == rt:
                        dup = True
                if not dup and st[S_CPATH_N] < 64:
                    st[S_CPATH + st[S_CPATH_N]] = rt
                    st[S_CPATH_T + st[S_CPATH_N]] = path_tiles(st, cfg, rt)
                    st[S_CPATH_N] += 1
                    st[S_PATH_DONE] += 1
                    if lg:
                        _log(log, E_PATH, rt, st[S_PEND + rt * 2], st[S_PEND + rt * 2 + 1], I0, I0, I0)
        for a in range(cfg[C_T_NGAL + t]):
            rt = find(st, S_GUF, sq * 4 + a)
            if st[S_GDONE + rt] == 0 and st[S_GDEAD + rt] == 0 and st[S_GOPEN + rt] == 0 and st[S_GCNT + rt] >= 2:
                score_galaxy(st, cfg, rt, log, lg)
    # ASV.18.2 / B28: a station that just became surrounded may be cashed by its owner now
    for q in range(N):
        for s in range(2):
            ssq = st[S_STATION + q * 2 + s]
            if ssq < 0 or st[S_SURR_NOTED + ssq] != 0:
                continue
            dx = ssq % W - sq % W
            dy = ssq // W - sq // W
            if dx < -1 or dx > 1 or dy < -1 or dy > 1:
                continue
            if cashable(st, cfg, ssq):
                st[S_SURR_NOTED + ssq] = 1
                offer_cash(st, cfg, q, s, log, lg)


# --- phase 1 (ASV.9) ---------------------------------------------------------------------------------
@njit
def draw_tiles(st, cfg, p, k, reason, log, lg):
    """Draw k tiles; suns score and quests are kept, each giving one extra draw (ASV.9.2-9.4)."""
    pending = k
    while pending > 0 and st[S_STACK_N] > 0:
        pending -= 1
        n = st[S_STACK_N] - 1
        st[S_STACK_N] = n
        t = st[S_STACK + n]
        if n == 0:
            st[S_LAST] = 1  # ASV.19.1: this is the last turn
        if lg:
            _log(log, E_DRAW, p, t, reason, I0, I0, I0)
        kind = cfg[C_T_KIND + t]
        if kind == T_SUN:
            st[S_SUNS_DRAWN] += 1
            add_score(st, cfg, p, SRC_SUN, cfg[C_SUNPTS + min(st[S_SUNS_DRAWN], 4) - 1], log, lg)
            st[S_DRAWN + st[S_DRAWN_N]] = t
            st[S_DRAWN_N] += 1
            pending += 1
        elif kind == T_QUEST:
            st[S_QHELD + p] |= np.int64(1) << cfg[C_T_QUEST + t]
            st[S_QN + p] += 1
            st[S_QUEST_TILES] += 1
            pending += 1
            if lg:
                _log(log, E_QUEST_DRAWN, p, cfg[C_T_QUEST + t], I0, I0, I0, I0)
        else:
            st[S_DRAWN + st[S_DRAWN_N]] = t
            st[S_DRAWN_N] += 1


@njit
def phase1(st, cfg, p, log, lg):
    st[S_PLACED_N] = 0
    draw_tiles(st, cfg, p, cfg[C_TPT], I0, log, lg)
    while st[S_DRAWN_N] > 0:
        place_options(st, cfg)
        if st[S_NOPT] == 0:
            # ASV.9.8 / B6: none of the drawn tiles fits: all are removed and replaced
            m = st[S_DRAWN_N]
            for i in range(m):
                t = st[S_DRAWN + i]
                st[S_TREMOVED] += 1
                if cfg[C_T_KIND + t] == T_SUN:
                    st[S_SUNS_REMOVED] += 1
                if lg:
                    _log(log, E_REMOVE, p, t, I0, I0, I0, I0)
            st[S_DRAWN_N] = 0
            draw_tiles(st, cfg, p, m, np.int64(2), log, lg)
            continue
        v = _decide(st, cfg, p, D_PLACE)
        sq = v % NSQ
        di = (v // NSQ) // 4
        r = (v // NSQ) % 4
        t = st[S_DRAWN + di]
        n = st[S_DRAWN_N] - 1
        st[S_DRAWN + di] = st[S_DRAWN + n]
        st[S_DRAWN_N] = n
        if cfg[C_T_KIND + t] == T_SUN:
            place_sun(st, cfg, t, sq, r)
        else:
            put_tile(st, cfg, t, sq, r)
            st[S_SPACE_ON_BOARD] += 1
        st[S_TILES_PLACED] += 1
        st[S_PLACED + st[S_PLACED_N]] = sq
        st[S_PLACED_N] += 1
        if lg:
            _log(log, E_PLACE, p, t, sq, r, I0, I0)
        after_place(st, cfg, p, sq, log, lg)
