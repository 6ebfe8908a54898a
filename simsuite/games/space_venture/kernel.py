"""Amazing Space Venture batch kernel (rules: ../shared/rules/amazing_space_venture.md, ids ASV.x.y).

Not imported directly: ``simsuite.codegen`` writes it, the shared batch driver and the generated
strategy dispatch ``strategy_decide`` into one cached module (see simsuite/games/base.py).

Regions: path segments and galaxy areas are union-find nodes (``sq * 4 + index``); each root keeps
its open-edge count, dead flag and (paths) planet ends, so a placement updates the regions its
four edges touch and completion is known in O(1) amortised (ASV.12.7), never by a flood fill.
Only scoring a completed region scans the board once to count its distinct tiles.
Special action cards are inert (MC4, ``special_action_mode = inert``; ``remove`` takes them out).
"""
import numpy as np
from numba import njit

from simsuite.kernel_common import log_event as _log, note_illegal, shuffle
from simsuite.games.space_venture.api import *  # noqa: F401,F403  (layout constants)
from simsuite.games.space_venture.records import *  # noqa: F401,F403

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
@njit(inline="always")
def _nb(sq, d):
    """Orthogonal neighbour of sq in direction d, -1 off the board."""
    x = sq % W + DX[d]
    y = sq // W + DY[d]
    if x < 0 or x >= W or y < 0 or y >= W:
        return -1
    return y * W + x


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
def path_tiles(st, cfg, root):
    """Distinct tiles carrying a segment of the path with this root (ASV.12.4)."""
    n = 0
    for sq in range(NSQ):
        t = st[S_TILE + sq]
        if t < 0:
            continue
        for s in range(cfg[C_T_NSEG + t]):
            if find(st, S_PUF, sq * 4 + s) == root:
                n += 1
                break
    return n


@njit
def galaxy_tiles(st, cfg, root):
    """Distinct tiles holding an area of the galaxy with this root (ASV.12.5)."""
    n = 0
    for sq in range(NSQ):
        t = st[S_TILE + sq]
        if t < 0:
            continue
        for a in range(cfg[C_T_NGAL + t]):
            if find(st, S_GUF, sq * 4 + a) == root:
                n += 1
                break
    return n


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
    for d in range(4):
        n = _nb(sq, d)
        if n >= 0:
            st[S_ADJ + n] += 1
    if cfg[C_T_KIND + t] == T_SUN:
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
    E = cfg[C_T_ROTEDGE + t * 4 + r]
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
    for sq in range(NSQ):
        if st[S_TILE + sq] >= 0 or st[S_ADJ + sq] == 0:
            continue
        res = st[S_RES + sq]
        req = 0
        mask = 0
        if res == 0:
            for d in range(4):
                n = _nb(sq, d)
                if n < 0:
                    continue
                nt = st[S_TILE + n]
                if nt < 0 or cfg[C_T_KIND + nt] == T_SUN:
                    continue
                req |= edge_at(st, n, (d + 2) % 4) << (2 * d)
                mask |= 3 << (2 * d)
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


# --- phase 2 (ASV.13) --------------------------------------------------------------------------------
@njit(inline="always")
def _fast(cfg, move):
    return move >= cfg[C_FAST_MIN]


@njit
def deploy_options(st, cfg, p):
    st[S_NOPT] = 0
    _opt(st, np.int64(-1))
    ships = 0
    fast = 0
    for s in range(2):
        if st[S_SHIP_SQ + p * 2 + s] >= 0:
            ships += 1
            if _fast(cfg, st[S_SHIP_MOVE + p * 2 + s]):
                fast += 1
    hn = st[S_HAND_N + p]
    for i in range(hn):
        c = st[S_HAND + p * MAX_HAND + i]
        if cfg[C_K_CAT + c] != K_SHIP:
            continue
        ty = cfg[C_K_STYPE + c]
        mv = cfg[C_K_MOVE + c]
        if st[S_CHIPS + p * N_SHIP_TYPES + ty] == 0:
            continue
        if ships < min(cfg[C_MAX_SHIPS], 2) and (not _fast(cfg, mv) or fast < cfg[C_MAX_FAST]):
            for sq in range(NSQ):  # ASV.13.2: on one of the player's home planets
                if st[S_POWN + sq] == p and st[S_PCHIP + sq] == 1:
                    _opt(st, place_code(K_ADD, np.int64(i), np.int64(sq)))
        for s in range(2):  # ASV.13.3 upgrade
            ssq = st[S_SHIP_SQ + p * 2 + s]
            if ssq < 0:
                continue
            old = st[S_SHIP_MOVE + p * 2 + s]
            if cfg[C_UPG_HIGHER] == 1 and mv <= old:
                continue
            nf = fast - (1 if _fast(cfg, old) else 0) + (1 if _fast(cfg, mv) else 0)
            if nf > cfg[C_MAX_FAST]:
                continue
            # ASV.13.3d; a tile laid under a Scout may be an undiscovered planet, where only a
            # deep-space ship may stand (ASV.24.8): treated like an empty square
            if ty != ST_SCOUT and ty != ST_SAUCER and (st[S_TILE + ssq] < 0 or undiscovered_planet(st, cfg, ssq)):
                continue
            _opt(st, place_code(K_UPGRADE, np.int64(i), np.int64(s)))
    probes = 0
    stations = 0
    pirates = 0
    for s in range(2):
        probes += st[S_PROBE + p * 2 + s] >= 0
        stations += st[S_STATION + p * 2 + s] >= 0
        pirates += st[S_PIRATE + p * 2 + s] >= 0
    for k in range(st[S_PLACED_N]):
        sq = st[S_PLACED + k]
        t = st[S_TILE + sq]
        if cfg[C_T_KIND + t] == T_SUN:
            continue  # B18: no station on a sun; suns carry no paths or galaxies
        if probes < cfg[C_MAX_PROBES]:
            for a in range(cfg[C_T_NGAL + t]):
                if st[S_GDONE + find(st, S_GUF, sq * 4 + a)] == 0:  # ASV.13.4
                    _opt(st, place_code(K_PROBE, np.int64(sq), np.int64(a)))
        if stations < cfg[C_MAX_STATIONS] and st[S_STN + sq] < 0:
            _opt(st, place_code(K_STATION, np.int64(sq), I0))
        if pirates < cfg[C_MAX_PIRATES] and not undiscovered_planet(st, cfg, sq):
            for s in range(cfg[C_T_NSEG + t]):
                # ASV.13.6: a pirate on a dead path returns at once: pruned as dominated
                if path_status(st, find(st, S_PUF, sq * 4 + s)) != 2:
                    _opt(st, place_code(K_PIRATE, np.int64(sq), np.int64(s)))


@njit
def _hand_remove(st, p, i):
    n = st[S_HAND_N + p] - 1
    c = st[S_HAND + p * MAX_HAND + i]
    st[S_HAND + p * MAX_HAND + i] = st[S_HAND + p * MAX_HAND + n]
    st[S_HAND_N + p] = n
    return c


@njit
def _hand_remove_card(st, p, c):
    for i in range(st[S_HAND_N + p]):
        if st[S_HAND + p * MAX_HAND + i] == c:
            _hand_remove(st, p, i)
            return


@njit
def phase2(st, cfg, p, log, lg):
    deploy_options(st, cfg, p)
    v = _decide(st, cfg, p, D_DEPLOY)
    if v < 0:
        return
    kind = v // 1000000
    a = (v // 1000) % 1000
    b = v % 1000
    if kind == K_ADD:
        c = _hand_remove(st, p, a)
        st[S_FRONT_N + p] += 1
        for s in range(2):
            if st[S_SHIP_SQ + p * 2 + s] < 0:
                st[S_SHIP_SQ + p * 2 + s] = b
                st[S_SHIP_TYPE + p * 2 + s] = cfg[C_K_STYPE + c]
                st[S_SHIP_MOVE + p * 2 + s] = cfg[C_K_MOVE + c]
                break
        st[S_CHIPS + p * N_SHIP_TYPES + cfg[C_K_STYPE + c]] -= 1
        st[S_SHIPS_ADDED] += 1
    elif kind == K_UPGRADE:
        c = _hand_remove(st, p, a)
        st[S_FRONT_N + p] += 1  # laid on top of the old card, which stays underneath
        st[S_CHIPS + p * N_SHIP_TYPES + st[S_SHIP_TYPE + p * 2 + b]] += 1
        st[S_CHIPS + p * N_SHIP_TYPES + cfg[C_K_STYPE + c]] -= 1
        st[S_SHIP_TYPE + p * 2 + b] = cfg[C_K_STYPE + c]
        st[S_SHIP_MOVE + p * 2 + b] = cfg[C_K_MOVE + c]
    elif kind == K_PROBE:
        for s in range(2):
            if st[S_PROBE + p * 2 + s] < 0:
                st[S_PROBE + p * 2 + s] = a * 4 + b
                break
    elif kind == K_STATION:
        for s in range(2):
            if st[S_STATION + p * 2 + s] < 0:
                st[S_STATION + p * 2 + s] = a
                break
        st[S_STN + a] = p
    elif kind == K_PIRATE:
        for s in range(2):
            if st[S_PIRATE + p * 2 + s] < 0:
                st[S_PIRATE + p * 2 + s] = a * 4 + b
                break
    if lg:
        _log(log, E_DEPLOY, p, kind, b if kind == K_ADD or kind == K_UPGRADE else a, I0, I0, I0)  # where: square or ship slot


# --- phase 3 (ASV.14, ASV.15) ------------------------------------------------------------------------
@njit(inline="always")
def _deep(ty):
    return ty == ST_SCOUT or ty == ST_SAUCER


@njit(inline="always")
def _enterable(st, cfg, sq, deep):
    """ASV.14.3 for passing through (undiscovered planets only end a move)."""
    t = st[S_TILE + sq]
    if t >= 0:
        return cfg[C_T_PLANET + t] == 0 or st[S_POWN + sq] >= 0
    if st[S_BWH + sq] != 0 and cfg[C_BWH_ENTER] == 1:
        return True
    return deep


@njit
def can_discover(st, cfg, p):
    """A planet card whose chip type is still in supply (ASV.15.1-15.2)."""
    for i in range(st[S_HAND_N + p]):
        c = st[S_HAND + p * MAX_HAND + i]
        if cfg[C_K_CAT + c] == K_PLANET:
            if (cfg[C_K_HOME + c] == 1 and st[S_LARGE + p] > 0) or (cfg[C_K_HOME + c] == 0 and st[S_SMALL + p] > 0):
                return True
    return False


@njit(inline="always")
def _relax(st, cfg, v, nd, deep):
    if nd < st[S_DIST + v] and (_enterable(st, cfg, v, deep) or undiscovered_planet(st, cfg, v)):
        st[S_DIST + v] = nd


@njit
def _ride_blocked(st, cfg, p, root):
    """B19: another player's pirate on the path blocks riding it."""
    N = cfg[C_NP]
    for q in range(N):
        if q == p:
            continue
        for s in range(2):
            node = st[S_PIRATE + q * 2 + s]
            if node >= 0 and find(st, S_PUF, node) == root:
                return True
    return False


@njit
def reach(st, cfg, p, slot):
    """S_DIST[sq] = least movement cost from the ship's square (MC11), BIG if out of reach."""
    s = st[S_SHIP_SQ + p * 2 + slot]
    M = st[S_SHIP_MOVE + p * 2 + slot]
    deep = _deep(st[S_SHIP_TYPE + p * 2 + slot])
    for q in range(NSQ):
        st[S_DIST + q] = BIG
    st[S_DIST + s] = 0
    if is_wormhole(st, cfg, s):  # ASV.14.6b: jump from a starting wormhole for 1
        for w in range(NSQ):
            if w != s and is_wormhole(st, cfg, w):
                _relax(st, cfg, w, np.int64(1), deep)
    for d in range(M):
        for u in range(NSQ):
            if st[S_DIST + u] != d or (u != s and undiscovered_planet(st, cfg, u)):
                continue  # an undiscovered planet ends a move (ASV.14.7); the start square may be one (a tile laid under a Scout)
            x0 = u % W
            y0 = u // W
            for dy in range(-1, 2):
                for dx in range(-1, 2):
                    if dx == 0 and dy == 0:
                        continue
                    x = x0 + dx
                    y = y0 + dy
                    if x < 0 or x >= W or y < 0 or y >= W:
                        continue
                    v = y * W + x
                    before = st[S_DIST + v]
                    _relax(st, cfg, v, d + 1, deep)
                    if st[S_DIST + v] < before and is_wormhole(st, cfg, v) and not undiscovered_planet(st, cfg, v):
                        # ASV.14.6a: out of any other wormhole for the same step (+ transfer cost)
                        for w in range(NSQ):
                            if w != v and is_wormhole(st, cfg, w):
                                _relax(st, cfg, w, d + 1 + cfg[C_WH_COST], deep)
            if cfg[C_RIDE] == 1 and st[S_POWN + u] >= 0:  # 1.0: a ride costs 1 M, chainable
                t = st[S_TILE + u]
                for sg in range(cfg[C_T_NSEG + t]):
                    rt = find(st, S_PUF, u * 4 + sg)
                    if path_status(st, rt) == 1 and not _ride_blocked(st, cfg, p, rt):
                        o = st[S_PEND + rt * 2] if st[S_PEND + rt * 2] != u else st[S_PEND + rt * 2 + 1]
                        _relax(st, cfg, o, d + 1, deep)


@njit
def move_options(st, cfg, p):
    st[S_NOPT] = 0
    _opt(st, np.int64(-1))
    disc = can_discover(st, cfg, p)
    for slot in range(2):
        s = st[S_SHIP_SQ + p * 2 + slot]
        if s < 0:
            continue
        M = st[S_SHIP_MOVE + p * 2 + slot]
        deep = _deep(st[S_SHIP_TYPE + p * 2 + slot])
        if not deep and st[S_POWN + s] < 0 and st[S_STN + s] != p:
            continue  # ASV.14.2: must start on a discovered planet or own station
        reach(st, cfg, p, slot)
        for v in range(NSQ):
            if v == s or st[S_DIST + v] > M:
                continue
            if undiscovered_planet(st, cfg, v):
                if disc:
                    _opt(st, slot * 1000 + v)
            elif deep or st[S_POWN + v] >= 0 or st[S_STN + v] == p:
                _opt(st, slot * 1000 + v)
        if cfg[C_RIDE] == 0 and st[S_POWN + s] >= 0:
            # ASV.14.5 / B8: riding a complete path from this planet is the whole move
            t = st[S_TILE + s]
            for sg in range(cfg[C_T_NSEG + t]):
                rt = find(st, S_PUF, s * 4 + sg)
                if path_status(st, rt) != 1 or _ride_blocked(st, cfg, p, rt):
                    continue
                o = st[S_PEND + rt * 2] if st[S_PEND + rt * 2] != s else st[S_PEND + rt * 2 + 1]
                if o == s or st[S_DIST + o] <= M:
                    continue  # the same end is already offered
                if undiscovered_planet(st, cfg, o) and not disc:
                    continue
                _opt(st, slot * 1000 + 500 + o)


@njit
def _card_options(st, cfg, q, cat):
    st[S_NOPT] = 0
    _opt(st, np.int64(-1))
    for i in range(st[S_HAND_N + q]):
        c = st[S_HAND + q * MAX_HAND + i]
        if cfg[C_K_CAT + c] == cat:
            _opt(st, c)


@njit
def _offer(st, cfg, p, cat, kind):
    """ASV.15.3/15.4: the discoverer, then each other player clockwise, may play one card."""
    N = cfg[C_NP]
    for k in range(N):
        q = (p + k) % N
        _card_options(st, cfg, q, cat)
        if st[S_NOPT] == 1:
            continue
        c = _decide(st, cfg, q, kind)
        if c >= 0:
            _hand_remove_card(st, q, c)
            st[S_OUT_N + q] += 1  # B24: the player's own out-of-game pile
            return c
    return np.int64(-1)


@njit
def discover(st, cfg, p, sq, log, lg):
    """ASV.15: chip, cards, score."""
    st[S_NOPT] = 0
    for i in range(st[S_HAND_N + p]):
        c = st[S_HAND + p * MAX_HAND + i]
        if cfg[C_K_CAT + c] == K_PLANET:
            if (cfg[C_K_HOME + c] == 1 and st[S_LARGE + p] > 0) or (cfg[C_K_HOME + c] == 0 and st[S_SMALL + p] > 0):
                _opt(st, c)
    val = planet_value_at(st, cfg, sq)
    st[S_CTX_DISC] = p
    st[S_CTX_SQ] = sq
    st[S_CTX_VAL] = val
    pc = _decide(st, cfg, p, D_PLANET)
    _hand_remove_card(st, p, pc)
    st[S_OUT_N + p] += 1
    st[S_POWN + sq] = p
    if sector(sq) >= 0:
        st[S_SECT_DISC + sector(sq)] += 1
    if cfg[C_K_HOME + pc] == 1:
        st[S_PCHIP + sq] = 1
        st[S_LARGE + p] -= 1
    else:
        st[S_PCHIP + sq] = 0
        st[S_SMALL + p] -= 1
    env = _offer(st, cfg, p, K_ENV, D_ENV)
    life = _offer(st, cfg, p, K_LIFE, D_LIFE)
    tot = cfg[C_K_VAL + pc]
    if env >= 0:
        tot += cfg[C_K_VAL + env]
    if life >= 0:
        tot += cfg[C_K_VAL + life]
    pts = val * tot
    add_score(st, cfg, p, SRC_PLANET, pts, log, lg)
    st[S_DISC] += 1
    st[S_NDISC + p] += 1
    # ASV.15.6: only the discoverer may add one explorer, times the planet card's multiplier
    _card_options(st, cfg, p, K_EXPLORER)
    ex = _decide(st, cfg, p, D_EXPLORER)
    xp = 0
    if ex >= 0:
        _hand_remove_card(st, p, ex)
        st[S_OUT_N + p] += 1
        xp = cfg[C_K_VAL + ex] * cfg[C_K_MULT + pc]
        add_score(st, cfg, p, SRC_EXPLORER, xp, log, lg)
    if lg:
        _log(log, E_DISCOVER, p, sq, pc, env, life, pts + xp)


@njit
def phase3(st, cfg, p, log, lg):
    move_options(st, cfg, p)
    v = _decide(st, cfg, p, D_MOVE)
    if v < 0:
        return
    slot = v // 1000
    dest = v % 500
    src = st[S_SHIP_SQ + p * 2 + slot]
    st[S_SHIP_SQ + p * 2 + slot] = dest
    st[S_MOVES] += 1
    if lg:
        _log(log, E_MOVE, p, slot, src, dest, (v % 1000) // 500, I0)
    if undiscovered_planet(st, cfg, dest):
        discover(st, cfg, p, dest, log, lg)
    _note_visit(st, cfg, p, dest)


@njit
def _note_visit(st, cfg, p, sq):
    """ASV.11.3 (b): a holder's ship ended a move on another player's planet outside its sector."""
    o = st[S_POWN + sq]
    if o >= 0 and o != p and sector(sq) != cfg[C_COLOUR + p] and (st[S_QHELD + p] >> Q_PEACE) & 1:
        st[S_PT_VISIT + p] = 1


# --- phases 4 and 5 (ASV.16) -------------------------------------------------------------------------
@njit
def phase4(st, cfg, p, log, lg):
    if cfg[C_DISCARD_LIMIT] == 0:
        return
    st[S_NOPT] = 0
    _opt(st, np.int64(-1))
    for i in range(st[S_HAND_N + p]):
        _opt(st, st[S_HAND + p * MAX_HAND + i])
    c = _decide(st, cfg, p, D_DISCARD)
    if c >= 0:
        _hand_remove_card(st, p, c)
        st[S_JUNK + st[S_JUNK_N]] = c
        st[S_JUNK_N] += 1
        if cfg[C_K_CAT + c] == K_SHIP:
            st[S_JUNK_Y] += 1
        if lg:
            _log(log, E_DISCARD, p, c, I0, I0, I0, I0)


@njit(inline="always")
def _junk_count(st, cfg, yellow):
    """Cards of one colour class in Space Junk (ASV.16.3: ship cards are kept apart)."""
    return st[S_JUNK_Y] if yellow else st[S_JUNK_N] - st[S_JUNK_Y]


@njit
def _junk_to(st, cfg, yellow, base, nslot):
    """ASV.16.3 / 16.4: the junk cards of one colour class become the new (empty) deck."""
    k = 0
    j = 0
    for i in range(st[S_JUNK_N]):
        c = st[S_JUNK + i]
        if (cfg[C_K_CAT + c] == K_SHIP) == yellow:
            st[base + k] = c
            k += 1
        else:
            st[S_JUNK + j] = c
            j += 1
    st[S_JUNK_N] = j
    st[S_JUNK_Y] = 0 if yellow else j
    st[nslot] = k
    shuffle(st, S_RNG, base, k)
    st[S_REFSHUF] += 1


@njit
def phase5(st, cfg, p, log, lg):
    nr = 0
    ns = 0
    while st[S_HAND_N + p] < cfg[C_HAND]:
        st[S_NOPT] = 0
        _opt(st, I0)
        ref = st[S_REF_N] > 0 or _junk_count(st, cfg, False) > 0
        spc = st[S_SP_N] > 0 or _junk_count(st, cfg, True) > 0
        if ref:
            _opt(st, I1)
        if spc:
            _opt(st, np.int64(2))
        if st[S_NOPT] == 1:
            break
        v = _decide(st, cfg, p, D_DRAW)
        if v == 0:
            break
        if v == 1:
            if st[S_REF_N] == 0:
                _junk_to(st, cfg, False, S_REF, S_REF_N)
            st[S_REF_N] -= 1
            c = st[S_REF + st[S_REF_N]]
            nr += 1
        else:
            if st[S_SP_N] == 0:
                _junk_to(st, cfg, True, S_SP, S_SP_N)
            st[S_SP_N] -= 1
            c = st[S_SP + st[S_SP_N]]
            ns += 1
        st[S_HAND + p * MAX_HAND + st[S_HAND_N + p]] = c
        st[S_HAND_N + p] += 1
    if lg and nr + ns > 0:
        _log(log, E_CARDS, p, np.int64(nr), np.int64(ns), I0, I0, I0)


# --- checkpoints (ASV.8.2): quests and station cashing ---------------------------------------------
@njit
def trade_best(st, cfg, p):
    """Tiles of the longest complete path between p's planet and another player's (ASV.11.5); 0 none."""
    best = 0
    for i in range(st[S_CPATH_N]):
        rt = find(st, S_PUF, st[S_CPATH + i])
        a = st[S_POWN + st[S_PEND + rt * 2]]
        b = st[S_POWN + st[S_PEND + rt * 2 + 1]]
        if (a == p and b >= 0 and b != p) or (b == p and a >= 0 and a != p):
            n = st[S_CPATH_T + i]
            if n > best:
                best = n
    return best


@njit
def quest_ok(st, cfg, p, q):
    col = cfg[C_COLOUR + p]
    if q == Q_PEACE:
        if st[S_PT_VISIT + p] != 0:
            return True
        for s in range(2):
            sq = st[S_SHIP_SQ + p * 2 + s]
            if sq >= 0:
                o = st[S_POWN + sq]
                if o >= 0 and o != p and sector(sq) != col:
                    return True
        return False
    if q == Q_POWER:
        return st[S_SECT_DISC + col] >= cfg[C_POWER_T]
    return trade_best(st, cfg, p) > 0


@njit
def checkpoint(st, cfg, p, log, lg):
    h = st[S_QHELD + p]
    if h != 0:
        for q in range(3):
            if (h >> q) & 1 and quest_ok(st, cfg, p, q):
                st[S_NOPT] = 0
                _opt(st, I0)
                _opt(st, I1)
                st[S_CTX_Q] = q
                if _decide(st, cfg, p, D_CLAIM) == 1:
                    pts = cfg[C_QPTS + q]
                    if q == Q_TRADE:
                        pts = cfg[C_QPTS + q] * trade_best(st, cfg, p)
                    add_score(st, cfg, p, SRC_QUEST, pts, log, lg)
                    st[S_QHELD + p] &= ~(np.int64(1) << q)
                    st[S_QCLAIMED] |= np.int64(1) << q
                    if lg:
                        _log(log, E_QUEST, p, np.int64(q), pts, I0, I0, I0)
    for s in range(2):
        sq = st[S_STATION + p * 2 + s]
        if sq >= 0 and cashable(st, cfg, sq):
            offer_cash(st, cfg, p, s, log, lg)


# --- setup, turn, game -----------------------------------------------------------------------------
@njit
def setup(st, cfg, log, lg):
    """ASV.7."""
    N = cfg[C_NP]
    for sq in range(NSQ):
        st[S_TILE + sq] = -1
        st[S_POWN + sq] = -1
        st[S_STN + sq] = -1
    for i in range(NNODE):
        st[S_SEGAT + i] = -1
        st[S_GALAT + i] = -1
    for i in range(MAX_P * 2):
        st[S_SHIP_SQ + i] = -1
        st[S_PROBE + i] = -1
        st[S_STATION + i] = -1
        st[S_PIRATE + i] = -1
    for w in range(4):
        st[S_BWH + BOARD_WH[w]] = 1
    for k in range(4):
        put_tile(st, cfg, np.int64(k), np.int64(CORNER_SQ[k]), np.int64(CORNER_ROT[k]))
        put_tile(st, cfg, np.int64(4 + k), np.int64(HOME_SQ[k]), I0)
    put_tile(st, cfg, np.int64(8), np.int64(EARTH_SQ), I0)
    st[S_TILES_PLACED] = 0
    for p in range(N):
        col = cfg[C_COLOUR + p]
        h = HOME_SQ[col]
        st[S_POWN + h] = p  # ASV.7.3: large chip on the home, starting ship there
        st[S_SECT_DISC + col] += 1
        st[S_PCHIP + h] = 1
        st[S_LARGE + p] = 9
        st[S_SMALL + p] = 10
        for ty in range(N_SHIP_TYPES):
            st[S_CHIPS + p * N_SHIP_TYPES + ty] = CHIPS_PER_TYPE[ty]
    # ASV.7.4: starting ship cards to the players, the other yellow cards to the Spaceport
    given = 0
    for c in range(N_CARDS):
        cat = cfg[C_K_CAT + c]
        if cat == K_SHIP:
            if cfg[C_K_START + c] == 1 and given < N:
                p = given
                given += 1
                st[S_FRONT_N + p] = 1
                st[S_SHIP_SQ + p * 2] = HOME_SQ[cfg[C_COLOUR + p]]
                st[S_SHIP_TYPE + p * 2] = ST_STARTER
                st[S_SHIP_MOVE + p * 2] = cfg[C_K_MOVE + c]
                st[S_CHIPS + p * N_SHIP_TYPES + ST_STARTER] -= 1
            else:
                st[S_SP + st[S_SP_N]] = c
                st[S_SP_N] += 1
        elif cat == K_SPECIAL and cfg[C_SPECIAL_REMOVE] == 1:
            st[S_REMOVED_CARDS] += 1
        else:
            st[S_REF + st[S_REF_N]] = c
            st[S_REF_N] += 1
    shuffle(st, S_RNG, S_SP, st[S_SP_N])
    shuffle(st, S_RNG, S_REF, st[S_REF_N])
    for i in range(N_SPACE):
        st[S_STACK + i] = N_START + i
    st[S_STACK_N] = N_SPACE
    shuffle(st, S_RNG, S_STACK, N_SPACE)  # MC5: one shuffled stack
    for p in range(N):
        for k in range(cfg[C_HAND]):
            if st[S_REF_N] > 0:
                st[S_REF_N] -= 1
                st[S_HAND + p * MAX_HAND + st[S_HAND_N + p]] = st[S_REF + st[S_REF_N]]
                st[S_HAND_N + p] += 1
    st[S_START] = rand_below(st, N)  # ASV.7.6
    if lg:
        _log(log, E_START, st[S_START], I0, I0, I0, I0, I0)


@njit
def play_turn(st, cfg, p, log, lg):
    st[S_CUR] = p
    if lg:
        _log(log, E_TURN, p, st[S_TURN], st[S_STACK_N], I0, I0, I0)
    checkpoint(st, cfg, p, log, lg)  # CP0
    phase1(st, cfg, p, log, lg)
    checkpoint(st, cfg, p, log, lg)  # CP1
    phase2(st, cfg, p, log, lg)
    checkpoint(st, cfg, p, log, lg)  # CP2
    phase3(st, cfg, p, log, lg)
    checkpoint(st, cfg, p, log, lg)  # CP3
    phase4(st, cfg, p, log, lg)
    phase5(st, cfg, p, log, lg)
    checkpoint(st, cfg, p, log, lg)  # CP5 (phases 4 and 5 change no quest or station condition)
    st[S_TURN] += 1


@njit
def final_scoring(st, cfg, log, lg):
    """ASV.19.2."""
    N = cfg[C_NP]
    for p in range(N):
        # 1. probes in incomplete galaxies: once per galaxy (per_player) or per probe
        r0 = -1
        for s in range(2):
            node = st[S_PROBE + p * 2 + s]
            if node < 0:
                continue
            rt = find(st, S_GUF, node)
            if cfg[C_PER_PROBE] == 0 and rt == r0:
                continue
            r0 = rt
            add_score(st, cfg, p, SRC_PROBE_END, cfg[C_OPEN_GAL_PPT] * galaxy_tiles(st, cfg, rt), log, lg)
        # 2. stations
        for s in range(2):
            sq = st[S_STATION + p * 2 + s]
            if sq >= 0:
                add_score(st, cfg, p, SRC_STATION, station_value(st, cfg, sq), log, lg)
        # 3. pirates on complete paths
        for s in range(2):
            node = st[S_PIRATE + p * 2 + s]
            if node < 0:
                continue
            rt = find(st, S_PUF, node)
            if path_status(st, rt) == 1:
                n = pirate_interior(st, cfg, rt)
                add_score(st, cfg, p, SRC_PIRATE, n * (n + 1) // 2 if cfg[C_PIRATE_TRI] == 1 else n, log, lg)
        # 4. planet bonus
        col = cfg[C_COLOUR + p]
        b = 0
        for sq in range(NSQ):
            if st[S_POWN + sq] == p:
                own = 0 if sector(sq) == col else 2
                b += cfg[C_BONUS + own + st[S_PCHIP + sq]]
        add_score(st, cfg, p, SRC_BONUS, b, log, lg)


@njit
def check_invariants(st, cfg):
    """ASV.24 checks; returns the first violation code or 0."""
    N = cfg[C_NP]
    if st[S_STACK_N] + st[S_DRAWN_N] + st[S_SPACE_ON_BOARD] + st[S_SUNS_PLACED] + st[S_QUEST_TILES] + st[S_TREMOVED] != N_SPACE:
        return V_TILES
    ntiles = 0
    for sq in range(NSQ):
        t = st[S_TILE + sq]
        if t < 0:
            continue
        ntiles += 1
        if st[S_ADJ + sq] == 0 and cfg[C_T_KIND + t] < T_CORNER:
            return V_CONNECT  # a space or sun tile was laid next to a tile, and tiles never move
        if cfg[C_T_KIND + t] == T_SUN:
            continue
        for d in range(2):  # E and S neighbours cover every pair once
            n = _nb(sq, d + 1)
            if n < 0 or st[S_TILE + n] < 0 or cfg[C_T_KIND + st[S_TILE + n]] == T_SUN:
                continue
            if edge_at(st, sq, d + 1) != edge_at(st, n, (d + 3) % 4):
                return V_BOARD
    if ntiles != N_START + st[S_SPACE_ON_BOARD] + st[S_SUNS_PLACED]:
        return V_BOARD
    if st[S_SUNS_PLACED] > 4 or st[S_SUNS_DRAWN] > 4:
        return V_SUNS
    sun = 0
    for p in range(N):
        sun += st[S_SRC + p * N_SRC + SRC_SUN]
    want = 0
    for k in range(st[S_SUNS_DRAWN]):
        want += cfg[C_SUNPTS + k]
    if sun != want and cfg[C_NEG_OK] == 1:
        return V_SUNS
    cards = st[S_REF_N] + st[S_SP_N] + st[S_JUNK_N] + st[S_REMOVED_CARDS]
    for p in range(N):
        cards += st[S_HAND_N + p] + st[S_OUT_N + p] + st[S_FRONT_N + p]
    if cards != N_CARDS:
        return V_CARDS
    for i in range(st[S_REF_N]):
        if cfg[C_K_CAT + st[S_REF + i]] == K_SHIP:
            return V_CARDS
    y = 0
    for i in range(st[S_JUNK_N]):
        if cfg[C_K_CAT + st[S_JUNK + i]] == K_SHIP:
            y += 1
    if y != st[S_JUNK_Y]:
        return V_CARDS
    disc = 0
    for sq in range(NSQ):
        if st[S_POWN + sq] >= 0:
            disc += 1
    if disc != N + st[S_DISC]:
        return V_PLANETS
    for col in range(4):
        k = 0
        for sq in range(NSQ):
            if st[S_POWN + sq] >= 0 and sector(sq) == col:
                k += 1
        if k != st[S_SECT_DISC + col]:
            return V_PLANETS
    for p in range(N):
        if st[S_HAND_N + p] > cfg[C_HAND]:  # checked between turns, after phase 5
            return V_HANDS
        fast = 0
        for ty in range(N_SHIP_TYPES):
            on = 0
            for s in range(2):
                if st[S_SHIP_SQ + p * 2 + s] >= 0 and st[S_SHIP_TYPE + p * 2 + s] == ty:
                    on += 1
            if on + st[S_CHIPS + p * N_SHIP_TYPES + ty] != CHIPS_PER_TYPE[ty]:
                return V_PIECES
        for s in range(2):
            sq = st[S_SHIP_SQ + p * 2 + s]
            if sq < 0:
                continue
            if _fast(cfg, st[S_SHIP_MOVE + p * 2 + s]):
                fast += 1
            # ASV.24.8, with one case the contract does not foresee: ASV.9.7 lets a tile be laid on
            # the empty square a Scout or Saucer stands on, so a deep-space ship may end up on an
            # undiscovered planet without entering it
            if undiscovered_planet(st, cfg, sq) and not _deep(st[S_SHIP_TYPE + p * 2 + s]):
                return V_PLANETS
            if not _deep(st[S_SHIP_TYPE + p * 2 + s]) and st[S_TILE + sq] < 0:
                return V_SHIPS
            node = st[S_PIRATE + p * 2 + s]
            if node >= 0 and path_status(st, find(st, S_PUF, node)) == 2:
                return V_PIECES
            node = st[S_PROBE + p * 2 + s]
            if node >= 0 and st[S_GDONE + find(st, S_GUF, node)] != 0:
                return V_PIECES
        if fast > cfg[C_MAX_FAST]:
            return V_PIECES
        tot = 0
        for k in range(N_SRC):
            tot += st[S_SRC + p * N_SRC + k]
        if tot != st[S_SCORE + p]:
            return V_SCORE
    maxt = (N_SPACE + cfg[C_TPT] - 1) // cfg[C_TPT]
    if st[S_TURN] > maxt:
        return V_TURNS
    return 0


@njit(_nrt=False)  # and everything it calls: see simsuite/batch_driver.py
def play_game(st, cfg, log, lg, chk):
    """Play one whole game from the generator state already in st[S_RNG].
    chk = 1 checks the ASV.24 invariants after setup and every turn (tests)."""
    setup(st, cfg, log, lg)
    if chk:
        _note(st, check_invariants(st, cfg))
    p = st[S_START]
    while _turn_cap(st, cfg, log, lg) == 0:  # noqa: F821 (prelude)
        p = _turn_then_next(st, cfg, p, log, lg, chk)  # noqa: F821 (prelude)
        if st[S_LAST] == 1:  # ASV.19.1: the turn that drew the last tile was the last
            break
    final_scoring(st, cfg, log, lg)
    if chk:
        _note(st, check_invariants(st, cfg))
    st[S_DONE] = 1


@njit(_nrt=False)  # and everything it calls: see simsuite/batch_driver.py
def score_game(st, cfg, out, i, log, lg):
    """ASV.19.3: the highest score wins; ties share the win. Writes the record row out[i]."""
    N = cfg[C_NP]
    _record_start(out, i)  # noqa: F821 (prelude)
    best = -BIG
    for p in range(N):
        if st[S_SCORE + p] > best:
            best = st[S_SCORE + p]
    nwin = 0
    mask = 0
    second = -BIG
    for p in range(N):
        out[i, R_SCORE + p] = st[S_SCORE + p]
        out[i, R_NDISC + p] = st[S_NDISC + p]
        for k in range(N_SRC):
            out[i, R_SRC0 + k * MAX_P + p] = st[S_SRC + p * N_SRC + k]
        if st[S_SCORE + p] == best:
            out[i, R_WIN + p] = 1
            nwin += 1
            mask |= 1 << p
        else:
            out[i, R_WIN + p] = 0
            if st[S_SCORE + p] > second:
                second = st[S_SCORE + p]
    _record_common(st, cfg, out, i, nwin)  # noqa: F821 (prelude)
    out[i, R_LAST] = st[S_CUR]
    out[i, R_TPLACED] = st[S_TILES_PLACED]
    out[i, R_TREMOVED] = st[S_TREMOVED]
    out[i, R_SUNS] = st[S_SUNS_PLACED]
    out[i, R_QCLAIMED] = (st[S_QCLAIMED] & 1) + ((st[S_QCLAIMED] >> 1) & 1) + ((st[S_QCLAIMED] >> 2) & 1)
    out[i, R_DISC] = st[S_DISC]
    out[i, R_GALDONE] = st[S_GAL_DONE]
    out[i, R_PATHDONE] = st[S_PATH_DONE]
    out[i, R_PIRLOST] = st[S_PIR_LOST]
    out[i, R_CASHED] = st[S_CASHED]
    out[i, R_SHIPSADD] = st[S_SHIPS_ADDED]
    out[i, R_MOVES] = st[S_MOVES]
    out[i, R_MARGIN] = best - second if nwin < N else 0
    if lg:
        _log(log, E_WINNERS, np.int64(mask), np.int64(nwin), best, I0, I0, I0)

# run_batch, replay_game and run_checked: simsuite/batch_driver.py, appended by simsuite.codegen
